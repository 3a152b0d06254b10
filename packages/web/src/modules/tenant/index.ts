import type { Pages } from '../../platform/pages.ts';

export const pages: Pages = {
  tenant: () => import('./TenantList.tsx'),
  tenantDetail: () => import('./TenantDetail.tsx'),
};
