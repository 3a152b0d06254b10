import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// biome-ignore lint/suspicious/noExplicitAny: both drivers' databases share this shape
type AnyDb = PgDatabase<PgQueryResultHKT, any, any>;
/** What module code receives: a transaction already scoped to one tenant. */
// biome-ignore lint/suspicious/noExplicitAny: both drivers' transactions share this shape
export type Tx = PgTransaction<PgQueryResultHKT, any, any>;

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
  /** One statement as the owner, outside a transaction (the per-request session lookup). */
  systemQuery<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Switches an open transaction to one tenant; also used when a provider creates a tenant. */
export async function enterTenant(tx: Tx, tenantId: number): Promise<void> {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) throw new Error(`invalid tenant id ${tenantId}`);
  await tx.execute(
    sql`select set_config('role', 'factory_app', true), set_config('app.tenant_id', ${String(tenantId)}, true)`,
  );
}

function wrap(
  kind: Database['kind'],
  db: AnyDb,
  doMigrate: () => Promise<void>,
  close: () => Promise<void>,
): Database {
  return {
    kind,
    withTenant: (tenantId, fn) =>
      db.transaction(async (tx) => {
        await enterTenant(tx as Tx, tenantId);
        return fn(tx as Tx);
      }),
    withSystem: (fn) => db.transaction((tx) => fn(tx as Tx)),
    systemQuery: async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => {
      const res = (await db.execute(query)) as unknown as { rows: T[] } | T[];
      return Array.isArray(res) ? res : res.rows;
    },
    migrate: async () => {
      await doMigrate();
      await db.execute(sql`select app_secure_tenant_tables()`);
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
    return wrap(
      'postgres',
      db as unknown as AnyDb,
      () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      () => pool.end(),
    );
  }
  let client = opts.pglite;
  if (!client) {
    if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
    client = await PGlite.create(opts.dataDir ? path.join(opts.dataDir, 'pglite') : undefined);
  }
  const pgl = client;
  const db = drizzlePglite(pgl);
  return wrap(
    'pglite',
    db as unknown as AnyDb,
    () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    () => pgl.close(),
  );
}
