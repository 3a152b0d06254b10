import type { Pages } from '../../platform/pages.ts';

/** Line-side warehouses (siteWarehouse in the route tree): the stock beside the lines, and its account. */
export const pages: Pages = {
  warehouses: () => import('./LineSideStock.tsx'),
  sitWarehouseAccount: () => import('./LineSideAccount.tsx'),
};
