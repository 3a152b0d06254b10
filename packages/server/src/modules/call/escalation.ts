import { callMachine } from '@factory/shared/machines/call';
import { and, asc, eq, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import { eachTenant } from '../../platform/eachTenant.ts';
import { emitEvent } from '../../platform/events/bus.ts';
import { writeTrail } from '../../platform/machine.ts';
import type { Services } from '../../platform/services.ts';
import { stations } from '../information/index.ts';
import type { Notices } from './calls.ts';
import { levelUsersOf } from './callTypes.ts';
import { calls, callTypes } from './schema.ts';

/** The escalation sweep: every minute, once across the nodes. */
export const CALL_ESCALATION_JOB = 'call-escalation';
export const CALL_ESCALATION_CRON = '* * * * *';

const MINUTE = 60_000;
/** Calls per run: a backlog after a long stop is worked off over the next minutes. */
const BATCH = 500;

/** The names a level calls, for the trail: its users, then its groups (用户组 named as such). */
async function levelNames(tx: Tx, userIds: number[], groupIds: number[]): Promise<string> {
  const res = await tx.execute(sql`
    select coalesce(string_agg(x.name, '、' order by x.k, x.name, x.id), '') names from (
      select 0 k, u.name, u.id from users u where u.id = any(${sql.param(userIds)}::int[])
      union all
      select 1, g.name, g.id from user_group g where g.id = any(${sql.param(groupIds)}::int[])
    ) x`);
  return String((res as unknown as { rows: { names: string }[] }).rows[0]?.names ?? '');
}

/**
 * Escalates the calls nobody has responded to (docs/call.md): each call still 呼叫中 whose type has
 * a level it has not reached and whose time (the call's moment + the level's minutes) has come.
 * When several have come at once (the server was stopped), only the highest is called, once. The
 * level is taken by a conditional update (`escalated_level` still as read), so of two sweeps at
 * the same time only one writes the trail and tells the level's people; a response committed first
 * keeps the call from escalating at all. The call's version is left alone: whoever has it open may
 * still respond. Answers how many calls escalated.
 */
export async function escalateCalls(tx: Tx, notices: Notices, now: Date = nowOf(tx)): Promise<number> {
  const at = now.toISOString();
  const due = await tx
    .select({
      id: calls.id,
      code: calls.code,
      calledAt: calls.calledAt,
      seen: calls.escalatedLevel,
      levels: callTypes.escalation,
      typeName: callTypes.name,
      stationName: stations.name,
    })
    .from(calls)
    .innerJoin(callTypes, eq(callTypes.id, calls.typeId))
    .innerJoin(stations, eq(stations.id, calls.stationId))
    .where(
      and(
        eq(calls.status, 0),
        sql`jsonb_array_length(${callTypes.escalation}) > ${calls.escalatedLevel}`,
        sql`${calls.calledAt} + make_interval(mins => (${callTypes.escalation} -> ${calls.escalatedLevel}::int ->> 'afterMinutes')::int)
          <= ${at}::timestamptz`,
      ),
    )
    .orderBy(asc(calls.calledAt))
    .limit(BATCH);
  let escalated = 0;
  for (const c of due) {
    const waited = now.getTime() - c.calledAt.getTime();
    // the levels rise, so those whose time has come are the first ones
    const level = c.levels.filter((l) => l.afterMinutes * MINUTE <= waited).length;
    if (level <= c.seen) continue;
    const [won] = await tx
      .update(calls)
      .set({ escalatedLevel: level, escalatedAt: now, updatedAt: now })
      .where(and(eq(calls.id, c.id), eq(calls.status, 0), eq(calls.escalatedLevel, c.seen)))
      .returning({ id: calls.id });
    if (!won) continue;
    escalated++;
    const { userIds, groupIds } = c.levels[level - 1];
    const minutes = Math.floor(waited / MINUTE);
    await writeTrail(tx, null, callMachine.name, c.id, 'escalate', {
      reason: `已等待${minutes}分钟未响应，升级至第${level}级：${(await levelNames(tx, userIds, groupIds)) || '（接收人已删除）'}`,
    });
    if (notices)
      await emitEvent(notices, 'call.escalated', {
        callId: c.id,
        code: c.code,
        typeName: c.typeName,
        stationName: c.stationName,
        level,
        waitedMinutes: minutes,
        recipientIds: await levelUsersOf(tx, c.levels[level - 1]),
      });
  }
  return escalated;
}

/** The sweep over every enabled tenant, as the system (系统) telling each level's people. */
export const sweepEscalations = (services: Pick<Services, 'db' | 'events'>) =>
  eachTenant(services, async (tx, tenantId, afterCommit) => {
    await escalateCalls(tx, {
      tx,
      session: { tenantId, userId: null, name: '系统' },
      services,
      afterCommit,
    });
  });
