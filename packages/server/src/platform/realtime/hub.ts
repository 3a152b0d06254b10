import type { WebSocket } from 'ws';
import type { Delivery, NotificationBus } from './bus.ts';

const key = (tenantId: number, userId: number) => `${tenantId}:${userId}`;

interface Live {
  socket: WebSocket;
  alive: boolean;
}

/**
 * The sockets this node holds, by tenant and user (a user may have several tabs open), and the
 * one way to reach them: `send` delivers here and tells the other nodes through the bus.
 */
export class NotificationHub {
  private readonly byUser = new Map<string, Set<Live>>();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly bus: NotificationBus,
    heartbeatMs: number,
  ) {
    bus.onDelivery((d) => this.deliver(d));
    // A socket that missed a whole interval without answering the ping is dead (a laptop lid
    // closed, a proxy dropped it): terminate it so the map holds only live users.
    this.heartbeat = setInterval(() => this.beat(), heartbeatMs);
    this.heartbeat.unref();
  }

  add(tenantId: number, userId: number, socket: WebSocket): void {
    const k = key(tenantId, userId);
    const live: Live = { socket, alive: true };
    let set = this.byUser.get(k);
    if (!set) {
      set = new Set();
      this.byUser.set(k, set);
    }
    set.add(live);
    socket.on('pong', () => {
      live.alive = true;
    });
    socket.on('close', () => {
      set.delete(live);
      if (!set.size && this.byUser.get(k) === set) this.byUser.delete(k);
    });
  }

  /** Delivers here and, through the bus, on every other node. */
  async send(delivery: Delivery): Promise<void> {
    this.deliver(delivery);
    await this.bus.publish(delivery);
  }

  /** Sockets held by this node. */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  private deliver({ tenantId, userIds, push }: Delivery): void {
    const text = JSON.stringify(push);
    for (const userId of userIds) {
      for (const live of this.byUser.get(key(tenantId, userId)) ?? []) {
        if (live.socket.readyState === live.socket.OPEN) live.socket.send(text);
      }
    }
  }

  private beat(): void {
    for (const set of this.byUser.values()) {
      for (const live of set) {
        if (!live.alive) {
          live.socket.terminate();
          continue;
        }
        live.alive = false;
        live.socket.ping();
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const set of this.byUser.values()) for (const live of set) live.socket.close(1001);
    this.byUser.clear();
    await this.bus.close();
  }
}
