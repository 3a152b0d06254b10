/**
 * Issue 28 (keys that carry the tenant), before and after, side by side in one run: two throwaway
 * databases on the same PostgreSQL, "before" migrated up to 0008_domain_events_jobs and "after" to
 * the latest migration, both filled with the same tenants and rows, the same app built on each; then
 * the list and detail paths the other benches measure (run.ts: session, basic config list;
 * search.ts: user list, material list; plus the user and material details), loaded in turns,
 * before and after alternating which goes first, BENCH_ROUNDS runs per side. Target: no path slower by more than
 * 5 % in requests/s. A report only: exits 0 whatever the ratios, non-zero only when something failed.
 * Both sides run this tree's code: what differs is the schema (keys, indexes, foreign keys).
 *
 * The bulk rows are those of search.ts (100 000 users, ~10 % with a role; here 100 000 materials),
 * for the measured tenant and for BENCH_NEIGHBOURS other tenants whose rows are interleaved with
 * its own, as tenants' rows are in a shared table (what tenant-first keys are for).
 *
 * Run by `npm run bench`, or alone: `node --import tsx bench/keys.ts`.
 * Env: BENCH_PG_URL, DB_POOL_SIZE (20), BENCH_CONNECTIONS (50), BENCH_SECONDS (3),
 * BENCH_WARMUP_SECONDS (1, first round only), BENCH_WORKERS (1), BENCH_ROUNDS (2),
 * BENCH_USERS (100000), BENCH_MATERIALS (100000), BENCH_NEIGHBOURS (1), BENCH_PAIR_SECONDS (3),
 * BENCH_PATHS (all; a comma-separated list of words, to rerun only the paths whose names contain
 * one, e.g. "detail").
 *
 * On a busy machine requests/s under load wanders by tens of % from run to run, so a path that
 * comes out more than 5 % slower is checked once more one request at a time, before and after
 * alternating, which cancels the machine's drift: slower there too is NO, otherwise NO?.
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { userApi } from '@factory/shared/api/user';
import { encryptText } from '@factory/shared/crypto';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { materialsEntity } from '@factory/shared/entities/materials';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.ts';
import { memoryCounters } from '../packages/server/src/platform/counters.ts';
import { openDatabase } from '../packages/server/src/platform/db.ts';
import { PATHS } from './lib/baseline.ts';
import { insertMaterials, insertUserRoles, insertUsers } from './lib/bulkRows.ts';
import { API, type BenchTenant, login, seedTenant } from './lib/fixture.ts';
import { type LoadOptions, type LoadResult, measure, probe, type Target, table } from './lib/load.ts';
import { createBenchDatabase, DEFAULT_PG_URL } from './lib/pgdb.ts';
import { appendResult, cleanupStack, intEnv, median, redactUrl } from './lib/runner.ts';

/** The last migration before issue 28's keys. */
const BEFORE_TAG = '0008_domain_events_jobs';
/** After may be at most this much slower, in % of before's requests/s. */
const MAX_SLOWER_PCT = 5;
const PAGE_SIZE = 20;
/** Fewest before/after pairs of the one-at-a-time check, however slow the path. */
const MIN_PAIRS = 20;
/** One-character filters as search.ts's (one surname, ~7 % of the users; 4 of 20 material names). */
const USER_LIKE = '张';
const MATERIAL_LIKE = '铜';
/** The filter of run.ts's basic config list. */
const CONFIG_LIKE = '企业';
/** The tables the measured paths read, whose primary keys the report shows per side. */
const KEY_TABLES = ['session', 'users', 'user_roles', 'roles', 'basic_config', 'material', 'unit'];

const settings = {
  pgUrl: process.env.BENCH_PG_URL || DEFAULT_PG_URL,
  poolSize: intEnv('DB_POOL_SIZE', 20),
  rounds: intEnv('BENCH_ROUNDS', 2),
  users: intEnv('BENCH_USERS', 100_000),
  materials: intEnv('BENCH_MATERIALS', 100_000),
  neighbours: intEnv('BENCH_NEIGHBOURS', 1, 0),
  pairSeconds: intEnv('BENCH_PAIR_SECONDS', 3),
  only: (process.env.BENCH_PATHS ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean),
  load: {
    connections: intEnv('BENCH_CONNECTIONS', 50),
    seconds: intEnv('BENCH_SECONDS', 3),
    warmupSeconds: intEnv('BENCH_WARMUP_SECONDS', 1, 0),
    workers: intEnv('BENCH_WORKERS', 1, 0),
  } satisfies LoadOptions,
};

const cleanups = cleanupStack();
const log = (line = '') => console.log(line);
const f1 = (n: number) => n.toFixed(1);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * The bulk rows (bench/lib/bulkRows.ts), the same in both databases: every tenant's interleaved,
 * timestamps counted back from one instant shared by both sides. Returns the seconds it took and
 * the measured tenant's middle user and material (the detail paths read them).
 */
async function seedRows(url: string, tenants: BenchTenant[], epoch: string) {
  const t0 = performance.now();
  const ids = tenants.map((t) => t.id);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('begin');
    // every user shares the measured tenant admin's password hash (nobody logs in as them)
    const { rows: admin } = await c.query<{ h: string }>(
      'select password_hash as h from users where id = $1',
      [tenants[0].adminId],
    );
    if (!admin[0]) throw new Error('admin not found');
    await insertUsers(c, { tenantIds: ids, passwordHash: admin[0].h, count: settings.users, epoch });
    // by the number in the user name: the same users in every tenant, whatever the interleaving
    await insertUserRoles(c, { tenantIds: ids, holders: 'number' });
    const { rows: units } = await c.query<{ id: number; tenant_id: number }>(
      `insert into unit (tenant_id, code, name) select t, 'PCS', '个' from unnest($1::int[]) t
       returning id, tenant_id`,
      [ids],
    );
    await insertMaterials(c, {
      units: units.map((u) => ({ tenantId: u.tenant_id, unitId: u.id })),
      count: settings.materials,
      epoch,
    });
    const { rows: middle } = await c.query<{ user_id: number; material_id: number }>(
      `select (select id from users where tenant_id = $1 and user_name = 'u' || lpad($2::text, 6, '0')) as user_id,
         (select id from material where tenant_id = $1 and code = 'WL' || lpad($3::text, 7, '0')) as material_id`,
      [ids[0], Math.ceil(settings.users / 2), Math.ceil(settings.materials / 2)],
    );
    await c.query('commit');
    await c.query('analyze');
    return {
      seconds: (performance.now() - t0) / 1000,
      userId: middle[0].user_id,
      materialId: middle[0].material_id,
    };
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}

/** Primary key columns of each table, and how many migrations the database has applied. */
async function describeKeys(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ t: string; pk: string | null }>(
      `select t, (select string_agg(a.attname, ', ' order by k.ord)
                  from pg_index i
                    cross join unnest(i.indkey) with ordinality as k(attnum, ord)
                    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
                  where i.indrelid = to_regclass(t) and i.indisprimary) as pk
       from unnest($1::text[]) t`,
      [KEY_TABLES],
    );
    const { rows: m } = await c.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    return {
      migrations: m[0]?.n ?? 0,
      primaryKeys: Object.fromEntries(rows.map((r) => [r.t, r.pk ?? '-'])),
    };
  } finally {
    await c.end();
  }
}

type SideName = 'before' | 'after';

interface Side {
  name: SideName;
  url: string;
  /** The measured tenant's admin and its ordinary user (the non-admin permission path). */
  tokens: { admin: string; user: string };
  keys: Awaited<ReturnType<typeof describeKeys>>;
  seed: Awaited<ReturnType<typeof seedRows>>;
}

/**
 * One side: a throwaway database migrated up to upTo (or to the latest), the app on it, the tenants
 * (as bench/lib/runner.ts's benchApp builds them, which always migrates to the latest) and the rows.
 */
async function openSide(name: SideName, upTo: string | undefined, epoch: string): Promise<Side> {
  const bench = await createBenchDatabase(settings.pgUrl, `bench_keys_${name}`);
  cleanups.push(`drop database ${bench.name}`, () => bench.drop());
  const db = await openDatabase({ databaseUrl: bench.url, poolSize: settings.poolSize });
  cleanups.push(`close ${name} pool`, () => db.close());
  await db.migrate({ upTo });
  const built = await buildApp({
    db,
    counters: memoryCounters(),
    logger: false,
    config: { demo: false, databaseUrl: bench.url, poolSize: settings.poolSize, host: '127.0.0.1' },
  });
  cleanups.push(`close ${name} app`, () => built.close());
  // the same tenants in the same order on both sides, so every id matches
  const tenant = await seedTenant(built.services, 'benchkeys');
  const neighbours: BenchTenant[] = [];
  for (let i = 1; i <= settings.neighbours; i++)
    neighbours.push(await seedTenant(built.services, `benchkeys${i}`));
  const seed = await seedRows(bench.url, [tenant, ...neighbours], epoch);
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  const keys = await describeKeys(bench.url);
  log(
    `${name}: database ${bench.name} (PostgreSQL ${bench.serverVersion}), ${keys.migrations} migrations, ` +
      `${1 + neighbours.length} tenants seeded in ${f1(seed.seconds)}s`,
  );
  return {
    name,
    url,
    tokens: {
      admin: await login(url, tenant.memberCode, 'admin'),
      user: await login(url, tenant.memberCode, tenant.userName),
    },
    keys,
    seed,
  };
}

/**
 * One request at a time, before and after alternating (and which goes first), for at least `seconds`
 * and MIN_PAIRS pairs. Returns the median times and before's over after's in % (≥ 100: after as fast).
 */
async function pairedLatency(before: Target, after: Target, seconds: number) {
  const time = async (t: Target) => {
    const t0 = performance.now();
    await probe(t);
    return performance.now() - t0;
  };
  const b: number[] = [];
  const a: number[] = [];
  const end = performance.now() + seconds * 1000;
  for (let i = 0; i < MIN_PAIRS || performance.now() < end; i++) {
    if (i % 2) {
      b.push(await time(before));
      a.push(await time(after));
    } else {
      a.push(await time(after));
      b.push(await time(before));
    }
  }
  const beforeMs = median(b);
  const afterMs = median(a);
  return { pairs: a.length, beforeMs, afterMs, ratioPct: (beforeMs / afterMs) * 100 };
}

/** A measured path: the request on one side, and what of its answer must match across sides. */
interface BenchPath {
  name: string;
  target(side: Side): Target;
  /** Ids and totals, not whole bodies: the tenants' own users carry their creation time. */
  signature(result: unknown): unknown;
}

const pageSignature = (result: unknown) => {
  const page = result as { total: number; content: { id: number }[] };
  return { total: page.total, ids: page.content.map((r) => r.id) };
};
const idSignature = (result: unknown) => (result as { id: number }).id;

async function measuredPaths(): Promise<BenchPath[]> {
  const searchVal = async (value: string) =>
    encodeURIComponent(
      await encryptText(
        JSON.stringify([{ fieldName: 'name', fieldType: 'string', fieldValue: value, operator: 'like' }]),
      ),
    );
  const [userLike, materialLike, configLike] = await Promise.all(
    [USER_LIKE, MATERIAL_LIKE, CONFIG_LIKE].map(searchVal),
  );
  const materials = entityEndpoints(materialsEntity);
  const get = (side: Side, who: keyof Side['tokens'], url: string): Target => ({
    label: side.name,
    url: side.url + url,
    method: 'GET',
    headers: { token: side.tokens[who] },
  });
  const page = (n: number) => `currentPage=${n}&pageSize=${PAGE_SIZE}`;
  const users = `${API}${userApi.listPage.path}`;
  const materialList = `${API}${materials.listPage.path}`;
  return [
    {
      name: 'getLoginInfo (session)',
      target: (s) => ({ ...get(s, 'user', PATHS.loginInfo), method: 'POST' }),
      signature: idSignature,
    },
    {
      name: `basic config list like '${CONFIG_LIKE}'`,
      target: (s) => get(s, 'user', `${PATHS.configList}?${page(1)}&order=%2Bsort&searchVal=${configLike}`),
      signature: pageSignature,
    },
    {
      name: `user list like '${USER_LIKE}' -createdAt p1`,
      target: (s) => get(s, 'admin', `${users}?${page(1)}&order=-createdAt&searchVal=${userLike}`),
      signature: pageSignature,
    },
    {
      name: `user list like '${USER_LIKE}' -createdAt p50`,
      target: (s) => get(s, 'admin', `${users}?${page(50)}&order=-createdAt&searchVal=${userLike}`),
      signature: pageSignature,
    },
    {
      name: 'user list, no filter p1',
      target: (s) => get(s, 'admin', `${users}?${page(1)}`),
      signature: pageSignature,
    },
    {
      name: 'user detail',
      target: (s) => get(s, 'admin', `${API}${userApi.detail.path}?id=${s.seed.userId}`),
      signature: idSignature,
    },
    {
      name: `material list like '${MATERIAL_LIKE}' p1`,
      target: (s) => get(s, 'admin', `${materialList}?${page(1)}&searchVal=${materialLike}`),
      signature: pageSignature,
    },
    {
      name: 'material detail',
      target: (s) => get(s, 'admin', `${API}${materials.detail.path}?id=${s.seed.materialId}`),
      signature: idSignature,
    },
  ];
}

async function main() {
  const started = performance.now();
  const { load, rounds } = settings;
  log(
    `bench keys: ${os.cpus().length} CPU, node ${process.version}, pool ${settings.poolSize}, ` +
      `${load.connections} connections, ${load.warmupSeconds}s warm-up (first round) + ${load.seconds}s ` +
      `per run, ${rounds} rounds; before = up to ${BEFORE_TAG}, after = latest`,
  );
  const epoch = new Date().toISOString();
  const sides = {
    before: await openSide('before', BEFORE_TAG, epoch),
    after: await openSide('after', undefined, epoch),
  };
  const paths = (await measuredPaths()).filter(
    (p) => settings.only.length === 0 || settings.only.some((w) => p.name.includes(w)),
  );
  if (paths.length === 0) throw new Error(`BENCH_PATHS=${process.env.BENCH_PATHS} names no path`);

  // both sides must answer the same rows, or the comparison means nothing
  for (const p of paths) {
    const [b, a] = await Promise.all(
      [sides.before, sides.after].map(async (s) => p.signature(JSON.parse(await probe(p.target(s))).result)),
    );
    if (JSON.stringify(a) !== JSON.stringify(b))
      throw new Error(
        `${p.name}: before and after differ:\n before ${JSON.stringify(b)}\n after  ${JSON.stringify(a)}`,
      );
  }

  log('');
  const runs: Record<string, Record<SideName, LoadResult[]>> = {};
  for (const [i, p] of paths.entries()) {
    runs[p.name] = { before: [], after: [] };
    for (let r = 0; r < rounds; r++) {
      // alternate which side goes first, so neither always gets the cooler machine
      const order: SideName[] = (i + r) % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
      // warm up once per side and path: later rounds find the plans and caches already warm
      const opts = r === 0 ? load : { ...load, warmupSeconds: 0 };
      for (const name of order) {
        log(
          `  ${p.name}: ${name} round ${r + 1}/${rounds} (${opts.warmupSeconds}s warm-up + ${opts.seconds}s)`,
        );
        runs[p.name][name].push(await measure(p.target(sides[name]), opts));
      }
    }
  }

  const results = [];
  for (const p of paths) {
    const of = (name: SideName) => {
      const rps = runs[p.name][name].map((x) => x.requestsPerSec);
      return {
        requestsPerSec: median(rps),
        p99Ms: median(runs[p.name][name].map((x) => x.latencyP99Ms)),
        // how far the side's own rounds lie apart, in % of their median: the noise to read the ratio against
        spreadPct: ((Math.max(...rps) - Math.min(...rps)) / median(rps)) * 100,
      };
    };
    const before = of('before');
    const after = of('after');
    const ratioPct = (after.requestsPerSec / before.requestsPerSec) * 100;
    const within = ratioPct >= 100 - MAX_SLOWER_PCT;
    let paired: Awaited<ReturnType<typeof pairedLatency>> | undefined;
    if (!within) {
      log(`  ${p.name}: after slower under load, checking one request at a time (${settings.pairSeconds}s)`);
      paired = await pairedLatency(p.target(sides.before), p.target(sides.after), settings.pairSeconds);
    }
    results.push({
      path: p.name,
      before,
      after,
      ratioPct,
      spreadPct: Math.max(before.spreadPct, after.spreadPct),
      within,
      paired,
      mark: within ? 'yes' : (paired?.ratioPct ?? 0) < 100 - MAX_SLOWER_PCT ? 'NO' : 'NO?',
      runs: runs[p.name],
    });
  }

  log('');
  log(
    `Primary keys (before → after; ${sides.before.keys.migrations} → ${sides.after.keys.migrations} migrations)`,
  );
  log(
    table(
      ['table', 'before', 'after'],
      KEY_TABLES.map((t) => [t, sides.before.keys.primaryKeys[t], sides.after.keys.primaryKeys[t]]),
    ),
  );
  if (sides.before.keys.migrations === sides.after.keys.migrations)
    log('  (before and after have the same migrations: the figures measure noise only)');
  log('');
  log(
    `Before vs after issue 28's keys (median of ${rounds} rounds; after may be at most ${MAX_SLOWER_PCT} % slower)`,
  );
  log(
    table(
      [
        'path',
        'before req/s',
        'after req/s',
        'after/before',
        'before p99 ms',
        'after p99 ms',
        'spread',
        '1 at a time',
        `within ${MAX_SLOWER_PCT} %`,
      ],
      results.map((r) => [
        r.path,
        fmt(r.before.requestsPerSec),
        fmt(r.after.requestsPerSec),
        `${f1(r.ratioPct)} %`,
        f1(r.before.p99Ms),
        f1(r.after.p99Ms),
        `${f1(r.spreadPct)} %`,
        r.paired ? `${f1(r.paired.ratioPct)} %` : '-',
        r.mark,
      ]),
    ),
  );
  log("  spread: the larger of the two sides' round-to-round difference in req/s, in % of their median");
  log(
    "  1 at a time: for a path slower under load, before's median time over after's with one request at a " +
      'time, the sides alternating',
  );
  log(
    '  NO? = slower under load only: noise on a busy machine (see spread) or contention; rerun it alone, ' +
      'e.g. BENCH_PATHS=detail BENCH_ROUNDS=6, on a quiet machine',
  );

  const report = {
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '?', node: process.version },
    settings: { ...settings, pgUrl: redactUrl(settings.pgUrl) },
    beforeTag: BEFORE_TAG,
    maxSlowerPct: MAX_SLOWER_PCT,
    sides: Object.fromEntries(Object.values(sides).map((s) => [s.name, { ...s.keys, seed: s.seed }])),
    results,
    allWithin: results.every((r) => r.within),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  const out = appendResult('keys.json', report);
  log('');
  log(`appended to ${path.relative(process.cwd(), out)} (${report.seconds}s)`);
}

try {
  await main();
} catch (err) {
  console.error(`\nbench keys FAILED: ${(err as Error).stack ?? String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanups.run();
}
