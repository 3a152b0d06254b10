import { Type } from 'typebox';
import { endpoint } from './contract.ts';

/** Password rule, said in Chinese when refused; the web form uses the same check. */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d).{8,64}$/;
export const PASSWORD_RULE_MESSAGE = '密码至少8位，且须同时包含字母和数字';
export const DEMO_PASSWORD = 'Demo@2026';

const MemberCode = Type.String({ minLength: 1, maxLength: 64, title: '企业编码' });
/** Encrypted password (spec 000 §7): base64 text. */
const EncryptedPassword = (title: string) => Type.String({ minLength: 1, maxLength: 1024, title });

export const LoginBody = Type.Object(
  {
    memberCode: MemberCode,
    userName: Type.String({ minLength: 1, maxLength: 64, title: '用户名' }),
    password: EncryptedPassword('密码'),
  },
  { additionalProperties: false },
);

export const LoginByPhoneBody = Type.Object(
  {
    memberCode: MemberCode,
    phone: Type.String({ minLength: 1, maxLength: 32, title: '手机号' }),
    password: EncryptedPassword('密码'),
  },
  { additionalProperties: false },
);

export const UpdatePasswordBody = Type.Object(
  { oldPassword: EncryptedPassword('原密码'), newPassword: EncryptedPassword('新密码') },
  { additionalProperties: false },
);

export const ValidatePasswordBody = Type.Object(
  { password: EncryptedPassword('密码') },
  { additionalProperties: false },
);

export const CompanyInfo = Type.Object({
  memberCode: Type.String(),
  companyName: Type.String(),
  companyLogo: Type.Union([Type.String(), Type.Null()]),
  version: Type.Union([Type.String(), Type.Null()]),
  /** Per-tenant variations of spec 000 §6 as named flags. */
  flags: Type.Record(Type.String(), Type.Boolean()),
});

/** Session user info (spec 000 §3) plus the tenant's company info and flags. */
export const UserInfo = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  userName: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  frequencyId: Type.Union([Type.Integer(), Type.Null()]),
  frequencyName: Type.Union([Type.String(), Type.Null()]),
  stationId: Type.Union([Type.Integer(), Type.Null()]),
  stationName: Type.Union([Type.String(), Type.Null()]),
  authority: Type.String(),
  /** The web codes this user holds: (checked ∪ half) ∩ base_router. */
  permissions: Type.Array(Type.String()),
  fields: Type.String(),
  companyInfo: CompanyInfo,
  /** An administrator set the password: the user must set their own before anything else. */
  mustChangePassword: Type.Boolean(),
});

export const LoginResult = Type.Object({ token: Type.String(), userInfo: UserInfo });

const USER = 'authority/private/user/';
const PUBLIC_USER = 'authority/public/user/';

/** Signing in and out, the session user, and the own password checks (spec 000 §7 user). */
export const authApi = {
  login: endpoint({
    method: 'POST',
    path: `${PUBLIC_USER}login`,
    summary: '用户名密码登录',
    access: { public: true },
    body: LoginBody,
    result: LoginResult,
  }),
  loginByPhone: endpoint({
    method: 'POST',
    path: `${PUBLIC_USER}loginByPhone`,
    summary: '手机号密码登录',
    access: { public: true },
    body: LoginByPhoneBody,
    result: LoginResult,
  }),
  logout: endpoint({
    method: 'GET',
    path: `${USER}logout`,
    summary: '退出登录',
    access: { session: true, whilePasswordPending: true },
  }),
  loginInfo: endpoint({
    method: 'POST',
    path: `${USER}getLoginInfo`,
    summary: '当前登录用户信息',
    access: { session: true, whilePasswordPending: true },
    result: UserInfo,
  }),
  userInfo: endpoint({
    method: 'PUT',
    path: `${PUBLIC_USER}getUserInfo`,
    summary: '按令牌获取用户信息',
    access: { public: true },
    result: UserInfo,
  }),
  updatePassword: endpoint({
    method: 'PUT',
    path: `${USER}updatePassword`,
    summary: '修改本人密码',
    access: { session: true, whilePasswordPending: true },
    body: UpdatePasswordBody,
  }),
  validPassword: endpoint({
    method: 'POST',
    path: `${USER}validPassword`,
    summary: '校验本人密码（查询参数）',
    access: { session: true },
    query: Type.Object(
      { password: Type.String({ minLength: 1, maxLength: 1024, title: '密码' }) },
      { additionalProperties: false },
    ),
  }),
  validatePassword: endpoint({
    method: 'POST',
    path: `${USER}validatePassword`,
    summary: '锁屏解锁校验密码',
    access: { session: true },
    body: ValidatePasswordBody,
  }),
};
