import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness.ts';
import type { Tx } from './db.ts';

/**
 * Keys that carry the tenant (issue 28): every tenant table is keyed `(tenant_id, id)`, its unique
 * indexes start with tenant_id, and a pointer between tenant tables is `(tenant_id, x_id) ->
 * (tenant_id, id)`, so the database itself refuses a row that points into another tenant.
 * Everything is read from the catalogue of the migrated database, so a new table is checked by itself.
 */

/** The tables of `public` without tenant_id: a new table without it must be named here, on purpose. */
const GLOBAL_TABLES = [
  'market_detail',
  'market_picture',
  'market_type',
  'scheduled_job',
  'tenant',
  'update_log_record',
];

/** The tables of `public` (partitions aside) with `tenant_col`, tenant_id's column number or null. */
const TABLES = sql`
  select c.oid, c.relname, a.attnum as tenant_col
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
  where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`;

let h: Harness;

interface ForeignKey {
  table: string;
  name: string;
  ref: string;
  cols: string[];
  refCols: string[];
  /** Whether a (child, parent) column pair is (tenant_id, tenant_id). */
  tenantMatched: boolean;
  /** ON DELETE / ON UPDATE SET NULL or SET DEFAULT that would also clear the child's tenant_id. */
  clearsTenant: string | null;
}

/** Foreign keys from a tenant table to another (or the same) tenant table. */
async function tenantForeignKeys(): Promise<ForeignKey[]> {
  const rows = await h.db.systemQuery<{
    table: string;
    name: string;
    ref: string;
    cols: string[];
    ref_cols: string[];
    conkey: number[];
    confkey: number[];
    child_tenant: number;
    parent_tenant: number;
    del_type: string;
    upd_type: string;
    del_set_cols: number[] | null;
  }>(sql`
    select c.relname as table, con.conname as name, r.relname as ref,
      array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as cols,
      array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i)
        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as ref_cols,
      con.conkey::int[] as conkey, con.confkey::int[] as confkey,
      c.tenant_col::int as child_tenant, r.tenant_col::int as parent_tenant,
      con.confdeltype::text as del_type, con.confupdtype::text as upd_type,
      con.confdelsetcols::int[] as del_set_cols
    from pg_constraint con
    join (${TABLES}) c on c.oid = con.conrelid
    join (${TABLES}) r on r.oid = con.confrelid
    where con.contype = 'f' and c.tenant_col is not null and r.tenant_col is not null
    order by 1, 2`);
  return rows.map((r) => {
    const tenantMatched = r.conkey.some((k, i) => k === r.child_tenant && r.confkey[i] === r.parent_tenant);
    // SET NULL / SET DEFAULT sets every column of the key unless ON DELETE names some (PostgreSQL 15)
    const setsNull = (action: string) => action === 'n' || action === 'd';
    const deleteSets = r.del_set_cols?.length ? r.del_set_cols : r.conkey;
    const clearsTenant =
      setsNull(r.del_type) && deleteSets.includes(r.child_tenant)
        ? 'ON DELETE'
        : setsNull(r.upd_type) && r.conkey.includes(r.child_tenant)
          ? 'ON UPDATE'
          : null;
    return {
      table: r.table,
      name: r.name,
      ref: r.ref,
      cols: r.cols,
      refCols: r.ref_cols,
      tenantMatched,
      clearsTenant,
    };
  });
}

beforeAll(async () => {
  // the demo tenants (for the cross-tenant attempts below): each has roles, users, factory,
  // materials, flows, storage, equipment and production; the catalogue reads are the same with them
  h = await createHarness({ demo: true });
}, 300_000);
afterAll(() => h?.close());

describe('keys that carry the tenant (catalogue)', () => {
  it('the global tables (no tenant_id) are exactly the declared ones', async () => {
    const rows = await h.db.systemQuery<{ name: string; tenant: boolean }>(
      sql`select relname as name, tenant_col is not null as tenant from (${TABLES}) t order by 1`,
    );
    expect(rows.filter((r) => r.tenant).length).toBeGreaterThan(40);
    // sorted here, not by the catalogue's collation
    expect(rows.flatMap((r) => (r.tenant ? [] : [r.name])).sort()).toEqual([...GLOBAL_TABLES].sort());
  });

  it('every tenant table has a primary key that starts with tenant_id', async () => {
    const rows = await h.db.systemQuery<{ table: string; name: string | null; cols: string[] }>(sql`
      select c.relname as table, con.conname as name,
        array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i)
          join pg_attribute a on a.attrelid = c.oid and a.attnum = k.n order by k.i) as cols
      from (${TABLES}) c
      left join pg_constraint con on con.conrelid = c.oid and con.contype = 'p'
      where c.tenant_col is not null
      order by 1`);
    const offenders = rows.flatMap((r) => {
      if (r.name === null) return [`${r.table}: - (no primary key)`];
      if (r.cols[0] === 'tenant_id') return [];
      return [`${r.table}: ${r.name} (primary key (${r.cols.join(', ')}) does not start with tenant_id)`];
    });
    expect(offenders).toEqual([]);
  });

  it('every unique index or constraint of a tenant table starts with tenant_id', async () => {
    // a unique constraint is backed by its unique index (same name), so reading the indexes covers both
    const rows = await h.db.systemQuery<{
      table: string;
      name: string;
      cols: string[];
      partial: boolean;
    }>(sql`
      select c.relname as table, ic.relname as name,
        array(select pg_get_indexdef(i.indexrelid, k, true) from generate_series(1, i.indnkeyatts::int) k
          order by k) as cols,
        i.indpred is not null as partial
      from pg_index i
      join (${TABLES}) c on c.oid = i.indrelid
      join pg_class ic on ic.oid = i.indexrelid
      where i.indisunique and not i.indisprimary and c.tenant_col is not null
      order by 1, 2`);
    const offenders = rows.flatMap((r) => {
      const what = `unique${r.partial ? ' (partial)' : ''} on (${r.cols.join(', ')})`;
      if (r.cols[0] === 'tenant_id') return [];
      const wrong = r.cols.includes('tenant_id') ? 'tenant_id is not first' : 'lacks tenant_id';
      return [`${r.table}: ${r.name} (${what} ${wrong})`];
    });
    expect(offenders).toEqual([]);
  });

  it('every foreign key between tenant tables matches tenant_id to tenant_id', async () => {
    const fks = await tenantForeignKeys();
    expect(fks.length).toBeGreaterThan(10);
    const offenders = fks.flatMap((fk) => {
      const shape = `(${fk.cols.join(', ')}) -> ${fk.ref} (${fk.refCols.join(', ')})`;
      if (!fk.tenantMatched)
        return [`${fk.table}: ${fk.name} (${shape}: tenant_id not matched on both sides)`];
      if (fk.clearsTenant)
        return [
          `${fk.table}: ${fk.name} (${shape}: ${fk.clearsTenant} SET NULL/DEFAULT would clear tenant_id too)`,
        ];
      return [];
    });
    expect(offenders).toEqual([]);
  });
});

/** The SQLSTATE of a failed statement (drizzle wraps the driver's error in `cause`). */
function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** `a, b` or, with an alias, `x.a, x.b`. */
function columns(names: readonly string[], alias?: string): SQL {
  const id = (n: string) => (alias ? sql`${sql.identifier(alias)}.${sql.identifier(n)}` : sql.identifier(n));
  return sql.join(names.map(id), sql`, `);
}

/** The rows of a statement in a transaction (the two drivers answer in different shapes). */
async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  const res = (await tx.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(res) ? res : res.rows;
}

/**
 * Runs one statement in a savepoint that is always rolled back, so attempts neither see each
 * other's changes nor abort the transaction; answers the SQLSTATE, or 'accepted'.
 */
async function attempt(tx: Tx, statement: SQL): Promise<string> {
  await tx.execute(sql`savepoint attempt`);
  let outcome = 'accepted';
  try {
    await tx.execute(statement);
  } catch (error) {
    outcome = sqlState(error) ?? String(error);
  }
  await tx.execute(sql`rollback to savepoint attempt`);
  return outcome;
}

describe('cross-tenant references are refused by the database', () => {
  it("a row pointed at another tenant's parent row is refused (23503), for every foreign key the demo fills", async () => {
    const fks = await tenantForeignKeys();
    const tried: string[] = [];
    const untried: string[] = [];
    const notRefused: string[] = [];
    await h.db.withSystem(async (tx) => {
      for (const fk of fks) {
        // the pointer's own columns; tenant_id, if it is one of them, stays the child's
        const pairs = fk.cols.flatMap((c, i) => (c === 'tenant_id' ? [] : [[c, fk.refCols[i]] as const]));
        const child = sql.identifier(fk.table);
        const parent = sql.identifier(fk.ref);
        const childKey = pairs.map(([c]) => c);
        const parentKey = pairs.map(([, p]) => p);
        // a parent row p of another tenant whose key tenant `a` has no row with (were ids ever
        // numbered per tenant, pointing at it could otherwise be legitimately the tenant's own row)
        const foreignParent = (a: SQL) => sql`p.tenant_id <> ${a} and not exists (
          select 1 from ${parent} q where q.tenant_id = ${a} and (${columns(parentKey, 'q')}) = (${columns(parentKey, 'p')}))`;
        // tenant A owns a row of the child table, tenant B such a row of the parent table
        const [pair] = await rowsOf<{ a: number; b: number }>(
          tx,
          sql`select a.tenant_id as a, p.tenant_id as b
            from (select distinct tenant_id from ${child}) a join ${parent} p on ${foreignParent(sql`a.tenant_id`)}
            order by 1, 2 limit 1`,
        );
        if (!pair || pairs.length === 0) {
          untried.push(fk.name);
          continue;
        }
        tried.push(fk.name);
        const outcome = await attempt(
          tx,
          sql`update ${child} set (${columns(childKey)}) = (
              select ${columns(parentKey, 'p')} from ${parent} p where p.tenant_id = ${pair.b} and ${foreignParent(sql`${pair.a}`)}
              limit 1)
            where ctid = (select ctid from ${child} where tenant_id = ${pair.a} limit 1)`,
        );
        if (outcome !== '23503')
          notRefused.push(
            `${fk.table}: ${fk.name} (tenant ${pair.a} -> ${fk.ref} of tenant ${pair.b}: ${outcome})`,
          );
      }
    });
    console.info(
      `cross-tenant updates tried on ${tried.length} of ${fks.length} foreign keys between tenant tables` +
        ` (no demo rows for: ${untried.join(', ') || 'none'})`,
    );
    expect(tried.length).toBeGreaterThanOrEqual(10);
    expect(notRefused).toEqual([]);
  });

  it('inserting a user_roles row of tenant A with a role of tenant B is refused (23503)', async () => {
    const outcome = await h.db.withSystem(async (tx) => {
      const rows = await rowsOf<{ a: number; user_id: number; role_id: number }>(
        tx,
        sql`select u.tenant_id as a, u.id as user_id, r.id as role_id
          from users u join roles r on r.tenant_id <> u.tenant_id
          where not exists (select 1 from roles q where q.tenant_id = u.tenant_id and q.id = r.id)
          order by u.id, r.id limit 1`,
      );
      expect(rows).toHaveLength(1);
      const [{ a, user_id, role_id }] = rows;
      return attempt(
        tx,
        sql`insert into user_roles (tenant_id, user_id, role_id) values (${a}, ${user_id}, ${role_id})`,
      );
    });
    expect(outcome).toBe('23503');
  });
});
