import { NOTIFICATION_LIST_LIMIT, notificationApi } from '@factory/shared/api/notification';
import { notificationRuleEntity } from '@factory/shared/entities/notification';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { decodeSearchVal } from '../../platform/list.ts';
import { handle } from '../../platform/route.ts';
import type { SessionInfo } from '../../platform/session.ts';
import { roles, userGroups, users } from '../setting/index.ts';
import { notificationRules, notificationTasks } from './schema.ts';

const own = (session: SessionInfo) => eq(notificationTasks.recipientId, session.userId);

/** The spec sends the caller's own id as recipientId; anyone else's is refused, not ignored. */
function checkRecipient(session: SessionInfo, recipientId: unknown) {
  if (recipientId !== undefined && Number(recipientId) !== session.userId)
    throw forbidden('只能查看和处理自己的消息');
}

const taskRow = {
  id: notificationTasks.id,
  type: notificationTasks.type,
  title: notificationTasks.title,
  message: notificationTasks.message,
  creator: notificationTasks.creator,
  createTime: sql<string>`to_char(${notificationTasks.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`,
  isReaded: sql<number>`${notificationTasks.isReaded}::int`,
  recipientId: notificationTasks.recipientId,
};

const taskRoutes = [
  handle(notificationApi.list, {
    handler: async ({ tx, session, query }) => {
      for (const f of await decodeSearchVal(query.searchVal))
        if (f.fieldName === 'recipientId') checkRecipient(session, f.fieldValue);
      return tx
        .select(taskRow)
        .from(notificationTasks)
        .where(own(session))
        .orderBy(notificationTasks.isReaded, desc(notificationTasks.id))
        .limit(NOTIFICATION_LIST_LIMIT);
    },
  }),
  handle(notificationApi.read, {
    handler: async ({ tx, session, query }) => {
      const done = await tx
        .update(notificationTasks)
        .set({ isReaded: true })
        .where(and(eq(notificationTasks.id, query.id), own(session)))
        .returning({ id: notificationTasks.id });
      if (!done.length) throw notFound('消息');
    },
  }),
  handle(notificationApi.readAll, {
    handler: async ({ tx, session, query }) => {
      checkRecipient(session, query.recipientId);
      await tx
        .update(notificationTasks)
        .set({ isReaded: true })
        .where(and(own(session), eq(notificationTasks.isReaded, false)));
    },
  }),
  handle(notificationApi.remove, {
    handler: async ({ tx, session, query }) => {
      const done = await tx
        .delete(notificationTasks)
        .where(and(eq(notificationTasks.id, query.id), own(session)))
        .returning({ id: notificationTasks.id });
      if (!done.length) throw notFound('消息');
    },
  }),
  handle(notificationApi.clearRead, {
    // History is what the panel clears; unread ones stay until they have been seen.
    handler: async ({ tx, session, query }) => {
      checkRecipient(session, query.recipientId);
      await tx.delete(notificationTasks).where(and(own(session), eq(notificationTasks.isReaded, true)));
    },
  }),
];

/** Names of the ids in one of the rule's arrays, in name order, joined with 、. */
const namesOf = (table: string, column: PgColumn): SQL<string> =>
  sql<string>`coalesce((select string_agg(x.name, '、' order by x.name, x.id) from ${sql.identifier(table)} x where x.id = any(${qualified(column)})), '')`;

/** The ids that still exist, in the names' order (stale ids of deleted users drop out of the form). */
const idsOf = (table: string, column: PgColumn): SQL<number[]> =>
  sql<
    number[]
  >`coalesce((select array_agg(x.id order by x.name, x.id) from ${sql.identifier(table)} x where x.id = any(${qualified(column)})), '{}')`;

async function checkIds(
  tx: Tx,
  table: typeof users | typeof roles | typeof userGroups,
  ids: number[],
  field: string,
  what: string,
) {
  if (!ids.length) return;
  const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  if (found.length !== new Set(ids).size) throw fieldError(field, `所选${what}不存在或已被删除`);
}

export const notificationRule = crud({
  entity: notificationRuleEntity,
  table: notificationRules,
  columns: {
    userIds: idsOf('users', notificationRules.userIds),
    roleIds: idsOf('roles', notificationRules.roleIds),
    groupIds: idsOf('user_group', notificationRules.groupIds),
    userNames: namesOf('users', notificationRules.userIds),
    roleNames: namesOf('roles', notificationRules.roleIds),
    groupNames: namesOf('user_group', notificationRules.groupIds),
  },
  hooks: {
    validate: async (tx, _values, id, body) => {
      const list = (k: string) => (body[k] as number[] | undefined) ?? [];
      await checkIds(tx, users, list('userIds'), 'userIds', '用户');
      await checkIds(tx, roles, list('roleIds'), 'roleIds', '角色');
      await checkIds(tx, userGroups, list('groupIds'), 'groupIds', '用户组');
      // a rule that notifies nobody is a mistake: refused when added empty or emptied on update
      const keys = ['userIds', 'roleIds', 'groupIds'];
      const decided = id === null || keys.every((k) => body[k] !== undefined);
      if (decided && keys.every((k) => !list(k).length))
        throw fieldError('userIds', '请至少选择一个通知用户、角色或用户组');
    },
    saved: async (tx, id, body) => {
      const set: Partial<Record<'userIds' | 'roleIds' | 'groupIds', number[]>> = {};
      for (const k of ['userIds', 'roleIds', 'groupIds'] as const) {
        const v = body[k] as number[] | undefined;
        if (v) set[k] = [...new Set(v)];
      }
      if (Object.keys(set).length)
        await tx.update(notificationRules).set(set).where(eq(notificationRules.id, id));
    },
  },
});

export const notificationRoutes = [...taskRoutes, ...notificationRule.routes];
