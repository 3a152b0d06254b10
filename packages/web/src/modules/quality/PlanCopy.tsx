import { qualityApi } from '@factory/shared/api/quality';
import { App, Form, Input } from 'antd';
import { useEffect } from 'react';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { showFieldErrors } from '../../platform/list/formRules.ts';
import { useSubmit } from '../../platform/useSubmit.ts';

/**
 * 复制质检方案: asks the new plan's name; the server copies the scope, sampling and item lines and
 * leaves the copy disabled until its scope has been set (docs/quality.md).
 */
export function PlanCopyModal({
  source,
  onClose,
  onCopied,
}: {
  /** The plan copied; the dialog is open while one is given. */
  source?: { id: number; name: string | null };
  onClose(): void;
  onCopied(copy: { id: number }): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const { saving, run } = useSubmit();
  useEffect(() => {
    if (source) form.setFieldsValue({ name: `${source.name ?? ''}-副本`.slice(0, 50) });
  }, [source, form]);
  const copy = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v || !source) return;
    await run(async () => {
      try {
        const made = await call(qualityApi.copyPlan, { id: source.id, name: v.name.trim() });
        message.success('复制成功，新方案为停用状态，请调整适用范围后启用');
        onCopied(made);
      } catch (err) {
        showFieldErrors(form, err, ['name']);
        throw err;
      }
    });
  };
  return (
    <AppModal
      title={`复制质检方案（复制自 ${source?.name ?? ''}）`}
      open={!!source}
      okText="复制"
      cancelText="取消"
      confirmLoading={saving}
      onOk={copy}
      onCancel={onClose}
    >
      <Form form={form} name="qualityPlanCopy" layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item
          name="name"
          label="新方案名称"
          rules={[
            { required: true, whitespace: true, message: '请输入方案名称' },
            { max: 50, message: '方案名称不能超过50个字符' },
          ]}
          extra="适用范围、抽样方式与检验项目一并复制"
        >
          <Input maxLength={50} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
