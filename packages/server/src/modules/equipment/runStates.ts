import {
  deviceParametersApi,
  type StateIngestResult,
  type StateInput,
  type StateTimeline,
  TREND_RANGE_MAX_MS,
} from '@factory/shared/api/deviceParameters';
import { and, asc, desc, eq, gt, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit.ts';
import { nowOf } from '../../platform/clock.ts';
import { qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { handle } from '../../platform/route.ts';
import { equipmentRunStates, equipmentStateChanges } from './readingSchema.ts';
import { equipment } from './registerSchema.ts';

/** Machine state 1: the state whose time the run-hour counter adds up. */
const RUNNING = 1;

/**
 * A machine's run hours at `now`, in SQL over its run-state row `rs`: the counted seconds plus the
 * time since the last report while it is still running.
 */
export const runHoursAt = (now: SQL | Date) =>
  sql`((rs.run_seconds + case when rs.machine_state = ${RUNNING}
    then greatest(0, extract(epoch from (${now instanceof Date ? sql`${now.toISOString()}::timestamptz` : now} - rs.state_since)))
    else 0 end) / 3600.0)`;

/** The register's columns 机台状态 and 累计运行(小时) (docs/equipment-readings.md "Machine state"). */
export const runStateColumns = {
  machineState: sql<number | null>`(select rs.machine_state from ${equipmentRunStates} rs
    where rs.equipment_id = ${qualified(equipment.id)})`,
  runHours: sql<number | null>`(select round(${runHoursAt(sql`now()`)}::numeric, 1)::float8
    from ${equipmentRunStates} rs where rs.equipment_id = ${qualified(equipment.id)})`,
};

interface Change {
  e: number;
  t: number;
  s: number;
}

/**
 * Stores machine state reports of the tenant whose transaction `tx` is (the HTTP batch and the
 * MQTT `…/state` feed): per machine in time order, a report in a new state closes the time in the
 * old one — running time is added to the run-hour counter — and is kept on the machine's timeline;
 * a report repeating the current state, or older than the latest one known, moves nothing (an older
 * one is still kept on the timeline). A report without a time counts at `now`.
 */
export async function ingestStates(
  tx: Tx,
  reports: readonly StateInput[],
  now: Date = nowOf(tx),
): Promise<StateIngestResult> {
  const codes = [...new Set(reports.map((r) => r.equipmentCode))];
  const machines = codes.length
    ? await tx
        .select({ id: equipment.id, code: equipment.code })
        .from(equipment)
        .where(inArray(equipment.code, codes))
    : [];
  const idOf = new Map(machines.map((m) => [m.code, m.id]));
  const byMachine = new Map<number, Change[]>();
  let dropped = 0;
  for (const r of reports) {
    const e = idOf.get(r.equipmentCode);
    if (e === undefined) {
      dropped++;
      continue;
    }
    const list = byMachine.get(e) ?? [];
    list.push({ e, t: r.ts ?? now.getTime(), s: r.state });
    byMachine.set(e, list);
  }
  if (!byMachine.size) return { changed: 0, repeated: 0, dropped };
  const known = await tx
    .select()
    .from(equipmentRunStates)
    .where(inArray(equipmentRunStates.equipmentId, [...byMachine.keys()]))
    .orderBy(asc(equipmentRunStates.equipmentId))
    .for('update');
  const stateOf = new Map(known.map((k) => [k.equipmentId, k]));
  const next: (typeof equipmentRunStates.$inferInsert)[] = [];
  const timeline: Change[] = [];
  for (const [e, list] of byMachine) {
    const k = stateOf.get(e);
    let state = k?.machineState ?? null;
    let since = k ? k.stateSince.getTime() : Number.NEGATIVE_INFINITY;
    let seconds = k?.runSeconds ?? 0;
    let moved = false;
    for (const c of list.sort((a, b) => a.t - b.t)) {
      if (c.t < since) {
        timeline.push(c);
        continue;
      }
      if (c.s === state) continue;
      if (state === RUNNING) seconds += (c.t - since) / 1000;
      state = c.s;
      since = c.t;
      moved = true;
      timeline.push(c);
    }
    if (moved)
      next.push({ equipmentId: e, machineState: state, stateSince: new Date(since), runSeconds: seconds });
  }
  if (next.length)
    await tx
      .insert(equipmentRunStates)
      .values(next)
      .onConflictDoUpdate({
        target: [equipmentRunStates.tenantId, equipmentRunStates.equipmentId],
        set: {
          machineState: sql`excluded.machine_state`,
          stateSince: sql`excluded.state_since`,
          runSeconds: sql`excluded.run_seconds`,
        },
      });
  const kept = timeline.length
    ? await tx
        .insert(equipmentStateChanges)
        .values(timeline.map((c) => ({ equipmentId: c.e, ts: new Date(c.t), machineState: c.s })))
        .onConflictDoNothing()
        .returning({ e: equipmentStateChanges.equipmentId })
    : [];
  const total = reports.length - dropped;
  return { changed: kept.length, repeated: total - kept.length, dropped };
}

/**
 * 录入运行小时: the counter set from the machine's hour meter as read now; time running from now on
 * is added to it as before. Answers the hours set.
 */
export async function setRunHours(
  tx: Tx,
  actorId: number | null,
  equipmentId: number,
  runHours: number,
  now: Date = nowOf(tx),
): Promise<number> {
  const [machine] = await tx
    .select({ id: equipment.id })
    .from(equipment)
    .where(eq(equipment.id, equipmentId));
  if (!machine) throw notFound('设备');
  const [before] = await tx
    .select({ hours: sql<number>`${runHoursAt(now)}::float8` })
    .from(sql`${equipmentRunStates} rs`)
    .where(sql`rs.equipment_id = ${equipmentId}`)
    .for('update');
  await tx
    .insert(equipmentRunStates)
    .values({ equipmentId, machineState: null, stateSince: now, runSeconds: runHours * 3600 })
    .onConflictDoUpdate({
      target: [equipmentRunStates.tenantId, equipmentRunStates.equipmentId],
      // the state stays what the feed said; its running time is counted from now on
      set: { stateSince: now, runSeconds: runHours * 3600 },
    });
  await audit(tx, actorId, 'equipment', equipmentId, 'setRunHours', {
    from: before ? Math.round(Number(before.hours) * 10) / 10 : null,
    to: runHours,
  });
  return runHours;
}

/** The machine's states over a range: the one it was in at the start, the changes, the hours run. */
export async function stateTimeline(
  tx: Tx,
  query: { equipmentId: number; startTime: number; endTime: number },
  now: Date = nowOf(tx),
): Promise<StateTimeline> {
  const { equipmentId, startTime } = query;
  if (query.endTime <= startTime) throw fieldError('endTime', '结束时间应晚于开始时间');
  if (query.endTime - startTime > TREND_RANGE_MAX_MS) throw fieldError('endTime', '时间段不能超过 400 天');
  const [machine] = await tx
    .select({ id: equipment.id })
    .from(equipment)
    .where(eq(equipment.id, equipmentId));
  if (!machine) throw notFound('设备');
  const endTime = Math.min(query.endTime, now.getTime());
  const of = eq(equipmentStateChanges.equipmentId, equipmentId);
  const [before] = await tx
    .select({ s: equipmentStateChanges.machineState })
    .from(equipmentStateChanges)
    .where(and(of, lte(equipmentStateChanges.ts, new Date(startTime))))
    .orderBy(desc(equipmentStateChanges.ts))
    .limit(1);
  const rows = await tx
    .select({ ts: equipmentStateChanges.ts, s: equipmentStateChanges.machineState })
    .from(equipmentStateChanges)
    .where(
      and(
        of,
        gt(equipmentStateChanges.ts, new Date(startTime)),
        lt(equipmentStateChanges.ts, new Date(endTime)),
      ),
    )
    .orderBy(asc(equipmentStateChanges.ts));
  const changes = rows.map((r) => [r.ts.getTime(), r.s] as [number, number]);
  let state = before?.s ?? null;
  let at = startTime;
  let ms = 0;
  for (const [t, s] of [...changes, [endTime, -1] as [number, number]]) {
    if (state === RUNNING) ms += Math.max(0, t - at);
    state = s;
    at = t;
  }
  return { initial: before?.s ?? null, changes, runHours: Math.round((ms / 3_600_000) * 100) / 100 };
}

/** The machine state calls (docs/equipment-readings.md "Machine state"). */
export const runStateRoutes = [
  handle(deviceParametersApi.ingestStates, {
    handler: ({ tx, body }) => ingestStates(tx, body),
  }),
  handle(deviceParametersApi.setRunHours, {
    handler: ({ tx, session, body }) => setRunHours(tx, session.userId, body.equipmentId, body.runHours),
  }),
  handle(deviceParametersApi.stateTimeline, {
    handler: ({ tx, query }) => stateTimeline(tx, query),
  }),
];
