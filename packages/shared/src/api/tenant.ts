import { Type } from 'typebox';
import { TENANT_FLAG_NAMES } from '../tenantFlags.ts';
import { endpoint } from './contract.ts';
import { IdQuery, ListPageQuery, PageResult } from './list.ts';

export const TenantFlagsSchema = Type.Object(
  Object.fromEntries(TENANT_FLAG_NAMES.map((f) => [f, Type.Optional(Type.Boolean())])),
  { additionalProperties: false, title: '功能开关' },
);

export const Tenant = Type.Object({
  id: Type.Integer(),
  memberCode: Type.String(),
  companyName: Type.String(),
  logo: Type.Union([Type.String(), Type.Null()]),
  version: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean(),
  flags: Type.Record(Type.String(), Type.Boolean()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const MemberCode = Type.String({
  minLength: 2,
  maxLength: 32,
  pattern: '^[A-Za-z][A-Za-z0-9_-]*$',
  title: '企业编码',
});
const CompanyName = Type.String({ minLength: 1, maxLength: 100, title: '企业名称' });
const Logo = Type.Union([Type.String({ maxLength: 500, title: '企业Logo' }), Type.Null()]);
const Version = Type.Union([Type.String({ maxLength: 50, title: '版本号' }), Type.Null()]);

export const TenantAdd = Type.Object(
  {
    memberCode: MemberCode,
    companyName: CompanyName,
    logo: Type.Optional(Logo),
    version: Type.Optional(Version),
    flags: Type.Optional(TenantFlagsSchema),
    adminName: Type.String({ minLength: 1, maxLength: 50, title: '管理员姓名' }),
    /** Encrypted like every password (spec 000 §7). */
    adminPassword: Type.String({ minLength: 1, maxLength: 1024, title: '管理员密码' }),
  },
  { additionalProperties: false },
);

export const TenantUpdate = Type.Object(
  {
    id: Type.Integer({ minimum: 1, title: '编号' }),
    companyName: Type.Optional(CompanyName),
    logo: Type.Optional(Logo),
    version: Type.Optional(Version),
    flags: Type.Optional(TenantFlagsSchema),
  },
  { additionalProperties: false },
);

const BASE = 'tenant/private/tenant/';

/** The provider's tenant screens (/tenant, /tenantDetail): only the provider's own tenant may call them. */
export const tenantApi = {
  listPage: endpoint({
    method: 'GET',
    path: `${BASE}getTenantListPage`,
    summary: '租户分页列表',
    access: { session: true, provider: true },
    query: ListPageQuery,
    result: PageResult(Tenant),
  }),
  detail: endpoint({
    method: 'GET',
    path: `${BASE}getTenantDetail`,
    summary: '租户详情',
    access: { session: true, provider: true },
    query: IdQuery,
    result: Tenant,
  }),
  add: endpoint({
    method: 'POST',
    path: `${BASE}addTenant`,
    summary: '新增租户（含首个管理员）',
    access: { keys: ['tenantAdd'], provider: true },
    body: TenantAdd,
    result: Tenant,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}updateOne`,
    summary: '修改租户',
    access: { keys: ['tenantModify'], provider: true },
    body: TenantUpdate,
    result: Tenant,
  }),
  enable: endpoint({
    method: 'GET',
    path: `${BASE}enable`,
    summary: '启用租户',
    access: { keys: ['tenantEnable'], provider: true },
    query: IdQuery,
    result: Tenant,
  }),
  disable: endpoint({
    method: 'GET',
    path: `${BASE}disable`,
    summary: '停用租户',
    access: { keys: ['tenantDisable'], provider: true },
    query: IdQuery,
    result: Tenant,
  }),
};
