import { DEMO_PASSWORD } from '@factory/shared/api/auth';
import { encryptText } from '@factory/shared/crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness, type Harness, openTestDatabase } from '../testing/harness.ts';
import { startRedis } from '../testing/nodes.ts';
import { type Counters, memoryCounters, redisCounters } from './counters.ts';
import { verifyPassword } from './password.ts';

// every password check goes through verifyPassword: counting its calls counts the guesses checked.
// The server tests share one module cache per worker (isolate: false in vitest.config.ts): this
// file loads the server afresh so that its login route calls the mocked module.
vi.hoisted(() => vi.resetModules());
vi.mock('./password.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./password.ts')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const checks = () => vi.mocked(verifyPassword).mock.calls.length;

const config = { loginLockSeconds: 15 * 60, loginMaxFailures: 5, loginMaxFailuresPerIp: 1000 };
const LOCKED = /^密码错误次数过多，账号已锁定，请\d+分钟后再试$/;

const byName = async (node: Harness, memberCode: string, userName: string, password: string) =>
  node.call('POST', 'authority/public/user/login', {
    body: { memberCode, userName, password: await encryptText(password) },
  });
const byPhone = async (node: Harness, memberCode: string, phone: string, password: string) =>
  node.call('POST', 'authority/public/user/loginByPhone', {
    body: { memberCode, phone, password: await encryptText(password) },
  });

/**
 * Lockout under a burst: the failure counter is taken before the password is checked, so however
 * many tries arrive at once, on however many nodes, at most loginMaxFailures are checked. Run with
 * the counters shared through Redis (two nodes) and with the in-process fallback (one node).
 */
describe.each([
  ['two nodes sharing Redis counters', 2],
  ['one node on in-process counters', 1],
] as const)('lockout: %s', (_label, nodeCount) => {
  const nodes: Harness[] = [];
  let redis: Awaited<ReturnType<typeof startRedis>> | undefined;

  beforeAll(async () => {
    const db = await openTestDatabase();
    let counters: Counters[] = [memoryCounters()];
    if (nodeCount > 1) {
      redis = await startRedis();
      const url = redis.url;
      counters = [redisCounters(url, 'lockout:'), redisCounters(url, 'lockout:')];
      // both connected (until then a node counts in its own memory): what one counts, the other reads
      await vi.waitFor(async () => {
        await counters[0].hit('ready', 60);
        if (!(await counters[1].get('ready'))) throw new Error('Redis not connected yet');
      });
    }
    for (const c of counters) nodes.push(await createHarness({ db, config, counters: c }));
    await nodes[0].addTenant('burstco', [
      { userName: 'target', phone: '13900000001' },
      { userName: 'phoned', phone: '13900000002' },
      { userName: 'probe' },
    ]);
    // a running pair: each node has served a login before the burst (two apps sharing one PGlite
    // must not make their first tenant lookup while the other holds a transaction)
    for (const node of nodes) await node.login('burstco', 'target');
  });
  afterAll(async () => {
    for (const n of nodes) await n.app.close();
    await nodes[0]?.db.close();
    await redis?.stop();
  });

  it('50 parallel tries with the right password at position 30: 5 guesses checked, the right one refused', async () => {
    const before = checks();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        byName(nodes[i % nodes.length], 'burstco', 'target', i === 29 ? DEMO_PASSWORD : `Wrong${i}abc`),
      ),
    );
    const checked = checks() - before;
    console.info(
      `[lockout, ${nodes.length} node(s)] guesses checked: ${checked} of 50 parallel tries (${Math.round(performance.now() - started)} ms)`,
    );
    expect(checked).toBe(config.loginMaxFailures);
    expect(answers[29].status).toBe(429);
    expect(answers[29].body).toMatchObject({ errorCode: 8 });
    expect(answers[29].body.errorMsg).toMatch(LOCKED);
    // four wrong guesses are told how many tries are left, the fifth and all the rest hear the lock
    const codes = answers.map((a) => a.body.errorCode);
    expect(codes.filter((c) => c === 1)).toHaveLength(config.loginMaxFailures - 1);
    expect(codes.filter((c) => c === 8)).toHaveLength(50 - (config.loginMaxFailures - 1));
    // and the lock holds after the burst, on every node and by phone as well
    for (const node of nodes) {
      expect((await byName(node, 'burstco', 'target', DEMO_PASSWORD)).body.errorCode).toBe(8);
      expect((await byPhone(node, 'burstco', '13900000001', DEMO_PASSWORD)).body.errorCode).toBe(8);
    }
    expect(checks() - before).toBe(config.loginMaxFailures);
  });

  it('5 failures by user name lock the login by phone too', async () => {
    for (let i = 1; i <= 4; i++) {
      const res = await byName(nodes[i % nodes.length], 'burstco', 'phoned', 'Wrong1234');
      expect(res.body.errorMsg).toBe(`企业编码、用户名或密码错误，还可尝试${5 - i}次`);
    }
    expect((await byName(nodes[0], 'burstco', 'phoned', 'Wrong1234')).body.errorMsg).toMatch(LOCKED);
    const before = checks();
    const res = await byPhone(nodes[nodes.length - 1], 'burstco', '13900000002', DEMO_PASSWORD);
    expect(res.status).toBe(429);
    expect(res.body.errorMsg).toMatch(LOCKED);
    expect(checks()).toBe(before);
  });

  it('an unknown account is throttled by the name tried, exactly as a real one is', async () => {
    const tries = async (userName: string) => {
      const out: string[] = [];
      for (let i = 0; i < 6; i++)
        out.push((await byName(nodes[i % nodes.length], 'burstco', userName, 'Wrong1234')).body.errorMsg);
      return out;
    };
    const real = await tries('probe');
    const ghost = await tries('ghost');
    expect(ghost).toEqual(real);
    expect(ghost[5]).toMatch(LOCKED);
    // an unknown member code as well
    const before = checks();
    for (let i = 0; i < 6; i++) await byName(nodes[0], 'nosuchco', 'someone', 'Wrong1234');
    expect(checks() - before).toBe(config.loginMaxFailures);
  });
});
