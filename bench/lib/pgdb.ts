import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A throwaway database on the real server; every bench run gets its own so runs never collide. */
export interface BenchDatabase {
  name: string;
  url: string;
  /** Server version string, for the report. */
  serverVersion: string;
  /** Drops the database (with force, so leftover connections do not block it); safe to call twice. */
  drop(): Promise<void>;
}

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The same server URL pointing at another database. */
export function databaseUrl(serverUrl: string, name: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await c.connect();
  } catch (err) {
    throw new Error(
      `cannot reach PostgreSQL at ${url} (set BENCH_PG_URL): ${(err as Error).message || String(err)}`,
    );
  }
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export async function createBenchDatabase(serverUrl: string, prefix = 'bench'): Promise<BenchDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const serverVersion = await withClient(serverUrl, async (c) => {
    await c.query(`create database ${name}`);
    const { rows } = await c.query<{ v: string }>(`select current_setting('server_version') as v`);
    return rows[0]?.v ?? '?';
  });
  let dropped = false;
  return {
    name,
    url: databaseUrl(serverUrl, name),
    serverVersion,
    async drop() {
      if (dropped) return;
      dropped = true;
      await withClient(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}
