import { ThunderboltOutlined } from '@ant-design/icons';
import type { Endpoint } from '@factory/shared/api/contract';
import { roleApi } from '@factory/shared/api/role';
import { encryptText } from '@factory/shared/crypto';
import type { FieldDecl } from '@factory/shared/entities/define';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { organizationEntity, userGroupEntity } from '@factory/shared/entities/setting';
import { userEntity } from '@factory/shared/entities/user';
import { enableStatus } from '@factory/shared/enums';
import { App, Button, Col, Form, Input, Modal, Radio, Row, Space, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { IMAGE_HINT, ImageUpload } from '../../platform/ImageUpload.tsx';
import { fieldRules, placeholderOf, showFieldErrors } from '../../platform/list/formRules.ts';
import { RefTreeSelect } from '../../platform/list/RefTreeSelect.tsx';
import { knownOptions, RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { PasswordItem } from '../../platform/PasswordItem.tsx';
import { useSubmit } from '../../platform/useSubmit.ts';
import { type User, userNamePrefix, users } from './userApi.ts';

const F = userEntity.fields;

export type UserFormMode = 'add' | 'copy' | 'edit';

interface Values {
  userName: string;
  name: string;
  jobNumber?: string;
  phone?: string;
  email?: string;
  avatar?: string | null;
  password: string;
  isEnabled: 0 | 1;
  roleIds?: number[];
  groupIds?: number[];
  organizationId?: number | null;
}

const FIELDS: (keyof Values)[] = [
  'userName',
  'name',
  'jobNumber',
  'phone',
  'email',
  'avatar',
  'password',
  'isEnabled',
  'roleIds',
  'groupIds',
  'organizationId',
];
const TITLES: Record<UserFormMode, string> = { add: '新增用户', copy: '复制用户', edit: '修改用户' };

function TextItem({ name, field }: { name: keyof Values; field: FieldDecl }) {
  return (
    <Form.Item name={name} label={field.label} rules={fieldRules(field)}>
      <Input placeholder={placeholderOf(field)} maxLength={field.maxLength} allowClear={!field.required} />
    </Form.Item>
  );
}

const knownRoles = (user?: User) => knownOptions(user?.roleIds, user?.roleNames);
const knownGroups = (user?: User) => knownOptions(user?.groupIds, user?.groupNames);
/** Organisations are picked in their tree (工厂 → 车间 → 班组). */
const ORGANIZATION_TREE = entityEndpoints(organizationEntity).tree as Endpoint;

interface Props {
  open: boolean;
  mode: UserFormMode;
  /** The user to modify, or the one a copy starts from. */
  source?: User;
  onClose(): void;
  onSaved(user: User): void;
}

/**
 * 新增 / 复制 / 修改用户. A copy starts from another user's profile, status and roles with a new
 * suggested user name; unique fields (工号, 手机号) and the avatar (a person's own picture) start
 * empty.
 */
export default function UserFormModal({ open, mode, source, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSubmit();
  const [suggesting, setSuggesting] = useState(false);
  const editing = mode === 'edit';

  const suggest = async (prefix?: string) => {
    setSuggesting(true);
    try {
      form.setFields([{ name: 'userName', value: await users.newUserName({ prefix }), errors: [] }]);
    } catch {
      // the request client has shown why; the name can still be typed
    } finally {
      setSuggesting(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opening
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (mode === 'edit' && source) {
      form.setFieldsValue({
        name: source.name,
        jobNumber: source.jobNumber ?? '',
        phone: source.phone ?? '',
        email: source.email ?? '',
        avatar: source.avatar,
        roleIds: source.roleIds,
        groupIds: source.groupIds,
        organizationId: source.organizationId,
      });
    }
    if (mode === 'copy' && source) {
      form.setFieldsValue({
        name: source.name,
        email: source.email ?? '',
        isEnabled: source.isEnabled === 0 ? 0 : 1,
        roleIds: source.roleIds,
        groupIds: source.groupIds,
        organizationId: source.organizationId,
      });
      void suggest(userNamePrefix(source.userName));
    }
  }, [open, mode, source]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return; // the form shows what is missing
    await run(async () => {
      const profile = {
        name: v.name.trim(),
        jobNumber: v.jobNumber?.trim() ?? '',
        phone: v.phone?.trim() ?? '',
        email: v.email?.trim() ?? '',
        avatar: v.avatar || null,
      };
      const links = {
        roleIds: v.roleIds ?? [],
        groupIds: v.groupIds ?? [],
        organizationId: v.organizationId ?? null,
      };
      try {
        const saved =
          editing && source
            ? await users.update({ id: source.id, ...profile, ...links })
            : await users.add({
                ...profile,
                userName: v.userName.trim(),
                password: await encryptText(v.password),
                isEnabled: v.isEnabled,
                ...links,
              });
        message.success(editing ? '修改成功' : '新增成功');
        onSaved(saved);
      } catch (err) {
        showFieldErrors(form, err, FIELDS);
        throw err;
      }
    });
  };

  return (
    <Modal
      open={open}
      title={mode === 'copy' && source ? `${TITLES.copy}（复制自 ${source.name}）` : TITLES[mode]}
      width={850}
      style={{ top: 100 }}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        name="userForm"
        form={form}
        layout="vertical"
        initialValues={{ isEnabled: 1 }}
        style={{ marginTop: 16 }}
      >
        <Row gutter={24}>
          <Col xs={24} md={12}>
            {editing ? (
              <Form.Item label={F.userName.label} extra="用户名用于登录，创建后不可修改">
                <Input value={source?.userName} disabled />
              </Form.Item>
            ) : (
              <Form.Item label={F.userName.label} required extra="字母、数字和 _ . @ -，用于登录">
                <Space.Compact block>
                  <Form.Item name="userName" noStyle rules={fieldRules(F.userName)}>
                    <Input placeholder={placeholderOf(F.userName)} maxLength={F.userName.maxLength} />
                  </Form.Item>
                  <Tooltip title="生成一个未被使用的用户名">
                    <Button
                      icon={<ThunderboltOutlined />}
                      loading={suggesting}
                      onClick={() => suggest(userNamePrefix(form.getFieldValue('userName') ?? ''))}
                    >
                      生成
                    </Button>
                  </Tooltip>
                </Space.Compact>
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={12}>
            <TextItem name="name" field={F.name} />
          </Col>
          <Col xs={24} md={12}>
            <TextItem name="jobNumber" field={F.jobNumber} />
          </Col>
          <Col xs={24} md={12}>
            <TextItem name="phone" field={F.phone} />
          </Col>
          <Col xs={24} md={12}>
            <TextItem name="email" field={F.email} />
          </Col>
          {!editing && (
            <Col xs={24} md={12}>
              <PasswordItem name="password" label="初始密码" />
            </Col>
          )}
          {!editing && (
            <Col xs={24} md={12}>
              <Form.Item name="isEnabled" label={F.isEnabled.label}>
                <Radio.Group options={enableStatus.options} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item name="roleIds" label={F.roleNames.label}>
              <RemoteSelect
                endpoint={roleApi.select}
                mode="multiple"
                placeholder={`请选择${F.roleNames.label}`}
                knownOptions={knownRoles(source)}
                allowClear
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="organizationId" label={F.organizationName.label}>
              <RefTreeSelect
                endpoint={ORGANIZATION_TREE}
                placeholder={`请选择${F.organizationName.label}`}
                allowClear
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="groupIds" label={F.groupNames.label}>
              <RemoteSelect
                endpoint={entityEndpoints(userGroupEntity).list}
                mode="multiple"
                placeholder={`请选择${F.groupNames.label}`}
                knownOptions={knownGroups(source)}
                allowClear
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="avatar" label="头像" extra={IMAGE_HINT}>
              <ImageUpload shape="circle" text="上传头像" alt="头像" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
