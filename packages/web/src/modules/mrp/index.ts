import type { Pages } from '../../platform/pages.ts';

/**
 * MRP (project/mrp in the route tree): the purchase requests (请购单) people key and MRP runs
 * suggest, submitted and ordered into purchase orders (转采购订单); MRP计算 and its kept runs.
 */
export const pages: Pages = {
  purchasingDemand: () => import('./PurchasingDemand.tsx'),
};
