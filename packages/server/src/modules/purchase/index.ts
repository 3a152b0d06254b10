import { materialsEntity } from '@factory/shared/entities/materials';
import { supplierEntity } from '@factory/shared/entities/partner';
import type { ModuleFace } from '../../platform/module.ts';
import { purchaseOrder, purchaseOrderActions, purchaseRoutes } from './orders.ts';
import { quotaRoutes } from './quota.ts';
import { purchaseRequest, purchaseRequestActions } from './requests.ts';
import {
  purchaseOrderLines,
  purchaseOrders,
  purchaseRequests,
  quotaApplications,
  quotaLines,
  quotas,
} from './schema.ts';

/**
 * Purchase (DOMAIN "Purchase"): purchase requests (keyed or from MRP) ordered into purchase
 * orders to suppliers, on declared machines, and the receipts (inbound stock documents of type 0,
 * through the warehouse module) against their lines; production quotas 生产定额 (certain-number),
 * which join the warehouse's picks to refuse 超定额领料 beyond what passed 超定额申请 allow. docs/purchase.md, docs/quota.md.
 */
export const purchase: ModuleFace = {
  name: 'purchase',
  routes: [
    ...purchaseRequest.routes,
    ...purchaseRequestActions.routes,
    ...purchaseOrder.routes,
    ...purchaseOrderActions.routes,
    ...purchaseRoutes,
    ...quotaRoutes,
  ],
  references: [
    {
      target: supplierEntity,
      column: purchaseOrders.supplierId,
      label: '采购订单',
      names: purchaseOrders.code,
    },
    {
      target: supplierEntity,
      column: purchaseRequests.supplierId,
      label: '请购单',
      names: purchaseRequests.code,
    },
    { target: materialsEntity, column: purchaseOrderLines.materialsId, label: '采购订单' },
    {
      target: materialsEntity,
      column: purchaseRequests.materialsId,
      label: '请购单',
      names: purchaseRequests.code,
    },
    { target: materialsEntity, column: quotas.materialsId, label: '生产定额', names: quotas.code },
    { target: materialsEntity, column: quotaLines.materialsId, label: '生产定额' },
    {
      target: materialsEntity,
      column: quotaApplications.materialsId,
      label: '超定额申请',
      names: quotaApplications.code,
    },
  ],
};

export {
  noteInspection,
  noteReturned,
  onReceipt,
  orderRequests,
  purchaseOrder,
  purchaseOrderActions,
  type ReceiptEvent,
} from './orders.ts';
export {
  fileQuotaApplication,
  proposeQuota,
  quota,
  quotaActions,
  quotaApply,
  quotaApplyActions,
} from './quota.ts';
export { purchaseRequest, purchaseRequestActions, refreshRequests } from './requests.ts';
export * from './schema.ts';
