import { fromMicro, micro } from '@factory/shared/decimal';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';
import { preparedStatement } from '../../platform/prepared.ts';
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

const $ = (name: string) => sql.placeholder(name);

/** The key columns of the posting statement's rows, in the order keys are locked. */
const KEY = sql.raw('materials_id, warehouse_id, location_id, batch_id');
const sameKey = (a: string, b: string) =>
  sql.raw(
    ['materials_id', 'warehouse_id', 'location_id', 'batch_id']
      .map((c) => `${a}.${c} = ${b}.${c}`)
      .join(' and '),
  );

/**
 * A document's whole posting as ONE statement, prepared once per connection:
 * - `post_given`: the postings as given (arrays, `ord` their order), `post_steps` each with the
 *   running sum of its key (in the given order within a key, as a sequential posting takes them);
 * - `post_keys`: per key its total, what must be available before for every out of it to pass
 *   (`need`: the largest shortfall of the running sum at an out, 0 for none) and whether it opens
 *   with an in (a key not yet there may be opened only by one, and then needs nothing);
 * - `post_frozen`: the first open stock count whose scope one of the keys lies in: then nothing
 *   is written;
 * - `post_balances`: every key's balance updated in key order (material, warehouse, location,
 *   batch: the one lock order of every posting) by an upsert whose update only passes while the
 *   key has what it needs available — a key that does not pass is not answered, and the caller
 *   rolls the document back with the shortage;
 * - `post_moved`: one movement per posting, in the given order, with the balance it left.
 * Answers the movement ids, the count that froze it and the keys that did not pass.
 */
const postStatement = preparedStatement('stock_post', (tx) => {
  const given = tx.$with('post_given', {}).as(sql`
    select * from unnest(${$('materials')}::int[], ${$('warehouses')}::int[], ${$('locations')}::int[],
      ${$('batches')}::int[], ${$('quantities')}::numeric[], ${$('lines')}::int[], ${$('reversals')}::bigint[])
      with ordinality as p(materials_id, warehouse_id, location_id, batch_id, quantity, doc_line_id, reversal_of, ord)`);
  const steps = tx.$with('post_steps', {}).as(sql`
    select g.*, sum(g.quantity) over (partition by ${KEY} order by g.ord) as run,
      first_value(g.quantity) over (partition by ${KEY} order by g.ord) as first_quantity
    from "post_given" g`);
  const keys = tx.$with('post_keys', {}).as(sql`
    select ${KEY}, sum(quantity) as total,
      greatest(0, coalesce(max(-run) filter (where quantity <= 0), 0)) as need,
      bool_and(first_quantity > 0) as opens
    from "post_steps" group by ${KEY}`);
  const frozen = tx.$with('post_frozen', {}).as(sql`
    select c.code, w.name as warehouse_name, a.name as area_name
    from ${stockCounts} c
    join ${warehouses} w on w.id = c.warehouse_id
    left join ${warehouseAreas} a on a.id = c.warehouse_area_id
    where c.status in (1, 2) and exists (select 1 from "post_keys" k where k.warehouse_id = c.warehouse_id
      and (c.warehouse_area_id is null or c.warehouse_area_id =
        (select l.warehouse_area_id from ${warehouseLocations} l where l.id = k.location_id)))
    order by c.id limit 1`);
  const keyOf = (what: string) =>
    sql`(select k.${sql.raw(what)} from "post_keys" k where ${sameKey('k', 'excluded')})`;
  const balances = tx.$with('post_balances', {}).as(sql`
    insert into ${stockBalances} as b (${KEY}, on_hand, first_in_at, updated_at)
    select ${KEY}, greatest(k.total, 0), ${$('now')}::timestamptz, ${$('now')}::timestamptz
    from "post_keys" k
    where not exists (select 1 from "post_frozen")
      and ((k.opens and k.need = 0) or exists (select 1 from ${stockBalances} x where ${sameKey('x', 'k')}))
    order by ${KEY}
    on conflict (tenant_id, ${KEY}) do update
      set on_hand = b.on_hand + ${keyOf('total')}, updated_at = excluded.updated_at
      where b.on_hand - b.allocated >= ${keyOf('need')}
    returning b.materials_id, b.warehouse_id, b.location_id, b.batch_id, b.on_hand`);
  const moved = tx.$with('post_moved', {}).as(sql`
    insert into ${stockMovements} (${KEY}, quantity, balance_after, doc_kind, book_as, stock_type_id, doc_id,
      doc_code, doc_line_id, reversal_of, created_by, created_at)
    select s.materials_id, s.warehouse_id, nullif(s.location_id, 0), nullif(s.batch_id, 0), s.quantity,
      b.on_hand - k.total + s.run, ${$('docKind')}::int, ${$('bookAs')}::int, ${$('stockTypeId')}::int,
      ${$('docId')}::int, ${$('docCode')}::text, s.doc_line_id, s.reversal_of, ${$('actor')}::int,
      ${$('now')}::timestamptz
    from "post_steps" s
    join "post_keys" k using (${KEY})
    join "post_balances" b using (${KEY})
    order by s.ord
    returning id`);
  return tx
    .with(given, steps, keys, frozen, balances, moved)
    .select({
      ids: sql<string | null>`(select string_agg(m.id::text, ',' order by m.id) from "post_moved" m)`,
      frozenCode: sql<string | null>`(select f.code from "post_frozen" f)`,
      frozenWarehouse: sql<string | null>`(select f.warehouse_name from "post_frozen" f)`,
      frozenArea: sql<string | null>`(select f.area_name from "post_frozen" f)`,
      failed: sql<string | null>`(select string_agg(concat_ws(':', ${KEY}), ',') from "post_keys" k
        where not exists (select 1 from "post_balances" b where ${sameKey('b', 'k')}))`,
    })
    .from(sql`(select 1) as post_answer`);
});

/**
 * Posts movements (DOMAIN "Posting"): in the caller's transaction, in one statement
 * (`postStatement`): keys in one order so two documents never lock each other out; an in adds to
 * its balance (opening it), an out only passes while the key has that much available, so
 * concurrent postings can never take stock below zero — the one that finds too little fails with
 * the shortage message and its whole document rolls back; nothing is posted into a place being
 * counted. Answers the movements' ids in the order given.
 */
export async function post(
  tx: Tx,
  source: PostingSource,
  postings: Posting[],
  actorId: number | null,
): Promise<number[]> {
  if (!postings.length) return [];
  const [answer] = await postStatement(tx, {
    materials: postings.map((p) => p.materialsId),
    warehouses: postings.map((p) => p.warehouseId),
    locations: postings.map((p) => p.locationId),
    batches: postings.map((p) => p.batchId),
    quantities: postings.map((p) => p.quantity),
    lines: postings.map((p) => p.docLineId ?? null),
    reversals: postings.map((p) => p.reversalOf ?? null),
    now: nowOf(tx).toISOString(),
    docKind: source.docKind,
    bookAs: source.bookAs,
    stockTypeId: source.stockTypeId,
    docId: source.docId,
    docCode: source.docCode,
    actor: actorId,
  });
  if (answer.frozenCode !== null)
    throw conflict(
      `“${answer.frozenWarehouse}${answer.frozenArea ? `/${answer.frozenArea}` : ''}”正在盘点（${answer.frozenCode}），暂停出入库`,
    );
  if (answer.failed) throw await shortageOf(tx, postings, answer.failed);
  const ids = answer.ids ? answer.ids.split(',').map(Number) : [];
  if (ids.length !== postings.length) throw new Error(`posted ${ids.length} movements of ${postings.length}`);
  return ids;
}

/**
 * The shortage of the first key in key order that did not pass, as posting its steps one by one
 * finds it: the out that found too little, with what was available then.
 */
async function shortageOf(tx: Tx, postings: Posting[], failed: string) {
  const first = failed
    .split(',')
    .map((k) => {
      const [materialsId, warehouseId, locationId, batchId] = k.split(':').map(Number);
      return { materialsId, warehouseId, locationId, batchId };
    })
    .sort(keyOrder)[0];
  const steps = postings.filter((p) => keyOrder(p, first) === 0);
  const [have] = await tx
    .select({ available: sql<string>`${stockBalances.onHand} - ${stockBalances.allocated}` })
    .from(stockBalances)
    .where(keyWhere(first));
  let available = have ? micro(have.available) : null;
  for (const p of steps) {
    const q = micro(p.quantity);
    if (q > 0n) {
      available = (available ?? 0n) + q;
      continue;
    }
    if (available === null || available < -q)
      return shortage(tx, p, fromMicro(available ?? 0n), fromMicro(-q));
    available += q;
  }
  // taken by another posting since: what it has now against the key's first out
  const out = steps.find((p) => micro(p.quantity) <= 0n) ?? steps[0];
  return shortage(tx, first, have?.available ?? 0, fromMicro(-micro(out.quantity)));
}

/** What one out takes from one key (a first-in-first-out pick may take several). */
export interface Take extends StockKey {
  quantity: string;
}

/** pickFifo's select, prepared once per connection for each of: location named or not, batch named or not. */
const fifoStatement = (byLocation: boolean, byBatch: boolean) =>
  preparedStatement(`stock_fifo_${Number(byLocation)}${Number(byBatch)}`, (tx) =>
    tx
      .select({
        locationId: stockBalances.locationId,
        batchId: stockBalances.batchId,
        available: sql<string>`${stockBalances.onHand} - ${stockBalances.allocated}`,
      })
      .from(stockBalances)
      .where(
        and(
          eq(stockBalances.materialsId, $('material')),
          eq(stockBalances.warehouseId, $('warehouse')),
          byLocation ? eq(stockBalances.locationId, $('location')) : undefined,
          byBatch ? eq(stockBalances.batchId, $('batch')) : undefined,
          gt(sql`${stockBalances.onHand} - ${stockBalances.allocated}`, 0),
        ),
      )
      .orderBy(asc(stockBalances.firstInAt), asc(stockBalances.id))
      .for('update'),
  );
const fifoStatements = [
  [fifoStatement(false, false), fifoStatement(false, true)],
  [fifoStatement(true, false), fifoStatement(true, true)],
];

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
  const rows = await fifoStatements[want.locationId ? 1 : 0][want.batchId ? 1 : 0](tx, {
    material: want.materialsId,
    warehouse: want.warehouseId,
    location: want.locationId ?? 0,
    batch: want.batchId ?? 0,
  });
  return takeFifo(tx, want, quantity, rows);
}

/** A place holding stock a first-in-first-out pick may take from, oldest first, locked. */
export interface FifoRow {
  locationId: number;
  batchId: number;
  /** on hand − allocated, a decimal text. */
  available: string;
}

/**
 * What an out of `quantity` takes from `rows` (the places pickFifo's select found, oldest first):
 * each in turn, until it has enough; refused with the shortage message when they hold too little
 * in all.
 */
export async function takeFifo(
  tx: Tx,
  want: { materialsId: number; warehouseId: number; locationId?: number; batchId?: number },
  quantity: string,
  rows: FifoRow[],
): Promise<Take[]> {
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

/** The movements of a document, to reverse them. */
export async function movementsOf(tx: Tx, docId: number) {
  return tx
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.docId, docId), sql`${stockMovements.reversalOf} is null`))
    .orderBy(asc(stockMovements.id));
}
