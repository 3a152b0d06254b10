import { encryptText } from '@factory/shared/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';

let h: Harness;
let admin: string;
let viewer: string;
const BASE = 'basicConfig/private/basicConfig/';

beforeAll(async () => {
  h = await createHarness();
  await h.addTenant('cfg', [{ userName: 'viewer', modules: ['home'] }]);
  admin = await h.login('cfg', 'admin');
  viewer = await h.login('cfg', 'viewer');
});
afterAll(() => h.close());

type Item = { id: number; code: string; name: string; value: string; groupCode: string };

describe('basic config', () => {
  it('getAllBasicConfigByTree groups every code of spec 000 §3 and ours', async () => {
    const res = await h.call('GET', `${BASE}getAllBasicConfigByTree`, { token: viewer });
    const tree = res.body.result as { code: string; name: string; children: Item[] }[];
    expect(tree.map((g) => g.name)).toEqual(['企业信息', '移动端', '系统参数']);
    const codes = tree.flatMap((g) => g.children.map((c) => c.code)).sort();
    expect(codes).toEqual(
      [
        'app_version_upload',
        'base_router',
        'companyLogo',
        'companyName',
        'member_code',
        'over_receipt_rate',
        'over_ship_rate',
        'page_size_config',
        'plan_config',
        'version',
      ].sort(),
    );
    const member = tree.flatMap((g) => g.children).find((c) => c.code === 'member_code');
    expect(member?.value).toBe('cfg');
  });

  it('getBasicConfigList pages, filters with like/in/eq and sorts', async () => {
    const page = async (q: Record<string, string | number>) =>
      (await h.call('GET', `${BASE}getBasicConfigList`, { token: viewer, query: q })).body.result as {
        content: Item[];
        total: number;
      };
    const all = await page({ currentPage: 1, pageSize: 10 });
    expect(all.total).toBe(10);
    expect(all.content).toHaveLength(10);
    const second = await page({ currentPage: 2, pageSize: 10 });
    expect(second).toEqual({ content: [], total: 10 });
    const sorted = await page({ currentPage: 1, pageSize: 10, order: '-code' });
    expect(sorted.content.map((c) => c.code)).toEqual(
      [...sorted.content.map((c) => c.code)].sort().reverse(),
    );
    const like = await page({
      currentPage: 1,
      pageSize: 10,
      searchVal: await encryptText(
        JSON.stringify([{ fieldName: 'name', operator: 'like', fieldValue: '企业' }]),
      ),
    });
    expect(like.content.map((c) => c.code).sort()).toEqual(['companyLogo', 'companyName', 'member_code']);
    const inGroups = await page({
      currentPage: 1,
      pageSize: 10,
      searchVal: await encryptText(
        JSON.stringify([
          { fieldName: 'groupCode', operator: 'in', fieldValue: ['app', 'system'] },
          { fieldName: 'code', operator: 'like', fieldValue: '_config' },
        ]),
      ),
    });
    // '_' is literal, not a wildcard
    expect(inGroups.content.map((c) => c.code).sort()).toEqual(['page_size_config', 'plan_config']);
    const injection = await page({
      currentPage: 1,
      pageSize: 10,
      searchVal: await encryptText(
        JSON.stringify([{ fieldName: 'name', operator: 'eq', fieldValue: "x' or '1'='1" }]),
      ),
    });
    expect(injection).toEqual({ content: [], total: 0 });
  });

  it('updates need the system-params key; values are checked; changes show in the session', async () => {
    const denied = await h.call('PUT', `${BASE}updateOne`, {
      token: viewer,
      body: { code: 'companyName', value: '新公司' },
    });
    expect(denied.body.errorCode).toBe(3);
    const ok = await h.call('PUT', `${BASE}updateBatch`, {
      token: admin,
      body: [
        { code: 'companyName', value: '  新锐制造  ' },
        { code: 'version', value: 'V9.9.9' },
        { code: 'page_size_config', value: '[10, 30, 60]' },
      ],
    });
    expect(ok.body.errorCode).toBe(0);
    expect((ok.body.result as Item[]).map((i) => i.value)).toEqual(['新锐制造', 'V9.9.9', '[10,30,60]']);
    const info = await h.call('POST', 'authority/private/user/getLoginInfo', { token: viewer });
    expect(
      (info.body.result as { companyInfo: { companyName: string; version: string } }).companyInfo,
    ).toMatchObject({
      companyName: '新锐制造',
      version: 'V9.9.9',
    });
    const code = await h.call('GET', 'systemConfig/private/systemConfig/code', {
      token: viewer,
      query: { code: 'page_size_config' },
    });
    expect(code.body.result).toBe('[10,30,60]');
  });

  it('a batch with one bad item changes nothing', async () => {
    const res = await h.call('PUT', `${BASE}updateBatch`, {
      token: admin,
      body: [
        { code: 'version', value: 'V1.0.1' },
        { code: 'plan_config', value: '[{"value":"x"}]' },
      ],
    });
    expect(res.body.errorCode).toBe(1);
    const version = await h.call('GET', `${BASE}getBasicConfigDetailByCode`, {
      token: viewer,
      query: { code: 'version' },
    });
    expect((version.body.result as Item).value).toBe('V9.9.9');
  });

  it('public calls show the login page what it needs and nothing else', async () => {
    const name = await h.call('GET', 'basicConfig/public/basicConfig/getBasicConfigDetailByCode', {
      query: { memberCode: 'cfg', code: 'companyName' },
    });
    expect((name.body.result as Item).value).toBe('新锐制造');
    const unknownTenant = await h.call('GET', 'basicConfig/public/basicConfig/getAllBasicConfigByTree', {
      query: { memberCode: 'nope' },
    });
    expect(unknownTenant.body).toMatchObject({ errorCode: 4, errorMsg: '企业不存在或已被删除' });
  });

  it("list page sizes follow the tenant's page_size_config", async () => {
    const list = (pageSize: number) =>
      h.call('GET', `${BASE}getBasicConfigList`, { token: viewer, query: { currentPage: 1, pageSize } });
    // the batch test above set [10, 30, 60]
    expect((await list(30)).body.errorCode).toBe(0);
    const refused = await list(20);
    expect(refused.body).toMatchObject({ errorCode: 1, errorMsg: '每页条数应为10、30、60之一' });
    expect((await list(999)).body.errorCode).toBe(0);
  });
});
