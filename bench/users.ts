/**
 * The user list at scale: `getUserListPage` over 100 000 users of one tenant, filtered with `like`
 * on the name and sorted, on real PostgreSQL at 50 connections, side by side with a bare Fastify +
 * pg server replaying the very statement the app sends (target: app ≥ 70 % of its requests/s);
 * then EXPLAIN (ANALYZE, BUFFERS) of that statement, to show what `count(*) over()` and the role
 * subqueries cost and which indexes would help (tried in the throwaway database only).
 * A report only: exits 0 whatever the ratios, non-zero only when something failed.
 *
 * Run by `npm run bench`, or alone: `node --import tsx bench/users.ts`.
 * Env: BENCH_PG_URL, DB_POOL_SIZE (20), BENCH_CONNECTIONS (50), BENCH_SECONDS (8),
 * BENCH_WARMUP_SECONDS (2), BENCH_WORKERS (1), BENCH_USERS (100000), BENCH_EXPLAIN_RUNS (5),
 * BENCH_INDEXES (1; 0 skips trying extra indexes).
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { encryptText } from '@factory/shared/crypto';
import pg from 'pg';
import { userColumns } from '../packages/server/src/modules/setting/index.ts';
import { insertUserRoles, insertUsers } from './lib/bulkRows.ts';
import { type CapturedQuery, captureQueries, oneLine } from './lib/capture.ts';
import { login } from './lib/fixture.ts';
import { type ReplayQuery, startListBaseline } from './lib/listBaseline.ts';
import {
  comparePair,
  type LoadOptions,
  markOf,
  measure,
  type PairResult,
  pairTable,
  probe,
  type Target,
  table,
} from './lib/load.ts';
import { DEFAULT_PG_URL } from './lib/pgdb.ts';
import { countRoundTrips } from './lib/roundtrips.ts';
import { appendResult, benchApp, cleanupStack, intEnv, median, redactUrl } from './lib/runner.ts';

const TARGET_PCT = 70;
const USER_LIST_PATH = '/api/web/v1/authority/private/user/getUserListPage';
/** The app's user row, column by column as its select returns them (so the two never drift apart). */
const USER_COLUMNS = Object.keys(userColumns);
const PAGE_SIZE = 20;
/** The filter of the headline: one surname, matching a realistic share of a Chinese workforce. */
const LIKE = '张';
/** A full name (3 characters): selective, and long enough for a trigram index. */
const LIKE_FULL = '张建国';
const ORDER = '-createdAt';

const settings = {
  pgUrl: process.env.BENCH_PG_URL || DEFAULT_PG_URL,
  poolSize: intEnv('DB_POOL_SIZE', 20),
  users: intEnv('BENCH_USERS', 100_000),
  explainRuns: intEnv('BENCH_EXPLAIN_RUNS', 5),
  indexes: process.env.BENCH_INDEXES !== '0',
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
const f2 = (n: number) => n.toFixed(2);

/**
 * 100 000 users (bench/lib/bulkRows.ts), as the owner with the tenant set explicitly, plus three
 * roles of which ~10 % of the users hold one (~1 % two). All share the admin's password hash.
 * Returns the seconds it took and the counts the report shows.
 */
async function seedUsers(url: string, tenantId: number, adminId: number, n: number) {
  const t0 = performance.now();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('begin');
    await c.query(`select set_config('app.tenant_id', $1, true)`, [String(tenantId)]);
    const { rows: admin } = await c.query<{ h: string }>(
      'select password_hash as h from users where id = $1',
      [adminId],
    );
    if (!admin[0]) throw new Error('admin not found');
    await insertUsers(c, { tenantIds: [tenantId], passwordHash: admin[0].h, count: n });
    await insertUserRoles(c, { tenantIds: [tenantId], holders: 'id' });
    await c.query('commit');
    await c.query('analyze users; analyze user_roles; analyze roles');
    const { rows } = await c.query<{ users: number; with_role: number; like: number; full: number }>(
      `select (select count(*)::int from users where tenant_id = $1) as users,
         (select count(distinct user_id)::int from user_roles where tenant_id = $1) as with_role,
         (select count(*)::int from users where tenant_id = $1 and name like $2) as like,
         (select count(*)::int from users where tenant_id = $1 and name like $3) as full`,
      [tenantId, `%${LIKE}%`, `%${LIKE_FULL}%`],
    );
    return { seconds: (performance.now() - t0) / 1000, ...rows[0] };
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}

/** The app's statement for one request: probed once to warm, then captured on a second call. */
async function captureSelect(target: Target): Promise<{ select: CapturedQuery; all: CapturedQuery[] }> {
  await probe(target);
  const { queries } = await captureQueries(() => probe(target));
  const select = queries.find((q) => /^\s*select\b/i.test(q.text) && q.text.includes('from "users"'));
  if (!select)
    throw new Error(`no select on users among: ${queries.map((q) => oneLine(q.text)).join(' | ')}`);
  return { select, all: queries };
}

const WINDOW = /,\s*\(count\(\*\) over\(\)\)::int/;

/** The same select without `count(*) over()` (same values: the placeholders do not move). */
function withoutCount(q: ReplayQuery): ReplayQuery {
  const text = q.text.replace(WINDOW, '');
  if (text === q.text) throw new Error(`no count(*) over() in: ${oneLine(q.text, 200)}`);
  return { text, values: q.values };
}

/**
 * A separate `count(*)` with the select's own where clause and values: placeholders are numbered in
 * order of appearance, so the where's come first and limit/offset after.
 */
function countOf(q: ReplayQuery): ReplayQuery {
  const m = /\sfrom "users"(\s+where\s+[\s\S]*?)?\s+order by\s/.exec(q.text);
  if (!m) throw new Error(`cannot find the where clause of: ${oneLine(q.text, 200)}`);
  const where = m[1] ?? '';
  const used = Math.max(0, ...[...where.matchAll(/\$(\d+)/g)].map((x) => Number(x[1])));
  return { text: `select count(*)::int from "users"${where}`, values: q.values.slice(0, used) };
}

interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Sort Method'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Actual Total Time': number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Temp Written Blocks'?: number;
  Plans?: PlanNode[];
}

interface Explained {
  /** Median and minimum execution time of the runs (the minimum is the least disturbed by other load). */
  execMs: number;
  minMs: number;
  planMs: number;
  /** Node chain without subplans, e.g. "Limit > WindowAgg > Sort(quicksort) > Seq Scan users". */
  plan: string;
  /** Rows the scans of users returned (the matches the query had to read). */
  scannedRows: number;
  /** Time in the correlated role subqueries (total time × loops) and how often they ran. */
  subplanMs: number;
  subplanLoops: number;
  sharedBlocks: number;
  tempBlocks: number;
}

function summarisePlan(root: PlanNode): Omit<Explained, 'execMs' | 'minMs' | 'planMs'> {
  const chain: string[] = [];
  let scannedRows = 0;
  let subplanMs = 0;
  let subplanLoops = 0;
  const walk = (n: PlanNode, inSubplan: boolean) => {
    const sub = n['Parent Relationship'] === 'SubPlan' && !inSubplan;
    if (sub) {
      subplanMs += n['Actual Total Time'] * n['Actual Loops'];
      subplanLoops = Math.max(subplanLoops, n['Actual Loops']);
    }
    const inside = inSubplan || sub;
    if (!inside) {
      const what = n['Sort Method']
        ? `${n['Node Type']}(${n['Sort Method']})`
        : n['Index Name']
          ? `${n['Node Type']} ${n['Index Name']}`
          : n['Relation Name']
            ? `${n['Node Type']} ${n['Relation Name']}`
            : n['Node Type'];
      chain.push(what);
      if (n['Relation Name'] === 'users' || n['Index Name']?.startsWith('users'))
        scannedRows += n['Actual Rows'] * n['Actual Loops'];
    }
    for (const child of n.Plans ?? []) walk(child, inside);
  };
  walk(root, false);
  return {
    plan: chain.join(' > '),
    scannedRows,
    subplanMs,
    subplanLoops,
    sharedBlocks: (root['Shared Hit Blocks'] ?? 0) + (root['Shared Read Blocks'] ?? 0),
    tempBlocks: root['Temp Written Blocks'] ?? 0,
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) n times under the tenant's row-level security; median execution time. */
async function explain(
  c: pg.Client,
  tenantId: number,
  q: ReplayQuery,
  runs: number,
  asOwner = false,
): Promise<Explained> {
  // asOwner: the superuser that owns the tables, to which row-level security does not apply
  await c.query(
    asOwner ? 'begin' : `begin; set local role factory_app; set local app.tenant_id = '${Number(tenantId)}'`,
  );
  try {
    const exec: number[] = [];
    const planning: number[] = [];
    let last: PlanNode | undefined;
    for (let i = 0; i < runs; i++) {
      const { rows } = await c.query<{
        'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }];
      }>(`explain (analyze, buffers, format json) ${q.text}`, q.values);
      const out = rows[0]['QUERY PLAN'][0];
      exec.push(out['Execution Time']);
      planning.push(out['Planning Time']);
      last = out.Plan;
    }
    return {
      execMs: median(exec),
      minMs: Math.min(...exec),
      planMs: median(planning),
      ...summarisePlan(last as PlanNode),
    };
  } finally {
    await c.query('rollback');
  }
}

async function main() {
  const started = performance.now();
  const { load } = settings;
  log(
    `bench users: ${os.cpus().length} CPU, node ${process.version}, pool ${settings.poolSize}, ` +
      `${load.connections} connections, ${load.warmupSeconds}s warm-up + ${load.seconds}s per run`,
  );

  const { bench, built, tenant } = await benchApp(
    { pgUrl: settings.pgUrl, poolSize: settings.poolSize, dbPrefix: 'bench_users', memberCode: 'benchusers' },
    cleanups,
    log,
  );

  const seed = await seedUsers(bench.url, tenant.id, tenant.adminId, settings.users);
  log(
    `seeded ${seed.users} users (${seed.with_role} with a role) in ${f1(seed.seconds)}s; ` +
      `name like '%${LIKE}%' matches ${seed.like} (${f1((seed.like / seed.users) * 100)} %), ` +
      `'%${LIKE_FULL}%' ${seed.full}`,
  );

  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const appUrl = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  const token = await login(appUrl, tenant.memberCode, 'admin');
  const headers = { token };
  const searchVal = async (value: string) =>
    encodeURIComponent(
      await encryptText(
        JSON.stringify([{ fieldName: 'name', fieldType: 'string', fieldValue: value, operator: 'like' }]),
      ),
    );
  const like = await searchVal(LIKE);
  const likeFull = await searchVal(LIKE_FULL);
  const appTarget = (label: string, query: string): Target => ({
    label,
    url: `${appUrl}${USER_LIST_PATH}?${query}`,
    method: 'GET',
    headers,
  });
  const pageQuery = (page: number, order: string, sv?: string) =>
    `currentPage=${page}&pageSize=${PAGE_SIZE}&order=${encodeURIComponent(order)}${sv ? `&searchVal=${sv}` : ''}`;
  const queries = {
    p1: pageQuery(1, ORDER, like),
    p50: pageQuery(50, ORDER, like),
    byUserName: pageQuery(1, '+userName', like),
    fullName: pageQuery(1, ORDER, likeFull),
    unfiltered: `currentPage=1&pageSize=${PAGE_SIZE}`,
  };

  // the app's own statements, captured, so the baseline replays exactly them
  const captured: Record<keyof typeof queries, { select: CapturedQuery; all: CapturedQuery[] }> = {} as never;
  for (const [k, q] of Object.entries(queries) as [keyof typeof queries, string][]) {
    captured[k] = await captureSelect(appTarget('app', q));
  }
  const replay: Record<string, ReplayQuery> = {
    p1: captured.p1.select,
    p50: captured.p50.select,
    p1NoCount: withoutCount(captured.p1.select),
  };
  log('');
  log(
    `the app's select (page 1, like '${LIKE}', ${ORDER}), values ${JSON.stringify(captured.p1.select.values)}:`,
  );
  log(`  ${captured.p1.select.text.replace(/\s+/g, ' ').trim()}`);

  const baseline = await startListBaseline({
    path: USER_LIST_PATH,
    columns: USER_COLUMNS,
    databaseUrl: bench.url,
    poolSize: settings.poolSize,
    tenantId: tenant.id,
    sessionIdleMinutes: built.services.config.sessionIdleMinutes,
    queries: replay,
  });
  cleanups.push('close baseline', () => baseline.close());
  const baseTarget = (label: string, query: string, key: string, session?: 'rls'): Target => ({
    label,
    url: `${baseline.url}${USER_LIST_PATH}?${query}&q=${key}${session ? `&session=${session}` : ''}`,
    method: 'GET',
    headers,
  });
  const targets = {
    p1: {
      app: appTarget('app', queries.p1),
      base: baseTarget('baseline', queries.p1, 'p1'),
      same: baseTarget('baseline same SQL', queries.p1, 'p1', 'rls'),
    },
    p50: {
      app: appTarget('app', queries.p50),
      base: baseTarget('baseline', queries.p50, 'p50'),
      same: baseTarget('baseline same SQL', queries.p50, 'p50', 'rls'),
    },
  };
  const noCount = baseTarget('baseline without count', queries.p1, 'p1NoCount');

  // both sides must answer the same rows, or the comparison means nothing
  const answers: Record<string, { total: number; rows: number }> = {};
  for (const [page, t] of Object.entries(targets)) {
    const want = JSON.stringify(JSON.parse(await probe(t.app)).result);
    for (const other of [t.base, t.same]) {
      const got = JSON.stringify(JSON.parse(await probe(other)).result);
      if (got !== want)
        throw new Error(
          `${page}: ${other.label} differs from the app:\n app ${want.slice(0, 400)}\n base ${got.slice(0, 400)}`,
        );
    }
    const parsed = JSON.parse(want) as { total: number; content: unknown[] };
    if (parsed.content.length !== PAGE_SIZE)
      throw new Error(`${page}: ${parsed.content.length} rows, expected ${PAGE_SIZE}`);
    answers[page] = { total: parsed.total, rows: parsed.content.length };
  }

  const roundTrips: Record<string, { count: number; texts: string[] }> = {
    'getUserListPage app': {
      count: captured.p1.all.length,
      texts: captured.p1.all.map((q) => oneLine(q.text)),
    },
    'baseline (bare select)': await countRoundTrips(() => probe(targets.p1.base)),
    'baseline same SQL': await countRoundTrips(() => probe(targets.p1.same)),
  };

  log('');
  const pairs: PairResult[] = [];
  const refPair = async (name: string, app: PairResult['app'], t: Target): Promise<PairResult> => {
    log(`  ${name}: ${t.label} (${load.warmupSeconds}s warm-up + ${load.seconds}s)`);
    const b = await measure(t, load);
    return {
      name,
      app,
      baseline: b,
      ratioPct: (app.requestsPerSec / b.requestsPerSec) * 100,
      order: 'app reused',
      reference: true,
    };
  };
  const p1 = await comparePair(
    `user list like '${LIKE}' ${ORDER} p1 / select`,
    targets.p1.app,
    targets.p1.base,
    load,
    true,
    log,
  );
  pairs.push(p1);
  pairs.push(await refPair('(ref) … p1 / same SQL sequence', p1.app, targets.p1.same));
  const p50 = await comparePair(
    `user list like '${LIKE}' ${ORDER} p50 / select`,
    targets.p50.app,
    targets.p50.base,
    load,
    false,
    log,
  );
  pairs.push(p50);
  pairs.push(await refPair('(ref) … p50 / same SQL sequence', p50.app, targets.p50.same));
  const withoutCountPair = await refPair('(ref) … p1 / bare select without count(*) over()', p1.app, noCount);
  pairs.push(withoutCountPair);

  log('');
  log(`User list vs bare Fastify + pg replaying the app's SQL (requests/s ratio; target ≥ ${TARGET_PCT} %)`);
  log(pairTable(pairs, TARGET_PCT));
  const countShare = (1 - p1.baseline.requestsPerSec / withoutCountPair.baseline.requestsPerSec) * 100;
  log(
    `  count(*) over() under load (bare, page 1): ${f1(p1.baseline.requestsPerSec)} req/s with it, ` +
      `${f1(withoutCountPair.baseline.requestsPerSec)} without (with/without ` +
      `${f1((p1.baseline.requestsPerSec / withoutCountPair.baseline.requestsPerSec) * 100)} %)`,
  );
  log('');
  log('PostgreSQL round trips per request');
  log(
    table(
      ['request', 'statements', 'sequence'],
      Object.entries(roundTrips).map(([k, v]) => [
        k,
        v.count,
        v.texts.map((t) => t.slice(0, 28)).join(' | '),
      ]),
    ),
  );
  log(
    `  app statement times (one call, ms): ${captured.p1.all.map((q) => `${oneLine(q.text, 14)} ${f2(q.ms)}`).join(' · ')}`,
  );

  // EXPLAIN: the app's statement against the same without the window count and a separate count,
  // as shipped and then with indexes that might help (this throwaway database only)
  const variants: [string, ReplayQuery, asOwner?: boolean][] = [
    [`p1 ${ORDER} (app SQL)`, captured.p1.select],
    [`p1 ${ORDER} without count(*) over()`, withoutCount(captured.p1.select)],
    [`separate count(*) like '${LIKE}'`, countOf(captured.p1.select)],
    [`p50 ${ORDER} (app SQL)`, captured.p50.select],
    [`p50 ${ORDER} without count(*) over()`, withoutCount(captured.p50.select)],
    ['p1 +userName (app SQL)', captured.byUserName.select],
    ['p1 +userName without count(*) over()', withoutCount(captured.byUserName.select)],
    [`p1 like '${LIKE_FULL}' (app SQL)`, captured.fullName.select],
    [`separate count(*) like '${LIKE_FULL}'`, countOf(captured.fullName.select)],
    [`p1 like '${LIKE_FULL}' (app SQL) as owner, no RLS`, captured.fullName.select, true],
    [`separate count(*) like '${LIKE_FULL}' as owner, no RLS`, countOf(captured.fullName.select), true],
    ['p1 no filter, default -id (app SQL)', captured.unfiltered.select],
    ['p1 no filter, default -id without count(*) over()', withoutCount(captured.unfiltered.select)],
  ];
  const owner = new pg.Client({ connectionString: bench.url });
  await owner.connect();
  cleanups.push('close explain client', () => owner.end());
  const trgm = (
    await owner.query<{ default_version: string; installed_version: string | null }>(
      `select default_version, installed_version from pg_available_extensions where name = 'pg_trgm'`,
    )
  ).rows[0];
  const phases: { name: string; ddl?: string[] }[] = [{ name: 'as shipped' }];
  if (settings.indexes) {
    phases.push({
      name: '+ btree (tenant_id, created_at desc nulls last, id desc nulls last)',
      ddl: [
        'create index bench_users_created_idx on users (tenant_id, created_at desc nulls last, id desc nulls last)',
        'create index bench_users_id_desc_idx on users (tenant_id, id desc nulls last)',
      ],
    });
    if (trgm)
      phases.push({
        name: '+ pg_trgm gin (name gin_trgm_ops)',
        ddl: [
          'create extension if not exists pg_trgm',
          'create index bench_users_name_trgm on users using gin (name gin_trgm_ops)',
        ],
      });
    // under RLS an index may only evaluate leakproof operators ahead of the policy, and ILIKE's
    // texticlike is not marked so; pg_proc is per database, so this changes the bench database only
    if (trgm)
      phases.push({
        name: '+ texticlike marked LEAKPROOF (superuser; this database only)',
        ddl: ['alter function texticlike(text, text) leakproof'],
      });
  }
  const explained: Record<string, Record<string, Explained>> = {};
  const phaseNotes: Record<string, string> = {};
  for (const phase of phases) {
    try {
      for (const ddl of phase.ddl ?? []) await owner.query(ddl);
      if (phase.ddl) await owner.query('analyze users');
    } catch (err) {
      phaseNotes[phase.name] = `skipped: ${(err as Error).message}`;
      log(`  ${phase.name}: ${phaseNotes[phase.name]}`);
      continue;
    }
    explained[phase.name] = {};
    for (const [name, q, asOwner] of variants)
      explained[phase.name][name] = await explain(owner, tenant.id, q, settings.explainRuns, asOwner);
  }

  log('');
  log(
    `EXPLAIN (ANALYZE, BUFFERS) under the tenant's RLS, median of ${settings.explainRuns} (ms execution; ` +
      `"role subq" = the two correlated role subqueries, total ms and rows they ran for)`,
  );
  for (const [phase, byVariant] of Object.entries(explained)) {
    log('');
    log(`  ${phase}`);
    log(
      table(
        [
          'query',
          'exec ms',
          'min ms',
          'plan ms',
          'rows from users scan',
          'role subq ms',
          'subq rows',
          'buffers',
          'temp',
          'plan',
        ],
        Object.entries(byVariant).map(([name, e]) => [
          name,
          f2(e.execMs),
          f2(e.minMs),
          f2(e.planMs),
          e.scannedRows,
          f2(e.subplanMs),
          e.subplanLoops,
          e.sharedBlocks,
          e.tempBlocks,
          e.plan,
        ]),
      ),
    );
  }
  // the same figures side by side: execution ms of each query under each index set
  const phaseNames = Object.keys(explained);
  log('');
  log('  execution ms by index set, median (min); each column adds to the one before');
  log(
    table(
      ['query', ...phaseNames.map((p, i) => (i === 0 ? p : `${i}: ${p.slice(2, 30)}`))],
      variants.map(([name]) => [
        name,
        ...phaseNames.map((p) => {
          const e = explained[p][name];
          return e ? `${f1(e.execMs)} (${f1(e.minMs)})` : '-';
        }),
      ]),
    ),
  );
  const shipped = explained['as shipped'];
  // the minimum: the least disturbed by whatever else the machine runs
  const ms = (v: string) => shipped[v]?.minMs ?? Number.NaN;
  const [withCount, noCountName, countName] = variants.map(([name]) => name);
  const unfiltered = variants.filter(([name]) => name.startsWith('p1 no filter')).map(([name]) => name);
  log('');
  log(
    `count(*) over() as shipped (min of ${settings.explainRuns}): page 1 ${f2(ms(withCount))} ms vs ${f2(ms(noCountName))} without ` +
      `(${ms(withCount) >= ms(noCountName) ? '+' : ''}${f2(ms(withCount) - ms(noCountName))} ms); a separate count(*) costs ${f2(ms(countName))} ms and a round trip. ` +
      `Unfiltered list: ${f2(ms(unfiltered[0]))} vs ${f2(ms(unfiltered[1]))} ms.`,
  );
  log(
    `pg_trgm: ${trgm ? `available (${trgm.default_version}), ${settings.indexes ? 'tried in the bench database only' : 'not tried (BENCH_INDEXES=0)'}` : 'not available on this server'}`,
  );

  const report = {
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '?', node: process.version },
    postgres: bench.serverVersion,
    settings: { ...settings, pgUrl: redactUrl(settings.pgUrl) },
    seed,
    like: LIKE,
    order: ORDER,
    pageSize: PAGE_SIZE,
    answers,
    appSql: { text: captured.p1.select.text, values: captured.p1.select.values },
    targetPct: TARGET_PCT,
    pairs: pairs.map((p) => ({ ...p, mark: markOf(p, TARGET_PCT) })),
    countUnderLoadPct: countShare,
    roundTrips,
    explain: explained,
    phaseNotes,
    pgTrgm: trgm ?? null,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  const out = appendResult('users.json', report);
  log('');
  log(`appended to ${path.relative(process.cwd(), out)} (${report.seconds}s)`);
}

try {
  await main();
} catch (err) {
  console.error(`\nbench users FAILED: ${(err as Error).stack ?? String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanups.run();
}
