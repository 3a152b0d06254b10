import { equipmentRepairApi, type FinishRepairBody } from '@factory/shared/api/equipmentRepair';
import { userApi } from '@factory/shared/api/user';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { faultReasonEntity } from '@factory/shared/entities/equipmentRepair';
import { App, Form, Input, Typography } from 'antd';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { useSubmit } from '../../platform/useSubmit.ts';
import type { EquipmentRepair } from './repairParts.ts';
import { type PartDraft, partsBody, SparePartsEditor } from './SparePartsEditor.tsx';

const REASONS = entityEndpoints(faultReasonEntity).list;

type Values = Omit<FinishRepairBody, 'id' | 'version' | 'parts'> & { parts?: PartDraft[] };

/**
 * 维修完工: the fault's reason, what was done, who else repaired it, and the spare parts taken
 * (`SparePartsEditor`), which leave stock as the repair's 备件领用 when it is saved.
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
        parts: partsBody(v.parts),
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
        <SparePartsEditor />
      </Form>
    </AppModal>
  );
}
