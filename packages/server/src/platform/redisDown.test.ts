import { DEMO_PASSWORD } from '@factory/shared/api/auth';
import { encryptText } from '@factory/shared/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, onPostgres, type TestTenant } from '../testing/harness.ts';
import { type ApiNode, startNode, startRedis } from '../testing/nodes.ts';
import { openSocket } from '../testing/socket.ts';
import { COUNTERS_BACK, COUNTERS_DOWN } from './counters.ts';
import { SUBSCRIBED } from './realtime/bus.ts';

/**
 * Redis stopped under a running pair of API server processes: sign-in, lists and adds go on at
 * their usual speed, the lockout still holds (on each node), each node says once that Redis is
 * gone, and when Redis is back counting is shared again and notifications fan out again, with no
 * restart. The Redis is the test's own (the machine's is left alone); PGlite is one process's
 * database, so this runs on PostgreSQL.
 */
const PUSH = { kind: 'notification', type: 'userCreated', title: '新增用户' };

let h: Harness;
let t: TestTenant;
let serial = 0;

async function post(node: ApiNode, path: string, body: unknown, token?: string) {
  const started = performance.now();
  const res = await fetch(`${node.origin}/api/web/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { errorCode: number; result: unknown; errorMsg: string };
  return { status: res.status, ms: performance.now() - started, ...json };
}

const login = async (node: ApiNode, userName: string, password = DEMO_PASSWORD) =>
  post(node, 'authority/public/user/login', {
    memberCode: 'downco',
    userName,
    password: await encryptText(password),
  });

const tokenOf = (res: { result: unknown }) => (res.result as { token: string }).token;

/** Adds a user through a node's API, as an admin would; the rule notifies 王班长. */
async function addUserOn(node: ApiNode, admin: string) {
  serial++;
  return post(
    node,
    'authority/private/user/addUser',
    { userName: `new${serial}`, name: `新人${serial}`, password: await encryptText(DEMO_PASSWORD) },
    admin,
  );
}

const times = (text: string, line: string) => text.split(line).length - 1;

describe.runIf(onPostgres)('Redis stopped under two running API nodes', () => {
  const started: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    h = await createHarness();
    t = await h.addTenant('downco', [
      { userName: 'wang', name: '王班长' },
      { userName: 'victim' },
      { userName: 'shared' },
    ]);
    const admin = await h.login('downco', 'admin');
    const rule = await h.call('POST', 'notification/private/notificationRule/addNotificationRule', {
      token: admin,
      body: { name: '新用户通知班长', event: 'userCreated', userIds: [t.users.wang] },
    });
    expect(rule.body.errorCode).toBe(0);
  });
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
    await h?.close();
  });

  it('login, list and add keep working, the lockout holds, and everything resumes when Redis returns', async () => {
    const redis = await startRedis();
    let current = redis;
    started.push({ stop: () => current.stop() });
    const env = {
      DATABASE_URL: (h.db as { url?: string }).url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: 'down:',
    };
    const [a, b] = await Promise.all([startNode(env), startNode(env)]);
    started.push(a, b);
    await expect
      .poll(() => [a, b].every((n) => n.output().includes(SUBSCRIBED)), { timeout: 20_000 })
      .toBe(true);
    const up = await login(a, 'admin');
    expect(up.errorCode).toBe(0);
    const admin = tokenOf(up);
    const wang = tokenOf(await login(b, 'wang'));
    const onA = await openSocket(a.origin, 'downco', t.users.wang, wang);
    const onB = await openSocket(b.origin, 'downco', t.users.wang, wang);

    await redis.stop();

    const downA = await login(a, 'admin');
    const downB = await login(b, 'wang');
    console.info(
      `[redis down] login with Redis up ${Math.round(up.ms)} ms; with Redis stopped: node A ${Math.round(downA.ms)} ms, node B ${Math.round(downB.ms)} ms`,
    );
    expect([downA.errorCode, downB.errorCode]).toEqual([0, 0]);
    // at a login's usual speed (before the fix: about 10 s, then a 500); generous for a loaded machine
    expect(Math.max(downA.ms, downB.ms)).toBeLessThan(2000);
    const list = await fetch(
      `${b.origin}/api/web/v1/authority/private/user/getUserListPage?currentPage=1&pageSize=20`,
      { headers: { token: tokenOf(downA) } },
    );
    expect(((await list.json()) as { errorCode: number }).errorCode).toBe(0);
    const local = onA.next();
    const added = await addUserOn(a, admin);
    expect(added.errorCode).toBe(0);
    expect(added.ms).toBeLessThan(2000);
    expect(await local).toEqual(PUSH);

    // the lockout on the fallback path: five failures on node A lock the account there
    for (let i = 1; i <= 4; i++) expect((await login(a, 'victim', 'Wrong1234')).errorCode).toBe(1);
    expect((await login(a, 'victim', 'Wrong1234')).errorCode).toBe(8);
    const locked = await login(a, 'victim');
    expect(locked.status).toBe(429);
    expect(locked.errorMsg).toMatch(/账号已锁定/);

    // said once per node, however many requests went through meanwhile
    for (const node of [a, b]) expect(times(node.output(), COUNTERS_DOWN)).toBe(1);

    current = await startRedis(redis.port);
    await expect
      .poll(
        () =>
          [a, b].every(
            (n) => n.output().includes(COUNTERS_BACK) && n.output().includes('Redis 已恢复：继续跨节点推送'),
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    // counting is shared again: failures on either node add up to one lock
    for (let i = 1; i <= 4; i++) {
      expect((await login(i % 2 ? a : b, 'shared', 'Wrong1234')).errorMsg).toContain(`还可尝试${5 - i}次`);
    }
    expect((await login(b, 'shared', 'Wrong1234')).errorCode).toBe(8);
    expect((await login(a, 'shared')).errorCode).toBe(8);
    // and a notification caused on A reaches the socket held by B again
    const both = Promise.all([onA.next(), onB.next()]);
    expect((await addUserOn(a, admin)).errorCode).toBe(0);
    expect(await both).toEqual([PUSH, PUSH]);
    onA.close();
    onB.close();
  }, 180_000);
});
