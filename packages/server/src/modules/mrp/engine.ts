import { fromMicro, least, micro } from '@factory/shared/decimal';

/**
 * The MRP calculation (DOMAIN "MRP"), on its inputs only: no database, no clock. Quantities are
 * exact millionths (bigint); days are whole factory days (days since 1970-01-01 in factory time).
 * The loader (run.ts) reads the inputs and writes what comes out; tests and the benchmark call it
 * directly. The same inputs give the same result: every list is walked in a stable order.
 */

/** procurementType: 0 make, 1 buy, 2 outsource. */
export type Procurement = 0 | 1 | 2;

export interface MrpMaterial {
  id: number;
  code: string;
  procurementType: Procurement;
  /** Working days from release to receipt. */
  leadTimeDays: number;
  /** 0 lot-for-lot, 1 fixed lot, 2 minimum + multiple, 3 cover n days. */
  lotSizeRule: 0 | 1 | 2 | 3;
  fixedLotQty?: string;
  minOrderQty?: string;
  orderMultiple?: string;
  periodDays?: number;
  /** Safety stock (the material's lower limit). */
  safetyStock?: string;
  /** Whole units only (precision 0): quantities round up. */
  whole?: boolean;
  /** Available in nettable warehouses: on hand − allocated. */
  onHand?: string;
}

export interface MrpBomLine {
  parentId: number;
  childId: number;
  /** Child per one parent. */
  quantity: string;
  /** Percent lost in making, 0–100. */
  lossRate?: string;
}

/** An independent requirement: a sales line, a production order, a plan or a work order's material. */
export interface MrpDemand {
  /** Its document and line, as pegging names it (SO20261101001/1). */
  key: string;
  materialsId: number;
  quantity: string;
  day: number;
}

/** A scheduled receipt: an open purchase line, a submitted request, an open plan or work order. */
export interface MrpReceipt {
  key: string;
  materialsId: number;
  quantity: string;
  day: number;
}

/** The time buckets a run nets in: 0 day, 1 week (Monday to Sunday), 2 calendar month. */
export type MrpBucketKind = 0 | 1 | 2;

const DAY_MS = 86_400_000;

/** The first day of the bucket holding `day` (day 0, 1970-01-01, was a Thursday). */
export function bucketStart(day: number, bucket: MrpBucketKind): number {
  if (bucket === 1) return day - ((((day + 3) % 7) + 7) % 7);
  if (bucket === 2) {
    const d = new Date(day * DAY_MS);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY_MS;
  }
  return day;
}

/** The bucket holding `day` by name: the day (2026-11-27), its ISO week (2026-W48) or month (2026-12). */
export function periodLabel(day: number, bucket: MrpBucketKind): string {
  const start = bucketStart(day, bucket);
  const date = new Date(start * DAY_MS).toISOString();
  if (bucket === 0) return date.slice(0, 10);
  if (bucket === 2) return date.slice(0, 7);
  // an ISO week belongs to the year of its Thursday, and counts from that year's first Thursday
  const thursday = new Date((start + 3) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((start + 3 - Date.UTC(year, 0, 1) / DAY_MS) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export interface MrpInput {
  today: number;
  /** Day buckets when absent. */
  bucket?: MrpBucketKind;
  materials: readonly MrpMaterial[];
  bom: readonly MrpBomLine[];
  demands: readonly MrpDemand[];
  receipts: readonly MrpReceipt[];
  /** The working day `days` working days before `day` (the factory calendar). */
  before(day: number, days: number): number;
}

/**
 * A step of a BOM path, linked to the one above it: a child's path shares its parent's (a path per
 * peg copied as an array was most of a large run's memory and time, bench/mrp.ts).
 */
export interface PathNode {
  id: number;
  up: PathNode | undefined;
}

/** A path as material ids, from the demand's material down. */
export const pathOf = (n: PathNode): number[] => {
  const out: number[] = [];
  for (let x: PathNode | undefined = n; x; x = x.up) out.push(x.id);
  return out.reverse();
};

/** What a planned order is for: its top demand (empty: safety stock or lot size), the BOM path to it. */
export interface Peg {
  demand: string;
  /** From the demand's material down to this one. */
  path: PathNode;
  quantity: bigint;
}

export interface PlannedOrder {
  materialsId: number;
  procurementType: Procurement;
  quantity: bigint;
  /** The first day of its bucket (today for the bucket holding today). */
  dueDay: number;
  releaseDay: number;
  /** Its release would have been before today: released today, late. */
  late: boolean;
  pegs: Peg[];
}

/** One bucket of a material's time-phased record. */
export interface MrpBucket {
  /** Its first day (today for the bucket holding today). */
  day: number;
  gross: bigint;
  receipts: bigint;
  planned: bigint;
  /** Projected available at the end of the bucket. */
  projected: bigint;
}

export interface MrpResult {
  /** Each material's low-level code: 0 for top items, one more than its deepest parent. */
  lowLevel: Map<number, number>;
  planned: PlannedOrder[];
  records: Map<number, MrpBucket[]>;
}

export class BomCycleError extends Error {}

const M = 1_000_000n;
const ceilDiv = (a: bigint, b: bigint) => (a <= 0n ? 0n : (a + b - 1n) / b);
const num = (s: string | undefined) => (s ? micro(s) : 0n);

/**
 * Low-level codes by walking the BOM from each material, parents first; a cycle fails with the
 * materials on it: '物料清单存在循环：A → B → A'.
 */
export function lowLevelCodes(
  materials: readonly MrpMaterial[],
  children: Map<number, MrpBomLine[]>,
): Map<number, number> {
  const code = new Map(materials.map((m) => [m.id, m.code]));
  const level = new Map<number, number>();
  const state = new Map<number, 1 | 2>();
  // the deepest level of each material below `id` (iterative DFS: BOMs may be deep)
  const visit = (root: number) => {
    const stack: { id: number; next: number }[] = [{ id: root, next: 0 }];
    state.set(root, 1);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const lines = children.get(top.id) ?? [];
      if (top.next < lines.length) {
        const child = lines[top.next++].childId;
        const s = state.get(child);
        if (s === 1) {
          const at = stack.findIndex((f) => f.id === child);
          const ring = [...stack.slice(at).map((f) => f.id), child].map((id) => code.get(id) ?? String(id));
          throw new BomCycleError(`物料清单存在循环：${ring.join(' → ')}`);
        }
        if (s === undefined) {
          state.set(child, 1);
          stack.push({ id: child, next: 0 });
        }
        continue;
      }
      state.set(top.id, 2);
      stack.pop();
    }
  };
  const ordered = [...materials].sort((a, b) => a.id - b.id);
  for (const m of ordered) if (!state.has(m.id)) visit(m.id);
  // levels: longest path from any root, by relaxing in a topological order (parents first)
  const indegree = new Map<number, number>(ordered.map((m) => [m.id, 0]));
  for (const lines of children.values())
    for (const l of lines) indegree.set(l.childId, (indegree.get(l.childId) ?? 0) + 1);
  const queue = ordered.filter((m) => (indegree.get(m.id) ?? 0) === 0).map((m) => m.id);
  for (const id of queue) level.set(id, 0);
  for (let i = 0; i < queue.length; i++) {
    const id = queue[i];
    for (const l of children.get(id) ?? []) {
      level.set(l.childId, Math.max(level.get(l.childId) ?? 0, (level.get(id) ?? 0) + 1));
      const left = (indegree.get(l.childId) ?? 0) - 1;
      indegree.set(l.childId, left);
      if (left === 0) queue.push(l.childId);
    }
  }
  return level;
}

/** An order's quantity by the material's lot-size rule, whole units rounded up. */
export function lotSize(m: MrpMaterial, net: bigint): bigint {
  if (net <= 0n) return 0n;
  let q = net;
  if (m.lotSizeRule === 1) {
    const lot = num(m.fixedLotQty);
    if (lot > 0n) q = ceilDiv(net, lot) * lot;
  } else if (m.lotSizeRule === 2) {
    const multiple = num(m.orderMultiple);
    if (multiple > 0n) q = ceilDiv(net, multiple) * multiple;
    const min = num(m.minOrderQty);
    if (q < min) q = min;
  }
  return m.whole ? ceilDiv(q, M) * M : q;
}

const MM = M * M;
/**
 * A child's requirement for `parent` of its parent: × the line's factor (quantity per × (1 + loss
 * %), in millionths of millionths), rounded up to the millionth.
 */
const childQuantity = (parent: bigint, line: { factor: bigint }) =>
  parent <= 0n ? 0n : (parent * line.factor + MM - 1n) / MM;

interface Need {
  day: number;
  /** The demand's place in key order (sorting on numbers, not strings). */
  rank: number;
  quantity: bigint;
  demand: string;
  path: PathNode;
}

/**
 * Runs MRP: materials by low-level code (a material's requirements are complete once all its
 * parents are planned), each netted bucket by bucket (days, weeks or months: a demand or receipt
 * counts at its bucket's first day, or today for the bucket holding today) against on-hand stock,
 * scheduled receipts and safety stock; a shortfall becomes a planned order sized by the lot rule,
 * due at the bucket's first day and released lead time earlier (never before today: then flagged
 * late). A made or outsourced material's planned orders become its components' requirements at
 * their release day, carrying their pegs down the BOM path.
 */
export function runMrp(input: MrpInput): MrpResult {
  const bucket = input.bucket ?? 0;
  /** The day a day's demand or receipt counts at: its bucket's first, not before today. */
  const at = (day: number) => Math.max(bucketStart(day, bucket), input.today);
  const add = (into: Map<number, bigint>, day: number, q: bigint) => {
    const t = at(day);
    into.set(t, (into.get(t) ?? 0n) + q);
  };
  const children = new Map<number, MrpBomLine[]>();
  for (const l of [...input.bom].sort((a, b) => a.parentId - b.parentId || a.childId - b.childId))
    children.set(l.parentId, [...(children.get(l.parentId) ?? []), l]);
  const lowLevel = lowLevelCodes(input.materials, children);
  const needs = new Map<number, Need[]>();
  const addNeed = (id: number, n: Need) => {
    const list = needs.get(id);
    if (list) list.push(n);
    else needs.set(id, [n]);
  };
  const rankOf = new Map<string, number>();
  for (const k of [...new Set(input.demands.map((d) => d.key))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    rankOf.set(k, rankOf.size);
  for (const d of input.demands)
    addNeed(d.materialsId, {
      rank: rankOf.get(d.key) ?? 0,
      day: Math.max(d.day, input.today),
      quantity: micro(d.quantity),
      demand: d.key,
      path: { id: d.materialsId, up: undefined },
    });
  const supply = new Map<number, { day: number; quantity: bigint }[]>();
  for (const r of [...input.receipts].sort(
    (a, b) => a.day - b.day || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  )) {
    const list = supply.get(r.materialsId) ?? [];
    list.push({ day: Math.max(r.day, input.today), quantity: micro(r.quantity) });
    supply.set(r.materialsId, list);
  }
  const ordered = [...input.materials].sort(
    (a, b) => (lowLevel.get(a.id) ?? 0) - (lowLevel.get(b.id) ?? 0) || a.id - b.id,
  );
  const planned: PlannedOrder[] = [];
  const records = new Map<number, MrpBucket[]>();
  for (const m of ordered) {
    const own = (needs.get(m.id) ?? []).sort((a, b) => a.day - b.day || a.rank - b.rank);
    // every parent is planned: nothing adds to it any more
    needs.delete(m.id);
    const receipts = supply.get(m.id) ?? [];
    const safety = num(m.safetyStock);
    const onHand = num(m.onHand);
    if (!own.length && !receipts.length && onHand >= safety) continue;
    const gross = new Map<number, bigint>();
    for (const n of own) add(gross, n.day, n.quantity);
    const scheduled = new Map<number, bigint>();
    for (const r of receipts) add(scheduled, r.day, r.quantity);
    const days = [...new Set([input.today, ...gross.keys(), ...scheduled.keys()])].sort((a, b) => a - b);
    const mine: PlannedOrder[] = [];
    const buckets: MrpBucket[] = [];
    let projected = onHand;
    for (const [i, day] of days.entries()) {
      projected += (scheduled.get(day) ?? 0n) - (gross.get(day) ?? 0n);
      let net = safety - projected;
      if (net > 0n && m.lotSizeRule === 3) {
        // cover the next n days: the lowest the projection falls in the window, from here
        let low = projected;
        let p = projected;
        for (const later of days.slice(i + 1)) {
          if (later >= day + (m.periodDays ?? 1)) break;
          p += (scheduled.get(later) ?? 0n) - (gross.get(later) ?? 0n);
          if (p < low) low = p;
        }
        net = safety - low;
      }
      const quantity = lotSize(m, net);
      if (quantity > 0n) {
        const release = input.before(day, m.leadTimeDays);
        mine.push({
          materialsId: m.id,
          procurementType: m.procurementType,
          quantity,
          dueDay: day,
          releaseDay: Math.max(release, input.today),
          late: release < input.today,
          pegs: [],
        });
        projected += quantity;
      }
      buckets.push({
        day,
        gross: gross.get(day) ?? 0n,
        receipts: scheduled.get(day) ?? 0n,
        planned: quantity,
        projected,
      });
    }
    records.set(m.id, buckets);
    if (!mine.length) continue;
    peg(own, onHand + receipts.reduce((s, r) => s + r.quantity, 0n), mine);
    planned.push(...mine);
    if (m.procurementType === 1) continue;
    const lines = (children.get(m.id) ?? []).map((l) => ({
      childId: l.childId,
      factor: micro(l.quantity) * (M + micro(l.lossRate ?? '0') / 100n),
    }));
    for (const order of mine)
      for (const p of order.pegs)
        for (const l of lines)
          addNeed(l.childId, {
            rank: rankOf.get(p.demand) ?? -1,
            day: order.releaseDay,
            quantity: childQuantity(p.quantity, l),
            demand: p.demand,
            path: { id: l.childId, up: p.path },
          });
  }
  planned.sort((a, b) => a.releaseDay - b.releaseDay || a.materialsId - b.materialsId || a.dueDay - b.dueDay);
  return { lowLevel, planned, records };
}

/**
 * Supply meets demand by date, first come first served: stock and scheduled receipts first, then
 * the planned orders in due order. Each planned order keeps the demands it meets (its pegs); what
 * is left of it (safety stock, a lot larger than the need) is pegged to no demand.
 */
function peg(needs: readonly Need[], existing: bigint, orders: PlannedOrder[]) {
  let free = existing;
  let o = 0;
  let left = orders[0]?.quantity ?? 0n;
  for (const n of needs) {
    let q = n.quantity;
    const fromStock = least(q, free);
    free -= fromStock;
    q -= fromStock;
    while (q > 0n && o < orders.length) {
      const take = least(q, left);
      if (take > 0n) orders[o].pegs.push({ demand: n.demand, path: n.path, quantity: take });
      q -= take;
      left -= take;
      if (left === 0n && ++o < orders.length) left = orders[o].quantity;
    }
  }
  for (; o < orders.length; o++) {
    const rest = orders[o].quantity - orders[o].pegs.reduce((s, p) => s + p.quantity, 0n);
    if (rest > 0n)
      orders[o].pegs.push({ demand: '', path: { id: orders[o].materialsId, up: undefined }, quantity: rest });
  }
}

/** A planned quantity as the decimal text the tables keep. */
export const asDecimal = (q: bigint): string => fromMicro(q);
