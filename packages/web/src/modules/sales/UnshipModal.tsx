import { type SalesOrderTrace, salesApi } from '@factory/shared/api/sales';
import type { salesOrderEntity } from '@factory/shared/entities/salesOrder';
import type { DetailOf } from '@factory/shared/entities/schema';
import { salesOrderMachine } from '@factory/shared/machines/sales';
import { App } from 'antd';
import { call } from '../../platform/call.ts';
import { ReasonModal } from '../../platform/machine/ReasonModal.tsx';

type Detail = DetailOf<typeof salesOrderEntity>;
export type Shipment = SalesOrderTrace['shipments'][number];

const UNSHIP = salesOrderMachine.actions.unship;

/**
 * 撤销发货 of one shipment (its whole stock document): asks first with the reason required, as the
 * machine's reason actions do; the stock document is reversed and the quantities go back to the
 * order's lines.
 */
export function UnshipModal({
  order,
  shipment,
  onClose,
  onDone,
}: {
  order: Detail;
  shipment?: Shipment;
  onClose(): void;
  onDone(): void;
}) {
  const { message } = App.useApp();
  return (
    <ReasonModal
      open={!!shipment}
      title={`${UNSHIP.label} · ${shipment?.stockDocCode ?? ''}`}
      label={`${UNSHIP.label}原因`}
      hint={UNSHIP.confirm}
      danger
      okText="确定撤销"
      formName="salesUnship"
      onCancel={onClose}
      onOk={async (reason) => {
        if (!shipment) return;
        await call(salesApi.unship, {
          id: order.id,
          version: order.version,
          stockDocId: shipment.stockDocId,
          reason,
        });
        message.success(`${UNSHIP.label}成功`);
        onDone();
      }}
    />
  );
}
