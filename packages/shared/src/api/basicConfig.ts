import { Type } from 'typebox';
import { endpoint } from './contract.ts';
import { ListPageQuery, PageResult } from './list.ts';

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
  'over_receipt_rate',
  'over_ship_rate',
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
  over_receipt_rate: { name: '采购超收比例(%)', group: 'system' },
  over_ship_rate: { name: '销售超发比例(%)', group: 'system' },
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

const BASE = 'basicConfig/private/basicConfig/';
const PUBLIC = 'basicConfig/public/basicConfig/';
const EDIT_KEYS = ['systemParamsModify', 'baseSettingModify'];

/**
 * The tenant's basic config (spec 000 §3): read by anyone signed in, the public codes also before
 * sign-in by company code (the login page shows the company), changed from the settings pages.
 */
export const basicConfigApi = {
  tree: endpoint({
    method: 'GET',
    path: `${BASE}getAllBasicConfigByTree`,
    summary: '基础配置（按分组）',
    access: { session: true },
    result: BasicConfigTree,
  }),
  listPage: endpoint({
    method: 'GET',
    path: `${BASE}getBasicConfigList`,
    summary: '基础配置列表',
    access: { session: true },
    query: ListPageQuery,
    result: PageResult(BasicConfigItem),
  }),
  byCode: endpoint({
    method: 'GET',
    path: `${BASE}getBasicConfigDetailByCode`,
    summary: '按编码获取基础配置',
    access: { session: true },
    query: CodeQuery,
    result: BasicConfigItem,
  }),
  updateBatch: endpoint({
    method: 'PUT',
    path: `${BASE}updateBatch`,
    summary: '批量修改基础配置',
    access: { keys: EDIT_KEYS },
    body: BasicConfigBatch,
    result: Type.Array(BasicConfigItem),
  }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}updateOne`,
    summary: '修改一项基础配置',
    access: { keys: EDIT_KEYS },
    body: BasicConfigUpdate,
    result: BasicConfigItem,
  }),
  publicByCode: endpoint({
    method: 'GET',
    path: `${PUBLIC}getBasicConfigDetailByCode`,
    summary: '登录前获取企业公开配置',
    access: { public: true },
    query: PublicCodeQuery,
    result: BasicConfigItem,
  }),
  publicTree: endpoint({
    method: 'GET',
    path: `${PUBLIC}getAllBasicConfigByTree`,
    summary: '登录前获取企业公开配置（按分组）',
    access: { public: true },
    query: MemberCodeQuery,
    result: BasicConfigTree,
  }),
  /** Only the value (systemConfig's spelling of the same table). */
  value: endpoint({
    method: 'GET',
    path: 'systemConfig/private/systemConfig/code',
    summary: '按编码获取系统配置值',
    access: { session: true },
    query: CodeQuery,
    result: Type.String(),
  }),
};
