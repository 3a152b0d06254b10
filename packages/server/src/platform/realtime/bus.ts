import { randomUUID } from 'node:crypto';
import type { NotificationPush } from '@factory/shared/api/notification';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { answered, failFast } from '../redis.ts';

/** A push for some users of one tenant, as it travels between API nodes. */
export interface Delivery {
  tenantId: number;
  userIds: readonly number[];
  push: NotificationPush;
}

/**
 * How a node tells the other nodes about a delivery. Each node always delivers to its own sockets
 * itself; the bus only carries the delivery to the others, so a Redis outage costs cross-node
 * fan-out and nothing else.
 */
export interface NotificationBus {
  /** Tells the other nodes; never throws (an outage is logged by the bus). */
  publish(delivery: Delivery): Promise<void>;
  /** Deliveries published by other nodes. */
  onDelivery(fn: (delivery: Delivery) => void): void;
  close(): Promise<void>;
}

/** Logged when this node starts hearing the other nodes' deliveries. */
export const SUBSCRIBED = 'Redis 已订阅通知频道：跨节点推送就绪';

/** One process, no other nodes: nothing to carry. */
export function localBus(): NotificationBus {
  return { async publish() {}, onDelivery() {}, async close() {} };
}

interface Envelope extends Delivery {
  node: string;
}

/**
 * Redis pub/sub between API nodes. Two connections (a subscribed one can do nothing else). While
 * Redis is away publishing fails fast instead of queueing (enableOfflineQueue: false), the outage is
 * logged once, ioredis keeps reconnecting and re-subscribes, and fan-out resumes by itself.
 */
export function redisBus(
  url: string,
  prefix: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): NotificationBus {
  const CHANNEL = `${prefix}notification`;
  const node = randomUUID();
  // publishing happens on the request path: it fails fast; the subscriber only listens
  const pub = new Redis(url, failFast);
  const sub = new Redis(url, { retryStrategy: failFast.retryStrategy, maxRetriesPerRequest: null });
  const handlers: ((d: Delivery) => void)[] = [];
  let down = false;
  let closing = false;

  const outage = (err?: Error) => {
    if (down || closing) return;
    down = true;
    log.warn({ err: err?.message }, 'Redis 不可用：通知只推送到本节点的连接，恢复后自动继续跨节点推送');
  };
  const recovered = () => {
    if (!down) return;
    down = false;
    log.info('Redis 已恢复：继续跨节点推送通知');
  };
  for (const conn of [pub, sub]) {
    conn.on('error', outage);
    // a dropped connection is an outage even when the reconnect meets no error (Redis back within
    // the retry interval): the subscriber heard nothing meanwhile
    conn.on('close', () => outage());
    conn.on('end', () => outage());
  }
  pub.on('ready', () => {
    if (sub.status === 'ready') recovered();
  });
  sub.on('ready', () => {
    if (pub.status === 'ready') recovered();
  });
  // said once subscribed: until then this node hears nothing from the others (tests wait for it)
  sub
    .subscribe(CHANNEL)
    .then(() => log.info(SUBSCRIBED))
    .catch(outage);
  sub.on('message', (_channel, text: string) => {
    let msg: Envelope;
    try {
      msg = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (msg.node === node) return;
    for (const fn of handlers) fn(msg);
  });

  return {
    async publish(delivery) {
      if (pub.status !== 'ready') return outage();
      try {
        await answered(pub.publish(CHANNEL, JSON.stringify({ ...delivery, node } satisfies Envelope)));
      } catch (err) {
        outage(err as Error);
      }
    },
    onDelivery(fn) {
      handlers.push(fn);
    },
    async close() {
      closing = true;
      pub.disconnect();
      sub.disconnect();
    },
  };
}
