import { getTableColumns, is, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  foreignKey,
  IndexBuilder,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumnBuilderBase,
  PrimaryKeyBuilder,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The n-gram index a list's `like` search on this column goes through (`byGrams` in
 * platform/list.ts): the value's lower-cased unigrams and bigrams (`app_grams`, migration
 * 0025) in a GIN index. It serves patterns of any length — one Chinese character too, which
 * pg_trgm's trigrams cannot — on PostgreSQL and PGlite alike.
 */
export const searchIndex = (table: string, column: AnyPgColumn) =>
  index(`${table}_${column.name}_grams`).using('gin', sql`app_grams(${column})`);

/** The tenant registry: global, not tenant-owned (the app role may only read it). */
export const tenants = pgTable(
  'tenant',
  {
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
  },
  // a member code is typed in any case at sign-in: one tenant per code whatever its case
  (t) => [
    uniqueIndex('tenant_member_code_lower_uq').on(sql`lower(${t.memberCode})`),
    searchIndex('tenant', t.companyName),
    searchIndex('tenant', t.memberCode),
  ],
);

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

type ReferenceAction = 'cascade' | 'restrict' | 'no action' | 'set null' | 'set default';

/** What drizzle's column builders keep of `.primaryKey()`, `.unique()` and `.references()`. */
interface ColumnBuilderInternals {
  config: { primaryKey?: boolean; isUnique?: boolean };
  foreignKeyConfigs: Reference[];
}
interface Reference {
  ref: () => AnyPgColumn;
  actions: { onDelete?: ReferenceAction; onUpdate?: ReferenceAction };
}
/** What drizzle's index builders keep of `.on()` and `.using()`. */
interface IndexBuilderInternals {
  config: { method: string; columns: { name?: string }[] };
}

type ExtraConfig = (t: Record<string, AnyPgColumn>) => unknown[];

const crossTenantIndexes = new WeakSet<object>();

/**
 * Leaves a non-unique index as written, for the few scans that go across tenants by design (the
 * event outbox's drain); everything a signed-in user reads is found by tenant first.
 */
export function acrossTenants<T extends IndexBuilder>(builder: T): T {
  if ((builder as unknown as { config: { unique: boolean } }).config.unique)
    throw new Error('a unique index of a tenant table always starts with tenant_id');
  crossTenantIndexes.add(builder);
  return builder;
}

const tenantColumnOf = (table: AnyPgColumn['table']): AnyPgColumn | undefined =>
  Object.values(getTableColumns(table)).find((c) => c.name === 'tenant_id');

/**
 * A table of one tenant's rows. Written like any pgTable — `tenantId: tenantId()` (or
 * `...codeName()`), `.references()` on columns, indexes and, for link tables, a primary key — it
 * makes every key carry the tenant, so the database itself refuses a reference into another tenant
 * and a distributed PostgreSQL (Citus, by tenant_id) accepts the keys:
 * - the primary key is (tenant_id, id), or the declared one with tenant_id first;
 * - tenant_id goes first in every btree index that does not start with it, unique or not;
 * - a reference to another tenant table becomes (tenant_id, x_id) → (tenant_id, id); references to
 *   global tables stay as written.
 */
export const tenantTable = ((
  name: string,
  columns: Record<string, PgColumnBuilderBase>,
  extra?: ExtraConfig,
) => {
  if (typeof columns !== 'object' || !('tenantId' in columns))
    throw new Error(`${name}: a tenant table declares its columns as an object starting with tenantId()`);
  const references: (Reference & { key: string })[] = [];
  for (const [key, builder] of Object.entries(columns)) {
    const internals = builder as unknown as ColumnBuilderInternals;
    if (internals.config.primaryKey || internals.config.isUnique)
      throw new Error(
        `${name}.${key}: declare keys as indexes of the table; tenantTable puts tenant_id first`,
      );
    if (key === 'tenantId') continue;
    for (const reference of internals.foreignKeyConfigs.splice(0)) {
      // a composite key set to null would null tenant_id too: the service clears such references
      if (reference.actions.onDelete === 'set null' || reference.actions.onDelete === 'set default')
        throw new Error(`${name}.${key}: a reference to a tenant row cannot be set null by the database`);
      references.push({ key, ...reference });
    }
  }
  const untypedTable = pgTable as unknown as (n: string, c: typeof columns, e: ExtraConfig) => unknown;
  return untypedTable(name, columns, (t) => {
    const tenant = t.tenantId;
    const declared = extra?.(t) ?? [];
    const config = declared.map((item) => {
      if (is(item, IndexBuilder)) {
        const { method, columns: indexed } = (item as unknown as IndexBuilderInternals).config;
        if (method === 'btree' && indexed[0]?.name !== 'tenant_id' && !crossTenantIndexes.has(item)) {
          const tenantFirst = (index('_').on(tenant) as unknown as IndexBuilderInternals).config.columns[0];
          indexed.splice(0, indexed.length, tenantFirst, ...indexed.filter((c) => c.name !== 'tenant_id'));
        }
        return item;
      }
      if (is(item, PrimaryKeyBuilder)) {
        const keyColumns = (item as unknown as { columns: AnyPgColumn[] }).columns;
        return primaryKey({ columns: [tenant, ...keyColumns.filter((c) => c.name !== 'tenant_id')] });
      }
      return item;
    });
    if (t.id && !declared.some((item) => is(item, PrimaryKeyBuilder)))
      config.push(primaryKey({ columns: [tenant, t.id] }));
    for (const { key, ref, actions } of references) {
      const target = ref();
      const targetTenant = tenantColumnOf(target.table);
      const reference = targetTenant
        ? foreignKey({
            name: `${name}_${t[key].name}_fk`,
            columns: [tenant, t[key]],
            foreignColumns: [targetTenant, target],
          })
        : foreignKey({ columns: [t[key]], foreignColumns: [target] });
      config.push(
        reference.onDelete(actions.onDelete ?? 'no action').onUpdate(actions.onUpdate ?? 'no action'),
      );
    }
    return config;
  });
}) as unknown as typeof pgTable;

/** Values of the tenant's custom fields of an entity (field setting), keyed by the field's key. */
export const customValues = () => jsonb('custom').$type<Record<string, unknown>>().notNull().default({});

/** The columns every coded master-data table starts with: id, tenant, and code + name unique per tenant. */
export const codeName = () => ({
  id: serial('id'),
  tenantId: tenantId(),
  code: text('code').notNull(),
  name: text('name').notNull(),
});

/** Quantities (stock, BOM usage, report counts): exact decimals, never float. */
export const quantity = (name: string) => numeric(name, { precision: 18, scale: 6 });

export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = tenantTable(
  'session',
  {
    id: bigserial('id', { mode: 'number' }),
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

export const auditLog = tenantTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }),
    tenantId: tenantId(),
    userId: integer('user_id'),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    action: text('action').notNull(),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.tenantId, t.entity, t.entityId),
    // a user's own trail, newest first (the workbench's 最近处理): walked backwards and stopped early
    index('audit_log_user_idx').on(t.userId, t.id.desc()),
  ],
);

/**
 * Numbering rules (code setting): how the codes of one kind of record are made — prefix, date
 * part, sequence length, and when the sequence starts again. Without a row the declaration's
 * default rule applies.
 */
export const codeRules = tenantTable(
  'code_rule',
  {
    id: serial('id'),
    tenantId: tenantId(),
    /** The entity (document type) it numbers: station, materials … */
    docType: text('doc_type').notNull(),
    prefix: text('prefix').notNull().default(''),
    /** '' (none), 'YYYY', 'YYYYMM', 'YYYYMMDD' or 'YYMMDD' (Asia/Shanghai). */
    dateFormat: text('date_format').notNull().default(''),
    seqLength: smallint('seq_length').notNull().default(4),
    /** 0 never, 1 daily, 2 monthly, 3 yearly. */
    resetPeriod: smallint('reset_period').notNull().default(0),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('code_rule_doc_type_uq').on(t.tenantId, t.docType)],
);

/** The last number given per document type and period ('' when the sequence never restarts). */
export const codeSequences = tenantTable(
  'code_sequence',
  {
    tenantId: tenantId(),
    docType: text('doc_type').notNull(),
    period: text('period').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.docType, t.period] })],
);

/** Custom fields (field setting): extra fields a tenant adds to an entity, types 0–5 of spec 001 §9. */
export const customFields = tenantTable(
  'custom_field',
  {
    id: serial('id'),
    tenantId: tenantId(),
    /** The entity they extend (station, materials …). */
    entity: text('entity').notNull(),
    /** The value's key in the rows' `custom` object: cf_ and a short code, fixed once created. */
    key: text('key').notNull(),
    label: text('label').notNull(),
    /** customFieldType: 0 number, 1 text, 2 single choice, 3 multiple choice, 4 image or attachment, 5 time. */
    type: smallint('type').notNull(),
    required: boolean('required').notNull().default(false),
    /** Choices joined by '、' (types 2 and 3). */
    options: text('options'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('custom_field_key_uq').on(t.tenantId, t.entity, t.key),
    uniqueIndex('custom_field_label_uq').on(t.tenantId, t.entity, t.label),
    searchIndex('custom_field', t.label),
  ],
);

/** The tenant's basic configuration (spec 000 §7): profile, page sizes, enabled routes. Read by the platform on every request. */
export const basicConfig = tenantTable(
  'basic_config',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    value: text('value').notNull().default(''),
    /** Tree grouping of getAllBasicConfigByTree. */
    groupCode: text('group_code').notNull(),
    isShow: boolean('is_show').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('basic_config_code_uq').on(t.tenantId, t.code),
    searchIndex('basic_config', t.code),
    searchIndex('basic_config', t.name),
  ],
);
