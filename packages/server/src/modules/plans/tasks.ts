import type { TaskRow } from '@factory/shared/api/workOrder';
import { produceTaskMachine, workOrderMachine } from '@factory/shared/machines/plans';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { nowOf, nowSql } from '../../platform/clock.ts';
import { qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { factoryTimeText } from '../../platform/factoryTime.ts';
import { type DocRow, machineService, serviceOf } from '../../platform/machine.ts';
import { procedures, stations } from '../information/index.ts';
import { users } from '../setting/index.ts';
import { asNumber } from './common.ts';
import { syncOrder } from './orders.ts';
import {
  produceTaskStations,
  produceTasks,
  produceTaskUsers,
  produceWorkOrders,
  reportWorks,
} from './schema.ts';

/** json from the driver: parsed already (pg), or text on some paths. */
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

const t = produceTasks;

/** Σ reported (good + defect + repair) of a task, as SQL. */
export const reportedOf = (t: typeof produceTasks) =>
  sql`(${t.goodQuantity} + ${t.defectQuantity} + ${t.repairQuantity})`;

/** The columns of a task row (TaskRow): counters, where it may run, to whom it was distributed. */
export const taskColumns = {
  id: t.id,
  code: t.code,
  workOrderId: t.workOrderId,
  seq: t.seq,
  procedureId: t.procedureId,
  procedureName: sql<string>`(select p.name from ${procedures} p where p.id = ${qualified(t.procedureId)})`,
  processType: t.processType,
  standardMinutes: sql<number | null>`${t.standardMinutes}`.mapWith((v) => (v === null ? null : Number(v))),
  inQuantity: asNumber(t.inQuantity),
  goodQuantity: asNumber(t.goodQuantity),
  defectQuantity: asNumber(t.defectQuantity),
  repairQuantity: asNumber(t.repairQuantity),
  availableQuantity: asNumber(sql`(${t.inQuantity} - ${reportedOf(t)})`),
  status: t.status,
  isSkipped: t.isSkipped,
  actualStartTime: factoryTimeText(t.actualStartTime),
  finishedAt: factoryTimeText(t.finishedAt),
  currentStationId: t.currentStationId,
  currentStationName: sql<
    string | null
  >`(select s.name from ${stations} s where s.id = ${qualified(t.currentStationId)})`,
  currentUserId: t.currentUserId,
  currentUserName: sql<
    string | null
  >`(select u.name from ${users} u where u.id = ${qualified(t.currentUserId)})`,
  stations:
    sql`coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name, 'distributed', ts.distributed) order by s.code, s.id)
    from ${produceTaskStations} ts join ${stations} s on s.id = ts.station_id where ts.task_id = ${qualified(t.id)}), '[]'::json)`.mapWith(
      (v) => json<TaskRow['stations']>(v),
    ),
  users: sql`coalesce((select json_agg(json_build_object('id', u.id, 'name', u.name) order by u.id)
    from ${produceTaskUsers} tu join ${users} u on u.id = tu.user_id where tu.task_id = ${qualified(t.id)}), '[]'::json)`.mapWith(
    (v) => json<TaskRow['users']>(v),
  ),
  version: t.version,
};

/** Task rows matching `where`, in step order. */
export function taskRows(tx: Tx, where: SQL | undefined): Promise<TaskRow[]> {
  return tx.select(taskColumns).from(t).where(where).orderBy(asc(t.workOrderId), asc(t.seq)) as Promise<
    TaskRow[]
  >;
}

/** One task row; not found when it is not the tenant's. */
export async function taskRow(tx: Tx, id: number): Promise<TaskRow> {
  const [row] = await taskRows(tx, eq(t.id, id));
  if (!row) throw notFound('工序任务');
  return row;
}

/**
 * Passes good output on (or takes it back, `quantity` < 0) from the task at `seq` to the step
 * after it: its `in` grows; a skipped step passes it straight on as its own good, and the last
 * step's good is the work order's completed quantity (set by settleTasks).
 */
export async function passOn(tx: Tx, workOrderId: number, seq: number, quantity: string): Promise<void> {
  if (Number(quantity) === 0) return;
  // the next step found and moved by one statement
  const [next] = await tx
    .update(t)
    .set({
      inQuantity: sql`${t.inQuantity} + ${quantity}`,
      goodQuantity: sql`${t.goodQuantity} + case when ${t.isSkipped} then ${quantity}::numeric else 0 end`,
      version: sql`${t.version} + 1`,
      updatedAt: nowOf(tx),
    })
    .where(
      eq(
        t.id,
        sql`(select n.id from ${t} n where n.work_order_id = ${workOrderId} and n.seq > ${seq} order by n.seq limit 1)`,
      ),
    )
    .returning({ seq: t.seq, isSkipped: t.isSkipped });
  if (next?.isSkipped) await passOn(tx, workOrderId, next.seq, quantity);
}

/** What settling reads of each task, in step order, with its work order's state. */
export interface SettleRow {
  id: number;
  status: number;
  isSkipped: boolean;
  goodQuantity: string;
  /** Everything it took in is reported. */
  done: boolean;
  workOrderStatus: number;
  completedQuantity: string;
  orderId: number;
}

/**
 * Brings a work order's tasks and counters in line with what is reported (DOMAIN): a task is
 * complete when its predecessor is (or it is first) and everything it took in is reported, else
 * open again; the work order's completed quantity is the last step's good, and it completes by
 * itself when its last task does. Called after every report, reversal, skip and reduction.
 */
export async function settleTasks(tx: Tx, workOrderId: number): Promise<void> {
  // the tasks in step order with their work order's state, in one round trip
  const tasks = await tx
    .select({
      id: t.id,
      status: t.status,
      isSkipped: t.isSkipped,
      goodQuantity: t.goodQuantity,
      done: sql<boolean>`${reportedOf(t)} >= ${t.inQuantity}`,
      workOrderStatus: produceWorkOrders.status,
      completedQuantity: produceWorkOrders.completedQuantity,
      orderId: produceWorkOrders.orderId,
    })
    .from(t)
    .innerJoin(produceWorkOrders, eq(produceWorkOrders.id, t.workOrderId))
    .where(eq(t.workOrderId, workOrderId))
    .orderBy(asc(t.seq));
  await settleRows(tx, workOrderId, tasks);
}

/**
 * settleTasks on tasks already read as they now stand (a report holds its work order's tasks
 * locked and knows what it changed): only what must change is written. The task actions change
 * only the tasks, so the work order's state read with them still holds when it is settled.
 */
export async function settleRows(tx: Tx, workOrderId: number, tasks: readonly SettleRow[]): Promise<void> {
  let previousDone = true;
  for (const task of tasks) {
    const done: boolean = previousDone && task.done;
    // a skipped step keeps its state; what comes after it still waits for the steps before it
    if (task.isSkipped) {
      previousDone = done;
      continue;
    }
    if (done && task.status !== 2) await produceTaskActions.act(tx, 'system', 'complete', { id: task.id });
    else if (!done && task.status === 2)
      await produceTaskActions.act(tx, 'system', 'reopen', { id: task.id });
    previousDone = done;
  }
  const last = tasks.at(-1);
  // no task: nothing to settle (a work order always has its steps)
  if (!last) return;
  if (Number(last.goodQuantity) !== Number(last.completedQuantity)) {
    await tx
      .update(produceWorkOrders)
      .set({ completedQuantity: last.goodQuantity, version: sql`${produceWorkOrders.version} + 1` })
      .where(eq(produceWorkOrders.id, workOrderId));
    await syncOrder(tx, last.orderId);
  }
  if (previousDone && (last.workOrderStatus === 0 || last.workOrderStatus === 1))
    await serviceOf(workOrderMachine).act(tx, 'system', 'complete', { id: workOrderId });
}

/** Whether a task has any report (a reset would lose where it stands). */
async function hasReports(tx: Tx, taskId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: reportWorks.id })
    .from(reportWorks)
    .where(eq(reportWorks.taskId, taskId))
    .limit(1);
  return row !== undefined;
}

/** The task's work order, refused unless it is open and running (starting or skipping on it). */
async function openWorkOrder(tx: Tx, row: DocRow, what: string) {
  const [wo] = await tx
    .select()
    .from(produceWorkOrders)
    .where(eq(produceWorkOrders.id, Number(row.workOrderId)));
  if (!wo) throw conflict('工单不存在或已被删除');
  if (wo.status !== 0 && wo.status !== 1)
    throw conflict(
      `工单“${wo.code}”${wo.status === 2 ? '已完成' : wo.status === 3 ? '已强制结束' : '已取消'}，不能${what}`,
    );
  if (wo.isPaused === 1) throw conflict(`工单“${wo.code}”已暂停，不能${what}`);
  return wo;
}

/**
 * A task's actions (produceTaskMachine): start at a station (its own call names the station),
 * reset while nothing is reported, skip with a reason (its input passes on as good); complete and
 * reopen are the system's, from settleTasks.
 */
export const produceTaskActions = machineService({
  machine: produceTaskMachine,
  table: produceTasks,
  number: produceTasks.code,
  hooks: {
    start: {
      async guard(tx, row, input) {
        const stationId = (input.body as { stationId?: number } | undefined)?.stationId;
        if (!stationId) throw fieldError('stationId', '请选择开工工位');
        await openWorkOrder(tx, row, '开工');
        const [wo] = await tx
          .select({ isDistributed: produceWorkOrders.isDistributed })
          .from(produceWorkOrders)
          .where(eq(produceWorkOrders.id, Number(row.workOrderId)));
        const [at] = await tx
          .select({ distributed: produceTaskStations.distributed })
          .from(produceTaskStations)
          .where(and(eq(produceTaskStations.taskId, row.id), eq(produceTaskStations.stationId, stationId)));
        if (!at) throw fieldError('stationId', `工序任务“${row.code}”不能在该工位开工`);
        if (wo?.isDistributed === 1 && !at.distributed)
          throw fieldError('stationId', `工序任务“${row.code}”未派工到该工位`);
      },
      effect: async (tx, _row, input, actor) => ({
        status: 1,
        currentStationId: (input.body as { stationId: number }).stationId,
        currentUserId: actor === 'system' ? null : actor.userId,
        actualStartTime: sql`coalesce(${produceTasks.actualStartTime}, ${nowSql(tx)}::timestamptz)`,
      }),
      async after(tx, row) {
        const [wo] = await tx
          .select({ id: produceWorkOrders.id, status: produceWorkOrders.status })
          .from(produceWorkOrders)
          .where(eq(produceWorkOrders.id, Number(row.workOrderId)));
        if (wo?.status === 0) await serviceOf(workOrderMachine).act(tx, 'system', 'start', { id: wo.id });
      },
    },
    reset: {
      async guard(tx, row) {
        if (
          Number(row.goodQuantity) + Number(row.defectQuantity) + Number(row.repairQuantity) > 0 ||
          (await hasReports(tx, row.id))
        )
          throw conflict(`工序任务“${row.code}”已有报工，不能重置`);
      },
      effect: async () => ({ currentStationId: null, currentUserId: null, actualStartTime: null }),
    },
    skip: {
      async guard(tx, row) {
        await openWorkOrder(tx, row, '跳过');
        if (await hasReports(tx, row.id)) throw conflict(`工序任务“${row.code}”已有报工，不能跳过`);
      },
      // what it took in (and takes in later, see passOn) goes on to the next step as its good
      effect: async (tx, row, input) => ({
        isSkipped: true,
        skipReason: input.reason?.trim() ?? null,
        goodQuantity: String(row.inQuantity),
        finishedAt: nowOf(tx),
      }),
      async after(tx, row) {
        await passOn(tx, Number(row.workOrderId), Number(row.seq), String(row.inQuantity));
        await settleTasks(tx, Number(row.workOrderId));
      },
    },
    complete: { effect: async (tx) => ({ finishedAt: nowOf(tx) }) },
    reopen: { effect: async () => ({ finishedAt: null }) },
  },
});
