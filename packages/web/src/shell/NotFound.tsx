import { HomeOutlined } from '@ant-design/icons';
import { Button, Flex, Result, theme } from 'antd';
import { useNavigate } from 'react-router';
import { useHasPage } from '../platform/pages.ts';
import { useSession } from '../platform/session.ts';
import { homePath } from './routing.ts';

/** /404: unknown paths and routes the user may not open both land here (spec 000 §2, §8). */
export default function NotFound() {
  const { token: t } = theme.useToken();
  const navigate = useNavigate();
  const { token, user } = useSession();
  const hasPage = useHasPage();
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: 24, background: t.colorBgLayout }}
    >
      <Result
        status="404"
        title={<span style={{ fontSize: 48, fontWeight: 700, color: t.colorPrimary }}>404</span>}
        subTitle={<span style={{ fontSize: 16 }}>抱歉，您访问的页面不存在或您没有权限访问</span>}
        extra={
          <Button
            type="primary"
            size="large"
            icon={<HomeOutlined />}
            onClick={() => navigate(token ? homePath(user, hasPage) : '/login')}
          >
            返回首页
          </Button>
        }
        style={{
          padding: '48px 64px',
          background: t.colorBgContainer,
          borderRadius: 16,
          boxShadow: '0 12px 40px rgba(31, 45, 95, 0.08)',
        }}
      />
    </Flex>
  );
}
