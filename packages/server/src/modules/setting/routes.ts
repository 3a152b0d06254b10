import {
  BasicConfigBatch,
  BasicConfigItem,
  BasicConfigTree,
  BasicConfigUpdate,
  basicConfigDecl,
  CodeQuery,
  MemberCodeQuery,
  PublicCodeQuery,
} from '@factory/shared/api/basicConfig';
import { ListPageQuery, PageResult } from '@factory/shared/api/list';
import { asc } from 'drizzle-orm';
import { Type } from 'typebox';
import { notFound } from '../../platform/errors.ts';
import { type ListFields, listPage } from '../../platform/list.ts';
import { route } from '../../platform/route.ts';
import { basicConfig } from '../../platform/schema.ts';
import { getByCode, listConfig, toTree, updateConfig } from './basicConfigService.ts';

const BASE = 'basicConfig/private/basicConfig/';
const PUBLIC = 'basicConfig/public/basicConfig/';
const EDIT_KEYS = ['systemParamsModify', 'baseSettingModify'] as const;
/** Only these codes are readable before sign-in (the login page shows the company). */
const PUBLIC_CODES = Object.entries(basicConfigDecl)
  .filter(([, d]) => d.public)
  .map(([code]) => code);

const configFields: ListFields = {
  code: { column: basicConfig.code, type: 'string', filter: ['eq', 'in', 'like'], sort: true },
  name: { column: basicConfig.name, type: 'string', filter: ['eq', 'like'], sort: true },
  groupCode: { column: basicConfig.groupCode, type: 'string', filter: ['eq', 'in'], sort: true },
  isShow: { column: basicConfig.isShow, type: 'boolean', filter: ['eq'] },
  sort: { column: basicConfig.sort, type: 'number', sort: true },
};

export const settingRoutes = [
  route({
    method: 'GET',
    url: `${BASE}getAllBasicConfigByTree`,
    summary: '基础配置（按分组）',
    access: { session: true },
    result: BasicConfigTree,
    handler: async ({ tx }) => toTree(await listConfig(tx)),
  }),
  route({
    method: 'GET',
    url: `${BASE}getBasicConfigList`,
    summary: '基础配置列表',
    access: { session: true },
    query: ListPageQuery,
    result: PageResult(BasicConfigItem),
    handler: ({ tx, query }) =>
      listPage(
        ({ total }) => tx.select({ ...basicConfigColumns, __total: total }).from(basicConfig),
        configFields,
        query,
        {
          defaultOrder: [asc(basicConfig.sort), asc(basicConfig.id)],
        },
      ),
  }),
  route({
    method: 'GET',
    url: `${BASE}getBasicConfigDetailByCode`,
    summary: '按编码获取基础配置',
    access: { session: true },
    query: CodeQuery,
    result: BasicConfigItem,
    handler: ({ tx, query }) => getByCode(tx, query.code),
  }),
  route({
    method: 'PUT',
    url: `${BASE}updateBatch`,
    summary: '批量修改基础配置',
    access: { keys: EDIT_KEYS },
    body: BasicConfigBatch,
    result: Type.Array(BasicConfigItem),
    handler: ({ tx, session, body }) => updateConfig(tx, session.userId, body),
  }),
  route({
    method: 'PUT',
    url: `${BASE}updateOne`,
    summary: '修改一项基础配置',
    access: { keys: EDIT_KEYS },
    body: BasicConfigUpdate,
    result: BasicConfigItem,
    handler: async ({ tx, session, body }) => (await updateConfig(tx, session.userId, [body]))[0],
  }),
  route({
    method: 'GET',
    url: `${PUBLIC}getBasicConfigDetailByCode`,
    summary: '登录前获取企业公开配置',
    access: { public: true },
    tx: false,
    query: PublicCodeQuery,
    result: BasicConfigItem,
    handler: ({ services, query }) => {
      if (!PUBLIC_CODES.includes(query.code)) throw notFound(`参数“${query.code.slice(0, 64)}”`);
      return services.inTenantOf(query.memberCode, (tx) => getByCode(tx, query.code));
    },
  }),
  route({
    method: 'GET',
    url: `${PUBLIC}getAllBasicConfigByTree`,
    summary: '登录前获取企业公开配置（按分组）',
    access: { public: true },
    tx: false,
    query: MemberCodeQuery,
    result: BasicConfigTree,
    handler: ({ services, query }) =>
      services.inTenantOf(query.memberCode, async (tx) => toTree(await listConfig(tx, PUBLIC_CODES))),
  }),
  route({
    method: 'GET',
    url: 'systemConfig/private/systemConfig/code',
    summary: '按编码获取系统配置值',
    access: { session: true },
    query: CodeQuery,
    result: Type.String(),
    handler: async ({ tx, query }) => (await getByCode(tx, query.code)).value,
  }),
];

const basicConfigColumns = {
  id: basicConfig.id,
  code: basicConfig.code,
  name: basicConfig.name,
  value: basicConfig.value,
  groupCode: basicConfig.groupCode,
  isShow: basicConfig.isShow,
  sort: basicConfig.sort,
};
