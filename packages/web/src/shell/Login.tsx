import { ApartmentOutlined, LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { authApi } from '@factory/shared/api/auth';
import { type BasicConfigTree, basicConfigApi } from '@factory/shared/api/basicConfig';
import type { Envelope } from '@factory/shared/api/envelope';
import { ErrorCode } from '@factory/shared/api/errors';
import { encryptText } from '@factory/shared/crypto';
import { Alert, Button, Flex, Form, Grid, theme } from 'antd';
// the components themselves, not antd's Input with TextArea, Search and OTP attached (~7 KB gzip
// of /login) nor its Avatar with Avatar.Group and its popover
import Avatar from 'antd/es/avatar/Avatar';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Static } from 'typebox';
import { call } from '../platform/call.ts';
import { PRODUCT_TITLE } from '../platform/guard.ts';
import { showFieldErrors } from '../platform/list/formRules.ts';
import { useHasPage } from '../platform/pages.ts';
import { ApiError, buildUrl } from '../platform/request.ts';
import { useSession } from '../platform/session.ts';
import LoginBrand from './LoginBrand.tsx';
import { LoginTabs } from './LoginTabs.tsx';
import { homePath } from './routing.ts';

type Mode = 'account' | 'phone';

interface LoginValues {
  memberCode: string;
  userName?: string;
  phone?: string;
  password: string;
}
/** The fields a refused sign-in may name. */
const LOGIN_FIELDS: (keyof LoginValues)[] = ['memberCode', 'userName', 'phone', 'password'];

interface TenantProfile {
  companyName: string;
  companyLogo?: string;
  version?: string;
}

const LOOKUP_DELAY_MS = 400;

function profileOf(tree: Static<typeof BasicConfigTree>): TenantProfile | undefined {
  const value = (code: string) =>
    tree
      .flatMap((g) => g.children)
      .find((c) => c.code === code)
      ?.value.trim() || undefined;
  const companyName = value('companyName');
  return companyName
    ? { companyName, companyLogo: value('companyLogo'), version: value('version') }
    : undefined;
}

/**
 * The tenant's public name, logo and version for a typed member code. Plain fetch, not the request
 * client: an unknown code is an ordinary state while typing, not an error to toast.
 */
function useTenantProfile(memberCode: string | undefined): TenantProfile | undefined {
  const [profile, setProfile] = useState<TenantProfile>();
  useEffect(() => {
    const code = memberCode?.trim();
    if (!code) {
      setProfile(undefined);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const url = buildUrl(basicConfigApi.publicTree.path, { memberCode: code });
        const env = (await (await fetch(url, { signal: controller.signal })).json()) as Envelope<
          Static<typeof BasicConfigTree>
        >;
        setProfile(
          env.errorCode === ErrorCode.ok && Array.isArray(env.result) ? profileOf(env.result) : undefined,
        );
      } catch {
        if (!controller.signal.aborted) setProfile(undefined);
      }
    }, LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [memberCode]);
  return profile;
}

export default function Login() {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  const hasPage = useHasPage();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const rememberedCode = useSession((s) => s.memberCode);
  const linkedUser = params.get('userName') ?? '';
  // the cursor starts in the first field still empty
  const firstEmpty = !rememberedCode ? 'memberCode' : !linkedUser ? 'userName' : 'password';
  const [mode, setMode] = useState<Mode>('account');
  const [loading, setLoading] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const profile = useTenantProfile(Form.useWatch('memberCode', form));
  // first paint has no breakpoints yet: assume a desktop rather than flash the narrow layout
  const wide = screens.lg !== false;

  const onFinish = async (values: LoginValues) => {
    const memberCode = values.memberCode.trim();
    setRefusal(undefined);
    setLoading(true);
    useSession.getState().setMemberCode(memberCode);
    try {
      const password = await encryptText(values.password);
      const result =
        mode === 'account'
          ? await call(
              authApi.login,
              { memberCode, userName: (values.userName ?? '').trim(), password },
              { quiet: true },
            )
          : await call(
              authApi.loginByPhone,
              { memberCode, phone: (values.phone ?? '').trim(), password },
              { quiet: true },
            );
      useSession.getState().signIn(result.token, result.userInfo, memberCode);
      navigate(homePath(result.userInfo, hasPage), { replace: true });
    } catch (err) {
      // one message: on the card, where it stays visible (the call asked the client not to toast)
      if (err instanceof ApiError) {
        setRefusal(err.message);
        showFieldErrors(form, err, LOGIN_FIELDS);
      }
      setLoading(false);
    }
  };

  const switchMode = (key: Mode) => {
    setMode(key);
    setRefusal(undefined);
  };

  const footer = `© ${new Date().getFullYear()} ${PRODUCT_TITLE}${profile?.version ? ` · ${profile.version}` : ''}`;

  return (
    <Flex style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      {wide && <LoginBrand />}
      <Flex vertical align="center" justify="center" gap={24} style={{ flex: 1, padding: '40px 24px' }}>
        {!wide && (
          <h1 style={{ margin: 0, fontSize: 24, fontWeight: 600, color: token.colorPrimary }}>
            {PRODUCT_TITLE}
          </h1>
        )}
        {/* a plain panel: antd's Card would add ~3 KB gzip to /login for a box styled here anyway */}
        <div
          style={{
            boxSizing: 'border-box',
            width: '100%',
            maxWidth: 420,
            padding: '36px 40px 28px',
            background: token.colorBgContainer,
            boxShadow: '0 12px 40px rgba(31, 45, 95, 0.1)',
            borderRadius: 16,
          }}
        >
          <h2 style={{ margin: 0, fontSize: 24, fontWeight: 600, color: token.colorTextHeading }}>
            欢迎登录
          </h2>
          <Flex align="center" gap={10} style={{ minHeight: 40, marginTop: 6 }}>
            {profile ? (
              <>
                <Avatar
                  shape="square"
                  size={32}
                  src={profile.companyLogo}
                  style={profile.companyLogo ? undefined : { background: token.colorPrimary, flex: 'none' }}
                >
                  {profile.companyName.slice(0, 1)}
                </Avatar>
                <span
                  title={profile.companyName}
                  style={{
                    fontSize: 15,
                    fontWeight: 600,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {profile.companyName}
                </span>
              </>
            ) : (
              <span style={{ color: token.colorTextSecondary }}>请输入企业编码与账号登录系统</span>
            )}
          </Flex>

          <LoginTabs
            activeKey={mode}
            onChange={switchMode}
            items={[
              { key: 'account', label: '账号登录' },
              { key: 'phone', label: '手机号登录' },
            ]}
          />

          <Form
            form={form}
            size="large"
            onFinish={onFinish}
            requiredMark={false}
            initialValues={{ memberCode: rememberedCode ?? '', userName: linkedUser }}
          >
            <Form.Item
              name="memberCode"
              rules={[{ required: true, whitespace: true, message: '请输入企业编码' }]}
            >
              <Input
                prefix={<ApartmentOutlined style={{ color: token.colorTextTertiary }} />}
                placeholder="请输入企业编码"
                aria-label="企业编码"
                autoComplete="organization"
                maxLength={64}
                autoFocus={firstEmpty === 'memberCode'}
              />
            </Form.Item>
            {mode === 'account' ? (
              <Form.Item
                name="userName"
                rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
              >
                <Input
                  prefix={<UserOutlined style={{ color: token.colorTextTertiary }} />}
                  placeholder="请输入用户名"
                  aria-label="用户名"
                  autoComplete="username"
                  maxLength={64}
                  autoFocus={firstEmpty === 'userName'}
                />
              </Form.Item>
            ) : (
              <Form.Item name="phone" rules={[{ required: true, whitespace: true, message: '请输入手机号' }]}>
                <Input
                  prefix={<MobileOutlined style={{ color: token.colorTextTertiary }} />}
                  placeholder="请输入手机号"
                  aria-label="手机号"
                  autoComplete="tel"
                  inputMode="tel"
                  maxLength={32}
                />
              </Form.Item>
            )}
            <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
              <Password
                prefix={<LockOutlined style={{ color: token.colorTextTertiary }} />}
                placeholder="请输入密码"
                aria-label="密码"
                autoComplete="current-password"
                maxLength={64}
                autoFocus={firstEmpty === 'password'}
              />
            </Form.Item>
            {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
            <Form.Item style={{ marginBottom: 0 }}>
              <Button type="primary" htmlType="submit" block loading={loading}>
                登录
              </Button>
            </Form.Item>
          </Form>
        </div>
        <span style={{ fontSize: 12, color: token.colorTextSecondary }}>{footer}</span>
      </Flex>
    </Flex>
  );
}
