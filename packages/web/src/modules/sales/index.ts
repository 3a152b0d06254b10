import type { Pages } from '../../platform/pages.ts';

/**
 * Sales (sales in the route tree): sales orders, their confirmation into production and their
 * shipments; the sales demand list (open demand against stock and production).
 */
export const pages: Pages = {
  salesOrderList: () => import('./SalesOrderList.tsx'),
  salesOrderAdd: () => import('./SalesOrderAdd.tsx'),
  salesOrderDetail: () => import('./SalesOrderDetail.tsx'),
  salesDemandList: () => import('./SalesDemandList.tsx'),
};
