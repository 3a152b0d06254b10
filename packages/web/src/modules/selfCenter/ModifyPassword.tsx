import { App, Card } from 'antd';
import { PasswordChangeForm } from '../../platform/PasswordChangeForm.tsx';

/**
 * /self-center/modify-password: the own password. The server keeps this session and ends the
 * user's sessions elsewhere, so the user stays signed in here.
 */
export default function ModifyPassword() {
  const { message } = App.useApp();
  return (
    <Card variant="borderless" title="修改密码">
      <div style={{ maxWidth: 460 }}>
        <PasswordChangeForm
          onChanged={() => message.success('密码修改成功，其他设备上的登录已退出，下次登录请使用新密码')}
        />
      </div>
    </Card>
  );
}
