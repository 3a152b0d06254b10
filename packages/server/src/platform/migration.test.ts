import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, openTestDatabase } from '../testing/harness.ts';
import { png, uploadImage } from '../testing/images.ts';
import type { Database } from './db.ts';

/** The schema before issue 28's keys that carry the tenant: the data is written there, then migrated. */
const PREVIOUS = '0008_domain_events_jobs';

interface ForeignKey {
  name: string;
  child: string;
  parent: string;
  /** [child column, parent column], in the constraint's order. */
  pairs: [string, string][];
}

/**
 * What a reference points from and to, the same before and after the keys gained tenant_id:
 * the constraint's columns without the (tenant_id, tenant_id) pair it may have gained.
 */
function referenceKey({ child, parent, pairs }: ForeignKey): string {
  const own = pairs.filter(([c, p]) => c !== 'tenant_id' || p !== 'tenant_id');
  const shown = (own.length ? own : pairs).map(([c, p]) => `${c}→${p}`).join(', ');
  return `${child}(${shown}) → ${parent}`;
}

async function tables(db: Database): Promise<string[]> {
  const rows = await db.systemQuery<{ t: string }>(sql`
    select relname::text as t from pg_class
    where relnamespace = current_schema()::regnamespace and relkind in ('r', 'p') order by 1`);
  return rows.map((r) => r.t);
}

async function tenantTables(db: Database): Promise<Set<string>> {
  const rows = await db.systemQuery<{ t: string }>(sql`
    select c.relname::text as t from pg_class c join pg_attribute a on a.attrelid = c.oid
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
      and a.attname = 'tenant_id' and not a.attisdropped`);
  return new Set(rows.map((r) => r.t));
}

/** Every foreign key of the schema, read from the catalogue (so a new one is covered by itself). */
async function foreignKeys(db: Database): Promise<ForeignKey[]> {
  const rows = await db.systemQuery<{
    name: string;
    child: string;
    parent: string;
    cc: string[];
    pc: string[];
  }>(sql`
    select k.conname::text as name, c.relname::text as child, p.relname::text as parent,
      array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i)
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as cc,
      array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i)
        join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) as pc
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = current_schema()::regnamespace
    order by 1`);
  return rows.map((r) => ({
    name: r.name,
    child: r.child,
    parent: r.parent,
    pairs: r.cc.map((c, i) => [c, r.pc[i]] as [string, string]),
  }));
}

async function count(db: Database, query: SQL): Promise<number> {
  const [row] = await db.systemQuery<{ n: number }>(sql`select count(*)::int as n from ${query}`);
  return row.n;
}

const joinOn = (pairs: [string, string][]) =>
  sql.join(
    pairs.map(([c, p]) => sql`c.${sql.identifier(c)} = p.${sql.identifier(p)}`),
    sql` and `,
  );

/** Child rows whose reference names a parent row (a join on the given columns). */
function resolved(db: Database, fk: ForeignKey, pairs = fk.pairs, sameTenant = false): Promise<number> {
  const tenant = sameTenant ? sql` and c.tenant_id = p.tenant_id` : sql``;
  return count(
    db,
    sql`${sql.identifier(fk.child)} c join ${sql.identifier(fk.parent)} p on ${joinOn(pairs)}${tenant}`,
  );
}

/** Child rows that make a reference at all: every column of it set (MATCH SIMPLE checks only those). */
function referencing(db: Database, fk: ForeignKey): Promise<number> {
  const set = sql.join(
    fk.pairs.map(([c]) => sql`c.${sql.identifier(c)} is not null`),
    sql` and `,
  );
  return count(db, sql`${sql.identifier(fk.child)} c where ${set}`);
}

type Counted = ForeignKey & { key: string; referencing: number; resolved: number };

interface Snapshot {
  /** Row count of every table. */
  rows: Record<string, number>;
  foreignKeys: Counted[];
  tenantTables: Set<string>;
}

async function snapshot(db: Database): Promise<Snapshot> {
  const rows: Record<string, number> = {};
  for (const t of await tables(db)) rows[t] = await count(db, sql`${sql.identifier(t)}`);
  const counted: Counted[] = [];
  for (const fk of await foreignKeys(db)) {
    counted.push({
      ...fk,
      key: referenceKey(fk),
      referencing: await referencing(db, fk),
      resolved: await resolved(db, fk),
    });
  }
  return { rows, foreignKeys: counted, tenantTables: await tenantTables(db) };
}

/**
 * Copies every row of `from` into the tables of `to` that have the same name, column by column
 * name, as they are (foreign keys are checked by the tests, not while loading in table order).
 */
async function copyRows(from: Database, to: Database): Promise<void> {
  const source = new Set(await tables(from));
  const targets = (await tables(to)).filter((t) => source.has(t));
  await to.withSystem(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const t of targets) {
      const [{ rows }] = await from.systemQuery<{ rows: string | null }>(
        sql`select json_agg(x)::text as rows from ${sql.identifier(t)} x`,
      );
      if (rows)
        await tx.execute(
          sql`insert into ${sql.identifier(t)} select * from json_populate_recordset(null::${sql.identifier(t)}, ${rows}::json)`,
        );
    }
  });
}

type Envelope = { errorCode: number; result: unknown; errorMsg: string };

async function ok<T>(answer: Promise<{ body: Envelope } | Envelope>): Promise<T> {
  const awaited = await answer;
  const body = 'body' in awaited ? awaited.body : awaited;
  expect(body.errorCode, JSON.stringify(body)).toBe(0);
  return body.result as T;
}

/** The id of the first row of a table in a tenant, found by member code (a reading, not a write). */
async function firstId(table: string, memberCode: string, where = sql``): Promise<number> {
  const [row] = await h.db.systemQuery<{ id: number }>(sql`
    select x.id from ${sql.identifier(table)} x join tenant t on t.id = x.tenant_id
    where t.member_code = ${memberCode} ${where} order by x.id limit 1`);
  expect(row, `${memberCode} has a ${table}`).toBeDefined();
  return row.id;
}

/**
 * What the demo does not write, written through the API as a tenant's admin would: a session (the
 * sign-in), an uploaded picture, a custom field, a procedure parameter, a scrap reason, a lot and
 * its package codes.
 */
async function fillTheRest(memberCode: string): Promise<void> {
  const token = await h.login(memberCode, 'admin');
  const post = (url: string, body: unknown) => h.call('POST', url, { token, body });
  await ok(uploadImage(h, token, png(96, 96)));
  await ok(
    post('systemConfig/private/customField/addCustomField', {
      entity: 'station',
      label: '额定功率',
      type: 0,
    }),
  );
  await ok(
    post('basicData/production/private/procedureParam/addProcedureParam', {
      name: '绕线张力',
      procedureId: await firstId('procedure', memberCode),
      dataType: 1,
      unitName: 'N',
      lowerLimit: 10,
      upperLimit: 40,
    }),
  );
  await ok(
    post('basicData/production/private/scrapReason/addScrapReason', {
      name: '绝缘破损',
      category: '工艺缺陷',
    }),
  );
  const levelOne = sql`and exists (select 1 from package_level l where l.package_id = x.id and l.level = 1)`;
  const packageId = await firstId('package_info', memberCode, levelOne);
  const [{ materialId }] = await h.db.systemQuery<{ materialId: number }>(
    sql`select material_id as "materialId" from package_info where id = ${packageId}`,
  );
  const lot = await ok<{ id: number }>(
    post('basicData/label/private/batchNumber/addBatchNumber', {
      materialId,
      supplierId: await firstId('supplier', memberCode),
      quantity: 40,
      producedOn: '2026-11-20',
    }),
  );
  await ok(
    post('basicData/label/private/packageCode/generatePackageCode', {
      packageId,
      level: 1,
      count: 3,
      batchNumberId: lot.id,
    }),
  );
  // batch_number.created_by is in the schema but no screen fills it yet: name the admin, as the
  // tenant's own transaction would, so its foreign key is migrated with rows too
  const [admin] = await h.db.systemQuery<{ tenantId: number; userId: number }>(sql`
    select u.tenant_id as "tenantId", u.id as "userId" from users u join tenant t on t.id = u.tenant_id
    where t.member_code = ${memberCode} and u.user_name = 'admin'`);
  await h.db.withTenant(admin.tenantId, (tx) =>
    tx.execute(sql`update batch_number set created_by = ${admin.userId} where id = ${lot.id}`),
  );
}

let h: Harness;
/** The database at the previous schema, filled, then migrated. */
let db: Database;
let before: Snapshot;
let after: Snapshot;

beforeAll(async () => {
  // The rows are written by the product's own services, on the schema they are written for (their
  // upserts name its keys), then copied into a database at the previous schema: what an
  // installation holds when it upgrades.
  // the demo tenants, as `npm start` writes them
  h = await createHarness({ demo: true });
  for (const memberCode of ['transformer', 'machinery']) await fillTheRest(memberCode);
  // the outbox delivered, then the background jobs (started by the first request) stopped:
  // nothing writes while the rows are copied
  await h.services.events.drain();
  await h.app.close();
  db = await openTestDatabase({ migrate: false });
  await db.migrate({ upTo: PREVIOUS });
  await copyRows(h.db, db);
  await h.close();
  before = await snapshot(db);
  await db.migrate();
  after = await snapshot(db);
}, 300_000);
afterAll(() => db?.close());

describe(`migrating a filled database from ${PREVIOUS} to the latest schema`, () => {
  it('starts from consistent data that gives every foreign key of the previous schema referencing rows', () => {
    expect(before.rows.tenant).toBeGreaterThanOrEqual(2);
    expect(before.foreignKeys.length).toBeGreaterThan(0);
    const unused = before.foreignKeys.filter((fk) => fk.referencing === 0).map((fk) => fk.name);
    expect(unused).toEqual([]);
    for (const fk of before.foreignKeys) expect(fk.resolved, `${fk.name} resolves`).toBe(fk.referencing);
  });

  it('keeps every row of every table', () => {
    for (const [table, n] of Object.entries(before.rows)) expect(after.rows[table], table).toBe(n);
  });

  it('keeps every reference: as many child rows resolve, on the old columns and through the new key', async () => {
    for (const old of before.foreignKeys) {
      const now = after.foreignKeys.filter((fk) => fk.key === old.key);
      expect(now.length, `the reference ${old.key} is still a foreign key`).toBeGreaterThan(0);
      expect(await referencing(db, old), old.key).toBe(old.referencing);
      expect(await resolved(db, old), `${old.key} on its previous columns`).toBe(old.resolved);
      for (const fk of now)
        expect(fk.resolved, `${old.key} through ${fk.name} (${fk.pairs.map(([c]) => c).join(', ')})`).toBe(
          old.resolved,
        );
    }
  });

  it('leaves no reference dangling and none crossing tenants', async () => {
    const betweenTenantTables = (fk: ForeignKey) =>
      after.tenantTables.has(fk.child) && after.tenantTables.has(fk.parent);
    for (const fk of after.foreignKeys) {
      expect(fk.resolved, `${fk.name}: every reference names a row`).toBe(fk.referencing);
      if (betweenTenantTables(fk))
        expect(await resolved(db, fk, fk.pairs, true), `${fk.name}: within the tenant`).toBe(fk.resolved);
    }
    // the previous single-column references too: the rows they name now are their own tenant's
    for (const old of before.foreignKeys.filter(betweenTenantTables))
      expect(await resolved(db, old, old.pairs, true), `${old.key}: within the tenant`).toBe(old.resolved);
  });
});
