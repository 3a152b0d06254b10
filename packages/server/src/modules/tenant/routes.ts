import { tenantApi } from '@factory/shared/api/tenant';
import { checkPasswordRule, decryptPassword } from '../../platform/password.ts';
import { handle } from '../../platform/route.ts';
import { createTenant, getTenant, listTenants, tenantView, updateTenant } from '../../platform/tenancy.ts';

export const tenantRoutes = [
  handle(tenantApi.listPage, {
    tx: false,
    handler: ({ services, query }) => listTenants(services, query),
  }),
  handle(tenantApi.detail, {
    tx: false,
    handler: ({ services, query }) => getTenant(services, query.id),
  }),
  handle(tenantApi.add, {
    tx: false,
    handler: async ({ services, session, body }) => {
      const adminPassword = await decryptPassword('adminPassword', body.adminPassword, '管理员密码');
      checkPasswordRule('adminPassword', adminPassword);
      return tenantView(await createTenant(services, session.userId, { ...body, adminPassword }));
    },
  }),
  handle(tenantApi.update, {
    tx: false,
    handler: ({ services, session, body }) => updateTenant(services, session.userId, session.tenantId, body),
  }),
  handle(tenantApi.enable, {
    tx: false,
    handler: ({ services, session, query }) =>
      updateTenant(services, session.userId, session.tenantId, { id: query.id, enabled: true }),
  }),
  handle(tenantApi.disable, {
    tx: false,
    handler: ({ services, session, query }) =>
      updateTenant(services, session.userId, session.tenantId, { id: query.id, enabled: false }),
  }),
];
