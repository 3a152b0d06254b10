import { purchaseOrderEntity } from '@factory/shared/entities/purchase';
import { purchaseOrderMachine } from '@factory/shared/machines/purchase';
import { OrderListPage } from '../../platform/crud/OrderListPage.tsx';
import { detailHref, formHref, isDraft } from './purchaseParts.ts';

/**
 * /purchase/purchase-order-list: purchase orders (采购订单) with their confirmation and receiving
 * states. Unconfirmed orders are edited on the form page and deleted here; confirming, closing,
 * reopening and cancelling are the order's actions; 收货 and 冲销收货 are on the order's page.
 */
export default function PurchaseOrderList() {
  return (
    <OrderListPage
      entity={purchaseOrderEntity}
      machine={purchaseOrderMachine}
      title="采购订单"
      detailHref={detailHref}
      formHref={formHref}
      isDraft={isDraft}
    />
  );
}
