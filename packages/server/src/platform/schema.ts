import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** The tenant registry: global, not tenant-owned (the app role may only read it). */
export const tenants = pgTable('tenant', {
  id: serial('id').primaryKey(),
  memberCode: text('member_code').notNull().unique(),
  companyName: text('company_name').notNull(),
  logo: text('logo'),
  version: text('version'),
  enabled: boolean('enabled').notNull().default(true),
  flags: jsonb('flags').$type<Record<string, boolean>>().notNull().default({}),
  /** Bumped whenever the tenant's basic config changes, so nodes refresh their caches. */
  configVersion: integer('config_version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Columns every tenant-owned table starts with. Row-level security is switched on for every table
 * that has tenant_id by the migration function app_secure_tenant_tables(), so a new table needs
 * nothing more than these columns.
 */
export const tenantId = () =>
  integer('tenant_id')
    .notNull()
    .references(() => tenants.id)
    .default(sql`nullif(current_setting('app.tenant_id', true), '')::int`);

/** Values of the tenant's custom fields of an entity (field setting), keyed by the field's key. */
export const customValues = () => jsonb('custom').$type<Record<string, unknown>>().notNull().default({});

export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'session',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('session_token_hash_uq').on(t.tokenHash),
    index('session_user_idx').on(t.tenantId, t.userId),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantId(),
    userId: integer('user_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.tenantId, t.entity, t.entityId)],
);
