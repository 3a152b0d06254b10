import { PlusOutlined } from '@ant-design/icons';
import { tenantApi } from '@factory/shared/api/tenant';
import { routePath } from '@factory/shared/routes';
import { TENANT_FLAGS } from '@factory/shared/tenantFlags';
import { App, Avatar, Badge, Card, Flex, Space, Tag, Tooltip, Typography, theme } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListPage } from '../../platform/list/ListPage.tsx';
import type { ColumnOverride, ExtraColumn, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { useSession } from '../../platform/session.ts';
import TenantFormModal from './TenantFormModal.tsx';
import TenantShell, { Forbidden, isForbidden } from './TenantShell.tsx';
import { enabledFlags, type Tenant, tenants } from './tenantApi.ts';
import { tenantEntity } from './tenantEntity.ts';

const { Text } = Typography;

const detailHref = (t: Tenant) => `${routePath('tenantDetail')}?id=${t.id}`;

/** Initial of the company for the avatar when it has no logo. */
const initial = (name: string) => name.trim().slice(0, 1) || '?';

const FLAGS_COLUMN: ExtraColumn<Tenant>[] = [
  {
    key: 'flags',
    title: '功能开关',
    after: 'version',
    width: 280,
    render: (_, t) => {
      const on = enabledFlags(t.flags);
      return on.length ? (
        <Flex wrap gap={4}>
          {on.map((f) => (
            <Tooltip key={f} title={TENANT_FLAGS[f].description}>
              <Tag variant="filled" color="processing" style={{ marginInlineEnd: 0 }}>
                {TENANT_FLAGS[f].label}
              </Tag>
            </Tooltip>
          ))}
        </Flex>
      ) : (
        <Text type="secondary">未开启</Text>
      );
    },
  },
];

/** /tenant: the provider's registry of tenants. */
export default function TenantList() {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const ownCode = useSession((s) => s.user?.companyInfo.memberCode);
  const list = useRef<ListPageHandle>(null);
  // The tenant stays set while the dialog closes, so its title and fields do not flip mid-animation.
  const [dialog, setDialog] = useState<{ open: boolean; tenant?: Tenant }>({ open: false });
  const [forbidden, setForbidden] = useState(false);
  const onLoadError = useCallback((err: unknown) => setForbidden(isForbidden(err)), []);

  // The provider's own tenant cannot be switched off (the server refuses it as well).
  const isOwn = useCallback(
    (t: Tenant) => !!ownCode && t.memberCode.toLowerCase() === ownCode.toLowerCase(),
    [ownCode],
  );

  const columns = useMemo<Partial<Record<string, ColumnOverride<Tenant>>>>(
    () => ({
      memberCode: {
        ellipsis: false,
        render: (code, t) => (
          <Space size={6}>
            <Text
              copyable={{ text: String(code), tooltips: ['复制', '已复制'] }}
              style={{ fontFamily: token.fontFamilyCode }}
            >
              {String(code)}
            </Text>
            {isOwn(t) && (
              <Tag color="blue" variant="filled">
                当前
              </Tag>
            )}
          </Space>
        ),
      },
      companyName: {
        ellipsis: false,
        render: (name, t) => (
          <Flex align="center" gap={10}>
            <Avatar
              shape="square"
              size={32}
              src={t.logo || undefined}
              style={{ background: t.logo ? token.colorBgContainer : token.colorPrimary, flex: 'none' }}
            >
              {initial(String(name))}
            </Avatar>
            <Link to={detailHref(t)}>{String(name)}</Link>
          </Flex>
        ),
      },
      enabled: {
        title: '状态',
        render: (on) => <Badge status={on ? 'success' : 'default'} text={on ? '启用' : '停用'} />,
      },
    }),
    [token, isOwn],
  );

  const rowActions = useMemo<RowAction<Tenant>[]>(
    () => [
      { key: 'detail', label: '详情', onClick: (t) => navigate(detailHref(t)) },
      { key: 'edit', label: '编辑', action: 'Modify', onClick: (t) => setDialog({ open: true, tenant: t }) },
      {
        key: 'disable',
        label: '停用',
        action: 'Disable',
        danger: true,
        visible: (t) => t.enabled,
        confirm: (t) => (isOwn(t) ? '' : '停用后该企业的用户将无法登录，确定停用吗？'),
        success: '停用成功',
        onClick: (t) => {
          if (!isOwn(t)) return tenants.disable({ id: t.id });
          message.warning('不能停用服务商自身的租户');
        },
      },
      {
        key: 'enable',
        label: '启用',
        action: 'Enable',
        visible: (t) => !t.enabled,
        confirm: '启用后该企业的用户即可登录，确定启用吗？',
        success: '启用成功',
        onClick: (t) => tenants.enable({ id: t.id }),
      },
    ],
    [navigate, isOwn, message],
  );

  if (forbidden) {
    return (
      <TenantShell>
        <Card variant="borderless">
          <Forbidden />
        </Card>
      </TenantShell>
    );
  }

  return (
    <TenantShell>
      <ListPage
        ref={list}
        entity={tenantEntity}
        routeName="tenant"
        endpoint={tenantApi.listPage}
        title={
          <Space size={12} wrap>
            租户列表
            <Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }}>
              开通企业、维护企业信息与功能开关
            </Text>
          </Space>
        }
        columns={columns}
        extraColumns={FLAGS_COLUMN}
        rowActions={rowActions}
        toolbar={[
          {
            key: 'add',
            label: '新增租户',
            action: 'Add',
            primary: true,
            icon: <PlusOutlined />,
            onClick: () => setDialog({ open: true }),
          },
        ]}
        onLoadError={onLoadError}
      />
      <TenantFormModal
        open={dialog.open}
        tenant={dialog.tenant}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={() => {
          setDialog((d) => ({ ...d, open: false }));
          list.current?.reload();
        }}
      />
    </TenantShell>
  );
}
