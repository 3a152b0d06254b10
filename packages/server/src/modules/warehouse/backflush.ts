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

/** What the report's step has used of each of its materials since the last report, locked. */
async function usesOf(tx: Tx, e: ReportEvent) {
  const [prep] = await tx
    .select({
      id: materialPreps.id,
      quantity: materialPreps.quantity,
      warehouseId: materialPreps.targetWarehouseId,
    })
    .from(materialPreps)
    .where(and(eq(materialPreps.workOrderId, e.workOrderId), inArray(materialPreps.status, [2, 3])));
  if (!prep?.warehouseId || micro(prep.quantity) <= 0n) return undefined;
  const tasks = await tx
    .select({
      id: produceTasks.id,
      procedureId: produceTasks.procedureId,
      used: sql<string>`${produceTasks.goodQuantity} + ${produceTasks.defectQuantity}`,
    })
    .from(produceTasks)
    .where(eq(produceTasks.workOrderId, e.workOrderId))
    .orderBy(asc(produceTasks.seq));
  const task = tasks.find((t) => t.id === e.taskId);
  if (!task) return undefined;
  const lines = await tx
    .select()
    .from(materialPrepLines)
    .where(eq(materialPrepLines.prepId, prep.id))
    .orderBy(asc(materialPrepLines.lineNo))
    .for('update');
  const whole = micro(prep.quantity);
  const used = micro(task.used);
  const uses: Use[] = [];
  for (const l of lines) {
    const step = tasks.find((t) => t.procedureId === l.procedureId) ?? tasks[0];
    if (step.id !== task.id) continue;
    const num = used * micro(l.requiredQuantity);
    // rounded up, also below zero (a step reversed past nothing gives back what it took)
    const target = num >= 0n ? (num + whole - 1n) / whole : num / whole;
    const delta = target - micro(l.consumedQuantity);
    if (delta !== 0n) uses.push({ lineId: l.id, materialsId: l.materialsId, delta });
  }
  return { warehouseId: prep.warehouseId, uses };
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

/** A report: the step's new use, out of the line side first in first out (生产投料, outbound 3). */
async function feed(tx: Tx, e: ReportEvent) {
  const found = await usesOf(tx, e);
  const uses = found?.uses.filter((u) => u.delta > 0n);
  if (!found || !uses?.length) return;
  try {
    await postNow(tx, e.userId, {
      kind: 1,
      stockTypeId: await bookingType(tx, 1, 3),
      warehouseId: found.warehouseId,
      sourceNumber: e.code,
      remark: `报工倒冲（工单 ${await workOrderCode(tx, e.workOrderId)}）`,
      lines: uses.map((u) => ({ materialsId: u.materialsId, quantity: fromMicro(u.delta) })),
    });
  } catch (error) {
    if (error instanceof AppError && error.message.startsWith('库存不足'))
      throw conflict(`线边仓用料不足，不能报工。${error.message}，请先领料到线边仓`);
    throw error;
  }
  await noteUses(tx, uses);
}

/**
 * A reversal: what the step no longer uses back into the line side (报工撤回入库, inbound 5), into
 * the batches and locations the report's backflush took it from, newest first.
 */
async function giveBack(tx: Tx, e: ReportEvent) {
  const found = await usesOf(tx, e);
  const uses = found?.uses.filter((u) => u.delta < 0n);
  if (!found || !uses?.length || !e.reversalOf) return;
  const fed = await tx
    .select({
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
  await postNow(tx, e.userId, {
    kind: 0,
    stockTypeId: await bookingType(tx, 0, 5),
    warehouseId: found.warehouseId,
    sourceNumber: e.code,
    remark: `撤销报工 ${e.reversalOf.code} 退回线边仓（工单 ${await workOrderCode(tx, e.workOrderId)}）`,
    lines,
  });
  await noteUses(tx, uses);
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

onReport('reported', 'warehouse.backflush', feed);
onReport('reversed', 'warehouse.backflush', giveBack);
