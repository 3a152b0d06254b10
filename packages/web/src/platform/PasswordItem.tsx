import { LockOutlined } from '@ant-design/icons';
import { PASSWORD_RULE, PASSWORD_RULE_MESSAGE } from '@factory/shared/api/auth';
import { Form, Input } from 'antd';

/** A new password field with the server's rule (initial passwords, tenant admin passwords). */
export function PasswordItem({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[
        { required: true, message: `请输入${label}` },
        { pattern: PASSWORD_RULE, message: PASSWORD_RULE_MESSAGE },
      ]}
    >
      <Input.Password prefix={<LockOutlined />} placeholder={`请输入${label}`} autoComplete="new-password" />
    </Form.Item>
  );
}
