import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { DEMO_PASSWORD } from '@factory/shared/api/auth';
import { encryptText } from '@factory/shared/crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, openTestDatabase } from '../testing/harness.ts';
import { memoryCounters, redisCounters } from './counters.ts';

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
    expect(await c.ttl('k')).toBe(10);
    now = 10_001;
    expect(await c.get('k')).toBe(0);
    expect(await c.hit('k', 10)).toBe(1);
    await c.reset('k');
    expect(await c.get('k')).toBe(0);
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
    const config = { loginLockSeconds: 5, loginMaxFailures: 5 };
    for (let i = 0; i < 2; i++)
      nodes.push(await createHarness({ db, config, counters: redisCounters(REDIS_URL, prefix) }));
    const [a, b] = nodes;
    await a.addTenant('redisco', [{ userName: 'target' }]);
    const attempt = async (node: Harness, password: string) =>
      node.call('POST', 'authority/public/user/login', {
        body: { memberCode: 'redisco', userName: 'target', password: await encryptText(password) },
      });
    for (let i = 0; i < 4; i++) expect((await attempt(i % 2 ? b : a, 'Wrong1234')).body.errorCode).toBe(1);
    expect((await attempt(a, 'Wrong1234')).body.errorCode).toBe(8);
    const onB = await attempt(b, DEMO_PASSWORD);
    expect(onB.status).toBe(429);
    expect(onB.body.errorMsg).toMatch(/账号已锁定/);
    // the window is 5 s from the fifth failure (long enough to reach node B on a loaded machine); an
    // attempt itself may take a while, so wait past it and allow a little longer to see the lock gone
    await new Promise((r) => setTimeout(r, 5200));
    await expect
      .poll(async () => (await attempt(b, DEMO_PASSWORD)).body.errorCode, { timeout: 15_000, interval: 500 })
      .toBe(0);
  });
});
