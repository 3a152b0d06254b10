import { SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { basicConfigApi } from '@factory/shared/api/basicConfig';
import { roleApi } from '@factory/shared/api/role';
import type { RowOf } from '@factory/shared/entities/schema';
import { roleEntity } from '@factory/shared/entities/setting';
import { formatAuthority, isAdmin } from '@factory/shared/permissions';
import {
  authorityOfGrant,
  grantedCodes,
  indexTree,
  parseBaseRouter,
  permissionTree,
  tenantTree,
} from '@factory/shared/permissionTree';
import { skipToken, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Col, Flex, Form, Input, Skeleton, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { AppDrawer } from '../../platform/AppModal.tsx';
import { client } from '../../platform/call.ts';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { useHasPage } from '../../platform/pages.ts';
import { useSession } from '../../platform/session.ts';
import { useSubmit } from '../../platform/useSubmit.ts';
import RoleUsersDrawer from './RoleUsersDrawer.tsx';
import RouterCodeTree from './RouterCodeTree.tsx';

const { Text } = Typography;

type Role = RowOf<typeof roleEntity>;

const roles = client(roleApi);
const basicConfig = client(basicConfigApi);

/** The tenant's function menu (基础设置 → base_router): what a role can be given at all. */
function useTenantCodes() {
  return useQuery({
    queryKey: ['systemConfig', 'base_router'],
    queryFn: () => basicConfig.value({ code: 'base_router' }),
    select: (value) => parseBaseRouter(value),
    staleTime: 60_000,
  });
}

/**
 * 功能权限: the role's menus and buttons on the tenant's tree. Saved in the authority format
 * (spec 000 §3): wholly granted nodes (and pages granted for viewing only) in `checked`, their
 * partly granted ancestors in `half`.
 */
function PermissionDrawer({ role, onClose }: { role?: Role; onClose(): void }) {
  const { message } = App.useApp();
  const hasPage = useHasPage();
  const tenant = useTenantCodes();
  const current = useQuery({
    queryKey: [roleApi.permission.path, role?.id],
    queryFn: role ? ({ signal }) => roles.permission({ id: role.id }, { signal }) : skipToken,
    staleTime: 0,
  });
  // the editor's value once loaded; undefined while it still shows the stored one
  const [edited, setEdited] = useState<{ id: number; codes: string[] }>();
  const { saving, run } = useSubmit();
  const index = useMemo(
    () => (tenant.data ? tenantTree(tenant.data) : indexTree(permissionTree())),
    [tenant.data],
  );
  const stored = useMemo(() => {
    const granted = grantedCodes(current.data?.authority);
    return index.codes.filter((c) => granted.has(c));
  }, [current.data, index]);
  const value = edited && edited.id === role?.id ? edited.codes : stored;
  // an editor who is not the admin grants and withdraws only what they hold (the server insists)
  const user = useSession((st) => st.user);
  const locked = useMemo(() => {
    if (!user || isAdmin(user)) return undefined;
    const held = new Set(user.permissions);
    return new Set(index.codes.filter((c) => !held.has(c)));
  }, [user, index]);
  const ready = !!role && current.isSuccess && !tenant.isPending;

  const close = () => {
    setEdited(undefined);
    onClose();
  };
  const save = async () => {
    if (!role) return;
    await run(async () => {
      const authority = value.length ? formatAuthority([authorityOfGrant(new Set(value), index)]) : '';
      await roles.updatePermission({ id: role.id, authority });
      message.success('设置成功');
      void current.refetch();
      close();
    });
  };

  return (
    <AppDrawer
      open={!!role}
      size={760}
      title={role ? `功能权限 — ${role.name ?? ''}` : '功能权限'}
      onClose={close}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={saving} disabled={!ready} onClick={save}>
            保存
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Alert
          type="info"
          showIcon
          title="勾选菜单与页面即可在菜单中看到并打开；页面下的按钮决定可做的操作，只勾页面不勾按钮即为只读。保存后，拥有该角色的用户下一次操作即按新权限生效，刷新页面后菜单随之更新。"
        />
        {ready ? (
          <RouterCodeTree
            value={value}
            codes={tenant.data}
            showCodes={false}
            locked={locked}
            built={hasPage}
            height={Math.max(320, window.innerHeight - 360)}
            onChange={(codes) => setEdited({ id: role.id, codes })}
          />
        ) : (
          <Skeleton active paragraph={{ rows: 12 }} />
        )}
        <Text type="secondary" style={{ fontSize: 12 }}>
          本企业未开通的功能（系统设置 → 基础设置 → 功能菜单权限码）不在此列出，也不会保存到角色中。
          {locked?.size ? '灰色的项是您自己没有的权限：不能授予或收回，保存时保持原样。' : ''}
        </Text>
      </Flex>
    </AppDrawer>
  );
}

/** /setting/user-info/role: roles, their function permissions and their users (spec 000 §6). */
export default function RoleList() {
  const list = useRef<ListPageHandle>(null);
  const [permissionOf, setPermissionOf] = useState<Role>();
  // the drawer titles itself with the name, which a row may lack
  const [usersOf, setUsersOf] = useState<{ id: number; name: string }>();
  const showUsers = (r: Role) => setUsersOf({ id: r.id, name: r.name ?? '' });

  const rowActions: RowAction<Role>[] = [
    {
      key: 'permission',
      label: '功能权限',
      action: 'SetPermission',
      icon: <SafetyCertificateOutlined />,
      onClick: (r) => setPermissionOf(r),
    },
    // viewing the users needs only the page; adding, removing and the rest are checked inside
    { key: 'users', label: '关联用户', icon: <TeamOutlined />, onClick: showUsers },
  ];

  return (
    <>
      <CrudPage
        ref={list}
        entity={roleEntity}
        maxRowActions={5}
        rowActions={rowActions}
        columns={{
          userCount: {
            render: (v, r) => (
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => showUsers(r)}>
                {Number(v)} 人
              </Button>
            ),
          },
        }}
        formItems={(r, mode) =>
          mode === 'copy' &&
          r && (
            <Col xs={24}>
              <Form.Item name="copyFromId" hidden>
                <Input />
              </Form.Item>
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title={`新角色将带上“${r.name ?? ''}”的功能权限；关联用户不复制。`}
              />
            </Col>
          )
        }
        formValues={(r, mode) => (mode === 'copy' ? { copyFromId: r.id } : {})}
      />
      <PermissionDrawer role={permissionOf} onClose={() => setPermissionOf(undefined)} />
      <RoleUsersDrawer
        role={usersOf}
        onClose={() => setUsersOf(undefined)}
        onChanged={() => list.current?.reload()}
      />
    </>
  );
}
