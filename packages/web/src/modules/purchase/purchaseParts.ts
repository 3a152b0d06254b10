import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { purchaseOrderEntity } from '@factory/shared/entities/purchase';
import type { DetailOf, RowOf } from '@factory/shared/entities/schema';
import { routeHref } from '@factory/shared/routes';

export type PurchaseOrder = RowOf<typeof purchaseOrderEntity>;
export type PurchaseOrderDetail = DetailOf<typeof purchaseOrderEntity>;
export type PurchaseOrderLine = PurchaseOrderDetail['lines'][number];

export const PURCHASE_ORDERS = entityEndpoints(purchaseOrderEntity);
export const LIST_HREF = routeHref('purchaseOrderList');
export const detailHref = (o: Pick<PurchaseOrder, 'id'>) => routeHref('purchaseOrderDetail', { id: o.id });
/** The form: a new order, or with `id` the unconfirmed order to edit. */
export const formHref = (id?: number) =>
  id === undefined ? routeHref('purchaseOrderAdd') : `${routeHref('purchaseOrderAdd')}?id=${id}`;

/** Only an unconfirmed open order is edited or deleted (the server refuses the rest). */
export const isDraft = (o: Pick<PurchaseOrder, 'confirmStatus' | 'status'>) =>
  o.confirmStatus === 0 && o.status === 0;

/** What is still to receive of a line (its quantity less what came; never below 0). */
export const leftOf = (l: Pick<PurchaseOrderLine, 'quantity' | 'receivedQuantity'>) =>
  Math.max(0, Math.round(((l.quantity ?? 0) - (l.receivedQuantity ?? 0)) * 1e6) / 1e6);
