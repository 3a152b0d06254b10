import type { RedisOptions } from 'ioredis';

/** Longest a Redis call may keep a request waiting before the caller falls back. */
export const REDIS_TIMEOUT_MS = 150;

/**
 * ioredis options for a connection that requests wait on. ioredis's defaults queue commands while
 * it reconnects and retry each one up to 20 times, so with Redis down a login hung for about 10 s
 * and then failed. Here a command fails at once while disconnected (no offline queue, no retry),
 * so no request ever waits for a connection; reconnecting goes on in the background.
 */
export const failFast: RedisOptions = {
  connectTimeout: 1000,
  // a backstop only: callers on the request path give up sooner, through `answered`
  commandTimeout: 1000,
  maxRetriesPerRequest: 0,
  enableOfflineQueue: false,
  retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
};

/**
 * Redis's reply, or a rejection once REDIS_TIMEOUT_MS have passed without one. When the timer
 * fires, a reply that has already arrived but was not read yet (this process was busy) still
 * counts: the limit is on Redis, so a loaded node does not give up on a Redis that answered.
 */
export function answered<T>(reply: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // setImmediate runs after the event loop's next I/O poll, which reads any reply waiting
    const timer = setTimeout(
      () => setImmediate(() => reject(new Error(`Redis 未在 ${REDIS_TIMEOUT_MS} ms 内应答`))),
      REDIS_TIMEOUT_MS,
    );
    reply.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
