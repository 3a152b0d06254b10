import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { getTableName, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { cachedStatements } from './pgliteStatements.ts';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// biome-ignore lint/suspicious/noExplicitAny: both drivers' databases share this shape
type AnyDb = PgDatabase<PgQueryResultHKT, any, any>;
/**
 * What module code receives: a connection inside a transaction already scoped to one tenant.
 * It has no `transaction()`: the request's transaction is the unit of work.
 */
export type Tx = Omit<AnyDb, 'transaction' | 'batch'>;

/** How a transaction wrote a table through its query builder. */
export type WriteKind = 'insert' | 'update' | 'delete';

export interface Database {
  kind: 'pglite' | 'postgres';
  /**
   * Runs fn in a transaction as the factory_app role with app.tenant_id set, so row-level
   * security confines every statement to that tenant. The only way requests reach tenant data.
   */
  withTenant<T>(tenantId: number, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs fn in a transaction as the owner (bypassing RLS). For the platform only: migrations,
   * the tenant registry, and the session lookup that has to happen before a tenant is known.
   */
  withSystem<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** One statement as the owner, outside a transaction. */
  systemQuery<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]>;
  /**
   * A hot-path platform statement as the owner, sent as a named prepared statement on PostgreSQL
   * so it is planned once per connection, not on every request.
   */
  prepared<T extends Record<string, unknown>>(name: string, text: string, params: unknown[]): Promise<T[]>;
  /**
   * SQL text as the owner, outside a transaction; several statements when there are no values.
   * For the job queue (pg-boss runs its own SQL, migrations included, through this).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * Calls `changed` once a transaction (withTenant, withSystem) that wrote a table `watches`
   * accepts has committed, and before that transaction's caller goes on: with its tenant, or
   * undefined for an owner transaction (any tenant). Writes through the query builder's insert,
   * update and delete count; SQL text given to `execute` does not. Answers the way to stop.
   */
  onCommittedWrite(
    watches: (table: string, kind: WriteKind) => boolean,
    changed: (tenantId: number | undefined) => Promise<void>,
  ): () => void;
  /** Applies the pending migrations; with upTo (a journal tag), only those up to and including it. */
  migrate(opts?: { upTo?: string }): Promise<void>;
  close(): Promise<void>;
}

function checkTenantId(tenantId: number): number {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`invalid tenant id ${tenantId}`);
  return tenantId;
}

/**
 * The statements that put a transaction under one tenant's row-level security. SET LOCAL rather
 * than set_config(): a distributed PostgreSQL (Citus) passes SET LOCAL on to the workers that run
 * the transaction's statements, and a function call it does not.
 */
const enterTenantSql = (tenantId: number) => [
  'set local role factory_app',
  `set local app.tenant_id = '${checkTenantId(tenantId)}'`,
];

/** Switches an open transaction to one tenant; also used when a provider creates a tenant. */
export async function enterTenant(tx: Tx, tenantId: number): Promise<void> {
  for (const statement of enterTenantSql(tenantId)) await tx.execute(sql.raw(statement));
}

interface Watcher {
  watches(table: string, kind: WriteKind): boolean;
  changed(tenantId: number | undefined): Promise<void>;
}

/** The watchers a transaction's writes concern, told after its commit. */
type Touched = Set<Watcher>;

const WRITES: readonly WriteKind[] = ['insert', 'update', 'delete'];

/** Has tx note, in touched, the watchers each insert, update or delete it starts concerns. */
function noteWrites(tx: AnyDb, watchers: readonly Watcher[], touched: Touched): void {
  const target = tx as unknown as Record<WriteKind, (table: PgTable) => unknown>;
  for (const kind of WRITES) {
    const write = target[kind];
    target[kind] = (table) => {
      const name = getTableName(table);
      for (const w of watchers) if (w.watches(name, kind)) touched.add(w);
      return write.call(tx, table);
    };
  }
}

/** The data is committed: a watcher that fails is its own business, never the caller's. */
async function tell(touched: Iterable<Watcher>, tenantId: number | undefined): Promise<void> {
  await Promise.allSettled([...touched].map((w) => w.changed(tenantId)));
}

/** A drizzle transaction whose writes are noted; the watchers hear of them once it has committed. */
async function watchedTransaction<T>(
  db: AnyDb,
  watchers: readonly Watcher[],
  tenantId: number | undefined,
  fn: (tx: AnyDb) => Promise<T>,
): Promise<T> {
  const touched: Touched = new Set();
  const result = await db.transaction((tx) => {
    noteWrites(tx as unknown as AnyDb, watchers, touched);
    return fn(tx as unknown as AnyDb);
  });
  await tell(touched, tenantId);
  return result;
}

interface Driver {
  kind: Database['kind'];
  db: AnyDb;
  watchers: Watcher[];
  withTenant: Database['withTenant'];
  prepared: Database['prepared'];
  executeSql: Database['executeSql'];
  migrate(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
}

/** Row-level security, policy and grants for every table with tenant_id (migration 0001's function). */
const secureTenantTables = (db: AnyDb) => db.execute(sql`select app_secure_tenant_tables()`);

/**
 * A temporary copy of the migrations folder whose journal ends at the tag upTo, so the migrator
 * stops there (tests and benchmarks start from an earlier schema); remove() deletes it.
 */
function migrationsUpTo(upTo: string): { folder: string; remove(): void } {
  const journalPath = path.join(MIGRATIONS_DIR, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === upTo);
  if (last < 0) throw new Error(`no migration tagged ${upTo}`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-migrations-'));
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  fs.writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }),
  );
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

/** The advisory lock key under which a PostgreSQL database is migrated. */
const MIGRATION_LOCK = 7_240_001;

function wrap({
  kind,
  db,
  watchers,
  withTenant,
  prepared,
  executeSql,
  migrate: doMigrate,
  close,
}: Driver): Database {
  return {
    kind,
    withTenant,
    prepared,
    executeSql,
    withSystem: (fn) => watchedTransaction(db, watchers, undefined, (tx) => fn(tx as unknown as Tx)),
    onCommittedWrite: (watches, changed) => {
      const watcher: Watcher = { watches, changed };
      watchers.push(watcher);
      return () => {
        const at = watchers.indexOf(watcher);
        if (at >= 0) watchers.splice(at, 1);
      };
    },
    systemQuery: async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => {
      const res = (await db.execute(query)) as unknown as { rows: T[] } | T[];
      return Array.isArray(res) ? res : res.rows;
    },
    migrate: async ({ upTo } = {}) => {
      if (!upTo) return doMigrate(MIGRATIONS_DIR);
      const copy = migrationsUpTo(upTo);
      try {
        await doMigrate(copy.folder);
      } finally {
        copy.remove();
      }
    },
    close,
  };
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** An already-open PGlite (tests clone a migrated template). */
  pglite?: PGlite;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20 });
    pool.on('error', () => {
      // an idle client's connection dropped; the pool replaces it on next use
    });
    const db = drizzlePg(pool);
    const watchers: Watcher[] = [];
    // a client's drizzle instance is made once; `touched` is emptied at the start of each transaction
    const perClient = new WeakMap<pg.PoolClient, { tx: AnyDb; touched: Touched }>();
    return wrap({
      kind: 'postgres',
      db: db as unknown as AnyDb,
      watchers,
      // BEGIN and the tenant settings travel as one simple-protocol message: one round trip, not two
      withTenant: async (tenantId, fn) => {
        const client = await pool.connect();
        let broken: Error | undefined;
        let result: Awaited<ReturnType<typeof fn>>;
        let touched: Watcher[];
        try {
          await client.query(['begin', ...enterTenantSql(tenantId)].join('; '));
          let own = perClient.get(client);
          if (!own) {
            const tx = drizzlePg(client) as unknown as AnyDb;
            own = { tx, touched: new Set() };
            noteWrites(tx, watchers, own.touched);
            perClient.set(client, own);
          }
          own.touched.clear();
          result = await fn(own.tx);
          await client.query('commit');
          touched = [...own.touched];
        } catch (error) {
          await client.query('rollback').catch((e: Error) => {
            broken = e;
          });
          throw error;
        } finally {
          client.release(broken);
        }
        await tell(touched, tenantId);
        return result;
      },
      prepared: async <T extends Record<string, unknown>>(name: string, text: string, params: unknown[]) =>
        (await pool.query<T>({ name, text, values: params })).rows,
      executeSql: (text, values) => (values?.length ? pool.query(text, values) : pool.query(text)),
      migrate: async (migrationsFolder) => {
        // nodes starting together migrate one after the other: PostgreSQL refuses concurrent
        // grants on the same objects ("tuple concurrently updated")
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(db, { migrationsFolder });
          await secureTenantTables(db);
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
          lock.release();
        }
      },
      close: () => pool.end(),
    });
  }
  let client = opts.pglite;
  if (!client) {
    if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
    client = await PGlite.create(opts.dataDir ? path.join(opts.dataDir, 'pglite') : undefined);
  }
  const pgl = client;
  // inside transactions, data statements are prepared once and their plans kept (pgliteStatements.ts)
  const db = drizzlePglite({ client: cachedStatements(pgl) });
  const watchers: Watcher[] = [];
  return wrap({
    kind: 'pglite',
    db: db as unknown as AnyDb,
    watchers,
    withTenant: (tenantId, fn) =>
      watchedTransaction(db as unknown as AnyDb, watchers, tenantId, async (tx) => {
        await enterTenant(tx as unknown as Tx, tenantId);
        return fn(tx as unknown as Tx);
      }),
    // in-process: no network round trip to save by naming the statement
    prepared: async <T extends Record<string, unknown>>(_name: string, text: string, params: unknown[]) =>
      (await pgl.query<T>(text, params)).rows,
    // exec runs several statements (the simple protocol) and answers each: the last is the result
    executeSql: async (text, values) =>
      values?.length ? pgl.query(text, values) : ((await pgl.exec(text)).at(-1) ?? { rows: [] }),
    migrate: async (migrationsFolder) => {
      await migratePglite(db, { migrationsFolder });
      await secureTenantTables(db);
    },
    close: () => pgl.close(),
  });
}
