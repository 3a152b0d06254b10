import { callTypeEntity, type EscalationLevel, escalationProblem } from '@factory/shared/entities/call';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { userGroups, users } from '../setting/index.ts';
import { calls, callTypes } from './schema.ts';

/** Names of the ids of one of the type's arrays, in name order, joined with 、. */
const namesOf = (table: string, column: PgColumn): SQL<string> =>
  sql<string>`coalesce((select string_agg(x.name, '、' order by x.name, x.id) from ${sql.identifier(table)} x where x.id = any(${qualified(column)})), '')`;

/** The ids that still exist, in the names' order (deleted users and groups drop out of the form). */
const idsOf = (table: string, column: PgColumn): SQL<number[]> =>
  sql<
    number[]
  >`coalesce((select array_agg(x.id order by x.name, x.id) from ${sql.identifier(table)} x where x.id = any(${qualified(column)})), '{}')`;

async function checkIds(
  tx: Tx,
  table: typeof users | typeof userGroups,
  ids: number[],
  field: string,
  message: string,
) {
  if (!ids.length) return;
  const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  if (found.length !== new Set(ids).size) throw fieldError(field, message);
}

const RECEIVERS = ['receiverUserIds', 'receiverGroupIds'] as const;

/** The ids of a level's array that still exist, or their names, in the names' order (as jsonb). */
const levelRefs = (table: string, key: string, pick: 'id' | 'name') =>
  sql.raw(`coalesce((select jsonb_agg(x.${pick} order by x.name, x.id) from ${table} x
    where x.id in (select jsonb_array_elements_text(l->'${key}')::int)), '[]'::jsonb)`);

/** The type's levels for its form: each level's users and groups that still exist, with their names. */
const escalationSql = sql<
  (EscalationLevel & { userNames: string[]; groupNames: string[] })[]
>`coalesce((select jsonb_agg(jsonb_build_object(
    'afterMinutes', (l->>'afterMinutes')::int,
    'userIds', ${levelRefs('users', 'userIds', 'id')},
    'userNames', ${levelRefs('users', 'userIds', 'name')},
    'groupIds', ${levelRefs('user_group', 'groupIds', 'id')},
    'groupNames', ${levelRefs('user_group', 'groupIds', 'name')}) order by e.n)
  from jsonb_array_elements(${qualified(callTypes.escalation)}) with ordinality e(l, n)), '[]'::jsonb)`;

/** The list's summary of the levels: 15分钟→韩雪；30分钟→生产管理组 (users first, then groups). */
const escalationTextSql = sql<string>`coalesce((select string_agg((l->>'afterMinutes') || '分钟→' || coalesce((
    select string_agg(x.name, '、' order by x.k, x.name, x.id) from (
      select 0 k, u.name, u.id from users u where u.id in (select jsonb_array_elements_text(l->'userIds')::int)
      union all
      select 1, g.name, g.id from user_group g where g.id in (select jsonb_array_elements_text(l->'groupIds')::int)
    ) x), ''), '；' order by e.n)
  from jsonb_array_elements(${qualified(callTypes.escalation)}) with ordinality e(l, n)), '')`;

/**
 * A type's levels checked (docs/call.md): the shared rules against the type's target response time
 * (the stored one when an edit leaves it alone), then that their users and groups exist.
 */
async function checkEscalation(tx: Tx, id: number | null, levels: unknown, responseMinutes: unknown) {
  const given = levels as Partial<EscalationLevel>[] | undefined;
  if (given === undefined && responseMinutes === undefined) return;
  const [stored] =
    id === null
      ? []
      : await tx
          .select({ escalation: callTypes.escalation, responseMinutes: callTypes.responseMinutes })
          .from(callTypes)
          .where(eq(callTypes.id, id));
  const all = given ?? stored?.escalation ?? [];
  const target = (responseMinutes as number | undefined) ?? stored?.responseMinutes;
  const problem = escalationProblem(all, target);
  if (problem) throw fieldError('escalation', problem);
  if (!given) return;
  for (const [i, l] of given.entries()) {
    await checkIds(tx, users, l.userIds ?? [], 'escalation', `第${i + 1}级所选升级接收人不存在或已被删除`);
    await checkIds(tx, userGroups, l.groupIds ?? [], 'escalation', `第${i + 1}级所选用户组不存在或已被删除`);
  }
}

/**
 * 呼叫类型: the declared calls. A type calls at least one user or user group (a call nobody hears
 * is a mistake); a type with calls is kept (停用 instead of deleting).
 */
export const callType = crud({
  entity: callTypeEntity,
  table: callTypes,
  columns: {
    receiverUserIds: idsOf('users', callTypes.receiverUserIds),
    receiverGroupIds: idsOf('user_group', callTypes.receiverGroupIds),
    receiverUserNames: namesOf('users', callTypes.receiverUserIds),
    receiverGroupNames: namesOf('user_group', callTypes.receiverGroupIds),
    escalation: escalationSql,
    escalationText: escalationTextSql,
  },
  usedBy: [{ column: calls.typeId, label: '呼叫' }],
  hooks: {
    async validate(tx, values, id, body) {
      const list = (k: string) => (body[k] as number[] | undefined) ?? [];
      await checkIds(tx, users, list('receiverUserIds'), 'receiverUserIds', '所选接收人不存在或已被删除');
      await checkIds(
        tx,
        userGroups,
        list('receiverGroupIds'),
        'receiverGroupIds',
        '所选接收用户组不存在或已被删除',
      );
      const decided = id === null || RECEIVERS.every((k) => body[k] !== undefined);
      if (decided && RECEIVERS.every((k) => !list(k).length))
        throw fieldError('receiverUserIds', '请至少选择一个接收人或接收用户组');
      await checkEscalation(tx, id, body.escalation, values.responseMinutes);
    },
    async saved(tx, id, body) {
      const set: Partial<Record<(typeof RECEIVERS)[number], number[]>> = {};
      for (const k of RECEIVERS) {
        const v = body[k] as number[] | undefined;
        if (v) set[k] = [...new Set(v)];
      }
      const levels = body.escalation as Partial<EscalationLevel>[] | undefined;
      const escalation = levels?.map((l) => ({
        afterMinutes: Number(l.afterMinutes),
        userIds: [...new Set(l.userIds ?? [])],
        groupIds: [...new Set(l.groupIds ?? [])],
      }));
      if (Object.keys(set).length || escalation)
        await tx
          .update(callTypes)
          .set({ ...set, ...(escalation ? { escalation } : {}) })
          .where(eq(callTypes.id, id));
    },
  },
});

/**
 * The enabled users a type calls: its users and its groups' members, each once (the SQL form, for
 * a call's row, takes the type's id column).
 */
export const receiversSql = (typeId: SQL | PgColumn): SQL<number[]> => sql<number[]>`coalesce((
  select array_agg(u.id order by u.id) from users u
  where u.enabled and exists (
    select 1 from call_type t where t.id = ${typeId} and (
      u.id = any(t.receiver_user_ids)
      or exists (select 1 from user_group_member m where m.user_id = u.id and m.group_id = any(t.receiver_group_ids))
    ))), '{}')`;

/** Whether user `u` is one a level `l` (a jsonb element of a type's escalation) calls. */
const inLevel = sql.raw(`(u.id in (select jsonb_array_elements_text(l->'userIds')::int)
  or exists (select 1 from user_group_member m where m.user_id = u.id
    and m.group_id in (select jsonb_array_elements_text(l->'groupIds')::int)))`);

/**
 * The enabled users a call has reached (the SQL form takes the call's id column): its type's
 * receivers and the people of every escalation level up to the one it has escalated to. They may
 * respond and close as receivers do.
 */
export const reachedSql = (callId: SQL | PgColumn): SQL<number[]> => sql<number[]>`coalesce((
  select array_agg(u.id order by u.id) from users u
  where u.enabled and exists (
    select 1 from "call" c join call_type t on t.id = c.type_id where c.id = ${callId} and (
      u.id = any(t.receiver_user_ids)
      or exists (select 1 from user_group_member m where m.user_id = u.id and m.group_id = any(t.receiver_group_ids))
      or exists (select 1 from jsonb_array_elements(t.escalation) with ordinality e(l, n)
        where e.n <= c.escalated_level and ${inLevel})
    ))), '{}')`;

/** The enabled users one level calls: its users and its groups' members, each once. */
export async function levelUsersOf(tx: Tx, level: EscalationLevel): Promise<number[]> {
  const res = await tx.execute(sql`
    select coalesce(array_agg(u.id order by u.id), '{}') ids from users u, (select ${JSON.stringify(level)}::jsonb l) v
    where u.enabled and ${inLevel}`);
  return ((res as unknown as { rows: { ids: number[] }[] }).rows[0]?.ids ?? []).map(Number);
}

export async function reachedOf(tx: Tx, callId: number): Promise<number[]> {
  const [row] = await tx
    .select({ ids: reachedSql(qualified(calls.id)) })
    .from(calls)
    .where(eq(calls.id, callId));
  return (row?.ids ?? []).map(Number);
}

export async function receiversOf(tx: Tx, typeId: number): Promise<number[]> {
  const [row] = await tx
    .select({ ids: receiversSql(qualified(callTypes.id)) })
    .from(callTypes)
    .where(eq(callTypes.id, typeId));
  return (row?.ids ?? []).map(Number);
}
