import { producePlanApi } from '@factory/shared/api/producePlan';
import { formatFactoryTime, parseFactoryTime } from '@factory/shared/factoryTime';
import { and, asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { decodeSearchVal, whereOf } from '../../platform/list.ts';
import { stale, writeTrail } from '../../platform/machine.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { areas, materials, procedures, units } from '../information/index.ts';
import { asNumber } from './common.ts';
import { minutesPerUnit } from './flowRules.ts';
import { produceOrder, produceOrderActions } from './orders.ts';
import { producePlan, producePlanActions } from './plans.ts';
import { produceOrders, producePlanMaterials, producePlans, produceWorkOrders } from './schema.ts';

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

/**
 * The first scheduling rule (docs/production.md): per line, plans in the order priority (extra
 * urgent first), delivery date, sort order, creation; each starts when the one before it on its
 * line ends (not before `from`) and lasts the flow's standard minutes × quantity. The scheduling
 * issue replaces it with finite capacity over the shift calendar.
 */
async function schedule(tx: Tx, planIds: number[] | undefined, from: Date) {
  const candidates = await tx
    .select({
      id: producePlans.id,
      code: producePlans.code,
      areaId: producePlans.areaId,
      quantity: producePlans.quantity,
      flowVersionId: producePlans.flowVersionId,
      scheduleStatus: producePlans.scheduleStatus,
      deliveryTime: produceOrders.deliveryTime,
    })
    .from(producePlans)
    .innerJoin(produceOrders, eq(produceOrders.id, producePlans.produceOrderId))
    .where(
      and(
        inArray(producePlans.scheduleStatus, [0, 1, 2, 3]),
        eq(producePlans.planProgress, 0),
        eq(producePlans.isLocked, false),
        planIds?.length ? inArray(producePlans.id, planIds) : undefined,
      ),
    )
    .orderBy(
      asc(producePlans.areaId),
      sql`${produceOrders.priority} desc`,
      asc(produceOrders.deliveryTime),
      asc(producePlans.sortOrder),
      asc(producePlans.createdAt),
      asc(producePlans.id),
    )
    .for('update', { of: producePlans });
  const lineFree = new Map<number, Date>();
  const late: { id: number; code: string; planEndTime: string; deliveryTime: string }[] = [];
  const perUnit = new Map<number, number>();
  let order = 0;
  for (const p of candidates) {
    if (!perUnit.has(p.flowVersionId))
      perUnit.set(p.flowVersionId, await minutesPerUnit(tx, p.flowVersionId));
    // work already started on the line keeps its place: the line is free from its end or `from`
    if (!lineFree.has(p.areaId))
      lineFree.set(
        p.areaId,
        await busyUntil(
          tx,
          p.areaId,
          from,
          candidates.map((c) => c.id),
        ),
      );
    const start = lineFree.get(p.areaId) as Date;
    const end = new Date(
      start.getTime() + Math.max((perUnit.get(p.flowVersionId) ?? 0) * Number(p.quantity), 1) * 60_000,
    );
    lineFree.set(p.areaId, end);
    order += 1;
    const scheduleStatus = p.scheduleStatus === 0 ? 2 : p.scheduleStatus === 1 ? 3 : p.scheduleStatus;
    await tx
      .update(producePlans)
      .set({
        planStartTime: start,
        planEndTime: end,
        sortOrder: order,
        scheduleStatus,
        version: sql`${producePlans.version} + 1`,
      })
      .where(eq(producePlans.id, p.id));
    await tx
      .update(produceWorkOrders)
      .set({ planStartTime: start, planEndTime: end, version: sql`${produceWorkOrders.version} + 1` })
      .where(and(eq(produceWorkOrders.planId, p.id), eq(produceWorkOrders.status, 0)));
    if (end > p.deliveryTime)
      late.push({
        id: p.id,
        code: p.code,
        planEndTime: formatFactoryTime(end),
        deliveryTime: formatFactoryTime(p.deliveryTime),
      });
  }
  return { scheduled: candidates.length, late };
}

/** When a line is free of the plans not being scheduled (started or locked ones), from `from`. */
async function busyUntil(tx: Tx, areaId: number, from: Date, moving: number[]): Promise<Date> {
  const [row] = await tx
    .select({
      end: sql<Date | null>`max(${producePlans.planEndTime})`.mapWith((v) => (v ? new Date(v) : null)),
    })
    .from(producePlans)
    .where(
      and(
        eq(producePlans.areaId, areaId),
        inArray(producePlans.scheduleStatus, [1, 2, 3]),
        moving.length ? notInArray(producePlans.id, moving) : undefined,
      ),
    );
  return row?.end && row.end > from ? row.end : from;
}

/** The Gantt's block of a plan (DOMAIN "Gantt mapping"). */
const ganttColumns = {
  id: producePlans.id,
  code: producePlans.code,
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
};
type GanttSource = {
  id: number;
  code: string;
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
};
const ganttBlock = (p: GanttSource) => ({
  id: p.id,
  name: `${p.code} ${p.materialsName}`,
  code: p.code,
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
});
const ganttQuery = (tx: Tx) =>
  tx
    .select(ganttColumns)
    .from(producePlans)
    .innerJoin(produceOrders, eq(produceOrders.id, producePlans.produceOrderId))
    .innerJoin(materials, eq(materials.id, producePlans.materialsId));

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
      schedule(
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
      const blocks = await ganttQuery(tx)
        .where(
          and(
            body.areaIds?.length ? inArray(producePlans.areaId, body.areaIds) : undefined,
            sql`${producePlans.planStartTime} < ${end} and ${producePlans.planEndTime} > ${begin}`,
          ),
        )
        .orderBy(asc(producePlans.planStartTime), asc(producePlans.sortOrder));
      const lineIds = body.areaIds?.length ? body.areaIds : [...new Set(blocks.map((b) => b.areaId))];
      if (!lineIds.length) return [];
      const lines = await tx
        .select({ id: areas.id, name: areas.name })
        .from(areas)
        .where(inArray(areas.id, lineIds))
        .orderBy(asc(areas.code));
      return lines.map((l) => ({
        ...l,
        gtArray: blocks.filter((b) => b.areaId === l.id).map(ganttBlock),
      }));
    },
  }),
  handle(producePlanApi.orderByTime, {
    handler: async ({ tx, body }) => {
      const plan = await planOf(tx, body.id);
      if (body.version !== undefined && body.version !== plan.version) throw stale('生产计划', plan.code);
      if (plan.planProgress !== 0) throw conflict(`生产计划“${plan.code}”已开工，不能调整时间`);
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
      const moves: { id: number; start: Date; end: Date }[] = [{ id: plan.id, start, end: free }];
      for (const p of later) {
        if (!p.planStartTime || !p.planEndTime) continue;
        if (p.planStartTime >= free) break;
        const length = p.planEndTime.getTime() - p.planStartTime.getTime();
        moves.push({ id: p.id, start: free, end: new Date(free.getTime() + length) });
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
      }
      return (
        await ganttQuery(tx).where(
          inArray(
            producePlans.id,
            moves.map((m) => m.id),
          ),
        )
      ).map(ganttBlock);
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
  handle(producePlanApi.quickAdd, {
    handler: async ({ tx, session, body }) => {
      const { areaId, flowVersionId, planType, planStartTime, planEndTime, ...order } = body;
      const orderId = await produceOrder.create(tx, session.userId, order);
      const [{ version, code: orderCode }] = await tx
        .select({ version: produceOrders.version, code: produceOrders.code })
        .from(produceOrders)
        .where(eq(produceOrders.id, orderId));
      await produceOrderActions.act(tx, session, 'confirm', { id: orderId, version });
      const planId = await producePlan.create(tx, session.userId, {
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
    },
  }),
];
