/**
 * Substring search at scale (issue 18), on real PostgreSQL, side by side in one run:
 * 1. Seeds one tenant with BENCH_USERS users and BENCH_MATERIALS materials (bench/lib/bulkRows.ts).
 * 2. The user list (`getUserListPage`, newest first) and the material list (`getMaterialsListPage`,
 *    default order) filtered with `like` on the name by one and by two Chinese characters, page 1
 *    and page 50, at 50 connections, each against a bare Fastify + pg server replaying the app's own
 *    statement (bench/lib/listBaseline.ts). Targets: app ≥ 70 % of the baseline's requests/s and
 *    app p99 < 50 ms. Beside each, EXPLAIN ANALYZE of the select under the tenant's row-level
 *    security, and its plan (the `<table>_<column>_grams` index should be in it).
 * 3. What the exact total costs: the material list's own count (the scalar subquery of its
 *    select) for patterns matching about 10, 10 000 and 1 000 000 rows, chosen from the data.
 * Under row-level security the _grams indexes serve only if app_grams and `@>` are LEAKPROOF, which
 * the migration declares when a superuser runs it: the bench prints whether they are.
 * A report only: exits 0 whatever the figures (a case whose load times out is reported as failed),
 * non-zero only when something failed.
 *
 * Run by `npm run bench`, or alone: `node --import tsx bench/search.ts`.
 * Env: BENCH_PG_URL, DB_POOL_SIZE (20), BENCH_CONNECTIONS (50), BENCH_SECONDS (8),
 * BENCH_WARMUP_SECONDS (2), BENCH_WORKERS (1), BENCH_USERS (100000), BENCH_MATERIALS (1000000),
 * BENCH_EXPLAIN_RUNS (3).
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { encryptText } from '@factory/shared/crypto';
import { materialsEntity } from '@factory/shared/entities/materials';
import pg from 'pg';
import { material } from '../packages/server/src/modules/information/index.ts';
import { userColumns } from '../packages/server/src/modules/setting/index.ts';
import { insertMaterials, insertUserRoles, insertUsers } from './lib/bulkRows.ts';
import { type CapturedQuery, captureQueries, oneLine } from './lib/capture.ts';
import { API, login } from './lib/fixture.ts';
import { type ListColumn, type ReplayQuery, startListBaseline } from './lib/listBaseline.ts';
import {
  comparePair,
  type LoadOptions,
  markOf,
  type PairResult,
  probe,
  type Target,
  table,
} from './lib/load.ts';
import { DEFAULT_PG_URL } from './lib/pgdb.ts';
import { type Explained, explainAnalyze } from './lib/plan.ts';
import { appendResult, benchApp, cleanupStack, intEnv, redactUrl } from './lib/runner.ts';

const TARGET_PCT = 70;
const TARGET_P99_MS = 50;
const PAGE_SIZE = 20;
const PAGES = [1, 50];
/** Totals the count section looks for patterns near (the issue asks what these cost). */
const COUNT_TARGETS = [10, 10_000, 1_000_000];

interface ListSpec {
  key: 'users' | 'materials';
  path: string;
  table: 'users' | 'material';
  order?: string;
  /** One character, then two, as someone types them into the search box. */
  filters: [string, string];
  columns: readonly ListColumn[];
}

/** The select's columns in order: number fields arrive as numeric text, the app answers numbers. */
const numberFields = new Set(
  Object.entries(materialsEntity.fields)
    .filter(([, f]) => f.type === 'number')
    .map(([k]) => k),
);
const LISTS: ListSpec[] = [
  {
    key: 'users',
    path: `${API}authority/private/user/getUserListPage`,
    table: 'users',
    order: '-createdAt',
    // 张 is one of the three commonest surnames (~7 %); 建国 a given name (~1.8 %), common enough
    // that page 50 exists (张建, ~0.25 %, would leave page 50 past the end)
    filters: ['张', '建国'],
    columns: Object.keys(userColumns),
  },
  {
    key: 'materials',
    path: `${API}${materialsEntity.api?.base}getMaterialsListPage`,
    table: 'material',
    // 4 of the 20 names hold 铜 (a fifth of the rows), one holds 铜线 (漆包铜线, a twentieth)
    filters: ['铜', '铜线'],
    columns: Object.keys(material.rowColumns).map((k) =>
      numberFields.has(k) ? ([k, (v: unknown) => (v === null ? null : Number(v))] as const) : k,
    ),
  },
];

/**
 * Candidates for the count section, on the material list's code and name: code fragments of
 * 'WL0000001' … (5 nines: ~20 codes per million; WL001: 10 000; WL: every row) and name characters.
 */
const COUNT_CANDIDATES: { field: 'code' | 'name'; text: string }[] = [
  { field: 'code', text: '99999' },
  { field: 'code', text: '9999' },
  { field: 'code', text: 'WL0001' },
  { field: 'code', text: 'WL001' },
  { field: 'code', text: 'WL01' },
  { field: 'code', text: 'WL' },
  { field: 'name', text: '铜线' },
  { field: 'name', text: '铜' },
];

const settings = {
  pgUrl: process.env.BENCH_PG_URL || DEFAULT_PG_URL,
  poolSize: intEnv('DB_POOL_SIZE', 20),
  users: intEnv('BENCH_USERS', 100_000),
  materials: intEnv('BENCH_MATERIALS', 1_000_000),
  explainRuns: intEnv('BENCH_EXPLAIN_RUNS', 3),
  load: {
    connections: intEnv('BENCH_CONNECTIONS', 50),
    seconds: intEnv('BENCH_SECONDS', 8),
    warmupSeconds: intEnv('BENCH_WARMUP_SECONDS', 2, 0),
    workers: intEnv('BENCH_WORKERS', 1, 0),
  } satisfies LoadOptions,
};

const cleanups = cleanupStack();
const log = (line = '') => console.log(line);
const f1 = (n: number) => n.toFixed(1);
const int = (n: number) => n.toLocaleString('en-US');

/**
 * The users (plus three roles, ~10 % of the users holding one, as the user list shows them) and
 * the materials, as the owner with the tenant set explicitly, then ANALYZE. Seconds per part.
 */
async function seed(url: string, tenantId: number, adminId: number) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const t0 = performance.now();
    await c.query('begin');
    await c.query(`select set_config('app.tenant_id', $1, true)`, [String(tenantId)]);
    const { rows: admin } = await c.query<{ h: string }>(
      'select password_hash as h from users where id = $1',
      [adminId],
    );
    if (!admin[0]) throw new Error('admin not found');
    await insertUsers(c, { tenantIds: [tenantId], passwordHash: admin[0].h, count: settings.users });
    await insertUserRoles(c, { tenantIds: [tenantId], holders: 'id' });
    await c.query('commit');
    const t1 = performance.now();
    await c.query('begin');
    await c.query(`select set_config('app.tenant_id', $1, true)`, [String(tenantId)]);
    const { rows: unit } = await c.query<{ id: number }>(
      `insert into unit (tenant_id, code, name) values ($1, 'PCS', '个') returning id`,
      [tenantId],
    );
    await insertMaterials(c, { units: [{ tenantId, unitId: unit[0].id }], count: settings.materials });
    await c.query('commit');
    const t2 = performance.now();
    await c.query('analyze users; analyze user_roles; analyze roles; analyze material; analyze unit');
    const t3 = performance.now();
    return {
      usersSeconds: (t1 - t0) / 1000,
      materialsSeconds: (t2 - t1) / 1000,
      analyzeSeconds: (t3 - t2) / 1000,
    };
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}

/** Rows of the tenant whose column contains text, by ILIKE itself (the answer the index must give). */
async function matches(c: pg.Client, tenantId: number, tableName: string, column: string, text: string) {
  const escaped = text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const { rows } = await c.query<{ n: number }>(
    `select count(*)::int as n from ${pg.escapeIdentifier(tableName)}
     where tenant_id = $1 and ${pg.escapeIdentifier(column)} ilike $2`,
    [tenantId, `%${escaped}%`],
  );
  return rows[0].n;
}

/** The app's select for one request: probed once to warm, then captured on a second call. */
async function captureSelect(target: Target, tableName: string): Promise<CapturedQuery> {
  await probe(target);
  const { queries } = await captureQueries(() => probe(target));
  const select = queries.find((q) => /^\s*select\b/i.test(q.text) && q.text.includes(`from "${tableName}"`));
  if (!select)
    throw new Error(`no select on ${tableName} among: ${queries.map((q) => oneLine(q.text)).join(' | ')}`);
  return select;
}

/**
 * The list's total alone: the scalar subquery `(select count(*)::int from (…) as "__counted")` of
 * the captured select (list.ts `totalOf`), as a statement of its own, its placeholders renumbered
 * from $1 with their values. Parentheses are matched outside quoted strings.
 */
function countOf(q: ReplayQuery): ReplayQuery {
  const start = q.text.indexOf('(select count(*)::int from (');
  if (start < 0) throw new Error(`no count subquery in: ${oneLine(q.text, 200)}`);
  let depth = 0;
  let end = -1;
  let quote: string | undefined;
  for (let i = start; i < q.text.length && end < 0; i++) {
    const ch = q.text[i];
    if (quote) {
      if (ch === quote) quote = undefined;
    } else if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) end = i + 1;
  }
  if (end < 0) throw new Error(`unbalanced count subquery in: ${oneLine(q.text, 200)}`);
  const numbers = new Map<number, number>();
  const text = q.text.slice(start, end).replace(/\$(\d+)/g, (_, n: string) => {
    const old = Number(n);
    if (!numbers.has(old)) numbers.set(old, numbers.size + 1);
    return `$${numbers.get(old)}`;
  });
  return { text: `select ${text} as total`, values: [...numbers.keys()].map((n) => q.values[n - 1]) };
}

/** Compared as values: the app's serializer orders keys by schema, the baseline by column. */
const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, x]) => [k, canonical(x)]),
        )
      : v;

/**
 * Ends what the last load left behind: autocannon stops at its deadline with requests still queued
 * in both servers, and when one costs seconds they would run for minutes into the next
 * measurement (plan.ts's `settle` only waits a minute). Their clients are gone, so their
 * statements are cancelled until none comes for a second; pg-boss's own are left alone.
 */
async function drain(c: pg.Client) {
  const deadline = Date.now() + 120_000;
  let quiet = 0;
  while (quiet < 4 && Date.now() < deadline) {
    const { rows } = await c.query<{ n: number }>(
      `select count(pg_cancel_backend(pid))::int as n from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and state = 'active'
         and query not ilike '%pgboss%'`,
    );
    quiet = rows[0].n === 0 ? quiet + 1 : 0;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Under the target, with answers: a run in which no request came back has no p99 at all. */
const p99Passes = (p: PairResult) => p.app.requestsTotal > 0 && p.app.latencyP99Ms < TARGET_P99_MS;

/** One list × filter × page: its captured select, the bare replay and the answer both gave. */
interface Case {
  name: string;
  list: ListSpec;
  filter: string;
  page: number;
  matches: number;
  rows: number;
  app: Target;
  base: Target;
  sql: CapturedQuery;
}

/** A case measured: the pair (or why it could not be: timeouts are a figure, not a bench failure). */
interface Measured {
  pair?: PairResult;
  error?: string;
  explain: Explained;
}

interface CountCost {
  target: number;
  field: 'code' | 'name';
  text: string;
  matches: number;
  explain: Explained;
}

async function main() {
  const started = performance.now();
  const { load } = settings;
  log(
    `bench search: ${os.cpus().length} CPU, node ${process.version}, pool ${settings.poolSize}, ` +
      `${load.connections} connections, ${load.warmupSeconds}s warm-up + ${load.seconds}s per run`,
  );
  const { bench, built, tenant } = await benchApp(
    {
      pgUrl: settings.pgUrl,
      poolSize: settings.poolSize,
      dbPrefix: 'bench_search',
      memberCode: 'benchsearch',
    },
    cleanups,
    log,
  );

  // 1. the rows, and how many each filter matches (by ILIKE itself, as the owner)
  const seeded = await seed(bench.url, tenant.id, tenant.adminId);
  log(
    `seeded ${int(settings.users)} users in ${f1(seeded.usersSeconds)}s, ${int(settings.materials)} materials in ` +
      `${f1(seeded.materialsSeconds)}s (with their n-gram indexes), ANALYZE ${f1(seeded.analyzeSeconds)}s`,
  );
  const owner = new pg.Client({ connectionString: bench.url });
  await owner.connect();
  cleanups.push('close owner client', () => owner.end());
  const matched: Record<string, number> = {};
  for (const list of LISTS)
    for (const text of list.filters) {
      matched[`${list.key} ${text}`] = await matches(owner, tenant.id, list.table, 'name', text);
      log(`  ${list.key} name like '%${text}%': ${int(matched[`${list.key} ${text}`])} rows`);
    }
  const counted: { field: 'code' | 'name'; text: string; matches: number }[] = [];
  for (const c of COUNT_CANDIDATES)
    counted.push({ ...c, matches: await matches(owner, tenant.id, 'material', c.field, c.text) });
  // for each total of the count section, the candidate nearest by ratio (20 is as near 10 as 5 is)
  const countPatterns = COUNT_TARGETS.map((want) => {
    const best = counted
      .filter((c) => c.matches > 0)
      .sort((a, b) => Math.abs(Math.log(a.matches / want)) - Math.abs(Math.log(b.matches / want)))[0];
    if (!best) throw new Error('no count candidate matches any row');
    return { target: want, ...best };
  });

  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const appUrl = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  const headers = { token: await login(appUrl, tenant.memberCode, 'admin') };
  const searchVal = async (field: string, value: string) =>
    encodeURIComponent(
      await encryptText(
        JSON.stringify([{ fieldName: field, fieldType: 'string', fieldValue: value, operator: 'like' }]),
      ),
    );
  const query = async (list: ListSpec, field: string, text: string, page: number) =>
    `currentPage=${page}&pageSize=${PAGE_SIZE}${list.order ? `&order=${encodeURIComponent(list.order)}` : ''}` +
    `&searchVal=${await searchVal(field, text)}`;
  const appTarget = (list: ListSpec, q: string): Target => ({
    label: 'app',
    url: `${appUrl}${list.path}?${q}`,
    method: 'GET',
    headers,
  });

  // 2. each list × filter × page: the app's select captured and replayed bare, same answers
  const cases: Case[] = [];
  for (const list of LISTS) {
    const planned: {
      name: string;
      filter: string;
      page: number;
      key: string;
      q: string;
      sql: CapturedQuery;
    }[] = [];
    for (const [i, filter] of list.filters.entries())
      for (const page of PAGES) {
        // a page past the end costs the app a second statement the baseline cannot replay
        if ((page - 1) * PAGE_SIZE >= matched[`${list.key} ${filter}`]) {
          log(`  ${list.key} '${filter}' p${page}: skipped, past the last page`);
          continue;
        }
        const q = await query(list, 'name', filter, page);
        const sql = await captureSelect(appTarget(list, q), list.table);
        planned.push({
          name: `${list.key} '${filter}' p${page}`,
          filter,
          page,
          key: `${i + 1}ch-p${page}`,
          q,
          sql,
        });
      }
    log('');
    log(
      `the app's ${list.key} select (name like '${list.filters[0]}', page 1), values ${JSON.stringify(planned[0].sql.values)}:`,
    );
    log(`  ${oneLine(planned[0].sql.text, 4000)}`);
    const baseline = await startListBaseline({
      path: list.path,
      columns: list.columns,
      databaseUrl: bench.url,
      poolSize: settings.poolSize,
      tenantId: tenant.id,
      sessionIdleMinutes: built.services.config.sessionIdleMinutes,
      queries: Object.fromEntries(planned.map((p) => [p.key, p.sql])),
    });
    cleanups.push(`close ${list.key} baseline`, () => baseline.close());
    for (const p of planned) {
      const app = appTarget(list, p.q);
      const base: Target = {
        label: 'baseline',
        url: `${baseline.url}${list.path}?${p.q}&q=${p.key}`,
        method: 'GET',
        headers,
      };
      // both sides must answer the same rows and total, or the comparison means nothing
      const want = JSON.stringify(canonical(JSON.parse(await probe(app)).result));
      const got = JSON.stringify(canonical(JSON.parse(await probe(base)).result));
      if (got !== want)
        throw new Error(
          `${p.name}: baseline differs:\n app ${want.slice(0, 400)}\n base ${got.slice(0, 400)}`,
        );
      const answer = JSON.parse(want) as { total: number; content: unknown[] };
      const expected = matched[`${list.key} ${p.filter}`];
      if (answer.total !== expected)
        throw new Error(`${p.name}: total ${answer.total}, ILIKE finds ${expected}`);
      if (answer.content.length !== Math.min(PAGE_SIZE, expected - (p.page - 1) * PAGE_SIZE))
        throw new Error(`${p.name}: ${answer.content.length} rows of ${expected}`);
      cases.push({ ...p, list, matches: expected, rows: answer.content.length, app, base });
    }
  }
  // the count section's statements: the material list's total alone, for each pattern
  const materials = LISTS.find((l) => l.key === 'materials') as ListSpec;
  const countSql: CapturedQuery[] = [];
  for (const c of countPatterns) {
    const select = await captureSelect(
      appTarget(materials, await query(materials, c.field, c.text, 1)),
      materials.table,
    );
    countSql.push({ ...countOf(select), ms: 0 });
  }

  // under load, each case against its replay, then its plan; 3. the count alone for each pattern
  const { rows: leakproof } = await owner.query<{ proname: string; proleakproof: boolean }>(
    `select proname, proleakproof from pg_proc where proname in ('app_grams', 'arraycontains') order by 1`,
  );
  log('');
  log(
    `leakproof (else RLS keeps the _grams indexes unused): ${leakproof.map((r) => `${r.proname} ${r.proleakproof}`).join(', ')}`,
  );
  const measured: Measured[] = [];
  let appFirst = true;
  for (const c of cases) {
    let pair: PairResult | undefined;
    let error: string | undefined;
    try {
      pair = await comparePair(c.name, c.app, c.base, load, appFirst, log);
    } catch (err) {
      error = (err as Error).message;
      log(`    failed: ${oneLine(error, 300)}`);
    }
    appFirst = !appFirst;
    await drain(owner);
    measured.push({
      pair,
      error,
      explain: await explainAnalyze(owner, tenant.id, c.sql, settings.explainRuns),
    });
  }
  const counts: CountCost[] = [];
  for (const [i, c] of countPatterns.entries())
    counts.push({ ...c, explain: await explainAnalyze(owner, tenant.id, countSql[i], settings.explainRuns) });

  log('');
  log(
    `Search lists vs bare Fastify + pg replaying the app's SQL, ${load.connections} connections, ` +
      `${load.seconds}s per side; ${int(settings.users)} users, ${int(settings.materials)} materials; ` +
      `EXPLAIN ANALYZE under the tenant's RLS, median of ${settings.explainRuns} ("total ms": its count subquery)`,
  );
  log(
    table(
      [
        'case',
        'matches',
        'app req/s',
        'app p99 ms',
        'base req/s',
        'app/base',
        `≥ ${TARGET_PCT} %`,
        `p99 < ${TARGET_P99_MS}`,
        'exec ms',
        'total ms',
        '_grams index',
      ],
      cases.map((c, i) => {
        const m = measured[i];
        const p = m.pair;
        return [
          c.name,
          int(c.matches),
          p ? f1(p.app.requestsPerSec) : 'failed',
          p ? f1(p.app.latencyP99Ms) : '-',
          p ? f1(p.baseline.requestsPerSec) : '-',
          p ? `${f1(p.ratioPct)} %` : '-',
          p ? markOf(p, TARGET_PCT) : 'FAILED',
          p ? (p99Passes(p) ? 'PASS' : 'ABOVE') : 'FAILED',
          f1(m.explain.execMs),
          f1(m.explain.initPlanMs),
          m.explain.indexes.filter((x) => x.endsWith('_grams')).join(' ') || 'none',
        ];
      }),
    ),
  );
  log('  plans (outermost first, ">" marks depth, correlated look-ups left out):');
  for (const [i, c] of cases.entries()) log(`    ${c.name}: ${measured[i].explain.outline}`);
  log('');
  log(
    `The exact total's cost: the material list's count subquery alone, EXPLAIN ANALYZE under RLS, ` +
      `median of ${settings.explainRuns}, of ${int(settings.materials)} materials`,
  );
  log(
    table(
      ['about', 'pattern', 'matches', 'exec ms', 'min ms', 'plan'],
      counts.map((c) => [
        int(c.target),
        `${c.field} like '${c.text}'`,
        int(c.matches),
        f1(c.explain.execMs),
        f1(c.explain.minMs),
        c.explain.outline,
      ]),
    ),
  );
  log('');
  log(`count candidates: ${counted.map((c) => `${c.field} '${c.text}' ${int(c.matches)}`).join(', ')}`);

  const report = {
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '?', node: process.version },
    postgres: bench.serverVersion,
    settings: { ...settings, pgUrl: redactUrl(settings.pgUrl) },
    seed: seeded,
    matches: matched,
    pageSize: PAGE_SIZE,
    targetPct: TARGET_PCT,
    targetP99Ms: TARGET_P99_MS,
    cases: cases.map((c) => ({
      name: c.name,
      list: c.list.key,
      order: c.list.order ?? 'default',
      filter: c.filter,
      page: c.page,
      matches: c.matches,
      rows: c.rows,
      sql: { text: c.sql.text, values: c.sql.values },
    })),
    countCandidates: counted,
    countSql: countSql.map((q) => ({ text: q.text, values: q.values })),
    leakproof: Object.fromEntries(leakproof.map((r) => [r.proname, r.proleakproof])),
    results: measured.map((m, i) => ({
      name: cases[i].name,
      ...m,
      mark: m.pair ? markOf(m.pair, TARGET_PCT) : 'FAILED',
      p99: m.pair ? (p99Passes(m.pair) ? 'PASS' : 'ABOVE') : 'FAILED',
    })),
    countCosts: counts,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  const out = appendResult('search.json', report);
  log('');
  log(`appended to ${path.relative(process.cwd(), out)} (${report.seconds}s)`);
}

try {
  await main();
} catch (err) {
  console.error(`\nbench search FAILED: ${(err as Error).stack ?? String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanups.run();
}
