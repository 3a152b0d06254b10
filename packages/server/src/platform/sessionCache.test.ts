import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from '../modules/setting/index.ts';
import { createHarness, type Harness, type TestTenant } from '../testing/harness.ts';
import { startRedis } from '../testing/nodes.ts';
import { sessions } from './schema.ts';
import { changesSessions, hashToken, LOOKUP_SQL, SESSION_SOURCES } from './session.ts';
import { type CachedSession, SessionCache } from './sessionCache.ts';

const row = (tenantId: number, expiresMs = Number.MAX_SAFE_INTEGER): CachedSession => ({
  tenant_id: tenantId,
  expires_ms: expiresMs,
});

function cacheWith(opts: { ttlMs?: number; max?: number } = {}) {
  const world = { now: 1_000, stretch: 1 as number | undefined };
  const cache = new SessionCache(() => world.stretch, { ...opts, now: () => world.now });
  const store = (hash: string, r = row(1)) => cache.put(hash, r, cache.ticket());
  return { world, cache, store };
}

describe('the session cache', () => {
  it('serves what was stored while the stretch of listening lasts, within its time to live', () => {
    const { world, cache, store } = cacheWith({ ttlMs: 100 });
    const r = row(1);
    store('a', r);
    expect(cache.get('a')).toBe(r);
    world.now += 99;
    expect(cache.get('a')).toBe(r);
    world.now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps nothing past the session’s own expiry', () => {
    const { world, cache, store } = cacheWith({ ttlMs: 100 });
    store('a', row(1, world.now + 10));
    world.now += 10;
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps nothing while not listening, and trusts nothing stored before a break', () => {
    const { world, cache, store } = cacheWith();
    world.stretch = undefined;
    store('a');
    expect(cache.size).toBe(0);
    world.stretch = 1;
    store('b');
    world.stretch = undefined;
    expect(cache.get('b')).toBeUndefined();
    store('c');
    world.stretch = 2;
    expect(cache.get('c')).toBeUndefined();
    // a lookup that began before the break and ends after it is not kept
    world.stretch = 2;
    const ticket = cache.ticket();
    world.stretch = 3;
    cache.put('d', row(1), ticket);
    expect(cache.get('d')).toBeUndefined();
  });

  it('forgets one tenant, or all, and every lookup in flight', () => {
    const { cache, store } = cacheWith();
    store('a', row(1));
    store('b', row(2));
    const inFlight = cache.ticket();
    cache.invalidate(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    // looked up before the invalidation, answered after it: possibly stale, so not kept
    cache.put('c', row(2), inFlight);
    expect(cache.get('c')).toBeUndefined();
    store('c', row(2));
    expect(cache.get('c')).toBeDefined();
    cache.invalidate(undefined);
    expect(cache.size).toBe(0);
  });

  it('holds at most max entries, dropping the oldest stored', () => {
    const { cache, store } = cacheWith({ max: 3 });
    for (const h of ['a', 'b', 'c']) store(h);
    store('a'); // stored again: now the newest
    store('d');
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeUndefined();
    for (const h of ['a', 'c', 'd']) expect(cache.get(h)).toBeDefined();
  });

  it('is told of writes to every table the session lookup reads, but not of a new session', () => {
    // a table is followed by its alias or a clause (`extract(epoch from expires_at)` is no table)
    const read = [...LOOKUP_SQL.matchAll(/\b(?:from|join)\s+([a-z_]+)\s/g)].map((m) => m[1]);
    const tables = new Set(read.filter((t) => t !== 's')); // s: the statement's own CTE
    expect(tables.size).toBeGreaterThan(5);
    for (const t of tables) expect(SESSION_SOURCES.has(t), t).toBe(true);
    expect(changesSessions('users', 'update')).toBe(true);
    expect(changesSessions('user_roles', 'insert')).toBe(true);
    expect(changesSessions('session', 'update')).toBe(true);
    expect(changesSessions('session', 'insert')).toBe(false);
    expect(changesSessions('material', 'update')).toBe(false);
  });
});

describe('a committed write tells the watchers', () => {
  let h: Harness;
  let t: TestTenant;
  const heard: (number | undefined)[] = [];
  let stop: () => void;

  beforeAll(async () => {
    h = await createHarness();
    t = await h.addTenant('watched', [{ userName: 'wang' }]);
    stop = h.db.onCommittedWrite(changesSessions, async (tenantId) => {
      heard.push(tenantId);
    });
  });
  afterAll(async () => {
    stop();
    await h?.close();
  });

  it('after the commit, with the tenant; not after a rollback, nor for other tables', async () => {
    heard.length = 0;
    await h.db.withTenant(t.id, async (tx) => {
      await tx.update(users).set({ name: '王师傅' }).where(sql`${users.id} = ${t.users.wang}`);
      await tx.update(roles).set({ remark: '改' }).where(sql`${roles.id} = ${t.roles.wang}`);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([t.id]);
    await expect(
      h.db.withTenant(t.id, async (tx) => {
        await tx.update(users).set({ name: '王' }).where(sql`${users.id} = ${t.users.wang}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await h.db.withTenant(t.id, (tx) => tx.select().from(users));
    await h.db.withTenant(t.id, (tx) => tx.insert(sessions).values(newSession(t.users.wang)));
    expect(heard).toEqual([t.id]);
    // an owner transaction may have touched any tenant
    await h.db.withSystem((tx) => tx.update(users).set({ name: '王师傅' }).where(sql`false`));
    expect(heard).toEqual([t.id, undefined]);
  });
});

const newSession = (userId: number) => ({
  userId,
  tokenHash: hashToken(randomBytes(8).toString('hex')),
  expiresAt: new Date(Date.now() + 60_000),
});

/** Revokes a session in the database itself, behind the app's back: no node is told. */
const revokeBehindTheBack = (h: Harness, token: string) =>
  h.db.systemQuery(sql`update session set revoked_at = now() where token_hash = ${hashToken(token)}`);

const loginInfo = async (h: Harness, token: string) =>
  (await h.call('POST', 'authority/private/user/getLoginInfo', { token })).body.errorCode;

describe('without Redis', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await createHarness();
    await h.addTenant('alone', [{ userName: 'wang' }]);
  });
  afterAll(() => h?.close());

  it('every request looks its session up: a revocation is seen at once, however it was made', async () => {
    const token = await h.login('alone', 'wang');
    expect(await loginInfo(h, token)).toBe(0);
    expect(h.services.sessions.size).toBe(0);
    await revokeBehindTheBack(h, token);
    expect(await loginInfo(h, token)).toBe(2);
  });
});

describe('with Redis, and when it goes away', () => {
  let h: Harness;
  let redis: Awaited<ReturnType<typeof startRedis>>;

  beforeAll(async () => {
    redis = await startRedis();
    h = await createHarness({ config: { redisUrl: redis.url, redisPrefix: 'cache:' } });
    await h.addTenant('cached', [{ userName: 'wang' }]);
  });
  afterAll(async () => {
    await h?.close();
    await redis?.stop();
  });

  /** A token whose session this node has cached (the subscription answers pings first). */
  async function cachedToken() {
    const token = await h.login('cached', 'wang');
    await expect
      .poll(async () => (await loginInfo(h, token)) === 0 && h.services.sessions.get(hashToken(token)), {
        timeout: 10_000,
      })
      .toBeTruthy();
    return token;
  }

  it('answers from the cache while Redis listens, and looks up again once Redis stops answering or is stopped', async () => {
    // the cache is in use: what is changed behind the app's back is not seen (until the TTL)
    const stale = await cachedToken();
    await revokeBehindTheBack(h, stale);
    expect(await loginInfo(h, stale)).toBe(0);

    // Redis frozen: connected, silent; within the listening window the cache is bypassed
    const frozen = await cachedToken();
    await revokeBehindTheBack(h, frozen);
    process.kill(redis.pid, 'SIGSTOP');
    try {
      await expect.poll(() => loginInfo(h, frozen), { timeout: 6000, interval: 200 }).toBe(2);
    } finally {
      process.kill(redis.pid, 'SIGCONT');
    }

    // Redis stopped: the connection drops, the cache is bypassed at once
    const dropped = await cachedToken();
    await revokeBehindTheBack(h, dropped);
    await redis.stop();
    await expect.poll(() => loginInfo(h, dropped), { timeout: 3000, interval: 50 }).toBe(2);
    const other = await h.login('cached', 'wang');
    expect(await loginInfo(h, other)).toBe(0);
    expect(h.services.sessions.get(hashToken(other))).toBeUndefined();
  });
});
