import type { SalesDemandDetail, SalesDemandRow } from '@factory/shared/api/sales';
import { formatFactoryTime } from '@factory/shared/factoryTime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import {
  addOrder,
  addPlan,
  PRODUCTION,
  type ProductionFixture,
  productionFixture,
  release,
  reportWork,
} from '../plans/testing.ts';

const S = 'sales/private/salesOrder/';
const D = 'sales/private/salesDemand/';
const W = 'warehouse/private/';
const M = 'basicData/materials/private/';
const PO = `${PRODUCTION}produceOrder/`;

let h: Harness;
let f: ProductionFixture;
let finished: number;
let otherIn: number;
/** A (the fixture's S13 transformer, with a flow), B (the dry transformer, none), C (urgent demand only). */
let A: number;
let B: number;
let C: number;
/** The open production order of A: 5, of which 2 made and stocked. */
let producing: { id: number; code: string };

type Order = { id: number; code: string; version: number; lines: { id: number }[] };

const addSalesOrder = (lines: { materialsId: number; quantity: number; deliveryTime: string }[]) =>
  f.a.ok<Order>(
    f.a.post(`${S}addSalesOrder`, {
      customerId: f.ids.customer,
      lines: lines.map((l) => ({ ...l, unitPrice: 1, taxRate: 13 })),
    }),
  );

async function act(id: number, action: string, body: Record<string, unknown> = {}) {
  const { version } = await f.a.ok<{ version: number }>(f.a.get(`${S}getSalesOrderDetail`, { id }));
  return f.a.ok<{ version: number }>(f.a.post(`${S}${action}`, { id, version, ...body }));
}

async function stockIn(materialsId: number, quantity: number, batchCode: string) {
  const doc = await f.a.ok<{ id: number; version: number }>(
    f.a.post(`${W}stockDoc/addStockDoc`, {
      kind: 0,
      stockTypeId: otherIn,
      warehouseId: finished,
      lines: [{ materialsId, quantity, batchCode }],
    }),
  );
  const s = await f.a.ok<{ version: number }>(
    f.a.post(`${W}stockDoc/submit`, { id: doc.id, version: doc.version }),
  );
  await f.a.ok(f.a.post(`${W}stockDoc/approve`, { id: doc.id, version: s.version }));
}

/** The production orders confirming made for the order, cancelled: only the test's own production counts. */
async function cancelLinked(orderId: number) {
  const trace = await f.a.ok<{ produceOrders: { id: number }[] }>(
    f.a.get(`${S}getSalesOrderTrace`, { id: orderId }),
  );
  for (const o of trace.produceOrders) {
    const { version } = await f.a.ok<{ version: number }>(
      f.a.get(`${PO}getProduceOrderDetail`, { id: o.id }),
    );
    await f.a.ok(f.a.post(`${PO}cancel`, { id: o.id, version }));
  }
}

const demand = (query: Record<string, string | number> = {}) =>
  f.a.ok<{ content: SalesDemandRow[]; total: number }>(
    f.a.get(`${D}getSalesDemandListPage`, { currentPage: 1, pageSize: 50, ...query }),
  );
/** A row's figures: period, demand, by stock, by production, uncovered. */
const figures = (r: SalesDemandRow) => [
  r.materialsCode,
  r.periodStart,
  r.demandQuantity,
  r.stockCovered,
  r.productionCovered,
  r.uncovered,
];

beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h, 'sld');
  finished = (
    await f.a.ok<{ id: number }>(f.a.post(`${W}warehouse/addWarehouse`, { code: 'CP', name: '成品库' }))
  ).id;
  const types = await f.a.page<{ id: number; name: string }>(`${W}stockType/getStockTypeListPage`);
  otherIn = types.content.find((t) => t.name === '其他入库')?.id as number;
  A = f.ids.product;
  B = f.ids.noFlow;
  C = (
    await f.a.ok<{ id: number }>(
      f.a.post(`${M}materials/addMaterials`, {
        code: 'ZZ-C',
        name: '箱式变电站',
        materialType: 2,
        mainUnitId: f.ids.unit,
        isVirtualMaterials: false,
      }),
    )
  ).id;

  // stock: A 4, B 2
  await stockIn(A, 4, 'D-A1');
  await stockIn(B, 2, 'D-B1');
  // demand: A 5 (week of 03-01) and, on another order, A 2 the same week, A 7 the next, B 4 that
  // first week; B 6 in April; an unconfirmed order of A counts for nothing
  const so1 = await addSalesOrder([{ materialsId: A, quantity: 5, deliveryTime: '2027-03-02 17:00:00' }]);
  const so2 = await addSalesOrder([
    { materialsId: A, quantity: 2, deliveryTime: '2027-03-04 10:00:00' },
    { materialsId: A, quantity: 7, deliveryTime: '2027-03-09 17:00:00' },
    { materialsId: B, quantity: 4, deliveryTime: '2027-03-03 17:00:00' },
  ]);
  const so3 = await addSalesOrder([{ materialsId: B, quantity: 6, deliveryTime: '2027-04-20 17:00:00' }]);
  await addSalesOrder([{ materialsId: A, quantity: 100, deliveryTime: '2027-03-02 17:00:00' }]);
  for (const o of [so1, so2, so3]) {
    await act(o.id, 'confirm');
    await cancelLinked(o.id);
  }
  // production: A 5, 2 of them made and stocked (A's stock 6, its production still to come 3); B 3
  // not confirmed yet (it counts: the planner has it); a finished order of A counts for nothing
  producing = await addOrder(f, { materialsId: A, quantity: 5 });
  const plan = await addPlan(f, producing.id, { quantity: 2 });
  await release(f, plan.id);
  const wo = await f.a.page<{ id: number }>(`${PRODUCTION}produceWorkOrder/getProduceWorkOrderListPage`, [
    { fieldName: 'planId', operator: 'eq', fieldValue: plan.id },
  ]);
  const tasks = await f.a.ok<{ id: number }[]>(
    f.a.get(`${PRODUCTION}produceTask/getProduceTaskList`, { workOrderId: wo.content[0].id }),
  );
  const stations = [f.ids.windingStation, f.ids.assemblyStation, f.ids.testingStation];
  for (const [i, t] of tasks.entries())
    await f.a.ok(reportWork(f, { taskId: t.id, stationId: stations[i], goodQuantity: 2 }));
  await f.a.ok(f.a.post(`${PRODUCTION}producePlan/stocking`, { id: plan.id, warehouseId: finished }));
  await addOrder(f, { materialsId: B, quantity: 3 }, { confirm: false });
  // A 1 of the first order shipped: its open demand 4, A's stock 5
  const line = (await f.a.ok<Order>(f.a.get(`${S}getSalesOrderDetail`, { id: so1.id }))).lines[0];
  await act(so1.id, 'ship', { warehouseId: finished, lines: [{ lineId: line.id, quantity: 1 }] });
}, 600_000);
afterAll(() => h.close());

describe('销售需求 (sales demand list)', () => {
  it('splits each product’s open demand by week into stock, production and uncovered, earliest weeks first', async () => {
    const { content, total } = await demand();
    // A: stock 5, production 3. Week 9: 4 + 2 = 6 → 5 stock, 1 production. Week 10: 7 → 0 stock
    // (all taken), 2 production, 5 uncovered.
    // B: stock 2, production 3. Week 9: 4 → 2, 2. Week 16: 6 → 0, 1, 5 uncovered.
    expect(content.map(figures)).toEqual([
      ['S13-M-400', '2027-03-01', 6, 5, 1, 0],
      ['S13-M-400', '2027-03-08', 7, 0, 2, 5],
      ['SCB-630', '2027-03-01', 4, 2, 2, 0],
      ['SCB-630', '2027-04-19', 6, 0, 1, 5],
    ]);
    expect(total).toBe(4);
    expect(content[0]).toMatchObject({
      period: '2027年第9周',
      periodEnd: '2027-03-07',
      earliestDelivery: '2027-03-02 17:00:00',
      lineCount: 2,
      availableStock: 5,
      openProduction: 3,
      urgent: false,
      overdue: false,
      materialsUnit: '台',
    });
    expect(content[3].period).toBe('2027年第16周');
  });

  it('by month the same stock and production cover the months', async () => {
    const { content } = await demand({ granularity: 'month' });
    expect(content.map(figures)).toEqual([
      ['S13-M-400', '2027-03-01', 13, 5, 3, 5],
      ['SCB-630', '2027-03-01', 4, 2, 2, 0],
      ['SCB-630', '2027-04-01', 6, 0, 1, 5],
    ]);
    expect(content[0]).toMatchObject({ period: '2027年3月', periodEnd: '2027-03-31', lineCount: 3 });
    expect(content[2].periodEnd).toBe('2027-04-30');
  });

  it('filters by product, by the periods a date range touches and by what is uncovered, pages, and validates', async () => {
    expect((await demand({ keyword: 'scb' })).content.map((r) => r.materialsId)).toEqual([B, B]);
    // the range shows the weeks it touches; the stock still went to the earlier week
    const ranged = await demand({ beginTime: '2027-03-08', endTime: '2027-03-31' });
    expect(ranged.content.map(figures)).toEqual([['S13-M-400', '2027-03-08', 7, 0, 2, 5]]);
    const uncovered = await demand({ onlyUncovered: 1 });
    expect(uncovered.content.map((r) => r.periodStart)).toEqual(['2027-03-08', '2027-04-19']);
    // pages of the tenant's sizes: the second page of ten is empty, the total stays
    expect(await demand({ pageSize: 10, currentPage: 2 })).toEqual({ content: [], total: 4 });
    expect((await demand({ pageSize: 10, currentPage: 1 })).content).toHaveLength(4);
    const wrong = await f.a.get(`${D}getSalesDemandListPage`, {
      currentPage: 1,
      pageSize: 20,
      beginTime: '2027-04-01',
      endTime: '2027-03-01',
    });
    expect(wrong.body).toMatchObject({ errorCode: 1, errorMsg: '结束日期不能早于开始日期' });
    const bad = await f.a.get(`${D}getSalesDemandListPage`, {
      currentPage: 1,
      pageSize: 20,
      granularity: 'day',
    });
    expect(bad.body.errorCode).toBe(1);
  });

  it('drills down to the open lines behind a row and the product’s open production', async () => {
    const detail = await f.a.ok<SalesDemandDetail>(
      f.a.get(`${D}getSalesDemandDetail`, { materialsId: A, granularity: 'week', periodStart: '2027-03-01' }),
    );
    expect(
      detail.lines.map((l) => [l.lineNo, l.deliveryTime, l.quantity, l.shippedQuantity, l.openQuantity]),
    ).toEqual([
      [1, '2027-03-02 17:00:00', 5, 1, 4],
      [1, '2027-03-04 10:00:00', 2, 0, 2],
    ]);
    expect(detail.lines[0]).toMatchObject({ orderStatus: 1, customerName: '国网江苏省电力有限公司' });
    // the cancelled production orders confirming made are not there
    expect(detail.produceOrders.map((o) => [o.code, o.quantity, o.stockedQuantity, o.remaining])).toEqual([
      [producing.code, 5, 2, 3],
    ]);
  });

  it('marks uncovered demand due within 7 days or overdue in red', async () => {
    const at = (days: number) => formatFactoryTime(new Date(Date.now() + days * 86_400_000));
    const so = await addSalesOrder([
      { materialsId: C, quantity: 2, deliveryTime: at(-2) },
      { materialsId: C, quantity: 3, deliveryTime: at(40) },
    ]);
    await act(so.id, 'confirm');
    await cancelLinked(so.id);
    const rows = (await demand({ keyword: '箱式', granularity: 'month' })).content;
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows[0]).toMatchObject({ uncovered: 2, urgent: true, overdue: true });
    expect(rows.at(-1)).toMatchObject({ uncovered: 3, urgent: false, overdue: false });
  });

  it('exports the list as filtered', async () => {
    const rows = await f.a.exported(`${D}export`, { granularity: 'week', keyword: 'S13' });
    expect(rows[0].slice(0, 5)).toEqual(['产品编码', '产品名称', '规格型号', '单位', '周期']);
    expect(rows.slice(1).map((r) => [r[0], r[4], r[9], r[10], r[11], r[12]])).toEqual([
      ['S13-M-400', '2027年第9周', 6, 5, 1, 0],
      ['S13-M-400', '2027年第10周', 7, 0, 2, 5],
    ]);
  });
});
