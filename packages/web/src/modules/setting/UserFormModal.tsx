import { LockOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { PASSWORD_RULE, PASSWORD_RULE_MESSAGE } from '@factory/shared/api/auth';
import { encryptText } from '@factory/shared/crypto';
import type { FieldDecl } from '@factory/shared/entities/define';
import { userEntity } from '@factory/shared/entities/user';
import { enableStatus } from '@factory/shared/enums';
import {
  App,
  Button,
  Col,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Row,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { fieldRules, placeholderOf, showFieldErrors } from '../../platform/list/formRules.ts';
import { type User, userApi, userNamePrefix } from './userApi.ts';

const { Text } = Typography;
const F = userEntity.fields;

export type UserFormMode = 'add' | 'copy' | 'edit';

interface Values {
  userName: string;
  name: string;
  jobNumber?: string;
  phone?: string;
  email?: string;
  password: string;
  isEnabled: 0 | 1;
}

const FIELDS: (keyof Values)[] = ['userName', 'name', 'jobNumber', 'phone', 'email', 'password', 'isEnabled'];
const TITLES: Record<UserFormMode, string> = { add: '新增用户', copy: '复制用户', edit: '修改用户' };

function TextItem({ name, field }: { name: keyof Values; field: FieldDecl }) {
  return (
    <Form.Item name={name} label={field.label} rules={fieldRules(field)}>
      <Input placeholder={placeholderOf(field)} maxLength={field.maxLength} allowClear={!field.required} />
    </Form.Item>
  );
}

const roleTags = (names: string) =>
  names ? (
    <Flex wrap gap={4}>
      {names.split('、').map((n) => (
        <Tag key={n} color="blue" variant="filled" style={{ marginInlineEnd: 0 }}>
          {n}
        </Tag>
      ))}
    </Flex>
  ) : (
    <Text type="secondary">未分配角色</Text>
  );

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
 * suggested user name; unique fields (工号, 手机号) start empty. Roles are assigned on the role
 * screen, so here they are only shown (and carried over by a copy).
 */
export default function UserFormModal({ open, mode, source, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [suggesting, setSuggesting] = useState(false);
  const editing = mode === 'edit';

  const suggest = async (prefix?: string) => {
    setSuggesting(true);
    try {
      form.setFields([{ name: 'userName', value: await userApi.newUserName(prefix), errors: [] }]);
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
      });
    }
    if (mode === 'copy' && source) {
      form.setFieldsValue({
        name: source.name,
        email: source.email ?? '',
        isEnabled: source.isEnabled === 0 ? 0 : 1,
      });
      void suggest(userNamePrefix(source.userName));
    }
  }, [open, mode, source]);

  const submit = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    setSaving(true);
    const profile = {
      name: v.name.trim(),
      jobNumber: v.jobNumber?.trim() ?? '',
      phone: v.phone?.trim() ?? '',
      email: v.email?.trim() ?? '',
    };
    try {
      const saved =
        editing && source
          ? await userApi.update({ id: source.id, ...profile })
          : await userApi.add({
              ...profile,
              userName: v.userName.trim(),
              password: await encryptText(v.password),
              isEnabled: v.isEnabled,
              ...(mode === 'copy' && source?.roleIds.length ? { roleIds: source.roleIds } : {}),
            });
      message.success(editing ? '修改成功' : '新增成功');
      onSaved(saved);
    } catch (err) {
      showFieldErrors(form, err, FIELDS);
    } finally {
      setSaving(false);
    }
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
              <Form.Item
                name="password"
                label="初始密码"
                rules={[
                  { required: true, message: '请输入初始密码' },
                  { pattern: PASSWORD_RULE, message: PASSWORD_RULE_MESSAGE },
                ]}
              >
                <Input.Password
                  prefix={<LockOutlined />}
                  placeholder="请输入初始密码"
                  autoComplete="new-password"
                />
              </Form.Item>
            </Col>
          )}
          {!editing && (
            <Col xs={24} md={12}>
              <Form.Item name="isEnabled" label={F.isEnabled.label}>
                <Radio.Group options={enableStatus.options} />
              </Form.Item>
            </Col>
          )}
          {source && mode !== 'add' && (
            <Col xs={24} md={12}>
              <Form.Item
                label={F.roleNames.label}
                extra={mode === 'copy' ? '新用户将获得与源用户相同的角色' : '角色在角色管理中分配'}
              >
                {roleTags(source.roleNames)}
              </Form.Item>
            </Col>
          )}
        </Row>
      </Form>
    </Modal>
  );
}
