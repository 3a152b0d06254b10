import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchVal } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { walkMachine } from '../../testing/machineWalk.ts';
import { producePlanActions, producePlans } from './index.ts';
import {
  addOrder,
  addPlan,
  PRODUCTION,
  type ProductionFixture,
  productionFixture,
  release,
} from './testing.ts';

const P = `${PRODUCTION}producePlan/`;
const O = `${PRODUCTION}produceOrder/`;
const M = `${PRODUCTION}produceWorkOrderPlanMaterials/`;
type Plan = {
  id: number;
  code: string;
  version: number;
  quantity: number;
  scheduleStatus: number;
  planProgress: number;
  areaName: string;
  versionName: string;
  planStartTime: string | null;
  planEndTime: string | null;
  priority: number;
};

let h: Harness;
let f: ProductionFixture;

beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h, 'plan');
});
afterAll(() => h.close());

const plan = (id: number) => f.a.ok<Plan>(f.a.get(`${P}getProducePlanDetail`, { id }));
const order = (id: number) =>
  f.a.ok<{ planStatus: number; plannedQuantity: number; version: number }>(
    f.a.get(`${O}getProduceOrderDetail`, { id }),
  );

describe('production plans', () => {
  it('takes a quantity of a confirmed order to a line of its main version, explodes the BOM and follows the order', async () => {
    const o = await addOrder(f, { quantity: 10, priority: 1 });
    const p = await addPlan(f, o.id, { quantity: 4, planStartTime: '2026-12-01 08:00:00' });
    const row = await plan(p.id);
    expect(row).toMatchObject({
      quantity: 4,
      scheduleStatus: 0,
      planProgress: 0,
      areaName: '油变一线',
      versionName: 'V1',
      priority: 1,
      planStartTime: '2026-12-01 08:00:00',
    });
    // 90 + 120 + 45 standard minutes a unit × 4 = 1020 minutes = 17 hours
    expect(row.planEndTime).toBe('2026-12-02 01:00:00');
    expect(await order(o.id)).toMatchObject({ planStatus: 3, plannedQuantity: 4 });
    const mats = await f.a.ok<{ code: string; requiredQuantity: number }[]>(
      f.a.get(`${M}getProduceWorkOrderPlanMaterialsList`, { planId: p.id }),
    );
    expect(mats.map((m) => [m.code, m.requiredQuantity])).toEqual([
      ['CORE-400', 4],
      ['CU-1.8', 160],
    ]);
    await addPlan(f, o.id, { quantity: 6 });
    expect(await order(o.id)).toMatchObject({ planStatus: 1, plannedQuantity: 10 });
  });

  it('refuses more than the order has left, an unconfirmed order and a line the flow does not allow', async () => {
    const o = await addOrder(f, { quantity: 5 });
    const over = await f.a.post(`${P}addProducePlan`, {
      produceOrderId: o.id,
      quantity: 6,
      areaId: f.ids.line,
    });
    expect(over.body).toMatchObject({ errorCode: 1 });
    expect(over.body.errorMsg).toBe(`计划数量超出订单“${o.code}”的未计划数量5`);
    const line = await f.a.post(`${P}addProducePlan`, {
      produceOrderId: o.id,
      quantity: 1,
      areaId: f.ids.otherLine,
    });
    expect(line.body.errorMsg).toBe('该工艺没有此产线');
    const draft = await addOrder(f, {}, { confirm: false });
    const unconfirmed = await f.a.post(`${P}addProducePlan`, {
      produceOrderId: draft.id,
      quantity: 1,
      areaId: f.ids.line,
    });
    expect(unconfirmed.body.errorMsg).toBe(`订单“${draft.code}”未确认，不能安排计划`);
  });

  it('releases into a work order with one task per step at the line’s stations, and withdraws it', async () => {
    const o = await addOrder(f, { quantity: 3 });
    const p = await addPlan(f, o.id, { quantity: 3 });
    const released = await release(f, p.id);
    expect(released.scheduleStatus).toBe(1);
    const wos = await f.a.ok<{ content: { id: number; code: string; status: number; quantity: number }[] }>(
      f.a.get(`${PRODUCTION}produceWorkOrder/getProduceWorkOrderListPage`, {
        currentPage: 1,
        pageSize: 20,
        searchVal: await searchVal([
          { fieldName: 'planNumber', fieldType: 'string', operator: 'like', fieldValue: p.code },
        ]),
      }),
    );
    expect(wos.content).toHaveLength(1);
    expect(wos.content[0]).toMatchObject({ status: 0, quantity: 3 });
    const tasks = await f.a.ok<{ procedureName: string; inQuantity: number; stations: { name: string }[] }[]>(
      f.a.get(`${PRODUCTION}produceTask/getProduceTaskList`, { workOrderId: wos.content[0].id }),
    );
    expect(tasks.map((t) => [t.procedureName, t.inQuantity, t.stations.map((s) => s.name)])).toEqual([
      ['绕线', 3, ['绕线工位1', '绕线工位2']],
      ['总装', 0, ['总装工位1']],
      ['试验', 0, ['试验站1']],
    ]);
    const edit = await f.a.put(`${P}updateOne`, { id: p.id, version: released.version, quantity: 2 });
    expect(edit.body.errorMsg).toBe(`生产计划“${p.code}”已下达，不能修改，请先撤回`);
    const withdrawn = await f.a.ok<{ scheduleStatus: number; version: number }>(
      f.a.post(`${P}withdraw`, { id: p.id, version: released.version }),
    );
    expect(withdrawn.scheduleStatus).toBe(0);
    const after = await f.a.ok<{ status: number }>(
      f.a.get(`${PRODUCTION}produceWorkOrder/getProduceWorkOrderDetail`, { id: wos.content[0].id }),
    );
    expect(after.status).toBe(9);
    await f.a.ok(f.a.del(`${P}deleteOne`, p.id));
    expect((await order(o.id)).planStatus).toBe(0);
  });

  it('quick-adds an order and its plan in one transaction, and rolls both back when the plan is refused', async () => {
    const body = {
      materialsId: f.ids.product,
      quantity: 2,
      deliveryTime: '2026-12-20 17:00:00',
      priority: 2,
      customerId: f.ids.customer,
      areaId: f.ids.line,
    };
    const made = await f.a.ok<{ orderId: number; planId: number; orderCode: string; planCode: string }>(
      f.a.post(`${O}addQuickOrder`, body),
    );
    expect(made.orderCode).toMatch(/^MO/);
    expect(made.planCode).toMatch(/^PL/);
    expect(await order(made.orderId)).toMatchObject({ planStatus: 1, plannedQuantity: 2 });
    const before = await f.a.ok<{ total: number }>(
      f.a.get(`${O}getProduceOrderListPage`, { currentPage: 1, pageSize: 20 }),
    );
    const refused = await f.a.post(`${O}addQuickOrder`, { ...body, areaId: f.ids.otherLine });
    expect(refused.body.errorMsg).toBe('该工艺没有此产线');
    const after = await f.a.ok<{ total: number }>(
      f.a.get(`${O}getProduceOrderListPage`, { currentPage: 1, pageSize: 20 }),
    );
    expect(after.total).toBe(before.total);
  });

  it('schedules by priority then delivery date on each line, one after another', async () => {
    const g = await productionFixture(h, 'plan2');
    const late = await addOrder(g, { quantity: 1, priority: 0, deliveryTime: '2026-12-10 17:00:00' });
    const urgent = await addOrder(g, { quantity: 1, priority: 2, deliveryTime: '2026-12-30 17:00:00' });
    const p1 = await addPlan(g, late.id, { quantity: 1 });
    const p2 = await addPlan(g, urgent.id, { quantity: 1 });
    const res = await g.a.ok<{ scheduled: number }>(
      g.a.post(`${P}schedulePlan`, { startFrom: '2026-12-01 08:00:00' }),
    );
    expect(res.scheduled).toBe(2);
    const a = await g.a.ok<Plan>(g.a.get(`${P}getProducePlanDetail`, { id: p2.id }));
    const b = await g.a.ok<Plan>(g.a.get(`${P}getProducePlanDetail`, { id: p1.id }));
    expect([a.planStartTime, a.planEndTime, a.scheduleStatus]).toEqual([
      '2026-12-01 08:00:00',
      '2026-12-01 12:15:00',
      2,
    ]);
    expect([b.planStartTime, b.planEndTime]).toEqual(['2026-12-01 12:15:00', '2026-12-01 16:30:00']);
    const gantt = await g.a.ok<{ name: string; gtArray: { id: number; isPlan: number }[] }[]>(
      g.a.post(`${P}getSchedulePlanList`, {
        beginTime: '2026-12-01 00:00:00',
        endTime: '2026-12-02 00:00:00',
      }),
    );
    expect(gantt.map((l) => [l.name, l.gtArray.map((x) => x.id)])).toEqual([['油变一线', [p2.id, p1.id]]]);
  });
});

describe('the plan machine, walked', () => {
  it('refuses every (state, action) pair the declaration forbids, and no other', async () => {
    const o = await addOrder(f, { quantity: 1 });
    const p = await addPlan(f, o.id, { quantity: 1 });
    const steps = await walkMachine(h, f.tenant.id, producePlanActions, producePlans, p.id);
    expect(steps).toHaveLength(6 * 3 * 4);
  });
});
