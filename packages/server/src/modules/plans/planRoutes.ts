import {
  producePlanApi,
  type QuickOrderBody,
  type SchedulePlanListBody,
} from '@factory/shared/api/producePlan';
import { formatFactoryTime, parseFactoryTime } from '@factory/shared/factoryTime';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { decodeSearchVal, whereOf } from '../../platform/list.ts';
import { type Actor, stale, writeTrail } from '../../platform/machine.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { sqlIn } from '../../platform/sqlIn.ts';
import { areas, materials, procedures, stations, units } from '../information/index.ts';
import { asNumber } from './common.ts';
import { minutesPerUnit } from './flowRules.ts';
import { produceOrder, produceOrderActions } from './orders.ts';
import { producePlan, producePlanActions } from './plans.ts';
import { CalendarError, toMinute } from './scheduling/calendar.ts';
import { calendarsOf, runSchedule, taskTimesFromPlans } from './scheduling/run.ts';
import {
  planOperations,
  produceOrders,
  producePlanMaterials,
  producePlans,
  produceWorkOrders,
} from './schema.ts';

const fmt = (d: Date | null) => (d ? formatFactoryTime(d) : null);

/** A plan's materials with their names, in the order they were exploded. */
function planMaterials(tx: Tx, planId: number) {
  return tx
    .select({
      id: producePlanMaterials.id,
      planId: producePlanMaterials.planId,
      materialId: producePlanMaterials.materialId,
      code: materials.code,
      name: materials.name,
      specifications: materials.specifications,
      unitName: units.name,
      procedureId: producePlanMaterials.procedureId,
      procedureName: procedures.name,
      requiredQuantity: asNumber(producePlanMaterials.requiredQuantity),
      issuedQuantity: asNumber(producePlanMaterials.issuedQuantity),
      remark: producePlanMaterials.remark,
    })
    .from(producePlanMaterials)
    .innerJoin(materials, eq(materials.id, producePlanMaterials.materialId))
    .leftJoin(units, eq(units.id, materials.mainUnitId))
    .leftJoin(procedures, eq(procedures.id, producePlanMaterials.procedureId))
    .where(eq(producePlanMaterials.planId, planId))
    .orderBy(asc(producePlanMaterials.id));
}

/** The plan, refused unless it exists; its materials change only before release. */
async function planOf(tx: Tx, id: number) {
  const [plan] = await tx.select().from(producePlans).where(eq(producePlans.id, id)).for('update');
  if (!plan) throw notFound('生产计划');
  return plan;
}

/** The plans' filter whitelist without the tab's own field, for the tab counts. */
async function tabCounts(tx: Tx, searchVal: string | undefined) {
  const filters = (await decodeSearchVal(searchVal)).filter((f) => f.fieldName !== 'scheduleStatus');
  const where = whereOf(producePlan.listFields, filters);
  const rows = await tx
    .select({
      scheduleStatus: producePlans.scheduleStatus,
      count: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(producePlans)
    .where(where)
    .groupBy(producePlans.scheduleStatus)
    .orderBy(asc(producePlans.scheduleStatus));
  return rows;
}

/** The Gantt's block of a plan (DOMAIN "Gantt mapping"). */
const ganttColumns = {
  id: producePlans.id,
  code: producePlans.code,
  orderCode: produceOrders.code,
  areaId: producePlans.areaId,
  quantity: asNumber(producePlans.quantity),
  version: producePlans.version,
  planStartTime: producePlans.planStartTime,
  planEndTime: producePlans.planEndTime,
  actualStartTime: producePlans.actualStartTime,
  scheduleStatus: producePlans.scheduleStatus,
  planProgress: producePlans.planProgress,
  deliveryTime: produceOrders.deliveryTime,
  materialsName: materials.name,
  isLocked: producePlans.isLocked,
  preparationStatus: producePlans.preparationStatus,
};
type GanttSource = {
  id: number;
  code: string;
  orderCode: string;
  areaId: number;
  quantity: number;
  version: number;
  planStartTime: Date | null;
  planEndTime: Date | null;
  actualStartTime: Date | null;
  scheduleStatus: number;
  planProgress: number;
  deliveryTime: Date;
  materialsName: string;
  isLocked: boolean;
  preparationStatus: number;
};
const ganttBlock = (
  p: GanttSource,
  clashes: ReadonlyMap<number, string>,
  offCalendar: ReadonlyMap<number, string>,
) => ({
  id: p.id,
  name: `${p.code} ${p.materialsName}`,
  code: p.code,
  orderCode: p.orderCode,
  areaId: p.areaId,
  quantity: p.quantity,
  version: p.version,
  start: fmt(p.planStartTime),
  end: fmt(p.planEndTime),
  planStartTime: fmt(p.planStartTime),
  minTime: p.planProgress > 0 ? fmt(p.planStartTime) : formatFactoryTime(new Date()),
  maxTime: fmt(p.deliveryTime),
  actualStartTime: fmt(p.actualStartTime),
  isPlan: [2, 3, 5].includes(p.scheduleStatus) ? 1 : 0,
  produceStatus: p.planProgress,
  isLocked: p.isLocked ? 1 : 0,
  warnings: [
    p.planEndTime && p.planEndTime > p.deliveryTime ? '晚于交货日期' : undefined,
    clashes.has(p.id) ? `工位“${clashes.get(p.id)}”时间冲突` : undefined,
    offCalendar.has(p.id) ? `工序“${offCalendar.get(p.id)}”排在非工作时间` : undefined,
    // released, not started, and its preparation order not yet complete
    p.scheduleStatus === 3 && p.planProgress === 0 && p.preparationStatus !== 3 ? '物料未备齐' : undefined,
  ].filter((w): w is string => w !== undefined),
});

/**
 * The blocks with their warnings: a plan whose operation shares a station's time with another
 * plan's (a drag can do that; the scheduler never does) names the station; a plan with a step at a
 * station starting when its line does not work (dragged into a night, a rest day or a holiday; the
 * scheduler starts every step at a working minute) names the step's procedure.
 */
async function blocksOf(tx: Tx, rows: GanttSource[]) {
  const ids = rows.map((r) => r.id);
  const clashes = new Map<number, string>();
  const offCalendar = new Map<number, string>();
  if (ids.length) {
    const found = await tx.execute(sql`
      select distinct on (o.plan_id) o.plan_id as "planId", s.name
      from ${planOperations} o
      join ${planOperations} x on x.station_id = o.station_id and x.plan_id <> o.plan_id
        and x.start_time < o.end_time and x.end_time > o.start_time
      join ${producePlans} xp on xp.id = x.plan_id and xp.plan_progress < 2
      join ${stations} s on s.id = o.station_id
      where ${sqlIn(sql`o.plan_id`, ids)}
      order by o.plan_id, o.start_time`);
    for (const r of (found as unknown as { rows: { planId: number; name: string }[] }).rows)
      clashes.set(Number(r.planId), r.name);
    const ops = await tx
      .select({
        planId: planOperations.planId,
        start: planOperations.startTime,
        areaId: stations.areaId,
        procedureName: procedures.name,
      })
      .from(planOperations)
      .innerJoin(stations, eq(stations.id, planOperations.stationId))
      .innerJoin(procedures, eq(procedures.id, planOperations.procedureId))
      .where(sqlIn(sql`${planOperations.planId}`, ids))
      .orderBy(asc(planOperations.planId), asc(planOperations.seq));
    const calendars = await calendarsOf(tx, [...new Set(ops.map((o) => o.areaId))]);
    for (const o of ops) {
      if (offCalendar.has(o.planId)) continue;
      const t = toMinute(o.start);
      let working: boolean;
      try {
        working = calendars(o.areaId).next(t)[0] === t;
      } catch (e) {
        // a line that never works: every step there is off its calendar
        if (!(e instanceof CalendarError)) throw e;
        working = false;
      }
      if (!working) offCalendar.set(o.planId, o.procedureName);
    }
  }
  return rows.map((r) => ganttBlock(r, clashes, offCalendar));
}
const ganttQuery = (tx: Tx) =>
  tx
    .select(ganttColumns)
    .from(producePlans)
    .innerJoin(produceOrders, eq(produceOrders.id, producePlans.produceOrderId))
    .innerJoin(materials, eq(materials.id, producePlans.materialsId));

/** The chart's filters: the chosen lines, a workshop's lines, a plan or order number or a product. */
function chartFilters(body: Static<typeof SchedulePlanListBody>) {
  const typed = body.keyword?.trim();
  const like = typed ? `%${typed.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const chosen = and(
    body.areaIds?.length ? inArray(producePlans.areaId, body.areaIds) : undefined,
    body.organizationId
      ? sql`${producePlans.areaId} in (select a.id from ${areas} a where a.organization_id = ${body.organizationId})`
      : undefined,
    like
      ? sql`(${producePlans.code} ilike ${like} or ${produceOrders.code} ilike ${like}
          or ${materials.code} ilike ${like} or ${materials.name} ilike ${like})`
      : undefined,
  );
  return { like, chosen };
}

/**
 * Rows per station: each plan's operations there in the window, as blocks of the plan (its id,
 * warnings and times of that step); stations of the chosen lines, else those with operations.
 */
async function stationRows(tx: Tx, body: Static<typeof SchedulePlanListBody>, begin: Date, end: Date) {
  const { chosen } = chartFilters(body);
  const ops = await tx
    .select({
      planId: planOperations.planId,
      stationId: sql<number>`${planOperations.stationId}`,
      procedureName: procedures.name,
      start: planOperations.startTime,
      end: planOperations.endTime,
    })
    .from(planOperations)
    .innerJoin(producePlans, eq(producePlans.id, planOperations.planId))
    .innerJoin(produceOrders, eq(produceOrders.id, producePlans.produceOrderId))
    .innerJoin(materials, eq(materials.id, producePlans.materialsId))
    .innerJoin(procedures, eq(procedures.id, planOperations.procedureId))
    .where(
      and(
        chosen,
        sql`${planOperations.stationId} is not null`,
        sql`${planOperations.startTime} < ${end} and ${planOperations.endTime} > ${begin}`,
      ),
    )
    .orderBy(asc(planOperations.startTime), asc(planOperations.planId));
  const planIds = [...new Set(ops.map((o) => o.planId))];
  const plans = new Map(
    (planIds.length
      ? await blocksOf(tx, await ganttQuery(tx).where(inArray(producePlans.id, planIds)))
      : []
    ).map((b) => [b.id, b]),
  );
  const stationIds = [...new Set(ops.map((o) => o.stationId))];
  const rows = await tx
    .select({ id: stations.id, name: stations.name })
    .from(stations)
    .innerJoin(areas, eq(areas.id, stations.areaId))
    .where(
      body.areaIds?.length
        ? inArray(stations.areaId, body.areaIds)
        : stationIds.length
          ? inArray(stations.id, stationIds)
          : sql`false`,
    )
    .orderBy(asc(areas.code), asc(stations.code));
  return rows.map((r) => ({
    ...r,
    gtArray: ops
      .filter((o) => o.stationId === r.id && plans.has(o.planId))
      .map((o) => {
        const plan = plans.get(o.planId) as ReturnType<typeof ganttBlock>;
        return {
          ...plan,
          name: `${plan.code} ${o.procedureName}`,
          start: fmt(o.start),
          end: fmt(o.end),
          planStartTime: fmt(o.start),
        };
      }),
  }));
}

/** Production plans: the declared calls, the machine's, and spec 000 §7's plan calls. */
export const planRoutes: RouteDef[] = [
  ...producePlan.routes,
  ...producePlanActions.routes,
  handle(producePlanApi.listWithCount, {
    handler: async ({ tx, query }) => ({
      ...(await producePlan.list(tx, query)),
      counts: await tabCounts(tx, query.searchVal),
    }),
  }),
  handle(producePlanApi.tracePage, {
    handler: async ({ tx, query }) => {
      const page = await producePlan.list(tx, query);
      const ids = page.content.map((p) => Number(p.id));
      const done = ids.length
        ? await tx
            .select({
              planId: produceWorkOrders.planId,
              count: sql<number>`count(*)::int`.mapWith(Number),
              completed: sql<number>`coalesce(sum(${produceWorkOrders.completedQuantity}), 0)`.mapWith(
                Number,
              ),
            })
            .from(produceWorkOrders)
            .where(and(inArray(produceWorkOrders.planId, ids), ne(produceWorkOrders.status, 9)))
            .groupBy(produceWorkOrders.planId)
        : [];
      const byPlan = new Map(done.map((d) => [d.planId, d]));
      return {
        total: page.total,
        content: page.content.map((p) => {
          const d = byPlan.get(Number(p.id));
          const quantity = Number(p.quantity);
          const completed = d?.completed ?? 0;
          return {
            id: Number(p.id),
            code: String(p.code),
            produceOrderNumber: (p.produceOrderNumber as string | null) ?? null,
            materialsName: (p.materialsName as string | null) ?? null,
            areaName: (p.areaName as string | null) ?? null,
            quantity,
            scheduleStatus: Number(p.scheduleStatus),
            planProgress: Number(p.planProgress),
            planStartTime: (p.planStartTime as string | null) ?? null,
            planEndTime: (p.planEndTime as string | null) ?? null,
            workOrderCount: d?.count ?? 0,
            completedQuantity: completed,
            finishRatio: quantity > 0 ? completed / quantity : 0,
          };
        }),
      };
    },
  }),
  handle(producePlanApi.deleteBatch, {
    handler: async ({ tx, session, body }) => {
      for (const id of body.ids) await producePlan.remove(tx, session.userId, id);
      return true;
    },
  }),
  handle(producePlanApi.schedule, {
    handler: ({ tx, body }) =>
      runSchedule(
        tx,
        body.planIds,
        body.startFrom ? (parseFactoryTime(body.startFrom) ?? new Date()) : new Date(),
      ),
  }),
  handle(producePlanApi.scheduleList, {
    handler: async ({ tx, body }) => {
      const begin = parseFactoryTime(body.beginTime) as Date;
      const end = parseFactoryTime(body.endTime) as Date;
      if (end <= begin) throw fieldError('endTime', '结束时间须晚于开始时间');
      const { like, chosen } = chartFilters(body);
      const blocks = await ganttQuery(tx)
        .where(
          and(chosen, sql`${producePlans.planStartTime} < ${end} and ${producePlans.planEndTime} > ${begin}`),
        )
        .orderBy(asc(producePlans.planStartTime), asc(producePlans.sortOrder));
      // the chosen lines, else those of the workshop, else those with plans in the window
      const lineIds = body.areaIds?.length
        ? body.areaIds
        : body.organizationId && !like
          ? (
              await tx
                .select({ id: areas.id })
                .from(areas)
                .where(eq(areas.organizationId, body.organizationId))
            ).map((a) => a.id)
          : [...new Set(blocks.map((b) => b.areaId))];
      if (!lineIds.length) return [];
      const lines = await tx
        .select({ id: areas.id, name: areas.name })
        .from(areas)
        .where(inArray(areas.id, lineIds))
        .orderBy(asc(areas.code));
      const drawn = await blocksOf(tx, blocks);
      return lines.map((l) => ({ ...l, gtArray: drawn.filter((b) => b.areaId === l.id) }));
    },
  }),
  handle(producePlanApi.stationScheduleList, {
    handler: ({ tx, body }) => {
      const begin = parseFactoryTime(body.beginTime) as Date;
      const end = parseFactoryTime(body.endTime) as Date;
      if (end <= begin) throw fieldError('endTime', '结束时间须晚于开始时间');
      return stationRows(tx, body, begin, end);
    },
  }),
  handle(producePlanApi.orderByTime, {
    handler: async ({ tx, body }) => {
      const plan = await planOf(tx, body.id);
      if (body.version !== undefined && body.version !== plan.version) throw stale('生产计划', plan.code);
      if (plan.planProgress !== 0) throw conflict(`生产计划“${plan.code}”已开工，不能调整时间`);
      if (plan.isLocked) throw conflict(`生产计划“${plan.code}”已锁定，请先解锁再调整时间`);
      const start = parseFactoryTime(body.planStartTime) as Date;
      const minutes =
        plan.planEndTime && plan.planStartTime
          ? (plan.planEndTime.getTime() - plan.planStartTime.getTime()) / 60_000
          : (await minutesPerUnit(tx, plan.flowVersionId)) * Number(plan.quantity);
      // this plan at its new time, then every later unlocked unstarted plan of the line after it
      const later = await tx
        .select({
          id: producePlans.id,
          planStartTime: producePlans.planStartTime,
          planEndTime: producePlans.planEndTime,
        })
        .from(producePlans)
        .where(
          and(
            eq(producePlans.areaId, plan.areaId),
            ne(producePlans.id, plan.id),
            eq(producePlans.planProgress, 0),
            eq(producePlans.isLocked, false),
            inArray(producePlans.scheduleStatus, [2, 3]),
            sql`${producePlans.planStartTime} >= ${start}`,
          ),
        )
        .orderBy(asc(producePlans.planStartTime), asc(producePlans.sortOrder));
      let free = new Date(start.getTime() + Math.max(minutes, 1) * 60_000);
      const moves: { id: number; start: Date; end: Date; shift: number }[] = [
        {
          id: plan.id,
          start,
          end: free,
          shift: plan.planStartTime ? start.getTime() - plan.planStartTime.getTime() : 0,
        },
      ];
      for (const p of later) {
        if (!p.planStartTime || !p.planEndTime) continue;
        if (p.planStartTime >= free) break;
        const length = p.planEndTime.getTime() - p.planStartTime.getTime();
        moves.push({
          id: p.id,
          start: free,
          end: new Date(free.getTime() + length),
          shift: free.getTime() - p.planStartTime.getTime(),
        });
        free = new Date(free.getTime() + length);
      }
      for (const [i, m] of moves.entries()) {
        await tx
          .update(producePlans)
          .set({
            planStartTime: m.start,
            planEndTime: m.end,
            sortOrder: i === 0 ? plan.sortOrder : sql`${producePlans.sortOrder}`,
            scheduleStatus: sql`case ${producePlans.scheduleStatus} when 0 then 2 when 1 then 3 else ${producePlans.scheduleStatus} end`,
            version: sql`${producePlans.version} + 1`,
          })
          .where(eq(producePlans.id, m.id));
        await tx
          .update(produceWorkOrders)
          .set({ planStartTime: m.start, planEndTime: m.end })
          .where(and(eq(produceWorkOrders.planId, m.id), eq(produceWorkOrders.status, 0)));
        // its steps move with it, by as much
        await tx
          .update(planOperations)
          .set({
            startTime: sql`${planOperations.startTime} + ${`${m.shift} milliseconds`}::interval`,
            endTime: sql`${planOperations.endTime} + ${`${m.shift} milliseconds`}::interval`,
          })
          .where(eq(planOperations.planId, m.id));
      }
      await taskTimesFromPlans(
        tx,
        moves.map((m) => m.id),
      );
      return blocksOf(
        tx,
        await ganttQuery(tx).where(
          inArray(
            producePlans.id,
            moves.map((m) => m.id),
          ),
        ),
      );
    },
  }),
  handle(producePlanApi.lock, {
    handler: async ({ tx, body }) => {
      const plan = await planOf(tx, body.id);
      if (body.version !== undefined && body.version !== plan.version) throw stale('生产计划', plan.code);
      await tx
        .update(producePlans)
        .set({ isLocked: body.isLocked === 1, version: sql`${producePlans.version} + 1` })
        .where(eq(producePlans.id, plan.id));
      const [block] = await blocksOf(tx, await ganttQuery(tx).where(eq(producePlans.id, plan.id)));
      return block;
    },
  }),
  handle(producePlanApi.materials, { handler: ({ tx, query }) => planMaterials(tx, query.planId) }),
  handle(producePlanApi.materialsPage, {
    handler: async ({ tx, query }) => {
      const all = await planMaterials(tx, query.planId);
      const size = query.pageSize ?? 20;
      const page = query.currentPage ?? 1;
      return { content: all.slice((page - 1) * size, page * size), total: all.length };
    },
  }),
  handle(producePlanApi.editMaterials, {
    handler: async ({ tx, session, body }) => {
      const plan = await planOf(tx, body.planId);
      if (plan.version !== body.version) throw stale('生产计划', plan.code);
      if (![0, 2].includes(plan.scheduleStatus)) throw conflict(`生产计划“${plan.code}”已下达，不能修改用料`);
      const seen = new Set<number>();
      body.items.forEach((item, i) => {
        if (seen.has(item.materialId)) throw fieldError(`items.${i}.materialId`, `第${i + 1}行物料重复`);
        seen.add(item.materialId);
      });
      const found = new Set(
        body.items.length
          ? (
              await tx
                .select({ id: materials.id })
                .from(materials)
                .where(inArray(materials.id, [...seen]))
            ).map((m) => m.id)
          : [],
      );
      body.items.forEach((item, i) => {
        if (!found.has(item.materialId))
          throw fieldError(`items.${i}.materialId`, `第${i + 1}行物料不存在或已被删除`);
      });
      await tx.delete(producePlanMaterials).where(eq(producePlanMaterials.planId, plan.id));
      if (body.items.length)
        await tx.insert(producePlanMaterials).values(
          body.items.map((item) => ({
            planId: plan.id,
            materialId: item.materialId,
            procedureId: item.procedureId ?? null,
            requiredQuantity: String(item.requiredQuantity),
            remark: item.remark?.trim() || null,
          })),
        );
      await tx
        .update(producePlans)
        .set({ version: sql`${producePlans.version} + 1`, updatedAt: sql`now()` })
        .where(eq(producePlans.id, plan.id));
      await writeTrail(tx, session.userId, 'producePlan', plan.id, 'modify', {
        changes: [{ field: 'materials', label: '计划用料', from: '', to: `${body.items.length}行` }],
      });
      return planMaterials(tx, plan.id);
    },
  }),
  handle(producePlanApi.quickAdd, { handler: ({ tx, session, body }) => quickOrder(tx, session, body) }),
];

/**
 * An order and its one plan for the whole quantity, confirmed (快速下单; MRP's make suggestions
 * become material-requirements plans this way too).
 */
export async function quickOrder(
  tx: Tx,
  actor: Exclude<Actor, 'system'>,
  body: Static<typeof QuickOrderBody>,
) {
  const { areaId, flowVersionId, planType, planStartTime, planEndTime, ...order } = body;
  const orderId = await produceOrder.create(tx, actor.userId, order);
  const [{ version, code: orderCode }] = await tx
    .select({ version: produceOrders.version, code: produceOrders.code })
    .from(produceOrders)
    .where(eq(produceOrders.id, orderId));
  await produceOrderActions.act(tx, actor, 'confirm', { id: orderId, version });
  const planId = await producePlan.create(tx, actor.userId, {
    produceOrderId: orderId,
    quantity: body.quantity,
    areaId,
    flowVersionId,
    planType: planType ?? 0,
    planStartTime,
    planEndTime,
  });
  const [{ code: planCode }] = await tx
    .select({ code: producePlans.code })
    .from(producePlans)
    .where(eq(producePlans.id, planId));
  return { orderId, orderCode, planId, planCode };
}
