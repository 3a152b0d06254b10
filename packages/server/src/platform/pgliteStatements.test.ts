import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../testing/harness.ts';
import { cachedStatements } from './pgliteStatements.ts';

const things = pgTable('thing', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  amount: numeric('amount', { precision: 18, scale: 6 }).notNull(),
  tags: integer('tags').array(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

describe.skipIf(onPostgres)('PGlite statement cache', () => {
  let pgl: PGlite;
  beforeAll(async () => {
    pgl = await PGlite.create();
    await pgl.exec(`create table thing (id serial primary key, name text not null unique,
      amount numeric(18, 6) not null, tags int[], at timestamptz not null)`);
  });
  afterAll(() => pgl.close());

  /** The same work through PGlite's own query and through the cache answers the same. */
  it('answers as PGlite does, the first call and the later ones', async () => {
    const plain = drizzle({ client: pgl });
    const cached = drizzle({ client: cachedStatements(pgl) });
    const work = (db: typeof plain, name: string) =>
      db.transaction(async (tx) => {
        const [made] = await tx
          .insert(things)
          .values({ name, amount: '1.5', tags: [1, 2], at: new Date('2026-01-02T03:04:05Z') })
          .returning();
        const rows = [];
        for (let i = 0; i < 8; i++)
          rows.push(await tx.select().from(things).where(sql`${things.id} = ${made.id}`));
        const raw = await tx.execute(sql`select name, amount, tags, at from thing where id = ${made.id}`);
        return { made, rows, raw: raw.rows };
      });
    const a = await work(plain, 'a');
    const b = await work(cached, 'b');
    // the rows differ only in their id and name
    const strip = (x: typeof a) =>
      JSON.parse(JSON.stringify(x, (key, value) => (key === 'id' ? 0 : key === 'name' ? '?' : value)));
    expect(strip(b)).toEqual(strip(a));
    expect(
      b.rows.every((r) => r.length === 1 && r[0].amount === '1.500000' && r[0].tags?.join() === '1,2'),
    ).toBe(true);
  });

  it("fails as PGlite does, with the statement's query, and rolls back", async () => {
    const db = drizzle({ client: cachedStatements(pgl) });
    const insert = (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) =>
      tx.insert(things).values({ name: 'same', amount: '1', at: new Date() });
    const error = await db
      .transaction(async (tx) => {
        await insert(tx);
        await insert(tx);
      })
      .then(
        () => undefined,
        (e: { cause?: { code?: string; query?: string } }) => e.cause,
      );
    // drizzle wraps the driver's error: PGlite's, with its code and the statement's query
    expect(error?.code).toBe('23505');
    expect(error?.query).toMatch(/^insert into "thing"/);
    expect((await pgl.query(`select count(*)::int as n from thing where name = 'same'`)).rows).toEqual([
      { n: 0 },
    ]);
  });

  it('forgets its statements when DDL changes the tables, and keeps only the last `max`', async () => {
    const db = drizzle({ client: cachedStatements(pgl, 3) });
    const prepared = async () =>
      (await pgl.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0].n;
    const earlier = await prepared();
    const all = () => db.transaction((tx) => tx.execute(sql.raw('select * from thing order by id')));
    const before = await all();
    await db.transaction((tx) => tx.execute(sql.raw('alter table thing add column extra int default 7')));
    const after = await all();
    expect(after.rows.length).toBe(before.rows.length);
    expect(after.rows.every((r) => (r as { extra: number }).extra === 7)).toBe(true);
    for (let i = 0; i < 10; i++)
      await db.transaction((tx) => tx.execute(sql.raw(`select ${i} as n from thing limit 1`)));
    // the last 3, and the one evicted last, closed before the next statement is prepared
    expect((await prepared()) - earlier).toBeLessThanOrEqual(4);
  });
});
