import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { salesOrderEntity } from '@factory/shared/entities/salesOrder';
import type { RowOf } from '@factory/shared/entities/schema';
import { routeHref } from '@factory/shared/routes';

export type SalesOrder = RowOf<typeof salesOrderEntity>;

export const SALES_ORDERS = entityEndpoints(salesOrderEntity);
export const LINES = salesOrderEntity.lines;
export const LIST_HREF = routeHref('salesOrderList');
export const detailHref = (o: Pick<SalesOrder, 'id'>) => routeHref('salesOrderDetail', { id: o.id });
/** The form: a new order, or with `id` the unconfirmed order to edit. */
export const formHref = (id?: number) =>
  id === undefined ? routeHref('salesOrderAdd') : `${routeHref('salesOrderAdd')}?id=${id}`;

/** Only an unconfirmed open order is edited or deleted (the server refuses the rest). */
export const isDraft = (o: Pick<SalesOrder, 'confirmStatus' | 'status'>) =>
  o.confirmStatus === 0 && o.status === 0;
