import { Type } from 'typebox';
import { entityPaths } from '../entities/define.ts';
import { roleEntity } from '../entities/setting.ts';
import { endpoint } from './contract.ts';
import { ListPageQuery, PageResult, SelectQuery, SelectResult } from './list.ts';
import { UserRow } from './user.ts';

const paths = entityPaths(roleEntity);
const BASE = 'authority/private/role/';

const RoleUserQuery = Type.Object(
  { ...ListPageQuery.properties, roleId: Type.Integer({ minimum: 1, title: '角色' }) },
  { additionalProperties: false },
);
const RoleUsersBody = Type.Object(
  {
    roleId: Type.Integer({ minimum: 1, title: '角色' }),
    userIds: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500, title: '用户' }),
  },
  { additionalProperties: false },
);
const RoleUserKey = Type.Object(
  {
    roleId: Type.Integer({ minimum: 1, title: '角色' }),
    userId: Type.Integer({ minimum: 1, title: '用户' }),
  },
  { additionalProperties: false },
);
const RoleId = Type.Object(
  { id: Type.Integer({ minimum: 1, title: '编号' }) },
  { additionalProperties: false },
);
const RolePermission = Type.Object({ id: Type.Integer(), name: Type.String(), authority: Type.String() });

/**
 * The roles screen's own calls (spec 000 §6), beside the generic ones of the declared entity: its
 * select list (the user form's role select keeps its narrower access) and delete (refused while
 * users hold the role) in place of the generic ones, the function permissions, the role's users.
 */
export const roleApi = {
  select: endpoint({
    method: 'GET',
    path: paths.list,
    summary: '角色选择列表（按名称搜索）',
    access: { keys: ['userListAdd', 'userListCopy', 'userListModify', 'roleList', 'messageNotificateList'] },
    query: SelectQuery,
    result: SelectResult(Type.Object({ id: Type.Integer(), name: Type.String() })),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: paths.remove,
    summary: '删除角色（仍有用户时拒绝）',
    access: { keys: ['roleListDel'] },
    query: RoleId,
  }),
  permission: endpoint({
    method: 'GET',
    path: `${BASE}getRolePermission`,
    summary: '角色的功能权限（authority）',
    access: { keys: ['roleList'] },
    query: RoleId,
    result: RolePermission,
  }),
  updatePermission: endpoint({
    method: 'PUT',
    path: `${BASE}updatePermission`,
    summary:
      '设置角色功能权限：authority 为 {checked, half} 段以 ||| 连接；本企业功能菜单（base_router）之外的权限码不保存',
    access: { keys: ['roleListSetPermission'] },
    body: Type.Object(
      {
        id: Type.Integer({ minimum: 1, title: '编号' }),
        authority: Type.String({ maxLength: 100_000, title: '功能权限' }),
      },
      { additionalProperties: false },
    ),
    result: RolePermission,
  }),
  usersPage: endpoint({
    method: 'GET',
    path: `${BASE}getRoleUserListPage`,
    summary: '角色的用户分页列表',
    access: { keys: ['roleList'] },
    query: RoleUserQuery,
    result: PageResult(UserRow),
  }),
  addUsers: endpoint({
    method: 'POST',
    path: `${BASE}addRoleUsers`,
    summary: '为角色添加用户（已有的跳过），返回新添加的人数',
    access: { keys: ['roleListAddUser'] },
    body: RoleUsersBody,
    result: Type.Integer(),
  }),
  removeUser: endpoint({
    method: 'DELETE',
    path: `${BASE}removeRoleUser`,
    summary: '从角色中移除一位用户（admin 不受角色限制，也可移除）',
    access: { keys: ['roleListRemoveUser'] },
    query: RoleUserKey,
  }),
};
