import { formatFactoryDate, formatFactoryTime } from '@factory/shared/factoryTime';
import { and, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import { eachTenant } from '../../platform/eachTenant.ts';
import { emitEvent } from '../../platform/events/bus.ts';
import type { Services } from '../../platform/services.ts';
import { frequencies } from '../setting/index.ts';
import { CATCH_UP_DAYS, slotsOf } from './planSlots.ts';
import { equipmentRunStates } from './readingSchema.ts';
import { runHoursAt } from './runStates.ts';
import { equipment } from './schema.ts';
import { checkPlanMeters, checkPlans, checkTasks } from './taskSchema.ts';
import { checkItemsById } from './tasks.ts';

/** The task sweep: every minute, once across the nodes (generation, then overdue notices). */
export const CHECK_TASKS_JOB = 'equipment-check-tasks';
export const CHECK_TASKS_CRON = '* * * * *';

const DAY = 86_400_000;
/** Rows per insert: its three arrays stay small messages. */
const CHUNK = 5_000;

/** checkFrequency 5: a task each time the machine has run `intervalHours` more hours. */
const RUN_HOURS = 5;

/** Tasks to insert, as parallel arrays (one insert statement per CHUNK). */
interface TaskRows {
  plans: number[];
  equipment: number[];
  slots: string[];
  counts: number[];
  /** The run-hour counter reading a run-hour plan's task is due at; null for the others. */
  meters: (number | null)[];
}

/**
 * Makes the tasks of every enabled plan that are due by `now` and not made yet
 * (docs/equipment-tasks.md). A calendar plan makes one per (plan, equipment, slot) for the slots
 * started since its latest one; a run-hour plan one per (plan, equipment, counter reading) when the
 * machine's run-hour counter has passed the next multiple of its interval. The unique indexes and
 * `on conflict do nothing` keep each to exactly one however many generators run at once. A plan
 * that skips stopped equipment gets its task skipped (0) with why. Answers how many tasks were made
 * and how many of them skipped.
 */
export async function generateTasks(
  tx: Tx,
  now: Date = nowOf(tx),
): Promise<{ created: number; skipped: number }> {
  const plans = await tx
    .select({
      id: checkPlans.id,
      frequency: checkPlans.frequency,
      intervalDays: checkPlans.intervalDays,
      slotTime: checkPlans.slotTime,
      startDate: checkPlans.startDate,
      endDate: checkPlans.endDate,
      generatedUntil: checkPlans.generatedUntil,
      equipmentIds: checkPlans.equipmentIds,
      itemIds: checkPlans.itemIds,
    })
    .from(checkPlans)
    .where(
      and(
        eq(checkPlans.enabled, true),
        lte(checkPlans.startDate, formatFactoryDate(now)),
        or(
          isNull(checkPlans.endDate),
          gte(checkPlans.endDate, formatFactoryDate(new Date(now.getTime() - CATCH_UP_DAYS * DAY))),
        ),
        or(
          eq(checkPlans.frequency, RUN_HOURS),
          isNull(checkPlans.generatedUntil),
          lt(checkPlans.generatedUntil, now),
        ),
      ),
    );
  if (!plans.length) return { created: 0, skipped: 0 };
  const shiftStarts = plans.some((p) => p.frequency === 0)
    ? (
        await tx
          .select({ startTime: frequencies.startTime })
          .from(frequencies)
          .where(eq(frequencies.enabled, true))
      ).map((s) => s.startTime)
    : [];
  const byId = await checkItemsById(
    tx,
    plans.flatMap((p) => p.itemIds),
  );
  const countOf = new Map(plans.map((p) => [p.id, p.itemIds.filter((i) => byId.has(i)).length]));
  const rows: TaskRows = { plans: [], equipment: [], slots: [], counts: [], meters: [] };
  const marks = { plans: [] as number[], until: [] as string[] };
  for (const plan of plans) {
    if (plan.frequency === RUN_HOURS) continue;
    const slots = slotsOf(plan, shiftStarts, plan.generatedUntil, now);
    if (!slots.length) continue;
    for (const slot of slots)
      for (const equipmentId of plan.equipmentIds) {
        rows.plans.push(plan.id);
        rows.equipment.push(equipmentId);
        rows.slots.push(slot.toISOString());
        rows.counts.push(countOf.get(plan.id) ?? 0);
        rows.meters.push(null);
      }
    marks.plans.push(plan.id);
    marks.until.push(slots[slots.length - 1].toISOString());
  }
  const meterPlans = plans.filter(
    (p) => p.frequency === RUN_HOURS && formatFactoryDate(now) <= (p.endDate ?? '9999'),
  );
  if (meterPlans.length) {
    const due = await runHourSlots(
      tx,
      meterPlans.map((p) => p.id),
      now,
    );
    for (const d of due) {
      rows.plans.push(d.planId);
      rows.equipment.push(d.equipmentId);
      rows.slots.push(now.toISOString());
      rows.counts.push(countOf.get(d.planId) ?? 0);
      rows.meters.push(d.meterHours);
    }
    if (due.length)
      for (const id of new Set(due.map((d) => d.planId))) {
        marks.plans.push(id);
        marks.until.push(now.toISOString());
      }
  }
  let created = 0;
  let skipped = 0;
  for (let i = 0; i < rows.plans.length; i += CHUNK) {
    const part = (list: unknown[]) => sql.param(list.slice(i, i + CHUNK));
    const made = await tx.execute(sql`
      insert into ${checkTasks} (kind, plan_id, equipment_id, slot_start, due_time, meter_hours, assignee_ids,
        status, reason, item_ids, item_count, created_at, updated_at)
      select p.kind, p.id, e.id, s.slot, s.slot + make_interval(hours => p.window_hours), s.meter,
        case when cardinality(p.assignee_ids) > 0 then p.assignee_ids
          else coalesce((select array_agg(ue.user_id order by ue.user_id) from user_equipment ue
            where ue.equipment_id = e.id), '{}') end,
        case when p.skip_when_idle and (not e.enabled or e.run_type = 1) then 0 else 1 end,
        case when p.skip_when_idle and not e.enabled then '设备已停用，自动跳过'
          when p.skip_when_idle and e.run_type = 1 then '设备故障维修中，自动跳过' end,
        p.item_ids, s.item_count,
        ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from unnest(${part(rows.plans)}::int[], ${part(rows.equipment)}::int[], ${part(rows.slots)}::timestamptz[],
        ${part(rows.counts)}::int[], ${part(rows.meters)}::int[]) s(plan_id, equipment_id, slot, item_count, meter)
      join ${checkPlans} p on p.id = s.plan_id
      join ${equipment} e on e.id = s.equipment_id
      on conflict do nothing
      returning id, status`);
    const ids = (made as unknown as { rows: { id: number; status: number }[] }).rows;
    created += ids.length;
    skipped += ids.filter((r) => Number(r.status) === 0).length;
  }
  if (marks.plans.length)
    await tx.execute(sql`
      update ${checkPlans} p set generated_until = greatest(p.generated_until, v.until)
      from unnest(${sql.param(marks.plans)}::int[], ${sql.param(marks.until)}::timestamptz[]) v(id, until)
      where p.id = v.id`);
  return { created, skipped };
}

/**
 * The run-hour plans' tasks due at `now`: per plan and machine, when the counter has reached the
 * next due reading, one task at the highest multiple of the interval passed (a counter that jumped
 * over several makes one, not a burst). A machine the plan sees for the first time gets its next due
 * reading (the next multiple above its counter) and no task. The next due readings move on here;
 * two generators at once compute the same reading, so the task's unique index keeps one.
 */
async function runHourSlots(
  tx: Tx,
  planIds: readonly number[],
  now: Date,
): Promise<{ planId: number; equipmentId: number; meterHours: number }[]> {
  const result = await tx.execute(sql`
    select p.id as plan_id, x.id as equipment_id, p.interval_hours as iv, m.next_hours,
      coalesce((select ${runHoursAt(now)} from ${equipmentRunStates} rs where rs.equipment_id = x.id), 0)::float8 as hours
    from ${checkPlans} p
    cross join lateral unnest(p.equipment_ids) as x(id)
    left join ${checkPlanMeters} m on m.plan_id = p.id and m.equipment_id = x.id
    where p.id = any(${sql.param(planIds)}::int[]) and p.interval_hours > 0`);
  const due: { planId: number; equipmentId: number; meterHours: number }[] = [];
  const meters = { plans: [] as number[], equipment: [] as number[], next: [] as number[] };
  for (const r of (result as unknown as { rows: Record<string, unknown>[] }).rows) {
    const iv = Number(r.iv);
    const reached = Math.floor(Number(r.hours) / iv) * iv;
    const next = r.next_hours === null ? null : Number(r.next_hours);
    if (next !== null && reached < next) continue;
    if (next !== null)
      due.push({ planId: Number(r.plan_id), equipmentId: Number(r.equipment_id), meterHours: reached });
    meters.plans.push(Number(r.plan_id));
    meters.equipment.push(Number(r.equipment_id));
    meters.next.push(reached + iv);
  }
  if (meters.plans.length)
    await tx.execute(sql`
      insert into ${checkPlanMeters} (plan_id, equipment_id, next_hours)
      select * from unnest(${sql.param(meters.plans)}::int[], ${sql.param(meters.equipment)}::int[],
        ${sql.param(meters.next)}::int[])
      on conflict (tenant_id, plan_id, equipment_id) do update
        set next_hours = greatest(${checkPlanMeters}.next_hours, excluded.next_hours)`);
  return due;
}

/**
 * Tells the assignees of each task past its due time and not done, once (DOMAIN: undone past due
 * is delayed). Answers how many were told.
 */
export async function noticeOverdue(
  tx: Tx,
  tenantId: number,
  services: Pick<Services, 'events'>,
  afterCommit: (fn: () => void | Promise<void>) => void,
  now: Date = nowOf(tx),
): Promise<number> {
  const due = await tx
    .select({
      id: checkTasks.id,
      code: checkTasks.code,
      kind: checkTasks.kind,
      dueTime: checkTasks.dueTime,
      assigneeIds: checkTasks.assigneeIds,
      equipmentName: equipment.name,
    })
    .from(checkTasks)
    .innerJoin(equipment, eq(equipment.id, checkTasks.equipmentId))
    .where(
      and(
        inArray(checkTasks.status, [1, 2]),
        isNull(checkTasks.overdueNotifiedAt),
        lt(checkTasks.dueTime, now),
      ),
    )
    .orderBy(checkTasks.dueTime)
    .limit(500)
    .for('update', { of: checkTasks, skipLocked: true });
  if (!due.length) return 0;
  const ctx = { tx, session: { tenantId, userId: null, name: '系统' }, services, afterCommit };
  for (const t of due)
    await emitEvent(ctx, 'checkTask.overdue', {
      taskId: t.id,
      code: t.code,
      kind: t.kind,
      equipmentName: t.equipmentName,
      dueTime: formatFactoryTime(t.dueTime).slice(0, 16),
      assigneeIds: t.assigneeIds,
    });
  await tx
    .update(checkTasks)
    .set({ overdueNotifiedAt: now })
    .where(
      inArray(
        checkTasks.id,
        due.map((t) => t.id),
      ),
    );
  return due.length;
}

/** The sweep over every enabled tenant: its tasks made, then its overdue ones told. */
export const sweepCheckTasks = (services: Pick<Services, 'db' | 'events'>) =>
  eachTenant(services, async (tx, tenantId, afterCommit) => {
    await generateTasks(tx);
    await noticeOverdue(tx, tenantId, services, afterCommit);
  });

/** Schedules the sweep (the module's start). */
export const scheduleCheckTasks = (services: Services) =>
  services.jobs.schedule(CHECK_TASKS_JOB, CHECK_TASKS_CRON, () => sweepCheckTasks(services));
