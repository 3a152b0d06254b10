import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD } from '@factory/shared/api/auth';
import { encryptText } from '@factory/shared/crypto';
import type { TenantFlags } from '@factory/shared/tenantFlags';
import { type BuiltApp, buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { authorityFor } from '../demo/roles.ts';
import { createRole, createUser } from '../modules/setting/index.ts';
import { type Counters, memoryCounters } from '../platform/counters.ts';
import { type Database, openDatabase } from '../platform/db.ts';
import { createTenant } from '../platform/tenancy.ts';
import {
  createPgDatabase,
  pgAdmin,
  pgliteFromTemplate,
  pgUrl,
  TEST_PG_URL,
  type TemplateKind,
  uniqueName,
} from './templates.ts';

/**
 * Test databases: TEST_DB=postgres gives every test file its own fresh database on the real
 * server (so runs never collide); otherwise an in-memory PGlite. Under the server projects' global
 * setup each is a copy of a template built once per run (testing/templates.ts).
 */
export { TEST_PG_URL };
export const onPostgres = process.env.TEST_DB === 'postgres';

/**
 * A test database, migrated. With migrate: false it is left empty, for a test that migrates it
 * step by step; with template 'demo' it holds the demo tenants as `npm start` writes them, or
 * (answered with `demo: false`) is only migrated when the run has no demo template: createHarness
 * seeds it then.
 */
export async function openTestDatabase({
  migrate = true,
  template = migrate ? 'migrated' : 'empty',
}: {
  migrate?: boolean;
  template?: TemplateKind;
} = {}): Promise<Database & { url?: string; demo?: boolean }> {
  if (!onPostgres) {
    // no demo template in this run: a migrated copy, which the harness seeds
    const copy =
      (await pgliteFromTemplate(template)) ??
      (template === 'demo' ? await pgliteFromTemplate('migrated') : undefined);
    if (copy) return Object.assign(copy.db, { demo: template === 'demo' && copy.kind === 'demo' });
    const db = await openDatabase({});
    if (migrate) await db.migrate();
    return Object.assign(db, { demo: false });
  }
  const name = uniqueName('t');
  const holds = await createPgDatabase(name, template);
  const url = pgUrl(name);
  const db = await openDatabase({ databaseUrl: url, poolSize: 10 });
  if (migrate && holds === 'empty') await db.migrate();
  const close = db.close;
  return Object.assign(db, {
    url,
    demo: holds === 'demo',
    close: async () => {
      await close();
      await pgAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  });
}

export interface TestTenant {
  id: number;
  memberCode: string;
  adminId: number;
  /** userName → id of the users created for the test. */
  users: Record<string, number>;
  roles: Record<string, number>;
}

export interface TestUserSpec {
  userName: string;
  name?: string;
  phone?: string;
  /** Route subtrees fully granted to this user's role; [] gives a role with no permission. */
  modules?: string[];
}

export interface Harness extends BuiltApp {
  db: Database;
  counters: Counters;
  addTenant(memberCode: string, users?: TestUserSpec[], flags?: TenantFlags): Promise<TestTenant>;
  /** Logs in through the API; returns the token (throws with the envelope when refused). */
  login(memberCode: string, userName: string, password?: string): Promise<string>;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    opts?: {
      token?: string;
      query?: Record<string, string | number>;
      body?: unknown;
      headers?: Record<string, string>;
    },
  ): Promise<{
    status: number;
    body: { errorCode: number; result: unknown; errorMsg: string; requestId?: string };
  }>;
}

export async function createHarness(
  opts: {
    config?: Partial<Config>;
    counters?: Counters;
    db?: Database;
    /** The demo tenants, as `npm start` writes them (seedDemo), in the database from the start. */
    demo?: boolean;
    /** A built web app of the test's own to serve. */
    webDist?: string;
  } = {},
): Promise<Harness> {
  if (opts.demo && opts.db) throw new Error('createHarness: demo seeds a database of its own, not opts.db');
  const db = opts.db ?? (await openTestDatabase({ template: opts.demo ? 'demo' : 'migrated' }));
  const counters = opts.counters ?? memoryCounters();
  // every harness writes its files in a directory of its own: test files run in parallel, on PGlite
  // and PostgreSQL at once, and their tenant ids coincide
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-test-'));
  const built = await buildApp({
    db,
    counters,
    logger: false,
    config: { demo: false, dataDir, ...opts.config },
    webDist: opts.webDist,
  });
  // no template to copy (outside the test run's global setup): written here, as it always was
  if (opts.demo && !(db as { demo?: boolean }).demo)
    await (await import('../demo/generate.ts')).seedDemo(built.services);
  const call: Harness['call'] = async (method, url, o = {}) => {
    const res = await built.app.inject({
      method,
      url: `/api/web/v1/${url}`,
      query: o.query
        ? Object.fromEntries(Object.entries(o.query).map(([k, v]) => [k, String(v)]))
        : undefined,
      headers: { ...(o.token ? { token: o.token } : {}), ...o.headers },
      ...(o.body === undefined ? {} : { payload: o.body as object }),
    });
    // downloads (xlsx, files) are not envelopes: report them as a successful binary answer
    const json = String(res.headers['content-type'] ?? '').includes('application/json');
    return {
      status: res.statusCode,
      body: json
        ? res.json()
        : { errorCode: res.statusCode === 200 ? 0 : -1, result: '(binary)', errorMsg: '' },
    };
  };
  return {
    ...built,
    db,
    counters,
    call,
    async addTenant(memberCode, users = [], flags = {}) {
      const out: TestTenant = { id: 0, memberCode, adminId: 0, users: {}, roles: {} };
      const row = await createTenant(
        built.services,
        null,
        {
          memberCode,
          companyName: `${memberCode}公司`,
          adminName: '管理员',
          adminPassword: DEMO_PASSWORD,
          flags,
        },
        async (tx, _id, adminId) => {
          out.adminId = adminId;
          for (const u of users) {
            const roleName = `${u.userName}的角色`;
            const roleId = await createRole(tx, adminId, {
              name: roleName,
              authority: authorityFor({ modules: u.modules ?? [] }),
            });
            out.roles[u.userName] = roleId;
            out.users[u.userName] = await createUser(tx, adminId, {
              userName: u.userName,
              name: u.name ?? u.userName,
              phone: u.phone,
              password: DEMO_PASSWORD,
              roleIds: [roleId],
            });
          }
        },
      );
      out.id = row.id;
      out.users.admin = out.adminId;
      return out;
    },
    async login(memberCode, userName, password = DEMO_PASSWORD) {
      const res = await call('POST', 'authority/public/user/login', {
        body: { memberCode, userName, password: await encryptText(password) },
      });
      if (res.body.errorCode !== 0) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
      return (res.body.result as { token: string }).token;
    },
    close: async () => {
      await built.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
