import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from '@factory/shared/api/auth';
import { encryptText } from '@factory/shared/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIBED } from '../../platform/realtime/bus.ts';
import { createHarness, type Harness, onPostgres, type TestTenant } from '../../testing/harness.ts';
import { type ApiNode, startNode, startRedis } from '../../testing/nodes.ts';
import { openSocket, silentFor, type TestSocket } from '../../testing/socket.ts';

/**
 * Two API server processes on one PostgreSQL: a notification caused on one reaches a socket held
 * by the other through Redis, each still serves its own sockets while Redis is down, and fan-out
 * comes back by itself when Redis does. PGlite is one process's database, so this runs on PostgreSQL.
 */
const REAL_REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PUSH = { kind: 'notification', type: 'userCreated', title: '新增用户' };

let h: Harness;
let t: TestTenant;
let admin: string;
let wang: string;
let serial = 0;

/** Adds a user through a node's HTTP API, as an admin in a browser would; the rule notifies 王班长. */
async function addUserOn(node: ApiNode) {
  serial++;
  const res = await fetch(`${node.origin}/api/web/v1/authority/private/user/addUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: admin },
    body: JSON.stringify({
      userName: `new${serial}`,
      name: `新人${serial}`,
      password: await encryptText(DEMO_PASSWORD),
    }),
  });
  expect(((await res.json()) as { errorCode: number }).errorCode).toBe(0);
}

/** A node says it has started before its Redis subscription is in place: wait for that too. */
const subscribed = (...nodes: ApiNode[]) =>
  expect.poll(() => nodes.every((n) => n.output().includes(SUBSCRIBED)), { timeout: 20_000 }).toBe(true);

const socketOn = (node: ApiNode) => openSocket(node.origin, 'nodes', t.users.wang, wang);

describe.runIf(onPostgres)('notifications across API nodes', () => {
  const started: { stop(): Promise<void> }[] = [];
  const dbUrl = () => (h.db as { url?: string }).url as string;

  beforeAll(async () => {
    h = await createHarness();
    t = await h.addTenant('nodes', [{ userName: 'wang', name: '王班长' }]);
    admin = await h.login('nodes', 'admin');
    wang = await h.login('nodes', 'wang');
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

  it('carries a notification created on node A to a socket held by node B through the real Redis', async () => {
    const env = {
      DATABASE_URL: dbUrl(),
      REDIS_URL: REAL_REDIS,
      REDIS_PREFIX: `test:${randomBytes(4).toString('hex')}:`,
    };
    const [a, b] = await Promise.all([startNode(env), startNode(env)]);
    started.push(a, b);
    await subscribed(a, b);
    const onB = await socketOn(b);
    const onA = await socketOn(a);
    const got = Promise.all([onB.next(), onA.next()]);
    await addUserOn(a);
    expect(await got).toEqual([PUSH, PUSH]);
    const back = onA.next();
    await addUserOn(b);
    expect(await back).toEqual(PUSH);
    onA.close();
    onB.close();
  });

  it('keeps delivering locally while Redis is stopped and resumes fan-out when it returns', async () => {
    const redis = await startRedis();
    let current = redis;
    started.push({ stop: () => current.stop() });
    const env = { DATABASE_URL: dbUrl(), REDIS_URL: redis.url, REDIS_PREFIX: 'outage:' };
    const [a, b] = await Promise.all([startNode(env), startNode(env)]);
    started.push(a, b);
    await subscribed(a, b);
    const onA: TestSocket = await socketOn(a);
    const onB: TestSocket = await socketOn(b);
    let next = Promise.all([onA.next(), onB.next()]);
    await addUserOn(a);
    expect(await next).toEqual([PUSH, PUSH]);

    await redis.stop();
    await expect.poll(() => a.output().includes('Redis 不可用'), { timeout: 10_000 }).toBe(true);
    // node A's own socket still hears what happens on A; B's socket misses it (no fan-out)
    const local = onA.next();
    await addUserOn(a);
    expect(await local).toEqual(PUSH);
    expect(await silentFor(onB, 1000)).toBe(true);
    const localB = onB.next();
    await addUserOn(b);
    expect(await localB).toEqual(PUSH);

    current = await startRedis(redis.port);
    await expect
      .poll(() => a.output().includes('Redis 已恢复') && b.output().includes('Redis 已恢复'), {
        timeout: 20_000,
      })
      .toBe(true);
    next = Promise.all([onA.next(), onB.next()]);
    await addUserOn(a);
    expect(await next).toEqual([PUSH, PUSH]);
    onA.close();
    onB.close();
  });
});
