import { Type } from 'typebox';
import { fieldSchema } from '../entities/schema.ts';
import { userEntity } from '../entities/user.ts';

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

export const SelectQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, default: 1, title: '页码' }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20, title: '每页条数' }),
    searchVal: Type.Optional(Type.String({ maxLength: 20_000, title: '查询条件' })),
  },
  { additionalProperties: false },
);

export const SelectResult = <T extends import('typebox').TSchema>(row: T) =>
  Type.Object({ records: Type.Array(row), total: Type.Integer() });

export const UserOption = Type.Object({ id: Type.Integer(), name: Type.String(), userName: Type.String() });
