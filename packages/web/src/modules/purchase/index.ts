import type { Pages } from '../../platform/pages.ts';

/**
 * Purchase (purchase in the route tree): purchase orders to suppliers, their confirmation and the
 * receipts against their lines (收货, 冲销收货); production quotas 生产定额 (certain-number) and
 * their variance against the work orders. The purchase requests orders are made from are MRP's
 * (modules/mrp).
 */
export const pages: Pages = {
  purchaseOrderList: () => import('./PurchaseOrderList.tsx'),
  purchaseOrderAdd: () => import('./PurchaseOrderAdd.tsx'),
  purchaseOrderDetail: () => import('./PurchaseOrderDetail.tsx'),
  certainNumberList: () => import('./CertainNumberList.tsx'),
  certainNumberAdd: () => import('./CertainNumberAdd.tsx'),
  certainNumberDetail: () => import('./CertainNumberDetail.tsx'),
};
