import { encryptText } from '@factory/shared/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness.ts';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await createHarness();
  await h.addTenant('mal');
  token = await h.login('mal', 'admin');
});
afterAll(() => h.close());

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  auth?: boolean;
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as is (not JSON-encoded). */
  raw?: string;
  query?: () => Promise<Record<string, string>> | Record<string, string>;
  status: number;
  code: number;
  message?: string | RegExp;
  field?: string;
}

const LOGIN = '/api/web/v1/authority/public/user/login';
const LIST = '/api/web/v1/basicConfig/private/basicConfig/getBasicConfigList';
const UPDATE = '/api/web/v1/basicConfig/private/basicConfig/updateOne';
const BATCH = '/api/web/v1/basicConfig/private/basicConfig/updateBatch';
const filter = (items: unknown) => async () => ({
  currentPage: '1',
  pageSize: '20',
  searchVal: await encryptText(JSON.stringify(items)),
});

const cases: Case[] = [
  {
    name: 'malformed JSON',
    method: 'POST',
    url: LOGIN,
    raw: '{"memberCode": "mal",',
    status: 422,
    code: 1,
    message: '请求内容不是有效的JSON',
  },
  { name: 'empty JSON body', method: 'POST', url: LOGIN, raw: '', status: 422, code: 1 },
  {
    name: 'missing required field',
    method: 'POST',
    url: LOGIN,
    body: { userName: 'a', password: 'x' },
    status: 422,
    code: 1,
    field: 'memberCode',
  },
  {
    name: 'wrong type',
    method: 'POST',
    url: LOGIN,
    body: { memberCode: 'mal', userName: { $ne: 1 }, password: 'x' },
    status: 422,
    code: 1,
    field: 'userName',
  },
  {
    name: 'unknown field',
    method: 'POST',
    url: LOGIN,
    body: { memberCode: 'mal', userName: 'a', password: 'x', isAdmin: true },
    status: 422,
    code: 1,
    message: '不支持的字段：isAdmin',
  },
  {
    name: 'empty string where required',
    method: 'POST',
    url: LOGIN,
    body: { memberCode: '', userName: 'a', password: 'x' },
    status: 422,
    code: 1,
    message: '请输入企业编码',
  },
  {
    name: 'oversize body',
    method: 'POST',
    url: LOGIN,
    raw: JSON.stringify({ memberCode: 'x'.repeat(2_000_000) }),
    status: 422,
    code: 1,
    message: '请求内容过大',
  },
  {
    name: 'unsupported content type',
    method: 'POST',
    url: LOGIN,
    raw: 'memberCode=mal',
    headers: { 'content-type': 'text/plain' },
    status: 422,
    code: 1,
    message: '不支持的请求内容类型',
  },
  {
    name: 'prototype poisoning',
    method: 'POST',
    url: LOGIN,
    raw: '{"memberCode":"mal","userName":"a","password":"x","__proto__":{"isAdmin":true}}',
    status: 422,
    code: 1,
  },
  {
    name: 'unknown API path',
    method: 'GET',
    url: '/api/web/v1/nothing/here',
    status: 404,
    code: 4,
    message: '请求的地址不存在',
  },
  { name: 'unknown path outside the API', method: 'GET', url: '/api/other', status: 404, code: 4 },
  { name: 'wrong method', method: 'GET', url: LOGIN, status: 404, code: 4 },
  {
    name: 'SQL in member code',
    method: 'POST',
    url: LOGIN,
    body: { memberCode: "mal' or '1'='1", userName: 'admin', password: 'AAAAAAAAAAAAAAAAAAAAAA==' },
    status: 422,
    code: 1,
  },
  {
    name: 'overlong token',
    method: 'POST',
    url: '/api/web/v1/authority/private/user/getLoginInfo',
    headers: { token: 'x'.repeat(5000) },
    status: 401,
    code: 2,
  },
  {
    name: 'searchVal not ciphertext',
    method: 'GET',
    url: LIST,
    auth: true,
    query: () => ({ searchVal: 'not-base64!' }),
    status: 422,
    code: 1,
    message: '查询条件无法解析',
  },
  {
    name: 'searchVal not JSON',
    method: 'GET',
    url: LIST,
    auth: true,
    query: async () => ({ searchVal: await encryptText('name=1') }),
    status: 422,
    code: 1,
    message: '查询条件无法解析',
  },
  {
    name: 'searchVal not a list',
    method: 'GET',
    url: LIST,
    auth: true,
    query: filter({ fieldName: 'name' }),
    status: 422,
    code: 1,
    message: '查询条件应为列表',
  },
  {
    name: 'searchVal unknown field',
    method: 'GET',
    url: LIST,
    auth: true,
    query: filter([{ fieldName: 'password_hash', operator: 'eq', fieldValue: 1 }]),
    status: 422,
    code: 1,
    message: '不支持按“password_hash”查询',
  },
  {
    name: 'searchVal unknown operator',
    method: 'GET',
    url: LIST,
    auth: true,
    query: filter([{ fieldName: 'name', operator: 'regex', fieldValue: '.*' }]),
    status: 422,
    code: 1,
    message: '不支持的查询方式：regex',
  },
  {
    name: 'searchVal operator not allowed for field',
    method: 'GET',
    url: LIST,
    auth: true,
    query: filter([{ fieldName: 'isShow', operator: 'like', fieldValue: 'a' }]),
    status: 422,
    code: 1,
  },
  {
    name: 'searchVal injection in field name',
    method: 'GET',
    url: LIST,
    auth: true,
    query: filter([{ fieldName: 'name; drop table users', operator: 'eq', fieldValue: 1 }]),
    status: 422,
    code: 1,
  },
  {
    name: 'searchVal wrong value type',
    method: 'GET',
    url: LIST,
    auth: true,
    query: filter([{ fieldName: 'isShow', operator: 'eq', fieldValue: 'maybe' }]),
    status: 422,
    code: 1,
    message: '查询条件“isShow”的值无效',
  },
  {
    name: 'order injection',
    method: 'GET',
    url: LIST,
    auth: true,
    query: () => ({ order: '-name;drop table users' }),
    status: 422,
    code: 1,
    field: 'order',
  },
  {
    name: 'order on unknown field',
    method: 'GET',
    url: LIST,
    auth: true,
    query: () => ({ order: '+passwordHash' }),
    status: 422,
    code: 1,
    message: '不支持按“passwordHash”排序',
  },
  {
    name: 'page size not offered',
    method: 'GET',
    url: LIST,
    auth: true,
    query: () => ({ pageSize: '7' }),
    status: 422,
    code: 1,
    field: 'pageSize',
  },
  {
    name: 'page number zero',
    method: 'GET',
    url: LIST,
    auth: true,
    query: () => ({ currentPage: '0' }),
    status: 422,
    code: 1,
    field: 'currentPage',
  },
  {
    name: 'page number not a number',
    method: 'GET',
    url: LIST,
    auth: true,
    query: () => ({ currentPage: 'abc' }),
    status: 422,
    code: 1,
  },
  {
    name: 'id not an integer',
    method: 'GET',
    url: '/api/web/v1/authority/private/user/disable',
    auth: true,
    query: () => ({ id: '1 or 1=1' }),
    status: 422,
    code: 1,
    field: 'id',
  },
  {
    name: 'id missing',
    method: 'GET',
    url: '/api/web/v1/authority/private/user/enable',
    auth: true,
    status: 422,
    code: 1,
    field: 'id',
  },
  {
    name: 'batch is not a list',
    method: 'PUT',
    url: BATCH,
    auth: true,
    body: { code: 'version', value: '1' },
    status: 422,
    code: 1,
  },
  {
    name: 'batch too long',
    method: 'PUT',
    url: BATCH,
    auth: true,
    body: Array.from({ length: 101 }, () => ({ code: 'version', value: '1' })),
    status: 422,
    code: 1,
  },
  {
    name: 'unknown config code',
    method: 'PUT',
    url: UPDATE,
    auth: true,
    body: { code: 'evil', value: '1' },
    status: 422,
    code: 1,
    message: '未知的参数编码：evil',
  },
  {
    name: 'read-only config',
    method: 'PUT',
    url: UPDATE,
    auth: true,
    body: { code: 'member_code', value: 'other' },
    status: 422,
    code: 1,
    message: '企业编码不可修改',
  },
  {
    name: 'config JSON invalid',
    method: 'PUT',
    url: UPDATE,
    auth: true,
    body: { code: 'page_size_config', value: '[10,20' },
    status: 422,
    code: 1,
    message: '“分页条数选项”应为有效的JSON',
  },
  {
    name: 'config value out of rule',
    method: 'PUT',
    url: UPDATE,
    auth: true,
    body: { code: 'page_size_config', value: '[50,10]' },
    status: 422,
    code: 1,
    field: 'page_size_config',
  },
  {
    name: 'config script URL',
    method: 'PUT',
    url: UPDATE,
    auth: true,
    body: { code: 'companyLogo', value: 'javascript:alert(1)' },
    status: 422,
    code: 1,
    field: 'companyLogo',
  },
  {
    name: 'unknown permission code',
    method: 'PUT',
    url: UPDATE,
    auth: true,
    body: { code: 'base_router', value: '["home","godMode"]' },
    status: 422,
    code: 1,
    message: '未知的权限码：godMode',
  },
];

const LEAKS = [
  /\bat \S+ \(/,
  /\.ts:\d+/,
  /select |insert |update |delete from/i,
  /stack/i,
  /node_modules/,
  /Error:/,
];

describe('malformed requests', () => {
  it('has at least 20 cases', () => expect(cases.length).toBeGreaterThanOrEqual(20));

  for (const c of cases) {
    it(`${c.name}: code ${c.code}, Chinese message, no leak`, async () => {
      const query = c.query ? await c.query() : undefined;
      const res = await h.app.inject({
        method: c.method,
        url: c.url,
        query,
        headers: {
          ...(c.raw !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(c.auth ? { token } : {}),
          ...c.headers,
        },
        ...(c.raw !== undefined
          ? { payload: c.raw }
          : c.body !== undefined
            ? { payload: c.body as object }
            : {}),
      });
      const body = res.json();
      expect(res.statusCode).toBe(c.status);
      expect(Object.keys(body).sort()).toEqual(['errorCode', 'errorMsg', 'result']);
      expect(body.errorCode).toBe(c.code);
      expect(body.errorMsg).toMatch(/[\u4e00-\u9fa5]/);
      if (c.message) expect(body.errorMsg).toMatch(c.message);
      if (c.field) expect((body.result as { field: string }[]).map((f) => f.field)).toContain(c.field);
      for (const leak of LEAKS) expect(res.body).not.toMatch(leak);
    });
  }
});

describe('internal errors', () => {
  it('answer code 9 with a request id, log the cause and leak nothing', async () => {
    const broken = await createHarness({ db: { ...h.db } });
    const t = await broken.login('mal', 'admin');
    broken.services.db.withTenant = () =>
      Promise.reject(new Error('relation "secret_table" does not exist: select * from secret_table'));
    const res = await broken.app.inject({
      method: 'GET',
      url: '/api/web/v1/basicConfig/private/basicConfig/getAllBasicConfigByTree',
      headers: { token: t },
    });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.errorCode).toBe(9);
    expect(body.requestId).toBeTruthy();
    expect(body.errorMsg).toContain(body.requestId);
    expect(res.body).not.toContain('secret_table');
    await broken.app.close();
  });
});
