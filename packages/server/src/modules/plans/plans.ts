import { producePlanEntity } from '@factory/shared/entities/producePlan';
import { producePlanMachine, workOrderMachine } from '@factory/shared/machines/plans';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import { crud } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError } from '../../platform/errors.ts';
import { factoryTimeText } from '../../platform/factoryTime.ts';
import { lookedUp } from '../../platform/list.ts';
import { type DocRow, machineService, serviceOf } from '../../platform/machine.ts';
import { txHooks } from '../../platform/txHooks.ts';
import { areas, materials, processFlows, processFlowVersions } from '../information/index.ts';
import { productColumns } from './common.ts';
import { checkLine, explodeMaterials, minutesPerUnit, planFlowOf, versionSteps } from './flowRules.ts';
import { createWorkOrder, snapshotStations } from './making.ts';
import { refreshOrderPlanning } from './orders.ts';
import { runSchedule } from './scheduling/run.ts';
import {
  produceOrders,
  producePlanMaterials,
  producePlans,
  produceTaskStations,
  produceTasks,
  produceWorkOrders,
} from './schema.ts';

/** Plans not yet released (下达): only these are edited or deleted. */
const UNRELEASED = [0, 2];

/** The order a plan is for, locked: plans of one order are added one at a time. */
async function lockOrder(tx: Tx, orderId: number) {
  const [order] = await tx.select().from(produceOrders).where(eq(produceOrders.id, orderId)).for('update');
  if (!order) throw fieldError('produceOrderId', '所选订单不存在或已被删除');
  return order;
}

/** Refuses a plan quantity beyond what the order has left to plan (Σ plans ≤ order quantity). */
async function checkPlanQuantity(
  tx: Tx,
  order: { id: number; code: string; quantity: string },
  quantity: number,
  planId: number | null,
) {
  const [row] = await tx
    .select({ planned: sql<string>`coalesce(sum(${producePlans.quantity}), 0)` })
    .from(producePlans)
    .where(
      and(
        eq(producePlans.produceOrderId, order.id),
        planId === null ? undefined : ne(producePlans.id, planId),
      ),
    );
  const left = Number(order.quantity) - Number(row.planned);
  if (quantity > left + 1e-9)
    throw fieldError('quantity', `计划数量超出订单“${order.code}”的未计划数量${Number(left.toFixed(6))}`);
}

/** The planned end from the start: the flow's standard minutes × quantity (docs/production.md). */
async function endFrom(tx: Tx, versionId: number, start: Date, quantity: number): Promise<Date> {
  const minutes = (await minutesPerUnit(tx, versionId)) * quantity;
  return new Date(start.getTime() + Math.max(minutes, 1) * 60_000);
}

/** Rewrites a plan's materials from its version and quantity (a new plan, a changed quantity). */
async function writeMaterials(tx: Tx, planId: number) {
  const [plan] = await tx.select().from(producePlans).where(eq(producePlans.id, planId));
  await tx.delete(producePlanMaterials).where(eq(producePlanMaterials.planId, planId));
  const needs = await explodeMaterials(tx, plan.flowVersionId, plan.materialsId, plan.quantity);
  if (needs.length) await tx.insert(producePlanMaterials).values(needs.map((n) => ({ ...n, planId })));
}

/**
 * 生产计划: the declared calls. A plan takes its product from its order and its flow version from
 * the product (main unless chosen); its line must be one the version allows; Σ plans ≤ the
 * order's quantity; edited and deleted only before release (docs/production.md).
 */
export const producePlan = crud({
  entity: producePlanEntity,
  table: producePlans,
  document: { number: producePlans.code },
  refs: {
    produceOrderNumber: { id: produceOrders.id, name: produceOrders.code, code: produceOrders.code },
    areaName: { id: areas.id, name: areas.name, code: areas.code },
  },
  columns: {
    ...productColumns(producePlans.materialsId),
    materialsName: lookedUp(producePlans.materialsId, materials.name),
    flowName: lookedUp(producePlans.flowId, processFlows.name),
    versionName: sql<string>`(select v.name from ${processFlowVersions} v where v.id = ${producePlans.flowVersionId})`,
    priority:
      sql<number>`(select o.priority from ${produceOrders} o where o.id = ${producePlans.produceOrderId})`.mapWith(
        Number,
      ),
    deliveryTime: sql<string>`(select ${factoryTimeText(sql`o.delivery_time`)} from ${produceOrders} o where o.id = ${producePlans.produceOrderId})`,
    version: producePlans.version,
    materialsId: producePlans.materialsId,
    flowId: producePlans.flowId,
    flowVersionId: producePlans.flowVersionId,
    sortOrder: producePlans.sortOrder,
  },
  hooks: {
    async validate(tx, values, id, body) {
      const stored =
        id === null ? undefined : (await tx.select().from(producePlans).where(eq(producePlans.id, id)))[0];
      if (stored && !UNRELEASED.includes(stored.scheduleStatus)) {
        // a released plan only moves to another line (the Gantt's updateOne with id + areaId)
        const onlyLine = Object.keys(values).every((k) => k === 'areaId') && values.areaId !== undefined;
        if (!onlyLine) throw conflict(`生产计划“${stored.code}”已下达，不能修改，请先撤回`);
        if (stored.planProgress !== 0) throw conflict(`生产计划“${stored.code}”已开工，不能换产线`);
        return movePlanLine(tx, stored as unknown as DocRow, Number(values.areaId));
      }
      const orderId = Number(values.produceOrderId ?? stored?.produceOrderId);
      if (stored && values.produceOrderId !== undefined && values.produceOrderId !== stored.produceOrderId)
        throw fieldError('produceOrderId', '生产计划不能改到另一个订单');
      const order = await lockOrder(tx, orderId);
      if (order.confirmStatus !== 1)
        throw fieldError('produceOrderId', `订单“${order.code}”未确认，不能安排计划`);
      if (order.planStatus === 2 || order.planStatus === 9)
        throw fieldError(
          'produceOrderId',
          `订单“${order.code}”已${order.planStatus === 2 ? '完成' : '取消'}，不能安排计划`,
        );
      const quantity = Number(values.quantity ?? stored?.quantity);
      await checkPlanQuantity(tx, order, quantity, id);
      const asked = body.flowVersionId as number | undefined;
      const flow =
        asked !== undefined || !stored
          ? await planFlowOf(tx, order.materialsId, asked)
          : { flowId: stored.flowId, flowVersionId: stored.flowVersionId };
      await checkLine(tx, flow.flowVersionId, Number(values.areaId ?? stored?.areaId));
      Object.assign(values, { materialsId: order.materialsId, ...flow });
      const start = (values.planStartTime ?? stored?.planStartTime ?? null) as Date | null;
      const end = (values.planEndTime ??
        (values.planStartTime ? null : stored?.planEndTime) ??
        null) as Date | null;
      if (start && end && end <= start) throw fieldError('planEndTime', '计划结束时间须晚于计划开始时间');
      if (start && !end) values.planEndTime = await endFrom(tx, flow.flowVersionId, start, quantity);
    },
    async saved(tx, id, body, isNew) {
      const [plan] = await tx.select().from(producePlans).where(eq(producePlans.id, id));
      if (isNew || body.quantity !== undefined || body.flowVersionId !== undefined)
        await writeMaterials(tx, id);
      // a scheduled plan moved to another line (the Gantt) or edited (its quantity, its flow): its
      // steps are placed again, from where it stood, so they never keep the old line or length
      const replaced =
        body.areaId !== undefined || body.quantity !== undefined || body.flowVersionId !== undefined;
      if (!isNew && replaced && [2, 3].includes(plan.scheduleStatus) && !plan.isLocked) {
        const now = nowOf(tx);
        const from = plan.planStartTime && plan.planStartTime > now ? plan.planStartTime : now;
        await runSchedule(tx, [id], from);
      }
      await refreshOrderPlanning(tx, plan.produceOrderId);
    },
    async removing(tx, id) {
      const [plan] = await tx.select().from(producePlans).where(eq(producePlans.id, id)).for('update');
      if (plan && !UNRELEASED.includes(plan.scheduleStatus))
        throw conflict(`生产计划“${plan.code}”已下达，不能删除，请先撤回`);
      // a withdrawn plan's cancelled work orders stay, with their trail, without their plan
      await tx
        .update(produceWorkOrders)
        .set({ planId: null })
        .where(and(eq(produceWorkOrders.planId, id), eq(produceWorkOrders.status, 9)));
    },
    removed: (tx, row) => refreshOrderPlanning(tx, Number(row.produceOrderId)),
  },
});

/** The work orders of a plan that are not cancelled. */
const liveWorkOrders = (tx: Tx, planId: number) =>
  tx
    .select()
    .from(produceWorkOrders)
    .where(and(eq(produceWorkOrders.planId, planId), ne(produceWorkOrders.status, 9)));

/** What a later module hears of a plan's release or withdrawal, in its transaction. */
export interface PlanEvent {
  planId: number;
  /** The work order a release made; none on a withdrawal. */
  workOrderId?: number;
}
const planHooks = txHooks<'released' | 'withdrawn', PlanEvent>(['released', 'withdrawn']);

/**
 * Lets a module that stands on production join a plan's release or withdrawal in its transaction
 * (the warehouse makes and cancels the preparation order) without production knowing it.
 */
export const onPlan = planHooks.on;

/** The plan's actions (producePlanMachine): release into a work order, withdraw it, complete by itself. */
export const producePlanActions = machineService({
  machine: producePlanMachine,
  table: producePlans,
  number: producePlans.code,
  hooks: {
    release: {
      async guard(tx, row) {
        const [order] = await tx
          .select()
          .from(produceOrders)
          .where(eq(produceOrders.id, Number(row.produceOrderId)));
        if (order?.confirmStatus !== 1 || order.planStatus === 9 || order.planStatus === 2)
          throw conflict(`生产计划“${row.code}”的订单未确认或已关闭，不能下达`);
        if (!(Number(row.quantity) > 0)) throw conflict(`生产计划“${row.code}”数量为0，不能下达`);
        await checkLine(tx, Number(row.flowVersionId), Number(row.areaId)).catch(() => {
          throw conflict(`生产计划“${row.code}”的产线不在工艺允许的产线中，不能下达`);
        });
      },
      async effect(tx, row) {
        const [order] = await tx
          .select()
          .from(produceOrders)
          .where(eq(produceOrders.id, Number(row.produceOrderId)));
        const made = await createWorkOrder(tx, {
          planId: row.id,
          orderId: order.id,
          materialsId: Number(row.materialsId),
          areaId: Number(row.areaId),
          flowVersionId: Number(row.flowVersionId),
          quantity: String(row.quantity),
          priority: order.priority,
          planStartTime: row.planStartTime as Date | null,
          planEndTime: row.planEndTime as Date | null,
        });
        await planHooks.tell(tx, 'released', { planId: row.id, workOrderId: made.id });
        return { scheduleStatus: row.scheduleStatus === 2 ? 3 : 1 };
      },
    },
    withdraw: {
      async guard(tx, row) {
        const [reported] = await tx
          .select({ code: produceWorkOrders.code })
          .from(produceWorkOrders)
          .innerJoin(produceTasks, eq(produceTasks.workOrderId, produceWorkOrders.id))
          .where(
            and(
              eq(produceWorkOrders.planId, row.id),
              ne(produceWorkOrders.status, 9),
              sql`(${produceTasks.goodQuantity} + ${produceTasks.defectQuantity} + ${produceTasks.repairQuantity} > 0 or ${produceTasks.status} <> 0)`,
            ),
          )
          .limit(1);
        if (reported) throw conflict(`生产计划“${row.code}”的工单“${reported.code}”已开工或已报工，不能撤回`);
      },
      async effect(tx, row) {
        // the user's withdrawal was checked; its cascade is the system's
        for (const wo of await liveWorkOrders(tx, row.id))
          await serviceOf(workOrderMachine).act(tx, 'system', 'cancel', { id: wo.id });
        await planHooks.tell(tx, 'withdrawn', { planId: row.id });
        return { scheduleStatus: row.scheduleStatus === 3 ? 2 : 0 };
      },
    },
    complete: {
      effect: async (_tx, row) => ({ scheduleStatus: row.scheduleStatus === 3 ? 5 : 4, planProgress: 2 }),
    },
    reopen: {
      effect: async (_tx, row) => ({ scheduleStatus: row.scheduleStatus === 5 ? 3 : 1, planProgress: 1 }),
    },
  },
});

/**
 * A plan follows its work orders (DOMAIN): in progress from the first start; complete when every
 * one is completed, ended or cancelled and at least one was not cancelled; open again when one is
 * reopened or restarted. Called after every change of a work order's status.
 */
export async function syncPlan(tx: Tx, planId: number | null): Promise<void> {
  if (planId === null) return;
  const [plan] = await tx.select().from(producePlans).where(eq(producePlans.id, planId)).for('update');
  if (!plan || UNRELEASED.includes(plan.scheduleStatus)) return;
  const wos = await liveWorkOrders(tx, planId);
  const open = wos.filter((w) => w.status === 0 || w.status === 1);
  const started = wos.some((w) => w.status !== 0);
  const closed = wos.length > 0 && !open.length;
  const firstStart = wos
    .map((w) => w.actualStartTime)
    .filter((t): t is Date => t !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  if (closed && (plan.scheduleStatus === 1 || plan.scheduleStatus === 3))
    await producePlanActions.act(tx, 'system', 'complete', { id: planId });
  else if (!closed && (plan.scheduleStatus === 4 || plan.scheduleStatus === 5))
    await producePlanActions.act(tx, 'system', 'reopen', { id: planId });
  else if (started && plan.planProgress === 0)
    await tx
      .update(producePlans)
      .set({
        planProgress: 1,
        actualStartTime: firstStart ?? nowOf(tx),
        version: sql`${producePlans.version} + 1`,
      })
      .where(eq(producePlans.id, planId));
}

/**
 * Moves a plan to another line (the Gantt's updateOne with id + areaId): the line must be one its
 * version allows ('该工艺没有此产线'). A released plan moves only while none of its work orders
 * is distributed or started; they move with it and their tasks take the new line's stations.
 */
export async function movePlanLine(tx: Tx, plan: DocRow, areaId: number): Promise<void> {
  await checkLine(tx, Number(plan.flowVersionId), areaId);
  const wos = await liveWorkOrders(tx, plan.id);
  const busy = wos.find((w) => w.status !== 0 || w.isDistributed === 1);
  if (busy) throw conflict(`工单“${busy.code}”已派工或已开工，计划不能换产线`);
  for (const wo of wos) {
    await tx
      .update(produceWorkOrders)
      .set({ areaId, version: sql`${produceWorkOrders.version} + 1` })
      .where(eq(produceWorkOrders.id, wo.id));
    const tasks = await tx
      .select({ id: produceTasks.id, seq: produceTasks.seq })
      .from(produceTasks)
      .where(eq(produceTasks.workOrderId, wo.id));
    await tx.delete(produceTaskStations).where(
      inArray(
        produceTaskStations.taskId,
        tasks.map((t) => t.id),
      ),
    );
    await snapshotStations(tx, areaId, await versionSteps(tx, wo.flowVersionId), tasks);
  }
}
