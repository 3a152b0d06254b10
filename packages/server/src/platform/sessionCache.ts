/** What the cache needs of a looked-up session row. */
export interface CachedSession {
  tenant_id: number;
  /** When the session expires unless used again (epoch ms, the database's clock). */
  expires_ms: number;
}

/**
 * The longest a cached session is trusted, whatever the invalidations: a safety net. Below the
 * 60 s after which LOOKUP_SQL slides a session's idle expiry, so an active session is still looked
 * up, and slid, at least that often.
 */
export const SESSION_CACHE_TTL_MS = 30_000;
export const SESSION_CACHE_MAX = 10_000;

/** Taken before a lookup, handed back to `put`: stale when anything was invalidated meanwhile. */
export interface Ticket {
  generation: number;
  stretch: number | undefined;
}

interface Entry<R> {
  row: R;
  until: number;
  stretch: number;
}

/**
 * Looked-up sessions by token hash, on one API node, so a signed-in request normally costs no
 * lookup. Trusted only while `listening()` names the same unbroken stretch of hearing the other
 * nodes' invalidations as when the entry was stored (Redis up and subscribed): without that, every
 * request looks its session up. A lookup that was in flight when an invalidation came is not
 * stored (the generation moved on), so it cannot bring back what the invalidation removed.
 */
export class SessionCache<R extends CachedSession = CachedSession> {
  private readonly entries = new Map<string, Entry<R>>();
  private generation = 0;
  private readonly ttlMs: number;
  private readonly max: number;
  private readonly now: () => number;

  constructor(
    private readonly listening: () => number | undefined,
    opts: { ttlMs?: number; max?: number; now?: () => number } = {},
  ) {
    this.ttlMs = opts.ttlMs ?? SESSION_CACHE_TTL_MS;
    this.max = opts.max ?? SESSION_CACHE_MAX;
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(hash: string): R | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.stretch !== this.listening() || this.now() >= entry.until) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.row;
  }

  ticket(): Ticket {
    return { generation: this.generation, stretch: this.listening() };
  }

  /** Keeps a row looked up under `ticket`, unless something was invalidated since it was taken. */
  put(hash: string, row: R, ticket: Ticket): void {
    const { stretch } = ticket;
    if (stretch === undefined || ticket.generation !== this.generation || this.listening() !== stretch)
      return;
    const until = Math.min(this.now() + this.ttlMs, row.expires_ms);
    this.entries.delete(hash);
    // the oldest stored goes first (a Map iterates in insertion order)
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(hash, { row, until, stretch });
  }

  /** Forgets the sessions of a tenant (undefined: of every tenant), and every lookup in flight. */
  invalidate(tenantId: number | undefined): void {
    this.generation++;
    if (tenantId === undefined) {
      this.entries.clear();
      return;
    }
    for (const [hash, entry] of this.entries) if (entry.row.tenant_id === tenantId) this.entries.delete(hash);
  }
}
