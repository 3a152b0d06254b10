import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../modules/setting/index.ts';
import { createHarness, type Harness, type TestTenant } from '../testing/harness.ts';

let h: Harness;
let a: TestTenant;
let b: TestTenant;
let tokenA: string;

/** Tables that hold tenant rows, read from the catalogue so a new table is covered by itself. */
async function tenantTables(): Promise<string[]> {
  const rows = await h.db.systemQuery<{ t: string }>(sql`
    select c.relname as t from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r'
      and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
    order by 1`);
  return rows.map((r) => r.t);
}

/** A fingerprint of everything tenant B owns (its audit trail and sessions aside). */
async function fingerprint(tenantId: number): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of await tenantTables()) {
    if (t === 'audit_log' || t === 'session') continue;
    const [row] = await h.db.systemQuery<{ f: string | null }>(
      sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as f from ${sql.identifier(t)} x where tenant_id = ${tenantId}`,
    );
    out[t] = row.f ?? '';
  }
  return out;
}

beforeAll(async () => {
  h = await createHarness();
  // the same kinds of rows on both sides, with the same user names
  a = await h.addTenant('alpha', [{ userName: 'worker', phone: '13900000001' }], { providerConsole: true });
  b = await h.addTenant('bravo', [{ userName: 'worker', phone: '13900000001' }]);
  tokenA = await h.login('alpha', 'admin');
  const tokenB = await h.login('bravo', 'admin');
  await h.call('PUT', 'basicConfig/private/basicConfig/updateOne', {
    token: tokenB,
    body: { code: 'companyName', value: '布拉沃秘密公司' },
  });
});
afterAll(() => h.close());

describe('row-level security', () => {
  it('is enabled and forced, with the tenant policy, on every table that has tenant_id', async () => {
    const tables = await tenantTables();
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'roles', 'user_roles', 'basic_config', 'session', 'audit_log']),
    );
    for (const t of tables) {
      const [row] = await h.db.systemQuery<{ rls: boolean; force: boolean; policies: number }>(sql`
        select c.relrowsecurity as rls, c.relforcerowsecurity as force,
          (select count(*)::int from pg_policies p where p.tablename = c.relname and p.policyname = 'tenant_isolation') as policies
        from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relname = ${t}`);
      expect(row, t).toEqual({ rls: true, force: true, policies: 1 });
    }
  });

  it("a tenant transaction sees only its own rows, and cannot write another tenant's", async () => {
    const seen = await h.db.withTenant(a.id, (tx) => tx.select({ tenantId: users.tenantId }).from(users));
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((r) => r.tenantId))).toEqual(new Set([a.id]));
    await expect(
      h.db.withTenant(a.id, (tx) =>
        tx.insert(users).values({ tenantId: b.id, userName: 'intruder', name: 'x', passwordHash: 'x' }),
      ),
    ).rejects.toThrow();
    const changed = await h.db.withTenant(a.id, (tx) =>
      tx.update(users).set({ name: 'hacked' }).where(sql`${users.tenantId} = ${b.id}`).returning(),
    );
    expect(changed).toHaveLength(0);
    const deleted = await h.db.withTenant(a.id, (tx) =>
      tx.delete(users).where(sql`${users.tenantId} = ${b.id}`).returning(),
    );
    expect(deleted).toHaveLength(0);
  });

  it('a transaction with no tenant set sees nothing', async () => {
    const rows = await h.db.withSystem(async (tx) => {
      await tx.execute(sql`select set_config('role', 'factory_app', true)`);
      return tx.select().from(users);
    });
    expect(rows).toHaveLength(0);
  });
});

describe("no endpoint of one tenant reads, changes or deletes another's rows", () => {
  it('walks every endpoint as tenant A with tenant B ids and leaves B untouched', async () => {
    const before = await fingerprint(b.id);
    const bIds = [b.adminId, b.users.worker];
    const bodies = (id: number) => [
      { id },
      { id, code: 'companyName', value: '被篡改' },
      [{ id, code: 'version', value: 'HACK' }],
      { id, companyName: '被篡改' },
    ];
    for (const def of h.routes.map((r) => r.endpoint)) {
      if (def.path.includes('/public/user/login') || def.path.endsWith('/logout')) continue;
      // the provider's tenant registry works across tenants by design (tenant.test.ts)
      if ('provider' in def.access && def.access.provider) continue;
      for (const id of bIds) {
        for (const body of def.method === 'GET' ? [undefined] : bodies(id)) {
          const res = await h.call(def.method, def.path, {
            token: tokenA,
            query:
              def.method === 'GET' || def.method === 'DELETE'
                ? { id, code: 'companyName', memberCode: 'alpha' }
                : undefined,
            body,
          });
          expect(JSON.stringify(res.body), def.path).not.toContain('布拉沃秘密公司');
        }
      }
    }
    expect(await fingerprint(b.id)).toEqual(before);
  });

  it("tenant A's admin cannot disable tenant B's user even knowing the id", async () => {
    const res = await h.call('GET', 'authority/private/user/disable', {
      token: tokenA,
      query: { id: b.users.worker },
    });
    expect(res.body.errorCode).toBe(4);
    expect(await h.login('bravo', 'worker')).toBeTruthy();
  });

  it("public config by member code shows only that tenant's public codes", async () => {
    const res = await h.call('GET', 'basicConfig/public/basicConfig/getAllBasicConfigByTree', {
      query: { memberCode: 'bravo' },
    });
    const text = JSON.stringify(res.body);
    expect(text).toContain('布拉沃秘密公司');
    expect(text).not.toContain('base_router');
    expect(text).not.toContain('page_size_config');
    const secret = await h.call('GET', 'basicConfig/public/basicConfig/getBasicConfigDetailByCode', {
      query: { memberCode: 'bravo', code: 'base_router' },
    });
    expect(secret.body.errorCode).toBe(4);
  });
});
