import { userApi } from '@factory/shared/api/user';
import { organizationEntity, userGroupEntity } from '@factory/shared/entities/setting';
import { organizationLevel } from '@factory/shared/enums';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { handle } from '../../platform/route.ts';
import { organizations, userGroupMembers, userGroups, users } from './schema.ts';

/**
 * The organisation tree keeps its levels in order: a factory (0) has no parent, a workshop (1)
 * hangs under a factory, a production line (2) under a workshop. So no node can become its own
 * ancestor, and a level change is refused while children would no longer fit under it.
 */
async function checkTree(tx: Tx, values: Record<string, unknown>, id: number | null) {
  const [current] =
    id === null
      ? []
      : await tx
          .select({ level: organizations.level, parentId: organizations.parentId })
          .from(organizations)
          .where(eq(organizations.id, id));
  const level = (values.level ?? current?.level) as number;
  const parentId = (values.parentId === undefined ? current?.parentId : values.parentId) as number | null;
  if (level === 0) {
    if (parentId) throw fieldError('parentId', '工厂是最高层级，不能有上级组织');
  } else {
    if (!parentId) throw fieldError('parentId', `${organizationLevel.label(level)}须选择上级组织`);
    const [parent] = await tx
      .select({ level: organizations.level })
      .from(organizations)
      .where(eq(organizations.id, parentId));
    if (parent && parent.level !== level - 1)
      throw fieldError(
        'parentId',
        `${organizationLevel.label(level)}的上级应为${organizationLevel.label(level - 1)}`,
      );
  }
  if (id !== null && level !== current?.level) {
    const [child] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.parentId, id), ne(organizations.level, level + 1)))
      .limit(1);
    if (child) throw fieldError('level', '该组织下已有下级组织，不能修改层级');
  }
}

export const organization = crud({
  entity: organizationEntity,
  table: organizations,
  refs: { parentName: { id: organizations.id, name: organizations.name, code: organizations.code } },
  usedBy: [
    { column: organizations.parentId, label: '下级组织' },
    { column: users.organizationId, label: '用户' },
  ],
  hooks: { validate: (tx, values, id) => checkTree(tx, values, id) },
});

const outerGroup = qualified(userGroups.id);

async function setMembers(tx: Tx, groupId: number, userIds: number[]) {
  const ids = [...new Set(userIds)];
  if (ids.length) {
    const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
    if (found.length !== ids.length) throw fieldError('userIds', '所选用户不存在或已被删除');
  }
  await tx.delete(userGroupMembers).where(eq(userGroupMembers.groupId, groupId));
  if (ids.length) await tx.insert(userGroupMembers).values(ids.map((userId) => ({ groupId, userId })));
}

export const userGroup = crud({
  entity: userGroupEntity,
  table: userGroups,
  columns: {
    userIds: sql<
      number[]
    >`coalesce((select array_agg(m.user_id order by u.name, u.id) from user_group_member m join users u on u.id = m.user_id where m.group_id = ${outerGroup}), '{}')`,
    memberNames: sql<string>`coalesce((select string_agg(u.name, '、' order by u.name, u.id) from user_group_member m join users u on u.id = m.user_id where m.group_id = ${outerGroup}), '')`,
    memberCount: sql<number>`(select count(*) from user_group_member m where m.group_id = ${outerGroup})::int`,
  },
  selectWhere: eq(userGroups.enabled, true),
  hooks: {
    saved: async (tx, id, body) => {
      const ids = body.userIds as number[] | undefined;
      if (ids) await setMembers(tx, id, ids);
    },
  },
});

export const organizationRoutes = [
  ...organization.routes,
  ...userGroup.routes,
  handle(userApi.groupsOf, {
    handler: ({ tx, query }) =>
      tx
        .select({ id: userGroups.id, code: userGroups.code, name: userGroups.name })
        .from(userGroupMembers)
        .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
        .where(eq(userGroupMembers.userId, query.userId))
        .orderBy(asc(userGroups.code)),
  }),
];
