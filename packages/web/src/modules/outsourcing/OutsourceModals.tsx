import { outsourcingApi } from '@factory/shared/api/outsourcing';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { scrapReasonEntity } from '@factory/shared/entities/params';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Form, Input, InputNumber } from 'antd';
import { useEffect } from 'react';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { useSubmit } from '../../platform/useSubmit.ts';
import { minus, type OutsourceOrder, outOf } from './outsourcingParts.ts';

const SCRAP_REASONS = entityEndpoints(scrapReasonEntity).list;

interface Props {
  order?: OutsourceOrder;
  onClose(): void;
  /** After the action went through: the list reloads. */
  onDone(): void;
}

/** The order's head as both dialogs show it. */
function Head({ order }: { order: OutsourceOrder }) {
  return (
    <Descriptions column={2} size="small" bordered style={{ marginBottom: 16 }}>
      <Descriptions.Item label="委外单号">{order.code}</Descriptions.Item>
      <Descriptions.Item label="委外供应商">{order.supplierName ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="工单编号">{order.workOrderCode}</Descriptions.Item>
      <Descriptions.Item label="委外工序">{order.procedureName}</Descriptions.Item>
      <Descriptions.Item label="委外数量">{order.quantity}</Descriptions.Item>
      <Descriptions.Item label="已发外数量">{order.sentQuantity ?? 0}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * 发外: how many go out now. Offers at most what the order still lacks and what the step has
 * available (the previous steps' output less what is reported or out); the server checks both.
 */
export function SendModal({ order, onClose, onDone }: Props) {
  const [form] = Form.useForm<{ quantity?: number; remark?: string }>();
  const { saving, run } = useSubmit();
  const trace = useQuery({
    queryKey: [outsourcingApi.trace.path, order?.id],
    queryFn: () => call(outsourcingApi.trace, { id: order?.id ?? 0 }),
    enabled: !!order,
  });
  const max = order ? Math.min(minus(order.quantity, order.sentQuantity), trace.data?.available ?? 0) : 0;
  useEffect(() => {
    if (order && trace.data) form.setFieldsValue({ quantity: max > 0 ? max : undefined, remark: undefined });
  }, [order, trace.data, max, form]);
  const submit = async () => {
    if (!order) return;
    const v = await form.validateFields();
    await run(async () => {
      await call(outsourcingApi.send, {
        id: order.id,
        version: order.version,
        quantity: v.quantity ?? 0,
        remark: v.remark?.trim() || null,
      });
      onDone();
    });
  };
  return (
    <AppModal
      open={!!order}
      title="发外"
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText="确定发外"
      destroyOnHidden
    >
      {order && (
        <>
          <Head order={order} />
          {trace.data && max <= 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message="暂无可发外数量：上道工序尚未转入，或已全部发外"
            />
          )}
          <Form form={form} layout="vertical">
            <Form.Item
              name="quantity"
              label={`发外数量（可发 ${max}）`}
              rules={[{ required: true, message: '请输入发外数量' }]}
            >
              <InputNumber min={0.000001} max={max || undefined} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="remark" label="备注">
              <Input maxLength={200} />
            </Form.Item>
          </Form>
        </>
      )}
    </AppModal>
  );
}

/**
 * 收回: good and defective units back from the supplier, at most what is out; written as the
 * step's report (the supplier named), so the next step can take the good ones.
 */
export function ReceiveModal({ order, onClose, onDone }: Props) {
  const [form] = Form.useForm<{
    goodQuantity?: number;
    defectQuantity?: number;
    scrapReasonId?: number;
    remark?: string;
  }>();
  const { saving, run } = useSubmit();
  const defect = Form.useWatch('defectQuantity', form);
  const out = order ? outOf(order) : 0;
  useEffect(() => {
    if (order) form.setFieldsValue({ goodQuantity: out, defectQuantity: 0, remark: undefined });
  }, [order, out, form]);
  const submit = async () => {
    if (!order) return;
    const v = await form.validateFields();
    await run(async () => {
      await call(outsourcingApi.receive, {
        id: order.id,
        version: order.version,
        goodQuantity: v.goodQuantity ?? 0,
        defectQuantity: v.defectQuantity ?? 0,
        scrapReasonId: v.defectQuantity ? (v.scrapReasonId ?? null) : null,
        remark: v.remark?.trim() || null,
      });
      onDone();
    });
  };
  return (
    <AppModal
      open={!!order}
      title="收回"
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      okText="确定收回"
      destroyOnHidden
    >
      {order && (
        <>
          <Head order={order} />
          <Form form={form} layout="vertical">
            <Form.Item
              name="goodQuantity"
              label={`合格数量（在外 ${out}）`}
              rules={[{ required: true, message: '请输入合格数量' }]}
            >
              <InputNumber min={0} max={out} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="defectQuantity"
              label="不良数量"
              dependencies={['goodQuantity']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_, v?: number) => {
                    const total = (getFieldValue('goodQuantity') ?? 0) + (v ?? 0);
                    if (total <= 0) throw new Error('合格与不良数量合计须大于0');
                    if (total > out + 1e-9) throw new Error(`合格与不良数量合计不能超过在外数量 ${out}`);
                  },
                }),
              ]}
            >
              <InputNumber min={0} max={out} style={{ width: '100%' }} />
            </Form.Item>
            {!!defect && (
              <Form.Item name="scrapReasonId" label="不良原因">
                <RemoteSelect endpoint={SCRAP_REASONS} placeholder="选择不良原因" allowClear />
              </Form.Item>
            )}
            <Form.Item name="remark" label="备注">
              <Input maxLength={150} />
            </Form.Item>
          </Form>
        </>
      )}
    </AppModal>
  );
}
