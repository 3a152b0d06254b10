import { ArrowLeftOutlined, CheckCircleFilled, EditOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { ErrorCode } from '@factory/shared/api/errors';
import { routePath } from '@factory/shared/routes';
import { TENANT_FLAG_NAMES, TENANT_FLAGS } from '@factory/shared/tenantFlags';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Badge,
  Breadcrumb,
  Button,
  Card,
  Col,
  Descriptions,
  Flex,
  Image,
  Popconfirm,
  Result,
  Row,
  Skeleton,
  Space,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../platform/request.ts';
import { useSession } from '../../platform/session.ts';
import { usePermission } from '../../platform/usePermission.ts';
import TenantFormModal from './TenantFormModal.tsx';
import TenantShell, { Forbidden, isForbidden } from './TenantShell.tsx';
import { enabledFlags, type Tenant, tenants } from './tenantApi.ts';

const { Text, Title } = Typography;

const LIST = routePath('tenant');
const time = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss');

function NotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="租户不存在"
      subTitle="该租户不存在或链接有误，请从租户列表重新进入"
      extra={
        <Button type="primary" onClick={() => navigate(LIST)}>
          返回租户列表
        </Button>
      }
    />
  );
}

function FlagList({ tenant }: { tenant: Tenant }) {
  const { token } = theme.useToken();
  return (
    <Row gutter={[12, 12]}>
      {/* switched-on flags first, so what the tenant has is read at a glance */}
      {[...TENANT_FLAG_NAMES]
        .sort((a, b) => Number(!!tenant.flags[b]) - Number(!!tenant.flags[a]))
        .map((f) => {
          const on = !!tenant.flags[f];
          return (
            <Col key={f} xs={24} md={12} xl={8}>
              <Flex
                gap={10}
                align="flex-start"
                style={{
                  boxSizing: 'border-box',
                  height: '100%',
                  padding: '12px 14px',
                  borderRadius: token.borderRadiusLG,
                  border: `1px solid ${on ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
                  background: on ? token.colorPrimaryBg : token.colorFillQuaternary,
                }}
              >
                {on ? (
                  <CheckCircleFilled style={{ color: token.colorPrimary, fontSize: 16, marginTop: 3 }} />
                ) : (
                  <MinusCircleOutlined
                    style={{ color: token.colorTextQuaternary, fontSize: 16, marginTop: 3 }}
                  />
                )}
                <div>
                  <Text strong={on} type={on ? undefined : 'secondary'}>
                    {TENANT_FLAGS[f].label}
                  </Text>
                  <Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 2 }}>
                    {TENANT_FLAGS[f].description}
                  </Text>
                </div>
              </Flex>
            </Col>
          );
        })}
    </Row>
  );
}

/** /tenantDetail?id=: one tenant's profile and feature flags. */
export default function TenantDetail() {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const can = usePermission();
  const navigate = useNavigate();
  const ownCode = useSession((s) => s.user?.companyInfo.memberCode);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const validId = Number.isInteger(id) && id > 0;
  const [editOpen, setEditOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const detail = useQuery({
    queryKey: ['tenant', id],
    queryFn: () => tenants.detail({ id }),
    enabled: validId,
    staleTime: 0,
  });

  const body = () => {
    if (isForbidden(detail.error)) return <Forbidden />;
    if (!validId || (detail.error instanceof ApiError && detail.error.code === ErrorCode.notFound))
      return <NotFound />;
    if (detail.isError) {
      return (
        <Result
          status="error"
          title="租户详情加载失败"
          extra={<Button onClick={() => detail.refetch()}>重新加载</Button>}
        />
      );
    }
    return null;
  };

  const problem = body();
  const t = detail.data;
  const own = !!t && !!ownCode && t.memberCode.toLowerCase() === ownCode.toLowerCase();

  const toggle = async (tenant: Tenant) => {
    setBusy(true);
    try {
      if (tenant.enabled) await tenants.disable({ id: tenant.id });
      else await tenants.enable({ id: tenant.id });
      message.success(tenant.enabled ? '停用成功' : '启用成功');
      await detail.refetch();
    } catch {
      // the request client has shown why
    } finally {
      setBusy(false);
    }
  };

  const actions = (tenant: Tenant) => (
    <Space>
      {can('tenant', 'Modify') && (
        <Button icon={<EditOutlined />} onClick={() => setEditOpen(true)}>
          编辑
        </Button>
      )}
      {tenant.enabled
        ? can('tenant', 'Disable') &&
          (own ? (
            <Tooltip title="不能停用服务商自身的租户">
              <Button disabled>停用</Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title="停用租户"
              description="停用后该企业的用户将无法登录，确定停用吗？"
              okText="停用"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => toggle(tenant)}
            >
              <Button danger loading={busy}>
                停用
              </Button>
            </Popconfirm>
          ))
        : can('tenant', 'Enable') && (
            <Popconfirm
              title="启用租户"
              description="启用后该企业的用户即可登录，确定启用吗？"
              okText="启用"
              cancelText="取消"
              onConfirm={() => toggle(tenant)}
            >
              <Button type="primary" loading={busy}>
                启用
              </Button>
            </Popconfirm>
          )}
    </Space>
  );

  return (
    <TenantShell>
      <Flex vertical gap={16}>
        <Flex align="center" gap={12}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label="返回租户列表"
            onClick={() => navigate(LIST)}
          />
          <Breadcrumb items={[{ title: <Link to={LIST}>租户列表</Link> }, { title: '租户详情' }]} />
        </Flex>
        {problem ? (
          <Card variant="borderless">{problem}</Card>
        ) : !t ? (
          <Card variant="borderless">
            <Skeleton active avatar paragraph={{ rows: 6 }} />
          </Card>
        ) : (
          <>
            <Card variant="borderless">
              <Flex justify="space-between" align="center" gap={16} wrap>
                <Flex align="center" gap={16}>
                  <Avatar
                    shape="square"
                    size={64}
                    src={t.logo || undefined}
                    style={{ background: t.logo ? token.colorBgContainer : token.colorPrimary, fontSize: 28 }}
                  >
                    {t.companyName.trim().slice(0, 1)}
                  </Avatar>
                  <div>
                    <Flex align="center" gap={10}>
                      <Title level={4} style={{ margin: 0 }}>
                        {t.companyName}
                      </Title>
                      <Badge status={t.enabled ? 'success' : 'default'} text={t.enabled ? '启用' : '停用'} />
                      {own && (
                        <Tag color="blue" variant="filled">
                          当前租户
                        </Tag>
                      )}
                    </Flex>
                    <Text type="secondary">
                      企业编码{' '}
                      <Text copyable style={{ fontFamily: token.fontFamilyCode }}>
                        {t.memberCode}
                      </Text>
                    </Text>
                  </div>
                </Flex>
                {actions(t)}
              </Flex>
            </Card>
            <Card variant="borderless" title="基本信息">
              <Descriptions column={{ xs: 1, md: 2, xl: 3 }} colon={false} styles={{ label: { width: 96 } }}>
                <Descriptions.Item label="企业编码">{t.memberCode}</Descriptions.Item>
                <Descriptions.Item label="企业名称">{t.companyName}</Descriptions.Item>
                <Descriptions.Item label="版本号">{t.version || '—'}</Descriptions.Item>
                <Descriptions.Item label="状态">
                  <Badge status={t.enabled ? 'success' : 'default'} text={t.enabled ? '启用' : '停用'} />
                </Descriptions.Item>
                <Descriptions.Item label="创建时间">{time(t.createdAt)}</Descriptions.Item>
                <Descriptions.Item label="更新时间">{time(t.updatedAt)}</Descriptions.Item>
                <Descriptions.Item label="企业Logo" span="filled">
                  {t.logo ? (
                    <Space align="center">
                      <Image src={t.logo} height={48} style={{ objectFit: 'contain' }} />
                      <Text type="secondary" copyable>
                        {t.logo}
                      </Text>
                    </Space>
                  ) : (
                    <Text type="secondary">未设置</Text>
                  )}
                </Descriptions.Item>
              </Descriptions>
            </Card>
            <Card
              variant="borderless"
              title="功能开关"
              extra={
                <Text type="secondary">
                  已开启 {enabledFlags(t.flags).length} / {TENANT_FLAG_NAMES.length}
                </Text>
              }
            >
              <FlagList tenant={t} />
            </Card>
          </>
        )}
      </Flex>
      {t && (
        <TenantFormModal
          open={editOpen}
          tenant={t}
          onClose={() => setEditOpen(false)}
          onSaved={() => {
            setEditOpen(false);
            void detail.refetch();
          }}
        />
      )}
    </TenantShell>
  );
}
