import { IdQuery, ListPageQuery, PageResult } from '@factory/shared/api/list';
import { Tenant, TenantAdd, TenantUpdate } from '@factory/shared/api/tenant';
import { checkPasswordRule, decryptPassword } from '../../platform/password.ts';
import { route } from '../../platform/route.ts';
import { createTenant, getTenant, listTenants, tenantView, updateTenant } from '../../platform/tenancy.ts';

/** The provider's tenant screens (/tenant, /tenantDetail): only the provider's own tenant may call them. */
const BASE = 'tenant/private/tenant/';

export const tenantRoutes = [
  route({
    method: 'GET',
    url: `${BASE}getTenantListPage`,
    summary: '租户分页列表',
    access: { session: true, provider: true },
    tx: false,
    query: ListPageQuery,
    result: PageResult(Tenant),
    handler: ({ services, query }) => listTenants(services, query),
  }),
  route({
    method: 'GET',
    url: `${BASE}getTenantDetail`,
    summary: '租户详情',
    access: { session: true, provider: true },
    tx: false,
    query: IdQuery,
    result: Tenant,
    handler: ({ services, query }) => getTenant(services, query.id),
  }),
  route({
    method: 'POST',
    url: `${BASE}addTenant`,
    summary: '新增租户（含首个管理员）',
    access: { keys: ['tenantAdd'], provider: true },
    tx: false,
    body: TenantAdd,
    result: Tenant,
    handler: async ({ services, session, body }) => {
      const adminPassword = await decryptPassword('adminPassword', body.adminPassword, '管理员密码');
      checkPasswordRule('adminPassword', adminPassword);
      return tenantView(await createTenant(services, session.userId, { ...body, adminPassword }));
    },
  }),
  route({
    method: 'PUT',
    url: `${BASE}updateOne`,
    summary: '修改租户',
    access: { keys: ['tenantModify'], provider: true },
    tx: false,
    body: TenantUpdate,
    result: Tenant,
    handler: ({ services, session, body }) => updateTenant(services, session.userId, session.tenantId, body),
  }),
  route({
    method: 'GET',
    url: `${BASE}enable`,
    summary: '启用租户',
    access: { keys: ['tenantEnable'], provider: true },
    tx: false,
    query: IdQuery,
    result: Tenant,
    handler: ({ services, session, query }) =>
      updateTenant(services, session.userId, session.tenantId, { id: query.id, enabled: true }),
  }),
  route({
    method: 'GET',
    url: `${BASE}disable`,
    summary: '停用租户',
    access: { keys: ['tenantDisable'], provider: true },
    tx: false,
    query: IdQuery,
    result: Tenant,
    handler: ({ services, session, query }) =>
      updateTenant(services, session.userId, session.tenantId, { id: query.id, enabled: false }),
  }),
];
