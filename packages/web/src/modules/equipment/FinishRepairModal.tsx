import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { equipmentRepairApi, type FinishRepairBody } from '@factory/shared/api/equipmentRepair';
import { userApi } from '@factory/shared/api/user';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { faultReasonEntity } from '@factory/shared/entities/equipmentRepair';
import { materialsEntity } from '@factory/shared/entities/materials';
import { warehouseEntity } from '@factory/shared/entities/warehouse';
import { App, Button, Flex, Form, Input, InputNumber, Typography } from 'antd';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { useSubmit } from '../../platform/useSubmit.ts';
import type { EquipmentRepair } from './repairParts.ts';

const REASONS = entityEndpoints(faultReasonEntity).list;
const MATERIALS = entityEndpoints(materialsEntity).list;
/** The ordinary warehouses (the entity's own list: not line sides, not suppliers' 委外仓). */
const WAREHOUSES = entityEndpoints(warehouseEntity).list;

type Values = Omit<FinishRepairBody, 'id' | 'version'>;

/**
 * 维修完工: the fault's reason, what was done, who else repaired it, and the spare parts taken —
 * each from a warehouse, optionally a batch (else first in, first out). The parts leave stock as
 * the repair's 备件领用 when it is saved; short stock refuses it with what is available.
 */
export function FinishRepairModal({
  repair,
  onClose,
  onDone,
}: {
  repair: EquipmentRepair | undefined;
  onClose(): void;
  onDone(): void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const { saving, run } = useSubmit();
  const submit = () =>
    run(async () => {
      if (!repair) return;
      const v = await form.validateFields();
      await call(equipmentRepairApi.finish, {
        id: repair.id,
        version: repair.version,
        faultReasonId: v.faultReasonId,
        measures: v.measures.trim(),
        repairerIds: v.repairerIds ?? [],
        parts: (v.parts ?? []).map((p) => ({ ...p, batchCode: p.batchCode?.trim() || null })),
      });
      message.success('维修完工成功');
      onDone();
    });
  return (
    <AppModal
      title={`维修完工 · ${repair?.code ?? ''}`}
      open={repair !== undefined}
      okText="确认完工"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" initialValues={{ parts: [] }}>
        <Typography.Paragraph type="secondary">
          设备：{repair?.equipmentName}（{repair?.equipmentCode}）　故障现象：{repair?.phenomenon}
        </Typography.Paragraph>
        <Form.Item
          name="faultReasonId"
          label="故障原因"
          rules={[{ required: true, message: '请选择故障原因' }]}
        >
          <RemoteSelect endpoint={REASONS} placeholder="请选择故障原因" />
        </Form.Item>
        <Form.Item
          name="measures"
          label="维修内容"
          rules={[{ required: true, whitespace: true, message: '请输入维修内容' }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={1000}
            showCount
            placeholder="如 更换张力传感器并重新标定，试机正常"
          />
        </Form.Item>
        <Form.Item name="repairerIds" label="协助维修人员" extra="接单人已计入，这里只选其他参与维修的人">
          <RemoteSelect endpoint={userApi.select} mode="multiple" placeholder="可不选" allowClear />
        </Form.Item>
        <Typography.Text strong>更换备件</Typography.Text>
        <Form.List name="parts">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8} style={{ marginTop: 8 }}>
              {fields.map((field) => (
                <Flex key={field.key} gap={8} align="start">
                  <Form.Item
                    name={[field.name, 'materialsId']}
                    rules={[{ required: true, message: '请选择备件' }]}
                    style={{ flex: 3, marginBottom: 0 }}
                  >
                    <RemoteSelect
                      endpoint={MATERIALS}
                      placeholder="备件（物料）"
                      optionLabel={(m) => `${m.code ?? ''} ${m.name ?? ''}`}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'warehouseId']}
                    rules={[{ required: true, message: '请选择仓库' }]}
                    style={{ flex: 2, marginBottom: 0 }}
                  >
                    <RemoteSelect endpoint={WAREHOUSES} placeholder="出库仓库" />
                  </Form.Item>
                  <Form.Item name={[field.name, 'batchCode']} style={{ flex: 2, marginBottom: 0 }}>
                    <Input maxLength={64} placeholder="批次（不填先进先出）" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'quantity']}
                    rules={[{ required: true, message: '请输入数量' }]}
                    style={{ flex: 1, marginBottom: 0 }}
                  >
                    <InputNumber
                      min={0.000001}
                      max={100_000_000}
                      placeholder="数量"
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    aria-label="删除该备件"
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add()}
                disabled={fields.length >= 50}
              >
                添加备件
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </AppModal>
  );
}
