import { fromMicro, least, micro } from '@factory/shared/decimal';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import { qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { batchNumbers, warehouses } from '../information/index.ts';
import { materialPrepLines, stockAllocations, stockBalances } from './schema.ts';

/**
 * Holds (预占, docs/warehouse.md "Holds"): a sent preparation order sets aside, in the storage
 * warehouses, what each of its lines still needs, oldest stock first, so that no other stock-out
 * takes it before the keeper picks. A balance's `allocated` is the sum of its holds and changes
 * only here, in the statement that changes the holds. Balances are locked in the ledger's key
 * order (material, warehouse, location, batch), as a posting locks them, so a hold and a posting
 * never lock each other out.
 */

interface Hold {
  id: number;
  prepLineId: number | null;
  balanceId: number;
  quantity: bigint;
  warehouseId: number;
  locationId: number;
  batchCode: string | null;
  firstInAt: Date;
}

/** The holds of some preparation lines, their balances locked in key order. */
async function lockedHolds(tx: Tx, lineIds: number[]): Promise<Hold[]> {
  if (!lineIds.length) return [];
  const rows = await tx
    .select({
      id: stockAllocations.id,
      prepLineId: stockAllocations.prepLineId,
      balanceId: stockAllocations.balanceId,
      quantity: stockAllocations.quantity,
      warehouseId: stockBalances.warehouseId,
      locationId: stockBalances.locationId,
      batchCode: batchNumbers.code,
      firstInAt: stockBalances.firstInAt,
    })
    .from(stockAllocations)
    .innerJoin(stockBalances, eq(stockBalances.id, stockAllocations.balanceId))
    .leftJoin(batchNumbers, eq(batchNumbers.id, stockBalances.batchId))
    .where(inArray(stockAllocations.prepLineId, lineIds))
    .orderBy(
      asc(stockBalances.materialsId),
      asc(stockBalances.warehouseId),
      asc(stockBalances.locationId),
      asc(stockBalances.batchId),
    )
    .for('update', { of: stockBalances });
  return rows.map((r) => ({ ...r, quantity: micro(r.quantity) }));
}

/** Gives back `quantity` of a hold: the hold shrinks (or goes) and so does its balance's allocated. */
async function giveBack(tx: Tx, hold: Pick<Hold, 'id' | 'balanceId' | 'quantity'>, quantity: bigint) {
  if (quantity <= 0n) return;
  const q = fromMicro(quantity);
  if (quantity >= hold.quantity) await tx.delete(stockAllocations).where(eq(stockAllocations.id, hold.id));
  else
    await tx
      .update(stockAllocations)
      .set({ quantity: sql`${stockAllocations.quantity} - ${q}::numeric` })
      .where(eq(stockAllocations.id, hold.id));
  await tx
    .update(stockBalances)
    .set({ allocated: sql`${stockBalances.allocated} - ${q}::numeric` })
    .where(eq(stockBalances.id, hold.balanceId));
  hold.quantity -= quantity;
}

/**
 * Holds for every line of the order what it still needs (required − issued − held), from what is
 * available in the storage warehouses, oldest first; a line the shelves cannot cover holds what
 * there is (its shortfall shows on the order). Answers how much it held now, in millionths.
 */
export async function holdFor(tx: Tx, prepId: number): Promise<bigint> {
  const lines = await tx
    .select({
      id: materialPrepLines.id,
      materialsId: materialPrepLines.materialsId,
      gap: sql<string>`(${materialPrepLines.requiredQuantity} - ${materialPrepLines.issuedQuantity}
        - coalesce((select sum(a.quantity) from ${stockAllocations} a where a.prep_line_id = ${qualified(materialPrepLines.id)}), 0))::text`,
    })
    .from(materialPrepLines)
    .where(eq(materialPrepLines.prepId, prepId))
    .orderBy(asc(materialPrepLines.materialsId), asc(materialPrepLines.lineNo));
  let held = 0n;
  for (const line of lines) {
    let gap = micro(line.gap);
    if (gap <= 0n) continue;
    const places = await tx
      .select({
        id: stockBalances.id,
        available: sql<string>`(${stockBalances.onHand} - ${stockBalances.allocated})::text`,
        firstInAt: stockBalances.firstInAt,
      })
      .from(stockBalances)
      .innerJoin(warehouses, eq(warehouses.id, stockBalances.warehouseId))
      .where(
        and(
          eq(stockBalances.materialsId, line.materialsId),
          eq(warehouses.kind, 0),
          sql`${stockBalances.onHand} - ${stockBalances.allocated} > 0`,
        ),
      )
      .orderBy(asc(stockBalances.warehouseId), asc(stockBalances.locationId), asc(stockBalances.batchId))
      .for('update', { of: stockBalances });
    places.sort((a, b) => a.firstInAt.getTime() - b.firstInAt.getTime() || a.id - b.id);
    for (const place of places) {
      if (gap <= 0n) break;
      const available = micro(place.available);
      const take = least(available, gap);
      const q = fromMicro(take);
      await tx
        .insert(stockAllocations)
        .values({ prepLineId: line.id, balanceId: place.id, quantity: q, createdAt: nowOf(tx) })
        .onConflictDoUpdate({
          target: [stockAllocations.tenantId, stockAllocations.prepLineId, stockAllocations.balanceId],
          set: { quantity: sql`${stockAllocations.quantity} + excluded.quantity` },
        });
      await tx
        .update(stockBalances)
        .set({ allocated: sql`${stockBalances.allocated} + ${q}::numeric` })
        .where(eq(stockBalances.id, place.id));
      gap -= take;
      held += take;
    }
  }
  return held;
}

/** Every hold of the order given back: it was cancelled, or its work order has ended. */
export async function releaseAll(tx: Tx, prepId: number): Promise<void> {
  const lineIds = (
    await tx
      .select({ id: materialPrepLines.id })
      .from(materialPrepLines)
      .where(eq(materialPrepLines.prepId, prepId))
  ).map((l) => l.id);
  for (const hold of await lockedHolds(tx, lineIds)) await giveBack(tx, hold, hold.quantity);
}

/** What a pick takes for one preparation line, as its body names it. */
export interface PickedLine {
  lineId: number;
  quantity: string;
  warehouseId: number;
  locationId?: number | null;
  batchCode?: string | null;
}

/**
 * Before a pick posts: each picked quantity frees the line's holds in the warehouse picked from —
 * the named batch and location first, then the oldest — so the pick can take that stock; then a
 * line holding more than it will still need gives back the rest, newest first. `remaining` is each
 * line's required − issued before the pick.
 */
export async function releaseForPick(
  tx: Tx,
  picked: PickedLine[],
  remaining: Map<number, bigint>,
): Promise<void> {
  const holds = await lockedHolds(tx, [...new Set(picked.map((p) => p.lineId))]);
  if (!holds.length) return;
  const oldestFirst = (a: Hold, b: Hold) => a.firstInAt.getTime() - b.firstInAt.getTime() || a.id - b.id;
  const left = new Map(remaining);
  for (const p of picked) {
    let q = micro(p.quantity);
    left.set(p.lineId, (left.get(p.lineId) ?? 0n) - q);
    const named = (h: Hold) =>
      (p.locationId ? h.locationId === p.locationId : true) &&
      (p.batchCode ? h.batchCode === p.batchCode : true);
    const there = holds
      .filter((h) => h.prepLineId === p.lineId && h.warehouseId === p.warehouseId && h.quantity > 0n)
      .sort((a, b) => Number(named(b)) - Number(named(a)) || oldestFirst(a, b));
    for (const h of there) {
      if (q <= 0n) break;
      const give = least(h.quantity, q);
      await giveBack(tx, h, give);
      q -= give;
    }
  }
  for (const [lineId, need] of left) {
    const own = holds.filter((h) => h.prepLineId === lineId && h.quantity > 0n).sort(oldestFirst);
    let excess = own.reduce((n, h) => n + h.quantity, 0n) - (need > 0n ? need : 0n);
    for (const h of own.reverse()) {
      if (excess <= 0n) break;
      const give = least(h.quantity, excess);
      await giveBack(tx, h, give);
      excess -= give;
    }
  }
}

/**
 * Before a stock count's losses post: stock that is not there cannot stay held. A place whose loss
 * would leave less on hand than it holds gives back the difference, newest hold first; those
 * preparation lines then show the shortfall.
 */
export async function releaseForLoss(
  tx: Tx,
  warehouseId: number,
  losses: { materialsId: number; locationId: number | null; batchCode: string | null; quantity: string }[],
): Promise<void> {
  for (const loss of [...losses].sort(
    (a, b) => a.materialsId - b.materialsId || (a.locationId ?? 0) - (b.locationId ?? 0),
  )) {
    const [b] = await tx
      .select({ id: stockBalances.id, onHand: stockBalances.onHand, allocated: stockBalances.allocated })
      .from(stockBalances)
      .leftJoin(batchNumbers, eq(batchNumbers.id, stockBalances.batchId))
      .where(
        and(
          eq(stockBalances.materialsId, loss.materialsId),
          eq(stockBalances.warehouseId, warehouseId),
          eq(stockBalances.locationId, loss.locationId ?? 0),
          loss.batchCode ? eq(batchNumbers.code, loss.batchCode) : eq(stockBalances.batchId, 0),
          sql`${stockBalances.allocated} > 0`,
        ),
      )
      .for('update', { of: stockBalances });
    if (!b) continue;
    let excess = micro(b.allocated) - (micro(b.onHand) - micro(loss.quantity));
    const holds = await tx
      .select({ id: stockAllocations.id, quantity: stockAllocations.quantity })
      .from(stockAllocations)
      .where(eq(stockAllocations.balanceId, b.id))
      .orderBy(desc(stockAllocations.id));
    for (const h of holds) {
      if (excess <= 0n) break;
      const hold = { id: h.id, balanceId: b.id, quantity: micro(h.quantity) };
      const give = least(hold.quantity, excess);
      await giveBack(tx, hold, give);
      excess -= give;
    }
  }
}

/** What each line of some orders holds, in millionths. */
export async function heldByLine(tx: Tx, prepIds: number[]): Promise<Map<number, bigint>> {
  if (!prepIds.length) return new Map();
  const rows = await tx
    .select({
      lineId: stockAllocations.prepLineId,
      held: sql<string>`sum(${stockAllocations.quantity})::text`,
    })
    .from(stockAllocations)
    .innerJoin(materialPrepLines, eq(materialPrepLines.id, stockAllocations.prepLineId))
    .where(inArray(materialPrepLines.prepId, prepIds))
    .groupBy(stockAllocations.prepLineId);
  return new Map(rows.map((r) => [r.lineId as number, micro(r.held)]));
}

/**
 * A quality hold (docs/quality.md "What a verdict holds"): a batch waiting for its incoming
 * inspection, or rejected by it, is not to be used, so what is available of it in every place is
 * held — a hold of no preparation line, one per balance — and no pick, stock-out or preparation
 * order can take it. Balances are locked in the ledger's key order. Answers what it held.
 */
export async function holdBatch(tx: Tx, batchId: number): Promise<string> {
  const places = await tx
    .select({
      id: stockBalances.id,
      available: sql<string>`(${stockBalances.onHand} - ${stockBalances.allocated})::text`,
    })
    .from(stockBalances)
    .where(
      and(eq(stockBalances.batchId, batchId), sql`${stockBalances.onHand} - ${stockBalances.allocated} > 0`),
    )
    .orderBy(asc(stockBalances.materialsId), asc(stockBalances.warehouseId), asc(stockBalances.locationId))
    .for('update');
  let held = 0n;
  for (const place of places) {
    const q = place.available;
    await tx
      .insert(stockAllocations)
      .values({ prepLineId: null, balanceId: place.id, quantity: q, createdAt: nowOf(tx) })
      .onConflictDoUpdate({
        target: [stockAllocations.tenantId, stockAllocations.balanceId],
        targetWhere: sql`prep_line_id is null`,
        set: { quantity: sql`${stockAllocations.quantity} + excluded.quantity` },
      });
    await tx
      .update(stockBalances)
      .set({ allocated: sql`${stockBalances.allocated} + ${q}::numeric` })
      .where(eq(stockBalances.id, place.id));
    held += micro(q);
  }
  return fromMicro(held);
}

/**
 * The quality hold of a batch given back: all of it (its verdict passed it), or `quantity` of it
 * (a disposition took that much: accepted by concession, or about to be scrapped or returned),
 * place by place in key order.
 */
export async function releaseBatch(tx: Tx, batchId: number, quantity?: string): Promise<void> {
  const holds = await tx
    .select({
      id: stockAllocations.id,
      balanceId: stockAllocations.balanceId,
      quantity: stockAllocations.quantity,
    })
    .from(stockAllocations)
    .innerJoin(stockBalances, eq(stockBalances.id, stockAllocations.balanceId))
    .where(and(eq(stockBalances.batchId, batchId), isNull(stockAllocations.prepLineId)))
    .orderBy(asc(stockBalances.materialsId), asc(stockBalances.warehouseId), asc(stockBalances.locationId))
    .for('update', { of: stockBalances });
  let left = quantity === undefined ? undefined : micro(quantity);
  for (const h of holds) {
    const hold = { ...h, quantity: micro(h.quantity) };
    const give = left === undefined ? hold.quantity : least(hold.quantity, left);
    await giveBack(tx, hold, give);
    if (left === undefined) continue;
    left -= give;
    if (left <= 0n) break;
  }
}
