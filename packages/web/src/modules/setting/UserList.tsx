import { CopyOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { PASSWORD_RULE, PASSWORD_RULE_MESSAGE } from '@factory/shared/api/auth';
import { userApi } from '@factory/shared/api/user';
import { userEntity } from '@factory/shared/entities/user';
import { Alert, Avatar, Flex, Modal, Tag, Typography, theme } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { fileSrc } from '../../platform/fileSrc.ts';
import { NameTags } from '../../platform/list/columns.tsx';
import { type ImportField, ImportWizard } from '../../platform/list/ImportWizard.tsx';
import { ListPage } from '../../platform/list/ListPage.tsx';
import type { ColumnOverride, ListPageHandle, RowAction, ToolbarAction } from '../../platform/list/types.ts';
import { useSession } from '../../platform/session.ts';
import UserFormModal, { type UserFormMode } from './UserFormModal.tsx';
import UserLinksModal, { equipmentLinks, stationLinks } from './UserLinksModal.tsx';
import { exportUsers, type User, userImportPaths, users } from './userApi.ts';

const { Text, Paragraph } = Typography;

const ROUTE = 'userList';

/** Every imported user starts with the password the administrator gives here. */
const IMPORT_FIELDS: ImportField[] = [
  {
    name: 'password',
    label: '初始密码',
    type: 'password',
    rules: [
      { required: true, message: '请输入初始密码' },
      { pattern: PASSWORD_RULE, message: PASSWORD_RULE_MESSAGE },
    ],
    extra: '导入的用户均以此密码登录，请告知他们登录后尽快修改',
  },
];

/** The temporary password of a reset, shown once. */
function PasswordResult({ result, onClose }: { result?: { user: User; password: string }; onClose(): void }) {
  const { token } = theme.useToken();
  return (
    <Modal
      open={!!result}
      title="重置密码"
      width={460}
      okText="我已记下"
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      destroyOnHidden
    >
      {result && (
        <Flex vertical gap={16} style={{ marginTop: 12 }}>
          <Text>
            已为 <Text strong>{result.user.name}</Text>（{result.user.userName}
            ）生成新的临时密码，其原有登录已失效：
          </Text>
          <Flex
            align="center"
            justify="center"
            style={{
              padding: '14px 16px',
              borderRadius: token.borderRadiusLG,
              background: token.colorFillQuaternary,
              border: `1px dashed ${token.colorBorder}`,
            }}
          >
            <Paragraph
              copyable={{ text: result.password, tooltips: ['复制', '已复制'], icon: <CopyOutlined /> }}
              style={{ margin: 0, fontFamily: token.fontFamilyCode, fontSize: 22, letterSpacing: 2 }}
            >
              {result.password}
            </Paragraph>
          </Flex>
          <Alert
            type="warning"
            showIcon
            title="关闭后将无法再次查看，请复制并告知该用户，登录后尽快修改密码。"
          />
        </Flex>
      )}
    </Modal>
  );
}

/** /setting/user-info/user: the tenant's users (spec 001 §2.4, §7.4). */
export default function UserList() {
  const { token } = theme.useToken();
  const myId = useSession((s) => s.user?.id);
  const list = useRef<ListPageHandle>(null);
  const [dialog, setDialog] = useState<{ open: boolean; mode: UserFormMode; user?: User }>({
    open: false,
    mode: 'add',
  });
  const [reset, setReset] = useState<{ user: User; password: string }>();
  const [stationsOf, setStationsOf] = useState<User>();
  const [equipmentOf, setEquipmentOf] = useState<User>();
  const [importing, setImporting] = useState(false);

  const isMe = (u: User) => u.id === myId;
  const isAdmin = (u: User) => u.userName === 'admin';

  const columns = useMemo<Partial<Record<string, ColumnOverride<User>>>>(
    () => ({
      userName: {
        render: (v) => <Text style={{ fontFamily: token.fontFamilyCode }}>{String(v)}</Text>,
      },
      name: {
        width: 140,
        ellipsis: false,
        render: (v, u) => (
          <Flex align="center" gap={6}>
            <Avatar
              size={24}
              src={fileSrc(u.avatar)}
              style={{ background: token.colorPrimary, flex: 'none' }}
            >
              {String(v).slice(0, 1)}
            </Avatar>
            <Text ellipsis style={{ minWidth: 0 }}>
              {String(v)}
            </Text>
            {u.id === myId && (
              <Tag
                color="blue"
                variant="filled"
                style={{ marginInlineEnd: 0, paddingInline: 4, flex: 'none' }}
              >
                我
              </Tag>
            )}
          </Flex>
        ),
      },
      roleNames: { width: 160, ellipsis: false, render: (v) => <NameTags value={v} /> },
      groupNames: { width: 160, ellipsis: false, render: (v) => <NameTags value={v} /> },
      stationNames: { width: 180, ellipsis: false, render: (v) => <NameTags value={v} /> },
    }),
    [token, myId],
  );

  const toolbar: ToolbarAction[] = [
    {
      key: 'add',
      label: '新增用户',
      action: 'Add',
      primary: true,
      icon: <PlusOutlined />,
      onClick: () => setDialog({ open: true, mode: 'add' }),
    },
  ];

  const rowActions: RowAction<User>[] = [
    {
      key: 'modify',
      label: '修改',
      action: 'Modify',
      onClick: (u) => setDialog({ open: true, mode: 'edit', user: u }),
    },
    {
      key: 'enable',
      label: '启用',
      action: 'Enable',
      visible: (u) => u.isEnabled === 0,
      success: '启用成功',
      onClick: (u) => users.enable({ id: u.id }),
    },
    {
      key: 'disable',
      label: '停用',
      action: 'Disable',
      danger: true,
      visible: (u) => u.isEnabled === 1 && !isMe(u),
      confirm: (u) => `停用后“${u.name}”将立即退出登录且无法再登录，确定停用吗？`,
      success: '停用成功',
      onClick: (u) => users.disable({ id: u.id }),
    },
    {
      key: 'copy',
      label: '复制',
      action: 'Copy',
      onClick: (u) => setDialog({ open: true, mode: 'copy', user: u }),
    },
    { key: 'setStation', label: '设置工位', action: 'SetStation', onClick: (u) => setStationsOf(u) },
    { key: 'setEquipment', label: '设置设备', action: 'SetEquipment', onClick: (u) => setEquipmentOf(u) },
    {
      key: 'resetPassword',
      label: '重置密码',
      action: 'ResetPassword',
      icon: <KeyOutlined />,
      confirm: (u) => `将为“${u.name}”生成新的临时密码，其原密码与登录立即失效，确定重置吗？`,
      onClick: async (u) => {
        const { password } = await users.resetPassword({ query: { id: u.id }, body: { id: u.id } });
        setReset({ user: u, password });
      },
    },
    {
      key: 'delete',
      label: '删除',
      action: 'Del',
      danger: true,
      // the server refuses both: the admin account and one's own
      visible: (u) => !isAdmin(u) && !isMe(u),
      confirm: '您确定要删除吗?',
      success: '删除成功',
      onClick: (u) => users.remove({ id: u.id }),
    },
  ];

  return (
    <>
      <ListPage
        ref={list}
        entity={userEntity}
        routeName={ROUTE}
        endpoint={userApi.listPage}
        title="用户列表"
        columns={columns}
        toolbar={toolbar}
        rowActions={rowActions}
        onExport={exportUsers}
        onImport={() => setImporting(true)}
      />
      <UserFormModal
        open={dialog.open}
        mode={dialog.mode}
        source={dialog.user}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={() => {
          setDialog((d) => ({ ...d, open: false }));
          list.current?.reload();
        }}
      />
      <PasswordResult result={reset} onClose={() => setReset(undefined)} />
      <UserLinksModal
        links={stationLinks}
        user={stationsOf}
        onClose={() => setStationsOf(undefined)}
        onSaved={() => {
          setStationsOf(undefined);
          list.current?.reload();
        }}
      />
      <UserLinksModal
        links={equipmentLinks}
        user={equipmentOf}
        onClose={() => setEquipmentOf(undefined)}
        onSaved={() => setEquipmentOf(undefined)}
      />
      <ImportWizard
        open={importing}
        entityLabel="用户"
        {...userImportPaths}
        writeFields={IMPORT_FIELDS}
        onClose={() => setImporting(false)}
        onDone={() => {
          setImporting(false);
          list.current?.reload();
        }}
      />
    </>
  );
}
