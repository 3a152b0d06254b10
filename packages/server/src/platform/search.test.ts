import { encryptText } from '@factory/shared/crypto';
import { asc, getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '../modules/information/index.ts';
import { createHarness, type Harness, onPostgres, type TestTenant } from '../testing/harness.ts';
import { type ListFields, listFields, listPage, searched, whereOf } from './list.ts';

// Substring search through the n-gram indexes (issue 18): the answers are exactly ILIKE's.

let h: Harness;
let t: TestTenant;

const fields: ListFields = listFields({
  name: { column: units.name, type: 'string', filter: ['like'] },
  code: { column: units.code, type: 'string', filter: ['like'] },
});

/** Characters the generated names and patterns are made of: Chinese, Latin of both cases, digits, and the pattern's own specials. */
const ALPHABET = [...'硅钢片铜线绝缘纸变压器油螺栓垫片号型规格AaBbCcXxYyZz0123456789%_ -\\.'];
const ROWS = 4000;

/** A deterministic generator (mulberry32): a failure names its seed and replays. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(20261127);
const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
const word = (min: number, max: number) =>
  Array.from({ length: min + Math.floor(rnd() * (max - min + 1)) }, () => pick(ALPHABET)).join('');
const flipCase = (s: string) => [...s].map((c) => (rnd() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join('');

const names: string[] = Array.from(
  { length: ROWS },
  (_, i) => `${word(1, 10)}${i % 7 === 0 ? '' : word(0, 4)}`,
);

async function byList(field: 'name' | 'code', text: string): Promise<{ ids: number[]; total: number }> {
  const searchVal = await encryptText(
    JSON.stringify([{ fieldName: field, operator: 'like', fieldValue: text }]),
  );
  const page = await h.db.withTenant(t.id, (tx) =>
    listPage<{ id: number }>(
      ({ total }) => tx.select({ id: units.id, __total: total }).from(units),
      fields,
      { currentPage: 1, pageSize: ROWS, searchVal },
      { defaultOrder: [asc(units.id)] },
    ),
  );
  return { ids: page.content.map((r) => r.id), total: page.total };
}

/** The reference: PostgreSQL's own ILIKE, the pattern escaped in SQL (not by the code under test). */
async function byIlike(field: 'name' | 'code', text: string): Promise<number[]> {
  const column = field === 'name' ? units.name : units.code;
  const rows = await h.db.withTenant(t.id, (tx) =>
    tx
      .select({ id: units.id })
      .from(units)
      .where(
        sql`${column} ilike '%' || replace(replace(replace(${text}::text, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`,
      )
      .orderBy(asc(units.id)),
  );
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  h = await createHarness();
  t = await h.addTenant('grams');
  await h.db.withTenant(t.id, async (tx) => {
    for (let i = 0; i < ROWS; i += 1000) {
      await tx.insert(units).values(
        names.slice(i, i + 1000).map((name, j) => ({
          tenantId: t.id,
          code: `U${String(i + j).padStart(5, '0')}${pick(['', 'x', 'X', ' 甲'])}`,
          name: `${name}·${i + j}`,
        })),
      );
    }
  });
  if (onPostgres) await h.db.executeSql('analyze unit');
}, 120_000);
afterAll(() => h.close());

describe('substring search by n-grams', () => {
  // ~700 statements: on a loaded machine PGlite needs more than the default minute
  it('answers exactly what ILIKE answers for random patterns of 1–4 characters', {
    timeout: 240_000,
  }, async () => {
    const patterns: string[] = [];
    for (let i = 0; i < 150; i++) {
      // half are pieces of real names (many hits), half random (few or none); the case is flipped
      const source = pick(names);
      const length = 1 + Math.floor(rnd() * 4);
      const start = Math.floor(rnd() * Math.max(1, source.length - length));
      patterns.push(flipCase(rnd() < 0.5 ? source.slice(start, start + length) : word(length, length)));
    }
    patterns.push('%', '_', '\\', ' ', '  ', '%_', 'a_', '·1', '硅', '硅钢', 'AB', 'ab', 'x 甲');
    let withHits = 0;
    for (const p of patterns) {
      for (const field of ['name', 'code'] as const) {
        const expected = await byIlike(field, p);
        const got = await byList(field, p);
        expect(got.ids, `${field} like ${JSON.stringify(p)}`).toEqual(expected);
        expect(got.total, `${field} like ${JSON.stringify(p)}: total`).toBe(expected.length);
        if (expected.length) withHits++;
      }
    }
    // the comparison means something only if many patterns find rows and some find none
    expect(withHits).toBeGreaterThan(patterns.length / 2);
    expect(withHits).toBeLessThan(patterns.length * 2);
  });

  it('an empty pattern matches every row with a value, as ILIKE does', async () => {
    expect((await byList('name', '')).total).toBe(ROWS);
  });

  it.runIf(onPostgres)(
    'goes through the n-gram index under row-level security, for one character and several',
    async () => {
      for (const [field, p, index] of [
        ['name', '硅', 'unit_name_grams'],
        ['name', '钢片', 'unit_name_grams'],
        ['code', 'u0012', 'unit_code_grams'],
      ] as const) {
        const where = whereOf(fields, [{ fieldName: field, operator: 'like', fieldValue: p }]);
        // as a request runs it: the app's role, the tenant's policy (the index must serve under it)
        const plan = await h.db.withTenant(t.id, async (tx) => {
          const res = (await tx.execute(
            sql`explain select ${units.id} from ${units} where ${where}`,
          )) as unknown as {
            rows: Record<string, string>[];
          };
          return res.rows.map((r) => Object.values(r)[0]).join('\n');
        });
        expect(plan, `like ${p} on unit.${field}`).toContain(`Bitmap Index Scan on ${index}`);
      }
    },
  );

  it('every column a list searches with like carries an n-gram index', async () => {
    // the whole app is built (createHarness), so every module's lists have declared their fields
    expect(searched.columns.size).toBeGreaterThan(50);
    const { rows } = await h.db.executeSql(
      `select tablename, indexdef from pg_indexes where schemaname = 'public' and indexdef like '%app_grams(%'`,
    );
    const have = new Set(
      rows.map((i) => `${i.tablename}.${/app_grams\("?(\w+)"?\)/.exec(String(i.indexdef))?.[1]}`),
    );
    const lacking = [...searched.columns]
      .map((c) => `${getTableName(c.table)}.${c.name}`)
      .filter((c) => !have.has(c))
      .sort();
    expect(lacking, "add searchIndex('<table>', t.<column>) to the table, then npm run db:generate").toEqual(
      [],
    );
  });
});
