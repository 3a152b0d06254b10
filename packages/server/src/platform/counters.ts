import { Redis } from 'ioredis';

/**
 * Expiring counters for login throttling. With Redis they are shared by every API node, so a
 * lockout holds whichever node the next attempt reaches; without it they live in this process.
 */
export interface Counters {
  /** Adds one; the window starts at the first hit. Returns the new count. */
  hit(key: string, windowSeconds: number): Promise<number>;
  get(key: string): Promise<number>;
  /** Seconds until the key expires (0 when absent). */
  ttl(key: string): Promise<number>;
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
  return {
    async hit(key, windowSeconds) {
      const e = live(key);
      if (e) {
        e.count++;
        return e.count;
      }
      if (map.size > 100_000) map.clear();
      map.set(key, { count: 1, expiresAt: now() + windowSeconds * 1000 });
      return 1;
    },
    async get(key) {
      return live(key)?.count ?? 0;
    },
    async ttl(key) {
      const e = live(key);
      return e ? Math.ceil((e.expiresAt - now()) / 1000) : 0;
    },
    async reset(key) {
      map.delete(key);
    },
    async close() {},
  };
}

export function redisCounters(url: string, prefix = 'factory:'): Counters {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  redis.on('error', () => {
    // reported through failing commands; ioredis reconnects by itself
  });
  return {
    async hit(key, windowSeconds) {
      const k = prefix + key;
      const res = await redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec();
      return Number(res?.[0]?.[1] ?? 0);
    },
    async get(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async ttl(key) {
      return Math.max(0, await redis.ttl(prefix + key));
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      redis.disconnect();
    },
  };
}
