import { type UserRow, userApi } from '@factory/shared/api/user';
import { userEntity } from '@factory/shared/entities/user';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Col, Descriptions, Flex, Form, Input, Row, Tag, Typography } from 'antd';
import type { Static } from 'typebox';
import { client } from '../../platform/call.ts';
import { FormSaveBar } from '../../platform/FormSaveBar.tsx';
import { IMAGE_HINT, ImageUpload } from '../../platform/ImageUpload.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { fieldRules, showFieldErrors } from '../../platform/list/formRules.ts';
import { useSession } from '../../platform/session.ts';
import { useSubmit } from '../../platform/useSubmit.ts';
import { CurrentPost } from '../../shell/SwitchDialogs.tsx';

type Own = Static<typeof UserRow>;
type Values = { name: string; phone?: string; email?: string; avatar?: string | null };

const users = client(userApi);
const EDITABLE = ['name', 'phone', 'email', 'avatar'] as const;
const f = userEntity.fields;

const valuesOf = (own: Own): Values => ({
  name: own.name,
  phone: own.phone ?? '',
  email: own.email ?? '',
  avatar: own.avatar,
});

/** A list of names joined by '、' as tags, or a dash. */
function Names({ text, color }: { text: string | null | undefined; color?: string }) {
  const names = text ? text.split('、').filter(Boolean) : [];
  if (!names.length) return <Typography.Text type="secondary">未设置</Typography.Text>;
  return (
    <Flex wrap gap={4}>
      {names.map((n) => (
        <Tag key={n} color={color} style={{ marginInlineEnd: 0 }}>
          {n}
        </Tag>
      ))}
    </Flex>
  );
}

/**
 * /self-center/user-info: the signed-in user's own profile. Name, phone, email and avatar are
 * theirs to change; user name, job number, organisation, roles, groups and stations are set by an
 * administrator on the user screen, so they are shown, not edited.
 */
export default function UserInfo() {
  const own = useQuery({
    queryKey: ['ownDetail'],
    queryFn: ({ signal }) => users.ownDetail({ signal }),
    staleTime: 0,
  });
  if (own.isPending || own.isError) return <LoadState query={own} title="个人信息" rows={10} />;
  return <Profile own={own.data} />;
}

function Profile({ own }: { own: Own }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSubmit();
  const name = Form.useWatch('name', form);

  const submit = (v: Values) =>
    run(async () => {
      try {
        const saved = await users.updateOwn({
          name: v.name.trim(),
          phone: v.phone?.trim() ?? '',
          email: v.email?.trim() ?? '',
          avatar: v.avatar ?? null,
        });
        client.setQueryData(['ownDetail'], saved);
        form.setFieldsValue(valuesOf(saved));
        // the header shows the name and avatar: at once, without signing in again
        const { user, setUser } = useSession.getState();
        if (user) setUser({ ...user, name: saved.name, avatar: saved.avatar });
        message.success('修改成功');
      } catch (err) {
        showFieldErrors(form, err, EDITABLE);
        throw err;
      }
    });

  return (
    <Form form={form} layout="vertical" name="selfInfo" initialValues={valuesOf(own)} onFinish={submit}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card variant="borderless" style={{ height: '100%' }}>
            <Flex vertical align="center" gap={8}>
              <Form.Item name="avatar" noStyle>
                <ImageUpload shape="circle" text="上传头像" alt="头像" />
              </Form.Item>
              <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
                {IMAGE_HINT}
              </Typography.Text>
              <Typography.Title level={4} style={{ margin: '8px 0 0' }}>
                {name || own.name}
              </Typography.Title>
              <Typography.Text type="secondary">{own.userName}</Typography.Text>
              <CurrentPost />
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card variant="borderless" title="基本资料">
            <Row gutter={24}>
              <Col xs={24} md={12}>
                <Form.Item name="name" label={f.name.label} rules={fieldRules(f.name)}>
                  <Input placeholder="请输入姓名" maxLength={f.name.maxLength} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="phone" label={f.phone.label} rules={fieldRules(f.phone)}>
                  <Input placeholder="请输入手机号" maxLength={f.phone.maxLength} allowClear />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="email" label={f.email.label} rules={fieldRules(f.email)}>
                  <Input placeholder="请输入邮箱" maxLength={f.email.maxLength} allowClear />
                </Form.Item>
              </Col>
            </Row>
          </Card>
          <Card variant="borderless" title="账号与岗位" style={{ marginTop: 16 }}>
            <Descriptions
              bordered
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'userName', label: '用户名', children: own.userName },
                {
                  key: 'jobNumber',
                  label: '工号',
                  children: own.jobNumber ?? <Typography.Text type="secondary">未设置</Typography.Text>,
                },
                { key: 'organization', label: '所属组织', children: <Names text={own.organizationName} /> },
                { key: 'roles', label: '角色', children: <Names text={own.roleNames} color="blue" /> },
                { key: 'groups', label: '用户组', children: <Names text={own.groupNames} /> },
                {
                  key: 'stations',
                  label: '可用工位',
                  children: <Names text={own.stationNames} color="geekblue" />,
                },
                { key: 'createdAt', label: '创建时间', children: own.createdAt },
              ]}
            />
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12, fontSize: 12 }}>
              以上信息由管理员在“用户”中维护；如需调整，请联系管理员。
            </Typography.Text>
          </Card>
        </Col>
      </Row>
      <div style={{ marginTop: 16 }}>
        <FormSaveBar saving={saving} onReset={() => form.resetFields()} />
      </div>
    </Form>
  );
}
