import { Form, Input, Typography } from 'antd';
import { AppModal } from '../AppModal.tsx';
import { useSubmit } from '../useSubmit.ts';

/** As the machines' reasons: 1 to 200 characters. */
export const REASON_MAX = 200;

/**
 * Asks why (强制结束, 关闭, 冲销收货): a required reason, trimmed, handed to `onOk`. A refusal keeps
 * the dialog open with the reason for another try (the request client has said why); a second
 * click while `onOk` runs does nothing. The machine actions' reason dialog, and a document's own
 * reasoned actions (taking back one receipt or shipment) use it alike.
 */
export function ReasonModal({
  open,
  title,
  label,
  hint,
  danger,
  okText = '确定',
  formName = 'machineReason',
  onOk,
  onCancel,
}: {
  open: boolean;
  title: string;
  label: string;
  hint?: string;
  danger?: boolean;
  okText?: string;
  /** The form's name (its fields' ids): two reason dialogs on one page need two. */
  formName?: string;
  onOk(reason: string): Promise<void>;
  onCancel(): void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  // a double click in one frame sees saving still false: run drops the second;
  // a refusal leaves the reason for another try
  const { saving, run } = useSubmit();
  const submit = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return; // the form says what is missing
    await run(async () => {
      const reason = v.reason.trim();
      await onOk(reason);
      form.resetFields();
    });
  };
  return (
    <AppModal
      open={open}
      title={title}
      width={520}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger }}
      confirmLoading={saving}
      onOk={submit}
      onCancel={() => {
        form.resetFields();
        onCancel();
      }}
    >
      {hint && <Typography.Paragraph>{hint}</Typography.Paragraph>}
      <Form form={form} layout="vertical" name={formName}>
        <Form.Item
          name="reason"
          label={label}
          rules={[{ required: true, whitespace: true, message: `请输入${label}` }]}
        >
          <Input.TextArea maxLength={REASON_MAX} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
