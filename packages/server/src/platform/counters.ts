import { Redis } from 'ioredis';
import { answered, failFast } from './redis.ts';

/** One try taken from a limited budget (see `Counters.take`). */
export interface Take {
  /** False when all the tries were already taken: the caller must not go on. */
  taken: boolean;
  /** Tries taken in the window, this one included. */
  count: number;
  /** Seconds left in the window. */
  ttl: number;
}

/**
 * Expiring counters for login throttling. With Redis they are shared by every API node, so a
 * lockout holds whichever node the next attempt reaches; without it they live in this process.
 */
export interface Counters {
  /** Adds one; the window starts at the first hit. Returns the new count. */
  hit(key: string, windowSeconds: number): Promise<number>;
  get(key: string): Promise<number>;
  /**
   * Takes one of `limit` tries in a window that starts at the first, atomically: concurrent
   * callers, on any number of nodes, never take more than `limit` between them.
   */
  take(key: string, limit: number, windowSeconds: number): Promise<Take>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryCounters(now: () => number = Date.now): Counters {
  const map = new Map<string, { count: number; expiresAt: number }>();
  const live = (key: string) => {
    const e = map.get(key);
    if (e && e.expiresAt <= now()) {
      map.delete(key);
      return undefined;
    }
    return e;
  };
  const ttl = (e: { expiresAt: number }) => Math.ceil((e.expiresAt - now()) / 1000);
  // synchronous, so a read and the write after it cannot interleave with another caller's
  const add = (key: string, windowSeconds: number) => {
    const e = live(key);
    if (e) {
      e.count++;
      return e;
    }
    if (map.size > 100_000) map.clear();
    const fresh = { count: 1, expiresAt: now() + windowSeconds * 1000 };
    map.set(key, fresh);
    return fresh;
  };
  return {
    async hit(key, windowSeconds) {
      return add(key, windowSeconds).count;
    },
    async get(key) {
      return live(key)?.count ?? 0;
    },
    async take(key, limit, windowSeconds) {
      const e = live(key);
      if (e && e.count >= limit) return { taken: false, count: e.count, ttl: ttl(e) };
      const after = add(key, windowSeconds);
      return { taken: true, count: after.count, ttl: ttl(after) };
    },
    async reset(key) {
      map.delete(key);
    },
    async close() {},
  };
}

// KEYS[1] the counter, ARGV[1] the limit, ARGV[2] the window: one script, so no other client's
// command runs between the read and the increment
const TAKE = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
local taken = 0
if n < tonumber(ARGV[1]) then
  n = redis.call('INCR', KEYS[1])
  taken = 1
end
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return {taken, n, redis.call('TTL', KEYS[1])}`;

const HIT = `
local n = redis.call('INCR', KEYS[1])
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n`;

/** Where the outage is said (app.log). */
export interface CountersLog {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

/** Logged once when Redis goes away, and once when it is back. */
export const COUNTERS_DOWN =
  'Redis 不可用：登录失败计数改用本节点内存（锁定仍生效，按节点计），恢复后自动改回';
export const COUNTERS_BACK = 'Redis 已恢复：登录失败计数回到 Redis';

/** How long calls skip a Redis that failed a command while still connected (hung, overloaded). */
const BACK_OFF_MS = 5000;

/**
 * Counters in Redis, shared by the nodes; while Redis is unreachable they fall back to this
 * node's memory, so logins go on, still throttled (per node), and nothing waits on Redis longer
 * than `REDIS_TIMEOUT_MS`. A lock taken in memory during an outage is still honoured once Redis
 * is back, until it expires.
 */
export function redisCounters(url: string, prefix = 'factory:', log?: CountersLog): Counters {
  const redis = new Redis(url, failFast);
  const local = memoryCounters();
  let down = false;
  let everReady = false;
  let skipUntil = 0;
  const outage = (err?: Error) => {
    if (down) return;
    down = true;
    log?.warn({ err: err?.message }, COUNTERS_DOWN);
  };
  const recovered = () => {
    skipUntil = 0;
    if (!down) return;
    down = false;
    log?.info(COUNTERS_BACK);
  };
  // a first connect timing out on a busy start is still connecting, no outage (as in `either`)
  redis.on('error', (err) => {
    if (everReady) outage(err);
  });
  redis.on('ready', () => {
    everReady = true;
    recovered();
  });
  /** Redis when it is there, this node's memory when it is not; never throws for Redis. */
  const either = async <T>(remote: () => Promise<T>, fallback: () => Promise<T>): Promise<T> => {
    if (redis.status !== 'ready') {
      // still connecting at start-up is no outage; a lost connection is (ioredis reconnects)
      if (everReady) outage();
      return fallback();
    }
    if (Date.now() < skipUntil) return fallback();
    try {
      const value = await answered(remote());
      recovered();
      return value;
    } catch (err) {
      // connected but not answering: leave it alone for a while instead of waiting on every call
      skipUntil = Date.now() + BACK_OFF_MS;
      outage(err as Error);
      return fallback();
    }
  };
  return {
    hit: (key, windowSeconds) =>
      either(
        async () => Number(await redis.eval(HIT, 1, prefix + key, windowSeconds)),
        () => local.hit(key, windowSeconds),
      ),
    get: (key) =>
      either(
        async () => Math.max(Number((await redis.get(prefix + key)) ?? 0), await local.get(key)),
        () => local.get(key),
      ),
    async take(key, limit, windowSeconds) {
      // a lock this node counted in memory during an outage holds until it expires
      if ((await local.get(key)) >= limit) return local.take(key, limit, windowSeconds);
      return either(
        async () => {
          const [taken, count, ttl] = (await redis.eval(
            TAKE,
            1,
            prefix + key,
            limit,
            windowSeconds,
          )) as number[];
          return { taken: taken === 1, count, ttl: Math.max(0, ttl) };
        },
        () => local.take(key, limit, windowSeconds),
      );
    },
    async reset(key) {
      await local.reset(key);
      await either(
        async () => void (await redis.del(prefix + key)),
        async () => undefined,
      );
    },
    async close() {
      redis.disconnect();
    },
  };
}
