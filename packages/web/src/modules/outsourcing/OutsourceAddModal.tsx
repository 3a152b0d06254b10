import { outsourcingApi } from '@factory/shared/api/outsourcing';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { supplierEntity } from '@factory/shared/entities/partner';
import { workOrderEntity } from '@factory/shared/entities/workOrder';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { useSubmit } from '../../platform/useSubmit.ts';
import { ADD_ORDER, minus } from './outsourcingParts.ts';

const WORK_ORDERS = entityEndpoints(workOrderEntity).list;
const SUPPLIERS = entityEndpoints(supplierEntity).list;
/** Work orders still to make: not started or in progress. */
const OPEN = [{ fieldName: 'status', fieldType: 'integer', operator: 'in', fieldValue: [0, 1] }] as const;

interface Values {
  workOrderId?: number;
  taskId?: number;
  quantity?: number;
  supplierId?: number;
  unitPrice?: number;
  planReturnDate?: Dayjs;
  remark?: string;
}

/**
 * 新增委外单 by hand: a released work order still to make, one of its outsourced steps (with
 * what other orders already cover of it), the quantity, and optionally the supplier, price and
 * planned return; the order starts as a draft (待确认).
 */
export function OutsourceAddModal({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSubmit();
  const workOrderId = Form.useWatch('workOrderId', form);
  const tasks = useQuery({
    queryKey: [outsourcingApi.tasks.path, workOrderId],
    queryFn: () => call(outsourcingApi.tasks, { workOrderId: workOrderId ?? 0 }),
    enabled: !!workOrderId,
  });
  const submit = async () => {
    const v = await form.validateFields();
    await run(async () => {
      await call(ADD_ORDER, {
        workOrderId: v.workOrderId,
        taskId: v.taskId,
        quantity: v.quantity ?? 0,
        supplierId: v.supplierId ?? null,
        unitPrice: v.unitPrice ?? null,
        planReturnDate: v.planReturnDate ? v.planReturnDate.format('YYYY-MM-DD') : null,
        remark: v.remark?.trim() || null,
      });
      form.resetFields();
      onDone();
    });
  };
  return (
    <AppModal
      open={open}
      title="新增委外单"
      onCancel={onClose}
      onOk={submit}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="workOrderId" label="工单" rules={[{ required: true, message: '请选择工单' }]}>
          <RemoteSelect
            endpoint={WORK_ORDERS}
            labelField="code"
            filters={OPEN}
            placeholder="按工单编号搜索"
            onChange={() => form.setFieldsValue({ taskId: undefined, quantity: undefined })}
          />
        </Form.Item>
        <Form.Item name="taskId" label="委外工序" rules={[{ required: true, message: '请选择委外工序' }]}>
          <Select
            loading={tasks.isFetching}
            disabled={!workOrderId}
            notFoundContent={workOrderId ? '该工单没有委外工序' : '请先选择工单'}
            options={(tasks.data ?? []).map((t) => ({
              value: t.id,
              label: `${t.seq}. ${t.procedureName}（计划 ${t.plannedQuantity}，已委外 ${t.orderedQuantity}）`,
            }))}
            onChange={(id: number) => {
              const t = tasks.data?.find((x) => x.id === id);
              if (t)
                form.setFieldsValue({ quantity: minus(t.plannedQuantity, t.orderedQuantity) || undefined });
            }}
          />
        </Form.Item>
        <Form.Item name="quantity" label="委外数量" rules={[{ required: true, message: '请输入委外数量' }]}>
          <InputNumber min={0.000001} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="supplierId" label="委外供应商">
          <RemoteSelect endpoint={SUPPLIERS} placeholder="确认前须选择" allowClear />
        </Form.Item>
        <Form.Item name="unitPrice" label="单价(元)">
          <InputNumber min={0} style={{ width: '100%' }} placeholder="确认前须填写" />
        </Form.Item>
        <Form.Item name="planReturnDate" label="计划回厂日期">
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
