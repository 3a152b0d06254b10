import { LinkOutlined, PictureOutlined } from '@ant-design/icons';
import { authApi } from '@factory/shared/api/auth';
import { basicConfigDecl } from '@factory/shared/api/basicConfig';
import { App, Card, Col, Flex, Form, Image, Input, QRCode, Row, Typography, theme } from 'antd';
import { call } from '../../platform/call.ts';
import { FormSaveBar } from '../../platform/FormSaveBar.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { useSession } from '../../platform/session.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { useSubmit } from '../../platform/useSubmit.ts';
import { showFieldErrors, useBasicConfig } from './useBasicConfig.ts';

const { Text } = Typography;

/** The codes this page edits; member_code is shown but never sent. */
const CODES = ['companyName', 'companyLogo', 'version', 'app_version_upload'] as const;
type Code = (typeof CODES)[number];
type Values = Record<Code, string>;

/** The company profile codes the header shows, so a change refreshes the session user. */
const PROFILE: readonly Code[] = ['companyName', 'companyLogo', 'version'];

/** Same address rule as the server: absolute http(s) URL or a site path, no spaces or quotes. */
const URL_RULE = /^(https?:\/\/|\/)[^\s<>"']{0,500}$/;
const urlRule = (name: string) => ({
  validator: (_: unknown, v: string | undefined) =>
    !v || URL_RULE.test(v)
      ? Promise.resolve()
      : Promise.reject(new Error(`“${name}”应为以 http(s):// 或 / 开头的地址`)),
});

const label = (code: keyof typeof basicConfigDecl) => basicConfigDecl[code].name;

/** 系统参数: the company profile and the app download address of the tenant's basic config. */
export default function SystemParams() {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const can = usePermission();
  const editable = can('systemParams', 'Modify');
  const config = useBasicConfig();
  const [form] = Form.useForm<Values>();
  const logo = Form.useWatch('companyLogo', form);
  const appUrl = Form.useWatch('app_version_upload', form);
  const { saving, run } = useSubmit();

  const initial = Object.fromEntries(CODES.map((c) => [c, config.values[c] ?? ''])) as Values;

  if (config.isPending || config.isError) return <LoadState query={config} title="系统参数" rows={8} />;

  const submit = async (values: Values) => {
    const changed = CODES.filter((c) => (values[c] ?? '').trim() !== initial[c]).map((code) => ({
      code,
      value: (values[code] ?? '').trim(),
    }));
    if (!changed.length) {
      message.info('没有需要保存的修改');
      return;
    }
    await run(async () => {
      try {
        await config.save.mutateAsync(changed);
        message.success('修改成功');
        if (changed.some((c) => PROFILE.includes(c.code))) {
          // the header shows the company name, logo and version from the session user
          const user = await call(authApi.loginInfo, { keep: true });
          useSession.getState().setUser(user);
        }
      } catch (err) {
        showFieldErrors(form, err, CODES);
        throw err;
      }
    });
  };

  const logoOk = !!logo && URL_RULE.test(logo);
  const appUrlOk = !!appUrl && URL_RULE.test(appUrl);
  const appHref = appUrlOk && appUrl.startsWith('/') ? `${window.location.origin}${appUrl}` : appUrl;

  return (
    // Mounted once the values are loaded: initial values (and 重置) are the saved ones.
    <Form
      form={form}
      initialValues={initial}
      layout="vertical"
      disabled={!editable}
      onFinish={submit}
      requiredMark={editable}
    >
      <Flex vertical gap={16}>
        <Card
          variant="borderless"
          title="企业信息"
          extra={<Text type="secondary">显示在顶栏、登录页与打印单据上</Text>}
        >
          <Row gutter={32}>
            <Col xs={24} lg={14}>
              <Form.Item label={label('member_code')} extra="企业编码在开通时确定，不可修改">
                <Input value={config.values.member_code} disabled />
              </Form.Item>
              <Form.Item
                name="companyName"
                label={label('companyName')}
                rules={[
                  { required: true, whitespace: true, message: '请输入企业名称' },
                  { max: 100, message: '企业名称不能超过100个字符' },
                ]}
              >
                <Input placeholder="请输入企业名称" maxLength={100} showCount />
              </Form.Item>
              <Form.Item
                name="version"
                label={label('version')}
                rules={[{ max: 50, message: '版本号不能超过50个字符' }]}
              >
                <Input placeholder="请输入版本号，如 V3.2.0" maxLength={50} />
              </Form.Item>
              <Form.Item
                name="companyLogo"
                label={label('companyLogo')}
                rules={[urlRule(label('companyLogo'))]}
                extra="填写图片地址，以 http(s):// 或 / 开头；建议使用透明背景的 PNG 图片"
              >
                <Input placeholder="请输入企业Logo地址" prefix={<LinkOutlined />} allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} lg={10}>
              <Text type="secondary">Logo 预览</Text>
              <Flex
                align="center"
                justify="center"
                style={{
                  marginTop: 8,
                  height: 180,
                  borderRadius: token.borderRadiusLG,
                  border: `1px dashed ${token.colorBorder}`,
                  background: token.colorFillQuaternary,
                }}
              >
                {logoOk ? (
                  <Image
                    src={logo}
                    alt={label('companyLogo')}
                    style={{ maxHeight: 140, maxWidth: 260, objectFit: 'contain' }}
                  />
                ) : (
                  <Flex vertical align="center" gap={8} style={{ color: token.colorTextQuaternary }}>
                    <PictureOutlined style={{ fontSize: 36 }} />
                    <span>暂未设置Logo</span>
                  </Flex>
                )}
              </Flex>
            </Col>
          </Row>
        </Card>
        <Card
          variant="borderless"
          title="移动端"
          extra={<Text type="secondary">侧边栏“APP下载”二维码使用此地址</Text>}
        >
          <Row gutter={32} align="middle">
            <Col xs={24} lg={14}>
              <Form.Item
                name="app_version_upload"
                label={label('app_version_upload')}
                rules={[urlRule(label('app_version_upload'))]}
                extra="安装包或应用商店页面的地址，以 http(s):// 或 / 开头"
                style={{ marginBottom: 0 }}
              >
                <Input placeholder="请输入APP下载地址" prefix={<LinkOutlined />} allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} lg={10}>
              <Flex align="center" gap={16}>
                {appUrlOk ? (
                  <QRCode value={appHref} size={112} bordered={false} />
                ) : (
                  <Text type="secondary">填写有效的下载地址后在此预览二维码</Text>
                )}
              </Flex>
            </Col>
          </Row>
        </Card>
        {editable && <FormSaveBar saving={saving} onReset={() => form.resetFields()} />}
      </Flex>
    </Form>
  );
}
