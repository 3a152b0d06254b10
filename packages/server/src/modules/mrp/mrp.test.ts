import type { MrpCompare, MrpRunLineRow, MrpRunRow } from '@factory/shared/api/mrp';
import { formatFactoryTime } from '@factory/shared/factoryTime';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { addOrder, type ProductionFixture, productionFixture } from '../plans/testing.ts';
import { periodLabel } from './engine.ts';

const R = 'mrp/private/mrpRun/';
const Q = 'purchase/private/purchaseRequest/';
const MAT = 'basicData/materials/private/materials/';
const UNIT = 'basicData/materials/private/unit/';

type Request = {
  id: number;
  code: string;
  version: number;
  status: number;
  source: number;
  quantity: number;
};

let h: Harness;
let f: ProductionFixture;
/** The production order's delivery, a month from now (factory time), and its day. */
const due = formatFactoryTime(new Date(Date.now() + 30 * 86_400_000)).slice(0, 10);
let moCode: string;

beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h, 'mrp');
  // copper: bought, 3 working days, at least 500 kg in hundreds (safety stock: engine.test.ts)
  const copper = await f.a.ok<Record<string, unknown>>(
    f.a.get(`${MAT}getMaterialsDetail`, { id: f.ids.copper }),
  );
  await f.a.ok(
    f.a.put(`${MAT}updateOne`, {
      id: f.ids.copper,
      code: copper.code,
      name: copper.name,
      materialType: 0,
      mainUnitId: f.ids.kg,
      isVirtualMaterials: false,
      procurementType: 1,
      leadTimeDays: 3,
      lotSizeRule: 2,
      minOrderQty: 500,
      orderMultiple: 100,
    }),
  );
  moCode = (await addOrder(f, { deliveryTime: `${due} 17:00:00` })).code;
});
afterAll(() => h.close());

const calculate = () => f.a.ok<MrpRunRow>(f.a.post(`${R}calculate`, {}));
const lines = (id: number) => f.a.ok<MrpRunLineRow[]>(f.a.get(`${R}getMrpRunLines`, { id }));
const mrpRequests = async () =>
  (
    await f.a.page<Request>(`${Q}getPurchaseRequestListPage`, [
      { fieldName: 'source', operator: 'eq', fieldValue: 1 },
    ])
  ).content;
const daysBefore = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

describe('MRP runs', () => {
  it('plans the order’s product and parts, buys the copper by its lot rule and pegs it to the order', async () => {
    const run = await calculate();
    expect(run).toMatchObject({ status: 1, error: null, plannedCount: 3, requestCount: 1, lateCount: 0 });
    expect(run.code).toMatch(/^MRP\d{14}$/);
    const rows = await lines(run.id);
    expect(rows.map((r) => [r.materialsCode, r.procurementType, r.quantity, r.dueDate])).toEqual(
      expect.arrayContaining([
        ['S13-M-400', 0, 10, due],
        ['CORE-400', 0, 10, due],
        // 10 × 40 kg → at least 500
        ['CU-1.8', 1, 500, due],
      ]),
    );
    const copper = rows.find((r) => r.materialsCode === 'CU-1.8') as MrpRunLineRow;
    expect(copper.releaseDate).toBe(daysBefore(due, 3));
    expect(copper.pegs).toEqual([
      { demand: moCode, path: ['S13-M-400', 'CU-1.8'], quantity: 400 },
      { demand: '', path: ['CU-1.8'], quantity: 100 },
    ]);
    const [request] = await mrpRequests();
    expect(request).toMatchObject({ status: 0, quantity: 500 });
    expect(copper.requestCode).toBe(request.code);
  });

  it('replaces the requests nobody acted on; the same inputs give the same plan', async () => {
    const before = await mrpRequests();
    const run = await calculate();
    const after = await mrpRequests();
    expect(after).toHaveLength(1);
    expect(after[0].id).not.toBe(before[0].id);
    const diff = await f.a.ok<MrpCompare>(f.a.get(`${R}compareMrpRun`, { id: run.id }));
    expect(diff.previous?.id).toBe(run.id - 1);
    expect(diff.changes).toEqual([]);
  });

  it('counts a submitted request as coming, and says what changed since the last run', async () => {
    const [request] = await mrpRequests();
    await f.a.ok(f.a.post(`${Q}submit`, { id: request.id, version: request.version }));
    const run = await calculate();
    expect(run.requestCount).toBe(0);
    expect((await mrpRequests()).map((r) => r.status)).toEqual([1]);
    const diff = await f.a.ok<MrpCompare>(f.a.get(`${R}compareMrpRun`, { id: run.id }));
    expect(diff.changes).toEqual([
      {
        materialsId: f.ids.copper,
        materialsCode: 'CU-1.8',
        materialsName: '漆包铜线 Φ1.8',
        before: 500,
        after: 0,
      },
    ]);
    const runs = await f.a.ok<MrpRunRow[]>(f.a.get(`${R}getMrpRunList`));
    expect(runs.map((r) => r.id)).toEqual([run.id, run.id - 1, run.id - 2]);
  });

  it('keeps a failed run naming the BOM cycle, and writes nothing else', async () => {
    await h.db.withTenant(f.tenant.id, (tx) =>
      tx.execute(
        sql`insert into bom_item (parent_id, child_id, quantity) values (${f.ids.core}, ${f.ids.product}, 1)`,
      ),
    );
    const run = await calculate();
    expect(run).toMatchObject({ status: 2, plannedCount: 0 });
    expect(run.error).toBe('物料清单存在循环：S13-M-400 → CORE-400 → S13-M-400');
    expect(await lines(run.id)).toEqual([]);
    await h.db.withTenant(f.tenant.id, (tx) =>
      tx.execute(sql`delete from bom_item where parent_id = ${f.ids.core} and child_id = ${f.ids.product}`),
    );
  });

  it('turns the latest run’s make suggestions into material-requirements plans, all or nothing', async () => {
    // the copper request submitted above goes back to the buyer's desk: MRP suggests it again
    const [submitted] = await mrpRequests();
    await f.a.ok(f.a.post(`${Q}withdraw`, { id: submitted.id, version: submitted.version }));
    const older = await calculate();
    const run = await calculate();
    const rows = await lines(run.id);
    const of = (code: string) => rows.find((r) => r.materialsCode === code) as MrpRunLineRow;
    const [product, core, copper] = [of('S13-M-400'), of('CORE-400'), of('CU-1.8')];
    const toPlans = (id: number, lineIds: number[]) => f.a.post(`${R}createPlans`, { id, lineIds });
    // the core has no flow to make it by: the product's plan made before it goes back too
    expect((await toPlans(run.id, [product.id, core.id])).body.errorMsg).toBe(
      '“铁芯 400kVA”没有启用的工艺路线主版本，不能生成生产计划',
    );
    expect((await lines(run.id)).every((r) => r.planId === null)).toBe(true);
    expect((await toPlans(run.id, [copper.id])).body.errorMsg).toBe(
      '“漆包铜线 Φ1.8”不是自制件，由请购单采购，不能生成生产计划',
    );
    expect((await toPlans(older.id, [product.id])).body.errorMsg).toMatch(/不是最近一次成功的MRP运算/);

    const [made] = await f.a.ok<{ lineId: number; planId: number; planCode: string; orderCode: string }[]>(
      toPlans(run.id, [product.id]),
    );
    expect(made.lineId).toBe(product.id);
    const found = await h.db.withTenant(f.tenant.id, (tx) =>
      tx.execute(
        sql`select p.plan_type, p.quantity::float8 as quantity, p.area_id,
              to_char(p.plan_start_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as start_day,
              o.source, o.source_code, o.confirm_status,
              to_char(o.delivery_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as due_day
            from produce_plan p join produce_order o on o.id = p.order_id where p.id = ${made.planId}`,
      ),
    );
    const [plan] = (found as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(plan).toEqual({
      plan_type: 1,
      quantity: product.quantity,
      area_id: f.ids.line,
      start_day: product.releaseDate,
      source: 1,
      source_code: moCode,
      confirm_status: 1,
      due_day: product.dueDate,
    });
    expect((await lines(run.id)).find((r) => r.id === product.id)).toMatchObject({
      planId: made.planId,
      planCode: made.planCode,
    });
    expect((await toPlans(run.id, [product.id])).body.errorMsg).toBe(
      `“S13-M-400/10 油浸式变压器”的建议已生成生产计划 ${made.planCode}`,
    );
    // the plan is now a receipt: the next run suggests no more of the product
    const next = await lines((await calculate()).id);
    expect(next.filter((r) => r.materialsCode === 'S13-M-400')).toEqual([]);
  });

  it('runs over the orders chosen, and keeps which they were', async () => {
    const other = await addOrder(f, { quantity: 3, deliveryTime: `${due} 17:00:00` });
    const run = await f.a.ok<MrpRunRow>(f.a.post(`${R}calculate`, { produceOrderIds: [other.id] }));
    expect(run.scope).toEqual({ salesOrders: [], produceOrders: [{ id: other.id, code: other.code }] });
    const product = (await lines(run.id)).filter((r) => r.materialsCode === 'S13-M-400');
    expect(product.map((r) => [r.quantity, r.pegs.map((g) => g.demand)])).toEqual([[3, [other.code]]]);
    // everything open: both orders, the first covered by the plan MRP made for it
    const all = await calculate();
    expect(all.scope).toBeNull();
    expect(
      (await lines(all.id)).filter((r) => r.materialsCode === 'S13-M-400').map((r) => r.quantity),
    ).toEqual([3]);
    expect((await f.a.post(`${R}calculate`, { produceOrderIds: [999_999] })).body.errorMsg).toBe(
      '生产订单不存在或已被删除',
    );
    expect((await f.a.post(`${R}calculate`, { salesOrderIds: [0] })).body.errorCode).not.toBe(0);
  });

  it('nets in weeks up to a horizon, orders a whole-unit product whole, and keeps both', async () => {
    // 台 counts whole: an order of 2.5 is planned as 3
    await f.a.ok(f.a.put(`${UNIT}updateOne`, { id: f.ids.unit, precision: 0 }));
    const half = await addOrder(f, { quantity: 2.5, deliveryTime: `${due} 17:00:00` });
    const weekly = await f.a.ok<MrpRunRow>(
      f.a.post(`${R}calculate`, { produceOrderIds: [half.id], bucket: 1, horizonEnd: due }),
    );
    expect(weekly).toMatchObject({ status: 1, bucket: 1, horizonEnd: due, demandCount: 1 });
    // due on the Monday of the order's week (the product's lead time is 0), named by its ISO week
    const monday = daysBefore(due, (new Date(`${due}T00:00:00Z`).getUTCDay() + 6) % 7);
    const product = (await lines(weekly.id)).filter((r) => r.materialsCode === 'S13-M-400');
    expect(product).toMatchObject([
      {
        quantity: 3,
        dueDate: monday,
        releaseDate: monday,
        period: periodLabel(Date.parse(`${due}T00:00:00Z`) / 86_400_000, 1),
      },
    ]);
    expect(product[0].period).toMatch(/^\d{4}-W\d{2}$/);
    // the day before the order, the horizon leaves it out
    const short = await f.a.ok<MrpRunRow>(
      f.a.post(`${R}calculate`, { produceOrderIds: [half.id], horizonEnd: daysBefore(due, 1) }),
    );
    expect(short).toMatchObject({ bucket: 0, horizonEnd: daysBefore(due, 1), demandCount: 0 });
    expect((await lines(short.id)).filter((r) => r.materialsCode === 'S13-M-400')).toEqual([]);
    const today = formatFactoryTime(new Date()).slice(0, 10);
    expect((await f.a.post(`${R}calculate`, { horizonEnd: daysBefore(today, 1) })).body.errorMsg).toBe(
      '计划展望期不能早于今天',
    );
    expect((await f.a.post(`${R}calculate`, { bucket: 3 })).body.errorCode).not.toBe(0);
  });

  it('asks for the permission to calculate', async () => {
    const denied = await h.call('POST', `${R}calculate`, { body: {} });
    expect(denied.body.errorCode).not.toBe(0);
  });
});
