import {
  ClusterOutlined,
  CustomerServiceOutlined,
  InboxOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
} from '@ant-design/icons';
import { Flex, theme } from 'antd';
import { PRODUCT_TITLE } from '../platform/guard.ts';
import { useHasPage } from '../platform/pages.ts';
import { colors } from '../theme.ts';
import LoginArt from './LoginArt.tsx';

/**
 * The product's pillars, each shown once the screen it promises exists (`route`): the sign-in page
 * does not advertise a module that is not built yet.
 */
const FEATURES = [
  {
    icon: <ScheduleOutlined />,
    title: '生产执行',
    text: '订单、计划、工单与排产',
    phrase: '计划排产、工单执行',
    route: 'planSchedules',
  },
  {
    icon: <InboxOutlined />,
    title: '仓储物料',
    text: '出入库、备料、齐套与线边库存',
    phrase: '仓储备料',
    route: 'warehouseRecord',
  },
  {
    icon: <SafetyCertificateOutlined />,
    title: '设备与质量',
    text: '点检保养、质检与追溯',
    phrase: '设备维护、质量追溯',
    route: 'qualityInspectionOrderList',
  },
  {
    icon: <CustomerServiceOutlined />,
    title: '售后服务',
    text: '需求、服务工单与知识库',
    phrase: '售后服务',
    route: 'demandCenterList',
  },
];

/** The sign-in page's left half: product name, tagline, illustration and the three pillars. */
export default function LoginBrand() {
  const { token } = theme.useToken();
  const hasPage = useHasPage();
  const features = FEATURES.filter((f) => hasPage(f.route));
  const white = (alpha: number) => `rgba(255, 255, 255, ${alpha})`;
  return (
    <Flex
      vertical
      justify="space-between"
      style={{
        position: 'relative',
        overflow: 'hidden',
        flex: '0 0 54%',
        padding: '40px 56px 36px',
        color: '#fff',
        background: `linear-gradient(140deg, ${colors.primary} 0%, #4263eb 48%, ${colors.button} 100%)`,
      }}
    >
      {/* soft rings give the flat gradient some depth */}
      <div
        style={{
          position: 'absolute',
          width: 520,
          height: 520,
          right: -180,
          top: -200,
          borderRadius: '50%',
          border: `64px solid ${white(0.06)}`,
        }}
      />
      <div
        style={{
          position: 'absolute',
          width: 300,
          height: 300,
          left: -120,
          bottom: -140,
          borderRadius: '50%',
          background: white(0.05),
        }}
      />

      <Flex align="center" gap={12} style={{ position: 'relative' }}>
        <Flex
          align="center"
          justify="center"
          style={{
            width: 40,
            height: 40,
            borderRadius: 10,
            background: '#fff',
            color: colors.primary,
            fontSize: 22,
            boxShadow: '0 6px 16px rgba(0, 0, 0, 0.12)',
          }}
        >
          <ClusterOutlined />
        </Flex>
        <span style={{ fontSize: 20, fontWeight: 600, letterSpacing: 1 }}>{PRODUCT_TITLE}</span>
      </Flex>

      <Flex
        vertical
        gap={28}
        style={{ position: 'relative', maxWidth: 600, width: '100%', alignSelf: 'center' }}
      >
        <div>
          <h1 style={{ color: '#fff', margin: 0, fontSize: 34, fontWeight: 600, letterSpacing: 2 }}>
            让生产与服务协同更简单
          </h1>
          <div style={{ marginTop: 12, fontSize: 15, lineHeight: 1.8, color: white(0.82) }}>
            {features.map((f) => f.phrase).join('、')}，一个平台统一管理。
          </div>
        </div>
        <LoginArt />
      </Flex>

      <Flex gap={16} style={{ position: 'relative' }}>
        {features.map((f) => (
          <Flex
            key={f.title}
            gap={12}
            align="center"
            style={{
              flex: 1,
              padding: '14px 16px',
              borderRadius: token.borderRadiusLG,
              background: white(0.1),
              border: `1px solid ${white(0.16)}`,
            }}
          >
            <span style={{ fontSize: 22 }}>{f.icon}</span>
            <div>
              <div style={{ fontWeight: 600 }}>{f.title}</div>
              <div style={{ fontSize: 12, color: white(0.75) }}>{f.text}</div>
            </div>
          </Flex>
        ))}
      </Flex>
    </Flex>
  );
}
