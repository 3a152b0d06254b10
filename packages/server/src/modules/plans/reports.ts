import { type ReportBody, type TaskRow, workOrderApi } from '@factory/shared/api/workOrder';
import type { AutoCodeRule } from '@factory/shared/entities/define';
import { datePartsOf, defaultRule } from '@factory/shared/entities/numbering';
import { reportWorkEntity } from '@factory/shared/entities/reportWork';
import { workOrderStatus } from '@factory/shared/enums';
import { formatFactoryDate, parseFactoryTime } from '@factory/shared/factoryTime';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import { crudContext, detailCalls, exportCalls, listCalls, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { lookedUp } from '../../platform/list.ts';
import { writeTrail } from '../../platform/machine.ts';
import { takeCodes } from '../../platform/numbering.ts';
import { preparedStatement } from '../../platform/prepared.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { codeRules, codeSequences } from '../../platform/schema.ts';
import type { SessionInfo } from '../../platform/session.ts';
import { txHooks } from '../../platform/txHooks.ts';
import { procedures, scrapReasons, stations } from '../information/index.ts';
import { frequencies, users } from '../setting/index.ts';
import { createWorkOrder } from './making.ts';
import {
  produceTaskStations,
  produceTasks,
  produceWorkOrderPauses,
  produceWorkOrders,
  reportWorkDefects,
  reportWorks,
  reportWorkUsers,
} from './schema.ts';
import { passOn, reportedOf, settleRows, settleTasks, taskColumns } from './tasks.ts';
import { shownQuantity, workOrderActions } from './workOrders.ts';

const r = reportWorks;

/** A value of the report's work order (or its product), as a correlated look-up. */
const ofWorkOrder = (expr: string) =>
  sql.raw(`(select ${expr} from produce_work_order w where w.id = "report_work"."work_order_id")`);

/** 报工记录: list, select, detail and export; reports are written by the report call only. */
const reportRecords = crudContext({
  entity: reportWorkEntity,
  table: reportWorks,
  refs: {
    procedureName: { id: procedures.id, name: procedures.name, code: procedures.code },
    stationName: { id: stations.id, name: stations.name, code: stations.code },
    frequencyName: { id: frequencies.id, name: frequencies.name, code: frequencies.code },
  },
  columns: {
    workOrderCode: lookedUp(r.workOrderId, produceWorkOrders.code),
    produceOrderNumber: sql<
      string | null
    >`${ofWorkOrder('(select o.code from produce_order o where o.id = w.order_id)')}`,
    materialsName: sql<string>`${ofWorkOrder('(select m.name from material m where m.id = w.material_id)')}`,
    materialsCode: sql<string>`${ofWorkOrder('(select m.code from material m where m.id = w.material_id)')}`,
    materialsSpecifications: sql<
      string | null
    >`${ofWorkOrder('(select m.specifications from material m where m.id = w.material_id)')}`,
    unitName: sql<
      string | null
    >`${ofWorkOrder('(select u.name from material m join unit u on u.id = m.main_unit_id where m.id = w.material_id)')}`,
    areaName: sql<string | null>`${ofWorkOrder('(select a.name from area a where a.id = w.area_id)')}`,
    areaId: sql<number | null>`${ofWorkOrder('w.area_id')}`.mapWith(Number),
    userNames: sql<string | null>`(select string_agg(u.name, '、' order by u.id) from ${reportWorkUsers} ru
      join ${users} u on u.id = ru.user_id where ru.report_id = ${qualified(r.id)})`,
    userIds: sql<
      number[]
    >`coalesce(array(select ru.user_id from ${reportWorkUsers} ru where ru.report_id = ${qualified(r.id)} order by ru.user_id), '{}')`,
    defectReasons: sql<
      string | null
    >`(select string_agg(s.name || ' ' || trim_scale(d.quantity)::text, '、' order by s.code)
      from ${reportWorkDefects} d join ${scrapReasons} s on s.id = d.scrap_reason_id where d.report_id = ${qualified(r.id)})`,
    reversalOfCode: lookedUp(r.reversalOf, r.code),
    createdByName: lookedUp(r.createdBy, users.name),
    taskId: r.taskId,
    workOrderId: r.workOrderId,
    reversalOf: r.reversalOf,
  },
});

/** What a later module hears of a report or its reversal, in its transaction, after the counters moved. */
export interface ReportEvent {
  /** The record written: the report, or the reversal's negated record. */
  reportId: number;
  code: string;
  workOrderId: number;
  taskId: number;
  userId: number;
  /** On a reversal: the report it undoes. */
  reversalOf?: { id: number; code: string };
  /** Where the step's materials are backflushed from when not the line side (a supplier's 委外仓). */
  feedWarehouseId?: number;
}
const reportHooks = txHooks<'reported' | 'reversed', ReportEvent>(['reported', 'reversed']);

/**
 * Lets a module that stands on production join report work in its transaction (the warehouse
 * backflushes the line side, and returns it on a reversal); a listener's refusal refuses the report.
 */
export const onReport = reportHooks.on;

const closed = (status: number) => status === 2 || status === 3 || status === 9;

/** The work order's refusal of a report or a reversal while it is closed or paused. */
function refuseClosed(wo: { code: string; status: number; isPaused: number }, what: string) {
  if (closed(wo.status))
    throw conflict(`工单“${wo.code}”${workOrderStatus.label(wo.status, '')}，不能${what}`);
  if (wo.isPaused === 1) throw conflict(`工单“${wo.code}”已暂停，不能${what}`);
}

/** Man-hours of a report: its span less the work order's pauses within it, × operators, in hours. */
async function workHoursOf(tx: Tx, workOrderId: number, start: Date, end: Date, operators: number) {
  const pauses = await tx
    .select({ from: produceWorkOrderPauses.pausedAt, to: produceWorkOrderPauses.continuedAt })
    .from(produceWorkOrderPauses)
    .where(eq(produceWorkOrderPauses.workOrderId, workOrderId));
  let ms = end.getTime() - start.getTime();
  for (const p of pauses) {
    const from = Math.max(start.getTime(), p.from.getTime());
    const to = Math.min(end.getTime(), (p.to ?? end).getTime());
    if (to > from) ms -= to - from;
  }
  return ((Math.max(0, ms) / 3_600_000) * operators).toFixed(3);
}

/**
 * Repair sends the units back as a rework work order (type 1) on the origin's flow version,
 * holding only the step that raised it: createWorkOrder makes every step, then the others are
 * dropped and the kept one takes the whole quantity. The report keeps its id (a reversal cancels it)
 * and its remark names the report for the people reading it.
 */
async function makeRework(
  tx: Tx,
  wo: Pick<ReportedWorkOrder, 'id' | 'orderId' | 'materialsId' | 'areaId' | 'flowVersionId' | 'priority'>,
  seq: number,
  quantity: string,
  remark: string,
) {
  const made = await createWorkOrder(tx, {
    planId: null,
    orderId: wo.orderId,
    materialsId: wo.materialsId,
    areaId: wo.areaId,
    flowVersionId: wo.flowVersionId,
    quantity,
    priority: wo.priority,
    workType: 1,
    originWorkOrderId: wo.id,
  });
  await tx.delete(produceTasks).where(and(eq(produceTasks.workOrderId, made.id), ne(produceTasks.seq, seq)));
  await tx.update(produceTasks).set({ inQuantity: quantity }).where(eq(produceTasks.workOrderId, made.id));
  await tx.update(produceWorkOrders).set({ remark }).where(eq(produceWorkOrders.id, made.id));
  return made.id;
}

/**
 * A rework work order (work type 1) of `quantity` for one step of a work order, made by
 * non-conforming handling (返修 of a report's defects or of a rejected lot); answers its id and
 * number.
 */
export async function reworkStep(tx: Tx, taskId: number, quantity: string, remark: string) {
  const [found] = await tx
    .select({ wo: reportedWorkOrder, seq: produceTasks.seq })
    .from(produceTasks)
    .innerJoin(w, eq(w.id, produceTasks.workOrderId))
    .where(eq(produceTasks.id, taskId));
  if (!found) throw notFound('工序任务');
  const id = await makeRework(tx, found.wo, found.seq, quantity, remark);
  const [made] = await tx.select({ code: w.code }).from(w).where(eq(w.id, id));
  return { id, code: made.code };
}

/**
 * Units a step found defective, accepted by concession (让步接收): they go on as good — to the next
 * step's in, or, after the last step, to the work order's completed quantity (stockable). Refused
 * when the next step has already completed or the work order is closed.
 */
export async function concedeAtStep(tx: Tx, taskId: number, quantity: string) {
  const [task] = await tx
    .select({ seq: produceTasks.seq, workOrderId: produceTasks.workOrderId, code: w.code, status: w.status })
    .from(produceTasks)
    .innerJoin(w, eq(w.id, produceTasks.workOrderId))
    .where(eq(produceTasks.id, taskId));
  if (!task) throw notFound('工序任务');
  if (task.status === 3 || task.status === 9)
    throw conflict(`工单“${task.code}”${workOrderStatus.label(task.status, '')}，不能让步放行`);
  const [next] = await tx
    .select({ id: produceTasks.id, code: produceTasks.code, status: produceTasks.status })
    .from(produceTasks)
    .where(and(eq(produceTasks.workOrderId, task.workOrderId), sql`${produceTasks.seq} > ${task.seq}`))
    .orderBy(produceTasks.seq)
    .limit(1);
  if (!next) {
    await tx
      .update(w)
      .set({ completedQuantity: sql`${w.completedQuantity} + ${quantity}::numeric` })
      .where(eq(w.id, task.workOrderId));
    return;
  }
  if (next.status === 2 || next.status === 3)
    throw conflict(`下道工序“${next.code}”已结束，不能让步放行到下道工序，请返修或报废`);
  await tx
    .update(produceTasks)
    .set({ inQuantity: sql`${produceTasks.inQuantity} + ${quantity}::numeric` })
    .where(eq(produceTasks.id, next.id));
}

/** The operators of a report: asked for, else the signed-in user; each must exist. */
async function operatorsOf(tx: Tx, session: SessionInfo, asked: number[] | undefined) {
  const ids = [...new Set(asked?.length ? asked : [session.userId])];
  // the signed-in user exists: no look-up for the common report of one's own work
  if (ids.length === 1 && ids[0] === session.userId) return ids;
  const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  if (found.length !== ids.length) throw fieldError('userIds', '所选报工人员不存在或已被删除');
  return ids;
}

/** Equal shares that add up to exactly 1 (the last takes the rounding). */
function equalShares(n: number): string[] {
  const each = Math.floor(1_000_000 / n) / 1_000_000;
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? 1 - each * (n - 1) : each).toFixed(6));
}

/** The factory's calendar day of a moment (numbers and their periods follow Asia/Shanghai). */
function factoryDay(at: Date) {
  const [y, m, d] = formatFactoryDate(at).split('-').map(Number);
  return { y, m, d };
}

/** json from the driver: parsed already (pg), or text on some paths. */
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

const t = produceTasks;
const w = produceWorkOrders;
const $ = (name: string) => sql.placeholder(name);

/** What a report reads of its work order (the refusals, settling, a rework's origin). */
const reportedWorkOrder = {
  id: w.id,
  code: w.code,
  status: w.status,
  isPaused: w.isPaused,
  completedQuantity: w.completedQuantity,
  orderId: w.orderId,
  materialsId: w.materialsId,
  areaId: w.areaId,
  flowVersionId: w.flowVersionId,
  priority: w.priority,
};
type ReportedWorkOrder = { [K in keyof typeof reportedWorkOrder]: (typeof w.$inferSelect)[K] };

/**
 * A report's first statement: the work order and all its tasks locked (the work order first, as
 * its own actions lock it before its tasks; then the tasks in step order), so reports on a work
 * order queue there and read what the one before wrote; with the reported task's procedure,
 * whether the station may do it, and the tenant's report numbering rule as `ruleOf`
 * (platform/numbering.ts) reads it (null: the default).
 */
const lockStatement = preparedStatement('report_lock', (tx) =>
  tx
    .select({
      task: {
        id: t.id,
        seq: t.seq,
        status: t.status,
        isSkipped: t.isSkipped,
        processType: t.processType,
        procedureId: t.procedureId,
        currentStationId: t.currentStationId,
        inQuantity: t.inQuantity,
        goodQuantity: t.goodQuantity,
        defectQuantity: t.defectQuantity,
        repairQuantity: t.repairQuantity,
      },
      done: sql<boolean>`${reportedOf(t)} >= ${t.inQuantity}`,
      wo: reportedWorkOrder,
      procedureName: procedures.name,
      stationAllowed: sql<boolean>`(${t.id} = ${$('task')} and exists (select 1 from ${produceTaskStations} s
        where s.task_id = ${t.id} and s.station_id = coalesce(${$('station')}::int, ${t.currentStationId})))`,
      rule: sql`(select json_build_object('prefix', c.prefix, 'dateFormat', c.date_format,
        'seqLength', c.seq_length, 'resetPeriod', c.reset_period) from ${codeRules} c where c.doc_type = 'reportWork')`.mapWith(
        (v) => (v === null ? null : json<AutoCodeRule>(v)),
      ),
    })
    .from(t)
    .innerJoin(w, eq(w.id, t.workOrderId))
    .innerJoin(procedures, eq(procedures.id, t.procedureId))
    .where(eq(t.workOrderId, sql`(select r.work_order_id from ${t} r where r.id = ${$('task')})`))
    .orderBy(asc(t.seq))
    .for('update', { of: [w, t] }),
);

/** A moved task as it now stands. */
const movedColumns = {
  id: t.id,
  goodQuantity: t.goodQuantity,
  done: sql<boolean>`${reportedOf(t)} >= ${t.inQuantity}`.as('done'),
};

/**
 * The counters move by ONE conditional update (reported + q ≤ in; the task's first report starts
 * it), and in the same statement the good goes on (passOn): the next step takes it in, through
 * skipped steps, which pass it on as their good. Answers the moved tasks as they now stand;
 * without the reported task, nothing moved.
 */
const moveStatement = preparedStatement('report_move', (tx) => {
  const moved = tx.$with('report_moved').as(
    tx
      .update(t)
      .set({
        goodQuantity: sql`${t.goodQuantity} + ${$('good')}`,
        defectQuantity: sql`${t.defectQuantity} + ${$('defect')}`,
        repairQuantity: sql`${t.repairQuantity} + ${$('repair')}`,
        status: sql`case when ${t.status} = 0 then 1 else ${t.status} end`,
        currentStationId: sql`coalesce(${$('station')}::int, ${t.currentStationId})`,
        currentUserId: sql`${$('user')}`,
        actualStartTime: sql`coalesce(${t.actualStartTime}, ${$('nowText')}::timestamptz)`,
        version: sql`${t.version} + 1`,
        updatedAt: sql`${$('now')}`,
      })
      .where(and(eq(t.id, $('task')), sql`${reportedOf(t)} + ${$('total')} <= ${t.inQuantity}`))
      .returning(movedColumns),
  );
  const passed = tx.$with('report_passed').as(
    tx
      .update(t)
      .set({
        inQuantity: sql`${t.inQuantity} + ${$('good')}`,
        goodQuantity: sql`${t.goodQuantity} + case when ${t.isSkipped} then ${$('good')}::numeric else 0 end`,
        version: sql`${t.version} + 1`,
        updatedAt: sql`${$('now')}`,
      })
      .where(and(sql`${t.id} = any(${$('passIds')}::int[])`, sql`exists (select 1 from "report_moved")`))
      .returning(movedColumns),
  );
  return tx
    .with(moved, passed)
    .select({
      id: sql<number>`x.id`.mapWith(Number),
      goodQuantity: sql<string>`x.good_quantity`,
      done: sql<boolean>`x.done`,
    })
    .from(
      sql`(select id, good_quantity, done from "report_moved" union all select id, good_quantity, done from "report_passed") x`,
    );
});

/**
 * A report's last statement, numbered last: the tenant's report sequence row is upserted (and
 * held from here to the commit), the record, its operators and defect lines written, and the
 * answer read — the task row and the work order's state — all at once.
 */
const numberStatement = preparedStatement('report_number', (tx) => {
  const numbered = tx.$with('report_seq').as(
    tx
      .insert(codeSequences)
      .values({ docType: 'reportWork', period: $('period'), value: 1 })
      .onConflictDoUpdate({
        target: [codeSequences.tenantId, codeSequences.docType, codeSequences.period],
        set: { value: sql`${codeSequences.value} + 1` },
      })
      .returning({ value: codeSequences.value }),
  );
  // formatCode (shared/entities/numbering.ts) in SQL: prefix and date, the number padded to its length
  const code = sql`(select ${$('head')}::text
    || lpad(s.value::text, greatest(length(s.value::text), ${$('seqLength')}::int), '0') from "report_seq" s)`;
  const made = tx.$with('report_made').as(
    tx
      .insert(reportWorks)
      .values({
        code,
        taskId: $('task'),
        workOrderId: $('workOrder'),
        procedureId: $('procedure'),
        stationId: sql`${$('station')}::int`,
        frequencyId: sql`${$('frequency')}::int`,
        shiftDate: $('shiftDate'),
        goodQuantity: $('good'),
        defectQuantity: $('defect'),
        repairQuantity: $('repair'),
        startTime: sql`${$('start')}::timestamptz`,
        endTime: sql`${$('end')}::timestamptz`,
        workHours: sql`${$('workHours')}::numeric`,
        remark: sql`${$('remark')}::text`,
        mouldId: sql`${$('mould')}::int`,
        createdBy: $('user'),
        createdAt: $('now'),
      })
      .returning({ id: reportWorks.id, code: reportWorks.code }),
  );
  const operators = tx.$with('report_users', {}).as(
    sql`insert into ${reportWorkUsers} (report_id, user_id, share)
      select m.id, u.user_id, u.share from "report_made" m,
        unnest(${$('users')}::int[], ${$('shares')}::numeric[]) as u(user_id, share)`,
  );
  const defects = tx.$with('report_defects', {}).as(
    sql`insert into ${reportWorkDefects} (report_id, scrap_reason_id, quantity)
      select m.id, d.reason_id, d.quantity from "report_made" m,
        unnest(${$('reasons')}::int[], ${$('reasonQuantities')}::numeric[]) as d(reason_id, quantity)`,
  );
  return tx
    .with(numbered, made, operators, defects)
    .select({
      ...taskColumns,
      reportId: sql<number>`(select m.id from "report_made" m)`.mapWith(Number),
      reportCode: sql<string>`(select m.code from "report_made" m)`,
      workOrderStatus: sql<number>`(select w.status from ${w} w where w.id = ${$('workOrder')})`.mapWith(
        Number,
      ),
      workOrderVersion: sql<number>`(select w.version from ${w} w where w.id = ${$('workOrder')})`.mapWith(
        Number,
      ),
    })
    .from(t)
    .where(eq(t.id, $('task')));
});

/**
 * 报工 (DOMAIN "Report work"): the work order and its tasks locked, the counters moved and the
 * good passed on, the tasks and the work order settled, then the number taken with the record
 * written and the answer read, so the tenant's report sequence row is held only to the commit.
 * Six round trips in all, the session's and the transaction's included, of statements prepared
 * once per connection (docs/production.md "Speed").
 */
export async function report(
  tx: Tx,
  session: SessionInfo,
  body: ReportBody,
  opts: Pick<ReportEvent, 'feedWarehouseId'> = {},
) {
  const asked = body.stationId ?? session.stationId ?? null;
  const rows = await lockStatement(tx, { task: body.taskId, station: asked });
  const found = rows.find((r) => r.task.id === body.taskId);
  if (!found) throw notFound('工序任务');
  const { task, wo, procedureName } = found;
  refuseClosed(wo, '报工');
  const stationId = asked ?? task.currentStationId;
  if (stationId) {
    if (!found.stationAllowed)
      throw fieldError('stationId', `所选工位不能做工序“${procedureName}”，不能报工`);
  } else if (task.processType === 0) throw fieldError('stationId', '请选择报工工位');

  const good = body.goodQuantity;
  const defectLines = body.defects ?? [];
  const linesSum = defectLines.reduce((s, d) => s + d.quantity, 0);
  const defect = body.defectQuantity ?? linesSum;
  const repair = body.repairQuantity ?? 0;
  if (defectLines.length && Math.abs(linesSum - defect) > 1e-9)
    throw fieldError(
      'defects',
      `不良原因数量合计${shownQuantity(linesSum)}与不良数量${shownQuantity(defect)}不一致`,
    );
  const reasons = [...new Set(defectLines.map((d) => d.scrapReasonId))];
  if (reasons.length !== defectLines.length) throw fieldError('defects', '不良原因不能重复');
  if (reasons.length) {
    const found = await tx
      .select({ id: scrapReasons.id })
      .from(scrapReasons)
      .where(inArray(scrapReasons.id, reasons));
    if (found.length !== reasons.length) throw fieldError('defects', '所选不良原因不存在或已被删除');
  }
  const total = good + defect + repair;
  if (!(total > 0)) throw fieldError('goodQuantity', '合格、不良、返修数量合计须大于0');

  const start = body.startTime ? (parseFactoryTime(body.startTime) ?? null) : null;
  const end = body.endTime ? (parseFactoryTime(body.endTime) ?? null) : null;
  if (start && end && end < start) throw fieldError('endTime', '结束时间不能早于开始时间');
  const operators = await operatorsOf(tx, session, body.userIds);
  const frequencyId = body.frequencyId === undefined ? session.frequencyId : body.frequencyId;
  if (frequencyId && frequencyId !== session.frequencyId) {
    const [shift] = await tx
      .select({ id: frequencies.id })
      .from(frequencies)
      .where(eq(frequencies.id, frequencyId));
    if (!shift) throw fieldError('frequencyId', '所选班次不存在或已被删除');
  }

  // the steps that take the good in: the next one, and through skipped ones (the tasks are held)
  const passIds: number[] = [];
  if (good !== 0)
    for (const next of rows.filter((r) => r.task.seq > task.seq)) {
      passIds.push(next.task.id);
      if (!next.task.isSkipped) break;
    }
  const at = nowOf(tx);
  const changed = await moveStatement(tx, {
    task: task.id,
    good: String(good),
    defect: String(defect),
    repair: String(repair),
    total: String(total),
    station: stationId ?? null,
    user: session.userId,
    nowText: at.toISOString(),
    now: at,
    passIds,
  });
  if (!changed.some((c) => c.id === task.id)) {
    const reported = Number(task.goodQuantity) + Number(task.defectQuantity) + Number(task.repairQuantity);
    throw fieldError(
      'goodQuantity',
      `报工数量超出可报数量${shownQuantity(Math.max(0, Number(task.inQuantity) - reported))}`,
    );
  }
  const starting = task.status === 0;
  if (starting)
    await writeTrail(tx, session.userId, 'produceTask', task.id, 'start', {
      from: { status: 0 },
      to: { status: 1 },
    });
  const statusNow =
    wo.status === 0
      ? Number((await workOrderActions.act(tx, 'system', 'start', { id: wo.id })).status)
      : wo.status;
  // the tasks as they now stand: what the lock read, with what moved
  const now = new Map(changed.map((c) => [c.id, c]));
  await settleRows(
    tx,
    wo.id,
    rows.map((r) => ({
      id: r.task.id,
      status: r.task.id === task.id && starting ? 1 : r.task.status,
      isSkipped: r.task.isSkipped,
      goodQuantity: now.get(r.task.id)?.goodQuantity ?? r.task.goodQuantity,
      done: now.get(r.task.id)?.done ?? r.done,
      workOrderStatus: statusNow,
      completedQuantity: wo.completedQuantity,
      orderId: wo.orderId,
    })),
  );
  const workHours =
    body.workHours ?? (start && end ? await workHoursOf(tx, wo.id, start, end, operators.length) : null);

  // numbered last: from the sequence's upsert to the commit, this statement and no other
  const rule = found.rule ?? defaultRule('reportWork');
  if (!rule) throw new Error('reportWork is not numbered');
  const { dateText, period } = datePartsOf(rule, factoryDay(at));
  const [row] = await numberStatement(tx, {
    period,
    head: `${rule.prefix}${dateText}`,
    seqLength: rule.seqLength,
    task: task.id,
    workOrder: wo.id,
    procedure: task.procedureId,
    station: stationId ?? null,
    frequency: frequencyId ?? null,
    shiftDate: formatFactoryDate(end ?? at),
    good: String(good),
    defect: String(defect),
    repair: String(repair),
    start: start?.toISOString() ?? null,
    end: end?.toISOString() ?? null,
    workHours: workHours === null ? null : String(workHours),
    remark: body.remark?.trim() || null,
    mould: body.mouldId ?? null,
    user: session.userId,
    now: at,
    users: operators,
    shares: equalShares(operators.length),
    reasons: defectLines.map((d) => d.scrapReasonId),
    reasonQuantities: defectLines.map((d) => String(d.quantity)),
  });
  const { reportId: id, reportCode, workOrderStatus, workOrderVersion, ...taskRowValues } = row;
  // the rework first, so the listeners find it on the report (quality records it as handled by repair)
  if (repair > 0)
    await tx
      .update(reportWorks)
      .set({
        reworkWorkOrderId: await makeRework(tx, wo, task.seq, String(repair), `返修自报工${reportCode}`),
      })
      .where(eq(reportWorks.id, id));
  await reportHooks.tell(tx, 'reported', {
    reportId: id,
    code: reportCode,
    workOrderId: wo.id,
    taskId: task.id,
    userId: session.userId,
    ...opts,
  });
  return { id, code: reportCode, task: taskRowValues as TaskRow, workOrderStatus, workOrderVersion };
}

/**
 * 撤销报工: a new record with the quantities negated, pointing at the original, which is kept and
 * marked; the counters, the next step's input, the rework and the work order go back with it.
 */
export async function reverse(tx: Tx, session: SessionInfo, id: number, reason: string | undefined) {
  const [orig] = await tx.select().from(r).where(eq(r.id, id)).for('update');
  if (!orig) throw notFound('报工记录');
  if (orig.reversalOf !== null) throw conflict(`报工记录“${orig.code}”是撤销记录，不能再撤销`);
  if (orig.reversedAt) throw conflict(`报工记录“${orig.code}”已撤销，不能重复撤销`);
  // the work order before its task, as a report locks them
  const [wo] = await tx
    .select()
    .from(produceWorkOrders)
    .where(eq(produceWorkOrders.id, orig.workOrderId))
    .for('update');
  const [task] = await tx.select().from(produceTasks).where(eq(produceTasks.id, orig.taskId)).for('update');
  if (closed(wo.status))
    throw conflict(`工单“${wo.code}”${workOrderStatus.label(wo.status, '')}，不能撤销报工`);

  // the good went on to the next step (through skipped ones): it must still be unused there
  const later = await tx
    .select({
      seq: produceTasks.seq,
      isSkipped: produceTasks.isSkipped,
      available: sql<string>`${produceTasks.inQuantity} - ${reportedOf(produceTasks)}`,
      procedureName: procedures.name,
    })
    .from(produceTasks)
    .innerJoin(procedures, eq(procedures.id, produceTasks.procedureId))
    .where(and(eq(produceTasks.workOrderId, wo.id), sql`${produceTasks.seq} > ${task.seq}`))
    .orderBy(asc(produceTasks.seq));
  const user = later.find((t) => !t.isSkipped);
  if (user && Number(user.available) < Number(orig.goodQuantity) - 1e-9)
    throw conflict(`下一工序“${user.procedureName}”已使用了报工记录“${orig.code}”的合格数量，不能撤销`);

  const [rework] =
    orig.reworkWorkOrderId !== null
      ? await tx.select().from(produceWorkOrders).where(eq(produceWorkOrders.id, orig.reworkWorkOrderId))
      : [];
  if (rework && rework.status !== 0 && rework.status !== 9)
    throw conflict(`报工记录“${orig.code}”的返工工单“${rework.code}”已开工，不能撤销`);
  if (rework && rework.status === 0) await workOrderActions.act(tx, 'system', 'cancel', { id: rework.id });

  await tx
    .update(produceTasks)
    .set({
      goodQuantity: sql`${produceTasks.goodQuantity} - ${orig.goodQuantity}`,
      defectQuantity: sql`${produceTasks.defectQuantity} - ${orig.defectQuantity}`,
      repairQuantity: sql`${produceTasks.repairQuantity} - ${orig.repairQuantity}`,
      version: sql`${produceTasks.version} + 1`,
      updatedAt: nowOf(tx),
    })
    .where(eq(produceTasks.id, task.id));
  await passOn(tx, wo.id, task.seq, `-${orig.goodQuantity}`);

  const [code] = await takeCodes(tx, 'reportWork');
  const neg = (v: string | null) => (v === null ? null : `-${v}`);
  const [row] = await tx
    .insert(r)
    .values({
      code,
      taskId: orig.taskId,
      workOrderId: orig.workOrderId,
      procedureId: orig.procedureId,
      stationId: orig.stationId,
      frequencyId: orig.frequencyId,
      // on the original's shift day, so what it paid nets out within the same period
      shiftDate: orig.shiftDate,
      goodQuantity: neg(orig.goodQuantity) as string,
      defectQuantity: neg(orig.defectQuantity) as string,
      repairQuantity: neg(orig.repairQuantity) as string,
      startTime: orig.startTime,
      endTime: orig.endTime,
      workHours: neg(orig.workHours),
      reversalOf: orig.id,
      mouldId: orig.mouldId,
      remark: reason?.trim() || null,
      createdBy: session.userId,
      createdAt: nowOf(tx),
    })
    .returning({ id: r.id });
  const shares = await tx.select().from(reportWorkUsers).where(eq(reportWorkUsers.reportId, orig.id));
  if (shares.length)
    await tx
      .insert(reportWorkUsers)
      .values(shares.map((s) => ({ reportId: row.id, userId: s.userId, share: s.share })));
  const defects = await tx.select().from(reportWorkDefects).where(eq(reportWorkDefects.reportId, orig.id));
  if (defects.length)
    await tx.insert(reportWorkDefects).values(
      defects.map((d) => ({
        reportId: row.id,
        scrapReasonId: d.scrapReasonId,
        quantity: `-${d.quantity}`,
      })),
    );
  await tx
    .update(r)
    .set({ reversedAt: nowOf(tx) })
    .where(eq(r.id, orig.id));
  await settleTasks(tx, wo.id);
  await reportHooks.tell(tx, 'reversed', {
    reportId: row.id,
    code,
    workOrderId: wo.id,
    taskId: task.id,
    userId: session.userId,
    reversalOf: { id: orig.id, code: orig.code },
  });
  return { id: row.id, code };
}

const reportList = listCalls(reportRecords);

/** Report work: the report and its reversal, the records list and a work order's records. */
export const reportRoutes: RouteDef[] = [
  ...reportList.routes,
  ...detailCalls(reportRecords).routes,
  ...exportCalls(reportRecords).routes,
  handle(workOrderApi.report, { handler: ({ tx, session, body }) => report(tx, session, body) }),
  handle(workOrderApi.reverse, {
    handler: ({ tx, session, body }) => reverse(tx, session, body.id, body.reason),
  }),
  handle(workOrderApi.workOrderReports, {
    handler: ({ tx, query }) =>
      tx
        .select(reportRecords.rowColumns)
        .from(r)
        .where(eq(r.workOrderId, query.workOrderId))
        .orderBy(asc(r.createdAt), asc(r.id)),
  }),
];
