import { DesktopOutlined, UserOutlined } from '@ant-design/icons';
import { ErrorCode } from '@factory/shared/api/errors';
import { Avatar, Button, Divider, Flex, Result, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { fileSrc } from '../../platform/fileSrc.ts';
import { PRODUCT_TITLE } from '../../platform/guard.ts';
import { ApiError } from '../../platform/request.ts';
import { useSession } from '../../platform/session.ts';

const { Text } = Typography;

/** The console's home; the router sends each user on from there. */
const CONSOLE = '/home';

/** True for the refusal a non-provider tenant gets from every tenant endpoint. */
export const isForbidden = (err: unknown) => err instanceof ApiError && err.code === ErrorCode.forbidden;

export function Forbidden() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="403"
      subTitle="仅服务商可以管理租户"
      extra={
        <Button type="primary" onClick={() => navigate(CONSOLE)}>
          返回控制台
        </Button>
      }
    />
  );
}

/**
 * The tenant screens are public routes outside the main layout, so they carry their own top bar:
 * product, the console's name, the signed-in user and the way back to the console.
 */
export default function TenantShell({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100%' }}>
      <Flex
        component="header"
        align="center"
        justify="space-between"
        style={{
          position: 'sticky',
          top: 0,
          zIndex: 10,
          height: 56,
          padding: '0 24px',
          background: token.colorBgContainer,
          boxShadow: '0 1px 4px rgba(16, 24, 40, 0.08)',
        }}
      >
        <Flex align="center" gap={12}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <Text strong style={{ fontSize: 16 }}>
            {PRODUCT_TITLE}
          </Text>
          <Divider orientation="vertical" style={{ height: 20, margin: '0 4px' }} />
          <Text style={{ fontSize: 15, color: token.colorPrimary, fontWeight: 500 }}>租户管理</Text>
        </Flex>
        <Flex align="center" gap={16}>
          {user && (
            <Flex align="center" gap={8}>
              <Avatar
                size={28}
                src={fileSrc(user.avatar)}
                icon={<UserOutlined />}
                style={{ background: token.colorPrimary }}
              />
              <Text>{user.name}</Text>
            </Flex>
          )}
          <Button icon={<DesktopOutlined />} onClick={() => navigate(CONSOLE)}>
            返回控制台
          </Button>
        </Flex>
      </Flex>
      <main style={{ maxWidth: 1440, margin: '0 auto', padding: 24 }}>{children}</main>
    </div>
  );
}
