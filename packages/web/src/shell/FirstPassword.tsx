import { App, Button, Card, Flex, Typography, theme } from 'antd';
import { PasswordChangeForm } from '../platform/PasswordChangeForm.tsx';
import { useSession } from '../platform/session.ts';
import { useLogout } from './useLogout.ts';

/**
 * What a user whose password an administrator set (a new account, a reset) sees on every page
 * until they set their own: the server refuses them everything else meanwhile.
 */
export default function FirstPassword() {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const { user, setUser } = useSession();
  const logout = useLogout();
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '100vh', background: token.colorBgLayout, padding: 24 }}
    >
      <Card
        title="设置新密码"
        style={{ width: 460, maxWidth: '100%' }}
        extra={
          <Button type="link" onClick={logout}>
            退出登录
          </Button>
        }
      >
        <Typography.Paragraph>
          {user?.name ? `${user.name}，您好。` : ''}
          您的密码由管理员设置，请先设置一个只有您自己知道的新密码，再开始使用系统。
        </Typography.Paragraph>
        <PasswordChangeForm
          submitText="设置新密码"
          onChanged={() => {
            message.success('新密码已设置，其他设备上的登录已退出');
            if (user) setUser({ ...user, mustChangePassword: false });
          }}
        />
      </Card>
    </Flex>
  );
}
