import { warehouseApi } from '@factory/shared/api/warehouse';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { warehouseEntity, warehouseLocationEntity } from '@factory/shared/entities/warehouse';
import { App, Form, Typography } from 'antd';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { useSubmit } from '../../platform/useSubmit.ts';

const WAREHOUSES = entityEndpoints(warehouseEntity).list;
const LOCATIONS = entityEndpoints(warehouseLocationEntity).list;

interface Place {
  warehouseId?: number;
  locationId?: number | null;
}

/**
 * 生产入库: the finished goods of the chosen plans (completed, not yet stocked) into a warehouse,
 * a new batch per work order, posted at once (docs/warehouse.md).
 */
export function StockingModal({
  plans,
  onClose,
  onDone,
}: {
  /** The plans to stock in, by id and number; none: closed. */
  plans: { id: number; code: string | null }[];
  onClose(): void;
  onDone(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Place>();
  const warehouseId = Form.useWatch('warehouseId', form);
  const warehouseName = Form.useWatch('warehouseName', form) as string | undefined;
  const { saving, run } = useSubmit();

  async function submit() {
    const place = await form.validateFields();
    await run(async () => {
      const body = { warehouseId: Number(place.warehouseId), locationId: place.locationId ?? null };
      const done =
        plans.length === 1
          ? await call(warehouseApi.stocking, { id: plans[0].id, ...body })
          : await call(warehouseApi.stockingBatch, { ids: plans.map((p) => p.id), ...body });
      message.success(`已入库 ${done.totalQuantity}（${done.lineCount} 个工单），入库单 ${done.code}`);
      onDone();
      onClose();
    });
  }

  return (
    <AppModal
      open={plans.length > 0}
      width={520}
      title="生产入库"
      okText="入库"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">
        {plans.length === 1 ? `计划 ${plans[0].code ?? ''}` : `所选 ${plans.length} 个计划`}
        的已完工未入库数量将入库，每个工单一个新批次，入库单立即过账。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="warehouseName" hidden />
        <Form.Item
          name="warehouseId"
          label="入库仓库"
          rules={[{ required: true, message: '请选择入库仓库' }]}
        >
          <RemoteSelect
            endpoint={WAREHOUSES}
            placeholder="请选择入库仓库"
            onChange={(v, option) => {
              form.setFieldsValue({
                warehouseId: v as number,
                locationId: null,
                warehouseName: (option as { label?: string } | undefined)?.label,
              } as Place);
            }}
          />
        </Form.Item>
        <Form.Item name="locationId" label="库位">
          <RemoteSelect
            endpoint={LOCATIONS}
            labelField="code"
            allowClear
            disabled={!warehouseId}
            placeholder="可不选"
            filters={
              warehouseName
                ? [
                    {
                      fieldName: 'warehouseName',
                      fieldType: 'string',
                      operator: 'like',
                      fieldValue: warehouseName,
                    },
                  ]
                : []
            }
          />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
