import { actionLabel } from '@factory/shared/actionLabels';
import { roleApi } from '@factory/shared/api/role';
import { roleEntity } from '@factory/shared/entities/setting';
import { userEntity } from '@factory/shared/entities/user';
import { formatAuthority } from '@factory/shared/permissions';
import {
  authorityOfGrant,
  type CodeNode,
  grantedCodes,
  readAuthority,
  type TreeIndex,
  tenantTree,
} from '@factory/shared/permissionTree';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit.ts';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError, notFound, referenced } from '../../platform/errors.ts';
import { defaultOrderOf, listFields, listPage, selectPage } from '../../platform/list.ts';
import { handle } from '../../platform/route.ts';
import { roles, userRoles, users } from './schema.ts';
import { userColumns, userListFields } from './userQueries.ts';

/** Delete refused while users hold the role, naming how many and the first few. */
async function refuseWhileHeld(tx: Tx, id: number) {
  const held = await tx
    .select({ name: users.name, total: sql<number>`(count(*) over())::int` })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.roleId, id))
    .orderBy(asc(users.id))
    .limit(3);
  if (!held.length) return;
  const [role] = await tx.select({ name: roles.name }).from(roles).where(eq(roles.id, id));
  const total = held[0].total;
  const names = held.map((u) => u.name).join('、') + (total > held.length ? '等' : '');
  throw referenced(
    `角色“${role?.name ?? id}”已分配给${total}位用户（${names}），请先在关联用户中移除后再删除`,
  );
}

export const role = crud({
  entity: roleEntity,
  table: roles,
  columns: {
    userCount: sql<number>`(select count(*) from user_roles ur where ur.role_id = ${qualified(roles.id)})::int`,
  },
  // a copy carries the source role's permissions (not its users): addRole takes the role to copy
  hooks: {
    validate: async (_tx, _values, id, body) => {
      if (id !== null && body.copyFromId !== undefined)
        throw fieldError('copyFromId', '只有复制角色时才能复制功能权限');
    },
    saved: async (tx, id, body, isNew) => {
      const from = body.copyFromId as number | undefined;
      if (!isNew || from === undefined) return;
      const [source] = await tx.select({ authority: roles.authority }).from(roles).where(eq(roles.id, from));
      if (!source) throw fieldError('copyFromId', '要复制的角色不存在或已被删除');
      await tx.update(roles).set({ authority: source.authority }).where(eq(roles.id, id));
      await audit(tx, null, 'role', id, 'copyPermission', { from });
    },
  },
});

const roleSelectFields = listFields({
  name: { column: roles.name, type: 'string', filter: ['like', 'eq'] },
});

async function roleName(tx: Tx, id: number): Promise<string> {
  const [row] = await tx.select({ name: roles.name }).from(roles).where(eq(roles.id, id));
  if (!row) throw notFound('角色');
  return row.name;
}

/**
 * The roles screen (spec 000 §6): the generic list, detail, add/copy and update of the declared
 * entity; its own delete (refused while users hold the role); the function permissions, saved by
 * their own call; the role's users. The user form's role select keeps its narrower access.
 */
/**
 * What a role editor who is not the admin may save: they grant and withdraw only codes they hold
 * themselves. A code they do not hold keeps its current state (it is neither added nor dropped),
 * unless what it hangs under was withdrawn, which takes it along as the tree's cascade does.
 * Asking for a code they do not hold, which the role does not already have, is refused by name.
 */
function withinHolding(
  tree: TreeIndex,
  requested: ReadonlySet<string>,
  existing: ReadonlySet<string>,
  held: ReadonlySet<string>,
): Set<string> {
  const holds = (c: string) => held.has(c.toLowerCase());
  const beyond = tree.codes.filter((c) => requested.has(c) && !holds(c) && !existing.has(c));
  if (beyond.length) {
    const names = beyond.slice(0, 3).map((c) => `“${titleOf(tree, c)}”`);
    throw fieldError(
      'authority',
      `不能授予您自己没有的权限：${names.join('、')}${beyond.length > 3 ? `等${beyond.length}项` : ''}`,
    );
  }
  const out = new Set<string>();
  // pre-order: a parent is decided before its children
  for (const c of tree.codes) {
    const parent = tree.parentOf.get(c);
    if (parent !== undefined && !out.has(parent)) continue;
    if (holds(c) ? requested.has(c) : existing.has(c)) out.add(c);
  }
  return out;
}

/** A code as a person reads it: a page's title, a button as 页面·操作. */
function titleOf(tree: TreeIndex, code: string): string {
  const find = (nodes: readonly CodeNode[]): CodeNode | undefined => {
    for (const n of nodes) {
      if (n.key === code) return n;
      const hit = find(n.children ?? []);
      if (hit) return hit;
    }
  };
  const node = find(tree.tree);
  if (!node) return code;
  if (node.kind !== 'button') return node.title;
  const parent = tree.parentOf.get(code);
  return `${parent ? titleOf(tree, parent) : ''}·${actionLabel(node.title)}`;
}

export const roleRoutes = [
  ...role.routes.filter(
    (r) => r.endpoint.path !== roleApi.select.path && r.endpoint.path !== roleApi.remove.path,
  ),
  handle(roleApi.select, {
    handler: ({ tx, query }) =>
      selectPage(
        ({ total }) => tx.select({ id: roles.id, name: roles.name, __total: total }).from(roles),
        roleSelectFields,
        query,
        { where: eq(roles.enabled, true), order: [asc(roles.name), asc(roles.id)] },
      ),
  }),
  handle(roleApi.remove, {
    handler: async ({ tx, session, query }) => {
      await refuseWhileHeld(tx, query.id);
      await role.remove(tx, session.userId, query.id);
      return true;
    },
  }),
  handle(roleApi.permission, {
    handler: async ({ tx, query }) => {
      const [row] = await tx
        .select({ id: roles.id, name: roles.name, authority: roles.authority })
        .from(roles)
        .where(eq(roles.id, query.id));
      if (!row) throw notFound('角色');
      return row;
    },
  }),
  handle(roleApi.updatePermission, {
    handler: async ({ tx, services, session, body }) => {
      const read = readAuthority(body.authority);
      if ('error' in read) throw fieldError('authority', read.error);
      // what the tenant has not switched on is dropped, not refused: a role copied or saved before
      // base_router narrowed still saves, keeping what the tenant has
      const tree = tenantTree((await services.tenantSettings(session.tenant)).webCodes);
      const [current] = await tx
        .select({ authority: roles.authority })
        .from(roles)
        .where(eq(roles.id, body.id));
      if (!current) throw notFound('角色');
      const kept = session.isAdmin
        ? new Set(tree.codes.filter((c) => read.granted.has(c)))
        : withinHolding(tree, read.granted, grantedCodes(current.authority), session.permissions);
      const part = authorityOfGrant(kept, tree);
      const authority = kept.size ? formatAuthority([part]) : '';
      const [row] = await tx
        .update(roles)
        .set({ authority, updatedAt: sql`now()` })
        .where(eq(roles.id, body.id))
        .returning({ id: roles.id, name: roles.name, authority: roles.authority });
      if (!row) throw notFound('角色');
      await audit(tx, session.userId, 'role', body.id, 'setPermission', {
        granted: kept.size,
        dropped: read.granted.size - kept.size,
      });
      return row;
    },
  }),
  handle(roleApi.usersPage, {
    handler: ({ tx, query }) =>
      listPage(
        ({ total }) => tx.select({ ...userColumns, __total: total }).from(users),
        userListFields,
        query,
        {
          where: sql`exists (select 1 from user_roles ur where ur.user_id = ${qualified(users.id)} and ur.role_id = ${query.roleId})`,
          defaultOrder: defaultOrderOf(userEntity, userListFields),
        },
      ),
  }),
  handle(roleApi.addUsers, {
    handler: async ({ tx, session, body }) => {
      await roleName(tx, body.roleId);
      const ids = [...new Set(body.userIds)];
      const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids));
      if (found.length !== ids.length) throw fieldError('userIds', '所选用户不存在或已被删除');
      const added = await tx
        .insert(userRoles)
        .values(ids.map((userId) => ({ userId, roleId: body.roleId })))
        .onConflictDoNothing()
        .returning({ userId: userRoles.userId });
      await audit(tx, session.userId, 'role', body.roleId, 'addUsers', {
        userIds: added.map((a) => a.userId),
      });
      return added.length;
    },
  }),
  handle(roleApi.removeUser, {
    handler: async ({ tx, session, query }) => {
      const removed = await tx
        .delete(userRoles)
        .where(and(eq(userRoles.roleId, query.roleId), eq(userRoles.userId, query.userId)))
        .returning({ userId: userRoles.userId });
      if (!removed.length) throw notFound('该角色下的此用户');
      await audit(tx, session.userId, 'role', query.roleId, 'removeUser', { userId: query.userId });
      return true;
    },
  }),
];
