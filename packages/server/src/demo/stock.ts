import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  customers,
  materials,
  stockTypes,
  suppliers,
  units,
  warehouseAreas,
  warehouseLocations,
  warehouses,
} from '../modules/information/index.ts';
import { produceOrders, produceWorkOrders } from '../modules/plans/index.ts';
import { users } from '../modules/setting/index.ts';
import {
  materialPrepActions,
  materialPrepLines,
  materialPreps,
  postNow,
  stockBalances,
  stockDoc,
  stockDocActions,
  stockDocLines,
  stockFinished,
} from '../modules/warehouse/index.ts';
import { setClock } from '../platform/clock.ts';
import type { Tx } from '../platform/db.ts';
import type { Actor } from '../platform/machine.ts';
import type { TenantInfo } from '../platform/services.ts';
import type { ProductionCompanion } from './production.ts';
import { purchaser } from './purchase.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CST = 8 * HOUR;

/**
 * Ships a stocked plan's goods to its order's customer at `at` some other way (the sales demo:
 * against a sales order); false when it did not, and a plain 销售出库 goes out instead.
 */
export type ShipFinished = (p: {
  at: number;
  orderCode: string;
  warehouseId: number;
  lines: { materialsId: number; quantity: string; batchCode: string | null }[];
}) => Promise<boolean>;

/** Tenants whose raw materials move through the warehouse for a year. */
export const demoStock: Readonly<Record<string, { weeks: number }>> = {
  transformer: { weeks: 52 },
  machinery: { weeks: 8 },
};

/** A small deterministic generator (mulberry32): the same tenant gets the same history. */
function generator(seed: string) {
  let a = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 0x85ebca6b), 0x1b873593);
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

/** A week's use of a material, by its unit: kilograms of copper are not counted like bushings. */
function weeklyUse(unit: string | null, r: () => number): number {
  const range: Record<string, [number, number]> = {
    kg: [300, 2400],
    吨: [1, 6],
    m: [100, 900],
    米: [100, 900],
    L: [400, 2000],
    升: [400, 2000],
    张: [40, 300],
    片: [200, 1600],
  };
  const [lo, hi] = range[unit ?? ''] ?? [4, 40];
  return Math.round(lo + r() * (hi - lo));
}

/** 09:00–16:00 on the factory's day `day` (its midnight), a little into it. */
const during = (day: number, r: () => number) => new Date(day + 9 * HOUR + Math.floor(r() * 7 * HOUR));

/**
 * A year of the raw-material warehouse (DOMAIN "Stock documents"), written through the warehouse
 * services as the keeper would, in production's timeline (production.ts ProductionCompanion):
 * purchase orders to each material's supplier received every fortnight (purchase.ts), sized to
 * what the last fortnight's picks took, the first ones stocking the shelves; each released work order's preparation order sent within the
 * hour and picked whole to its line side before the line takes it up (an urgent delivery first
 * when the shelves are short), so report work backflushes it from there; now and then scrap; the
 * last days leave documents waiting for approval, a draft, and the newest orders unpicked.
 * `finish` then stocks in and ships the finished goods. Every unit in stock is explained by its movements.
 */
export async function stockCompanion(
  tx: Tx,
  tenant: TenantInfo,
  adminId: number,
  weeks: number,
  now = Date.now(),
): Promise<{ companion: ProductionCompanion; finish(ship?: ShipFinished): Promise<void> } | undefined> {
  const rng = generator(`${tenant.memberCode}-stock`);
  const [keeperRow] = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.userName, ['cangguan01', 'cangguan02']))
    .orderBy(users.userName)
    .limit(1);
  const keeperId = keeperRow?.id ?? adminId;
  const keeper: Actor = { userId: keeperId, tenant, permissions: new Set(), isAdmin: true };
  const approver: Actor = { userId: adminId, tenant, permissions: new Set(), isAdmin: true };

  const [raw] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.kind, 0))
    .orderBy(asc(warehouses.code))
    .limit(1);
  if (!raw) return undefined;
  const locations = (
    await tx
      .select({ id: warehouseLocations.id })
      .from(warehouseLocations)
      .innerJoin(warehouseAreas, eq(warehouseAreas.id, warehouseLocations.warehouseAreaId))
      .where(eq(warehouseAreas.warehouseId, raw.id))
      .orderBy(asc(warehouseLocations.code))
  ).map((l) => l.id);
  const stuff = await tx
    .select({ id: materials.id, code: materials.code, unit: units.name })
    .from(materials)
    .leftJoin(units, eq(units.id, materials.mainUnitId))
    .where(
      and(
        inArray(materials.materialType, [0, 3]),
        eq(materials.isVirtual, false),
        eq(materials.enabled, true),
      ),
    )
    .orderBy(asc(materials.code));
  if (!stuff.length) return undefined;
  const supplierIds = (await tx.select({ id: suppliers.id }).from(suppliers).orderBy(suppliers.id)).map(
    (s) => s.id,
  );
  const buying = await purchaser(tx, tenant, adminId, keeperId, raw.id);
  const typeOf = async (direction: number, bookAs: number) => {
    const [t] = await tx
      .select({ id: stockTypes.id })
      .from(stockTypes)
      .where(and(eq(stockTypes.direction, direction), eq(stockTypes.bookAs, bookAs)))
      .limit(1);
    return t?.id ?? null;
  };
  const purchase = await typeOf(0, 0);
  const other = await typeOf(1, 2);
  // each material keeps to its locations, as a keeper shelves it
  const home = new Map(
    stuff.map((m, i) => [m.id, locations.length ? locations[i % locations.length] : null]),
  );
  const use = new Map(stuff.map((m) => [m.id, weeklyUse(m.unit, rng.next)]));
  // what the picks took since the last delivery of each material: the next one replaces it
  const taken = new Map<number, number>();

  type Line = { materialsId: number; quantity: number; locationId?: number | null; batchCode?: string };
  const write = async (
    when: Date,
    body: Record<string, unknown>,
    lines: Line[],
    until: 'draft' | 'submit' | 'post',
  ) => {
    if (!lines.length) return;
    // the last week's days still to come happen this morning
    const at = when.getTime() < now - 2 * HOUR ? when : new Date(now - (2 + rng.int(0, 20)) * HOUR);
    setClock(tx, at);
    const id = await stockDoc.create(tx, keeperId, { warehouseId: raw.id, ...body, lines });
    if (until === 'draft') return;
    setClock(tx, new Date(at.getTime() + 10 * 60_000));
    const submitted = await stockDocActions.act(tx, keeper, 'submit', { id });
    if (until === 'submit') return;
    setClock(tx, new Date(Math.min(at.getTime() + rng.int(20, 50) * 60_000, now - 60_000)));
    await stockDocActions.act(tx, approver, 'approve', { id, version: submitted.version });
  };

  /** What the raw warehouse has of a material. */
  const onHand = async (materialsId: number) => {
    const [row] = await tx
      .select({ q: sql<string>`coalesce(sum(${stockBalances.onHand} - ${stockBalances.allocated}), 0)` })
      .from(stockBalances)
      .where(and(eq(stockBalances.materialsId, materialsId), eq(stockBalances.warehouseId, raw.id)));
    return Number(row?.q ?? 0);
  };

  const start = Math.floor((now - weeks * 7 * DAY + CST) / DAY) * DAY - CST;

  /**
   * A fortnight's deliveries, first thing on its Monday: ordered a week before from each
   * material's supplier and received whole; the last fortnight's only partly so far.
   */
  async function deliveries(week: number, monday: number) {
    const last = week >= weeks - 2;
    const lines = stuff.flatMap((m) => {
      const need = (taken.get(m.id) ?? 0) * (0.95 + rng.next() * 0.35);
      // the first ones stock the shelves, the last ones keep a little in hand
      const q = Math.ceil(need + (use.get(m.id) ?? 10) * (week < 2 ? 2 : last ? 0.5 : 0));
      taken.set(m.id, 0);
      return q > 0 ? [{ materialsId: m.id, quantity: q, locationId: home.get(m.id) }] : [];
    });
    const at = new Date(monday + 8 * HOUR + rng.int(0, 40) * 60_000);
    // the last week's days still to come happen this morning
    await buying.deliver(
      at.getTime() < now - 2 * HOUR ? at : new Date(now - 3 * HOUR),
      lines,
      7,
      last ? 0.7 : 1,
    );
  }

  /**
   * A week's other work: now and then scrap found on the shelf; the last week, a scrap waiting for
   * approval and a delivery still being counted.
   */
  async function weekEnd(week: number, monday: number) {
    if (rng.next() < 0.25) {
      const m = stuff[rng.int(0, stuff.length - 1)];
      const have = await onHand(m.id);
      const q = Math.min(Math.max(1, Math.round((use.get(m.id) ?? 10) * 0.02)), Math.floor(have));
      if (q > 0)
        await write(
          during(monday + 5 * DAY, rng.next),
          { kind: 1, stockTypeId: other, remark: '盘点发现受潮报废' },
          [{ materialsId: m.id, quantity: q }],
          'post',
        );
    }
    if (week === weeks - 1) {
      // a scrap found on the shelf waits for the manager's approval
      const m = stuff[0];
      await write(
        during(monday + 4 * DAY, rng.next),
        { kind: 1, stockTypeId: other, remark: '搬运磕碰变形，申请报废' },
        [{ materialsId: m.id, quantity: 1 }],
        'submit',
      );
      await write(
        during(monday + 6 * DAY, rng.next),
        { kind: 0, stockTypeId: purchase, supplierId: supplierIds[0] ?? null, remark: '到货待点数' },
        stuff
          .slice(0, 3)
          .map((m) => ({ materialsId: m.id, quantity: use.get(m.id) ?? 10, locationId: home.get(m.id) })),
        'draft',
      );
    }
  }

  /**
   * A released work order's preparation: sent within the hour, picked whole before the line takes
   * it up; what the shelves lack is delivered urgently first. The newest are left to the keeper.
   */
  async function prepare(workOrderId: number, sentAt: number, pickAt: number) {
    const [prep] = await tx
      .select({ id: materialPreps.id })
      .from(materialPreps)
      .where(and(eq(materialPreps.workOrderId, workOrderId), eq(materialPreps.status, 0)));
    if (!prep) return;
    setClock(tx, new Date(sentAt));
    const sent = await materialPrepActions.act(tx, keeper, 'send', { id: prep.id });
    if (pickAt > now - HOUR) return;
    const lines = await tx
      .select({
        id: materialPrepLines.id,
        materialsId: materialPrepLines.materialsId,
        required: materialPrepLines.requiredQuantity,
      })
      .from(materialPrepLines)
      .where(eq(materialPrepLines.prepId, prep.id));
    const short: Line[] = [];
    for (const l of lines) {
      const lack = Number(l.required) - (await onHand(l.materialsId));
      if (lack > 0)
        short.push({
          materialsId: l.materialsId,
          quantity: Math.ceil(lack + (use.get(l.materialsId) ?? 10) * rng.next()),
          locationId: home.get(l.materialsId),
        });
    }
    // ordered that morning from the supplier, delivered urgently
    if (short.length) await buying.deliver(new Date(pickAt - 2 * HOUR), short, 0.25);
    setClock(tx, new Date(pickAt));
    const body = {
      id: prep.id,
      version: sent.version,
      warehouseId: raw.id,
      lines: lines.map((l) => ({ lineId: l.id, quantity: Number(l.required) })),
    };
    await materialPrepActions.act(tx, keeper, 'pick', { id: prep.id, version: sent.version, body });
    for (const l of lines) taken.set(l.materialsId, (taken.get(l.materialsId) ?? 0) + Number(l.required));
  }

  return {
    companion: {
      start(schedule) {
        for (let week = 0; week < weeks; week++) {
          const monday = start + week * 7 * DAY;
          if (week % 2 === (weeks - 1) % 2) schedule(monday + 8 * HOUR, () => deliveries(week, monday));
          schedule(monday + 5 * DAY + 9 * HOUR, () => weekEnd(week, monday));
        }
      },
      released(workOrderId, at, begin, schedule) {
        const sentAt = at + rng.int(10, 50) * 60_000;
        // picked the afternoon before the line takes it up, or once the held material is in
        const pickAt = Math.max(sentAt + HOUR, begin - rng.int(2, 16) * HOUR);
        schedule(sentAt, () => prepare(workOrderId, sentAt, pickAt));
      },
    },
    async finish(ship?: ShipFinished) {
      setClock(tx, undefined);
      await seedFinishedGoods(tx, keeperId, now, rng, ship);
      // lots that failed incoming inspection stay held (不合格) for their handling; this morning's
      // delivery of steel and copper waits for the inspector (待检验)
      const inspected = stuff.filter((m) => /^YCL-(GG|CU)-/.test(m.code));
      const lot = (m: (typeof stuff)[number], weeks = 1) => ({
        materialsId: m.id,
        quantity: Math.ceil((use.get(m.id) ?? 10) * weeks),
        locationId: home.get(m.id),
      });
      if (inspected.length) {
        await buying.deliver(new Date(now - 41 * DAY + 2 * HOUR), [lot(inspected[0], 0.5)], 7, 1, 1);
        await buying.deliver(
          new Date(now - 9 * DAY + 3 * HOUR),
          [lot(inspected[inspected.length - 1], 0.3)],
          7,
          1,
          1,
        );
        await buying.deliver(
          new Date(now - 2 * HOUR),
          inspected.slice(0, 2).map((m) => lot(m, 0.4)),
          5,
          1,
          0,
          false,
        );
      }
      // next week's deliveries are on order
      const next = new Date(Math.floor((now + CST) / DAY) * DAY - CST + 5 * DAY + 9 * HOUR);
      await buying.deliver(
        next,
        stuff.slice(0, 6).map((m) => ({
          materialsId: m.id,
          quantity: Math.ceil(use.get(m.id) ?? 10),
          locationId: home.get(m.id),
        })),
        7,
        0,
      );
    },
  };
}

/**
 * The finished-goods side: each plan whose work orders completed is stocked in (生产入库) two hours
 * after its last one finished, and shipped to its customer (销售出库) three to ten days later; what
 * was finished lately still waits in the finished-goods warehouse.
 */
async function seedFinishedGoods(
  tx: Tx,
  keeperId: number,
  now: number,
  rng: ReturnType<typeof generator>,
  ship?: ShipFinished,
) {
  const ordinary = await tx
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.kind, 0))
    .orderBy(asc(warehouses.code));
  const finished =
    ordinary.find((w) => w.name.includes('成品') && !w.name.includes('半成品')) ?? ordinary.at(-1);
  if (!finished) return;
  const [shipping] = await tx
    .select({ id: stockTypes.id })
    .from(stockTypes)
    .where(and(eq(stockTypes.direction, 1), eq(stockTypes.bookAs, 1)))
    .limit(1);
  const done = (
    (await tx.execute(sql`
      select w.plan_id, max(w.finished_at) as finished_at, o.code as order_code, c.name as customer
      from ${produceWorkOrders} w
      join ${produceOrders} o on o.id = w.order_id
      left join ${customers} c on c.id = o.customer_id
      where w.status = 2 and w.work_type = 0 and w.plan_id is not null and w.finished_at is not null
      group by w.plan_id, o.code, c.name
      having sum(w.completed_quantity) > 0
      order by max(w.finished_at)`)) as unknown as {
      rows: { plan_id: number; finished_at: string | Date; order_code: string; customer: string | null }[];
    }
  ).rows;
  for (const [i, d] of done.entries()) {
    const at = new Date(d.finished_at).getTime() + 2 * HOUR;
    if (at > now - HOUR) continue;
    setClock(tx, new Date(at));
    const doc = await stockFinished(tx, keeperId, [d.plan_id], { warehouseId: finished.id });
    const shipAt = at + rng.int(3, 10) * DAY;
    // the last two finished wait for their customers whatever the dates
    if (shipAt > now - HOUR || i >= done.length - 2 || !shipping) continue;
    const lines = await tx
      .select({
        materialsId: stockDocLines.materialsId,
        quantity: stockDocLines.quantity,
        batchCode: stockDocLines.batchCode,
      })
      .from(stockDocLines)
      .where(eq(stockDocLines.docId, doc.id));
    if (await ship?.({ at: shipAt, orderCode: d.order_code, warehouseId: finished.id, lines })) continue;
    setClock(tx, new Date(shipAt));
    await postNow(tx, keeperId, {
      kind: 1,
      stockTypeId: shipping.id,
      warehouseId: finished.id,
      sourceNumber: d.order_code,
      remark: d.customer ? `发货给${d.customer}` : '发货',
      lines,
    });
  }
  setClock(tx, undefined);
}
