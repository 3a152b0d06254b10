import { formatFactoryDate, formatFactoryTime } from '@factory/shared/factoryTime';
import { and, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import { eachTenant } from '../../platform/eachTenant.ts';
import { emitEvent } from '../../platform/events/bus.ts';
import type { Services } from '../../platform/services.ts';
import { frequencies } from '../setting/index.ts';
import { CATCH_UP_DAYS, slotsOf } from './planSlots.ts';
import { equipment } from './schema.ts';
import { checkPlans, checkTasks } from './taskSchema.ts';
import { checkItemsById } from './tasks.ts';

/** The task sweep: every minute, once across the nodes (generation, then overdue notices). */
export const CHECK_TASKS_JOB = 'equipment-check-tasks';
export const CHECK_TASKS_CRON = '* * * * *';

const DAY = 86_400_000;
/** Rows per insert: its three arrays stay small messages. */
const CHUNK = 5_000;

/**
 * Makes the tasks of every enabled plan whose slots have started by `now` and are not made yet
 * (docs/equipment-tasks.md): one per (plan, equipment, slot), which the unique index and `on
 * conflict do nothing` keep to exactly one however many generators run at once; each plan then
 * remembers its latest slot so the next run starts after it. A plan that skips stopped equipment
 * gets its task skipped (0) with why. Answers how many tasks were made and how many of them skipped.
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
        or(isNull(checkPlans.generatedUntil), lt(checkPlans.generatedUntil, now)),
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
  const itemsOf = new Map(plans.map((p) => [p.id, p.itemIds.flatMap((i) => byId.get(i) ?? [])]));
  const rows = {
    plans: [] as number[],
    equipment: [] as number[],
    slots: [] as string[],
    counts: [] as number[],
  };
  const marks = { plans: [] as number[], until: [] as string[] };
  for (const plan of plans) {
    const slots = slotsOf(plan, shiftStarts, plan.generatedUntil, now);
    if (!slots.length) continue;
    for (const slot of slots)
      for (const equipmentId of plan.equipmentIds) {
        rows.plans.push(plan.id);
        rows.equipment.push(equipmentId);
        rows.slots.push(slot.toISOString());
        rows.counts.push(itemsOf.get(plan.id)?.length ?? 0);
      }
    marks.plans.push(plan.id);
    marks.until.push(slots[slots.length - 1].toISOString());
  }
  let created = 0;
  let skipped = 0;
  for (let i = 0; i < rows.plans.length; i += CHUNK) {
    const made = await tx.execute(sql`
      insert into ${checkTasks} (kind, plan_id, equipment_id, slot_start, due_time, assignee_ids, status, reason,
        item_ids, item_count, created_at, updated_at)
      select p.kind, p.id, e.id, s.slot, s.slot + make_interval(hours => p.window_hours),
        case when cardinality(p.assignee_ids) > 0 then p.assignee_ids
          else coalesce((select array_agg(ue.user_id order by ue.user_id) from user_equipment ue
            where ue.equipment_id = e.id), '{}') end,
        case when p.skip_when_idle and (not e.enabled or e.run_type = 1) then 0 else 1 end,
        case when p.skip_when_idle and not e.enabled then '设备已停用，自动跳过'
          when p.skip_when_idle and e.run_type = 1 then '设备故障维修中，自动跳过' end,
        p.item_ids, s.item_count,
        ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from unnest(${sql.param(rows.plans.slice(i, i + CHUNK))}::int[],
        ${sql.param(rows.equipment.slice(i, i + CHUNK))}::int[],
        ${sql.param(rows.slots.slice(i, i + CHUNK))}::timestamptz[],
        ${sql.param(rows.counts.slice(i, i + CHUNK))}::int[]) s(plan_id, equipment_id, slot, item_count)
      join ${checkPlans} p on p.id = s.plan_id
      join ${equipment} e on e.id = s.equipment_id
      on conflict (tenant_id, plan_id, equipment_id, slot_start) do nothing
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
