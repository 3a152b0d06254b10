import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';
import {
  batchNumbers,
  materials,
  units,
  warehouseAreas,
  warehouseLocations,
  warehouses,
} from '../information/index.ts';
import { stockBalances, stockCounts, stockMovements } from './schema.ts';

/** A place stock sits: material × warehouse × location × batch (0: none). */
export interface StockKey {
  materialsId: number;
  warehouseId: number;
  locationId: number;
  batchId: number;
}

/** One change of one key: + in, − out, in main units as an exact decimal text ('12.5'). */
export interface Posting extends StockKey {
  quantity: string;
  docLineId?: number | null;
  /** The movement it undoes (a reversal). */
  reversalOf?: number | null;
}

/** The document a set of postings belongs to, as its movements record it. */
export interface PostingSource {
  docId: number | null;
  docCode: string;
  /** stockDocKind of the document. */
  docKind: number;
  bookAs: number | null;
  stockTypeId: number | null;
}

/** A decimal as a user reads it: '12.500000' → '12.5'. */
export const shownQuantity = (v: string | number) => String(Number(v));

const keyOrder = (a: StockKey, b: StockKey) =>
  a.materialsId - b.materialsId ||
  a.warehouseId - b.warehouseId ||
  a.locationId - b.locationId ||
  a.batchId - b.batchId;

const keyWhere = (k: StockKey) =>
  and(
    eq(stockBalances.materialsId, k.materialsId),
    eq(stockBalances.warehouseId, k.warehouseId),
    eq(stockBalances.locationId, k.locationId),
    eq(stockBalances.batchId, k.batchId),
  );

/**
 * '库存不足：“硅钢片”在“原材料仓/A-01-01”批次 B20261101 可用 12.5 kg，需要 20 kg' (DOMAIN "Posting"):
 * the place is the warehouse with its location, the batch when there is one.
 */
export async function shortage(
  tx: Tx,
  where: { materialsId: number; warehouseId: number; locationId?: number; batchId?: number },
  available: string | number,
  needed: string | number,
) {
  const [m] = await tx
    .select({ name: materials.name, unit: units.name })
    .from(materials)
    .leftJoin(units, eq(units.id, materials.mainUnitId))
    .where(eq(materials.id, where.materialsId));
  const [w] = await tx
    .select({ name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.id, where.warehouseId));
  const [loc] = where.locationId
    ? await tx
        .select({ code: warehouseLocations.code })
        .from(warehouseLocations)
        .where(eq(warehouseLocations.id, where.locationId))
    : [];
  const [batch] = where.batchId
    ? await tx
        .select({ code: batchNumbers.code })
        .from(batchNumbers)
        .where(eq(batchNumbers.id, where.batchId))
    : [];
  const unit = m?.unit ? ` ${m.unit}` : '';
  const place = [w?.name, loc?.code].filter(Boolean).join('/');
  return conflict(
    `库存不足：“${m?.name ?? ''}”在“${place}”${batch ? `批次 ${batch.code} ` : ''}可用 ${shownQuantity(available)}${unit}，需要 ${shownQuantity(needed)}${unit}`,
  );
}

/**
 * Posts movements (DOMAIN "Posting"): in the caller's transaction, keys in one order so two
 * documents never lock each other out; an in adds to its balance (opening it), an out is one
 * conditional update that only passes while the key has that much available, so concurrent
 * postings can never take stock below zero — the one that finds too little fails with the
 * shortage message and its whole document rolls back. Answers the movements' ids in the order given.
 */
export async function post(
  tx: Tx,
  source: PostingSource,
  postings: Posting[],
  actorId: number | null,
): Promise<number[]> {
  if (!postings.length) return [];
  await refuseCounted(tx, postings);
  const now = nowOf(tx);
  const order = postings.map((_, i) => i).sort((a, b) => keyOrder(postings[a], postings[b]));
  const after: string[] = new Array(postings.length);
  for (const i of order) {
    const p = postings[i];
    if (Number(p.quantity) > 0) {
      const [row] = await tx
        .insert(stockBalances)
        .values({
          materialsId: p.materialsId,
          warehouseId: p.warehouseId,
          locationId: p.locationId,
          batchId: p.batchId,
          onHand: p.quantity,
          firstInAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [
            stockBalances.tenantId,
            stockBalances.materialsId,
            stockBalances.warehouseId,
            stockBalances.locationId,
            stockBalances.batchId,
          ],
          set: { onHand: sql`${stockBalances.onHand} + excluded.on_hand`, updatedAt: now },
        })
        .returning({ onHand: stockBalances.onHand });
      after[i] = row.onHand;
      continue;
    }
    const out = p.quantity.replace(/^-/, '');
    const [row] = await tx
      .update(stockBalances)
      .set({ onHand: sql`${stockBalances.onHand} - ${out}::numeric`, updatedAt: now })
      .where(and(keyWhere(p), sql`${stockBalances.onHand} - ${stockBalances.allocated} >= ${out}::numeric`))
      .returning({ onHand: stockBalances.onHand });
    if (!row) {
      const [have] = await tx
        .select({ available: sql<string>`${stockBalances.onHand} - ${stockBalances.allocated}` })
        .from(stockBalances)
        .where(keyWhere(p));
      throw await shortage(tx, p, have?.available ?? 0, out);
    }
    after[i] = row.onHand;
  }
  const rows = await tx
    .insert(stockMovements)
    .values(
      postings.map((p, i) => ({
        materialsId: p.materialsId,
        warehouseId: p.warehouseId,
        locationId: p.locationId || null,
        batchId: p.batchId || null,
        quantity: p.quantity,
        balanceAfter: after[i],
        docKind: source.docKind,
        bookAs: source.bookAs,
        stockTypeId: source.stockTypeId,
        docId: source.docId,
        docCode: source.docCode,
        docLineId: p.docLineId ?? null,
        reversalOf: p.reversalOf ?? null,
        createdBy: actorId,
        createdAt: now,
      })),
    )
    .returning({ id: stockMovements.id });
  return rows.map((r) => r.id);
}

/**
 * A place being counted takes no posting (DOMAIN "Stock count": the scope is frozen from the
 * start of counting until the sheet is posted or cancelled): a whole warehouse, or the locations
 * of one area. '“原材料仓/A区”正在盘点（PD20261126001），暂停出入库'.
 */
async function refuseCounted(tx: Tx, postings: StockKey[]) {
  const warehouseIds = [...new Set(postings.map((p) => p.warehouseId))];
  const counts = await tx
    .select({
      code: stockCounts.code,
      warehouseId: stockCounts.warehouseId,
      areaId: stockCounts.warehouseAreaId,
      warehouseName: warehouses.name,
      areaName: warehouseAreas.name,
    })
    .from(stockCounts)
    .innerJoin(warehouses, eq(warehouses.id, stockCounts.warehouseId))
    .leftJoin(warehouseAreas, eq(warehouseAreas.id, stockCounts.warehouseAreaId))
    .where(and(inArray(stockCounts.status, [1, 2]), inArray(stockCounts.warehouseId, warehouseIds)));
  if (!counts.length) return;
  const locationIds = [...new Set(postings.map((p) => p.locationId).filter((id) => id > 0))];
  const areaOf = new Map(
    locationIds.length
      ? (
          await tx
            .select({ id: warehouseLocations.id, areaId: warehouseLocations.warehouseAreaId })
            .from(warehouseLocations)
            .where(inArray(warehouseLocations.id, locationIds))
        ).map((l) => [l.id, l.areaId])
      : [],
  );
  for (const c of counts) {
    const hit = postings.some(
      (p) => p.warehouseId === c.warehouseId && (c.areaId === null || areaOf.get(p.locationId) === c.areaId),
    );
    if (hit)
      throw conflict(
        `“${c.warehouseName}${c.areaName ? `/${c.areaName}` : ''}”正在盘点（${c.code}），暂停出入库`,
      );
  }
}

/** What one out takes from one key (a first-in-first-out pick may take several). */
export interface Take extends StockKey {
  quantity: string;
}

/**
 * Where an out of `quantity` comes from when the line leaves the batch or the location open:
 * the oldest stock first (first in, first out), locked in that order, skipping what is allocated.
 * Refused with the shortage message when the warehouse has too little in all.
 */
export async function pickFifo(
  tx: Tx,
  want: { materialsId: number; warehouseId: number; locationId?: number; batchId?: number },
  quantity: string,
): Promise<Take[]> {
  const rows = await tx
    .select({
      locationId: stockBalances.locationId,
      batchId: stockBalances.batchId,
      available: sql<string>`${stockBalances.onHand} - ${stockBalances.allocated}`,
    })
    .from(stockBalances)
    .where(
      and(
        eq(stockBalances.materialsId, want.materialsId),
        eq(stockBalances.warehouseId, want.warehouseId),
        want.locationId ? eq(stockBalances.locationId, want.locationId) : undefined,
        want.batchId ? eq(stockBalances.batchId, want.batchId) : undefined,
        gt(sql`${stockBalances.onHand} - ${stockBalances.allocated}`, 0),
      ),
    )
    .orderBy(asc(stockBalances.firstInAt), asc(stockBalances.id))
    .for('update');
  let left = micro(quantity);
  const takes: Take[] = [];
  for (const r of rows) {
    if (left <= 0n) break;
    const have = micro(r.available);
    // biome-ignore lint/complexity/useMathMinMax: bigints
    const take = have < left ? have : left;
    takes.push({
      materialsId: want.materialsId,
      warehouseId: want.warehouseId,
      locationId: r.locationId,
      batchId: r.batchId,
      quantity: fromMicro(take),
    });
    left -= take;
  }
  if (left > 0n) {
    const total = rows.reduce((s, r) => s + micro(r.available), 0n);
    throw await shortage(tx, want, fromMicro(total), quantity);
  }
  return takes;
}

/** A decimal text in millionths (the columns' scale), exactly: '12.5' → 12500000n. */
export function micro(v: string | number): bigint {
  const [whole, frac = ''] = String(v).split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return (
    sign * (BigInt(whole.replace('-', '') || '0') * 1_000_000n + BigInt(frac.slice(0, 6).padEnd(6, '0')))
  );
}

/** Millionths back to a decimal text. */
export function fromMicro(v: bigint): string {
  const sign = v < 0n ? '-' : '';
  const a = v < 0n ? -v : v;
  const whole = a / 1_000_000n;
  const frac = (a % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return `${sign}${whole}${frac ? `.${frac}` : ''}`;
}

/** The movements of a document, to reverse them. */
export async function movementsOf(tx: Tx, docId: number) {
  return tx
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.docId, docId), sql`${stockMovements.reversalOf} is null`))
    .orderBy(asc(stockMovements.id));
}
