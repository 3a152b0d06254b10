import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { acrossTenants, tenantId, tenantTable } from '../schema.ts';

/**
 * The outbox: one row per domain event, written in the transaction that caused it, so a
 * rolled-back change emits nothing and a committed one is delivered even if the node dies before
 * dispatching it (the drain finds rows not yet delivered).
 */
export const domainEvents = tenantTable(
  'domain_event',
  {
    id: bigserial('id', { mode: 'number' }),
    tenantId: tenantId(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    /** Who caused it; null for the system itself. */
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once every subscriber has handled it. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    // the drain walks every tenant's undelivered events in id order and deletes delivered ones by age
    acrossTenants(index('domain_event_pending_idx').on(t.id).where(sql`${t.deliveredAt} is null`)),
    acrossTenants(index('domain_event_created_idx').on(t.createdAt)),
  ],
);

/**
 * One subscriber's handling of one event: claimed in the handler's own transaction (so it commits
 * with the handler's writes, or not at all — at least once, and never twice), and, while the
 * handler fails, its attempts, last error and when to try again.
 */
export const domainEventHandlings = tenantTable(
  'domain_event_handling',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    handler: text('handler').notNull(),
    tenantId: tenantId(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    retryAt: timestamp('retry_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.handler] })],
);
