import { webPermissionCodes } from '@factory/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness.ts';
import { API_PREFIX } from './route.ts';

let h: Harness;
let nobody: string;
let ordinaryAdmin: string;
let providerAdmin: string;

beforeAll(async () => {
  h = await createHarness();
  await h.addTenant('prov', [{ userName: 'nobody', modules: [] }], { providerConsole: true });
  await h.addTenant('plain');
  nobody = await h.login('prov', 'nobody');
  ordinaryAdmin = await h.login('plain', 'admin');
  providerAdmin = await h.login('prov', 'admin');
});
afterAll(() => h.close());

describe('the permission walk over every registered endpoint', () => {
  it('declares only keys that exist in the route tree (page names or button keys)', () => {
    const known = new Set(webPermissionCodes());
    for (const def of h.routes.map((r) => r.endpoint)) {
      if ('keys' in def.access)
        for (const key of def.access.keys) expect(known, `${def.path}: ${key}`).toContain(key);
    }
  });

  it('registers every declared endpoint under the API prefix', () => {
    for (const def of h.routes.map((r) => r.endpoint)) {
      expect(h.app.hasRoute({ method: def.method, url: API_PREFIX + def.path }), def.path).toBe(true);
    }
  });

  it('answers code 2 to every private endpoint called without a token', async () => {
    const privateRoutes = h.routes.map((r) => r.endpoint).filter((d) => !('public' in d.access));
    expect(privateRoutes.length).toBeGreaterThan(10);
    for (const def of privateRoutes) {
      const res = await h.call(def.method, def.path);
      expect(res.status, def.path).toBe(401);
      expect(res.body.errorCode, def.path).toBe(2);
    }
  });

  it('answers code 3 to every keyed endpoint for a user who lacks the key', async () => {
    const keyed = h.routes.map((r) => r.endpoint).filter((d) => 'keys' in d.access);
    expect(keyed.length).toBeGreaterThan(3);
    for (const def of keyed) {
      const res = await h.call(def.method, def.path, {
        token: nobody,
        body: def.method === 'GET' ? undefined : {},
      });
      expect(res.status, def.path).toBe(403);
      expect(res.body, def.path).toMatchObject({ errorCode: 3, errorMsg: '没有权限执行此操作' });
    }
  });

  it("answers code 3 to every provider endpoint for another tenant's admin", async () => {
    const provider = h.routes
      .map((r) => r.endpoint)
      .filter((d) => 'provider' in d.access && d.access.provider);
    expect(provider.length).toBeGreaterThan(3);
    for (const def of provider) {
      const res = await h.call(def.method, def.path, {
        token: ordinaryAdmin,
        body: def.method === 'GET' ? undefined : {},
      });
      expect(res.body.errorCode, def.path).toBe(3);
    }
    const own = await h.call('GET', 'tenant/private/tenant/getTenantListPage', { token: providerAdmin });
    expect(own.body.errorCode).toBe(0);
  });

  it('lets the admin user past every key (then the schema decides)', async () => {
    const keyed = h.routes
      .map((r) => r.endpoint)
      // a tenant variation the tenant lacks is refused whoever asks (stockDocImport.test.ts)
      .filter((d) => 'keys' in d.access && !d.access.provider && !d.access.flag);
    for (const def of keyed) {
      const res = await h.call(def.method, def.path, {
        token: ordinaryAdmin,
        body: def.method === 'GET' ? undefined : {},
      });
      expect([0, 1, 4], def.path).toContain(res.body.errorCode);
    }
  });
});

describe('role changes take effect on the next request', () => {
  it('granting a key through base_router and role authority is seen at once', async () => {
    const res1 = await h.call('PUT', 'basicConfig/private/basicConfig/updateOne', {
      token: nobody,
      body: { code: 'companyName', value: 'X' },
    });
    expect(res1.body.errorCode).toBe(3);
    const { sql } = await import('drizzle-orm');
    await h.db.systemQuery(
      sql`update roles set authority = ${JSON.stringify({ checked: ['setting', 'systemParams', 'systemParamsModify'], half: [] })} where name = 'nobody的角色'`,
    );
    const res2 = await h.call('PUT', 'basicConfig/private/basicConfig/updateOne', {
      token: nobody,
      body: { code: 'companyName', value: '新名称' },
    });
    expect(res2.body.errorCode).toBe(0);
    // base_router narrows what any role can hold
    await h.call('PUT', 'basicConfig/private/basicConfig/updateOne', {
      token: providerAdmin,
      body: { code: 'base_router', value: JSON.stringify(['setting', 'systemParams']) },
    });
    const res3 = await h.call('PUT', 'basicConfig/private/basicConfig/updateOne', {
      token: nobody,
      body: { code: 'companyName', value: '再改' },
    });
    expect(res3.body.errorCode).toBe(3);
  });
});
