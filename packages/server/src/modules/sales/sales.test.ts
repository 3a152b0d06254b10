import type { SalesOrderTrace } from '@factory/shared/api/sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { walkMachine } from '../../testing/machineWalk.ts';
import {
  addPlan,
  PRODUCTION,
  type ProductionFixture,
  productionFixture,
  release,
  reportWork,
} from '../plans/testing.ts';
import { salesOrderActions, salesOrders } from './index.ts';

const S = 'sales/private/salesOrder/';
const CONFIG = 'basicConfig/private/basicConfig/';
const W = 'warehouse/private/';
const PLAN = `${PRODUCTION}producePlan/`;

type Line = {
  id: number;
  lineNo?: number;
  quantity: number;
  amount: number;
  deliveryTime: string;
  shippedQuantity: number;
  returnedQuantity: number;
  linkedProduceQuantity: number;
  producedQuantity: number;
};
type Order = {
  id: number;
  code: string;
  version: number;
  confirmStatus: number;
  status: number;
  customerName: string;
  totalAmount: number;
  shippedQuantity: number;
  lines: Line[];
};

let h: Harness;
let f: ProductionFixture;
let finished: number;
let otherIn: number;

beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h, 'sal');
  const add = async (url: string, body: unknown) => (await f.a.ok<{ id: number }>(f.a.post(url, body))).id;
  finished = await add(`${W}warehouse/addWarehouse`, { code: 'CP', name: '成品库' });
  const types = await f.a.page<{ id: number; name: string }>(`${W}stockType/getStockTypeListPage`);
  otherIn = types.content.find((t) => t.name === '其他入库')?.id as number;
});
afterAll(() => h.close());

const detail = (id: number) => f.a.ok<Order>(f.a.get(`${S}getSalesOrderDetail`, { id }));
const trace = (id: number) => f.a.ok<SalesOrderTrace>(f.a.get(`${S}getSalesOrderTrace`, { id }));

async function addSalesOrder(lines: Record<string, unknown>[] = [{ quantity: 10, unitPrice: 100 }]) {
  return f.a.ok<Order>(
    f.a.post(`${S}addSalesOrder`, {
      customerId: f.ids.customer,
      remark: '年度框架订单',
      lines: lines.map((l) => ({
        materialsId: f.ids.product,
        taxRate: 13,
        deliveryTime: '2026-12-20 17:00:00',
        ...l,
      })),
    }),
  );
}

async function act(id: number, action: string, body: Record<string, unknown> = {}) {
  const { version } = await detail(id);
  return f.a.post(`${S}${action}`, { id, version, ...body });
}

/** Finished goods into the finished-goods warehouse (其他入库) under this batch. */
async function stockIn(quantity: number, batchCode: string) {
  const doc = await f.a.ok<{ id: number; version: number }>(
    f.a.post(`${W}stockDoc/addStockDoc`, {
      kind: 0,
      stockTypeId: otherIn,
      warehouseId: finished,
      lines: [{ materialsId: f.ids.product, quantity, batchCode }],
    }),
  );
  const s = await f.a.ok<{ version: number }>(
    f.a.post(`${W}stockDoc/submit`, { id: doc.id, version: doc.version }),
  );
  await f.a.ok(f.a.post(`${W}stockDoc/approve`, { id: doc.id, version: s.version }));
}

/** A production order confirmed, planned, released, reported good through its steps and stocked. */
async function produce(orderId: number, quantity: number) {
  const { version } = await f.a.ok<{ version: number }>(
    f.a.get(`${PRODUCTION}produceOrder/getProduceOrderDetail`, { id: orderId }),
  );
  await f.a.ok(f.a.post(`${PRODUCTION}produceOrder/confirm`, { id: orderId, version }));
  const plan = await addPlan(f, orderId, { quantity });
  await release(f, plan.id);
  const page = await f.a.page<{ id: number }>(`${PRODUCTION}produceWorkOrder/getProduceWorkOrderListPage`, [
    { fieldName: 'planId', operator: 'eq', fieldValue: plan.id },
  ]);
  const tasks = await f.a.ok<{ id: number }[]>(
    f.a.get(`${PRODUCTION}produceTask/getProduceTaskList`, { workOrderId: page.content[0].id }),
  );
  const stations = [f.ids.windingStation, f.ids.assemblyStation, f.ids.testingStation];
  for (const [i, t] of tasks.entries())
    await f.a.ok(reportWork(f, { taskId: t.id, stationId: stations[i], goodQuantity: quantity }));
  await f.a.ok(f.a.post(`${PLAN}stocking`, { id: plan.id, warehouseId: finished }));
}

describe('sales orders', () => {
  it('numbers the order, prices its lines 2 decimals half-up and totals them', async () => {
    const order = await addSalesOrder([
      { quantity: 10, unitPrice: 12345.6785 },
      { quantity: 3, unitPrice: 0.005 },
    ]);
    const row = await detail(order.id);
    expect(row.code).toMatch(/^SO\d{8}\d{3}$/);
    expect(row).toMatchObject({ confirmStatus: 0, status: 0, customerName: '国网江苏省电力有限公司' });
    expect(row.lines.map((l) => l.amount)).toEqual([123456.79, 0.02]);
    expect(row.lines[0].deliveryTime).toBe('2026-12-20 17:00:00');
    expect(row.totalAmount).toBe(123456.81);
  });

  it('refuses a product that is not finished goods, and an order without lines', async () => {
    const raw = await f.a.post(`${S}addSalesOrder`, {
      customerId: f.ids.customer,
      lines: [{ materialsId: f.ids.copper, quantity: 1, unitPrice: 1, deliveryTime: '2026-12-20 17:00:00' }],
    });
    expect(raw.body.errorCode).toBe(1);
    expect(raw.body.errorMsg).toContain('产品');
    const none = await f.a.post(`${S}addSalesOrder`, { customerId: f.ids.customer, lines: [] });
    expect(none.body.errorCode).toBe(1);
  });

  it('sales order → production order for the shortfall → completed and stocked → shipped in parts, quantities checked at each step', async () => {
    await stockIn(3, 'SO-B1');
    const order = await addSalesOrder([{ quantity: 10, unitPrice: 100 }]);
    expect((await act(order.id, 'confirm')).body.errorCode).toBe(0);

    // 3 in stock: a production order of 7, source 1, for the line
    const linked = (await trace(order.id)).produceOrders;
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({ quantity: 7, confirmStatus: 0, planStatus: 0, completedQuantity: 0 });
    const po = await f.a.ok<{ source: number; sourceCode: string; customerName: string }>(
      f.a.get(`${PRODUCTION}produceOrder/getProduceOrderDetail`, { id: linked[0].id }),
    );
    expect(po).toMatchObject({ source: 1, sourceCode: order.code, customerName: '国网江苏省电力有限公司' });
    let row = await detail(order.id);
    expect(row.lines[0]).toMatchObject({
      quantity: 10,
      linkedProduceQuantity: 7,
      producedQuantity: 0,
      shippedQuantity: 0,
    });

    // shipping more than the stock holds is refused by the ledger; nothing moves
    const tooMuch = await act(order.id, 'ship', {
      warehouseId: finished,
      lines: [{ lineId: row.lines[0].id, quantity: 5 }],
    });
    expect(tooMuch.body.errorCode).toBe(7);
    expect(tooMuch.body.errorMsg).toContain('库存不足');
    expect((await detail(order.id)).lines[0].shippedQuantity).toBe(0);

    // partial shipment of the batch in stock
    const first = await f.a.ok<{ status: number; stockDocCode: string }>(
      act(order.id, 'ship', {
        warehouseId: finished,
        lines: [{ lineId: row.lines[0].id, batchCode: 'SO-B1', quantity: 3 }],
      }),
    );
    expect(first.status).toBe(1);
    row = await detail(order.id);
    expect(row).toMatchObject({ status: 1, shippedQuantity: 3 });
    expect(row.lines[0].shippedQuantity).toBe(3);
    const doc = await f.a.ok<{ kind: number; status: number; stockTypeName: string; sourceNumber: string }>(
      f.a.get(`${W}stockDoc/getStockDocDetail`, {
        id: (first as unknown as { stockDocId: number }).stockDocId,
      }),
    );
    expect(doc).toMatchObject({ kind: 1, status: 2, stockTypeName: '销售出库', sourceNumber: order.code });

    // once something shipped it can no longer be unconfirmed nor cancelled
    const unconfirm = await act(order.id, 'unconfirm');
    expect(unconfirm.body).toMatchObject({
      errorCode: 7,
      errorMsg: `销售订单“${order.code}”部分发货，不能取消确认`,
    });

    // production completes the 7 and stocks them
    await produce(linked[0].id, 7);
    row = await detail(order.id);
    expect(row.lines[0]).toMatchObject({ linkedProduceQuantity: 7, producedQuantity: 7, shippedQuantity: 3 });
    expect((await trace(order.id)).stock[0].available).toBe(7);

    // over-shipping the line is refused, naming it
    const over = await act(order.id, 'ship', {
      warehouseId: finished,
      lines: [{ lineId: row.lines[0].id, quantity: 8 }],
    });
    expect(over.body).toMatchObject({
      errorCode: 7,
      errorMsg: '第1行“S13-M-400/10 油浸式变压器”订货 10，已发货 3，本次发货 8 超出订单数量，最多还可发货 7',
    });

    // the rest, first in first out: shipped
    const last = await f.a.ok<{ status: number }>(
      act(order.id, 'ship', { warehouseId: finished, lines: [{ lineId: row.lines[0].id, quantity: 7 }] }),
    );
    expect(last.status).toBe(2);
    row = await detail(order.id);
    expect(row).toMatchObject({ status: 2, shippedQuantity: 10 });
    const shipments = (await trace(order.id)).shipments;
    expect(shipments.map((s) => [s.batchCode === 'SO-B1', s.quantity])).toEqual([
      [true, 3],
      [false, 7],
    ]);
    expect((await trace(order.id)).stock[0].available).toBe(0);
    const again = await act(order.id, 'ship', {
      warehouseId: finished,
      lines: [{ lineId: row.lines[0].id, quantity: 1 }],
    });
    expect(again.body.errorMsg).toBe(`销售订单“${order.code}”已发货，不能发货`);
  });

  it('confirming with enough stock makes no production order', async () => {
    await stockIn(2, 'SO-B2');
    const order = await addSalesOrder([{ quantity: 2, unitPrice: 1 }]);
    await f.a.ok(act(order.id, 'confirm'));
    expect((await trace(order.id)).produceOrders).toEqual([]);
    expect((await detail(order.id)).lines[0].linkedProduceQuantity).toBe(0);
    await f.a.ok(act(order.id, 'unconfirm'));
  });

  it('unconfirm cancels the unconfirmed production orders it made; refused once one is confirmed', async () => {
    const order = await addSalesOrder([{ quantity: 100000, unitPrice: 1 }]);
    await f.a.ok(act(order.id, 'confirm'));
    const [po] = (await trace(order.id)).produceOrders;
    expect(po.quantity).toBeGreaterThan(99000);
    await f.a.ok(act(order.id, 'unconfirm'));
    expect((await trace(order.id)).produceOrders).toEqual([]);
    const cancelled = await f.a.ok<{ planStatus: number }>(
      f.a.get(`${PRODUCTION}produceOrder/getProduceOrderDetail`, { id: po.id }),
    );
    expect(cancelled.planStatus).toBe(9);

    // edits only while unconfirmed
    const edited = await f.a.ok<Order>(
      f.a.put(`${S}updateOne`, { id: order.id, version: (await detail(order.id)).version, remark: '改' }),
    );
    expect(edited.version).toBeGreaterThan(0);

    await f.a.ok(act(order.id, 'confirm'));
    const [again] = (await trace(order.id)).produceOrders;
    const { version } = await f.a.ok<{ version: number }>(
      f.a.get(`${PRODUCTION}produceOrder/getProduceOrderDetail`, { id: again.id }),
    );
    await f.a.ok(f.a.post(`${PRODUCTION}produceOrder/confirm`, { id: again.id, version }));
    const refused = await act(order.id, 'unconfirm');
    expect(refused.body).toMatchObject({
      errorCode: 7,
      errorMsg: `销售订单“${order.code}”关联的生产订单“${again.code}”已确认，不能取消确认，请先在生产订单中取消确认`,
    });
    const cancel = await act(order.id, 'cancel');
    expect(cancel.body.errorCode).toBe(7);
    const edit = await f.a.put(`${S}updateOne`, {
      id: order.id,
      version: (await detail(order.id)).version,
      remark: 'x',
    });
    expect(edit.body).toMatchObject({
      errorCode: 7,
      errorMsg: `销售订单“${order.code}”已确认，不能修改，请先取消确认`,
    });
  });

  it('closes with a reason and reopens to the status its quantities give; cancels an unconfirmed order', async () => {
    const order = await addSalesOrder();
    await f.a.ok(act(order.id, 'confirm'));
    const noReason = await act(order.id, 'close');
    expect(noReason.body).toMatchObject({ errorCode: 1, errorMsg: '请输入关闭原因' });
    await f.a.ok(act(order.id, 'close', { reason: '客户取消剩余数量' }));
    expect(await detail(order.id)).toMatchObject({ status: 3, closeReason: '客户取消剩余数量' });
    await f.a.ok(act(order.id, 'reopen'));
    expect(await detail(order.id)).toMatchObject({ status: 0, closeReason: null });
    await f.a.ok(act(order.id, 'unconfirm'));
    await f.a.ok(act(order.id, 'cancel'));
    expect((await detail(order.id)).status).toBe(9);
    const del = await f.a.del(`${S}deleteOne`, order.id);
    expect(del.body.errorMsg).toBe(`销售订单“${order.code}”已取消，不能删除`);
  });

  it('deletes an unconfirmed order, also after it was confirmed and unconfirmed', async () => {
    const order = await addSalesOrder([{ quantity: 500, unitPrice: 1 }]);
    await f.a.ok(act(order.id, 'confirm'));
    await f.a.ok(act(order.id, 'unconfirm'));
    await f.a.ok(f.a.del(`${S}deleteOne`, order.id));
    expect((await f.a.get(`${S}getSalesOrderDetail`, { id: order.id })).body.errorCode).toBe(4);
  });
});

describe('撤销发货 (a shipment taken back)', () => {
  type Doc = { id: number; code: string; version: number; status: number };
  const stockDoc = (id: number) => f.a.ok<Doc>(f.a.get(`${W}stockDoc/getStockDocDetail`, { id }));
  const available = async (orderId: number) => (await trace(orderId)).stock[0].available;

  it('gives the quantities, the status and the stock back; refuses twice, and refuses the warehouse’s own 冲销', async () => {
    await stockIn(5, 'UN-B1');
    const order = await addSalesOrder([{ quantity: 5, unitPrice: 10 }]);
    await f.a.ok(act(order.id, 'confirm'));
    expect((await trace(order.id)).produceOrders).toEqual([]);
    const lineId = (await detail(order.id)).lines[0].id;
    const first = await f.a.ok<{ stockDocId: number; stockDocCode: string }>(
      act(order.id, 'ship', { warehouseId: finished, lines: [{ lineId, batchCode: 'UN-B1', quantity: 2 }] }),
    );
    const second = await f.a.ok<{ stockDocId: number; stockDocCode: string; status: number }>(
      act(order.id, 'ship', { warehouseId: finished, lines: [{ lineId, batchCode: 'UN-B1', quantity: 3 }] }),
    );
    expect(second.status).toBe(2);
    const stockBefore = await available(order.id);

    // the warehouse's own 冲销 of a shipment is refused, saying where to take it back
    const doc = await stockDoc(second.stockDocId);
    const reverse = await f.a.post(`${W}stockDoc/reverse`, {
      id: doc.id,
      version: doc.version,
      reason: '错发',
    });
    expect(reverse.body).toMatchObject({
      errorCode: 7,
      errorMsg: `单据“${second.stockDocCode}”是销售订单“${order.code}”的发货，不能冲销；请在该销售订单中撤销发货`,
    });
    expect((await stockDoc(second.stockDocId)).status).toBe(2);

    // a reason is required
    const noReason = await act(order.id, 'unship', { stockDocId: second.stockDocId });
    expect(noReason.body.errorCode).toBe(1);
    const blank = await act(order.id, 'unship', { stockDocId: second.stockDocId, reason: '  ' });
    expect(blank.body).toMatchObject({ errorCode: 1, errorMsg: '请输入撤销发货原因' });

    // the second shipment back: 3 return to the line, the batch and the status
    const back = await f.a.ok<{ status: number }>(
      act(order.id, 'unship', { stockDocId: second.stockDocId, reason: '客户拒收，整车退回' }),
    );
    expect(back.status).toBe(1);
    let row = await detail(order.id);
    expect(row).toMatchObject({ status: 1, shippedQuantity: 2 });
    expect(row.lines[0].shippedQuantity).toBe(2);
    expect(await available(order.id)).toBe(stockBefore + 3);
    expect((await stockDoc(second.stockDocId)).status).toBe(3);
    const shipments = (await trace(order.id)).shipments;
    expect(shipments.map((s) => [s.stockDocCode, s.batchCode, s.quantity, s.reversedAt !== null])).toEqual([
      [first.stockDocCode, 'UN-B1', 2, false],
      [second.stockDocCode, 'UN-B1', 3, true],
    ]);
    expect(shipments[1].reversedByName).toBeTruthy();

    // taken back once only
    const twice = await act(order.id, 'unship', { stockDocId: second.stockDocId, reason: '再撤' });
    expect(twice.body).toMatchObject({
      errorCode: 7,
      errorMsg: `出库单“${second.stockDocCode}”的发货已撤销，不能重复撤销`,
    });
    // a document that is not this order's shipment
    const other = await act(order.id, 'unship', { stockDocId: 999999, reason: '错单' });
    expect(other.body.errorCode).toBe(1);
    expect(other.body.errorMsg).toBe(`该出库单不是销售订单“${order.code}”的发货`);

    // the first one back too: nothing shipped, the order may be unconfirmed again
    await f.a.ok(act(order.id, 'unship', { stockDocId: first.stockDocId, reason: '订单取消' }));
    row = await detail(order.id);
    expect(row).toMatchObject({ status: 0, shippedQuantity: 0 });
    expect(await available(order.id)).toBe(stockBefore + 5);
    const none = await act(order.id, 'unship', { stockDocId: first.stockDocId, reason: 'x' });
    expect(none.body).toMatchObject({
      errorCode: 7,
      errorMsg: `销售订单“${order.code}”未发货，不能撤销发货`,
    });
    // shipped again after being taken back: the line counts only what stands
    await f.a.ok(act(order.id, 'ship', { warehouseId: finished, lines: [{ lineId, quantity: 5 }] }));
    expect((await detail(order.id)).lines[0].shippedQuantity).toBe(5);
    const log = await f.a.ok<{ action: string; reason: string | null }[]>(
      f.a.get(`${S}getLogList`, { id: order.id }),
    );
    expect(log.filter((e) => e.action === 'unship').map((e) => e.reason)).toEqual([
      '客户拒收，整车退回',
      '订单取消',
    ]);
  });

  it('keeps the ledger’s refusal: a stock count freezing the warehouse refuses the take-back whole', async () => {
    await stockIn(1, 'UN-B3');
    const order = await addSalesOrder([{ quantity: 1, unitPrice: 10 }]);
    await f.a.ok(act(order.id, 'confirm'));
    const lineId = (await detail(order.id)).lines[0].id;
    const shipped = await f.a.ok<{ stockDocId: number; stockDocCode: string }>(
      act(order.id, 'ship', { warehouseId: finished, lines: [{ lineId, batchCode: 'UN-B3', quantity: 1 }] }),
    );
    const COUNT = `${W}stockCount/`;
    const count = await f.a.ok<{ id: number }>(f.a.post(`${COUNT}addStockCount`, { warehouseId: finished }));
    const version = async () =>
      (await f.a.ok<{ version: number }>(f.a.get(`${COUNT}getStockCountDetail`, { id: count.id }))).version;
    await f.a.ok(f.a.post(`${COUNT}start`, { id: count.id, version: await version() }));
    const refused = await act(order.id, 'unship', { stockDocId: shipped.stockDocId, reason: '退回' });
    expect(refused.body.errorCode).toBe(7);
    expect(refused.body.errorMsg).toMatch(
      new RegExp(`^出库单“${shipped.stockDocCode}”不能撤销发货：.*正在盘点`),
    );
    // nothing moved: still shipped, the document posted, the shipment standing
    expect(await detail(order.id)).toMatchObject({ status: 2, shippedQuantity: 1 });
    expect((await stockDoc(shipped.stockDocId)).status).toBe(2);
    expect((await trace(order.id)).shipments[0].reversedAt).toBeNull();
    await f.a.ok(f.a.post(`${COUNT}cancel`, { id: count.id, version: await version() }));
    await f.a.ok(act(order.id, 'unship', { stockDocId: shipped.stockDocId, reason: '退回' }));
    expect(await detail(order.id)).toMatchObject({ status: 0, shippedQuantity: 0 });
  });

  it('a closed order is reopened before a shipment is taken back', async () => {
    await stockIn(1, 'UN-B2');
    const order = await addSalesOrder([{ quantity: 3, unitPrice: 10 }]);
    await f.a.ok(act(order.id, 'confirm'));
    const lineId = (await detail(order.id)).lines[0].id;
    const shipped = await f.a.ok<{ stockDocId: number }>(
      act(order.id, 'ship', { warehouseId: finished, lines: [{ lineId, batchCode: 'UN-B2', quantity: 1 }] }),
    );
    await f.a.ok(act(order.id, 'close', { reason: '余量不要了' }));
    const refused = await act(order.id, 'unship', { stockDocId: shipped.stockDocId, reason: '退回' });
    expect(refused.body).toMatchObject({
      errorCode: 7,
      errorMsg: `销售订单“${order.code}”已关闭，不能撤销发货`,
    });
    await f.a.ok(act(order.id, 'reopen'));
    await f.a.ok(act(order.id, 'unship', { stockDocId: shipped.stockDocId, reason: '退回' }));
    expect(await detail(order.id)).toMatchObject({ status: 0, shippedQuantity: 0 });
    // unconfirmed again it is not deleted (its shipments taken back stay), but cancelled
    await f.a.ok(act(order.id, 'unconfirm'));
    const del = await f.a.del(`${S}deleteOne`, order.id);
    expect(del.body).toMatchObject({
      errorCode: 7,
      errorMsg: `销售订单“${order.code}”有已撤销的发货记录，不能删除，请取消该订单`,
    });
    await f.a.ok(act(order.id, 'cancel'));
  });
});

describe('over-ship tolerance (basic config over_ship_rate)', () => {
  const setRate = (value: string) => f.a.ok(f.a.put(`${CONFIG}updateOne`, { code: 'over_ship_rate', value }));

  it('defaults to 0 (nothing over the order); a rate lets a line ship up to ordered × (1 + rate %), no more', async () => {
    await stockIn(12, 'OS-B1');
    const order = await addSalesOrder([{ quantity: 10, unitPrice: 100 }]);
    await f.a.ok(act(order.id, 'confirm'));
    const lineId = (await detail(order.id)).lines[0].id;
    expect((await trace(order.id)).overShipRate).toBe(0);
    const none = await act(order.id, 'ship', {
      warehouseId: finished,
      lines: [{ lineId, quantity: 10.001 }],
    });
    expect(none.body).toMatchObject({
      errorCode: 7,
      errorMsg:
        '第1行“S13-M-400/10 油浸式变压器”订货 10，已发货 0，本次发货 10.001 超出订单数量，最多还可发货 10',
    });

    const bad = await f.a.put(`${CONFIG}updateOne`, { code: 'over_ship_rate', value: '五' });
    expect(bad.body).toMatchObject({
      errorCode: 1,
      errorMsg: '“销售超发比例(%)”应为0到100之间的数，最多2位小数',
    });
    await setRate('5');
    try {
      expect((await trace(order.id)).overShipRate).toBe(5);
      await f.a.ok(
        act(order.id, 'ship', {
          warehouseId: finished,
          lines: [{ lineId, batchCode: 'OS-B1', quantity: 4 }],
        }),
      );
      const above = await act(order.id, 'ship', {
        warehouseId: finished,
        lines: [{ lineId, batchCode: 'OS-B1', quantity: 6.6 }],
      });
      expect(above.body).toMatchObject({
        errorCode: 7,
        errorMsg:
          '第1行“S13-M-400/10 油浸式变压器”订货 10，已发货 4，本次发货 6.6 超出订单数量（允许超发 5%，上限 10.5），最多还可发货 6.5',
      });
      // at the limit: passes, and the line is shipped
      const atLimit = await f.a.ok<{ status: number }>(
        act(order.id, 'ship', {
          warehouseId: finished,
          lines: [{ lineId, batchCode: 'OS-B1', quantity: 6.5 }],
        }),
      );
      expect(atLimit.status).toBe(2);
      expect((await detail(order.id)).lines[0].shippedQuantity).toBe(10.5);
    } finally {
      await setRate('0');
    }
  });
});

describe('退货 (goods the customer sends back)', () => {
  type Doc = {
    id: number;
    code: string;
    version: number;
    status: number;
    kind: number;
    stockTypeName: string;
  };
  type DocLine = { batchCode: string; quantity: number };
  const stockDoc = (id: number) =>
    f.a.ok<Doc & { sourceNumber: string; lines: DocLine[] }>(
      f.a.get(`${W}stockDoc/getStockDocDetail`, { id }),
    );

  it('takes goods back into a batch of their own, line and batch bounded by what stands shipped; status stays', async () => {
    await stockIn(2, 'RT-B1');
    await stockIn(1, 'RT-B2');
    const order = await addSalesOrder([{ quantity: 4, unitPrice: 10 }]);
    await f.a.ok(act(order.id, 'confirm'));
    const lineId = (await detail(order.id)).lines[0].id;
    const noShip = await act(order.id, 'returnGoods', {
      warehouseId: finished,
      lines: [{ lineId, quantity: 1 }],
      reason: '质量问题',
    });
    expect(noShip.body).toMatchObject({ errorCode: 7, errorMsg: `销售订单“${order.code}”未发货，不能退货` });
    const shipOf = async (batchCode: string, quantity: number) =>
      f.a.ok<{ stockDocId: number; stockDocCode: string }>(
        act(order.id, 'ship', { warehouseId: finished, lines: [{ lineId, batchCode, quantity }] }),
      );
    const first = await shipOf('RT-B1', 2);
    const second = await shipOf('RT-B2', 1);
    const available = (await trace(order.id)).stock[0].available;

    // a reason is required; more than shipped, a batch never shipped are refused naming the line
    const noReason = await act(order.id, 'returnGoods', {
      warehouseId: finished,
      lines: [{ lineId, quantity: 1 }],
    });
    expect(noReason.body.errorCode).toBe(1);
    const blank = await act(order.id, 'returnGoods', {
      warehouseId: finished,
      lines: [{ lineId, quantity: 1 }],
      reason: ' ',
    });
    expect(blank.body).toMatchObject({ errorCode: 1, errorMsg: '请输入退货原因' });
    const tooMany = await act(order.id, 'returnGoods', {
      warehouseId: finished,
      lines: [{ lineId, quantity: 4 }],
      reason: '外壳磕碰',
    });
    expect(tooMany.body).toMatchObject({
      errorCode: 7,
      errorMsg: '第1行“S13-M-400/10 油浸式变压器”已发货 3，已退货 0，本次退货 4 超出可退货数量 3',
    });
    const otherBatch = await act(order.id, 'returnGoods', {
      warehouseId: finished,
      lines: [{ lineId, batchCode: 'SO-B1', quantity: 1 }],
      reason: '外壳磕碰',
    });
    expect(otherBatch.body).toMatchObject({
      errorCode: 1,
      errorMsg: '第1行“S13-M-400/10 油浸式变压器”没有从批次“SO-B1”发货的记录',
    });

    // 1 back from RT-B1: an inbound 其他入库 document, a new batch, the line's returned quantity
    const back = await f.a.ok<{ status: number; stockDocId: number; stockDocCode: string }>(
      act(order.id, 'returnGoods', {
        warehouseId: finished,
        lines: [{ lineId, batchCode: 'RT-B1', quantity: 1 }],
        reason: '外壳磕碰',
      }),
    );
    expect(back.status).toBe(1);
    const doc = await stockDoc(back.stockDocId);
    expect(doc).toMatchObject({ kind: 0, status: 2, stockTypeName: '其他入库', sourceNumber: order.code });
    expect(doc.lines[0].batchCode).toBeTruthy();
    expect(doc.lines[0].batchCode).not.toBe('RT-B1');
    let row = await detail(order.id);
    expect(row).toMatchObject({ status: 1, shippedQuantity: 3 });
    expect(row.lines[0]).toMatchObject({ shippedQuantity: 3, returnedQuantity: 1 });
    let t = await trace(order.id);
    expect(t.stock[0].available).toBe(available + 1);
    expect(t.returns).toEqual([
      expect.objectContaining({
        stockDocCode: back.stockDocCode,
        lineId,
        shippedBatchCode: 'RT-B1',
        batchCode: doc.lines[0].batchCode,
        quantity: 1,
        reason: '外壳磕碰',
        warehouseName: '成品库',
      }),
    ]);
    expect(t.returns[0].returnedByName).toBeTruthy();
    expect(t.returnable).toEqual([
      { lineId, batchCode: 'RT-B1', shipped: 2, returned: 1 },
      { lineId, batchCode: 'RT-B2', shipped: 1, returned: 0 },
    ]);

    // the warehouse's own 冲销 of a return is refused; a named batch is bounded by what it shipped
    const reverse = await f.a.post(`${W}stockDoc/reverse`, {
      id: doc.id,
      version: doc.version,
      reason: '错',
    });
    expect(reverse.body).toMatchObject({
      errorCode: 7,
      errorMsg: `单据“${back.stockDocCode}”是销售订单“${order.code}”的退货入库，不能冲销；退回的货物请另行出库处理`,
    });
    const batchOver = await act(order.id, 'returnGoods', {
      warehouseId: finished,
      lines: [{ lineId, batchCode: 'RT-B1', quantity: 2 }],
      reason: '外壳磕碰',
    });
    expect(batchOver.body).toMatchObject({
      errorCode: 7,
      errorMsg: '第1行“S13-M-400/10 油浸式变压器”批次“RT-B1”已发货 2，已退货 1，本次退货 2 超出可退货数量 1',
    });

    // a shipment is not taken back from under its return: by batch, then by line
    const underBatch = await act(order.id, 'unship', { stockDocId: first.stockDocId, reason: '整单撤回' });
    expect(underBatch.body).toMatchObject({
      errorCode: 7,
      errorMsg: `出库单“${first.stockDocCode}”不能撤销发货：第1行“S13-M-400/10 油浸式变压器”已有从该发货批次退回的货物`,
    });
    await f.a.ok(act(order.id, 'unship', { stockDocId: second.stockDocId, reason: '发错批次' }));
    const underLine = await act(order.id, 'unship', { stockDocId: first.stockDocId, reason: '整单撤回' });
    expect(underLine.body).toMatchObject({
      errorCode: 7,
      errorMsg: `出库单“${first.stockDocCode}”不能撤销发货：第1行“S13-M-400/10 油浸式变压器”已退货 1，撤销后已发货 0 少于已退货数量`,
    });

    // a closed order still takes its returns, booked as the tenant's own 销售退货 type when it keeps one
    await f.a.ok(
      f.a.post(`${W}stockType/addStockType`, { code: 'RKTH', name: '销售退货', direction: 0, bookAs: 4 }),
    );
    await f.a.ok(act(order.id, 'close', { reason: '余量不要了' }));
    const rest = await f.a.ok<{ status: number; stockDocId: number }>(
      act(order.id, 'returnGoods', {
        warehouseId: finished,
        lines: [{ lineId, quantity: 1 }],
        reason: '客户退回',
      }),
    );
    expect(rest.status).toBe(3);
    expect((await stockDoc(rest.stockDocId)).stockTypeName).toBe('销售退货');
    row = await detail(order.id);
    expect(row.lines[0]).toMatchObject({ shippedQuantity: 2, returnedQuantity: 2 });
    t = await trace(order.id);
    expect(t.returns.map((r) => [r.shippedBatchCode, r.quantity])).toEqual([
      ['RT-B1', 1],
      [null, 1],
    ]);
    const nothing = await act(order.id, 'returnGoods', {
      warehouseId: finished,
      lines: [{ lineId, quantity: 1 }],
      reason: '再退',
    });
    expect(nothing.body).toMatchObject({
      errorCode: 7,
      errorMsg: `销售订单“${order.code}”没有可退货的已发货产品，不能退货`,
    });
    const log = await f.a.ok<{ action: string; reason: string | null }[]>(
      f.a.get(`${S}getLogList`, { id: order.id }),
    );
    expect(log.filter((e) => e.action === 'returnGoods').map((e) => e.reason)).toEqual([
      '外壳磕碰',
      '客户退回',
    ]);
  });
});

describe('the sales order machine, walked', () => {
  it('refuses every (state, action) pair the declaration forbids with its message, and no other', async () => {
    const order = await addSalesOrder();
    const steps = await walkMachine(h, f.tenant.id, salesOrderActions, salesOrders, order.id);
    expect(steps).toHaveLength(5 * 2 * 8);
    expect(steps.filter((s) => !s.refused).map((s) => `${s.action} ${JSON.stringify(s.state)}`)).toContain(
      'confirm {"status":0,"confirmStatus":0}',
    );
  });
});
