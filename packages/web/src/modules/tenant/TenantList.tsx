import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, type FilterItem, PAGE_SIZES } from '@factory/shared/api/list';
import { routePath } from '@factory/shared/routes';
import { TENANT_FLAGS } from '@factory/shared/tenantFlags';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  App,
  Avatar,
  Badge,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  Popconfirm,
  Row,
  Select,
  Space,
  Table,
  type TableProps,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../platform/session.ts';
import { usePermission } from '../../platform/usePermission.ts';
import TenantFormModal from './TenantFormModal.tsx';
import TenantShell, { Forbidden, isForbidden } from './TenantShell.tsx';
import { enabledFlags, type Tenant, tenantApi } from './tenantApi.ts';

const { Text, Title } = Typography;

interface SearchValues {
  memberCode?: string;
  companyName?: string;
  enabled?: boolean;
}

const SORTABLE = ['memberCode', 'companyName', 'enabled', 'createdAt'] as const;

function toFilters(s: SearchValues): FilterItem[] {
  const out: FilterItem[] = [];
  if (s.memberCode?.trim())
    out.push({ fieldName: 'memberCode', operator: 'like', fieldValue: s.memberCode.trim() });
  if (s.companyName?.trim())
    out.push({ fieldName: 'companyName', operator: 'like', fieldValue: s.companyName.trim() });
  if (s.enabled !== undefined) out.push({ fieldName: 'enabled', operator: 'eq', fieldValue: s.enabled });
  return out;
}

const detailHref = (t: Tenant) => `${routePath('tenantDetail')}?id=${t.id}`;

/** Initial of the company for the avatar when it has no logo. */
const initial = (name: string) => name.trim().slice(0, 1) || '?';

/** /tenant: the provider's registry of tenants. */
export default function TenantList() {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const can = usePermission();
  const ownCode = useSession((s) => s.user?.companyInfo.memberCode);
  const [searchForm] = Form.useForm<SearchValues>();
  const [filters, setFilters] = useState<FilterItem[]>([]);
  const [paging, setPaging] = useState({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [order, setOrder] = useState<string>();
  // The tenant stays set while the dialog closes, so its title and fields do not flip mid-animation.
  const [dialog, setDialog] = useState<{ open: boolean; tenant?: Tenant }>({ open: false });
  const [busy, setBusy] = useState<number>();

  const list = useQuery({
    queryKey: ['tenants', filters, paging, order],
    queryFn: () => tenantApi.list({ ...paging, filters, order }),
    placeholderData: keepPreviousData,
    // another screen (the detail page) may have changed a row since
    staleTime: 0,
  });

  if (isForbidden(list.error)) {
    return (
      <TenantShell>
        <Card variant="borderless">
          <Forbidden />
        </Card>
      </TenantShell>
    );
  }

  const search = (values: SearchValues) => {
    setFilters(toFilters(values));
    setPaging((p) => ({ ...p, currentPage: 1 }));
  };

  const toggle = async (t: Tenant) => {
    setBusy(t.id);
    try {
      if (t.enabled) await tenantApi.disable(t.id);
      else await tenantApi.enable(t.id);
      message.success(t.enabled ? '停用成功' : '启用成功');
      await list.refetch();
    } catch {
      // the request client has shown why
    } finally {
      setBusy(undefined);
    }
  };

  // The provider's own tenant cannot be switched off (the server refuses it as well).
  const isOwn = (t: Tenant) => !!ownCode && t.memberCode.toLowerCase() === ownCode.toLowerCase();

  const columns: TableProps<Tenant>['columns'] = [
    {
      title: '企业编码',
      dataIndex: 'memberCode',
      key: 'memberCode',
      sorter: true,
      width: 180,
      render: (code: string, t) => (
        <Space size={6}>
          <Text
            copyable={{ text: code, tooltips: ['复制', '已复制'] }}
            style={{ fontFamily: token.fontFamilyCode }}
          >
            {code}
          </Text>
          {isOwn(t) && (
            <Tag color="blue" variant="filled">
              当前
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: '企业名称',
      dataIndex: 'companyName',
      key: 'companyName',
      sorter: true,
      render: (name: string, t) => (
        <Flex align="center" gap={10}>
          <Avatar
            shape="square"
            size={32}
            src={t.logo || undefined}
            style={{ background: t.logo ? token.colorBgContainer : token.colorPrimary, flex: 'none' }}
          >
            {initial(name)}
          </Avatar>
          <Link to={detailHref(t)}>{name}</Link>
        </Flex>
      ),
    },
    {
      title: '版本',
      dataIndex: 'version',
      key: 'version',
      width: 100,
      render: (v: string | null) => v || '—',
    },
    {
      title: '功能开关',
      key: 'flags',
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
    {
      title: '状态',
      dataIndex: 'enabled',
      key: 'enabled',
      sorter: true,
      width: 90,
      render: (on: boolean) => <Badge status={on ? 'success' : 'default'} text={on ? '启用' : '停用'} />,
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      sorter: true,
      width: 170,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_, t) => (
        <Space size={4} separator={<span style={{ color: token.colorSplit }}>|</span>}>
          <Link to={detailHref(t)}>详情</Link>
          {can('tenant', 'Modify') && (
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              onClick={() => setDialog({ open: true, tenant: t })}
            >
              编辑
            </Button>
          )}
          {t.enabled
            ? can('tenant', 'Disable') &&
              (isOwn(t) ? (
                <Tooltip title="不能停用服务商自身的租户">
                  <Text disabled>停用</Text>
                </Tooltip>
              ) : (
                <Popconfirm
                  title="停用租户"
                  description="停用后该企业的用户将无法登录，确定停用吗？"
                  okText="停用"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={() => toggle(t)}
                >
                  <Button type="link" danger size="small" style={{ padding: 0 }} loading={busy === t.id}>
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
                  onConfirm={() => toggle(t)}
                >
                  <Button type="link" size="small" style={{ padding: 0 }} loading={busy === t.id}>
                    启用
                  </Button>
                </Popconfirm>
              )}
        </Space>
      ),
    },
  ];

  const onTableChange: TableProps<Tenant>['onChange'] = (pagination, _f, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = String(s?.columnKey ?? '');
    setOrder(
      s?.order && (SORTABLE as readonly string[]).includes(key)
        ? `${s.order === 'ascend' ? '+' : '-'}${key}`
        : undefined,
    );
    setPaging({ currentPage: pagination.current ?? 1, pageSize: pagination.pageSize ?? DEFAULT_PAGE_SIZE });
  };

  return (
    <TenantShell>
      <Flex vertical gap={16}>
        <Flex align="center" justify="space-between">
          <div>
            <Title level={4} style={{ margin: 0 }}>
              租户列表
            </Title>
            <Text type="secondary">开通企业、维护企业信息与功能开关</Text>
          </div>
          {can('tenant', 'Add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true })}>
              新增租户
            </Button>
          )}
        </Flex>
        <Card variant="borderless" styles={{ body: { paddingBottom: 0 } }}>
          <Form name="tenantSearch" form={searchForm} onFinish={search}>
            <Row gutter={24}>
              <Col xs={24} md={12} xl={6}>
                <Form.Item name="memberCode" label="企业编码">
                  <Input placeholder="请输入企业编码" allowClear />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} xl={6}>
                <Form.Item name="companyName" label="企业名称">
                  <Input placeholder="请输入企业名称" allowClear />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} xl={6}>
                <Form.Item name="enabled" label="状态">
                  <Select
                    placeholder="请选择状态"
                    allowClear
                    options={[
                      { value: true, label: '启用' },
                      { value: false, label: '停用' },
                    ]}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} xl={6}>
                <Flex justify="flex-end">
                  <Space>
                    <Button
                      icon={<ReloadOutlined />}
                      onClick={() => {
                        searchForm.resetFields();
                        search({});
                      }}
                    >
                      重置
                    </Button>
                    <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                      查询
                    </Button>
                  </Space>
                </Flex>
              </Col>
            </Row>
          </Form>
        </Card>
        <Card variant="borderless" styles={{ body: { padding: 0 } }}>
          <Table<Tenant>
            rowKey="id"
            columns={columns}
            dataSource={list.data?.content}
            loading={list.isFetching}
            onChange={onTableChange}
            scroll={{ x: 1100 }}
            locale={{ emptyText: '暂无数据' }}
            pagination={{
              current: paging.currentPage,
              pageSize: paging.pageSize,
              total: list.data?.total ?? 0,
              pageSizeOptions: [...PAGE_SIZES],
              showSizeChanger: true,
              showQuickJumper: true,
              showTotal: (t) => `共 ${t} 条`,
              style: { padding: '0 16px' },
            }}
          />
        </Card>
      </Flex>
      <TenantFormModal
        open={dialog.open}
        tenant={dialog.tenant}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={() => {
          setDialog((d) => ({ ...d, open: false }));
          void list.refetch();
        }}
      />
    </TenantShell>
  );
}
