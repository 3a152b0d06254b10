import { DEMO_PASSWORD } from '@factory/shared/api/auth';
import { encryptText } from '@factory/shared/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';

let h: Harness;
let provider: string;
const BASE = 'tenant/private/tenant/';
type T = {
  id: number;
  memberCode: string;
  companyName: string;
  enabled: boolean;
  flags: Record<string, boolean>;
};

beforeAll(async () => {
  h = await createHarness();
  await h.addTenant('provider', [], { providerConsole: true, changelogList: true });
  provider = await h.login('provider', 'admin');
});
afterAll(() => h.close());

describe("the provider's tenant screens", () => {
  it('creates a tenant with flags and a first admin who can sign in', async () => {
    const res = await h.call('POST', `${BASE}addTenant`, {
      token: provider,
      body: {
        memberCode: 'newco',
        companyName: '新客户工厂',
        flags: { hideLock: true, bomTab: true },
        adminName: '新管理员',
        adminPassword: await encryptText('Start2026'),
      },
    });
    expect(res.body.errorCode).toBe(0);
    expect(res.body.result).toMatchObject({
      memberCode: 'newco',
      companyName: '新客户工厂',
      enabled: true,
      flags: { hideLock: true, bomTab: true },
    });
    const token = await h.login('newco', 'admin', 'Start2026');
    const info = await h.call('POST', 'authority/private/user/getLoginInfo', { token });
    expect(info.body.result).toMatchObject({
      name: '新管理员',
      companyInfo: { memberCode: 'newco', flags: { hideLock: true, bomTab: true } },
    });
  });

  it('refuses a duplicate member code (any case), an unknown flag and a weak admin password', async () => {
    const base = { companyName: 'X', adminName: 'A', adminPassword: await encryptText(DEMO_PASSWORD) };
    const dup = await h.call('POST', `${BASE}addTenant`, {
      token: provider,
      body: { ...base, memberCode: 'NEWCO' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ errorCode: 7, errorMsg: '企业编码“NEWCO”已被使用' });
    const flag = await h.call('POST', `${BASE}addTenant`, {
      token: provider,
      body: { ...base, memberCode: 'flagco', flags: { superUser: true } },
    });
    expect(flag.body.errorCode).toBe(1);
    const weak = await h.call('POST', `${BASE}addTenant`, {
      token: provider,
      body: { ...base, memberCode: 'weakco', adminPassword: await encryptText('123') },
    });
    expect(weak.body.result).toEqual([
      { field: 'adminPassword', message: '密码至少8位，且须同时包含字母和数字' },
    ]);
    const list = await h.call('GET', `${BASE}getTenantListPage`, {
      token: provider,
      query: { currentPage: 1, pageSize: 20 },
    });
    expect((list.body.result as { content: T[] }).content.map((t) => t.memberCode)).toEqual([
      'provider',
      'newco',
    ]);
  });

  it('lists with filters, shows detail, edits profile and flags', async () => {
    const list = await h.call('GET', `${BASE}getTenantListPage`, {
      token: provider,
      query: {
        currentPage: 1,
        pageSize: 20,
        searchVal: await encryptText(
          JSON.stringify([{ fieldName: 'companyName', operator: 'like', fieldValue: '客户' }]),
        ),
      },
    });
    const [newco] = (list.body.result as { content: T[] }).content;
    expect(newco.memberCode).toBe('newco');
    const edit = await h.call('PUT', `${BASE}updateOne`, {
      token: provider,
      body: { id: newco.id, companyName: '改名后的工厂', flags: { bomTab: true } },
    });
    expect(edit.body.result).toMatchObject({ companyName: '改名后的工厂', flags: { bomTab: true } });
    const detail = await h.call('GET', `${BASE}getTenantDetail`, {
      token: provider,
      query: { id: newco.id },
    });
    expect(detail.body.result).toMatchObject({ companyName: '改名后的工厂' });
    // the tenant's own basic config follows
    const pub = await h.call('GET', 'basicConfig/public/basicConfig/getBasicConfigDetailByCode', {
      query: { memberCode: 'newco', code: 'companyName' },
    });
    expect((pub.body.result as { value: string }).value).toBe('改名后的工厂');
    const missing = await h.call('GET', `${BASE}getTenantDetail`, { token: provider, query: { id: 99999 } });
    expect(missing.body.errorCode).toBe(4);
  });

  it("disabling a tenant ends its users' sessions and logins; enabling restores them", async () => {
    const userToken = await h.login('newco', 'admin', 'Start2026');
    const [newco] = (
      (
        await h.call('GET', `${BASE}getTenantListPage`, {
          token: provider,
          query: { currentPage: 1, pageSize: 20, order: '+memberCode' },
        })
      ).body.result as { content: T[] }
    ).content;
    expect(
      (await h.call('GET', `${BASE}disable`, { token: provider, query: { id: newco.id } })).body.result,
    ).toMatchObject({ enabled: false });
    expect(
      (await h.call('POST', 'authority/private/user/getLoginInfo', { token: userToken })).body.errorCode,
    ).toBe(2);
    await expect(h.login('newco', 'admin', 'Start2026')).rejects.toThrow('该企业已停用');
    await h.call('GET', `${BASE}enable`, { token: provider, query: { id: newco.id } });
    expect(await h.login('newco', 'admin', 'Start2026')).toBeTruthy();
  });

  it('the provider cannot disable its own tenant', async () => {
    const [own] = (
      (
        await h.call('GET', `${BASE}getTenantListPage`, {
          token: provider,
          query: { currentPage: 1, pageSize: 20 },
        })
      ).body.result as {
        content: T[];
      }
    ).content;
    const res = await h.call('GET', `${BASE}disable`, { token: provider, query: { id: own.id } });
    expect(res.body).toMatchObject({ errorCode: 7, errorMsg: '不能停用服务商自身的租户' });
  });
});
