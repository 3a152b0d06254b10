import { fromMicro, micro } from '@factory/shared/decimal';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { batchNumbers } from '../information/index.ts';
import { onReport, produceTasks, produceWorkOrders, type ReportEvent } from '../plans/index.ts';
import { bookingType } from './bookingType.ts';
import { materialPrepLines, materialPreps, stockDocs, stockMovements } from './schema.ts';
import { postNow } from './stockDocs.ts';

/**
 * 倒冲 (DOMAIN "Line-side warehouse"): each report takes from the line-side warehouse what its
 * step has used of the work order's materials, and a reversal gives it back. A material belongs
 * to the step of its procedure in the plan's materials list (none, or one the flow no longer has:
 * the first step). What a step has used is (good + defect reported at it) × the line's required
 * quantity ÷ the order's quantity, rounded up to the millionth; each report posts the difference
 * from what was taken so far (`consumedQuantity`), so rounding never drifts and a full order takes
 * exactly what was required. Repairs are not charged: their rework reports its own work.
 *
 * Work orders whose line has no line-side warehouse (their picks went straight to the work), and
 * those whose preparation order has had no pick yet (or was cancelled) take nothing here: the line
 * side is under material control from the first pick. A shortfall refuses the report (docs/warehouse.md).
 */

interface Use {
  lineId: number;
  materialsId: number;
  /** Millionths: what the step has now used, minus what was taken before; negative gives back. */
  delta: bigint;
}

/**
 * The work order's preparation under material control (picked from), its tasks in order and the
 * lines of `taskId`'s step, locked: what both backflush and 委外发料 share out by step.
 */
async function stepOf(tx: Tx, workOrderId: number, taskId: number) {
  const [prep] = await tx
    .select({
      id: materialPreps.id,
      quantity: materialPreps.quantity,
      warehouseId: materialPreps.targetWarehouseId,
    })
    .from(materialPreps)
    .where(and(eq(materialPreps.workOrderId, workOrderId), inArray(materialPreps.status, [2, 3])));
  if (!prep?.warehouseId || micro(prep.quantity) <= 0n) return undefined;
  const tasks = await tx
    .select({
      id: produceTasks.id,
      procedureId: produceTasks.procedureId,
      used: sql<string>`${produceTasks.goodQuantity} + ${produceTasks.defectQuantity}`,
    })
    .from(produceTasks)
    .where(eq(produceTasks.workOrderId, workOrderId))
    .orderBy(asc(produceTasks.seq));
  const task = tasks.find((t) => t.id === taskId);
  if (!task) return undefined;
  const lines = await tx
    .select()
    .from(materialPrepLines)
    .where(eq(materialPrepLines.prepId, prep.id))
    .orderBy(asc(materialPrepLines.lineNo))
    .for('update');
  const mine = lines.filter(
    (l) => (tasks.find((t) => t.procedureId === l.procedureId) ?? tasks[0]).id === task.id,
  );
  return { warehouseId: prep.warehouseId, whole: micro(prep.quantity), used: micro(task.used), lines: mine };
}

/** A line's share for `units` of the order: rounded up, also below zero (a step reversed past nothing gives back what it took). */
function share(units: bigint, required: string, whole: bigint): bigint {
  const num = units * micro(required);
  return num >= 0n ? (num + whole - 1n) / whole : num / whole;
}

/** What the report's step has used of each of its materials since the last report, locked. */
async function usesOf(tx: Tx, e: ReportEvent) {
  const step = await stepOf(tx, e.workOrderId, e.taskId);
  if (!step) return undefined;
  const uses: Use[] = [];
  for (const l of step.lines) {
    const delta = share(step.used, l.requiredQuantity, step.whole) - micro(l.consumedQuantity);
    if (delta !== 0n) uses.push({ lineId: l.id, materialsId: l.materialsId, delta });
  }
  return { warehouseId: step.warehouseId, uses };
}

async function noteUses(tx: Tx, uses: Use[]) {
  for (const u of uses)
    await tx
      .update(materialPrepLines)
      .set({ consumedQuantity: sql`${materialPrepLines.consumedQuantity} + ${fromMicro(u.delta)}::numeric` })
      .where(eq(materialPrepLines.id, u.lineId));
}

async function workOrderCode(tx: Tx, id: number) {
  const [wo] = await tx
    .select({ code: produceWorkOrders.code })
    .from(produceWorkOrders)
    .where(eq(produceWorkOrders.id, id));
  return wo?.code ?? '';
}

/**
 * A report: the step's new use, first in first out (生产投料, outbound 3), out of the line side or,
 * for work an outsourcing supplier did, out of its outsourcing warehouse (`feedWarehouseId`).
 */
async function feed(tx: Tx, e: ReportEvent) {
  const found = await usesOf(tx, e);
  const uses = found?.uses.filter((u) => u.delta > 0n);
  if (!found || !uses?.length) return;
  try {
    await postNow(tx, e.userId, {
      kind: 1,
      stockTypeId: await bookingType(tx, 1, 3),
      warehouseId: e.feedWarehouseId ?? found.warehouseId,
      sourceNumber: e.code,
      remark: `报工倒冲（工单 ${await workOrderCode(tx, e.workOrderId)}）`,
      lines: uses.map((u) => ({ materialsId: u.materialsId, quantity: fromMicro(u.delta) })),
    });
  } catch (error) {
    if (error instanceof AppError && error.message.startsWith('库存不足'))
      throw conflict(
        e.feedWarehouseId
          ? `委外仓用料不足，不能收回。${error.message}`
          : `线边仓用料不足，不能报工。${error.message}，请先领料到线边仓`,
      );
    throw error;
  }
  await noteUses(tx, uses);
}

/**
 * 委外发料 (DOMAIN "Outsourcing"): the step's materials for the `sent` units of it out so far
 * (each line's share, rounded up, less what earlier sends moved), from the line side into the
 * supplier's outsourcing warehouse, still ours, by a transfer posted at once (booked as 生产领料,
 * marked as the outsourcing order's). Its receipts then backflush from there. Nothing moves while
 * the line side is not under material control (no pick yet); a later send or receipt moves what
 * is due then. Answers the transfer's id, or null when nothing was due.
 */
export async function sendOutMaterials(
  tx: Tx,
  userId: number,
  e: {
    workOrderId: number;
    taskId: number;
    sent: string;
    warehouseId: number;
    sourceNumber: string;
    /** What the user is doing, for a shortfall: 发外 or 收回. */
    what: string;
  },
): Promise<number | null> {
  const step = await stepOf(tx, e.workOrderId, e.taskId);
  if (!step) return null;
  const due = step.lines.flatMap((l) => {
    const delta = share(micro(e.sent), l.requiredQuantity, step.whole) - micro(l.outQuantity);
    return delta > 0n ? [{ lineId: l.id, materialsId: l.materialsId, delta }] : [];
  });
  if (!due.length) return null;
  let id: number;
  try {
    id = await postNow(
      tx,
      userId,
      {
        kind: 2,
        stockTypeId: await bookingType(tx, 1, 0),
        warehouseId: step.warehouseId,
        targetWarehouseId: e.warehouseId,
        sourceNumber: e.sourceNumber,
        remark: `委外发料（工单 ${await workOrderCode(tx, e.workOrderId)}）`,
        lines: due.map((u) => ({ materialsId: u.materialsId, quantity: fromMicro(u.delta) })),
      },
      8,
    );
  } catch (error) {
    if (error instanceof AppError && error.message.startsWith('库存不足'))
      throw conflict(`线边仓物料不足，不能${e.what}。${error.message}，请先领料到线边仓`);
    throw error;
  }
  for (const u of due)
    await tx
      .update(materialPrepLines)
      .set({ outQuantity: sql`${materialPrepLines.outQuantity} + ${fromMicro(u.delta)}::numeric` })
      .where(eq(materialPrepLines.id, u.lineId));
  return id;
}

/**
 * A reversal: what the step no longer uses back where the report's backflush took it from (报工撤回
 * 入库, inbound 5): the line side or the supplier's 委外仓, its batches and locations, newest first.
 */
async function giveBack(tx: Tx, e: ReportEvent) {
  const found = await usesOf(tx, e);
  const uses = found?.uses.filter((u) => u.delta < 0n);
  if (!found || !uses?.length || !e.reversalOf) return;
  const fed = await tx
    .select({
      warehouseId: stockDocs.warehouseId,
      materialsId: stockMovements.materialsId,
      locationId: stockMovements.locationId,
      batchCode: batchNumbers.code,
      quantity: stockMovements.quantity,
    })
    .from(stockMovements)
    .innerJoin(stockDocs, eq(stockDocs.id, stockMovements.docId))
    .leftJoin(batchNumbers, eq(batchNumbers.id, stockMovements.batchId))
    .where(
      and(
        eq(stockDocs.sourceNumber, e.reversalOf.code),
        eq(stockDocs.kind, 1),
        eq(stockDocs.bookAs, 3),
        eq(stockDocs.status, 2),
        inArray(
          stockMovements.materialsId,
          uses.map((u) => u.materialsId),
        ),
      ),
    )
    .orderBy(desc(stockMovements.id));
  const lines: Record<string, unknown>[] = [];
  for (const u of uses) {
    let left = -u.delta;
    const from = fed.filter((f) => f.materialsId === u.materialsId);
    for (const [i, f] of from.entries()) {
      // the last place takes what rounding left over
      const q = i === from.length - 1 ? left : min(left, -micro(f.quantity));
      if (q <= 0n) break;
      lines.push({
        materialsId: u.materialsId,
        locationId: f.locationId,
        batchCode: f.batchCode,
        quantity: fromMicro(q),
      });
      left -= q;
    }
    // fed before backflush existed, or by hand: a new batch of the line side
    if (left > 0n) lines.push({ materialsId: u.materialsId, quantity: fromMicro(left) });
  }
  // the report's own backflush names the warehouse: the line side, or a supplier's 委外仓
  const warehouseId = fed[0]?.warehouseId ?? found.warehouseId;
  await postNow(tx, e.userId, {
    kind: 0,
    stockTypeId: await bookingType(tx, 0, 5),
    warehouseId,
    sourceNumber: e.code,
    remark: `撤销报工 ${e.reversalOf.code} 退回${warehouseId === found.warehouseId ? '线边仓' : '委外仓'}（工单 ${await workOrderCode(tx, e.workOrderId)}）`,
    lines,
  });
  await noteUses(tx, uses);
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

onReport('reported', 'warehouse.backflush', feed);
onReport('reversed', 'warehouse.backflush', giveBack);
