import { type ReturnBody, salesApi } from '@factory/shared/api/sales';
import { fromMicro, least, micro } from '@factory/shared/decimal';
import { salesOrderEntity } from '@factory/shared/entities/salesOrder';
import { formatFactoryTime } from '@factory/shared/factoryTime';
import { salesOrderMachine } from '@factory/shared/machines/sales';
import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { nowOf } from '../../platform/clock.ts';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, conflict, fieldError, invalid, notFound } from '../../platform/errors.ts';
import { factoryTimeText } from '../../platform/factoryTime.ts';
import { type Actor, type DocRow, machineService } from '../../platform/machine.ts';
import { orderRules } from '../../platform/orders.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { basicConfig } from '../../platform/schema.ts';
import { batchNumbers, customers, materials, stockTypes, warehouses } from '../information/index.ts';
import {
  asNumber,
  produceOrder,
  produceOrderActions,
  produceOrders,
  productColumns,
} from '../plans/index.ts';
import { users } from '../setting/index.ts';
import {
  bookingType,
  postNow,
  reverseMadeFor,
  stockBalances,
  stockDocLines,
  stockDocs,
  stockMovements,
} from '../warehouse/index.ts';
import { salesOrderLines, salesOrderProduces, salesOrders, salesReturns, salesShipments } from './schema.ts';

/** Products a sales line may sell: finished goods (material type 2), not virtual. */
const FINISHED = 2;

/** Linked production not cancelled, and what it completed, per sales line (computed, never stale). */
const linkedSum = (what: 'quantity' | 'completed_quantity') =>
  asNumber(
    sql`(select coalesce(sum(po.${sql.raw(what)}), 0) from ${salesOrderProduces} l
      join ${produceOrders} po on po.id = l.produce_order_id
      where l.line_id = ${qualified(salesOrderLines.id)} and po.plan_status <> 9)`,
  );

/** 销售订单: the declared calls; edited and deleted only while unconfirmed (docs/sales.md). */
export const salesOrder = crud({
  entity: salesOrderEntity,
  table: salesOrders,
  document: { number: salesOrders.code },
  refs: {
    customerName: { id: customers.id, name: customers.name, code: customers.code },
    salesmanName: { id: users.id, name: users.name, code: users.userName },
  },
  columns: { version: salesOrders.version },
  lines: {
    table: salesOrderLines,
    docId: salesOrderLines.orderId,
    refs: {
      materialsName: {
        id: materials.id,
        name: materials.name,
        code: materials.code,
        where: and(eq(materials.materialType, FINISHED), eq(materials.isVirtual, false)),
      },
    },
    columns: {
      ...productColumns(salesOrderLines.materialsId),
      linkedProduceQuantity: linkedSum('quantity'),
      producedQuantity: linkedSum('completed_quantity'),
    },
  },
  hooks: {
    async validate(tx, _values, id) {
      if (id !== null) await rules.refuseUnlessDraft(tx, id, '修改');
    },
    async saved(tx, id, _body, isNew, actorId) {
      await rules.total(tx, id);
      if (isNew) await tx.update(salesOrders).set({ createdBy: actorId }).where(eq(salesOrders.id, id));
    },
    async removing(tx, id) {
      await rules.refuseUnlessDraft(tx, id, '删除');
      // shipments taken back stay as the trail of their stock documents: the order is cancelled instead
      const [shipped] = await tx
        .select({ code: salesOrders.code })
        .from(salesShipments)
        .innerJoin(salesOrders, eq(salesOrders.id, salesShipments.orderId))
        .where(eq(salesShipments.orderId, id))
        .limit(1);
      if (shipped) throw conflict(`销售订单“${shipped.code}”有已撤销的发货记录，不能删除，请取消该订单`);
      // an order confirmed and unconfirmed again keeps links to its cancelled production orders
      await tx.delete(salesOrderProduces).where(eq(salesOrderProduces.orderId, id));
    },
  },
});

/** The order rules purchase keeps too (totals, editable while a draft, progress by the quantities). */
const rules = orderRules({
  label: '销售订单',
  head: salesOrders,
  id: salesOrders.id,
  code: salesOrders.code,
  confirmStatus: salesOrders.confirmStatus,
  status: salesOrders.status,
  lineCount: salesOrders.lineCount,
  totalQuantity: salesOrders.totalQuantity,
  totalAmount: salesOrders.totalAmount,
  earliestDelivery: salesOrders.earliestDelivery,
  lines: salesOrderLines,
  orderId: salesOrderLines.orderId,
  quantity: salesOrderLines.quantity,
  unitPrice: salesOrderLines.unitPrice,
  amount: salesOrderLines.amount,
  deliveryTime: salesOrderLines.deliveryTime,
  fulfilled: salesOrderLines.shippedQuantity,
  totalFulfilled: salesOrders.shippedQuantity,
});

type OrderLine = typeof salesOrderLines.$inferSelect & { materialsName: string };

const linesOf = (tx: Tx, orderId: number): Promise<OrderLine[]> =>
  tx
    .select({ ...lineColumns(), materialsName: materials.name })
    .from(salesOrderLines)
    .innerJoin(materials, eq(materials.id, salesOrderLines.materialsId))
    .where(eq(salesOrderLines.orderId, orderId))
    .orderBy(asc(salesOrderLines.lineNo));

function lineColumns() {
  const { id, tenantId, orderId, lineNo, materialsId, quantity, unitPrice, taxRate, amount } =
    salesOrderLines;
  const { deliveryTime, shippedQuantity, returnedQuantity, remark } = salesOrderLines;
  return {
    id,
    tenantId,
    orderId,
    lineNo,
    materialsId,
    quantity,
    unitPrice,
    taxRate,
    amount,
    deliveryTime,
    shippedQuantity,
    returnedQuantity,
    remark,
  };
}

/** Finished goods a line could take now: on hand − allocated over the stock warehouses (kind 0). */
async function availableOf(tx: Tx, materialIds: number[]): Promise<Map<number, number>> {
  if (!materialIds.length) return new Map();
  const rows = await tx
    .select({
      materialsId: stockBalances.materialsId,
      available: sql<string>`sum(${stockBalances.onHand} - ${stockBalances.allocated})`,
    })
    .from(stockBalances)
    .innerJoin(warehouses, eq(warehouses.id, stockBalances.warehouseId))
    .where(and(inArray(stockBalances.materialsId, materialIds), eq(warehouses.kind, 0)))
    .groupBy(stockBalances.materialsId);
  return new Map(rows.map((r) => [r.materialsId, Math.max(0, Number(r.available))]));
}

/** The production orders made for the order's lines, not cancelled. */
const linkedOrders = (tx: Tx, orderId: number) =>
  tx
    .select({
      id: produceOrders.id,
      code: produceOrders.code,
      lineId: salesOrderProduces.lineId,
      quantity: asNumber(produceOrders.quantity),
      completedQuantity: asNumber(produceOrders.completedQuantity),
      confirmStatus: produceOrders.confirmStatus,
      planStatus: produceOrders.planStatus,
    })
    .from(salesOrderProduces)
    .innerJoin(produceOrders, eq(produceOrders.id, salesOrderProduces.produceOrderId))
    .where(and(eq(salesOrderProduces.orderId, orderId), ne(produceOrders.planStatus, 9)))
    .orderBy(asc(produceOrders.id));

const actorIdOf = (actor: Actor) => (actor === 'system' ? null : actor.userId);

/**
 * confirm (DOMAIN "Sales order → production order"): for each line, shortfall = quantity −
 * available finished stock − linked production not cancelled; lines of one product take the stock
 * one after another. A shortfall > 0 becomes a production order (source 1, unconfirmed, for the
 * planner to confirm) linked to the line.
 */
async function confirm(tx: Tx, row: DocRow, actor: Actor) {
  const [customer] = await tx
    .select({ name: customers.name, enabled: customers.enabled })
    .from(customers)
    .where(eq(customers.id, row.customerId as number));
  if (!customer?.enabled)
    throw conflict(`销售订单“${row.code}”的客户“${customer?.name ?? ''}”已停用，不能确认`);
  const lines = await linesOf(tx, row.id);
  if (!lines.length) throw conflict(`销售订单“${row.code}”没有产品明细，不能确认`);
  const stock = await availableOf(
    tx,
    lines.map((l) => l.materialsId),
  );
  // in millionths: the stock a product has left for the next line, the production linked to a line
  const left = new Map<number, bigint>();
  const linked = new Map<number, bigint>();
  for (const o of await linkedOrders(tx, row.id))
    linked.set(o.lineId, (linked.get(o.lineId) ?? 0n) + micro(o.quantity));
  for (const line of lines) {
    const have = left.get(line.materialsId) ?? micro(stock.get(line.materialsId) ?? 0);
    const need = micro(line.quantity) - micro(line.shippedQuantity) - (linked.get(line.id) ?? 0n);
    const covered = least(have, need);
    const taken = covered > 0n ? covered : 0n;
    left.set(line.materialsId, have - taken);
    const shortfall = need - taken;
    if (shortfall <= 0n) continue;
    const produceOrderId = await produceOrder.create(tx, actorIdOf(actor), {
      materialsId: line.materialsId,
      quantity: Number(fromMicro(shortfall)),
      deliveryTime: formatFactoryTime(line.deliveryTime),
      priority: 0,
      customerId: row.customerId,
      source: 1,
      sourceCode: String(row.code),
      remark: `销售订单 ${row.code} 第${line.lineNo}行`,
    });
    await tx.insert(salesOrderProduces).values({ orderId: row.id, lineId: line.id, produceOrderId });
  }
}

/**
 * Unconfirm and cancel stand on nothing having happened yet: refused, naming the blocker, once
 * anything shipped or a linked production order is confirmed; the linked unconfirmed production
 * orders are cancelled with it.
 */
async function refuseStarted(tx: Tx, row: DocRow, action: string) {
  const [shipped] = await tx
    .select({ lineNo: salesOrderLines.lineNo })
    .from(salesOrderLines)
    .where(and(eq(salesOrderLines.orderId, row.id), sql`${salesOrderLines.shippedQuantity} > 0`))
    .limit(1);
  if (shipped) throw conflict(`销售订单“${row.code}”第${shipped.lineNo}行已发货，不能${action}`);
  const confirmed = (await linkedOrders(tx, row.id)).find((o) => o.confirmStatus === 1);
  if (confirmed)
    throw conflict(
      `销售订单“${row.code}”关联的生产订单“${confirmed.code}”已确认，不能${action}，请先在生产订单中取消确认`,
    );
}

async function cancelLinked(tx: Tx, row: DocRow) {
  for (const o of await linkedOrders(tx, row.id))
    if (o.confirmStatus === 0 && o.planStatus === 0)
      await produceOrderActions.act(tx, 'system', 'cancel', { id: o.id });
}

/** The tenant's over-ship tolerance in percent (basic config over_ship_rate; none: 0). */
async function overShipRate(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ value: basicConfig.value })
    .from(basicConfig)
    .where(eq(basicConfig.code, 'over_ship_rate'));
  const rate = Number(row?.value ?? 0);
  return Number.isFinite(rate) && rate > 0 ? rate : 0;
}

/** The most a line may ship, in millionths: quantity × (1 + rate %), rate to 2 decimals. */
const shipLimit = (quantity: string | number, rate: number) =>
  (micro(quantity) * (10_000n + BigInt(Math.round(rate * 100)))) / 10_000n;

/**
 * 发货: one outbound stock document of type 1 sales from the chosen warehouse, one line per
 * (order line, batch), posted at once (the ledger refuses what is not in stock); Σ shipped of a
 * line never exceeds its quantity by more than the tenant's over-ship rate. The lines note what
 * they shipped, the order its status.
 */
async function ship(tx: Tx, row: DocRow, input: { body?: unknown }, actor: Actor) {
  const body = input.body as
    | {
        warehouseId: number;
        lines: { lineId: number; batchCode?: string | null; quantity: number }[];
        remark?: string | null;
      }
    | undefined;
  if (!body?.lines?.length) throw invalid('请选择发货明细', [{ field: 'lines', message: '请选择发货明细' }]);
  const actorId = actorIdOf(actor);
  if (actorId === null) throw conflict('发货须由用户操作');
  const [warehouse] = await tx
    .select({ kind: warehouses.kind, enabled: warehouses.enabled, name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.id, body.warehouseId));
  if (warehouse?.kind !== 0) throw fieldError('warehouseId', '所选仓库不存在或已被删除');
  if (!warehouse.enabled) throw fieldError('warehouseId', `仓库“${warehouse.name}”已停用`);
  const lines = new Map((await linesOf(tx, row.id)).map((l) => [l.id, l]));
  const asked = new Map<number, bigint>();
  for (const [i, s] of body.lines.entries()) {
    const line = lines.get(s.lineId);
    if (!line) throw fieldError(`lines.${i}.lineId`, `第${i + 1}行不是本订单的产品明细`);
    asked.set(s.lineId, (asked.get(s.lineId) ?? 0n) + micro(s.quantity));
  }
  const rate = await overShipRate(tx);
  for (const [lineId, q] of asked) {
    const line = lines.get(lineId) as OrderLine;
    const limit = shipLimit(line.quantity, rate);
    const shipped = micro(line.shippedQuantity);
    if (shipped + q > limit) {
      const left = limit > shipped ? limit - shipped : 0n;
      const allowed = rate > 0 ? `（允许超发 ${rate}%，上限 ${fromMicro(limit)}）` : '';
      throw conflict(
        `第${line.lineNo}行“${line.materialsName}”订货 ${fromMicro(micro(line.quantity))}，已发货 ${fromMicro(shipped)}，本次发货 ${fromMicro(q)} 超出订单数量${allowed}，最多还可发货 ${fromMicro(left)}`,
      );
    }
  }
  const docId = await postNow(
    tx,
    actorId,
    {
      kind: 1,
      stockTypeId: await bookingType(tx, 1, 1),
      warehouseId: body.warehouseId,
      sourceNumber: String(row.code),
      remark: body.remark?.trim() || '销售发货',
      lines: body.lines.map((s) => {
        const line = lines.get(s.lineId) as OrderLine;
        return {
          materialsId: line.materialsId,
          batchCode: s.batchCode?.trim() || null,
          quantity: s.quantity,
          remark: `销售订单 ${row.code} 第${line.lineNo}行`,
        };
      }),
    },
    5,
  );
  const docLines = await tx
    .select({ id: stockDocLines.id })
    .from(stockDocLines)
    .where(eq(stockDocLines.docId, docId))
    .orderBy(asc(stockDocLines.lineNo));
  await tx.insert(salesShipments).values(
    body.lines.map((s, i) => ({
      orderId: row.id,
      lineId: s.lineId,
      customerId: row.customerId as number,
      stockDocId: docId,
      stockDocLineId: docLines[i].id,
      quantity: String(s.quantity),
      createdBy: actorId,
    })),
  );
  for (const [lineId, q] of asked)
    await tx
      .update(salesOrderLines)
      .set({ shippedQuantity: sql`${salesOrderLines.shippedQuantity} + ${fromMicro(q)}` })
      .where(eq(salesOrderLines.id, lineId));
  return { status: await rules.progress(tx, row.id) };
}

/**
 * 撤销发货: one shipment (the stock document a 发货 posted) taken back whole. Its stock document is
 * reversed (the goods return to the batches they left; the ledger's refusal, a frozen stock count
 * for one, refuses the whole), its rows are marked reversed (kept for the trail, no longer counted
 * for tracing), their quantities leave the lines' shipped quantity and the status follows.
 */
async function unship(tx: Tx, row: DocRow, input: { body?: unknown; reason?: string }, actor: Actor) {
  const stockDocId = (input.body as { stockDocId?: number } | undefined)?.stockDocId;
  if (!stockDocId)
    throw invalid('请选择要撤销的发货', [{ field: 'stockDocId', message: '请选择要撤销的发货' }]);
  const taken = await tx
    .select({
      id: salesShipments.id,
      lineId: salesShipments.lineId,
      quantity: salesShipments.quantity,
      reversedAt: salesShipments.reversedAt,
      code: stockDocs.code,
    })
    .from(salesShipments)
    .innerJoin(stockDocs, eq(stockDocs.id, salesShipments.stockDocId))
    .where(and(eq(salesShipments.orderId, row.id), eq(salesShipments.stockDocId, stockDocId)));
  if (!taken.length) throw fieldError('stockDocId', `该出库单不是销售订单“${row.code}”的发货`);
  const code = taken[0].code;
  if (taken.some((t) => t.reversedAt !== null)) throw conflict(`出库单“${code}”的发货已撤销，不能重复撤销`);
  await refuseUnderReturns(tx, row, stockDocId, code);
  try {
    await reverseMadeFor(tx, stockDocId, input.reason?.trim() || '撤销发货');
  } catch (e) {
    if (e instanceof AppError) throw conflict(`出库单“${code}”不能撤销发货：${e.message}`);
    throw e;
  }
  await tx
    .update(salesShipments)
    .set({ reversedAt: nowOf(tx), reversedBy: actorIdOf(actor) })
    .where(and(eq(salesShipments.orderId, row.id), eq(salesShipments.stockDocId, stockDocId)));
  const back = new Map<number, bigint>();
  for (const t of taken) back.set(t.lineId, (back.get(t.lineId) ?? 0n) + micro(t.quantity));
  for (const [lineId, q] of back)
    await tx
      .update(salesOrderLines)
      .set({ shippedQuantity: sql`${salesOrderLines.shippedQuantity} - ${fromMicro(q)}` })
      .where(eq(salesOrderLines.id, lineId));
  return { status: await rules.progress(tx, row.id) };
}

/**
 * What each line's standing shipments took, by batch and stock document: the documents' own
 * movements (a FIFO line may take several batches), never their reversals'.
 */
const shippedBatches = (tx: Tx, orderId: number) =>
  tx
    .select({
      lineId: salesShipments.lineId,
      stockDocId: salesShipments.stockDocId,
      batchId: stockMovements.batchId,
      batchCode: batchNumbers.code,
      quantity: sql<string>`-${stockMovements.quantity}`,
    })
    .from(salesShipments)
    .innerJoin(
      stockMovements,
      and(
        eq(stockMovements.docLineId, salesShipments.stockDocLineId),
        eq(stockMovements.docId, salesShipments.stockDocId),
        isNull(stockMovements.reversalOf),
      ),
    )
    .leftJoin(batchNumbers, eq(batchNumbers.id, stockMovements.batchId))
    .where(and(eq(salesShipments.orderId, orderId), isNull(salesShipments.reversedAt)))
    .orderBy(asc(salesShipments.id), asc(stockMovements.id));

/** What the order's returns took back per line and shipped batch (null: batch not named). */
async function returnedByBatch(tx: Tx, orderId: number): Promise<Map<string, bigint>> {
  const rows = await tx
    .select({
      lineId: salesReturns.lineId,
      batchId: salesReturns.shippedBatchId,
      quantity: sql<string>`sum(${salesReturns.quantity})`,
    })
    .from(salesReturns)
    .where(eq(salesReturns.orderId, orderId))
    .groupBy(salesReturns.lineId, salesReturns.shippedBatchId);
  return new Map(rows.map((r) => [`${r.lineId}:${r.batchId ?? 0}`, micro(r.quantity)]));
}

/** Σ by key, in millionths. */
function sumBy<T>(rows: readonly T[], key: (r: T) => string, quantity: (r: T) => string) {
  const out = new Map<string, bigint>();
  for (const r of rows) out.set(key(r), (out.get(key(r)) ?? 0n) + micro(quantity(r)));
  return out;
}

/**
 * A shipment is not taken back from under a return: once gone, each line must still have shipped
 * at least what came back, and each batch a return named at least what came back from it.
 */
async function refuseUnderReturns(tx: Tx, row: DocRow, stockDocId: number, code: string) {
  const returned = await returnedByBatch(tx, row.id);
  if (!returned.size) return;
  const left = (await shippedBatches(tx, row.id)).filter((b) => b.stockDocId !== stockDocId);
  const byLine = sumBy(
    left,
    (b) => String(b.lineId),
    (b) => b.quantity,
  );
  const byBatch = sumBy(
    left,
    (b) => `${b.lineId}:${b.batchId ?? 0}`,
    (b) => b.quantity,
  );
  const lines = new Map((await linesOf(tx, row.id)).map((l) => [l.id, l]));
  for (const l of lines.values()) {
    const back = micro(l.returnedQuantity);
    if (back > 0n && (byLine.get(String(l.id)) ?? 0n) < back)
      throw conflict(
        `出库单“${code}”不能撤销发货：第${l.lineNo}行“${l.materialsName}”已退货 ${fromMicro(back)}，撤销后已发货 ${fromMicro(byLine.get(String(l.id)) ?? 0n)} 少于已退货数量`,
      );
  }
  for (const [key, back] of returned) {
    if (key.endsWith(':0') || (byBatch.get(key) ?? 0n) >= back) continue;
    const l = lines.get(Number(key.split(':')[0])) as OrderLine;
    throw conflict(
      `出库单“${code}”不能撤销发货：第${l.lineNo}行“${l.materialsName}”已有从该发货批次退回的货物`,
    );
  }
}

/** The type a return books as: the tenant's enabled inbound type 销售退货 (其他入库), else its first 其他入库. */
async function returnType(tx: Tx): Promise<number> {
  const [named] = await tx
    .select({ id: stockTypes.id })
    .from(stockTypes)
    .where(
      and(
        eq(stockTypes.direction, 0),
        eq(stockTypes.bookAs, 4),
        eq(stockTypes.enabled, true),
        eq(stockTypes.name, '销售退货'),
      ),
    );
  return named?.id ?? bookingType(tx, 0, 4);
}

/**
 * 退货: goods the customer sends back for lines that stand shipped, as one inbound stock document
 * of type 4 其他入库 into the chosen warehouse, posted at once, each line a batch of its own (the
 * batch-number rule numbers it: returned goods are kept apart from good stock until someone looks
 * at them). A line takes back at most shipped − returned, a named batch at most what was shipped
 * from it − returned naming it. The lines keep their returned quantity; shipped and the status
 * stay as they are (a replacement is shipped on a new order).
 */
async function returnGoods(tx: Tx, row: DocRow, input: { body?: unknown; reason?: string }, actor: Actor) {
  const body = input.body as ReturnBody | undefined;
  if (!body?.lines?.length) throw invalid('请选择退货明细', [{ field: 'lines', message: '请选择退货明细' }]);
  const actorId = actorIdOf(actor);
  if (actorId === null) throw conflict('退货须由用户操作');
  const reason = input.reason?.trim() ?? '';
  const [warehouse] = await tx
    .select({ kind: warehouses.kind, enabled: warehouses.enabled, name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.id, body.warehouseId));
  if (warehouse?.kind !== 0) throw fieldError('warehouseId', '所选仓库不存在或已被删除');
  if (!warehouse.enabled) throw fieldError('warehouseId', `仓库“${warehouse.name}”已停用`);
  const lines = new Map((await linesOf(tx, row.id)).map((l) => [l.id, l]));
  const shipped = await shippedBatches(tx, row.id);
  const returned = await returnedByBatch(tx, row.id);
  const shippedByBatch = sumBy(
    shipped,
    (b) => `${b.lineId}:${b.batchCode}`,
    (b) => b.quantity,
  );
  const batchIds = new Map(shipped.map((b) => [`${b.lineId}:${b.batchCode}`, b.batchId]));
  const asked = new Map<number, bigint>();
  const askedByBatch = new Map<string, bigint>();
  const named: (number | null)[] = [];
  for (const [i, r] of body.lines.entries()) {
    const line = lines.get(r.lineId);
    if (!line) throw fieldError(`lines.${i}.lineId`, `第${i + 1}行不是本订单的产品明细`);
    asked.set(r.lineId, (asked.get(r.lineId) ?? 0n) + micro(r.quantity));
    const code = r.batchCode?.trim();
    if (!code) {
      named.push(null);
      continue;
    }
    const key = `${r.lineId}:${code}`;
    if (!shippedByBatch.has(key))
      throw fieldError(
        `lines.${i}.batchCode`,
        `第${line.lineNo}行“${line.materialsName}”没有从批次“${code}”发货的记录`,
      );
    askedByBatch.set(key, (askedByBatch.get(key) ?? 0n) + micro(r.quantity));
    named.push(batchIds.get(key) ?? null);
  }
  for (const [lineId, q] of asked) {
    const line = lines.get(lineId) as OrderLine;
    const out = micro(line.shippedQuantity);
    const back = micro(line.returnedQuantity);
    if (q > out - back)
      throw conflict(
        `第${line.lineNo}行“${line.materialsName}”已发货 ${fromMicro(out)}，已退货 ${fromMicro(back)}，本次退货 ${fromMicro(q)} 超出可退货数量 ${fromMicro(out - back)}`,
      );
  }
  for (const [key, q] of askedByBatch) {
    const [lineId, code] = [Number(key.split(':')[0]), key.slice(key.indexOf(':') + 1)];
    const line = lines.get(lineId) as OrderLine;
    const out = shippedByBatch.get(key) ?? 0n;
    const back = returned.get(`${lineId}:${batchIds.get(key) ?? 0}`) ?? 0n;
    if (q > out - back)
      throw conflict(
        `第${line.lineNo}行“${line.materialsName}”批次“${code}”已发货 ${fromMicro(out)}，已退货 ${fromMicro(back)}，本次退货 ${fromMicro(q)} 超出可退货数量 ${fromMicro(out - back)}`,
      );
  }
  const docId = await postNow(
    tx,
    actorId,
    {
      kind: 0,
      stockTypeId: await returnType(tx),
      warehouseId: body.warehouseId,
      sourceNumber: String(row.code),
      remark: `销售退货：${reason}${body.remark?.trim() ? `；${body.remark.trim()}` : ''}`,
      lines: body.lines.map((r) => {
        const line = lines.get(r.lineId) as OrderLine;
        const from = r.batchCode?.trim() ? `，原发货批次 ${r.batchCode.trim()}` : '';
        return {
          materialsId: line.materialsId,
          // a batch of its own, numbered by the rule: kept apart from the batches in good standing
          batchCode: null,
          quantity: r.quantity,
          remark: `销售订单 ${row.code} 第${line.lineNo}行退货${from}`,
        };
      }),
    },
    7,
  );
  const docLines = await tx
    .select({ id: stockDocLines.id })
    .from(stockDocLines)
    .where(eq(stockDocLines.docId, docId))
    .orderBy(asc(stockDocLines.lineNo));
  await tx.insert(salesReturns).values(
    body.lines.map((r, i) => ({
      orderId: row.id,
      lineId: r.lineId,
      customerId: row.customerId as number,
      stockDocId: docId,
      stockDocLineId: docLines[i].id,
      shippedBatchId: named[i],
      quantity: String(r.quantity),
      reason,
      createdBy: actorId,
    })),
  );
  for (const [lineId, q] of asked)
    await tx
      .update(salesOrderLines)
      .set({ returnedQuantity: sql`${salesOrderLines.returnedQuantity} + ${fromMicro(q)}` })
      .where(eq(salesOrderLines.id, lineId));
  return undefined;
}

/** A return wants goods out with the customer: something stands shipped and not all came back. */
async function refuseNothingShipped(tx: Tx, row: DocRow) {
  const [line] = await tx
    .select({ id: salesOrderLines.id })
    .from(salesOrderLines)
    .where(
      and(
        eq(salesOrderLines.orderId, row.id),
        sql`${salesOrderLines.shippedQuantity} > ${salesOrderLines.returnedQuantity}`,
      ),
    )
    .limit(1);
  if (!line) throw conflict(`销售订单“${row.code}”没有可退货的已发货产品，不能退货`);
}

/** The order's actions (salesOrderMachine) with their guards and effects. */
export const salesOrderActions = machineService({
  machine: salesOrderMachine,
  table: salesOrders,
  number: salesOrders.code,
  hooks: {
    confirm: {
      async effect(tx, row, _input, actor) {
        await confirm(tx, row, actor);
        return undefined;
      },
    },
    unconfirm: {
      guard: (tx, row) => refuseStarted(tx, row, '取消确认'),
      async effect(tx, row) {
        await cancelLinked(tx, row);
        return undefined;
      },
    },
    cancel: {
      guard: (tx, row) => refuseStarted(tx, row, '取消'),
      async effect(tx, row) {
        await cancelLinked(tx, row);
        return undefined;
      },
    },
    close: { effect: async (_tx, _row, input) => ({ closeReason: input.reason?.trim() ?? null }) },
    reopen: { effect: async (tx, row) => ({ closeReason: null, status: await rules.progress(tx, row.id) }) },
    ship: { effect: (tx, row, input, actor) => ship(tx, row, input, actor) },
    unship: { effect: (tx, row, input, actor) => unship(tx, row, input, actor) },
    returnGoods: {
      guard: (tx, row) => refuseNothingShipped(tx, row),
      effect: (tx, row, input, actor) => returnGoods(tx, row, input, actor),
    },
  },
});

/**
 * What the order's detail follows beyond its lines: linked production, shipments, returns, stock,
 * the over-ship tolerance.
 */
async function trace(tx: Tx, id: number) {
  const [order] = await tx.select({ id: salesOrders.id }).from(salesOrders).where(eq(salesOrders.id, id));
  if (!order) throw notFound('销售订单');
  const lines = await linesOf(tx, id);
  const stock = await availableOf(
    tx,
    lines.map((l) => l.materialsId),
  );
  const shipments = await tx
    .select({
      stockDocId: stockDocs.id,
      stockDocCode: stockDocs.code,
      lineId: salesShipments.lineId,
      materialsName: materials.name,
      batchCode: batchNumbers.code,
      warehouseName: warehouses.name,
      quantity: asNumber(sql`-${stockMovements.quantity}`),
      shippedAt: stockDocs.postedAt,
      reversedAt: factoryTimeText(salesShipments.reversedAt),
      reversedByName: users.name,
    })
    .from(salesShipments)
    .innerJoin(stockDocs, eq(stockDocs.id, salesShipments.stockDocId))
    .innerJoin(stockMovements, eq(stockMovements.docLineId, salesShipments.stockDocLineId))
    .innerJoin(materials, eq(materials.id, stockMovements.materialsId))
    .innerJoin(warehouses, eq(warehouses.id, stockMovements.warehouseId))
    .leftJoin(batchNumbers, eq(batchNumbers.id, stockMovements.batchId))
    .leftJoin(users, eq(users.id, salesShipments.reversedBy))
    // the batches the shipment took: its own movements, not those of its reversal
    .where(
      and(
        eq(salesShipments.orderId, id),
        eq(stockMovements.docId, stockDocs.id),
        isNull(stockMovements.reversalOf),
      ),
    )
    .orderBy(asc(stockDocs.id), asc(stockMovements.id));
  const batches = lines.length
    ? await tx
        .select({
          materialsId: stockBalances.materialsId,
          warehouseId: stockBalances.warehouseId,
          warehouseName: warehouses.name,
          batchCode: batchNumbers.code,
          available: asNumber(sql`${stockBalances.onHand} - ${stockBalances.allocated}`),
        })
        .from(stockBalances)
        .innerJoin(warehouses, eq(warehouses.id, stockBalances.warehouseId))
        .leftJoin(batchNumbers, eq(batchNumbers.id, stockBalances.batchId))
        .where(
          and(
            inArray(
              stockBalances.materialsId,
              lines.map((l) => l.materialsId),
            ),
            eq(warehouses.kind, 0),
            eq(warehouses.enabled, true),
            sql`${stockBalances.onHand} - ${stockBalances.allocated} > 0`,
          ),
        )
        .orderBy(asc(stockBalances.firstInAt), asc(stockBalances.id))
    : [];
  const shippedBatch = alias(batchNumbers, 'shipped_batch');
  const returns = await tx
    .select({
      stockDocId: stockDocs.id,
      stockDocCode: stockDocs.code,
      lineId: salesReturns.lineId,
      materialsName: materials.name,
      warehouseName: warehouses.name,
      shippedBatchCode: shippedBatch.code,
      batchCode: stockDocLines.batchCode,
      quantity: asNumber(salesReturns.quantity),
      reason: salesReturns.reason,
      returnedAt: salesReturns.createdAt,
      returnedByName: users.name,
    })
    .from(salesReturns)
    .innerJoin(stockDocs, eq(stockDocs.id, salesReturns.stockDocId))
    .innerJoin(stockDocLines, eq(stockDocLines.id, salesReturns.stockDocLineId))
    .innerJoin(materials, eq(materials.id, stockDocLines.materialsId))
    .innerJoin(warehouses, eq(warehouses.id, stockDocs.warehouseId))
    .leftJoin(shippedBatch, eq(shippedBatch.id, salesReturns.shippedBatchId))
    .leftJoin(users, eq(users.id, salesReturns.createdBy))
    .where(eq(salesReturns.orderId, id))
    .orderBy(asc(salesReturns.id));
  return {
    overShipRate: await overShipRate(tx),
    batches,
    produceOrders: await linkedOrders(tx, id),
    shipments: shipments.map((s) => ({
      ...s,
      shippedAt: s.shippedAt ? formatFactoryTime(s.shippedAt) : '',
    })),
    returns: returns.map((r) => ({ ...r, returnedAt: formatFactoryTime(r.returnedAt) })),
    returnable: await returnable(tx, id),
    stock: lines.map((l) => ({ lineId: l.id, available: stock.get(l.materialsId) ?? 0 })),
  };
}

/** Per line and batch its standing shipments took: shipped, and returned naming that batch. */
async function returnable(tx: Tx, orderId: number) {
  const returned = await returnedByBatch(tx, orderId);
  const out = new Map<string, { lineId: number; batchId: number; batchCode: string; shipped: bigint }>();
  for (const b of await shippedBatches(tx, orderId)) {
    if (b.batchId === null || b.batchCode === null) continue;
    const key = `${b.lineId}:${b.batchId}`;
    const had = out.get(key);
    out.set(key, {
      lineId: b.lineId,
      batchId: b.batchId,
      batchCode: b.batchCode,
      shipped: (had?.shipped ?? 0n) + micro(b.quantity),
    });
  }
  return [...out.entries()].map(([key, b]) => ({
    lineId: b.lineId,
    batchCode: b.batchCode,
    shipped: Number(fromMicro(b.shipped)),
    returned: Number(fromMicro(returned.get(key) ?? 0n)),
  }));
}

export const salesRoutes: RouteDef[] = [
  salesOrderActions.ownRoute(salesApi.ship, 'ship', async (tx, row) => {
    // the document this shipment posted: the order's last
    const [doc] = await tx
      .select({ id: stockDocs.id, code: stockDocs.code })
      .from(salesShipments)
      .innerJoin(stockDocs, eq(stockDocs.id, salesShipments.stockDocId))
      .where(eq(salesShipments.orderId, row.id))
      .orderBy(desc(salesShipments.id))
      .limit(1);
    return { stockDocId: doc.id, stockDocCode: doc.code };
  }),
  salesOrderActions.ownRoute(salesApi.unship, 'unship'),
  salesOrderActions.ownRoute(salesApi.returnGoods, 'returnGoods', async (tx, row) => {
    // the document this return posted: the order's last
    const [doc] = await tx
      .select({ id: stockDocs.id, code: stockDocs.code })
      .from(salesReturns)
      .innerJoin(stockDocs, eq(stockDocs.id, salesReturns.stockDocId))
      .where(eq(salesReturns.orderId, row.id))
      .orderBy(desc(salesReturns.id))
      .limit(1);
    return { stockDocId: doc.id, stockDocCode: doc.code };
  }),
  handle(salesApi.trace, { handler: ({ tx, query }) => trace(tx, query.id) }),
];
