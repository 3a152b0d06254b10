import type { Pages } from '../../platform/pages.ts';

/**
 * Purchase (purchase in the route tree): purchase orders to suppliers, their confirmation and the
 * receipts against their lines (收货, 冲销收货). The purchase requests they are ordered from are
 * MRP's (modules/mrp).
 */
export const pages: Pages = {
  purchaseOrderList: () => import('./PurchaseOrderList.tsx'),
  purchaseOrderAdd: () => import('./PurchaseOrderAdd.tsx'),
  purchaseOrderDetail: () => import('./PurchaseOrderDetail.tsx'),
};
