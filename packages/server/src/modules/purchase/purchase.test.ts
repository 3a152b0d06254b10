import type { PurchaseOrderTrace } from '@factory/shared/api/purchase';
import type { StockBalanceRow } from '@factory/shared/api/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { walkMachine } from '../../testing/machineWalk.ts';
import { addDoc, DOC, postDoc, type WarehouseFixture, warehouseFixture } from '../warehouse/testing.ts';
import { purchaseOrderActions, purchaseOrders, purchaseRequestActions, purchaseRequests } from './index.ts';

const O = 'purchase/private/purchaseOrder/';
const R = 'purchase/private/purchaseRequest/';
const INVENTORY = 'warehouse/kiki/private/warehouseMaterialsBatKiki/';
const SUPPLIER = 'basicData/unit/private/supplier/';
const CONFIG = 'basicConfig/private/basicConfig/';

type Line = {
  id: number;
  lineNo?: number;
  materialsId: number;
  quantity: number;
  unitPrice: number;
  taxRate: number;
  deliveryTime: string;
  receivedQuantity: number;
  requestCode: string | null;
};

/** What the order form sends back of a line. */
const editable = ({ materialsId, quantity, unitPrice, taxRate, deliveryTime }: Line) => ({
  materialsId,
  quantity,
  unitPrice,
  taxRate,
  deliveryTime,
});
type Order = {
  id: number;
  code: string;
  version: number;
  confirmStatus: number;
  status: number;
  receivedQuantity: number;
  totalAmount: number;
  lines: Line[];
};
type Request = { id: number; code: string; version: number; status: number; orderedQuantity: number };

let h: Harness;
let f: WarehouseFixture;
let supplier: number;
let otherSupplier: number;

beforeAll(async () => {
  h = await createHarness();
  f = await warehouseFixture(h, 'pur');
  const add = async (name: string) =>
    (await f.a.ok<{ id: number }>(f.a.post(`${SUPPLIER}addSupplier`, { name }))).id;
  supplier = await add('宝钢硅钢销售有限公司');
  otherSupplier = await add('江南铜材有限公司');
});
afterAll(() => h.close());

const detail = (id: number) => f.a.ok<Order>(f.a.get(`${O}getPurchaseOrderDetail`, { id }));
const trace = (id: number) => f.a.ok<PurchaseOrderTrace>(f.a.get(`${O}getPurchaseOrderTrace`, { id }));
const request = (id: number) => f.a.ok<Request>(f.a.get(`${R}getPurchaseRequestDetail`, { id }));
const balancesOf = (materialsId: number) =>
  f.a.ok<StockBalanceRow[]>(f.a.get(`${INVENTORY}getMaterialsBatchList`, { materialsId }));

async function addOrder(lines: Record<string, unknown>[] = [{ quantity: 1000, unitPrice: 12.5 }]) {
  return f.a.ok<Order>(
    f.a.post(`${O}addPurchaseOrder`, {
      supplierId: supplier,
      lines: lines.map((l) => ({
        materialsId: f.ids.steel,
        taxRate: 13,
        deliveryTime: '2026-12-10 17:00:00',
        ...l,
      })),
    }),
  );
}

async function act(id: number, action: string, body: Record<string, unknown> = {}) {
  const { version } = await detail(id);
  return f.a.post(`${O}${action}`, { id, version, ...body });
}

async function confirmed(lines?: Record<string, unknown>[]) {
  const order = await addOrder(lines);
  await f.a.ok(act(order.id, 'confirm'));
  return detail(order.id);
}

const receive = (order: Order, lines: Record<string, unknown>[]) =>
  act(order.id, 'receive', { warehouseId: f.ids.raw, lines });

describe('purchase orders', () => {
  it('numbers the order, prices its lines and refuses to confirm a line without a price', async () => {
    const order = await addOrder([
      { quantity: 1000, unitPrice: 12.345 },
      { quantity: 3, unitPrice: 0 },
    ]);
    expect(order.code).toMatch(/^CG\d{8}\d{3}$/);
    expect(order.totalAmount).toBe(12345);
    const refused = await act(order.id, 'confirm');
    expect(refused.body.errorMsg).toBe(`采购订单“${order.code}”第2行“硅钢片 30Q120”未填写单价，不能确认`);
    const edited = await detail(order.id);
    await f.a.ok(
      f.a.put(`${O}updateOne`, {
        id: order.id,
        version: edited.version,
        supplierId: supplier,
        lines: edited.lines.map((l) => ({ ...editable(l), unitPrice: 1 })),
      }),
    );
    await f.a.ok(act(order.id, 'confirm'));
    const edit = await f.a.put(`${O}updateOne`, { id: order.id, version: (await detail(order.id)).version });
    expect(edit.body.errorMsg).toBe(`采购订单“${order.code}”已确认，不能修改，请先取消确认`);
  });

  it('receives in parts, each line a new batch with the supplier batch and production date, and closes when all came', async () => {
    const order = await confirmed([
      { quantity: 1000, unitPrice: 12.5 },
      { materialsId: f.ids.copper, quantity: 200, unitPrice: 68 },
    ]);
    const [steel, copper] = order.lines;
    const first = await f.a.ok<{ status: number; stockDocCode: string }>(
      receive(order, [
        {
          lineId: steel.id,
          quantity: 600,
          locationId: f.ids.a0101,
          supplierBatch: 'BG2611-07',
          productionDate: '2026-11-20',
        },
      ]),
    );
    expect(first.status).toBe(1);
    expect(first.stockDocCode).toMatch(/^CRK/);
    let now = await detail(order.id);
    expect(now.lines.map((l) => l.receivedQuantity)).toEqual([600, 0]);
    expect(now.receivedQuantity).toBe(600);
    const rows = (await balancesOf(f.ids.steel)).filter((b) => b.onHand === 600);
    expect(rows).toHaveLength(1);
    expect(rows[0].locationName).toBe('A-01-01');

    await f.a.ok(
      receive(now, [
        { lineId: steel.id, quantity: 400, batchCode: 'PUR-STEEL-2' },
        { lineId: copper.id, quantity: 200.5 - 0.5 },
      ]),
    );
    now = await detail(order.id);
    expect(now.status).toBe(2);
    expect(now.lines.map((l) => l.receivedQuantity)).toEqual([1000, 200]);
    const t = await trace(order.id);
    expect(t.receipts.map((r) => [r.quantity, r.supplierBatch, r.productionDate, r.needsInspection])).toEqual(
      [
        [600, 'BG2611-07', '2026-11-20', false],
        [400, null, null, false],
        [200, null, null, false],
      ],
    );
    expect(t.receipts[1].batchCode).toBe('PUR-STEEL-2');
    expect(new Set(t.receipts.map((r) => r.batchCode)).size).toBe(3);
    const more = await receive(now, [{ lineId: steel.id, quantity: 1 }]);
    expect(more.body.errorMsg).toBe(`采购订单“${order.code}”已收货，不能收货`);
  });

  it('refuses an over-receipt beyond the tenant tolerance, naming what came and the limit', async () => {
    const order = await confirmed([{ quantity: 1000, unitPrice: 10 }]);
    await f.a.ok(receive(order, [{ lineId: order.lines[0].id, quantity: 980 }]));
    const over = await receive(await detail(order.id), [{ lineId: order.lines[0].id, quantity: 60 }]);
    expect(over.body.errorMsg).toBe(
      `超收：采购订单${order.code} 第1行“硅钢片 30Q120”已收 980 kg，本次 60 kg，上限 1000 kg`,
    );
    expect((await detail(order.id)).lines[0].receivedQuantity).toBe(980);

    const bad = await f.a.put(`${CONFIG}updateOne`, { code: 'over_receipt_rate', value: '五' });
    expect(bad.body.errorMsg).toBe('“采购超收比例(%)”应为0到100之间的数，最多2位小数');
    await f.a.ok(f.a.put(`${CONFIG}updateOne`, { code: 'over_receipt_rate', value: '5' }));
    expect((await trace(order.id)).overReceiptRate).toBe(5);
    const still = await receive(await detail(order.id), [{ lineId: order.lines[0].id, quantity: 70.000001 }]);
    expect(still.body.errorMsg).toContain('上限 1050 kg');
    await f.a.ok(receive(await detail(order.id), [{ lineId: order.lines[0].id, quantity: 70 }]));
    expect(await detail(order.id)).toMatchObject({ status: 2, receivedQuantity: 1050 });
    await f.a.ok(f.a.put(`${CONFIG}updateOne`, { code: 'over_receipt_rate', value: '0' }));
  });

  it('refuses a batch code that exists: every receipt is a batch of its own', async () => {
    const order = await confirmed([{ quantity: 10, unitPrice: 1 }]);
    await f.a.ok(receive(order, [{ lineId: order.lines[0].id, quantity: 5, batchCode: 'PUR-DUP' }]));
    const again = await receive(await detail(order.id), [
      { lineId: order.lines[0].id, quantity: 5, batchCode: 'PUR-DUP' },
    ]);
    expect(again.body.errorMsg).toBe(
      '批次号“PUR-DUP”已存在，每次收货是一个新批次，请换一个批次号或留空自动编号',
    );
  });

  it('reverses a receipt while its batch is untouched, never twice, and only through the order', async () => {
    const order = await confirmed([{ quantity: 100, unitPrice: 3 }]);
    const line = order.lines[0].id;
    const a = await f.a.ok<{ stockDocId: number; stockDocCode: string }>(
      receive(order, [{ lineId: line, quantity: 40, batchCode: 'PUR-REV-A' }]),
    );
    const b = await f.a.ok<{ stockDocId: number; stockDocCode: string }>(
      receive(await detail(order.id), [{ lineId: line, quantity: 60, batchCode: 'PUR-REV-B' }]),
    );
    expect((await detail(order.id)).status).toBe(2);

    // the warehouse's own 冲销 points to the order
    const doc = await f.a.ok<{ version: number }>(f.a.get(`${DOC}getStockDocDetail`, { id: a.stockDocId }));
    const byKeeper = await f.a.post(`${DOC}reverse`, {
      id: a.stockDocId,
      version: doc.version,
      reason: '录错',
    });
    expect(byKeeper.body.errorMsg).toBe(
      `单据“${a.stockDocCode}”是采购订单“${order.code}”的收货入库，不能冲销；请在该采购订单中冲销收货`,
    );

    const noReason = await act(order.id, 'reverseReceipt', { stockDocId: a.stockDocId, reason: '' });
    expect(noReason.body.errorCode).toBe(1);
    await f.a.ok(act(order.id, 'reverseReceipt', { stockDocId: a.stockDocId, reason: '规格不符，整批退回' }));
    let now = await detail(order.id);
    expect(now).toMatchObject({ status: 1, receivedQuantity: 60 });
    expect((await balancesOf(f.ids.steel)).some((r) => r.batchCode === 'PUR-REV-A')).toBe(false);
    const t = await trace(order.id);
    expect(t.receipts.map((r) => [r.batchCode, r.reversedAt !== null])).toEqual([
      ['PUR-REV-A', true],
      ['PUR-REV-B', false],
    ]);
    const twice = await act(order.id, 'reverseReceipt', { stockDocId: a.stockDocId, reason: '再冲' });
    expect(twice.body.errorMsg).toBe(`收货单“${a.stockDocCode}”已冲销，不能重复冲销`);

    // some of B went out: its receipt can no longer be taken back
    await postDoc(
      f,
      await addDoc(f, {
        kind: 1,
        stockTypeId: f.ids.otherOut,
        lines: [{ materialsId: f.ids.steel, quantity: 1, batchCode: 'PUR-REV-B' }],
      }),
    );
    const used = await act(order.id, 'reverseReceipt', { stockDocId: b.stockDocId, reason: '录错' });
    expect(used.body.errorMsg).toContain(`收货单“${b.stockDocCode}”的物料已被使用，不能冲销收货。库存不足：`);
    now = await detail(order.id);
    expect(now).toMatchObject({ status: 1, receivedQuantity: 60 });
    const foreign = await act(order.id, 'reverseReceipt', { stockDocId: 999_999, reason: '录错' });
    expect(foreign.body.errorMsg).toBe(`所选单据不是采购订单“${order.code}”的收货单`);
  });

  it('closes a partly received order with a reason and reopens it to the status its receipts give', async () => {
    const order = await confirmed([{ quantity: 10, unitPrice: 1 }]);
    await f.a.ok(receive(order, [{ lineId: order.lines[0].id, quantity: 4 }]));
    expect((await act(order.id, 'close')).body.errorMsg).toBe('请输入关闭原因');
    await f.a.ok(act(order.id, 'close', { reason: '供应商停产，余量不再供货' }));
    expect(await detail(order.id)).toMatchObject({ status: 3, closeReason: '供应商停产，余量不再供货' });
    const refused = await receive(await detail(order.id), [{ lineId: order.lines[0].id, quantity: 1 }]);
    expect(refused.body.errorMsg).toBe(`采购订单“${order.code}”已关闭，不能收货`);
    await f.a.ok(act(order.id, 'reopen'));
    expect(await detail(order.id)).toMatchObject({ status: 1, closeReason: null });
  });
});

describe('purchase requests', () => {
  const addRequest = (body: Record<string, unknown> = {}) =>
    f.a.ok<Request>(
      f.a.post(`${R}addPurchaseRequest`, {
        materialsId: f.ids.steel,
        quantity: 500,
        requiredDate: '2026-12-05 08:00:00',
        ...body,
      }),
    );
  const actOn = async (id: number, action: string) =>
    f.a.post(`${R}${action}`, { id, version: (await request(id)).version });

  it('orders submitted requests of one supplier into one order, a line each, and gives them back when it is cancelled', async () => {
    const r1 = await addRequest();
    const r2 = await addRequest({ materialsId: f.ids.copper, quantity: 80, supplierId: supplier });
    const r3 = await addRequest({ supplierId: otherSupplier });
    expect(r1.code).toMatch(/^QG\d{11}$/);
    const early = await f.a.post(`${R}orderRequests`, { ids: [r1.id], supplierId: supplier });
    expect(early.body.errorMsg).toBe(`请购单“${r1.code}”待提交，只有已提交的请购单可以转采购订单`);
    for (const r of [r1, r2, r3]) await f.a.ok(actOn(r.id, 'submit'));
    const foreign = await f.a.post(`${R}orderRequests`, { ids: [r1.id, r3.id], supplierId: supplier });
    expect(foreign.body.errorMsg).toBe(`请购单“${r3.code}”指定了其他供应商，不能转给“宝钢硅钢销售有限公司”`);

    const made = await f.a.ok<{ id: number; code: string }>(
      f.a.post(`${R}orderRequests`, { ids: [r2.id, r1.id], supplierId: supplier }),
    );
    const order = await detail(made.id);
    expect(order).toMatchObject({ confirmStatus: 0, status: 0 });
    expect(order.lines.map((l) => [l.quantity, l.requestCode])).toEqual([
      [500, r1.code],
      [80, r2.code],
    ]);
    expect(await request(r1.id)).toMatchObject({ status: 2, orderedQuantity: 500 });
    const cancel = await actOn(r1.id, 'cancel');
    expect(cancel.body.errorMsg).toBe(`请购单“${r1.code}”已采购，不能取消`);

    // the buyer cuts line 1 to 300: the request is open again for the other 200
    await f.a.ok(
      f.a.put(`${O}updateOne`, {
        id: order.id,
        version: order.version,
        supplierId: supplier,
        lines: order.lines.map((l, i) => ({
          ...editable(l),
          unitPrice: 9,
          quantity: i === 0 ? 300 : l.quantity,
        })),
      }),
    );
    expect((await detail(order.id)).lines.map((l) => l.requestCode)).toEqual([r1.code, r2.code]);
    expect(await request(r1.id)).toMatchObject({ status: 1, orderedQuantity: 300 });
    const withdraw = await actOn(r1.id, 'withdraw');
    expect(withdraw.body.errorMsg).toBe(`请购单“${r1.code}”已下单 300，不能撤回`);

    await f.a.ok(act(order.id, 'cancel'));
    expect(await request(r1.id)).toMatchObject({ status: 1, orderedQuantity: 0 });
    expect(await request(r2.id)).toMatchObject({ status: 1, orderedQuantity: 0 });
    await f.a.ok(actOn(r1.id, 'withdraw'));
    await f.a.ok(actOn(r1.id, 'cancel'));
    expect((await request(r1.id)).status).toBe(9);
  });

  it('edits a request only while to submit and deletes one only while nothing is ordered', async () => {
    const r = await addRequest();
    await f.a.ok(actOn(r.id, 'submit'));
    const edit = await f.a.put(`${R}updateOne`, {
      id: r.id,
      version: (await request(r.id)).version,
      quantity: 1,
    });
    expect(edit.body.errorMsg).toBe(`请购单“${r.code}”已提交，不能修改`);
    await f.a.ok(f.a.post(`${R}orderRequests`, { ids: [r.id], supplierId: supplier }));
    const del = await f.a.del(`${R}deleteOne`, r.id);
    expect(del.body.errorMsg).toBe(`请购单“${r.code}”已下采购订单，不能删除`);
  });
});

describe('the purchase machines, walked', () => {
  it('refuses every (state, action) pair the declarations forbid with their messages, and no other', async () => {
    const order = await addOrder();
    const steps = await walkMachine(h, f.tenant.id, purchaseOrderActions, purchaseOrders, order.id);
    expect(steps).toHaveLength(5 * 2 * 7);
    const r = await f.a.ok<Request>(
      f.a.post(`${R}addPurchaseRequest`, {
        materialsId: f.ids.steel,
        quantity: 1,
        requiredDate: '2026-12-05 08:00:00',
      }),
    );
    const requestSteps = await walkMachine(h, f.tenant.id, purchaseRequestActions, purchaseRequests, r.id);
    expect(requestSteps).toHaveLength(4 * 3);
  });
});
