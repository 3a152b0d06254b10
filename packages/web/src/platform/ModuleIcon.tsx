import {
  AppstoreOutlined,
  BarChartOutlined,
  BuildOutlined,
  CalculatorOutlined,
  ClusterOutlined,
  CustomerServiceOutlined,
  DatabaseOutlined,
  HomeOutlined,
  InboxOutlined,
  PhoneOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType, CSSProperties } from 'react';

/**
 * The icons named by `meta.icon` in the route tree. An explicit map rather than a lookup in the
 * whole icon package keeps the bundle to the icons actually used.
 */
export const moduleIcons: Record<string, ComponentType<{ style?: CSSProperties }>> = {
  BarChartOutlined,
  BuildOutlined,
  CalculatorOutlined,
  ClusterOutlined,
  CustomerServiceOutlined,
  DatabaseOutlined,
  HomeOutlined,
  InboxOutlined,
  PhoneOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  ShopOutlined,
  ToolOutlined,
  UserOutlined,
};

/** The icon of a first-level module; a neutral one for a name the map does not know. */
export function ModuleIcon({ name, style }: { name?: string; style?: CSSProperties }) {
  const Icon = (name && moduleIcons[name]) || AppstoreOutlined;
  return <Icon style={style} />;
}
