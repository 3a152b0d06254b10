import {
  ArrowRightOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  ClusterOutlined,
  DesktopOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { allRouteNames, routePath } from '@factory/shared/routes';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Row, Tag, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ModuleIcon } from '../../platform/ModuleIcon.tsx';
import { type MenuEntry, menuEntries } from '../../platform/menu.ts';
import { useHasPage } from '../../platform/pages.ts';
import { permissionSet, type SessionUser, useSession } from '../../platform/session.ts';
import { RecentCard, TodoCard, workbenchQuery } from './MyWork.tsx';
import styles from './Workbench.module.css';

const { Title, Text } = Typography;

/** Greeting by the hour: the five phrases a Chinese workplace app uses. */
function greeting(hour: number): string {
  if (hour >= 5 && hour < 9) return '早上好';
  if (hour >= 9 && hour < 11) return '上午好';
  if (hour >= 11 && hour < 13) return '中午好';
  if (hour >= 13 && hour < 18) return '下午好';
  return '晚上好';
}

/** The pages a menu entry leads to (a group's own path is just its first page). */
const leaves = (entry: MenuEntry): MenuEntry[] =>
  entry.children.length ? entry.children.flatMap(leaves) : [entry];

/** Re-renders every minute so the greeting and the date follow the clock on a screen left open. */
function useNow(): Dayjs {
  const [now, setNow] = useState(dayjs);
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Hero({ user, now }: { user: SessionUser; now: Dayjs }) {
  const { token } = theme.useToken();
  const items = [
    { icon: <ClockCircleOutlined />, label: '当前班次', value: user.frequencyName, empty: '未设置班次' },
    { icon: <DesktopOutlined />, label: '当前工位', value: user.stationName, empty: '未设置工位' },
  ];
  return (
    <div className={styles.hero} style={{ borderRadius: token.borderRadiusLG * 1.5 }}>
      <Flex justify="space-between" align="center" gap={24} wrap>
        <div>
          <Title level={3} style={{ color: '#fff', margin: 0 }}>
            {greeting(now.hour())}，{user.name}
          </Title>
          <Text style={{ color: 'rgba(255,255,255,0.88)', fontSize: 15, display: 'block', marginTop: 8 }}>
            {user.companyInfo.companyName}
          </Text>
          <Text style={{ color: 'rgba(255,255,255,0.72)', display: 'block', marginTop: 4 }}>
            <CalendarOutlined /> 今天是 {now.format('YYYY年M月D日 dddd')}
          </Text>
        </div>
        <Flex gap={12} wrap>
          {items.map((item) => (
            <div key={item.label} className={styles.heroStat}>
              <Text style={{ color: 'rgba(255,255,255,0.75)', fontSize: 13 }}>
                {item.icon} {item.label}
              </Text>
              <div
                className={styles.heroValue}
                style={{
                  color: item.value ? '#fff' : 'rgba(255,255,255,0.6)',
                  fontSize: item.value ? 18 : 15,
                }}
              >
                {item.value || item.empty}
              </div>
            </div>
          ))}
        </Flex>
      </Flex>
    </div>
  );
}

function ModuleCard({ entry, onOpen }: { entry: MenuEntry; onOpen: (path: string) => void }) {
  const { token } = theme.useToken();
  const pages = leaves(entry);
  return (
    <Card className={styles.moduleCard} variant="borderless" styles={{ body: { padding: 20 } }}>
      <Flex align="center" gap={14} className={styles.moduleHead} onClick={() => onOpen(entry.path)}>
        <span
          className={styles.moduleIcon}
          style={{
            background: token.colorPrimaryBg,
            color: token.colorPrimary,
            borderRadius: token.borderRadiusLG,
          }}
        >
          <ModuleIcon name={entry.icon} />
        </span>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text strong style={{ fontSize: 16 }}>
            {entry.title}
          </Text>
          <Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {pages.length} 个功能
          </Text>
        </div>
        <ArrowRightOutlined className={styles.moduleArrow} />
      </Flex>
      <Flex wrap gap={8} style={{ marginTop: 16 }}>
        {pages.map((page) => (
          <button key={page.name} type="button" className={styles.pageLink} onClick={() => onOpen(page.path)}>
            {page.title}
          </button>
        ))}
      </Flex>
    </Card>
  );
}

function PermissionSummary({ user, modules }: { user: SessionUser; modules: number }) {
  const { token } = theme.useToken();
  const isAdmin = user.userName === 'admin';
  const counts = useMemo(() => {
    const routes = new Set(allRouteNames().map((n) => n.toLowerCase()));
    const pages = user.permissions.filter((c) => routes.has(c.toLowerCase())).length;
    return { pages, actions: user.permissions.length - pages };
  }, [user.permissions]);
  const figures = [
    { label: '可用模块', value: modules },
    { label: '页面权限', value: counts.pages },
    { label: '操作权限', value: counts.actions },
  ];
  return (
    <Card
      variant="borderless"
      className={styles.sideCard}
      title={
        <span>
          <SafetyCertificateOutlined style={{ color: token.colorPrimary, marginRight: 8 }} />
          我的权限
        </span>
      }
      extra={isAdmin ? <Tag color="gold">超级管理员</Tag> : null}
    >
      <Flex justify="space-between" style={{ textAlign: 'center' }}>
        {figures.map((f) => (
          <div key={f.label} style={{ flex: 1 }}>
            <div style={{ fontSize: 24, fontWeight: 600, color: token.colorTextHeading }}>{f.value}</div>
            <Text type="secondary" style={{ fontSize: 12 }}>
              {f.label}
            </Text>
          </div>
        ))}
      </Flex>
      <div
        className={styles.hint}
        style={{ background: token.colorFillQuaternary, borderRadius: token.borderRadius }}
      >
        <Text type="secondary" style={{ fontSize: 13 }}>
          {isAdmin
            ? '管理员账号不受角色限制，可使用全部功能并为其他用户分配角色。'
            : `共 ${user.permissions.length} 项权限，来自您所属角色的授权。如需使用更多功能，请联系企业管理员调整角色权限。`}
        </Text>
      </div>
    </Card>
  );
}

/** The provider's way to its tenant screens, which live outside the main layout. */
function ProviderCard({ onOpen }: { onOpen: () => void }) {
  const { token } = theme.useToken();
  return (
    <Card variant="borderless" className={styles.sideCard}>
      <Flex align="center" gap={14}>
        <span
          className={styles.moduleIcon}
          style={{
            background: token.colorPrimaryBg,
            color: token.colorPrimary,
            borderRadius: token.borderRadiusLG,
          }}
        >
          <ClusterOutlined />
        </span>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text strong style={{ fontSize: 15 }}>
            服务商控制台
          </Text>
          <Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            开通企业、维护功能开关与启停状态
          </Text>
        </div>
      </Flex>
      <Button type="primary" ghost block style={{ marginTop: 16 }} onClick={onOpen}>
        进入租户管理
      </Button>
    </Card>
  );
}

function AccountCard({ user }: { user: SessionUser }) {
  const rows = [
    { label: '姓名', value: user.name },
    { label: '登录账号', value: user.userName },
    { label: '企业编码', value: user.companyInfo.memberCode },
    ...(user.companyInfo.version ? [{ label: '系统版本', value: user.companyInfo.version }] : []),
  ];
  return (
    <Card variant="borderless" className={styles.sideCard} title="账号信息">
      <Flex vertical gap={12}>
        {rows.map((r) => (
          <Flex key={r.label} justify="space-between" gap={12}>
            <Text type="secondary">{r.label}</Text>
            <Text ellipsis style={{ maxWidth: '65%', textAlign: 'right' }}>
              {r.value}
            </Text>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}

/** Opened by its address (the landing page): the user's to-dos are asked at once. */
export const prefetch = (client: QueryClient) =>
  client.prefetchQuery(workbenchQuery(useSession.getState().user?.id));

/**
 * The /home workbench: greeting, shift and station, what waits for the user (我的待办) and what
 * they changed lately (最近处理), and a shortcut card per module the user may open.
 */
export default function Workbench() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const now = useNow();
  const hasPage = useHasPage();
  const work = useQuery({ ...workbenchQuery(user?.id), enabled: Boolean(user) });
  const modules = useMemo(() => {
    if (!user) return [];
    const subject = { isAdmin: user.userName === 'admin', permissions: permissionSet(user) };
    // Home is this page; only modules with pages under them get a card.
    return menuEntries(subject, hasPage).filter((e) => e.children.length > 0);
  }, [user, hasPage]);

  if (!user) return null;
  return (
    <div className={styles.page}>
      <Hero user={user} now={now} />
      <Row gutter={[20, 20]} style={{ marginTop: 20 }}>
        <Col xs={24} xl={17} xxl={18}>
          <Row gutter={[16, 16]} style={{ marginBottom: 20 }}>
            <Col xs={24} lg={14}>
              <TodoCard query={work} todos={work.data?.todos} onOpen={(path) => navigate(path)} />
            </Col>
            <Col xs={24} lg={10}>
              <RecentCard query={work} items={work.data?.recent} />
            </Col>
          </Row>
          <Flex align="baseline" justify="space-between" style={{ marginBottom: 12 }}>
            <Title level={5} style={{ margin: 0 }}>
              我的功能
            </Title>
            <Text type="secondary" style={{ fontSize: 13 }}>
              点击模块或功能名称直接进入
            </Text>
          </Flex>
          {modules.length ? (
            <Row gutter={[16, 16]}>
              {modules.map((m) => (
                <Col key={m.name} xs={24} md={12} xxl={8}>
                  <ModuleCard entry={m} onOpen={(path) => navigate(path)} />
                </Col>
              ))}
            </Row>
          ) : (
            <Card variant="borderless" className={styles.sideCard}>
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  <>
                    <div>暂无可使用的功能模块</div>
                    <Text type="secondary" style={{ fontSize: 12 }}>
                      如需使用更多功能，请联系企业管理员分配角色权限
                    </Text>
                  </>
                }
              />
            </Card>
          )}
        </Col>
        <Col xs={24} xl={7} xxl={6}>
          <Flex vertical gap={20}>
            {user.companyInfo.flags.providerConsole && hasPage('tenant') && (
              <ProviderCard onOpen={() => navigate(routePath('tenant'))} />
            )}
            <PermissionSummary user={user} modules={modules.length} />
            <AccountCard user={user} />
          </Flex>
        </Col>
      </Row>
    </div>
  );
}
