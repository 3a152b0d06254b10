import { LockOutlined } from '@ant-design/icons';
import { authApi, PASSWORD_RULE_MESSAGE } from '@factory/shared/api/auth';
import { encryptText } from '@factory/shared/crypto';
import { Alert, Button, Form, Input } from 'antd';
import { call } from './call.ts';
import { showFieldErrors } from './list/formRules.ts';
import { PasswordItem } from './PasswordItem.tsx';
import { useSubmit } from './useSubmit.ts';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };

/**
 * The own password changed (updatePassword), the server's rule said up front: the self-centre's
 * 修改密码 page and the first-login screen. The server keeps this session and ends the user's
 * sessions elsewhere; `onChanged` runs once it has accepted the new one.
 */
export function PasswordChangeForm({
  onChanged,
  submitText = '确认修改',
}: {
  onChanged(): void;
  submitText?: string;
}) {
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSubmit();

  const submit = (v: Values) =>
    run(async () => {
      try {
        await call(authApi.updatePassword, {
          oldPassword: await encryptText(v.oldPassword),
          newPassword: await encryptText(v.newPassword),
        });
        form.resetFields();
        onChanged();
      } catch (err) {
        showFieldErrors(form, err, ['oldPassword', 'newPassword']);
        throw err;
      }
    });

  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 24 }}
        title={`新密码规则：${PASSWORD_RULE_MESSAGE}。`}
        description="修改成功后，您在其他设备或浏览器上的登录将退出。"
      />
      <Form form={form} layout="vertical" name="modifyPassword" onFinish={submit}>
        <Form.Item name="oldPassword" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="请输入原密码"
            autoComplete="current-password"
          />
        </Form.Item>
        <PasswordItem name="newPassword" label="新密码" />
        <Form.Item
          name="confirmPassword"
          label="确认新密码"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的新密码不一致')),
            }),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="请再次输入新密码"
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            {submitText}
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
