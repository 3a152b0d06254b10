import { Type } from 'typebox';

/** The basic config codes of spec 000 §3, with their Chinese names and groups. */
export const BASIC_CONFIG_CODES = [
  'companyName',
  'companyLogo',
  'version',
  'app_version_upload',
  'page_size_config',
  'plan_config',
  'base_router',
  'member_code',
] as const;
export type BasicConfigCode = (typeof BASIC_CONFIG_CODES)[number];

export const basicConfigGroups = {
  company: '企业信息',
  app: '移动端',
  system: '系统参数',
} as const;

export const basicConfigDecl: Record<
  BasicConfigCode,
  { name: string; group: keyof typeof basicConfigGroups; readOnly?: boolean; public?: boolean }
> = {
  companyName: { name: '企业名称', group: 'company', public: true },
  companyLogo: { name: '企业Logo', group: 'company', public: true },
  version: { name: '版本号', group: 'company', public: true },
  member_code: { name: '企业编码', group: 'company', readOnly: true, public: true },
  app_version_upload: { name: 'APP下载地址', group: 'app', public: true },
  page_size_config: { name: '分页条数选项', group: 'system' },
  plan_config: { name: '计划优先级状态', group: 'system' },
  base_router: { name: '功能菜单权限码', group: 'system' },
};

export const BasicConfigItem = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  value: Type.String(),
  groupCode: Type.String(),
  isShow: Type.Boolean(),
  sort: Type.Integer(),
});

export const BasicConfigTree = Type.Array(
  Type.Object({ code: Type.String(), name: Type.String(), children: Type.Array(BasicConfigItem) }),
);

export const CodeQuery = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 64, title: '编码' }) },
  { additionalProperties: false },
);

export const PublicCodeQuery = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 64, title: '编码' }),
    memberCode: Type.String({ minLength: 1, maxLength: 64, title: '企业编码' }),
  },
  { additionalProperties: false },
);

export const MemberCodeQuery = Type.Object(
  { memberCode: Type.String({ minLength: 1, maxLength: 64, title: '企业编码' }) },
  { additionalProperties: false },
);

export const BasicConfigUpdate = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1 })),
    code: Type.String({ minLength: 1, maxLength: 64, title: '编码' }),
    value: Type.String({ maxLength: 100_000, title: '参数值' }),
    isShow: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const BasicConfigBatch = Type.Array(BasicConfigUpdate, {
  minItems: 1,
  maxItems: 100,
  title: '参数列表',
});
