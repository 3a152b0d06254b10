import { salesOrderEntity } from '@factory/shared/entities/salesOrder';
import { salesOrderMachine } from '@factory/shared/machines/sales';
import { OrderListPage } from '../../platform/crud/OrderListPage.tsx';
import { detailHref, formHref, isDraft } from './salesParts.ts';

/**
 * /sales/sales-order-list: sales orders (销售订单) with their confirmation and shipping states.
 * Unconfirmed orders are edited on the form page and deleted here; confirming (which makes
 * production orders for what stock does not cover), closing and cancelling are the order's
 * actions; 发货 is on the order's page.
 */
export default function SalesOrderList() {
  return (
    <OrderListPage
      entity={salesOrderEntity}
      machine={salesOrderMachine}
      title="销售订单"
      detailHref={detailHref}
      formHref={formHref}
      isDraft={isDraft}
    />
  );
}
