import { homeApi, type RecentItem, type TodoItem, type Workbench } from '@factory/shared/api/home';
import { producePlanApi } from '@factory/shared/api/producePlan';
import { MODIFY_LINES } from '@factory/shared/api/switching';
import { workOrderApi } from '@factory/shared/api/workOrder';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { unitEntity } from '@factory/shared/entities/materials';
import { producePlanEntity } from '@factory/shared/entities/producePlan';
import { workOrderEntity } from '@factory/shared/entities/workOrder';
import { findRoute } from '@factory/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import {
  addOrder,
  addPlan,
  openWorkOrder,
  type ProductionFixture,
  productionFixture,
  release,
} from '../plans/testing.ts';
import { todos } from './index.ts';

const PLANS = entityEndpoints(producePlanEntity);
/** Plans are added and edited on the list (its Add and Modify buttons). */
const ADD_PLAN = PLANS.add?.path ?? '';
const UPDATE_PLAN = PLANS.update?.path ?? '';
const WORK_ORDERS = entityEndpoints(workOrderEntity);

let h: Harness;
let f: ProductionFixture;
let planner: Calls;
let keeper: Calls;
let operator: Calls;
let bystander: Calls;

beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h, 'home', [
    { userName: 'planner', name: '计划员', modules: ['home', 'plans'] },
    { userName: 'keeper', name: '仓管员', modules: ['home', 'warehouse'] },
    { userName: 'operator', name: '操作工', modules: ['home', 'stationScheduling'] },
    { userName: 'bystander', name: '访客', modules: ['home'] },
  ]);
  const as = async (userName: string) => callsAs(h, await h.login(f.memberCode, userName));
  planner = await as('planner');
  keeper = await as('keeper');
  operator = await as('operator');
  bystander = await as('bystander');
});
afterAll(() => h.close());

const workbench = (c: Calls) => c.ok<Workbench>(c.get(homeApi.workbench.path));
const todoOf = (w: Workbench, key: string): TodoItem | undefined => w.todos.find((t) => t.key === key);
const countsOf = (w: Workbench, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, todoOf(w, k)?.count]));
/** The list's total under the filter a to-do's link puts in its address. */
const total = async (c: Calls, path: string, filters: unknown[]) => (await c.page(path, filters)).total;
/** The last day an overdue delivery fell on, as the link says, and its end as the list's filter sends it. */
const yesterdayOf = (w: Workbench, key: string) => {
  const q = new URL(todoOf(w, key)?.path ?? '', 'http://x').searchParams.get('q');
  return (JSON.parse(q ?? '{}') as { deliveryTime: [null, string] }).deliveryTime[1];
};

const PLAN_TODOS = ['plansToSchedule', 'plansToRelease', 'plansOverdue'];

describe('the declarations', () => {
  it('name list routes of the tree, each key once', () => {
    expect(new Set(todos.map((t) => t.key)).size).toBe(todos.length);
    for (const t of todos) expect(findRoute(t.route), t.key).toBeDefined();
  });
});

describe('my to-dos', { timeout: 120_000 }, () => {
  it("counts a planner's plans to schedule, to release and past their delivery, each linked to its list", async () => {
    const before = await workbench(planner);
    // a new factory: every plan to-do there, at 0
    expect(countsOf(before, PLAN_TODOS)).toEqual({ plansToSchedule: 0, plansToRelease: 0, plansOverdue: 0 });
    expect(todoOf(before, 'plansToSchedule')).toMatchObject({
      title: '待排产的生产计划',
      group: '生产计划列表',
      kind: 'waiting',
      path: '/plans/plan-list?tab=0',
    });
    expect(todoOf(before, 'plansToRelease')?.path).toBe('/plans/plan-list?tab=2');
    // no station chosen: the station terminal's queue is none of theirs
    expect(todoOf(before, 'stationTasksToStart')).toBeUndefined();

    const order = await addOrder(f, { quantity: 10, deliveryTime: '2099-12-31 17:00:00' });
    const a = await addPlan(f, order.id, { quantity: 2 });
    const b = await addPlan(f, order.id, { quantity: 3 });
    await addPlan(f, order.id, { quantity: 4 });
    expect(countsOf(await workbench(planner), PLAN_TODOS)).toEqual({
      plansToSchedule: 3,
      plansToRelease: 0,
      plansOverdue: 0,
    });

    // two scheduled (0 → 2), one of them released (2 → 3)
    await f.a.ok(f.a.post(producePlanApi.schedule.path, { planIds: [a.id, b.id] }));
    await release(f, b.id);
    const now = await workbench(planner);
    expect(countsOf(now, PLAN_TODOS)).toEqual({ plansToSchedule: 1, plansToRelease: 1, plansOverdue: 0 });
    // the counts are what the tabs they open list
    const status = (s: number) => [{ fieldName: 'scheduleStatus', operator: 'eq', fieldValue: s }];
    expect(await total(planner, PLANS.listPage.path, status(0))).toBe(1);
    expect(await total(planner, PLANS.listPage.path, status(2))).toBe(1);

    // an order due before today: its open plan and its work order are late
    const late = await addOrder(f, { quantity: 5, deliveryTime: '2020-06-01 08:00:00' });
    const lateA = await addPlan(f, late.id, { quantity: 2 });
    await addPlan(f, late.id, { quantity: 3 });
    await release(f, lateA.id);
    const overdue = await workbench(planner);
    expect(countsOf(overdue, [...PLAN_TODOS, 'workOrdersOverdue'])).toEqual({
      plansToSchedule: 2,
      plansToRelease: 1,
      plansOverdue: 2,
      workOrdersOverdue: 1,
    });
    expect(todoOf(overdue, 'plansOverdue')?.kind).toBe('overdue');
    // the link searches the open plans delivered by yesterday, and the list finds as many
    const yesterday = yesterdayOf(overdue, 'plansOverdue');
    expect(todoOf(overdue, 'plansOverdue')?.path).toBe(
      `/plans/plan-list?q=${encodeURIComponent(JSON.stringify({ scheduleStatus: [0, 1, 2, 3], deliveryTime: [null, yesterday] }))}`,
    );
    const byYesterday = {
      fieldName: 'deliveryTime',
      operator: 'lte',
      fieldValue: `${yesterday}T23:59:59+08:00`,
    };
    expect(
      await total(planner, PLANS.listPage.path, [
        { fieldName: 'scheduleStatus', operator: 'in', fieldValue: [0, 1, 2, 3] },
        byYesterday,
      ]),
    ).toBe(2);
    expect(
      await total(planner, WORK_ORDERS.listPage.path, [
        { fieldName: 'status', operator: 'in', fieldValue: [0, 1] },
        byYesterday,
      ]),
    ).toBe(1);
  });

  it('shows no plan to-do to a user who may not open the plan list, and only their own lists', async () => {
    const kept = await workbench(keeper);
    const keys = kept.todos.map((t) => t.key);
    for (const k of [...PLAN_TODOS, 'ordersToConfirm', 'workOrdersOverdue']) expect(keys).not.toContain(k);
    expect(keys).toEqual([
      'prepsToSend',
      'prepsToPick',
      'prepsPicking',
      'stockDocsToAudit',
      'stockCountsCounting',
      'stockCountsToAudit',
    ]);
    // each release made a preparation order to send
    expect(todoOf(kept, 'prepsToSend')).toMatchObject({
      count: 2,
      path: '/warehouse/inventory-info/warehouse-assign?tab=0',
    });
    expect(todoOf(kept, 'stockCountsToAudit')?.path).toBe(
      `/warehouse/inventory-info/inventory-account?tab=counts&q=${encodeURIComponent('{"status":2}')}`,
    );
    expect((await workbench(bystander)).todos).toEqual([]);
    // the admin opens every list: every to-do but the station terminal's (no station chosen)
    expect((await workbench(f.a)).todos.map((t) => t.key)).toEqual(
      todos.map((t) => t.key).filter((k) => !k.startsWith('station')),
    );
  });

  it("counts an operator's queue as the station terminal lists it", async () => {
    const wo = await openWorkOrder(f, 4);
    const me = f.tenant.users.operator;
    await operator.ok(operator.put(MODIFY_LINES, { id: me, stationId: f.ids.windingStation }));
    const queue = async () =>
      (
        await operator.ok<{ tasks: { id: number; version: number; status: number; workOrderId: number }[] }>(
          operator.get(workOrderApi.stationTasks.path),
        )
      ).tasks;
    const first = await workbench(operator);
    const tasks = await queue();
    expect(tasks.length).toBeGreaterThan(0);
    expect(countsOf(first, ['stationTasksToStart', 'stationTasksInProgress'])).toEqual({
      stationTasksToStart: tasks.filter((t) => t.status === 0).length,
      stationTasksInProgress: 0,
    });
    expect(todoOf(first, 'stationTasksToStart')?.path).toBe('/plans/station-scheduling');

    const task = tasks.find((t) => t.workOrderId === wo.id);
    if (!task) throw new Error('the new work order is not queued at the winding station');
    await operator.ok(operator.post(workOrderApi.startTask.path, { id: task.id, version: task.version }));
    const started = await workbench(operator);
    const after = await queue();
    expect(countsOf(started, ['stationTasksToStart', 'stationTasksInProgress'])).toEqual({
      stationTasksToStart: after.filter((t) => t.status === 0).length,
      stationTasksInProgress: 1,
    });
    // what they started is their latest record; they may not open the work order, so no link
    expect(started.recent[0]).toMatchObject({
      entity: 'produceTask',
      entityId: String(task.id),
      actionLabel: '开工',
      path: null,
    });
  });
});

describe('my recent items', { timeout: 120_000 }, () => {
  it('lists the records I changed, newest first and once each, named and linked; not those of others', async () => {
    const order = await addOrder(f, { quantity: 6 });
    const mine = await planner.ok<{ id: number; code: string; version: number }>(
      planner.post(ADD_PLAN, { produceOrderId: order.id, quantity: 2, areaId: f.ids.line }),
    );
    const edited = await planner.ok<{ version: number }>(
      planner.put(UPDATE_PLAN, { id: mine.id, version: mine.version, quantity: 3 }),
    );
    await planner.ok(planner.put(UPDATE_PLAN, { id: mine.id, version: edited.version, quantity: 4 }));
    // the admin's own plan of the same order
    const theirs = await addPlan(f, order.id, { quantity: 1 });

    const recent = (await workbench(planner)).recent;
    const plans = recent.filter((r) => r.entity === 'producePlan');
    expect(plans).toEqual([
      {
        entity: 'producePlan',
        entityId: String(mine.id),
        label: '生产计划',
        name: mine.code,
        action: 'modify',
        actionLabel: '修改',
        time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        path: `/plans/orders/order-detail/${order.id}`,
      } satisfies RecentItem,
    ]);
    expect(recent[0].entityId).toBe(String(mine.id));
    expect(recent.length).toBeLessThanOrEqual(8);

    const admin = (await workbench(f.a)).recent;
    expect(admin[0]).toMatchObject({ entity: 'producePlan', entityId: String(theirs.id), name: theirs.code });
    expect(admin.some((r) => r.entity === 'producePlan' && r.entityId === String(mine.id))).toBe(false);
    // the admin's records: the order they confirmed, linked to its page
    expect(admin.find((r) => r.entity === 'produceOrder' && r.entityId === String(order.id))).toMatchObject({
      label: '订单',
      name: order.code,
      actionLabel: '确认',
      path: `/plans/orders/order-detail/${order.id}`,
    });
  });

  it('names a record of any other entity by its name, with nothing to open', async () => {
    const unit = await f.a.ok<{ id: number }>(
      f.a.post(entityEndpoints(unitEntity).add?.path ?? '', { code: 'BOX-H', name: '周转箱' }),
    );
    expect((await workbench(f.a)).recent[0]).toMatchObject({
      entity: 'unit',
      entityId: String(unit.id),
      label: '计量单位',
      name: '周转箱',
      actionLabel: '新增',
      path: null,
    });
  });

  it('keeps the last 8 distinct records', async () => {
    const order = await addOrder(f, { quantity: 20 });
    const made: number[] = [];
    for (let i = 0; i < 10; i++) made.push((await addPlan(f, order.id, { quantity: 1 })).id);
    const recent = (await workbench(f.a)).recent;
    expect(recent.map((r) => r.entityId)).toEqual(made.slice(-8).reverse().map(String));
  });
});
