import type { Tenant as TenantSchema } from '@factory/shared/api/tenant';
import { TENANT_FLAG_NAMES, type TenantFlag, type TenantFlags } from '@factory/shared/tenantFlags';
import type { Static } from 'typebox';
import { api } from '../../platform/request.ts';

export type Tenant = Static<typeof TenantSchema>;

const BASE = 'tenant/private/tenant/';

/** The paged list (currentPage, pageSize, searchVal, order), as ListPage calls it. */
export const TENANT_LIST_URL = `${BASE}getTenantListPage`;

/** The provider's tenant registry calls (docs/api.md, tenant). */
export const tenantApi = {
  detail: (id: number) => api.get<Tenant>(`${BASE}getTenantDetail`, { id }),
  add: (body: {
    memberCode: string;
    companyName: string;
    logo?: string;
    version?: string;
    flags: TenantFlags;
    adminName: string;
    adminPassword: string;
  }) => api.post<Tenant>(`${BASE}addTenant`, body),
  update: (body: {
    id: number;
    companyName: string;
    logo: string | null;
    version: string | null;
    flags: TenantFlags;
  }) => api.put<Tenant>(`${BASE}updateOne`, body),
  enable: (id: number) => api.get<Tenant>(`${BASE}enable`, { id }),
  disable: (id: number) => api.get<Tenant>(`${BASE}disable`, { id }),
};

/** The flags a tenant has switched on, in the catalogue's order. */
export const enabledFlags = (flags: Record<string, boolean>): TenantFlag[] =>
  TENANT_FLAG_NAMES.filter((f) => flags[f]);
