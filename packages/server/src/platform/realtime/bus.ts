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
 * How a node tells the other nodes about a delivery, and that sessions changed. Each node always
 * delivers to its own sockets itself; the bus only carries the delivery to the others, so a Redis
 * outage costs cross-node fan-out and nothing else (sessions are then looked up on every request).
 */
export interface NotificationBus {
  /** Tells the other nodes; never throws (an outage is logged by the bus). */
  publish(delivery: Delivery): Promise<void>;
  /** Deliveries published by other nodes. */
  onDelivery(fn: (delivery: Delivery) => void): void;
  /** Tells the other nodes that sessions of a tenant (undefined: of every tenant) may have changed; never throws. */
  publishSessionChange(tenantId: number | undefined): Promise<void>;
  /** Session changes published by other nodes. */
  onSessionChange(fn: (tenantId: number | undefined) => void): void;
  /**
   * While this node provably hears the others (its subscription answered a ping in the last
   * LISTENING_WINDOW_MS), a number naming that unbroken stretch; undefined otherwise. What was
   * published during a break may have been missed, so a cache trusts only entries of the stretch
   * it is in.
   */
  listening(): number | undefined;
  close(): Promise<void>;
}

/** How often the subscription is pinged, and how long its last answer proves it is listening. */
const HEARTBEAT_MS = 1000;
const LISTENING_WINDOW_MS = 3000;

/** Logged when this node starts hearing the other nodes' deliveries. */
export const SUBSCRIBED = 'Redis 已订阅通知频道：跨节点推送就绪';

/** One process, no other nodes: nothing to carry. */
export function localBus(): NotificationBus {
  return {
    async publish() {},
    onDelivery() {},
    async publishSessionChange() {},
    onSessionChange() {},
    listening: () => undefined,
    async close() {},
  };
}

interface Envelope extends Delivery {
  node: string;
}

interface SessionEnvelope {
  node: string;
  tenantId: number | null;
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
  const SESSION_CHANNEL = `${prefix}session`;
  const node = randomUUID();
  // publishing happens on the request path: it fails fast; the subscriber only listens
  const pub = new Redis(url, failFast);
  const sub = new Redis(url, { retryStrategy: failFast.retryStrategy, maxRetriesPerRequest: null });
  const handlers: ((d: Delivery) => void)[] = [];
  const sessionHandlers: ((tenantId: number | undefined) => void)[] = [];
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
    .subscribe(CHANNEL, SESSION_CHANNEL)
    .then(() => log.info(SUBSCRIBED))
    .catch(outage);
  sub.on('message', (channel, text: string) => {
    let msg: Envelope | SessionEnvelope;
    try {
      msg = JSON.parse(text) as Envelope | SessionEnvelope;
    } catch {
      return;
    }
    if (msg.node === node) return;
    if (channel === SESSION_CHANNEL) {
      const { tenantId } = msg as SessionEnvelope;
      for (const fn of sessionHandlers) fn(tenantId ?? undefined);
    } else for (const fn of handlers) fn(msg as Envelope);
  });

  // A dropped connection is seen at once, a Redis that stopped answering only by asking it. A ping
  // goes after the (re)subscription on the same connection, so its answer also proves that the
  // subscription is in place; one asked before the latest reconnect proves nothing.
  let connection = 0;
  let stretches = 0;
  let stretch: number | undefined;
  let heard = 0;
  sub.on('ready', () => {
    connection++;
    stretch = undefined;
  });
  const heartbeat = setInterval(() => {
    if (sub.status !== 'ready') return;
    const asked = connection;
    sub.ping().then(
      () => {
        if (asked !== connection) return;
        const now = Date.now();
        if (stretch === undefined || now - heard > LISTENING_WINDOW_MS) stretch = ++stretches;
        heard = now;
      },
      () => undefined,
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const send = async (channel: string, message: object) => {
    if (pub.status !== 'ready') return outage();
    try {
      await answered(pub.publish(channel, JSON.stringify({ ...message, node })));
    } catch (err) {
      outage(err as Error);
    }
  };

  return {
    publish: (delivery) => send(CHANNEL, delivery),
    onDelivery(fn) {
      handlers.push(fn);
    },
    publishSessionChange: (tenantId) => send(SESSION_CHANNEL, { tenantId: tenantId ?? null }),
    onSessionChange(fn) {
      sessionHandlers.push(fn);
    },
    listening: () =>
      sub.status === 'ready' && Date.now() - heard <= LISTENING_WINDOW_MS ? stretch : undefined,
    async close() {
      closing = true;
      clearInterval(heartbeat);
      pub.disconnect();
      sub.disconnect();
    },
  };
}
