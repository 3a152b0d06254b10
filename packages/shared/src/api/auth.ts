import { Type } from 'typebox';

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
});

export const LoginResult = Type.Object({ token: Type.String(), userInfo: UserInfo });
