import { callTypeEntity } from '@factory/shared/entities/call';
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
  what: string,
) {
  if (!ids.length) return;
  const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  if (found.length !== new Set(ids).size) throw fieldError(field, `所选${what}不存在或已被删除`);
}

const RECEIVERS = ['receiverUserIds', 'receiverGroupIds'] as const;

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
  },
  usedBy: [{ column: calls.typeId, label: '呼叫' }],
  hooks: {
    async validate(tx, _values, id, body) {
      const list = (k: string) => (body[k] as number[] | undefined) ?? [];
      await checkIds(tx, users, list('receiverUserIds'), 'receiverUserIds', '接收人');
      await checkIds(tx, userGroups, list('receiverGroupIds'), 'receiverGroupIds', '接收用户组');
      const decided = id === null || RECEIVERS.every((k) => body[k] !== undefined);
      if (decided && RECEIVERS.every((k) => !list(k).length))
        throw fieldError('receiverUserIds', '请至少选择一个接收人或接收用户组');
    },
    async saved(tx, id, body) {
      const set: Partial<Record<(typeof RECEIVERS)[number], number[]>> = {};
      for (const k of RECEIVERS) {
        const v = body[k] as number[] | undefined;
        if (v) set[k] = [...new Set(v)];
      }
      if (Object.keys(set).length) await tx.update(callTypes).set(set).where(eq(callTypes.id, id));
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

export async function receiversOf(tx: Tx, typeId: number): Promise<number[]> {
  const [row] = await tx
    .select({ ids: receiversSql(qualified(callTypes.id)) })
    .from(callTypes)
    .where(eq(callTypes.id, typeId));
  return (row?.ids ?? []).map(Number);
}
