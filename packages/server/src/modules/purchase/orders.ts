import { purchaseApi, type ReceiveBody } from '@factory/shared/api/purchase';
import { fromMicro, micro } from '@factory/shared/decimal';
import { purchaseOrderEntity } from '@factory/shared/entities/purchase';
import { formatFactoryTime } from '@factory/shared/factoryTime';
import { purchaseOrderMachine, purchaseRequestMachine } from '@factory/shared/machines/purchase';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { crud } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, conflict, fieldError, invalid, notFound } from '../../platform/errors.ts';
import { lookedUp } from '../../platform/list.ts';
import { type Actor, type DocRow, machineService } from '../../platform/machine.ts';
import { orderRules } from '../../platform/orders.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { basicConfig } from '../../platform/schema.ts';
import { txHooks } from '../../platform/txHooks.ts';
import {
  batchNumbers,
  materials,
  suppliers,
  units,
  warehouseLocations,
  warehouses,
} from '../information/index.ts';
import { asNumber, productColumns } from '../plans/index.ts';
import { users } from '../setting/index.ts';
import { bookingType, postNow, reverseMadeFor, stockDocLines, stockDocs } from '../warehouse/index.ts';
import { refreshRequests, refuseVirtual, requestsOf } from './requests.ts';
import { purchaseOrderLines, purchaseOrders, purchaseReceipts, purchaseRequests } from './schema.ts';

/** What a receipt posted, line by line: each line one new batch (DOMAIN "Receipt"). */
export interface ReceiptEvent {
  orderId: number;
  orderCode: string;
  supplierId: number;
  stockDocId: number;
  stockDocCode: string;
  receipts: { id: number; materialsId: number; batchId: number; batchCode: string; quantity: string }[];
}
const receiptHooks = txHooks<'received' | 'reversing', ReceiptEvent>(['received', 'reversing']);

/**
 * Lets a module that stands on purchasing join a receipt in its transaction: quality raises the
 * incoming inspection and holds the batch when received, and before a receipt is reversed gives the
 * hold back (or refuses, once the inspection has begun).
 */
export const onReceipt = receiptHooks.on;

/** The receipts an incoming inspection was raised for: their rows show 待检 until its verdict. */
export async function noteInspection(tx: Tx, receiptIds: number[]): Promise<void> {
  if (receiptIds.length)
    await tx
      .update(purchaseReceipts)
      .set({ needsInspection: true })
      .where(inArray(purchaseReceipts.id, receiptIds));
}

/**
 * Units of a receipt sent back to the supplier (non-conforming handling 退供应商): the order line's
 * returned quantity grows. Answers the order's number, for the return's stock document.
 */
export async function noteReturned(tx: Tx, receiptId: number, quantity: string): Promise<string> {
  const [receipt] = await tx
    .select({
      lineId: purchaseReceipts.lineId,
      code: purchaseOrders.code,
      supplierId: purchaseOrders.supplierId,
    })
    .from(purchaseReceipts)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseReceipts.orderId))
    .where(eq(purchaseReceipts.id, receiptId));
  if (!receipt) throw notFound('收货记录');
  await tx
    .update(purchaseOrderLines)
    .set({ returnedQuantity: sql`${purchaseOrderLines.returnedQuantity} + ${quantity}::numeric` })
    .where(eq(purchaseOrderLines.id, receipt.lineId));
  return receipt.code;
}

/** The receipts of one stock document, as the hooks tell them. */
async function receiptEvent(tx: Tx, row: DocRow, stockDocId: number): Promise<ReceiptEvent> {
  const rows = await tx
    .select({
      id: purchaseReceipts.id,
      materialsId: batchNumbers.materialId,
      batchId: batchNumbers.id,
      batchCode: batchNumbers.code,
      quantity: sql<string>`${purchaseReceipts.quantity}::text`,
      docCode: stockDocs.code,
    })
    .from(purchaseReceipts)
    .innerJoin(batchNumbers, eq(batchNumbers.id, purchaseReceipts.batchId))
    .innerJoin(stockDocs, eq(stockDocs.id, purchaseReceipts.stockDocId))
    .where(and(eq(purchaseReceipts.stockDocId, stockDocId), isNull(purchaseReceipts.reversedAt)))
    .orderBy(asc(purchaseReceipts.id));
  return {
    orderId: row.id,
    orderCode: String(row.code),
    supplierId: row.supplierId as number,
    stockDocId,
    stockDocCode: rows[0]?.docCode ?? '',
    receipts: rows.map(({ docCode: _, ...r }) => r),
  };
}

/** 采购订单: the declared calls; edited and deleted only while unconfirmed (docs/purchase.md). */
export const purchaseOrder = crud({
  entity: purchaseOrderEntity,
  table: purchaseOrders,
  document: { number: purchaseOrders.code },
  refs: {
    supplierName: { id: suppliers.id, name: suppliers.name, code: suppliers.code },
    buyerName: { id: users.id, name: users.name, code: users.userName },
  },
  columns: { version: purchaseOrders.version },
  lines: {
    table: purchaseOrderLines,
    docId: purchaseOrderLines.orderId,
    refs: { materialsName: { id: materials.id, name: materials.name, code: materials.code } },
    columns: {
      ...productColumns(purchaseOrderLines.materialsId),
      requestCode: lookedUp(purchaseOrderLines.requestId, purchaseRequests.code),
    },
  },
  hooks: {
    async validate(tx, _values, id, body) {
      if (id !== null) {
        await rules.refuseUnlessDraft(tx, id, '修改');
        // the lines are written anew: what request each kept line came from is carried over
        requestsBefore.set(
          body,
          await tx
            .select({ materialsId: purchaseOrderLines.materialsId, requestId: purchaseOrderLines.requestId })
            .from(purchaseOrderLines)
            .where(and(eq(purchaseOrderLines.orderId, id), isNotNull(purchaseOrderLines.requestId)))
            .orderBy(asc(purchaseOrderLines.lineNo)),
        );
      }
      const lines = Array.isArray(body.lines) ? (body.lines as { materialsId?: unknown }[]) : [];
      for (const [i, l] of lines.entries())
        await refuseVirtual(tx, l.materialsId, `lines.${i}.materialsId`, `第${i + 1}行`);
    },
    async saved(tx, id, body, isNew, actorId) {
      await rules.total(tx, id);
      if (isNew) await tx.update(purchaseOrders).set({ createdBy: actorId }).where(eq(purchaseOrders.id, id));
      const before = requestsBefore.get(body);
      if (!before?.length) return;
      // a request stays with the first line of its material not yet matched, in line order
      const after = await tx
        .select({ id: purchaseOrderLines.id, materialsId: purchaseOrderLines.materialsId })
        .from(purchaseOrderLines)
        .where(eq(purchaseOrderLines.orderId, id))
        .orderBy(asc(purchaseOrderLines.lineNo));
      for (const b of before) {
        const i = after.findIndex((l) => l.materialsId === b.materialsId);
        if (i < 0) continue;
        await tx
          .update(purchaseOrderLines)
          .set({ requestId: b.requestId })
          .where(eq(purchaseOrderLines.id, after[i].id));
        after.splice(i, 1);
      }
      // a line cut or dropped gives its request back the rest to order
      await refreshRequests(
        tx,
        before.map((b) => b.requestId as number),
      );
    },
    async removing(tx, id) {
      await rules.refuseUnlessDraft(tx, id, '删除');
      const requestIds = await requestsOf(tx, id);
      await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, id));
      await refreshRequests(tx, requestIds);
    },
  },
});

/** Per save of an order: its lines made from requests, before the save rewrote them. */
const requestsBefore = new WeakMap<object, { materialsId: number; requestId: number | null }[]>();

/** The order rules sales keeps too (totals, editable while a draft, progress by the quantities). */
const rules = orderRules({
  label: '采购订单',
  head: purchaseOrders,
  id: purchaseOrders.id,
  code: purchaseOrders.code,
  confirmStatus: purchaseOrders.confirmStatus,
  status: purchaseOrders.status,
  lineCount: purchaseOrders.lineCount,
  totalQuantity: purchaseOrders.totalQuantity,
  totalAmount: purchaseOrders.totalAmount,
  earliestDelivery: purchaseOrders.earliestDelivery,
  lines: purchaseOrderLines,
  orderId: purchaseOrderLines.orderId,
  quantity: purchaseOrderLines.quantity,
  unitPrice: purchaseOrderLines.unitPrice,
  amount: purchaseOrderLines.amount,
  deliveryTime: purchaseOrderLines.deliveryTime,
  fulfilled: purchaseOrderLines.receivedQuantity,
  totalFulfilled: purchaseOrders.receivedQuantity,
});

interface OrderLine {
  id: number;
  lineNo: number;
  materialsId: number;
  materialsName: string;
  materialType: number;
  unitName: string | null;
  quantity: string;
  unitPrice: string;
  receivedQuantity: string;
}

const linesOf = (tx: Tx, orderId: number): Promise<OrderLine[]> =>
  tx
    .select({
      id: purchaseOrderLines.id,
      lineNo: purchaseOrderLines.lineNo,
      materialsId: purchaseOrderLines.materialsId,
      materialsName: materials.name,
      materialType: materials.materialType,
      unitName: units.name,
      quantity: purchaseOrderLines.quantity,
      unitPrice: purchaseOrderLines.unitPrice,
      receivedQuantity: purchaseOrderLines.receivedQuantity,
    })
    .from(purchaseOrderLines)
    .innerJoin(materials, eq(materials.id, purchaseOrderLines.materialsId))
    .leftJoin(units, eq(units.id, materials.mainUnitId))
    .where(eq(purchaseOrderLines.orderId, orderId))
    .orderBy(asc(purchaseOrderLines.lineNo));

/** The tenant's over-receipt tolerance in percent (basic config over_receipt_rate; none: 0). */
async function overReceiptRate(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ value: basicConfig.value })
    .from(basicConfig)
    .where(eq(basicConfig.code, 'over_receipt_rate'));
  const rate = Number(row?.value ?? 0);
  return Number.isFinite(rate) && rate > 0 ? rate : 0;
}

/** The lines' received quantities from the receipts that stand; the order's total and status follow. */
async function refreshReceived(tx: Tx, orderId: number): Promise<number> {
  await tx
    .update(purchaseOrderLines)
    .set({
      receivedQuantity: sql`(select coalesce(sum(r.quantity), 0) from ${purchaseReceipts} r
        where r.line_id = ${purchaseOrderLines.id} and r.reversed_at is null)`,
    })
    .where(eq(purchaseOrderLines.orderId, orderId));
  return rules.progress(tx, orderId);
}

const actorIdOf = (actor: Actor) => (actor === 'system' ? null : actor.userId);

const unitOf = (line: OrderLine) => (line.unitName ? ` ${line.unitName}` : '');

/**
 * 收货 (DOMAIN "Receipt"): one inbound stock document of type 0 purchase into the chosen warehouse,
 * posted at once, a new batch per line (the batch-number rule numbers it unless the keeper types a
 * code no batch has yet) with the supplier's batch and production date. Σ received of a line may
 * pass its quantity by the tenant's tolerance, no more.
 */
async function receive(tx: Tx, row: DocRow, input: { body?: unknown }, actor: Actor) {
  const body = input.body as ReceiveBody | undefined;
  if (!body?.lines?.length) throw invalid('请选择收货明细', [{ field: 'lines', message: '请选择收货明细' }]);
  const actorId = actorIdOf(actor);
  if (actorId === null) throw conflict('收货须由用户操作');
  const [warehouse] = await tx
    .select({ kind: warehouses.kind, enabled: warehouses.enabled, name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.id, body.warehouseId));
  if (warehouse?.kind !== 0) throw fieldError('warehouseId', '所选仓库不存在或已被删除');
  if (!warehouse.enabled) throw fieldError('warehouseId', `仓库“${warehouse.name}”已停用`);
  const lines = new Map((await linesOf(tx, row.id)).map((l) => [l.id, l]));
  const asked = new Map<number, bigint>();
  const codes = new Set<string>();
  for (const [i, r] of body.lines.entries()) {
    const line = lines.get(r.lineId);
    if (!line) throw fieldError(`lines.${i}.lineId`, `第${i + 1}行不是本订单的物料明细`);
    asked.set(r.lineId, (asked.get(r.lineId) ?? 0n) + micro(r.quantity));
    const code = r.batchCode?.trim();
    if (!code) continue;
    if (codes.has(code)) throw fieldError(`lines.${i}.batchCode`, `第${i + 1}行批次号“${code}”重复`);
    codes.add(code);
  }
  if (codes.size) {
    const [taken] = await tx
      .select({ code: batchNumbers.code })
      .from(batchNumbers)
      .where(inArray(batchNumbers.code, [...codes]))
      .limit(1);
    if (taken)
      throw conflict(`批次号“${taken.code}”已存在，每次收货是一个新批次，请换一个批次号或留空自动编号`);
  }
  const rate = await overReceiptRate(tx);
  for (const [lineId, q] of asked) {
    const line = lines.get(lineId) as OrderLine;
    // the limit in millionths: quantity × (1 + rate %), rate to 2 decimals
    const limit = (micro(line.quantity) * (10_000n + BigInt(Math.round(rate * 100)))) / 10_000n;
    const received = micro(line.receivedQuantity);
    if (received + q > limit)
      throw conflict(
        `超收：采购订单${row.code} 第${line.lineNo}行“${line.materialsName}”已收 ${fromMicro(received)}${unitOf(line)}，本次 ${fromMicro(q)}${unitOf(line)}，上限 ${fromMicro(limit)}${unitOf(line)}`,
      );
  }
  const docId = await postNow(
    tx,
    actorId,
    {
      kind: 0,
      stockTypeId: await bookingType(tx, 0, 0),
      warehouseId: body.warehouseId,
      supplierId: row.supplierId,
      sourceNumber: String(row.code),
      remark: body.remark?.trim() || '采购收货',
      lines: body.lines.map((r) => {
        const line = lines.get(r.lineId) as OrderLine;
        return {
          materialsId: line.materialsId,
          batchCode: r.batchCode?.trim() || null,
          locationId: r.locationId ?? null,
          quantity: r.quantity,
          remark: `采购订单 ${row.code} 第${line.lineNo}行`,
        };
      }),
    },
    6,
  );
  const docLines = await tx
    .select({ id: stockDocLines.id, batchId: batchNumbers.id })
    .from(stockDocLines)
    .leftJoin(batchNumbers, eq(batchNumbers.code, stockDocLines.batchCode))
    .where(eq(stockDocLines.docId, docId))
    .orderBy(asc(stockDocLines.lineNo));
  for (const [i, r] of body.lines.entries()) {
    const batchId = docLines[i].batchId;
    if (batchId && r.productionDate)
      await tx.update(batchNumbers).set({ producedOn: r.productionDate }).where(eq(batchNumbers.id, batchId));
  }
  await tx.insert(purchaseReceipts).values(
    body.lines.map((r, i) => ({
      orderId: row.id,
      lineId: r.lineId,
      supplierId: row.supplierId as number,
      stockDocId: docId,
      stockDocLineId: docLines[i].id,
      batchId: docLines[i].batchId,
      quantity: String(r.quantity),
      supplierBatch: r.supplierBatch?.trim() || null,
      productionDate: r.productionDate || null,
      createdBy: actorId,
    })),
  );
  await receiptHooks.tell(tx, 'received', await receiptEvent(tx, row, docId));
  return { status: await refreshReceived(tx, row.id) };
}

/**
 * 冲销收货: the receipt's stock document reversed as a whole (the ledger refuses, naming the batch,
 * once any of it has been used), its receipts marked reversed, the lines' received quantities and
 * the order's status recomputed.
 */
async function unreceive(tx: Tx, row: DocRow, input: { body?: unknown; reason?: string }, actor: Actor) {
  const stockDocId = (input.body as { stockDocId?: number } | undefined)?.stockDocId;
  if (!stockDocId) throw fieldError('stockDocId', '请选择要冲销的收货单');
  const receipts = await tx
    .select({ id: purchaseReceipts.id, reversedAt: purchaseReceipts.reversedAt, code: stockDocs.code })
    .from(purchaseReceipts)
    .innerJoin(stockDocs, eq(stockDocs.id, purchaseReceipts.stockDocId))
    .where(and(eq(purchaseReceipts.orderId, row.id), eq(purchaseReceipts.stockDocId, stockDocId)));
  if (!receipts.length) throw fieldError('stockDocId', `所选单据不是采购订单“${row.code}”的收货单`);
  if (receipts[0].reversedAt) throw conflict(`收货单“${receipts[0].code}”已冲销，不能重复冲销`);
  await receiptHooks.tell(tx, 'reversing', await receiptEvent(tx, row, stockDocId));
  try {
    await reverseMadeFor(tx, stockDocId, input.reason?.trim() ?? '');
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    const code = receipts[0].code;
    throw conflict(
      e.message.startsWith('库存不足')
        ? `收货单“${code}”的物料已被使用，不能冲销收货。${e.message}`
        : `收货单“${code}”不能冲销收货：${e.message}`,
    );
  }
  await tx
    .update(purchaseReceipts)
    .set({ reversedAt: sql`now()`, reversedBy: actorIdOf(actor) })
    .where(and(eq(purchaseReceipts.stockDocId, stockDocId), isNull(purchaseReceipts.reversedAt)));
  return { status: await refreshReceived(tx, row.id) };
}

/** The order's actions (purchaseOrderMachine) with their guards and effects. */
export const purchaseOrderActions = machineService({
  machine: purchaseOrderMachine,
  table: purchaseOrders,
  number: purchaseOrders.code,
  hooks: {
    confirm: {
      async guard(tx, row) {
        const [supplier] = await tx
          .select({ name: suppliers.name, enabled: suppliers.enabled })
          .from(suppliers)
          .where(eq(suppliers.id, row.supplierId as number));
        if (!supplier?.enabled)
          throw conflict(`采购订单“${row.code}”的供应商“${supplier?.name ?? ''}”已停用，不能确认`);
        const lines = await linesOf(tx, row.id);
        if (!lines.length) throw conflict(`采购订单“${row.code}”没有物料明细，不能确认`);
        const unpriced = lines.find((l) => micro(l.unitPrice) === 0n);
        if (unpriced)
          throw conflict(
            `采购订单“${row.code}”第${unpriced.lineNo}行“${unpriced.materialsName}”未填写单价，不能确认`,
          );
      },
    },
    receive: { effect: (tx, row, input, actor) => receive(tx, row, input, actor) },
    unreceive: { effect: (tx, row, input, actor) => unreceive(tx, row, input, actor) },
    close: { effect: async (_tx, _row, input) => ({ closeReason: input.reason?.trim() ?? null }) },
    reopen: { effect: async (tx, row) => ({ closeReason: null, status: await rules.progress(tx, row.id) }) },
    cancel: {
      async after(tx, row) {
        // the cancelled order's lines no longer count as ordered
        await refreshRequests(tx, await requestsOf(tx, row.id));
      },
    },
  },
});

/**
 * 转采购订单 (DOMAIN "Purchase request": conversion merges a supplier's submitted requests into one
 * order): one unconfirmed order to the supplier, a line per request for what is not yet ordered,
 * due on its required date, priced 0 for the buyer to fill in before confirming. Requests naming
 * another supplier, not submitted or fully ordered are refused by number.
 */
export async function orderRequests(tx: Tx, actorId: number, body: { ids: number[]; supplierId: number }) {
  const [supplier] = await tx
    .select({ name: suppliers.name, enabled: suppliers.enabled })
    .from(suppliers)
    .where(eq(suppliers.id, body.supplierId));
  if (!supplier) throw fieldError('supplierId', '所选供应商不存在或已被删除');
  if (!supplier.enabled) throw fieldError('supplierId', `供应商“${supplier.name}”已停用`);
  const rows = await tx
    .select()
    .from(purchaseRequests)
    .where(inArray(purchaseRequests.id, body.ids))
    .orderBy(asc(purchaseRequests.requiredDate), asc(purchaseRequests.id))
    .for('update');
  if (rows.length !== body.ids.length) throw fieldError('ids', '所选请购单不存在或已被删除');
  for (const r of rows) {
    if (r.status !== 1)
      throw conflict(
        `请购单“${r.code}”${purchaseRequestMachine.states.status.enum.label(r.status, '')}，只有已提交的请购单可以转采购订单`,
      );
    if (r.supplierId !== null && r.supplierId !== body.supplierId)
      throw conflict(`请购单“${r.code}”指定了其他供应商，不能转给“${supplier.name}”`);
  }
  const id = await purchaseOrder.create(tx, actorId, {
    supplierId: body.supplierId,
    buyerId: actorId,
    remark: `由请购单 ${rows.map((r) => r.code).join('、')} 转入`.slice(0, 500),
    lines: rows.map((r) => ({
      materialsId: r.materialsId,
      quantity: Number(fromMicro(micro(r.quantity) - micro(r.orderedQuantity))),
      unitPrice: 0,
      taxRate: 13,
      deliveryTime: formatFactoryTime(r.requiredDate),
      remark: r.remark,
    })),
  });
  const lines = await tx
    .select({ id: purchaseOrderLines.id })
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.orderId, id))
    .orderBy(asc(purchaseOrderLines.lineNo));
  for (const [i, line] of lines.entries())
    await tx
      .update(purchaseOrderLines)
      .set({ requestId: rows[i].id })
      .where(eq(purchaseOrderLines.id, line.id));
  await refreshRequests(
    tx,
    rows.map((r) => r.id),
  );
  const [order] = await tx
    .select({ code: purchaseOrders.code })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, id));
  return { id, code: order.code };
}

/** What the order's detail follows beyond its lines: the receipts, batch by batch. */
async function trace(tx: Tx, id: number) {
  const [order] = await tx
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, id));
  if (!order) throw notFound('采购订单');
  const receipts = await tx
    .select({
      id: purchaseReceipts.id,
      stockDocId: stockDocs.id,
      stockDocCode: stockDocs.code,
      lineId: purchaseReceipts.lineId,
      materialsName: materials.name,
      batchCode: batchNumbers.code,
      supplierBatch: purchaseReceipts.supplierBatch,
      productionDate: purchaseReceipts.productionDate,
      warehouseName: warehouses.name,
      locationCode: warehouseLocations.code,
      quantity: asNumber(purchaseReceipts.quantity),
      needsInspection: purchaseReceipts.needsInspection,
      qualityStatus: sql<number>`coalesce(${batchNumbers.qualityStatus}, 1)`.mapWith(Number),
      receivedAt: purchaseReceipts.createdAt,
      receivedByName: users.name,
      reversedAt: purchaseReceipts.reversedAt,
    })
    .from(purchaseReceipts)
    .innerJoin(stockDocs, eq(stockDocs.id, purchaseReceipts.stockDocId))
    .innerJoin(stockDocLines, eq(stockDocLines.id, purchaseReceipts.stockDocLineId))
    .innerJoin(materials, eq(materials.id, stockDocLines.materialsId))
    .innerJoin(warehouses, eq(warehouses.id, stockDocs.warehouseId))
    .leftJoin(warehouseLocations, eq(warehouseLocations.id, stockDocLines.locationId))
    .leftJoin(batchNumbers, eq(batchNumbers.id, purchaseReceipts.batchId))
    .leftJoin(users, eq(users.id, purchaseReceipts.createdBy))
    .where(eq(purchaseReceipts.orderId, id))
    .orderBy(asc(purchaseReceipts.id));
  return {
    overReceiptRate: await overReceiptRate(tx),
    receipts: receipts.map((r) => ({
      ...r,
      receivedAt: formatFactoryTime(r.receivedAt),
      reversedAt: r.reversedAt ? formatFactoryTime(r.reversedAt) : null,
    })),
  };
}

/** The document a receive just posted: the order's last receipt's. */
async function lastReceipt(tx: Tx, orderId: number) {
  const [doc] = await tx
    .select({ id: stockDocs.id, code: stockDocs.code })
    .from(purchaseReceipts)
    .innerJoin(stockDocs, eq(stockDocs.id, purchaseReceipts.stockDocId))
    .where(eq(purchaseReceipts.orderId, orderId))
    .orderBy(desc(purchaseReceipts.id))
    .limit(1);
  return doc;
}

export const purchaseRoutes: RouteDef[] = [
  purchaseOrderActions.ownRoute(purchaseApi.receive, 'receive', async (tx, row) => {
    const doc = await lastReceipt(tx, row.id);
    return { stockDocId: doc.id, stockDocCode: doc.code };
  }),
  purchaseOrderActions.ownRoute(purchaseApi.unreceive, 'unreceive'),
  handle(purchaseApi.trace, { handler: ({ tx, query }) => trace(tx, query.id) }),
  handle(purchaseApi.orderRequests, {
    handler: ({ tx, session, body }) => orderRequests(tx, session.userId, body),
  }),
];
