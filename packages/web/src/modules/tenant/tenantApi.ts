import { type Tenant as TenantSchema, tenantApi } from '@factory/shared/api/tenant';
import { TENANT_FLAG_NAMES, type TenantFlag } from '@factory/shared/tenantFlags';
import type { Static } from 'typebox';
import { client } from '../../platform/call.ts';

export type Tenant = Static<typeof TenantSchema>;

/** The provider's tenant registry calls (docs/api.md, tenant). */
export const tenants = client(tenantApi);

/** The flags a tenant has switched on, in the catalogue's order. */
export const enabledFlags = (flags: Record<string, boolean>): TenantFlag[] =>
  TENANT_FLAG_NAMES.filter((f) => flags[f]);
