import { UserAddOutlined } from '@ant-design/icons';
import type { FilterItem } from '@factory/shared/api/list';
import { roleApi } from '@factory/shared/api/role';
import { userApi } from '@factory/shared/api/user';
import { encryptText } from '@factory/shared/crypto';
import { userEntity } from '@factory/shared/entities/user';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Form, Input, Table, type TableColumnType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { AppDrawer, AppModal } from '../../platform/AppModal.tsx';
import { client } from '../../platform/call.ts';
import { actionsWidth, RowActions, useActionRunner } from '../../platform/list/actions.tsx';
import { cellOf, EMPTY_CELL } from '../../platform/list/columns.tsx';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import type { RowAction } from '../../platform/list/types.ts';
import { usePageSizes } from '../../platform/list/useListQuery.ts';
import { useSession } from '../../platform/session.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { useSubmit } from '../../platform/useSubmit.ts';
import UserFormModal from './UserFormModal.tsx';
import UserLinksModal, { equipmentLinks, stationLinks } from './UserLinksModal.tsx';
import type { User } from './userApi.ts';

const { Text } = Typography;
const roles = client(roleApi);
const F = userEntity.fields;

interface RoleRef {
  id: number;
  name: string;
}

/** 添加用户: several users at once; those who already hold the role are skipped. */
function AddUsers({
  role,
  open,
  onClose,
  onAdded,
}: {
  role: RoleRef;
  open: boolean;
  onClose(): void;
  onAdded(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ userIds: number[] }>();
  const { saving, run } = useSubmit();
  const save = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return; // the form says what is missing
    await run(async () => {
      const { userIds } = v;
      const added = await roles.addUsers({ roleId: role.id, userIds });
      message.success(added ? `已添加 ${added} 位用户` : '所选用户已在该角色中');
      form.resetFields();
      onAdded();
    });
  };
  return (
    <AppModal
      open={open}
      width={560}
      title={`添加用户 — ${role.name}`}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item
          name="userIds"
          label="用户"
          rules={[{ required: true, message: '请选择用户' }]}
          extra="可多选；已拥有该角色的用户会跳过"
        >
          <RemoteSelect endpoint={userApi.select} mode="multiple" placeholder="请选择用户" allowClear />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

/**
 * 关联用户 of a role (spec 000 §6): its users, searched by name and paged; add several, and per
 * user set stations, set equipment (hidden for tenants with the hideUserEquipment flag), modify
 * (the user form) or remove from the role. Each action shows only with its permission.
 */
export default function RoleUsersDrawer({
  role,
  onClose,
  onChanged,
}: {
  role?: RoleRef;
  onClose(): void;
  /** Users were added or removed: the role list's counts changed. */
  onChanged(): void;
}) {
  const can = usePermission();
  const myId = useSession((s) => s.user?.id);
  const { sizes, defaultSize, ready } = usePageSizes();
  const [paging, setPaging] = useState<{ page: number; size?: number }>({ page: 1 });
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [stationOf, setStationOf] = useState<User>();
  const [equipmentOf, setEquipmentOf] = useState<User>();
  const hideEquipment = useSession((s) => !!s.user?.companyInfo.flags.hideUserEquipment);
  const [editing, setEditing] = useState<User>();
  const pageSize = paging.size ?? defaultSize;

  const query = useQuery({
    queryKey: ['list', roleApi.usersPage.path, role?.id, paging.page, pageSize, name],
    queryFn:
      role && ready
        ? async ({ signal }) => {
            const filters: FilterItem[] = name
              ? [{ fieldName: 'name', operator: 'like', fieldValue: name }]
              : [];
            const searchVal = filters.length ? await encryptText(JSON.stringify(filters)) : undefined;
            return roles.usersPage(
              { roleId: role.id, currentPage: paging.page, pageSize, searchVal },
              { signal },
            );
          }
        : skipToken,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const reload = () => void query.refetch();
  const changed = () => {
    reload();
    onChanged();
  };
  const { run, busy } = useActionRunner(reload);

  const close = () => {
    setPaging({ page: 1 });
    setTyped('');
    setName('');
    onClose();
  };

  const actions: RowAction<User>[] = [
    ...(can('roleList', 'SetStation')
      ? [{ key: 'station', label: '设置工位', onClick: (u: User) => setStationOf(u) }]
      : []),
    ...(can('roleList', 'SetEquipment') && !hideEquipment
      ? [{ key: 'equipment', label: '设置设备', onClick: (u: User) => setEquipmentOf(u) }]
      : []),
    // the user form saves through the users API: it needs the users screen's 修改
    ...(can('userList', 'Modify')
      ? [{ key: 'modify', label: '修改', onClick: (u: User) => setEditing(u) }]
      : []),
    ...(can('roleList', 'RemoveUser') && role
      ? [
          {
            key: 'remove',
            label: '移除',
            danger: true,
            confirm: (u: User) =>
              u.id === myId
                ? `您将把自己移出“${role.name}”，可能立即失去该角色带来的权限，确定移除吗？`
                : u.roleIds.length <= 1
                  ? `“${u.name}”只有这一个角色，移除后将没有任何功能权限，确定移除吗？`
                  : `确定将“${u.name}”移出“${role.name}”吗？`,
            success: '移除成功',
            onClick: (u: User) => roles.removeUser({ roleId: role.id, userId: u.id }).then(onChanged),
          },
        ]
      : []),
  ];

  const columns: TableColumnType<User>[] = [
    { key: 'userName', dataIndex: 'userName', title: F.userName.label, width: 130 },
    { key: 'name', dataIndex: 'name', title: F.name.label, width: 110 },
    {
      key: 'jobNumber',
      dataIndex: 'jobNumber',
      title: F.jobNumber.label,
      width: 110,
      render: cellOf(F.jobNumber),
    },
    { key: 'phone', dataIndex: 'phone', title: F.phone.label, width: 130, render: cellOf(F.phone) },
    {
      key: 'roleNames',
      dataIndex: 'roleNames',
      title: '全部角色',
      render: (v: string) =>
        v ? (
          <Flex wrap gap={4}>
            {v.split('、').map((n) => (
              <Tag
                key={n}
                variant="filled"
                color={n === role?.name ? 'processing' : undefined}
                style={{ marginInlineEnd: 0 }}
              >
                {n}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Text type="secondary">{EMPTY_CELL}</Text>
        ),
    },
    {
      key: 'isEnabled',
      dataIndex: 'isEnabled',
      title: F.isEnabled.label,
      width: 90,
      render: cellOf(F.isEnabled),
    },
  ];
  if (actions.length)
    columns.push({
      key: '__actions',
      title: '操作',
      fixed: 'right',
      // the drawer is wide enough for every action inline, so none hides under 更多
      width: actionsWidth(
        actions.map((a) => a.label),
        actions.length,
      ),
      render: (_, u) => (
        <RowActions
          row={u}
          rowId={String(u.id)}
          actions={actions}
          max={actions.length}
          busy={busy}
          run={run}
        />
      ),
    });

  return (
    <AppDrawer open={!!role} size={980} title={role ? `关联用户 — ${role.name}` : '关联用户'} onClose={close}>
      {role && (
        <Flex vertical gap={16}>
          <Flex justify="space-between" align="center" wrap gap={12}>
            <Input.Search
              allowClear
              placeholder="按姓名搜索"
              style={{ width: 260 }}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onSearch={(text) => {
                setName(text.trim());
                setPaging((p) => ({ ...p, page: 1 }));
              }}
            />
            {can('roleList', 'AddUser') && (
              <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
                添加用户
              </Button>
            )}
          </Flex>
          <Table<User>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={query.data?.content}
            loading={query.isFetching}
            scroll={{ x: 900 }}
            locale={{
              emptyText: query.isFetching ? (
                ' '
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无用户" />
              ),
            }}
            pagination={{
              current: paging.page,
              pageSize,
              total: query.data?.total ?? 0,
              pageSizeOptions: sizes,
              showSizeChanger: true,
              showTotal: (t) => `共 ${t} 人`,
              onChange: (page, size) => setPaging({ page: size === pageSize ? page : 1, size }),
            }}
          />
          <AddUsers
            role={role}
            open={adding}
            onClose={() => setAdding(false)}
            onAdded={() => {
              setAdding(false);
              changed();
            }}
          />
        </Flex>
      )}
      <UserLinksModal
        links={stationLinks}
        user={stationOf}
        onClose={() => setStationOf(undefined)}
        onSaved={() => setStationOf(undefined)}
      />
      <UserLinksModal
        links={equipmentLinks}
        user={equipmentOf}
        onClose={() => setEquipmentOf(undefined)}
        onSaved={() => setEquipmentOf(undefined)}
      />
      <UserFormModal
        open={!!editing}
        mode="edit"
        source={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          // the form may have changed the user's roles, and so this role's users
          changed();
        }}
      />
    </AppDrawer>
  );
}
