import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from '@factory/shared/api/auth';
import { encryptText } from '@factory/shared/crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, onPostgres, type TestTenant } from '../testing/harness.ts';
import { type ApiNode, startNode } from '../testing/nodes.ts';
import { SUBSCRIBED } from './realtime/bus.ts';
import { hashToken } from './session.ts';

/**
 * Two API server processes on one PostgreSQL and the real Redis, each caching the sessions it
 * looked up: what ends or narrows a session on node A — logout, disabling the user, a role losing
 * a permission — holds on node B from its very next request. PGlite is one process's database, so
 * this runs on PostgreSQL.
 */
const REAL_REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CODE = 'revoke';

let h: Harness;
let t: TestTenant;
let a: ApiNode;
let b: ApiNode;

async function call(
  node: ApiNode,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  token: string,
  body?: unknown,
) {
  const res = await fetch(`${node.origin}/api/web/v1/${path}`, {
    method,
    headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, ...((await res.json()) as { errorCode: number }) };
}

async function login(node: ApiNode, userName: string): Promise<string> {
  const res = await fetch(`${node.origin}/api/web/v1/authority/public/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ memberCode: CODE, userName, password: await encryptText(DEMO_PASSWORD) }),
  });
  const body = (await res.json()) as { errorCode: number; result: { token: string } };
  expect(body.errorCode).toBe(0);
  return body.result.token;
}

const loginInfo = (node: ApiNode, token: string) =>
  call(node, 'POST', 'authority/private/user/getLoginInfo', token);
/** Needs the key roleList, which wang's role grants. */
const rolePermission = (node: ApiNode, token: string) =>
  call(node, 'GET', `authority/private/role/getRolePermission?id=${t.roles.wang}`, token);

const revokeBehindTheBack = (token: string) =>
  h.db.systemQuery(sql`update session set revoked_at = now() where token_hash = ${hashToken(token)}`);

describe.runIf(onPostgres)('session revocation across API nodes with cached sessions', () => {
  let admin: string;

  beforeAll(async () => {
    h = await createHarness();
    t = await h.addTenant(CODE, [
      { userName: 'wang', name: '王班长', modules: ['roleList'] },
      { userName: 'li', name: '李工' },
      { userName: 'zhao', name: '赵工' },
    ]);
    const env = {
      DATABASE_URL: (h.db as { url?: string }).url as string,
      REDIS_URL: REAL_REDIS,
      REDIS_PREFIX: `test:${randomBytes(4).toString('hex')}:`,
    };
    [a, b] = await Promise.all([startNode(env), startNode(env)]);
    // a node says it has started before its Redis subscription is in place
    for (let waited = 0; ![a, b].every((n) => n.output().includes(SUBSCRIBED)); waited += 100) {
      if (waited > 20_000) throw new Error('the nodes did not subscribe to Redis in 20 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    admin = await login(a, 'admin');
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await h?.close();
  });

  it('node B answers from its cache (what is changed behind the nodes’ backs goes unseen there)', async () => {
    // once B's subscription has answered its first ping, B keeps what it looks up
    await expect
      .poll(
        async () => {
          const token = await login(a, 'zhao');
          await loginInfo(b, token);
          await revokeBehindTheBack(token);
          return (await loginInfo(b, token)).errorCode;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(0);
  });

  it('a token logged out on A is refused on B at its next request', async () => {
    const token = await login(a, 'li');
    expect((await loginInfo(b, token)).errorCode).toBe(0);
    expect((await loginInfo(b, token)).errorCode).toBe(0);
    expect((await call(a, 'GET', 'authority/private/user/logout', token)).errorCode).toBe(0);
    const next = await loginInfo(b, token);
    expect([next.status, next.errorCode]).toEqual([401, 2]);
  });

  it('a user disabled on A is refused on B at their next request', async () => {
    const token = await login(b, 'li');
    expect((await loginInfo(b, token)).errorCode).toBe(0);
    const off = await call(a, 'GET', `authority/private/user/disable?id=${t.users.li}`, admin);
    expect(off.errorCode).toBe(0);
    const next = await loginInfo(b, token);
    expect([next.status, next.errorCode]).toEqual([401, 2]);
  });

  it('a permission taken from a role on A is checked again on B at the next request', async () => {
    const token = await login(b, 'wang');
    expect((await rolePermission(b, token)).status).toBe(200);
    expect((await rolePermission(b, token)).status).toBe(200);
    const changed = await call(a, 'PUT', 'authority/private/role/updatePermission', admin, {
      id: t.roles.wang,
      authority: '',
    });
    expect(changed.errorCode).toBe(0);
    const next = await rolePermission(b, token);
    expect([next.status, next.errorCode]).toEqual([403, 3]);
    // and A, which made the change, refuses too
    expect((await rolePermission(a, token)).status).toBe(403);
  });
});
