import { Type } from 'typebox';
import { fieldSchema } from '../entities/schema.ts';
import { userEntity } from '../entities/user.ts';
import { endpoint } from './contract.ts';
import { ExportQuery, ImportCheckResult, ImportError, ImportQuery, ImportWriteResult } from './import.ts';
import { UserStationBody } from './information.ts';
import { IdQuery, ListPageQuery, PageResult, SelectQuery, SelectResult } from './list.ts';

const f = userEntity.fields;
const text = (key: keyof typeof f, required = false) => fieldSchema(f[key], required);

/** A user as lists, details and selects show it. */
export const UserRow = Type.Object({
  id: Type.Integer(),
  userName: Type.String(),
  name: Type.String(),
  jobNumber: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.Union([Type.String(), Type.Null()]),
  isEnabled: Type.Integer(),
  roleIds: Type.Array(Type.Integer()),
  roleNames: Type.String(),
  organizationId: Type.Union([Type.Integer(), Type.Null()]),
  organizationName: Type.Union([Type.String(), Type.Null()]),
  groupIds: Type.Array(Type.Integer()),
  groupNames: Type.String(),
  /** The stations the user may work at; stationId is the current one (switched in the header). */
  stationIds: Type.Array(Type.Integer()),
  stationNames: Type.String(),
  stationId: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String(),
});

const RoleIds = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50, title: '角色' });
const GroupIds = Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100, title: '用户组' });
/** null as a second JSON type, not an anyOf branch: the server coerces types, and an anyOf would turn null into 0. */
const OrganizationId = Type.Optional(
  Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1, title: '所属组织' }),
);

/**
 * The URL of an image uploaded to this tenant (basicData/private/file/upload's result); '' or null
 * clears it. The server checks that it names one of the tenant's uploaded images.
 */
const Avatar = Type.Optional(Type.Union([Type.String({ maxLength: 500, title: '头像' }), Type.Null()]));

export const UserAdd = Type.Object(
  {
    userName: text('userName', true),
    name: text('name', true),
    jobNumber: text('jobNumber'),
    phone: text('phone'),
    email: text('email'),
    /** Encrypted like every password (spec 000 §7). */
    password: Type.String({ minLength: 1, maxLength: 1024, title: '密码' }),
    avatar: Avatar,
    roleIds: Type.Optional(RoleIds),
    groupIds: Type.Optional(GroupIds),
    organizationId: OrganizationId,
    isEnabled: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { title: '状态' })),
  },
  { additionalProperties: false },
);

export const UserUpdate = Type.Object(
  {
    id: Type.Integer({ minimum: 1, title: '编号' }),
    name: Type.Optional(text('name', true)),
    jobNumber: text('jobNumber'),
    phone: text('phone'),
    email: text('email'),
    avatar: Avatar,
    roleIds: Type.Optional(RoleIds),
    groupIds: Type.Optional(GroupIds),
    organizationId: OrganizationId,
  },
  { additionalProperties: false },
);

/** What a signed-in user may change of their own profile. */
export const UserOwnUpdate = Type.Object(
  {
    name: Type.Optional(text('name', true)),
    phone: text('phone'),
    email: text('email'),
    avatar: Avatar,
  },
  { additionalProperties: false },
);

/** Column preferences of one page (spec 000 §3). */
export const ColumnPreference = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 64 }),
    checked: Type.Boolean(),
    index: Type.Integer({ minimum: 0, maximum: 500 }),
    width: Type.Optional(Type.Integer({ minimum: 20, maximum: 2000 })),
  },
  { additionalProperties: false },
);

/** updateFields: `fields` is the JSON text of { [pageKey]: ColumnPreference[] } (spec 000 §7). */
export const UserFieldsUpdate = Type.Object(
  { id: Type.Integer({ minimum: 1 }), fields: Type.String({ maxLength: 200_000, title: '列设置' }) },
  { additionalProperties: false },
);

export const UserOption = Type.Object({ id: Type.Integer(), name: Type.String(), userName: Type.String() });

/** A user group of one user (getUserGroupListByUserId). */
const GroupOption = Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() });

const BASE = 'authority/private/user/';

/**
 * The user management calls (spec 001 §7.4, authority/private/user/), the signed-in user's own
 * profile and column preferences beside them. export, importTemplate and importErrors answer an
 * .xlsx file, not the envelope.
 */
export const userApi = {
  listPage: endpoint({
    method: 'GET',
    path: `${BASE}getUserListPage`,
    summary: '用户分页列表',
    access: { keys: ['userList'] },
    query: ListPageQuery,
    result: PageResult(UserRow),
  }),
  select: endpoint({
    method: 'GET',
    path: `${BASE}getUserList`,
    summary: '用户选择列表（按姓名搜索）',
    access: { session: true },
    query: SelectQuery,
    result: SelectResult(UserOption),
  }),
  newUserName: endpoint({
    method: 'GET',
    path: `${BASE}getNewUserName`,
    summary: '建议一个未被使用的用户名',
    access: { keys: ['userListAdd', 'userListCopy'] },
    query: Type.Object(
      { prefix: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,15}$', title: '前缀' })) },
      { additionalProperties: false },
    ),
    result: Type.String(),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${BASE}getUserDetail`,
    summary: '用户详情',
    access: { keys: ['userList'] },
    query: IdQuery,
    result: UserRow,
  }),
  add: endpoint({
    method: 'POST',
    path: `${BASE}addUser`,
    summary: '新增用户（复制亦用此接口）',
    access: { keys: ['userListAdd', 'userListCopy'] },
    body: UserAdd,
    result: UserRow,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}updateOne`,
    summary: '修改用户',
    access: { keys: ['userListModify'] },
    body: UserUpdate,
    result: UserRow,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${BASE}deleteOne`,
    summary: '删除用户',
    access: { keys: ['userListDel'] },
    query: IdQuery,
  }),
  enable: endpoint({
    method: 'GET',
    path: `${BASE}enable`,
    summary: '启用用户',
    access: { keys: ['userListEnable'] },
    query: IdQuery,
  }),
  disable: endpoint({
    method: 'GET',
    path: `${BASE}disable`,
    summary: '停用用户（并结束其登录会话）',
    access: { keys: ['userListDisable'] },
    query: IdQuery,
  }),
  resetPassword: endpoint({
    method: 'PUT',
    path: `${BASE}resetPassword`,
    summary: '重置用户密码（返回新的临时密码）',
    access: { keys: ['userListResetPassword'] },
    query: IdQuery,
    body: Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    result: Type.Object({ password: Type.String() }),
  }),
  setStations: endpoint({
    method: 'PUT',
    path: `${BASE}updateOneStation`,
    summary: '设置用户可在的工位',
    access: { keys: ['userListSetStation', 'roleListSetStation'] },
    body: UserStationBody,
  }),
  groupsOf: endpoint({
    method: 'GET',
    path: `${BASE}getUserGroupListByUserId`,
    summary: '某用户所在的用户组',
    access: { session: true },
    query: Type.Object(
      { userId: Type.Integer({ minimum: 1, title: '用户' }) },
      { additionalProperties: false },
    ),
    result: Type.Array(GroupOption),
  }),
  ownDetail: endpoint({
    method: 'GET',
    path: `${BASE}getOwnDetail`,
    summary: '本人资料（个人中心）',
    access: { session: true },
    result: UserRow,
  }),
  updateOwn: endpoint({
    method: 'PUT',
    path: `${BASE}updateOwn`,
    summary: '修改本人资料',
    access: { session: true },
    body: UserOwnUpdate,
    result: UserRow,
  }),
  updateFields: endpoint({
    method: 'PUT',
    path: `${BASE}updateFields`,
    summary: '保存本人的列设置',
    access: { session: true },
    body: UserFieldsUpdate,
  }),
  export: endpoint({
    method: 'GET',
    path: `${BASE}export`,
    summary: '导出用户（当前查询条件、排序与显示列）',
    access: { keys: ['userListExport'] },
    query: ExportQuery,
  }),
  importTemplate: endpoint({
    method: 'GET',
    path: `${BASE}importTemplate`,
    summary: '下载用户导入模板',
    access: { keys: ['userListImport'] },
  }),
  importErrors: endpoint({
    method: 'POST',
    path: `${BASE}importErrors`,
    summary: '下载导入校验错误清单',
    access: { keys: ['userListImport'] },
    body: Type.Array(ImportError, { maxItems: 200_000 }),
  }),
  import: endpoint({
    method: 'POST',
    path: `${BASE}importUser`,
    summary: '导入用户：mode=check 校验，mode=write 写入（全部成功或全部不写）',
    access: { keys: ['userListImport'] },
    multipart: true,
    query: ImportQuery,
    result: Type.Union([ImportCheckResult, ImportWriteResult]),
  }),
};
