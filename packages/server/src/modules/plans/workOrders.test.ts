import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { walkMachine } from '../../testing/machineWalk.ts';
import { produceTasks, produceWorkOrders, workOrderActions } from './index.ts';
import { produceTaskActions } from './tasks.ts';
import {
  openWorkOrder,
  PRODUCTION,
  type ProductionFixture,
  productionFixture,
  reportWork,
} from './testing.ts';
import { progressRowsByColumns, progressRowsByJoins } from './workOrderRoutes.ts';

const W = `${PRODUCTION}produceWorkOrder/`;
const T = `${PRODUCTION}produceTask/`;
type Row = Record<string, unknown> & { id: number; version: number; status: number };
type Task = {
  id: number;
  procedureName: string;
  inQuantity: number;
  goodQuantity: number;
  availableQuantity: number;
  status: number;
  version: number;
  stations: { id: number; name: string; distributed: boolean }[];
  users: { id: number; name: string }[];
};

let h: Harness;
let f: ProductionFixture;

beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h, 'wo');
});
afterAll(() => h.close());

const detail = (id: number) => f.a.ok<Row>(f.a.get(`${W}getProduceWorkOrderDetail`, { id }));
const tasks = (workOrderId: number) => f.a.ok<Task[]>(f.a.get(`${T}getProduceTaskList`, { workOrderId }));
const act = async (action: string, id: number, extra: Record<string, unknown> = {}) => {
  const { version } = await detail(id);
  return f.a.post(`${W}${action}`, { id, version, ...extra });
};

describe('work orders', () => {
  it('lists the progress row: order, plan, product, line, current procedure and ratios', async () => {
    const wo = await openWorkOrder(f, 4, { deliveryTime: '2026-12-31 17:00:00' });
    const row = await detail(wo.id);
    expect(row).toMatchObject({
      status: 0,
      quantity: 4,
      materialsCode: 'S13-M-400',
      unitName: '台',
      areaName: '油变一线',
      procedure: '绕线',
      procedureRatio: 0,
      finishRatio: 0,
      reportWorkQuantity: 0,
      repairQuantity: 0,
      deliveryTime: '2026-12-31 17:00:00',
      longTime: 0,
      workType: 0,
    });
    expect(row.produceOrderNumber).toMatch(/^MO/);
    expect(row.planNumber).toMatch(/^PL/);
    const byProcedure = await f.a.page<Row>(`${W}getProduceWorkOrderListPage`, [
      { fieldName: 'procedure', operator: 'like', fieldValue: '绕线' },
      { fieldName: 'code', operator: 'like', fieldValue: wo.code },
    ]);
    expect(byProcedure.content.map((r) => r.id)).toEqual([wo.id]);
    // the order's page lists its own work orders by id
    const byOrder = await f.a.page<Row>(`${W}getProduceWorkOrderListPage`, [
      { fieldName: 'orderId', operator: 'eq', fieldValue: wo.orderId },
    ]);
    expect(byOrder.content.map((r) => r.id)).toEqual([wo.id]);
    const file = await f.a.exported(`${W}export`, {});
    expect(file[0]).toContain('工单编号');
  });

  it('starts, reports step by step and completes the work order, plan and order by itself', async () => {
    const wo = await openWorkOrder(f, 2);
    const [winding, assembly, testing] = wo.taskIds;
    expect((await act('start', wo.id)).body.errorCode).toBe(0);
    expect((await detail(wo.id)).actualStartTime).not.toBeNull();
    const first = await f.a.ok<{ code: string; task: Task; workOrderStatus: number }>(
      reportWork(f, { taskId: winding, stationId: f.ids.windingStation, goodQuantity: 2 }),
    );
    expect(first.code).toMatch(/^BG/);
    expect(first.task).toMatchObject({ goodQuantity: 2, availableQuantity: 0, status: 2 });
    expect((await tasks(wo.id)).map((t) => [t.inQuantity, t.status])).toEqual([
      [2, 2],
      [2, 0],
      [0, 0],
    ]);
    expect((await detail(wo.id)).procedure).toBe('总装');
    await f.a.ok(reportWork(f, { taskId: assembly, stationId: f.ids.assemblyStation, goodQuantity: 2 }));
    const last = await f.a.ok<{ workOrderStatus: number }>(
      reportWork(f, { taskId: testing, stationId: f.ids.testingStation, goodQuantity: 2 }),
    );
    expect(last.workOrderStatus).toBe(2);
    const done = await detail(wo.id);
    expect(done).toMatchObject({ status: 2, reportWorkQuantity: 2, finishRatio: 1, procedure: null });
    expect(done.finishedAt).not.toBeNull();
    const plan = await f.a.ok<{ scheduleStatus: number; planProgress: number }>(
      f.a.get(`${PRODUCTION}producePlan/getProducePlanDetail`, { id: wo.planId }),
    );
    expect(plan).toMatchObject({ scheduleStatus: 4, planProgress: 2 });
    const order = await f.a.ok<{ planStatus: number; completedQuantity: number }>(
      f.a.get(`${PRODUCTION}produceOrder/getProduceOrderDetail`, { id: wo.orderId }),
    );
    expect(order).toMatchObject({ planStatus: 2, completedQuantity: 2 });
    const reopen = await act('reopen', wo.id);
    expect(reopen.body.errorMsg).toBe(
      `订单“${String(done.produceOrderNumber)}”已完成，工单“${wo.code}”不能反完工`,
    );
    const progress = await f.a.ok<{ procedureName: string; goodQuantity: number; finishRatio: number }[]>(
      f.a.get(`${W}getOrderProcedureProgress`, { orderId: wo.orderId }),
    );
    expect(progress.map((p) => [p.procedureName, p.goodQuantity, p.finishRatio])).toEqual([
      ['绕线', 2, 1],
      ['总装', 2, 1],
      ['试验', 2, 1],
    ]);
  });

  it('refuses to finish while a task has unreported quantity, naming it', async () => {
    const wo = await openWorkOrder(f, 5);
    await f.a.ok(reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 5 }));
    await f.a.ok(reportWork(f, { taskId: wo.taskIds[1], stationId: f.ids.assemblyStation, goodQuantity: 2 }));
    const res = await act('finish', wo.id);
    expect(res.body).toMatchObject({
      errorCode: 7,
      errorMsg: `工单“${wo.code}”的工序“总装”还有3台未报工，不能完工`,
    });
  });

  it('pauses and continues, refusing reports while paused; ends with a reason and restarts', async () => {
    const wo = await openWorkOrder(f, 3);
    await f.a.ok(act('start', wo.id));
    await f.a.ok(act('pause', wo.id));
    const paused = await reportWork(f, {
      taskId: wo.taskIds[0],
      stationId: f.ids.windingStation,
      goodQuantity: 1,
    });
    expect(paused.body.errorMsg).toBe(`工单“${wo.code}”已暂停，不能报工`);
    await f.a.ok(act('continue', wo.id));
    const noReason = await act('end', wo.id);
    expect(noReason.body.errorCode).toBe(1);
    await f.a.ok(act('end', wo.id, { reason: '客户取消' }));
    expect(await detail(wo.id)).toMatchObject({ status: 3, endReason: '客户取消' });
    const ended = await reportWork(f, {
      taskId: wo.taskIds[0],
      stationId: f.ids.windingStation,
      goodQuantity: 1,
    });
    expect(ended.body).toMatchObject({ errorCode: 7, errorMsg: `工单“${wo.code}”强制结束，不能报工` });
    await f.a.ok(act('restart', wo.id));
    expect(await detail(wo.id)).toMatchObject({ status: 0, endReason: null });
  });

  it('cancels only what has no report', async () => {
    const wo = await openWorkOrder(f, 2);
    await f.a.ok(reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 1 }));
    expect((await detail(wo.id)).status).toBe(1);
    const other = await openWorkOrder(f, 2);
    expect((await f.a.ok<Row>(act('cancel', other.id))).status).toBe(9);
  });

  it('refuses a stale version (code 6: reload)', async () => {
    const wo = await openWorkOrder(f, 1);
    const { version } = await detail(wo.id);
    await f.a.ok(f.a.post(`${W}start`, { id: wo.id, version }));
    const again = await f.a.post(`${W}pause`, { id: wo.id, version });
    expect(again.body).toMatchObject({
      errorCode: 6,
      errorMsg: `工单“${wo.code}”已被他人修改，请刷新后重试`,
    });
  });

  it('distributes to allowed stations and operators, and refuses a station the step does not allow', async () => {
    const wo = await openWorkOrder(f, 2);
    const [winding, assembly, testing] = wo.taskIds;
    const body = (windingStations: number[]) => ({
      tasks: [
        { taskId: winding, stationIds: windingStations, userIds: [f.tenant.adminId] },
        { taskId: assembly, stationIds: [f.ids.assemblyStation], userIds: [] },
        { taskId: testing, stationIds: [f.ids.testingStation], userIds: [] },
      ],
    });
    const wrong = await act('distribute', wo.id, body([f.ids.assemblyStation]));
    expect(wrong.body).toMatchObject({ errorCode: 1, errorMsg: '工序“绕线”不能在所选工位上生产' });
    const none = await act('distribute', wo.id, body([]));
    expect(none.body.errorMsg).toBe('工序“绕线”未指定工位，不能派工');
    await f.a.ok(act('distribute', wo.id, body([f.ids.windingStation2])));
    expect((await detail(wo.id)).isDistributed).toBe(1);
    const [t1] = await tasks(wo.id);
    expect(t1.stations.map((s) => [s.name, s.distributed])).toEqual([
      ['绕线工位1', false],
      ['绕线工位2', true],
    ]);
    expect(t1.users.map((u) => u.id)).toEqual([f.tenant.adminId]);
    const told = await h.db.systemQuery<{ payload: { code: string; userIds: number[] } }>(
      sql`select payload from domain_event where name = 'workOrder.distributed' and tenant_id = ${f.tenant.id}`,
    );
    expect(told.map((e) => [e.payload.code, e.payload.userIds])).toEqual([[wo.code, [f.tenant.adminId]]]);
    const elsewhere = await f.a.post(`${T}start`, {
      id: winding,
      version: t1.version,
      stationId: f.ids.windingStation,
    });
    expect(elsewhere.body).toMatchObject({ errorCode: 1 });
    const started = await f.a.ok<{ status: number }>(
      f.a.post(`${T}start`, { id: winding, version: t1.version, stationId: f.ids.windingStation2 }),
    );
    expect(started.status).toBe(1);
    expect((await detail(wo.id)).status).toBe(1);
    const badStation = await reportWork(f, {
      taskId: assembly,
      stationId: f.ids.windingStation,
      goodQuantity: 1,
    });
    expect(badStation.body).toMatchObject({ errorCode: 1, errorMsg: '所选工位不能做工序“总装”，不能报工' });
  });

  it('skips a step, passing its input on as good, and resets a task with no report', async () => {
    const wo = await openWorkOrder(f, 3);
    const [winding, assembly] = wo.taskIds;
    const [, t2] = await tasks(wo.id);
    await f.a.ok(f.a.post(`${T}skip`, { id: assembly, version: t2.version, reason: '免装配' }));
    await f.a.ok(reportWork(f, { taskId: winding, stationId: f.ids.windingStation, goodQuantity: 3 }));
    expect((await tasks(wo.id)).map((t) => [t.inQuantity, t.goodQuantity, t.status])).toEqual([
      [3, 3, 2],
      [3, 3, 2],
      [3, 0, 0],
    ]);
    const [, , t3] = await tasks(wo.id);
    const started = await f.a.ok<{ version: number }>(
      f.a.post(`${T}start`, { id: t3.id, version: t3.version, stationId: f.ids.testingStation }),
    );
    const reset = await f.a.ok<{ status: number }>(
      f.a.post(`${T}reset`, { id: t3.id, version: started.version }),
    );
    expect(reset.status).toBe(0);
  });
});

describe('split and reduce (tenant flag splitWorkOrder)', () => {
  it('splits a quantity off into WO…-1 and reduces, never below what step 1 reported', async () => {
    const wo = await openWorkOrder(f, 10);
    const refused = await act('split', wo.id, { quantity: 2 });
    expect(refused.body).toMatchObject({ errorCode: 3, errorMsg: '当前企业未开通“拆分”' });
    await h.db.systemQuery(
      sql`update tenant set flags = '{"splitWorkOrder": true}', config_version = config_version + 1 where id = ${f.tenant.id}`,
    );
    await f.a.ok(reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 6 }));
    const tooMuch = await act('split', wo.id, { quantity: 5 });
    expect(tooMuch.body).toMatchObject({
      errorCode: 1,
      errorMsg: '拆分数量须小于工单数量且不超过首道工序未报工数量4',
    });
    const split = await f.a.ok<{ id: number; code: string }>(act('split', wo.id, { quantity: 3 }));
    expect(split.code).toBe(`${wo.code}-1`);
    expect((await detail(split.id)).quantity).toBe(3);
    expect((await detail(wo.id)).quantity).toBe(7);
    expect((await tasks(wo.id))[0].availableQuantity).toBe(1);
    const below = await act('reduce', wo.id, { quantity: 5 });
    expect(below.body.errorMsg).toBe('减量后数量不能少于首道工序已报工数量6');
    await f.a.ok(act('reduce', wo.id, { quantity: 6 }));
    const [first, second] = await tasks(wo.id);
    expect([first.inQuantity, first.status, second.inQuantity]).toEqual([6, 2, 6]);
  });
});

describe('the list’s progress rows', () => {
  it('are the same by joins as by a subquery per column, for every work order', async () => {
    // one with a rework order pointing at it, besides those the tests above left in every state
    const wo = await openWorkOrder(f, 3);
    await f.a.ok(
      reportWork(f, {
        taskId: wo.taskIds[0],
        stationId: f.ids.windingStation,
        goodQuantity: 1,
        repairQuantity: 1,
      }),
    );
    // in one transaction: the minutes since now are the same for both
    const [byJoins, byColumns] = await h.db.withTenant(f.tenant.id, async (tx) => [
      await progressRowsByJoins(tx).orderBy(asc(produceWorkOrders.id)),
      await progressRowsByColumns(tx).orderBy(asc(produceWorkOrders.id)),
    ]);
    expect(byJoins.length).toBeGreaterThan(8);
    expect(byJoins.some((r) => r.originWorkOrderNumber === wo.code)).toBe(true);
    expect(byJoins.some((r) => r.procedure === null)).toBe(true);
    expect(byJoins.some((r) => Number(r.repairQuantity) > 0)).toBe(true);
    expect(byJoins).toEqual(byColumns);
  });
});

describe('the machines, walked', () => {
  it('work order: refuses every (state, action) pair the declaration forbids, and no other', async () => {
    const wo = await openWorkOrder(f, 1);
    const steps = await walkMachine(h, f.tenant.id, workOrderActions, produceWorkOrders, wo.id);
    expect(steps).toHaveLength(5 * 2 * 2 * 13);
  });

  it('task: refuses every (state, action) pair the declaration forbids, and no other', async () => {
    const wo = await openWorkOrder(f, 1);
    const steps = await walkMachine(h, f.tenant.id, produceTaskActions, produceTasks, wo.taskIds[0]);
    expect(steps).toHaveLength(4 * 5);
  });
});
