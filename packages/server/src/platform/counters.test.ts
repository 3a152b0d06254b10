import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { DEMO_PASSWORD } from '@factory/shared/api/auth';
import { encryptText } from '@factory/shared/crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, openTestDatabase } from '../testing/harness.ts';
import { startRedis } from '../testing/nodes.ts';
import { COUNTERS_BACK, COUNTERS_DOWN, memoryCounters, redisCounters } from './counters.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const s = net.connect({ host: '127.0.0.1', port: 6379, timeout: 1000 }, () => {
    s.destroy();
    resolve(true);
  });
  s.on('error', () => resolve(false));
});

describe('memory counters', () => {
  it('count within the window and forget after it', async () => {
    let now = 0;
    const c = memoryCounters(() => now);
    expect(await c.hit('k', 10)).toBe(1);
    expect(await c.hit('k', 10)).toBe(2);
    now = 10_001;
    expect(await c.get('k')).toBe(0);
    expect(await c.hit('k', 10)).toBe(1);
    await c.reset('k');
    expect(await c.get('k')).toBe(0);
  });

  it('take at most the limit of tries, however many ask at once, until the window ends', async () => {
    let now = 0;
    const c = memoryCounters(() => now);
    const takes = await Promise.all(Array.from({ length: 50 }, () => c.take('t', 5, 10)));
    expect(takes.filter((t) => t.taken).map((t) => t.count)).toEqual([1, 2, 3, 4, 5]);
    expect(takes[49]).toEqual({ taken: false, count: 5, ttl: 10 });
    now = 4_000;
    expect((await c.take('t', 5, 10)).ttl).toBe(6);
    now = 10_001;
    expect(await c.take('t', 5, 10)).toEqual({ taken: true, count: 1, ttl: 10 });
  });
});

/** Collects what the counters log, as app.log would receive it. */
function logSpy() {
  const lines: string[] = [];
  return {
    lines,
    log: { warn: (_o: object, msg: string) => lines.push(msg), info: (msg: string) => lines.push(msg) },
  };
}

describe('Redis counters', () => {
  it('50 tries taken at once through two connections: exactly the limit is granted', async () => {
    const redis = await startRedis();
    const a = redisCounters(redis.url, 'take:');
    const b = redisCounters(redis.url, 'take:');
    try {
      // both connected: what one counts, the other reads
      await expect.poll(async () => (await a.hit('warm', 10)) && b.get('warm')).toBeGreaterThan(0);
      const takes = await Promise.all(
        Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).take('acct', 5, 60)),
      );
      expect(
        takes
          .filter((t) => t.taken)
          .map((t) => t.count)
          .sort(),
      ).toEqual([1, 2, 3, 4, 5]);
      const refused = takes.find((t) => !t.taken);
      expect(refused?.count).toBe(5);
      expect(refused?.ttl).toBeGreaterThan(55);
      await a.reset('acct');
      expect((await b.take('acct', 5, 60)).count).toBe(1);
    } finally {
      await a.close();
      await b.close();
      await redis.stop();
    }
  });

  it('fall back to memory within 200 ms while Redis is down, say so once, and go back when it returns', async () => {
    let redis = await startRedis();
    const { lines, log } = logSpy();
    const c = redisCounters(redis.url, 'outage:', log);
    try {
      const direct = new Redis(redis.url);
      await expect.poll(async () => (await c.hit('probe', 60)) && direct.get('outage:probe')).toBeTruthy();
      direct.disconnect();
      expect((await c.take('acct', 3, 60)).count).toBe(1);
      await redis.stop();
      const takes = [];
      let slowest = 0;
      for (let i = 0; i < 6; i++) {
        const started = performance.now();
        takes.push(await c.take('acct', 3, 60));
        slowest = Math.max(slowest, performance.now() - started);
      }
      // the lockout still holds on this node: counted afresh in memory, three tries and no more
      expect(takes.map((t) => t.taken)).toEqual([true, true, true, false, false, false]);
      expect(await c.get('acct')).toBe(3);
      expect(slowest).toBeLessThan(200);
      await expect.poll(() => lines.filter((l) => l === COUNTERS_DOWN).length).toBe(1);

      redis = await startRedis(redis.port);
      await expect.poll(() => lines.includes(COUNTERS_BACK), { timeout: 10_000 }).toBe(true);
      expect(lines.filter((l) => l === COUNTERS_DOWN)).toHaveLength(1);
      // the lock counted in memory during the outage is honoured until it expires
      expect((await c.take('acct', 3, 60)).taken).toBe(false);
      // and counting is in Redis again (a fresh server: the key starts over)
      expect((await c.take('other', 3, 60)).count).toBe(1);
      const again = new Redis(redis.url);
      expect(await again.get('outage:other')).toBe('1');
      again.disconnect();
    } finally {
      await c.close();
      await redis.stop();
    }
  });
  it('give up on a Redis that is connected but does not answer within 200 ms, and use it again once it does', async () => {
    const redis = await startRedis();
    const { lines, log } = logSpy();
    const c = redisCounters(redis.url, 'hung:', log);
    try {
      const direct = new Redis(redis.url);
      await expect.poll(async () => (await c.hit('probe', 60)) && direct.get('hung:probe')).toBeTruthy();
      direct.disconnect();
      process.kill(redis.pid, 'SIGSTOP');
      const started = performance.now();
      expect((await c.take('acct', 3, 60)).count).toBe(1);
      expect(performance.now() - started).toBeLessThan(200);
      expect(lines).toEqual([COUNTERS_DOWN]);
      // the next calls do not wait on it again: straight to memory
      const next = performance.now();
      expect((await c.take('acct', 3, 60)).count).toBe(2);
      expect(performance.now() - next).toBeLessThan(20);
      process.kill(redis.pid, 'SIGCONT');
      // after the back-off a call tries Redis again, finds it answering and says so
      await expect
        .poll(async () => (await c.get('probe')) === 1 && lines.includes(COUNTERS_BACK), { timeout: 10_000 })
        .toBe(true);
    } finally {
      process.kill(redis.pid, 'SIGCONT');
      await c.close();
      await redis.stop();
    }
  });
});

describe.runIf(redisUp)('lockout across two API nodes through Redis', () => {
  const nodes: Harness[] = [];
  afterAll(async () => {
    for (const n of nodes) await n.app.close();
    await nodes[0]?.db.close();
  });

  it('failures on either node lock the account on both, and the lock expires', async () => {
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    const db = await openTestDatabase();
    const config = { loginLockSeconds: 10, loginMaxFailures: 5 };
    for (let i = 0; i < 2; i++)
      nodes.push(await createHarness({ db, config, counters: redisCounters(REDIS_URL, prefix) }));
    const [a, b] = nodes;
    await a.addTenant('redisco', [{ userName: 'target' }]);
    const attempt = async (node: Harness, password: string) =>
      node.call('POST', 'authority/public/user/login', {
        body: { memberCode: 'redisco', userName: 'target', password: await encryptText(password) },
      });
    // each node has served a login (two apps on one PGlite must not make their first tenant lookup
    // while the other holds a transaction)
    for (const node of nodes) expect((await attempt(node, DEMO_PASSWORD)).body.errorCode).toBe(0);
    // five failures at once over both nodes, so the 10 s window is not spent by a loaded machine
    // before the checks below: four are told the tries left, one takes the last try and hears the lock
    const burst = await Promise.all(Array.from({ length: 5 }, (_, i) => attempt(i % 2 ? b : a, 'Wrong1234')));
    expect(burst.map((r) => r.body.errorCode).sort()).toEqual([1, 1, 1, 1, 8]);
    for (const node of nodes) {
      const right = await attempt(node, DEMO_PASSWORD);
      expect(right.status).toBe(429);
      expect(right.body.errorMsg).toMatch(/账号已锁定/);
    }
    // the window runs from the first failure: past it, the right password is let in again
    await new Promise((r) => setTimeout(r, 10_200));
    await expect
      .poll(async () => (await attempt(b, DEMO_PASSWORD)).body.errorCode, { timeout: 15_000, interval: 500 })
      .toBe(0);
  });
});
