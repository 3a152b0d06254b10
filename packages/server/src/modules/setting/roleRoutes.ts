import { SelectQuery, SelectResult } from '@factory/shared/api/user';
import { asc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { type ListFields, selectPage } from '../../platform/list.ts';
import { route } from '../../platform/route.ts';
import { roles } from './schema.ts';

const roleSelectFields: ListFields = {
  name: { column: roles.name, type: 'string', filter: ['like', 'eq'] },
};

/** Roles as a select list, for assigning roles to users (the roles screen comes with its own issue). */
export const roleRoutes = [
  route({
    method: 'GET',
    url: 'authority/private/role/getRoleList',
    summary: '角色选择列表（按名称搜索）',
    access: { keys: ['userListAdd', 'userListCopy', 'userListModify', 'roleList'] },
    query: SelectQuery,
    result: SelectResult(Type.Object({ id: Type.Integer(), name: Type.String() })),
    handler: ({ tx, query }) =>
      selectPage(
        ({ total }) => tx.select({ id: roles.id, name: roles.name, __total: total }).from(roles),
        roleSelectFields,
        query,
        { where: eq(roles.enabled, true), order: [asc(roles.name), asc(roles.id)] },
      ),
  }),
];
