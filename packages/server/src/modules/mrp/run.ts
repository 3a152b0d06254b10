import { mrpApi } from '@factory/shared/api/mrp';
import { fromMicro, micro } from '@factory/shared/decimal';
import { formatFactoryTime } from '@factory/shared/factoryTime';
import { and, asc, desc, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { bomItems, materials, units, warehouses, workCalendarDays } from '../information/index.ts';
import {
  asNumber,
  produceOrders,
  producePlanMaterials,
  producePlans,
  produceWorkOrders,
} from '../plans/index.ts';
import { purchaseOrderLines, purchaseOrders, purchaseRequest, purchaseRequests } from '../purchase/index.ts';
import { salesOrderLines, salesOrderProduces, salesOrders } from '../sales/index.ts';
import { users } from '../setting/index.ts';
import { stockBalances } from '../warehouse/index.ts';
import {
  BomCycleError,
  type MrpBucketKind,
  type MrpDemand,
  type MrpInput,
  type MrpMaterial,
  type MrpReceipt,
  type Procurement,
  pathOf,
  periodLabel,
  runMrp,
} from './engine.ts';
import { type MrpScope, mrpRunLines, mrpRuns } from './schema.ts';

const DAY_MS = 86_400_000;
const CST_MS = 8 * 3_600_000;

/** The factory day (days since 1970-01-01, Asia/Shanghai) of an instant. */
const dayOf = (at: Date) => Math.floor((at.getTime() + CST_MS) / DAY_MS);
/** A factory day as 'YYYY-MM-DD'. */
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** A 'YYYY-MM-DD' as its factory day. */
const dayOfDate = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Raw materials (0) and auxiliaries (3) are bought unless the material says otherwise. */
const procurementOf = (m: { procurementType: number | null; materialType: number; isVirtual: boolean }) =>
  (m.isVirtual
    ? 0
    : (m.procurementType ?? (m.materialType === 0 || m.materialType === 3 ? 1 : 0))) as Procurement;

/** The ids of a scope's orders (never empty for `inArray`: no id is 0). */
const ids = (orders: { id: number }[]) => (orders.length ? orders.map((o) => o.id) : [0]);

/** Σ of a numeric SQL expression as decimal text. */
const text = (q: ReturnType<typeof sql>) => sql<string>`(${q})::text`;

/**
 * What MRP reads (DOMAIN "MRP" netting), as of today, over everything open:
 * - demands: the rest of confirmed sales lines not covered by production orders; open production
 *   orders (quantity − completed) at delivery; open plans' materials (required − issued) at start;
 * - receipts: open plans (quantity − completed by their work orders) at their end; open purchase
 *   lines (quantity − received) at delivery; submitted requests not yet ordered at their date;
 * - stock: on hand − allocated in the ordinary warehouses (line side is already issued);
 * - the BOM and each material's parameters; the factory calendar's rest days.
 * Run over chosen orders (`scope`), the demands are those orders' (a sales order's with the
 * production orders made for it) and the plans those of its production orders; stock, purchase
 * lines and requests are the factory's, whoever they were bought for. Demands dated after the
 * horizon (`horizonEnd`, a day) are left out: the planner looks no further.
 */
export async function loadInput(
  tx: Tx,
  today: number,
  scope?: MrpScope | null,
  horizonEnd?: number | null,
): Promise<MrpInput> {
  const rows = await tx
    .select({
      id: materials.id,
      code: materials.code,
      materialType: materials.materialType,
      isVirtual: materials.isVirtual,
      procurementType: materials.procurementType,
      leadTimeDays: materials.leadTimeDays,
      lotSizeRule: materials.lotSizeRule,
      fixedLotQty: materials.fixedLotQty,
      minOrderQty: materials.minOrderQty,
      orderMultiple: materials.orderMultiple,
      periodDays: materials.periodDays,
      lowerLimit: materials.lowerLimit,
      precision: units.precision,
    })
    .from(materials)
    .leftJoin(units, eq(units.id, materials.mainUnitId))
    .where(eq(materials.enabled, true));
  const stock = new Map(
    (
      await tx
        .select({
          id: stockBalances.materialsId,
          q: text(sql`sum(${stockBalances.onHand} - ${stockBalances.allocated})`),
        })
        .from(stockBalances)
        .innerJoin(warehouses, eq(warehouses.id, stockBalances.warehouseId))
        .where(eq(warehouses.kind, 0))
        .groupBy(stockBalances.materialsId)
    ).map((r) => [r.id, r.q]),
  );
  const mats: MrpMaterial[] = rows.map((m) => ({
    id: m.id,
    code: m.code,
    procurementType: procurementOf(m),
    leadTimeDays: m.isVirtual ? 0 : m.leadTimeDays,
    lotSizeRule: (m.isVirtual ? 0 : m.lotSizeRule) as MrpMaterial['lotSizeRule'],
    fixedLotQty: m.fixedLotQty ?? undefined,
    minOrderQty: m.minOrderQty ?? undefined,
    orderMultiple: m.orderMultiple ?? undefined,
    periodDays: m.periodDays ?? undefined,
    safetyStock: m.isVirtual ? undefined : (m.lowerLimit ?? undefined),
    whole: m.precision === 0,
    onHand: stock.get(m.id),
  }));
  const bom = await tx
    .select({
      parentId: bomItems.parentId,
      childId: bomItems.childId,
      quantity: bomItems.quantity,
      lossRate: bomItems.lossRate,
    })
    .from(bomItems);

  const demands: MrpDemand[] = [];
  const receipts: MrpReceipt[] = [];
  const at = (d: Date | null) => (d ? dayOf(d) : today);
  // sales lines: what production orders (not cancelled) do not already cover
  for (const l of await tx
    .select({
      code: salesOrders.code,
      lineNo: salesOrderLines.lineNo,
      materialsId: salesOrderLines.materialsId,
      rest: text(sql`${salesOrderLines.quantity} - ${salesOrderLines.shippedQuantity} - coalesce((
        select sum(po.quantity) from ${salesOrderProduces} x join ${produceOrders} po on po.id = x.produce_order_id
        where x.line_id = ${salesOrderLines.id} and po.plan_status <> 9), 0)`),
      day: salesOrderLines.deliveryTime,
    })
    .from(salesOrderLines)
    .innerJoin(salesOrders, eq(salesOrders.id, salesOrderLines.orderId))
    .where(
      and(
        eq(salesOrders.confirmStatus, 1),
        inArray(salesOrders.status, [0, 1]),
        scope ? inArray(salesOrders.id, ids(scope.salesOrders)) : undefined,
      ),
    ))
    if (micro(l.rest) > 0n)
      demands.push({
        key: `${l.code}/${l.lineNo}`,
        materialsId: l.materialsId,
        quantity: l.rest,
        day: at(l.day),
      });
  // production orders: what is not completed yet (their plans, below, are its supply); an order
  // carrying a material-requirements plan was made to meet a demand counted already, not a demand
  for (const o of await tx
    .select({
      code: produceOrders.code,
      materialsId: produceOrders.materialsId,
      rest: text(sql`${produceOrders.quantity} - ${produceOrders.completedQuantity}`),
      day: produceOrders.deliveryTime,
    })
    .from(produceOrders)
    .where(
      and(
        notInArray(produceOrders.planStatus, [2, 9]),
        scope ? inArray(produceOrders.id, ids(scope.produceOrders)) : undefined,
        sql`not exists (select 1 from ${producePlans} where ${producePlans.produceOrderId} = ${produceOrders.id}
          and ${producePlans.planType} = 1)`,
      ),
    ))
    if (micro(o.rest) > 0n)
      demands.push({ key: o.code, materialsId: o.materialsId, quantity: o.rest, day: at(o.day) });
  // open plans (not completed): their product coming, their materials going
  const open = and(
    notInArray(producePlans.scheduleStatus, [4, 5]),
    scope ? inArray(producePlans.produceOrderId, ids(scope.produceOrders)) : undefined,
  );
  for (const p of await tx
    .select({
      code: producePlans.code,
      materialsId: producePlans.materialsId,
      rest: text(sql`${producePlans.quantity} - coalesce((select sum(w.completed_quantity) from ${produceWorkOrders} w
        where w.plan_id = ${producePlans.id} and w.work_type = 0), 0)`),
      start: producePlans.planStartTime,
      end: producePlans.planEndTime,
    })
    .from(producePlans)
    .where(open))
    if (micro(p.rest) > 0n)
      receipts.push({ key: p.code, materialsId: p.materialsId, quantity: p.rest, day: at(p.end ?? p.start) });
  for (const m of await tx
    .select({
      code: producePlans.code,
      materialsId: producePlanMaterials.materialId,
      rest: text(sql`${producePlanMaterials.requiredQuantity} - ${producePlanMaterials.issuedQuantity}`),
      day: producePlans.planStartTime,
    })
    .from(producePlanMaterials)
    .innerJoin(producePlans, eq(producePlans.id, producePlanMaterials.planId))
    .where(open))
    if (micro(m.rest) > 0n)
      demands.push({ key: m.code, materialsId: m.materialsId, quantity: m.rest, day: at(m.day) });
  // purchase lines on their way, and requests submitted but not ordered
  for (const l of await tx
    .select({
      code: purchaseOrders.code,
      lineNo: purchaseOrderLines.lineNo,
      materialsId: purchaseOrderLines.materialsId,
      rest: text(sql`${purchaseOrderLines.quantity} - ${purchaseOrderLines.receivedQuantity}`),
      day: purchaseOrderLines.deliveryTime,
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.orderId))
    .where(inArray(purchaseOrders.status, [0, 1])))
    if (micro(l.rest) > 0n)
      receipts.push({
        key: `${l.code}/${l.lineNo}`,
        materialsId: l.materialsId,
        quantity: l.rest,
        day: at(l.day),
      });
  for (const r of await tx
    .select({
      code: purchaseRequests.code,
      materialsId: purchaseRequests.materialsId,
      rest: text(sql`${purchaseRequests.quantity} - ${purchaseRequests.orderedQuantity}`),
      day: purchaseRequests.requiredDate,
    })
    .from(purchaseRequests)
    .where(eq(purchaseRequests.status, 1)))
    if (micro(r.rest) > 0n)
      receipts.push({ key: r.code, materialsId: r.materialsId, quantity: r.rest, day: at(r.day) });

  const calendar = await tx
    .select({ day: workCalendarDays.day, kind: workCalendarDays.kind })
    .from(workCalendarDays)
    .where(isNull(workCalendarDays.areaId));
  const rest = new Set(
    calendar.filter((d) => d.kind === 0).map((d) => Date.parse(`${d.day}T00:00:00Z`) / DAY_MS),
  );
  const before = (day: number, days: number) => {
    let d = day;
    for (let left = days; left > 0; ) {
      d--;
      if (!rest.has(d)) left--;
    }
    return d;
  };
  const within = horizonEnd == null ? demands : demands.filter((d) => d.day <= horizonEnd);
  return { today, materials: mats, bom, demands: within, receipts, before };
}

/** The orders a planner chose to run MRP over; none: everything open. */
export interface MrpChosen {
  salesOrderIds?: number[];
  produceOrderIds?: number[];
}

/** What 计算 asks: the orders, the buckets (day when absent) and the horizon (none when absent). */
export interface MrpAsk extends MrpChosen {
  /** 0 day, 1 week, 2 month (the schema allows no other). */
  bucket?: number;
  horizonEnd?: string | null;
}

/**
 * The chosen orders, each open (a sales order confirmed and not closed, a production order not
 * finished or cancelled), with the production orders made for the chosen sales orders: they carry
 * part of those orders' demand. Nothing chosen: no scope, everything open.
 */
async function scopeOf(tx: Tx, chosen: MrpChosen): Promise<MrpScope | null> {
  const salesIds = chosen.salesOrderIds ?? [];
  const produceIds = chosen.produceOrderIds ?? [];
  if (!salesIds.length && !produceIds.length) return null;
  const sales = salesIds.length
    ? await tx
        .select({
          id: salesOrders.id,
          code: salesOrders.code,
          confirmStatus: salesOrders.confirmStatus,
          status: salesOrders.status,
        })
        .from(salesOrders)
        .where(inArray(salesOrders.id, salesIds))
        .orderBy(asc(salesOrders.id))
    : [];
  if (sales.length !== salesIds.length) throw notFound('销售订单');
  const shut = sales.find((o) => o.confirmStatus !== 1 || (o.status !== 0 && o.status !== 1));
  if (shut) throw conflict(`销售订单“${shut.code}”未确认或已发完、关闭，不能参与MRP运算`, 'salesOrderIds');
  const made = sales.length
    ? await tx
        .selectDistinct({ id: salesOrderProduces.produceOrderId })
        .from(salesOrderProduces)
        .innerJoin(salesOrderLines, eq(salesOrderLines.id, salesOrderProduces.lineId))
        .where(
          inArray(
            salesOrderLines.orderId,
            sales.map((o) => o.id),
          ),
        )
    : [];
  const all = [...new Set([...produceIds, ...made.map((m) => m.id)])];
  const produce = all.length
    ? await tx
        .select({ id: produceOrders.id, code: produceOrders.code, planStatus: produceOrders.planStatus })
        .from(produceOrders)
        .where(inArray(produceOrders.id, all))
        .orderBy(asc(produceOrders.id))
    : [];
  if (produce.length !== all.length) throw notFound('生产订单');
  const done = produce.find((o) => produceIds.includes(o.id) && (o.planStatus === 2 || o.planStatus === 9));
  if (done) throw conflict(`生产订单“${done.code}”已完成或已取消，不能参与MRP运算`, 'produceOrderIds');
  return {
    salesOrders: sales.map(({ id, code }) => ({ id, code })),
    produceOrders: produce.map(({ id, code }) => ({ id, code })),
  };
}

/**
 * 运算 (DOMAIN "MRP" output): runs MRP over everything open, or over the orders chosen, and
 * keeps the run with what it was asked for. Bought and
 * outsourced planned orders become purchase requests to submit (source MRP), made ones stay as
 * the run's suggestions for the planner. A re-run first removes the requests earlier runs made
 * that nobody has acted on (still to submit); the rest stand and count as receipts. A BOM cycle
 * keeps a failed run naming the cycle. The run nets in the buckets asked (days by default) up to
 * the horizon asked (none by default), and keeps both.
 */
export async function calculate(tx: Tx, actorId: number, asked: MrpAsk = {}) {
  const started = performance.now();
  const now = nowOf(tx);
  const today = dayOf(now);
  const bucket = (asked.bucket ?? 0) as MrpBucketKind;
  const horizonEnd = asked.horizonEnd ?? null;
  if (horizonEnd !== null && dayOfDate(horizonEnd) < today)
    throw fieldError('horizonEnd', '计划展望期不能早于今天');
  const scope = await scopeOf(tx, asked);
  const [run] = await tx
    .insert(mrpRuns)
    .values({
      code: `MRP${formatFactoryTime(now).replace(/\D/g, '').slice(0, 14)}`,
      scope,
      bucket,
      horizonEnd,
      createdBy: actorId,
      createdAt: now,
    })
    .returning({ id: mrpRuns.id });
  // suggestions not acted on: replaced by this run's
  const stale = tx
    .select({ id: purchaseRequests.id })
    .from(purchaseRequests)
    .where(and(eq(purchaseRequests.source, 1), eq(purchaseRequests.status, 0)));
  await tx.update(mrpRunLines).set({ requestId: null }).where(inArray(mrpRunLines.requestId, stale));
  await tx
    .delete(purchaseRequests)
    .where(and(eq(purchaseRequests.source, 1), eq(purchaseRequests.status, 0)));

  const input = {
    ...(await loadInput(tx, today, scope, horizonEnd === null ? null : dayOfDate(horizonEnd))),
    bucket,
  };
  let result: ReturnType<typeof runMrp>;
  try {
    result = runMrp(input);
  } catch (e) {
    if (!(e instanceof BomCycleError)) throw e;
    await tx
      .update(mrpRuns)
      .set({ status: 2, error: e.message, durationMs: Math.round(performance.now() - started) })
      .where(eq(mrpRuns.id, run.id));
    return runRow(tx, run.id);
  }
  let requests = 0;
  for (const p of result.planned) {
    let requestId: number | null = null;
    if (p.procurementType !== 0) {
      requestId = await purchaseRequest.create(tx, actorId, {
        materialsId: p.materialsId,
        quantity: Number(fromMicro(p.quantity)),
        requiredDate: formatFactoryTime(new Date(p.dueDay * DAY_MS)),
        remark:
          [p.procurementType === 2 ? '委外' : '', p.late ? `应于${dateOf(p.releaseDay)}前下单，已延误` : '']
            .filter(Boolean)
            .join('；') || null,
      });
      await tx
        .update(purchaseRequests)
        .set({ source: 1, mrpRunId: run.id })
        .where(eq(purchaseRequests.id, requestId));
      requests++;
    }
    await tx.insert(mrpRunLines).values({
      runId: run.id,
      materialsId: p.materialsId,
      procurementType: p.procurementType,
      quantity: fromMicro(p.quantity),
      dueDate: dateOf(p.dueDay),
      releaseDate: dateOf(p.releaseDay),
      late: p.late,
      pegs: p.pegs.map((g) => ({ demand: g.demand, path: pathOf(g.path), quantity: fromMicro(g.quantity) })),
      requestId,
    });
  }
  await tx
    .update(mrpRuns)
    .set({
      status: 1,
      demandCount: input.demands.length,
      materialCount: result.records.size,
      plannedCount: result.planned.length,
      requestCount: requests,
      lateCount: result.planned.filter((p) => p.late).length,
      durationMs: Math.round(performance.now() - started),
    })
    .where(eq(mrpRuns.id, run.id));
  return runRow(tx, run.id);
}

const runColumns = {
  id: mrpRuns.id,
  code: mrpRuns.code,
  status: mrpRuns.status,
  error: mrpRuns.error,
  scope: mrpRuns.scope,
  bucket: mrpRuns.bucket,
  horizonEnd: mrpRuns.horizonEnd,
  demandCount: mrpRuns.demandCount,
  materialCount: mrpRuns.materialCount,
  plannedCount: mrpRuns.plannedCount,
  requestCount: mrpRuns.requestCount,
  lateCount: mrpRuns.lateCount,
  durationMs: mrpRuns.durationMs,
  createdByName: users.name,
  createdAt: mrpRuns.createdAt,
};

const asRow = <R extends { createdAt: Date }>(r: R) => ({ ...r, createdAt: formatFactoryTime(r.createdAt) });

async function runRow(tx: Tx, id: number) {
  const [row] = await tx
    .select(runColumns)
    .from(mrpRuns)
    .leftJoin(users, eq(users.id, mrpRuns.createdBy))
    .where(eq(mrpRuns.id, id));
  if (!row) throw notFound('MRP运算记录');
  return asRow(row);
}

async function runs(tx: Tx) {
  const rows = await tx
    .select(runColumns)
    .from(mrpRuns)
    .leftJoin(users, eq(users.id, mrpRuns.createdBy))
    .orderBy(desc(mrpRuns.id))
    .limit(20);
  return rows.map(asRow);
}

async function lines(tx: Tx, id: number) {
  const { bucket } = await runRow(tx, id);
  const rows = await tx
    .select({
      id: mrpRunLines.id,
      materialsId: mrpRunLines.materialsId,
      materialsCode: materials.code,
      materialsName: materials.name,
      unitName: units.name,
      procurementType: mrpRunLines.procurementType,
      quantity: asNumber(mrpRunLines.quantity),
      dueDate: mrpRunLines.dueDate,
      releaseDate: mrpRunLines.releaseDate,
      late: mrpRunLines.late,
      pegs: mrpRunLines.pegs,
      requestId: mrpRunLines.requestId,
      requestCode: purchaseRequests.code,
      planId: mrpRunLines.planId,
      planCode: producePlans.code,
    })
    .from(mrpRunLines)
    .innerJoin(materials, eq(materials.id, mrpRunLines.materialsId))
    .leftJoin(units, eq(units.id, materials.mainUnitId))
    .leftJoin(purchaseRequests, eq(purchaseRequests.id, mrpRunLines.requestId))
    .leftJoin(producePlans, eq(producePlans.id, mrpRunLines.planId))
    .where(eq(mrpRunLines.runId, id))
    .orderBy(asc(mrpRunLines.releaseDate), asc(materials.code), asc(mrpRunLines.id));
  const ids = [...new Set(rows.flatMap((r) => r.pegs.flatMap((g) => g.path)))];
  const codes = new Map(
    ids.length
      ? (
          await tx
            .select({ id: materials.id, code: materials.code })
            .from(materials)
            .where(inArray(materials.id, ids))
        ).map((m) => [m.id, m.code])
      : [],
  );
  return rows.map((r) => ({
    ...r,
    period: periodLabel(dayOfDate(r.dueDate), bucket as MrpBucketKind),
    pegs: r.pegs.map((g) => ({
      demand: g.demand,
      path: g.path.map((id) => codes.get(id) ?? String(id)),
      quantity: Number(g.quantity),
    })),
  }));
}

/** The planned quantity per material of a run against the last successful run before it. */
async function compare(tx: Tx, id: number) {
  await runRow(tx, id);
  const [prev] = await tx
    .select({ id: mrpRuns.id })
    .from(mrpRuns)
    .where(and(lt(mrpRuns.id, id), eq(mrpRuns.status, 1)))
    .orderBy(desc(mrpRuns.id))
    .limit(1);
  if (!prev) return { previous: null, changes: [] };
  const totals = async (runId: number) =>
    new Map(
      (
        await tx
          .select({ id: mrpRunLines.materialsId, q: text(sql`sum(${mrpRunLines.quantity})`) })
          .from(mrpRunLines)
          .where(eq(mrpRunLines.runId, runId))
          .groupBy(mrpRunLines.materialsId)
      ).map((r) => [r.id, r.q]),
    );
  const [before, after] = [await totals(prev.id), await totals(id)];
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
    (m) => micro(before.get(m) ?? '0') !== micro(after.get(m) ?? '0'),
  );
  const names = new Map(
    changed.length
      ? (
          await tx
            .select({ id: materials.id, code: materials.code, name: materials.name })
            .from(materials)
            .where(inArray(materials.id, changed))
        ).map((m) => [m.id, m])
      : [],
  );
  return {
    previous: await runRow(tx, prev.id),
    changes: changed
      .map((m) => ({
        materialsId: m,
        materialsCode: names.get(m)?.code ?? '',
        materialsName: names.get(m)?.name ?? '',
        before: Number(before.get(m) ?? 0),
        after: Number(after.get(m) ?? 0),
      }))
      .sort((a, b) => (a.materialsCode < b.materialsCode ? -1 : a.materialsCode > b.materialsCode ? 1 : 0)),
  };
}

export const mrpRoutes: RouteDef[] = [
  handle(mrpApi.calculate, { handler: ({ tx, session, body }) => calculate(tx, session.userId, body) }),
  handle(mrpApi.runs, { handler: ({ tx }) => runs(tx) }),
  handle(mrpApi.lines, { handler: ({ tx, query }) => lines(tx, query.id) }),
  handle(mrpApi.compare, { handler: ({ tx, query }) => compare(tx, query.id) }),
];
