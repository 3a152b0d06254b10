import { events as catalog, type EventName, type EventPayload } from '@factory/shared/events/catalog';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Value } from 'typebox/value';
import type { Database, Tx } from '../db.ts';
import type { Jobs } from '../jobs/jobs.ts';

/** One event as its subscribers receive it. */
export interface DomainEvent<N extends EventName = EventName> {
  id: number;
  name: N;
  tenantId: number;
  payload: EventPayload<N>;
  /** Who caused it (id null when the system did). */
  actor: { id: number | null; name: string };
  createdAt: Date;
}

export interface HandlerContext<N extends EventName> {
  event: DomainEvent<N>;
  /** The event's tenant transaction (row-level security), or the owner's for a `system` event. */
  tx: Tx;
  /** Runs fn once this handler's transaction has committed (pushes that must not outrun the data). */
  afterCommit(fn: () => void | Promise<void>): void;
}

export type EventHandler<N extends EventName> = (ctx: HandlerContext<N>) => Promise<void>;

/** What emitEvent needs of a request: its transaction, its caller, the app's bus and a hook for after the commit. */
export interface EmitContext {
  tx: Tx;
  /** Who caused it; a sweep of the system's (a due-date check) has no user: `userId` null, name 系统. */
  session: { tenantId: number; userId: number | null; name: string };
  services: { events: EventBus };
  afterCommit(fn: () => void | Promise<void>): void;
}

/** A handler that failed is tried again after 1, 2, 4 … seconds, at most an hour apart. */
const MAX_BACKOFF_SECONDS = 3600;
/** Delivered events are kept this long (what happened, and who handled it), then deleted by the drain. */
const KEEP_DAYS = 30;
const DRAIN_BATCH = 100;
/** The job that delivers whatever the in-request dispatch did not (a crash, a failed handler). */
export const DRAIN_JOB = 'events-drain';

/**
 * Says that something happened: writes the event to the outbox in the caller's transaction (a
 * rolled-back change emits nothing) and dispatches it once that transaction has committed; the
 * request waits for that dispatch, bounded (route.ts), so the caller's next read sees its effects.
 */
export async function emitEvent<N extends EventName>(
  ctx: EmitContext,
  name: N,
  payload: EventPayload<N>,
): Promise<number> {
  if (!Value.Check(catalog[name].payload, payload))
    throw new Error(`event ${name}: payload does not match its declaration`);
  const res = await ctx.tx.execute(sql`
    insert into domain_event (tenant_id, name, payload, actor_id, actor_name)
    values (${ctx.session.tenantId}, ${name}, ${JSON.stringify(payload)}::jsonb, ${ctx.session.userId}, ${ctx.session.name})
    returning id`);
  const id = Number((res as unknown as { rows: { id: unknown }[] }).rows[0].id);
  ctx.afterCommit(() => ctx.services.events.dispatch(ctx.session.tenantId, [id]));
  return id;
}

interface Subscriber {
  handler: string;
  fn: EventHandler<EventName>;
}

interface PendingRow extends Record<string, unknown> {
  id: unknown;
  tenant_id: number;
  name: string;
  payload: unknown;
  actor_id: number | null;
  actor_name: string;
  created_at: Date;
  /** handler → 'done' | 'waiting' (failed, not yet due again). */
  state: Record<string, 'done' | 'waiting' | 'due'> | null;
}

const pendingQuery = (where: ReturnType<typeof sql>) => sql`
  select e.id, e.tenant_id, e.name, e.payload, e.actor_id, e.actor_name, e.created_at,
    (select jsonb_object_agg(h.handler, case when h.handled_at is not null then 'done'
        when h.retry_at > now() then 'waiting' else 'due' end)
     from domain_event_handling h where h.tenant_id = e.tenant_id and h.event_id = e.id) as state
  from domain_event e
  where e.delivered_at is null and ${where}
  order by e.id limit ${DRAIN_BATCH}`;

/**
 * The app's subscribers and their delivery. At least once on every node and across nodes; each
 * handler at most once per event, because it claims (event, handler) in its own transaction: the
 * claim commits with the handler's writes or not at all, and a concurrent claim waits for it and
 * then finds it taken. A handler that throws is recorded (attempts, last error, when to retry)
 * and blocks neither the other handlers nor other events.
 */
export class EventBus {
  private readonly subscribers = new Map<EventName, Subscriber[]>();

  constructor(
    private readonly db: Database,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {}

  /** `handler` names the subscriber for good: it is the key its handlings are recorded under. */
  subscribe<N extends EventName>(name: N, handler: string, fn: EventHandler<N>): void {
    const list = this.subscribers.get(name) ?? [];
    if (list.some((s) => s.handler === handler)) throw new Error(`${name}: ${handler} subscribed twice`);
    list.push({ handler, fn: fn as unknown as EventHandler<EventName> });
    this.subscribers.set(name, list);
  }

  /** Delivers these events of one tenant now (right after the commit that wrote them). */
  async dispatch(tenantId: number, ids: readonly number[]): Promise<void> {
    const rows = await this.db.systemQuery<PendingRow>(
      pendingQuery(sql`e.tenant_id = ${tenantId} and e.id = any(${`{${ids.join(',')}}`}::bigint[])`),
    );
    for (const row of rows) await this.deliver(row);
  }

  /** Delivers every event not yet delivered whose handlers are due; returns how many it looked at. */
  async drain(): Promise<number> {
    let after = 0;
    let seen = 0;
    for (;;) {
      const rows = await this.db.systemQuery<PendingRow>(pendingQuery(sql`e.id > ${after}`));
      for (const row of rows) await this.deliver(row);
      seen += rows.length;
      if (rows.length < DRAIN_BATCH) break;
      after = Number(rows[rows.length - 1].id);
    }
    await this.db.systemQuery(
      sql`delete from domain_event
          where created_at < now() - make_interval(days => ${KEEP_DAYS}) and delivered_at is not null`,
    );
    return seen;
  }

  private async deliver(row: PendingRow): Promise<void> {
    const name = row.name as EventName;
    const decl = catalog[name];
    if (!decl) {
      this.log.warn({ event: row.id, name }, '未声明的领域事件，已跳过');
      return;
    }
    const event: DomainEvent = {
      id: Number(row.id),
      name,
      tenantId: row.tenant_id,
      payload: row.payload as EventPayload<EventName>,
      actor: { id: row.actor_id, name: row.actor_name },
      createdAt: row.created_at,
    };
    let pending = false;
    for (const sub of this.subscribers.get(name) ?? []) {
      const state = row.state?.[sub.handler];
      if (state === 'done') continue;
      if (state === 'waiting' || !(await this.handle(event, decl.scope, sub))) pending = true;
    }
    if (!pending)
      await this.db.systemQuery(
        sql`update domain_event set delivered_at = now()
            where tenant_id = ${event.tenantId} and id = ${event.id} and delivered_at is null`,
      );
  }

  /** Runs one handler in its own transaction; false when it failed (recorded for a retry). */
  private async handle(event: DomainEvent, scope: 'tenant' | 'system', sub: Subscriber): Promise<boolean> {
    const committed: (() => void | Promise<void>)[] = [];
    const run = async (tx: Tx) => {
      const claim = await tx.execute(sql`
        insert into domain_event_handling (event_id, handler, tenant_id, handled_at)
        values (${event.id}, ${sub.handler}, ${event.tenantId}, now())
        on conflict (tenant_id, event_id, handler) do update set handled_at = now()
        where domain_event_handling.handled_at is null
        returning 1 as claimed`);
      // handled already (by another node, or before a crash): nothing to do
      if (!(claim as unknown as { rows: unknown[] }).rows.length) return;
      await sub.fn({ event, tx, afterCommit: (fn) => committed.push(fn) });
    };
    try {
      await (scope === 'system' ? this.db.withSystem(run) : this.db.withTenant(event.tenantId, run));
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 2000);
      this.log.error(
        { err, event: event.id, name: event.name, handler: sub.handler },
        '领域事件处理失败，稍后重试',
      );
      await this.db.systemQuery(sql`
        insert into domain_event_handling (event_id, handler, tenant_id, attempts, last_error, retry_at)
        values (${event.id}, ${sub.handler}, ${event.tenantId}, 1, ${message}, now() + interval '1 second')
        on conflict (tenant_id, event_id, handler) do update set
          attempts = domain_event_handling.attempts + 1,
          last_error = excluded.last_error,
          retry_at = now() + make_interval(secs => least(power(2, domain_event_handling.attempts), ${MAX_BACKOFF_SECONDS}))`);
      return false;
    }
    for (const fn of committed) {
      // the handler's data is written: a failed push is logged, never a failed handling
      await Promise.resolve()
        .then(fn)
        .catch((err) => this.log.warn({ err, handler: sub.handler }, 'after-commit task failed'));
    }
    return true;
  }
}

/** The drain as a scheduled job: every minute on one node, so nothing committed stays undelivered. */
export const scheduleDrain = (events: EventBus, jobs: Jobs) =>
  jobs.schedule(DRAIN_JOB, '* * * * *', async () => {
    await events.drain();
  });
