import { LockOutlined } from '@ant-design/icons';
import { authApi, PASSWORD_RULE_MESSAGE } from '@factory/shared/api/auth';
import { encryptText } from '@factory/shared/crypto';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { call } from '../../platform/call.ts';
import { showFieldErrors } from '../../platform/list/formRules.ts';
import { PasswordItem } from '../../platform/PasswordItem.tsx';

type Values = { oldPassword: string; newPassword: string; confirmPassword: string };

/**
 * /self-center/modify-password: the own password, with the server's rule said up front. The server
 * keeps this session and ends the user's sessions elsewhere, so the user stays signed in here.
 */
export default function ModifyPassword() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      await call(authApi.updatePassword, {
        oldPassword: await encryptText(v.oldPassword),
        newPassword: await encryptText(v.newPassword),
      });
      form.resetFields();
      message.success('密码修改成功，其他设备上的登录已退出，下次登录请使用新密码');
    } catch (err) {
      showFieldErrors(form, err, ['oldPassword', 'newPassword']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variant="borderless" title="修改密码">
      <div style={{ maxWidth: 460 }}>
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
              确认修改
            </Button>
          </Form.Item>
        </Form>
      </div>
    </Card>
  );
}
