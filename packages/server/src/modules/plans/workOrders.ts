import type { DistributeBody } from '@factory/shared/api/workOrder';
import { fromMicro, micro } from '@factory/shared/decimal';
import { workOrderMachine } from '@factory/shared/machines/plans';
import { and, asc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { nowOf, nowSql } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError } from '../../platform/errors.ts';
import { type ActInput, type DocRow, machineService } from '../../platform/machine.ts';
import { txHooks } from '../../platform/txHooks.ts';
import { materials, procedures, units } from '../information/index.ts';
import { users } from '../setting/index.ts';
import { createWorkOrder } from './making.ts';
import { syncOrder } from './orders.ts';
import { syncPlan } from './plans.ts';
import {
  produceOrders,
  produceTaskStations,
  produceTasks,
  produceTaskUsers,
  produceWorkOrderPauses,
  produceWorkOrders,
  reportWorks,
} from './schema.ts';
import { reportedOf, settleTasks } from './tasks.ts';

export const shownQuantity = (v: string | number) => String(Number(Number(v).toFixed(6)));

/** A work order's tasks in step order, with what each has reported and may still take. */
export function tasksOf(tx: Tx, workOrderId: number) {
  return tx
    .select({
      id: produceTasks.id,
      seq: produceTasks.seq,
      status: produceTasks.status,
      isSkipped: produceTasks.isSkipped,
      processType: produceTasks.processType,
      procedureName: procedures.name,
      inQuantity: produceTasks.inQuantity,
      goodQuantity: produceTasks.goodQuantity,
      reported: sql<string>`${reportedOf(produceTasks)}`,
      available: sql<string>`(${produceTasks.inQuantity} - ${reportedOf(produceTasks)})`,
    })
    .from(produceTasks)
    .innerJoin(procedures, eq(procedures.id, produceTasks.procedureId))
    .where(eq(produceTasks.workOrderId, workOrderId))
    .orderBy(asc(produceTasks.seq));
}

/** What the first step has reported: a split or a reduction never takes that away. */
async function reportedAtFirstStep(tx: Tx, workOrderId: number): Promise<number> {
  const [first] = await tasksOf(tx, workOrderId);
  return first ? Number(first.reported) : 0;
}

/** The product's main unit name, for messages (还有3台未报工). */
async function unitOf(tx: Tx, materialsId: number): Promise<string> {
  const [row] = await tx
    .select({ name: units.name })
    .from(materials)
    .innerJoin(units, eq(units.id, materials.mainUnitId))
    .where(eq(materials.id, materialsId));
  return row?.name ?? '';
}

/** The plan and the order follow every change of a work order's status (DOMAIN). */
async function follow(tx: Tx, row: DocRow) {
  await syncPlan(tx, (row.planId as number | null) ?? null);
  await syncOrder(tx, Number(row.orderId));
  if (CLOSED.includes(Number(row.status)))
    await workOrderHooks.tell(tx, 'closed', { workOrderId: row.id, status: Number(row.status) });
}

/** Finished, ended, cancelled: nothing more is made on it. */
const CLOSED = [2, 3, 9];
/** A work order closed, or `taken` of its quantity split off (to `splitId`) or reduced away. */
export interface WorkOrderEvent {
  workOrderId: number;
  /** On closing: the status it closes to (2 finished, 3 ended, 9 cancelled). */
  status?: number;
  taken?: string;
  splitId?: number;
}
const workOrderHooks = txHooks<'closed' | 'split' | 'reduced', WorkOrderEvent>([
  'closed',
  'split',
  'reduced',
]);

/**
 * Lets a module that stands on production join a work order's closing, split or reduction in its
 * transaction (the warehouse gives back what the order's preparation still held, or shares the
 * preparation with the split-off order) without production knowing it.
 */
export const onWorkOrder = workOrderHooks.on;

/** A refusal when the work order has anything reported: cancelling would lose it. */
async function refuseReported(tx: Tx, row: DocRow, action: string) {
  const [reported] = await tx
    .select({ id: reportWorks.id })
    .from(reportWorks)
    .where(eq(reportWorks.workOrderId, row.id))
    .limit(1);
  if (reported) throw conflict(`工单“${row.code}”已有报工记录，不能${action}`);
}

/** The quantity a split or a reduction asks for, from the action's own body. */
function quantityOf(input: ActInput, label: string): number {
  const q = Number((input.body as { quantity?: unknown } | undefined)?.quantity);
  if (!(q > 0)) throw fieldError('quantity', `请输入${label}`);
  return q;
}

/** The work order a split made, by the input that asked for it (the route answers it). */
export const splitResults = new WeakMap<ActInput, { id: number; code: string }>();

/** The next free split code of a work order: its number with -1, -2, … */
async function splitCode(tx: Tx, code: string): Promise<string> {
  const taken = new Set(
    (
      await tx
        .select({ code: produceWorkOrders.code })
        .from(produceWorkOrders)
        .where(like(produceWorkOrders.code, `${code.replace(/[\\%_]/g, '\\$&')}-%`))
    ).map((w) => w.code),
  );
  let n = 1;
  while (taken.has(`${code}-${n}`)) n += 1;
  return `${code}-${n}`;
}

/** Lowers the work order's quantity and what its first step may take by `by`. */
async function takeFromFirstStep(tx: Tx, workOrderId: number, by: number) {
  const [first] = await tasksOf(tx, workOrderId);
  if (first)
    await tx
      .update(produceTasks)
      .set({
        inQuantity: sql`${produceTasks.inQuantity} - ${String(by)}`,
        version: sql`${produceTasks.version} + 1`,
      })
      .where(eq(produceTasks.id, first.id));
}

/** Distribute's body: each task's stations (among those its step allows) and operators. */
async function distribute(tx: Tx, row: DocRow, input: ActInput) {
  const body = input.body as DistributeBody | undefined;
  if (!body?.tasks?.length) throw fieldError('tasks', '请为工序任务指定工位与人员');
  const tasks = await tasksOf(tx, row.id);
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const allowed = await tx
    .select({ taskId: produceTaskStations.taskId, stationId: produceTaskStations.stationId })
    .from(produceTaskStations)
    .where(
      inArray(
        produceTaskStations.taskId,
        tasks.map((t) => t.id),
      ),
    );
  const userIds = [...new Set(body.tasks.flatMap((t) => t.userIds))];
  const known = new Set(
    userIds.length
      ? (await tx.select({ id: users.id }).from(users).where(inArray(users.id, userIds))).map((u) => u.id)
      : [],
  );
  for (const [i, t] of body.tasks.entries()) {
    const task = byId.get(t.taskId);
    if (!task) throw fieldError(`tasks.${i}.taskId`, `第${i + 1}行工序任务不属于工单“${row.code}”`);
    const bad = t.stationIds.find((s) => !allowed.some((a) => a.taskId === t.taskId && a.stationId === s));
    if (bad !== undefined)
      throw fieldError(`tasks.${i}.stationIds`, `工序“${task.procedureName}”不能在所选工位上生产`);
    const unknown = t.userIds.find((u) => !known.has(u));
    if (unknown !== undefined) throw fieldError(`tasks.${i}.userIds`, `第${i + 1}行所选人员不存在或已被删除`);
    await tx
      .update(produceTaskStations)
      .set({ distributed: inArray(produceTaskStations.stationId, t.stationIds) })
      .where(eq(produceTaskStations.taskId, t.taskId));
    await tx.delete(produceTaskUsers).where(eq(produceTaskUsers.taskId, t.taskId));
    const operators = [...new Set(t.userIds)];
    if (operators.length)
      await tx.insert(produceTaskUsers).values(operators.map((userId) => ({ taskId: t.taskId, userId })));
  }
  // every in-house step still to do must have somewhere to run (DOMAIN: distribute's guard)
  const placed = new Set(
    (
      await tx
        .select({ taskId: produceTaskStations.taskId })
        .from(produceTaskStations)
        .where(
          and(
            inArray(
              produceTaskStations.taskId,
              tasks.map((t) => t.id),
            ),
            eq(produceTaskStations.distributed, true),
          ),
        )
    ).map((s) => s.taskId),
  );
  const bare = tasks.find((t) => t.processType === 0 && t.status !== 2 && !placed.has(t.id));
  if (bare) throw conflict(`工序“${bare.procedureName}”未指定工位，不能派工`);
}

/**
 * The work order's actions (workOrderMachine) with their guards and effects (DOMAIN "Work order"
 * table). Cancelling is also how a plan's withdrawal (撤回) takes its work orders back. Every
 * status change is followed by the plan's and the order's.
 */
export const workOrderActions = machineService({
  machine: workOrderMachine,
  table: produceWorkOrders,
  number: produceWorkOrders.code,
  hooks: {
    distribute: {
      async effect(tx, row, input) {
        await distribute(tx, row, input);
        return { isDistributed: 1 };
      },
    },
    withdraw: {
      async guard(tx, row) {
        const started = (await tasksOf(tx, row.id)).find((t) => t.status !== 0);
        if (started) throw conflict(`工单“${row.code}”的工序“${started.procedureName}”已开工，不能撤回派工`);
      },
      async effect(tx, row) {
        const ids = (await tasksOf(tx, row.id)).map((t) => t.id);
        if (ids.length) {
          await tx
            .update(produceTaskStations)
            .set({ distributed: false })
            .where(inArray(produceTaskStations.taskId, ids));
          await tx.delete(produceTaskUsers).where(inArray(produceTaskUsers.taskId, ids));
        }
        return undefined;
      },
    },
    start: {
      effect: async (tx) => ({
        actualStartTime: sql`coalesce(${produceWorkOrders.actualStartTime}, ${nowSql(tx)}::timestamptz)`,
      }),
      after: follow,
    },
    pause: {
      async effect(tx, row) {
        await tx.insert(produceWorkOrderPauses).values({ workOrderId: row.id, pausedAt: nowOf(tx) });
        return undefined;
      },
    },
    continue: {
      async effect(tx, row) {
        await tx
          .update(produceWorkOrderPauses)
          .set({ continuedAt: nowOf(tx) })
          .where(
            and(eq(produceWorkOrderPauses.workOrderId, row.id), isNull(produceWorkOrderPauses.continuedAt)),
          );
        return undefined;
      },
    },
    finish: {
      async guard(tx, row) {
        const open = (await tasksOf(tx, row.id)).find((t) => Number(t.available) > 0);
        if (open)
          throw conflict(
            `工单“${row.code}”的工序“${open.procedureName}”还有${shownQuantity(open.available)}${await unitOf(tx, Number(row.materialsId))}未报工，不能完工`,
          );
      },
      effect: async (tx) => ({ finishedAt: nowOf(tx) }),
      after: follow,
    },
    end: {
      effect: async (_tx, _row, input) => ({ endReason: input.reason?.trim() ?? null }),
      after: follow,
    },
    cancel: {
      guard: (tx, row) => refuseReported(tx, row, '取消'),
      after: follow,
    },
    restart: {
      async effect(tx, row) {
        const [reported] = await tx
          .select({ id: reportWorks.id })
          .from(reportWorks)
          .where(eq(reportWorks.workOrderId, row.id))
          .limit(1);
        return { status: reported ? 1 : 0, endReason: null };
      },
      after: follow,
    },
    reopen: {
      async guard(tx, row) {
        const [order] = await tx
          .select({ code: produceOrders.code, planStatus: produceOrders.planStatus })
          .from(produceOrders)
          .where(eq(produceOrders.id, Number(row.orderId)));
        if (order?.planStatus === 2) throw conflict(`订单“${order.code}”已完成，工单“${row.code}”不能反完工`);
      },
      effect: async () => ({ finishedAt: null }),
      after: follow,
    },
    split: {
      async guard(tx, row, input) {
        const q = quantityOf(input, '拆分数量');
        const left = Number(row.quantity) - (await reportedAtFirstStep(tx, row.id));
        if (q > left + 1e-9 || q >= Number(row.quantity))
          throw fieldError(
            'quantity',
            `拆分数量须小于工单数量且不超过首道工序未报工数量${shownQuantity(Math.max(0, left))}`,
          );
      },
      async effect(tx, row, input) {
        const q = quantityOf(input, '拆分数量');
        const made = await createWorkOrder(tx, {
          planId: (row.planId as number | null) ?? null,
          orderId: Number(row.orderId),
          materialsId: Number(row.materialsId),
          areaId: Number(row.areaId),
          flowVersionId: Number(row.flowVersionId),
          quantity: String(q),
          priority: Number(row.priority),
          workType: Number(row.workType),
          originWorkOrderId: (row.originWorkOrderId as number | null) ?? null,
          planStartTime: row.planStartTime as Date | null,
          planEndTime: row.planEndTime as Date | null,
          code: await splitCode(tx, String(row.code)),
        });
        splitResults.set(input, made);
        await takeFromFirstStep(tx, row.id, q);
        await workOrderHooks.tell(tx, 'split', { workOrderId: row.id, splitId: made.id, taken: String(q) });
        return { quantity: sql`${produceWorkOrders.quantity} - ${String(q)}` };
      },
    },
    reduce: {
      async guard(tx, row, input) {
        const q = quantityOf(input, '减量后数量');
        const reported = await reportedAtFirstStep(tx, row.id);
        if (q >= Number(row.quantity))
          throw fieldError('quantity', `减量后数量须小于工单数量${shownQuantity(String(row.quantity))}`);
        if (q < reported - 1e-9)
          throw fieldError('quantity', `减量后数量不能少于首道工序已报工数量${shownQuantity(reported)}`);
      },
      async effect(tx, row, input) {
        const q = quantityOf(input, '减量后数量');
        await takeFromFirstStep(tx, row.id, Number(row.quantity) - q);
        await workOrderHooks.tell(tx, 'reduced', {
          workOrderId: row.id,
          taken: fromMicro(micro(String(row.quantity)) - micro(String(q))),
        });
        return { quantity: String(q) };
      },
      // the first step may now have reported all it takes: it and the steps after may complete
      after: (tx, row) => settleTasks(tx, row.id),
    },
    complete: {
      effect: async (tx) => ({ finishedAt: nowOf(tx) }),
      after: follow,
    },
  },
});
