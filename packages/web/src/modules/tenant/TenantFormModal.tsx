import { UserOutlined } from '@ant-design/icons';
import { encryptText } from '@factory/shared/crypto';
import { TENANT_FLAG_NAMES, TENANT_FLAGS, type TenantFlag } from '@factory/shared/tenantFlags';
import { Alert, App, Checkbox, Col, Divider, Form, Input, Modal, Row, Typography, theme } from 'antd';
import { useEffect } from 'react';
import { showFieldErrors } from '../../platform/list/formRules.ts';
import { PasswordItem } from '../../platform/PasswordItem.tsx';
import { useSubmit } from '../../platform/useSubmit.ts';
import { enabledFlags, type Tenant, tenants } from './tenantApi.ts';

const { Text } = Typography;

interface Values {
  memberCode: string;
  companyName: string;
  version?: string;
  logo?: string;
  flags: TenantFlag[];
  adminName: string;
  adminPassword: string;
}

const FIELDS: (keyof Values)[] = [
  'memberCode',
  'companyName',
  'version',
  'logo',
  'flags',
  'adminName',
  'adminPassword',
];
const MEMBER_CODE = /^[A-Za-z][A-Za-z0-9_-]*$/;
const URL_RULE = /^(https?:\/\/|\/)[^\s<>"']{0,500}$/;

const flagRecord = (on: readonly TenantFlag[]) =>
  Object.fromEntries(TENANT_FLAG_NAMES.map((f) => [f, on.includes(f)]));

function FlagOption({ flag, checked }: { flag: TenantFlag; checked: boolean }) {
  const { token } = theme.useToken();
  return (
    <Checkbox
      value={flag}
      styles={{ icon: { alignSelf: 'flex-start', marginTop: 3 } }}
      style={{
        width: '100%',
        height: '100%',
        padding: '8px 10px',
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${checked ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
        background: checked ? token.colorPrimaryBg : token.colorBgContainer,
        transition: 'all 0.2s',
      }}
    >
      <Text strong>{TENANT_FLAGS[flag].label}</Text>
      <Text type="secondary" style={{ display: 'block', fontSize: 12, lineHeight: '18px', marginTop: 2 }}>
        {TENANT_FLAGS[flag].description}
      </Text>
    </Checkbox>
  );
}

interface Props {
  open: boolean;
  /** The tenant to edit; none means a new tenant with its first admin. */
  tenant?: Tenant;
  onClose(): void;
  onSaved(tenant: Tenant): void;
}

/** 新增租户 / 编辑租户: the profile and feature flags; a new tenant also gets its admin account. */
export default function TenantFormModal({ open, tenant, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSubmit();
  const flags = Form.useWatch('flags', form) ?? [];
  const editing = !!tenant;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (tenant) {
      form.setFieldsValue({
        companyName: tenant.companyName,
        version: tenant.version ?? '',
        logo: tenant.logo ?? '',
        flags: enabledFlags(tenant.flags),
      });
    }
  }, [open, tenant, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return; // the form shows what is missing
    await run(async () => {
      try {
        const companyName = v.companyName.trim();
        const saved = tenant
          ? await tenants.update({
              id: tenant.id,
              companyName,
              logo: v.logo?.trim() || null,
              version: v.version?.trim() || null,
              flags: flagRecord(v.flags ?? []),
            })
          : await tenants.add({
              memberCode: v.memberCode.trim(),
              companyName,
              ...(v.logo?.trim() ? { logo: v.logo.trim() } : {}),
              ...(v.version?.trim() ? { version: v.version.trim() } : {}),
              flags: flagRecord(v.flags ?? []),
              adminName: v.adminName.trim(),
              adminPassword: await encryptText(v.adminPassword),
            });
        message.success(tenant ? '修改成功' : '新增成功');
        onSaved(saved);
      } catch (err) {
        // the request client has shown the message; point at the field it names
        showFieldErrors(form, err, FIELDS);
        throw err;
      }
    });
  };

  return (
    <Modal
      open={open}
      title={editing ? '编辑租户' : '新增租户'}
      width={850}
      style={{ top: 100 }}
      maskClosable={false}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        name="tenantForm"
        form={form}
        layout="vertical"
        initialValues={{ flags: [] }}
        style={{ marginTop: 16 }}
      >
        <Row gutter={24}>
          <Col span={12}>
            {editing ? (
              <Form.Item label="企业编码" extra="企业编码是用户登录时填写的标识，开通后不可修改">
                <Input value={tenant.memberCode} disabled />
              </Form.Item>
            ) : (
              <Form.Item
                name="memberCode"
                label="企业编码"
                extra="用户登录时填写，开通后不可修改"
                rules={[
                  { required: true, whitespace: true, message: '请输入企业编码' },
                  { min: 2, max: 32, message: '企业编码为2~32个字符' },
                  {
                    pattern: MEMBER_CODE,
                    message: '企业编码须以字母开头，仅含字母、数字、_ 或 -',
                  },
                ]}
              >
                <Input placeholder="请输入企业编码" maxLength={32} />
              </Form.Item>
            )}
          </Col>
          <Col span={12}>
            <Form.Item
              name="companyName"
              label="企业名称"
              rules={[
                { required: true, whitespace: true, message: '请输入企业名称' },
                { max: 100, message: '企业名称不能超过100个字符' },
              ]}
            >
              <Input placeholder="请输入企业名称" maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="version" label="版本号" rules={[{ max: 50, message: '版本号不能超过50个字符' }]}>
              <Input placeholder="请输入版本号，如 V3.2.0" maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="logo"
              label="企业Logo"
              rules={[
                {
                  validator: async (_, v: string | undefined) => {
                    if (v?.trim() && !URL_RULE.test(v.trim()))
                      throw new Error('“企业Logo”应为以 http(s):// 或 / 开头的地址');
                  },
                },
              ]}
            >
              <Input placeholder="请输入企业Logo地址" allowClear />
            </Form.Item>
          </Col>
        </Row>
        {!editing && (
          <>
            <Divider titlePlacement="start" plain style={{ margin: '4px 0 16px' }}>
              首个管理员
            </Divider>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="将为该企业创建登录账号 admin，用于首次登录并为其他用户分配角色"
            />
            <Row gutter={24}>
              <Col span={12}>
                <Form.Item
                  name="adminName"
                  label="管理员姓名"
                  rules={[
                    { required: true, whitespace: true, message: '请输入管理员姓名' },
                    { max: 50, message: '管理员姓名不能超过50个字符' },
                  ]}
                >
                  <Input prefix={<UserOutlined />} placeholder="请输入管理员姓名" maxLength={50} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <PasswordItem name="adminPassword" label="管理员密码" />
              </Col>
            </Row>
          </>
        )}
        <Divider titlePlacement="start" plain style={{ margin: '4px 0 16px' }}>
          功能开关
          <Text type="secondary" style={{ fontSize: 12, marginLeft: 8 }}>
            已开启 {flags.length} / {TENANT_FLAG_NAMES.length}
          </Text>
        </Divider>
        <Form.Item name="flags" style={{ marginBottom: 0 }}>
          <Checkbox.Group style={{ width: '100%' }}>
            <Row gutter={[10, 10]}>
              {TENANT_FLAG_NAMES.map((f) => (
                <Col span={8} key={f}>
                  <FlagOption flag={f} checked={flags.includes(f)} />
                </Col>
              ))}
            </Row>
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
}
