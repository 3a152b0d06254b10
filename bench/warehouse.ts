/**
 * The warehouse ledger on real PostgreSQL (issue 20), in three parts:
 * 1. posting stock movements at 50 connections over 1 000 hot batches: each request approves
 *    (审核过账) one submitted stock-out of 1 unit from a named batch, picked at random from 1 000
 *    batches with ample stock — one document posted through the API, one movement and one balance
 *    update — side by side with a bare Fastify + pg server replaying the very statement sequence
 *    the app sent for one approval (its document, line, batch, location and number put in; the
 *    count freeze, the balance and the movement are one statement of the app's), so the ratio is
 *    the framework's and the service's cost, not different SQL (target ≥ 70 %). The documents are made up front (one
 *    through the API, its copies in bulk, each with its version), so each request posts exactly one;
 * 2. the inventory list (库存信息, getWarehouseMaterialsTotalListPage) over a ledger of 1 000 000
 *    movements on ~5 000 materials × three warehouses × two batches (each balance = Σ its
 *    movements, checked), first page in the default order and with a keyword: p99 at 50
 *    connections (target < 50 ms), and EXPLAIN (ANALYZE, BUFFERS) of its select;
 * 3. kitting (齐套, kittingCalculate) of 200 plans against the demo's BOMs: the demo seeded on a
 *    database of its own (seedDemo), 200 more plans of the transformer works made through the
 *    services as the demo makes them, then the calculation asked over HTTP one at a time — for
 *    those plans, for every open plan (the default), and saved — p50 and p99 (target < 500 ms).
 * A report only: exits 0 whatever the figures, non-zero only when something failed.
 *
 * Run by `npm run bench`, or alone: `node --import tsx bench/warehouse.ts`.
 * Env: BENCH_PG_URL, DB_POOL_SIZE (20), BENCH_CONNECTIONS (50), BENCH_SECONDS (8),
 * BENCH_WARMUP_SECONDS (2), BENCH_WORKERS (1), BENCH_HOT_BATCHES (1000), BENCH_POSTING_ROUNDS (2:
 * app, baseline, then baseline, app; the pair is their sum), BENCH_POSTING_DOCS (documents
 * prepared a side; default 1 500 per second of warm-up + run per round, + 2 000),
 * BENCH_WAREHOUSE_MATERIALS (5000), BENCH_MOVEMENTS (1000000), BENCH_KITTING_PLANS (200; 0 skips part 3),
 * BENCH_KITTING_RUNS (20 calculations of each kind), BENCH_ALONE_RUNS (50 requests one
 * at a time of each kind, for the latency with nothing queued), BENCH_EXPLAIN_RUNS (3),
 * BENCH_PROFILE=<dir>: after the measured runs, one more run of the posting (app, then baseline)
 * and of the list with the CPU profiler on the servers' thread (its figures are not the report's),
 * the .cpuprofile files written to <dir> and where the time went printed.
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { warehouseApi } from '@factory/shared/api/warehouse';
import { entityPaths } from '@factory/shared/entities/define';
import { unitEntity } from '@factory/shared/entities/materials';
import { stockDocEntity } from '@factory/shared/entities/stockDoc';
import {
  stockTypeEntity,
  warehouseAreaEntity,
  warehouseEntity,
  warehouseLocationEntity,
} from '@factory/shared/entities/warehouse';
import { machineEndpoints } from '@factory/shared/machines/endpoints';
import { stockDocMachine } from '@factory/shared/machines/warehouse';
import pg from 'pg';
import type { Services } from '../packages/server/src/platform/services.ts';
import { insertMaterials } from './lib/bulkRows.ts';
import { type CapturedQuery, captureQueries, oneLine } from './lib/capture.ts';
import { type CpuSpent, cpuMeter } from './lib/cpu.ts';
import { API, type Envelope, login } from './lib/fixture.ts';
import { kittingDemo } from './lib/kittingDemo.ts';
import {
  type LoadOptions,
  type LoadResult,
  markOf,
  measure,
  type PairResult,
  pairTable,
  probe,
  summarize,
  type Target,
  table,
  timeSequential,
} from './lib/load.ts';
import { measureOnce, type OnceResult } from './lib/onceLoad.ts';
import { DEFAULT_PG_URL } from './lib/pgdb.ts';
import { type Explained, explainAnalyze, settle } from './lib/plan.ts';
import { type ProfileSummary, profileWhile } from './lib/profile.ts';
import { replayTemplate, type Slot, startReplayBaseline } from './lib/replayBaseline.ts';
import { appendResult, benchApp, cleanupStack, intEnv, redactUrl } from './lib/runner.ts';
import { copySubmittedOuts, insertLedgerHistory, setLimitsAroundStock } from './lib/warehouseRows.ts';

const TARGET_PCT = 70;
const LIST_P99_MS = 50;
const KITTING_MS = 500;
const PAGE_SIZE = 20;
/** The list's keyword: 4 of the 20 material names contain it (a fifth of the materials). */
const KEYWORD = '铜';
/** Warehouses of the history, each with one area of LOCATIONS_PER locations. */
const WAREHOUSES = ['原材料仓', '半成品仓', '辅料仓', '备件仓'];
const LOCATIONS_PER = 5;
/** Lines of one stock-in the hot batches come in with (the documents' limit). */
const MAX_LINES = 500;
/** Documents approved before the measurements: caches warm, two captured, one for the baseline's check. */
const SPARE_DOCS = 60;
/** The copies' numbers: CRK + today + a sixth digit series the app's own numbering never reaches. */
const COPY_PREFIX = 'CRK-B';

const load: LoadOptions = {
  connections: intEnv('BENCH_CONNECTIONS', 50),
  seconds: intEnv('BENCH_SECONDS', 8),
  warmupSeconds: intEnv('BENCH_WARMUP_SECONDS', 2, 0),
  workers: intEnv('BENCH_WORKERS', 1, 0),
};
const settings = {
  pgUrl: process.env.BENCH_PG_URL || DEFAULT_PG_URL,
  poolSize: intEnv('DB_POOL_SIZE', 20),
  hotBatches: intEnv('BENCH_HOT_BATCHES', 1000, 2),
  postingRounds: intEnv('BENCH_POSTING_ROUNDS', 2),
  postingDocs: intEnv(
    'BENCH_POSTING_DOCS',
    1500 * (load.seconds + load.warmupSeconds) * intEnv('BENCH_POSTING_ROUNDS', 2) + 2000,
    100,
  ),
  materials: intEnv('BENCH_WAREHOUSE_MATERIALS', 5000, 10),
  movements: intEnv('BENCH_MOVEMENTS', 1_000_000, 100),
  aloneRuns: intEnv('BENCH_ALONE_RUNS', 50),
  explainRuns: intEnv('BENCH_EXPLAIN_RUNS', 3),
  kittingPlans: intEnv('BENCH_KITTING_PLANS', 200, 0),
  kittingRuns: intEnv('BENCH_KITTING_RUNS', 20),
  profileDir: process.env.BENCH_PROFILE || '',
  load,
};

const DOC_ACTIONS = machineEndpoints(stockDocMachine).actions;
const PATHS = {
  submit: DOC_ACTIONS.submit.path,
  approve: `${API}${DOC_ACTIONS.approve.path}`,
  inventory: `${API}${warehouseApi.inventory.path}`,
};

const cleanups = cleanupStack();
const log = (line = '') => console.log(line);
const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);

/** JSON calls to the app as the signed-in admin; throws unless the envelope says success. */
function client(baseUrl: string, token: string) {
  const send = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}${API}${url}`, {
      method,
      headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const env = (await res.json()) as Envelope<T>;
    if (res.status !== 200 || env.errorCode !== 0)
      throw new Error(`${method} ${url} answered HTTP ${res.status}: ${JSON.stringify(env).slice(0, 300)}`);
    return env.result;
  };
  return {
    get: <T>(url: string) => send<T>('GET', url),
    post: <T = { id: number }>(url: string, body: unknown) => send<T>('POST', url, body),
  };
}

type Api = ReturnType<typeof client>;

/**
 * The warehouses as a keeper's admin sets them up, through the API: a unit, four warehouses each
 * with an area of five locations, and the tenant's stock types (seeded with the tenant).
 */
async function buildWarehouses(a: Api) {
  const unit = (await a.post(entityPaths(unitEntity).add, { code: 'KG', name: 'kg' })).id;
  const warehouses: { id: number; code: string; locations: number[] }[] = [];
  for (const [i, name] of WAREHOUSES.entries()) {
    const code = `CK0${i + 1}`;
    const id = (await a.post(entityPaths(warehouseEntity).add, { code, name })).id;
    const area = (
      await a.post(entityPaths(warehouseAreaEntity).add, { code: `${code}-A`, name: 'A区', warehouseId: id })
    ).id;
    const locations: number[] = [];
    for (let k = 1; k <= LOCATIONS_PER; k++) {
      const lc = `${code}-A-01-0${k}`;
      locations.push(
        (
          await a.post(entityPaths(warehouseLocationEntity).add, {
            code: lc,
            name: lc,
            warehouseAreaId: area,
          })
        ).id,
      );
    }
    warehouses.push({ id, code, locations });
  }
  const types = await a.get<{ content: { id: number; name: string; direction: number }[] }>(
    `${entityPaths(stockTypeEntity).listPage}?currentPage=1&pageSize=100`,
  );
  const typeId = (name: string, direction: number) => {
    const t = types.content.find((r) => r.name === name && r.direction === direction);
    if (!t) throw new Error(`the tenant has no stock type ${name}`);
    return t.id;
  };
  return {
    unit,
    warehouses,
    purchaseIn: typeId('采购入库', 0),
    pickOut: typeId('生产领料', 1),
    otherOut: typeId('其他出库', 1),
  };
}

/** Σ movements per key against the kept balance, every key of the tenant: the keys that differ. */
async function ledgerDisagreements(c: pg.Client, tenantId: number): Promise<number> {
  const { rows } = await c.query<{ n: number }>(
    `select count(*)::int as n from stock_balance b
     full join (
       select materials_id, warehouse_id, coalesce(location_id, 0) as location_id,
         coalesce(batch_id, 0) as batch_id, sum(quantity) as total
       from stock_movement where tenant_id = $1 group by 1, 2, 3, 4
     ) m using (materials_id, warehouse_id, location_id, batch_id)
     where (b.tenant_id = $1 or b.tenant_id is null) and b.on_hand is distinct from m.total`,
    [tenantId],
  );
  return rows[0].n;
}

/**
 * Queues a job now and waits (up to 2 minutes) until a worker has finished it; answers its state.
 * The sweep's name as the warehouse module schedules it (limits.ts, not on the module's face).
 */
const LIMIT_SWEEP_JOB = 'stock-limit-notices';
async function runJob(jobs: Services['jobs'], name: string): Promise<string> {
  const id = await jobs.send(name);
  if (!id) return 'not queued (one is waiting already)';
  const deadline = Date.now() + 120_000;
  for (;;) {
    const job = await jobs.get(name, id);
    const state = job?.state ?? 'unknown';
    if (state === 'completed' || state === 'failed' || Date.now() > deadline) return state;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** CPU ms a request, to two decimals. */
const perRequest = (c: CpuSpent, n: number): CpuSpent => ({
  threadMs: Math.round((c.threadMs / Math.max(1, n)) * 100) / 100,
  dbMs: Math.round((c.dbMs / Math.max(1, n)) * 100) / 100,
});

/**
 * The runs of one side as one result: requests summed, requests/s and p50 their mean, the
 * mean latency weighted by requests, p99 the worst of the runs.
 */
function combine(rs: OnceResult[]): OnceResult {
  const total = rs.reduce((s, r) => s + r.requestsTotal, 0);
  const mean = (f: (r: OnceResult) => number) => rs.reduce((s, r) => s + f(r), 0) / rs.length;
  return {
    ...rs[0],
    requestsPerSec: mean((r) => r.requestsPerSec),
    requestsTotal: total,
    latencyAvgMs: rs.reduce((s, r) => s + r.latencyAvgMs * r.requestsTotal, 0) / Math.max(1, total),
    latencyP50Ms: mean((r) => r.latencyP50Ms),
    latencyP99Ms: Math.max(...rs.map((r) => r.latencyP99Ms)),
    handedOut: rs.reduce((s, r) => s + r.handedOut, 0),
  };
}

/**
 * Part 3: the demo on a database of its own with `kittingPlans` plans more (lib/kittingDemo.ts),
 * then each kind of calculation warmed and timed one request at a time.
 */
async function kittingPart() {
  log('');
  log(`  kitting: the demo seeded on a database of its own, ${settings.kittingPlans} plans more`);
  const kit = await kittingDemo(
    { pgUrl: settings.pgUrl, poolSize: settings.poolSize, plans: settings.kittingPlans },
    cleanups,
  );
  const kitTarget = (label: string, body: unknown): Target => ({
    label,
    url: kit.url,
    method: 'POST',
    headers: { token: kit.token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const kittings = [];
  for (const t of [
    kitTarget(`the ${kit.planIds.length} plans`, { planIds: kit.planIds }),
    kitTarget('every open plan (default)', {}),
    kitTarget(`the ${kit.planIds.length} plans, saved`, { planIds: kit.planIds, save: true }),
  ]) {
    // warm: the app's code and the database's caches
    for (let i = 0; i < 5; i++) await probe(t);
    const text = await probe(t);
    const answer = (
      JSON.parse(text) as Envelope<{ plans: { isKitted: boolean }[]; lines: unknown[]; materials: unknown[] }>
    ).result;
    kittings.push({
      target: t,
      plans: answer.plans.length,
      kitted: answer.plans.filter((p) => p.isKitted).length,
      lines: answer.lines.length,
      materials: answer.materials.length,
      bytes: Buffer.byteLength(text),
      times: summarize(await timeSequential(settings.kittingRuns, () => probe(t))),
    });
  }
  return { kit, kittings };
}

async function main() {
  const started = performance.now();
  log(
    `bench warehouse: ${os.cpus().length} CPU, load ${os.loadavg().map(f2).join(' ')}, node ${process.version}, ` +
      `pool ${settings.poolSize}, ${load.connections} connections, ${load.warmupSeconds}s warm-up + ` +
      `${load.seconds}s per run`,
  );
  const { bench, built, tenant } = await benchApp(
    { pgUrl: settings.pgUrl, poolSize: settings.poolSize, dbPrefix: 'bench_wh', memberCode: 'benchwh' },
    cleanups,
    log,
  );
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const appUrl = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  const token = await login(appUrl, tenant.memberCode, 'admin');
  const headers = { token };
  const jsonHeaders = { token, 'content-type': 'application/json' };
  const a = client(appUrl, token);
  const owner = new pg.Client({ connectionString: bench.url });
  await owner.connect();
  cleanups.push('close owner client', () => owner.end());

  // ---- the ledger: master data through the API, a year of history in bulk ----
  let t0 = performance.now();
  const wh = await buildWarehouses(a);
  const raw = wh.warehouses[0];
  const apiSeconds = (performance.now() - t0) / 1000;
  t0 = performance.now();
  let history: Awaited<ReturnType<typeof insertLedgerHistory>>;
  const historySteps: Record<string, number> = {};
  await owner.query('begin');
  try {
    await insertMaterials(owner, {
      units: [{ tenantId: tenant.id, unitId: wh.unit }],
      count: settings.materials,
    });
    history = await insertLedgerHistory(owner, {
      tenantId: tenant.id,
      materialPrefix: 'WL',
      warehouseIds: wh.warehouses.map((w) => w.id),
      locationIds: wh.warehouses.flatMap((w) => w.locations),
      locationsPer: LOCATIONS_PER,
      movements: settings.movements,
      perDoc: 10,
      inTypeId: wh.purchaseIn,
      outTypeId: wh.pickOut,
      userId: tenant.adminId,
      onStep: (name, ms) => {
        historySteps[name] = Math.round(ms);
      },
    });
    await owner.query('commit');
  } catch (err) {
    await owner.query('rollback').catch(() => undefined);
    throw err;
  }
  // vacuumed as autovacuum would have by the time such a history exists
  await owner.query(
    'vacuum analyze material, batch_number, stock_doc, stock_doc_line, stock_movement, stock_balance',
  );
  const historySeconds = (performance.now() - t0) / 1000;
  log(
    `master data through the API in ${f1(apiSeconds)}s; history in bulk in ${f1(historySeconds)}s: ` +
      `${settings.materials} materials, ${history.batches} batches, ${history.keys} balances, ` +
      `${history.movements} movements in ${history.docs} posted documents`,
  );

  // ---- part 1: posting ----
  // the hot batches come in through the API as a keeper posts them: stock-ins of up to 500 lines,
  // each line a new batch of one of the first materials at a location of the raw-material warehouse
  t0 = performance.now();
  const { rows: firstMaterials } = await owner.query<{ id: number }>(
    `select id from material where tenant_id = $1 and starts_with(code, 'WL') order by code limit $2`,
    [tenant.id, settings.hotBatches],
  );
  const hot = Array.from({ length: settings.hotBatches }, (_, i) => ({
    materialsId: firstMaterials[i % firstMaterials.length].id,
    code: `HOT${String(i + 1).padStart(5, '0')}`,
    locationId: raw.locations[i % LOCATIONS_PER],
    quantity: 10_000_000 + i,
  }));
  const postDoc = async (body: Record<string, unknown>, approve: boolean) => {
    const doc = await a.post<{ id: number; version: number }>(entityPaths(stockDocEntity).add, body);
    const sub = await a.post<{ id: number; version: number }>(PATHS.submit, {
      id: doc.id,
      version: doc.version,
    });
    if (approve) await a.post(DOC_ACTIONS.approve.path, { id: doc.id, version: sub.version });
    return { id: doc.id, version: sub.version };
  };
  for (let i = 0; i < hot.length; i += MAX_LINES)
    await postDoc(
      {
        kind: 0,
        stockTypeId: wh.purchaseIn,
        warehouseId: raw.id,
        sourceNumber: `PO-HOT-${i / MAX_LINES + 1}`,
        lines: hot.slice(i, i + MAX_LINES).map((h) => ({
          materialsId: h.materialsId,
          batchCode: h.code,
          locationId: h.locationId,
          quantity: h.quantity,
        })),
      },
      true,
    );
  // one stock-out of 1 unit through the API, submitted; its copies in bulk, each on a hot batch
  const template = await postDoc(
    {
      kind: 1,
      stockTypeId: wh.otherOut,
      warehouseId: raw.id,
      lines: [{ materialsId: hot[0].materialsId, batchCode: hot[0].code, quantity: 1 }],
    },
    false,
  );
  // limits around the stock as it now is, and the stock-limit sweep once, as its 5-minute schedule
  // would have run by the time such a ledger exists: its notices are then not sent in the middle of
  // a measurement, and later sweeps find nothing new to tell
  await setLimitsAroundStock(owner, tenant.id, 'WL');
  const sweep = await runJob(built.services.jobs, LIMIT_SWEEP_JOB);
  const { rows: notices } = await owner.query<{ n: number }>(
    'select count(*)::int as n from stock_limit_notice where tenant_id = $1',
    [tenant.id],
  );
  log(
    `stock-limit sweep run once before the measurements: ${sweep}, ${notices[0].n} materials out of their limits`,
  );
  const perSide = settings.postingDocs;
  const docs = await copySubmittedOuts(owner, {
    tenantId: tenant.id,
    templateId: template.id,
    codePrefix: COPY_PREFIX,
    count: SPARE_DOCS + 2 * settings.aloneRuns + 2 * perSide,
    batches: hot,
  });
  if (docs.length !== SPARE_DOCS + 2 * settings.aloneRuns + 2 * perSide)
    throw new Error(`made ${docs.length} stock-outs`);
  await owner.query('vacuum analyze stock_doc, stock_doc_line, batch_number, stock_balance');
  // the bulk rows written out now rather than by a checkpoint in the middle of the first run
  // (superuser only; without the right, the server's own checkpoint comes when it comes)
  await owner.query('checkpoint').catch(() => undefined);
  const { rows: hotRows } = await owner.query<{ id: number; code: string; location_id: number }>(
    `select bn.id, bn.code, b.location_id from batch_number bn
     join stock_balance b on b.tenant_id = bn.tenant_id and b.batch_id = bn.id and b.warehouse_id = $2
     where bn.tenant_id = $1 and starts_with(bn.code, 'HOT')`,
    [tenant.id, raw.id],
  );
  if (hotRows.length !== hot.length)
    throw new Error(`${hotRows.length} hot batches in stock, not ${hot.length}`);
  const hotByCode = new Map(hotRows.map((r) => [r.code, { batch: r.id, location: r.location_id }]));
  const pools = [SPARE_DOCS, settings.aloneRuns, settings.aloneRuns, perSide, perSide];
  const [spare, aloneAppDocs, aloneBaseDocs, appDocs, baseDocs] = pools.map((n, i) => {
    const from = pools.slice(0, i).reduce((x, y) => x + y, 0);
    return docs.slice(from, from + n);
  });
  const bodyOf = (d: { id: number; version: number }) => JSON.stringify({ id: d.id, version: d.version });
  log(
    `part 1: ${hot.length} hot batches in through the API, a stock-out through the API and ` +
      `${docs.length} submitted copies of it in bulk (${perSide} a side), in ${f1((performance.now() - t0) / 1000)}s`,
  );

  const approveTarget = (body: string): Target => ({
    label: 'app',
    url: appUrl + PATHS.approve,
    method: 'POST',
    headers: jsonHeaders,
    body,
  });
  // a few postings first: the app's caches and prepared statements warm
  for (const d of spare.slice(0, 20)) await probe(approveTarget(bodyOf(d)));
  // the app's statements for two postings on different documents, batches, materials and
  // locations, so the baseline knows which values are the request's and which are the same for all
  type Doc = (typeof docs)[number];
  const keysOf = (d: Doc) => {
    const h = hotByCode.get(d.batchCode);
    if (!h) throw new Error(`batch ${d.batchCode} is not a hot one`);
    return {
      doc: d.id,
      line: d.line,
      code: d.code,
      material: d.materialsId,
      batchCode: d.batchCode,
      batch: h.batch,
      location: h.location,
    };
  };
  type Keys = ReturnType<typeof keysOf>;
  const allDistinct = (k: Keys) => new Set(Object.values(k).map(String)).size === Object.keys(k).length;
  const candidates = spare.slice(20, 40);
  const first = candidates.find((d) => allDistinct(keysOf(d)));
  const second = candidates.find(
    (d) =>
      first &&
      allDistinct(keysOf(d)) &&
      Object.entries(keysOf(d)).every(([k, v]) => String(v) !== String(keysOf(first)[k as keyof Keys])),
  );
  if (!first || !second) throw new Error('no two spare documents differ in every key');
  const balanceOf = async (k: Keys) => {
    const { rows } = await owner.query<{ on_hand: string }>(
      `select on_hand from stock_balance where tenant_id = $1 and materials_id = $2 and warehouse_id = $3
         and location_id = $4 and batch_id = $5`,
      [tenant.id, k.material, raw.id, k.location, k.batch],
    );
    return rows[0]?.on_hand;
  };
  const capture = async (d: Doc) => {
    const { result, queries: all } = await captureQueries(() => probe(approveTarget(bodyOf(d))));
    // the job queue (pg-boss) polls on its own connections meanwhile: not the request's
    const queries = all.filter((q) => !/\bpgboss\./i.test(q.text));
    const keys = keysOf(d);
    return { queries, result, keys };
  };
  const capA = await capture(first);
  const capB = await capture(second);
  const steps = replayTemplate(capA, capB);
  const stepIndex = (what: string, re: RegExp) => {
    const i = steps.findIndex((s) => re.test(s.text));
    if (i < 0) throw new Error(`no ${what} among the posting's statements`);
    return i;
  };
  // the posting: the balances and the movements in one statement (ledger.ts postStatement),
  // of the request's material, batch, location and line
  const postStep = stepIndex('posting', /insert into "stock_balance"[\s\S]*insert into "stock_movement"/i);
  // the document's new state (with its trail written in the same statement: machine.ts)
  const docStep = stepIndex('document update', /\bupdate "stock_doc" set\b/i);
  const slotKeys = (slots: Slot[]): string[] =>
    slots.flatMap((s) => ('key' in s ? [s.key] : 'array' in s ? slotKeys(s.array) : []));
  const postKeys = slotKeys(steps[postStep].slots);
  for (const k of ['material', 'batch', 'location', 'line', 'code'])
    if (!postKeys.includes(k)) throw new Error(`the posting statement does not take the request's ${k}`);
  const returned: string[] = (steps[docStep].text.split(/\breturning\b/i).at(-1) ?? '').match(/"\w+"/g) ?? [];
  const col = (name: string) => {
    const i = returned.indexOf(`"${name}"`);
    if (i < 0) throw new Error(`the document update returns no ${name}`);
    return i;
  };
  const [idCol, versionCol, statusCol] = [col('id'), col('version'), col('status')];

  type Ctx = Keys;
  const byId = new Map(docs.map((d) => [d.id, d]));
  const baseline = await startReplayBaseline<Ctx>({
    databaseUrl: bench.url,
    poolSize: settings.poolSize,
    path: PATHS.approve,
    steps,
    // the document's line, batch and location, which the app reads by SQL (the replay runs those
    // same reads), from memory rather than from their rows
    bind(body) {
      const d = byId.get(Number((body as { id?: unknown }).id));
      return d ? keysOf(d) : undefined;
    },
    answer: (rows) => {
      const row = rows[docStep][0] ?? [];
      return { id: row[idCol], version: row[versionCol], status: row[statusCol] };
    },
  });
  cleanups.push('close posting baseline', () => baseline.close());
  const baseTarget: Target = {
    label: 'baseline same SQL',
    url: baseline.url + PATHS.approve,
    method: 'POST',
    headers: jsonHeaders,
  };
  // the baseline's posting must land like the app's: the document posted, one movement recording
  // the balance its update left, the balance one less
  const check = spare[40];
  const ck = keysOf(check);
  const before = Number(await balanceOf(ck));
  const baseAnswer = JSON.parse(await probe({ ...baseTarget, body: bodyOf(check) })) as Envelope;
  const appShape = Object.keys((JSON.parse(capA.result) as Envelope<Record<string, unknown>>).result).sort();
  if (JSON.stringify(Object.keys(baseAnswer.result as object).sort()) !== JSON.stringify(appShape))
    throw new Error(`the baseline answers ${JSON.stringify(baseAnswer)}, the app ${capA.result}`);
  const { rows: landed } = await owner.query<{ status: number; moves: number; after: string }>(
    `select d.status, (select count(*)::int from stock_movement m where m.tenant_id = d.tenant_id and m.doc_id = d.id) as moves,
       (select m.balance_after from stock_movement m where m.tenant_id = d.tenant_id and m.doc_id = d.id) as after
     from stock_doc d where d.tenant_id = $1 and d.id = $2`,
    [tenant.id, check.id],
  );
  const now = Number(await balanceOf(ck));
  if (
    landed[0]?.status !== 2 ||
    landed[0].moves !== 1 ||
    Number(landed[0].after) !== now ||
    now !== before - 1
  )
    throw new Error(`the baseline's posting did not land: ${JSON.stringify({ landed, before, now })}`);

  // one at a time: a posting's latency with nothing else queued, app and baseline
  const appTarget: Target = {
    label: 'app',
    url: appUrl + PATHS.approve,
    method: 'POST',
    headers: jsonHeaders,
  };
  const aloneOf = async (t: Target, ds: Doc[]) => {
    const stop = await cpuMeter(owner);
    const times = summarize(await timeSequential(ds.length, (i) => probe({ ...t, body: bodyOf(ds[i]) })));
    return { ...times, cpu: perRequest(await stop(), ds.length) };
  };
  const postingAlone = {
    app: await aloneOf(appTarget, aloneAppDocs),
    baseline: await aloneOf(baseTarget, aloneBaseDocs),
  };

  // app first, then the baseline on the same batches (and back: baseline, app, in a second round),
  // each run from a vacuumed table, as autovacuum keeps the hot balances' dead versions down; each
  // run takes its side's documents from where the last one stopped
  const used = { app: 0, baseline: 0 };
  const runs: { app: OnceResult[]; baseline: OnceResult[] } = { app: [], baseline: [] };
  const cpuRuns: { app: (CpuSpent & { postings: number })[]; baseline: (CpuSpent & { postings: number })[] } =
    {
      app: [],
      baseline: [],
    };
  const postedOf = async (pool: Doc[]) => {
    const { rows } = await owner.query<{ n: number }>(
      'select count(*)::int as n from stock_doc where tenant_id = $1 and status = 2 and id = any($2)',
      [tenant.id, pool.map((d) => d.id)],
    );
    return rows[0].n;
  };
  const postingRun = async (side: 'app' | 'baseline', round: number) => {
    const t = side === 'app' ? appTarget : baseTarget;
    const pool = side === 'app' ? appDocs : baseDocs;
    log(
      `  posting, round ${round + 1}: ${t.label} (${load.warmupSeconds}s warm-up + ${load.seconds}s, ` +
        `${load.connections} conn)`,
    );
    await owner.query('vacuum analyze stock_balance, stock_doc, stock_movement');
    const before = await postedOf(pool);
    const stop = await cpuMeter(owner);
    const r = await measureOnce(t, load, pool.slice(used[side]).map(bodyOf));
    used[side] += r.handedOut;
    runs[side].push(r);
    await settle(owner);
    // every posting of the warm-up, the run and the tail the server finished after it
    const postings = (await postedOf(pool)) - before;
    cpuRuns[side].push({ ...perRequest(await stop(), postings), postings });
  };
  log('');
  for (let round = 0; round < settings.postingRounds; round++)
    for (const side of round % 2 ? (['baseline', 'app'] as const) : (['app', 'baseline'] as const))
      await postingRun(side, round);
  const appRun = combine(runs.app);
  const baseRun = combine(runs.baseline);
  const postingPair: PairResult = {
    name: `approve a stock-out of 1, ${hot.length} batches`,
    app: appRun,
    baseline: baseRun,
    ratioPct: baseRun.requestsPerSec > 0 ? (appRun.requestsPerSec / baseRun.requestsPerSec) * 100 : 0,
    order: 'app first',
  };
  const { rows: posted } = await owner.query<{ app: number; base: number; moves: number }>(
    `select count(*) filter (where doc_id = any($2))::int as app, count(*) filter (where doc_id = any($3))::int as base,
       count(*)::int as moves
     from stock_movement where tenant_id = $1`,
    [tenant.id, appDocs.map((d) => d.id), baseDocs.map((d) => d.id)],
  );
  const profiles: { name: string; rate: number; profile: ProfileSummary }[] = [];
  const profiled = async (name: string, fn: () => Promise<LoadResult>) => {
    log(`  ${name}: with the CPU profiler (${load.seconds}s, ${load.connections} conn)`);
    const { result, profile } = await profileWhile(settings.profileDir, name, fn);
    await settle(owner);
    profiles.push({ name, rate: result.requestsPerSec, profile });
  };
  if (settings.profileDir) {
    // each side's documents its run did not take (the load takes them in order)
    for (const [name, t, ds, run] of [
      ['posting-app', appTarget, appDocs, used.app],
      ['posting-baseline', baseTarget, baseDocs, used.baseline],
    ] as const) {
      await owner.query('vacuum analyze stock_balance, stock_doc, stock_movement');
      await profiled(name, () => measureOnce(t, { ...load, warmupSeconds: 0 }, ds.slice(run).map(bodyOf)));
    }
  }
  const disagreements = await ledgerDisagreements(owner, tenant.id);
  if (disagreements) throw new Error(`${disagreements} balances differ from the sum of their movements`);

  // ---- part 2: the inventory list over the ledger ----
  await owner.query('vacuum analyze stock_balance, stock_movement');
  const listTarget = (label: string, query: string): Target => ({
    label,
    url: `${appUrl}${PATHS.inventory}?currentPage=1&pageSize=${PAGE_SIZE}${query}`,
    method: 'GET',
    headers,
  });
  const lists = [
    listTarget('first page, default order', ''),
    listTarget(`keyword '${KEYWORD}'`, `&keyword=${encodeURIComponent(KEYWORD)}`),
  ];
  const listResults: {
    target: Target;
    total: number;
    rows: number;
    alone: ReturnType<typeof summarize> & { cpu: CpuSpent };
    load: LoadResult;
    sql: CapturedQuery;
    explain: Explained;
  }[] = [];
  log('');
  for (const t of lists) {
    const answer = JSON.parse(await probe(t)) as Envelope<{ total: number; content: unknown[] }>;
    if (answer.result.content.length !== PAGE_SIZE)
      throw new Error(`the inventory list (${t.label}) found too few`);
    const cap = await captureQueries(() => probe(t));
    const sql = cap.queries.find(
      (q) => /from "material" m\b/i.test(q.text) && /\bstock_balance\b/i.test(q.text),
    );
    if (!sql)
      throw new Error(`no inventory select among: ${cap.queries.map((q) => oneLine(q.text)).join(' | ')}`);
    const stop = await cpuMeter(owner);
    const alone = {
      ...summarize(await timeSequential(settings.aloneRuns, () => probe(t))),
      cpu: perRequest(await stop(), settings.aloneRuns),
    };
    log(
      `  inventory list, ${t.label}: app (${load.warmupSeconds}s warm-up + ${load.seconds}s, ${load.connections} conn)`,
    );
    const r = await measure(t, load);
    await settle(owner);
    listResults.push({
      target: t,
      total: answer.result.total,
      rows: answer.result.content.length,
      alone,
      load: r,
      sql,
      explain: await explainAnalyze(owner, tenant.id, sql, settings.explainRuns),
    });
  }
  if (settings.profileDir)
    await profiled('inventory-list-app', () => measure(lists[0], { ...load, warmupSeconds: 0 }));
  const { rows: sizes } = await owner.query<{ balances: number; materials: number; movements: number }>(
    `select (select count(*)::int from stock_balance where tenant_id = $1) as balances,
       (select count(*)::int from material where tenant_id = $1) as materials,
       (select count(*)::int from stock_movement where tenant_id = $1) as movements`,
    [tenant.id],
  );

  // ---- part 3: kitting over the demo ----
  const kitting = settings.kittingPlans ? await kittingPart() : undefined;

  // ---- the report ----
  log('');
  log(
    `1. Posting: approve (审核过账) a submitted stock-out of 1 from one of ${hot.length} hot batches vs bare ` +
      `Fastify + pg replaying the app's SQL (documents posted/s = movements/s; target ≥ ${TARGET_PCT} %)`,
  );
  log(pairTable([postingPair], TARGET_PCT));
  if (settings.postingRounds > 1)
    log(
      `  rounds (app/baseline req/s): ` +
        runs.app
          .map((r, i) => {
            const b = runs.baseline[i];
            return `${i + 1}: ${f1(r.requestsPerSec)}/${f1(b.requestsPerSec)} = ${f1((r.requestsPerSec / b.requestsPerSec) * 100)} %`;
          })
          .join(', ') +
        ` (round 2 ran the baseline first); p99: the worse round's`,
    );
  log(
    `  ${steps.length} statements a posting (app and baseline alike): ` +
      capA.queries.map((q) => `${oneLine(q.text, 26)} ${f2(q.ms)}`).join(' · '),
  );
  log(
    `  one at a time (${settings.aloneRuns} each): app p50 ${f1(postingAlone.app.p50Ms)} ms, p99 ` +
      `${f1(postingAlone.app.p99Ms)} ms; baseline p50 ${f1(postingAlone.baseline.p50Ms)} ms, p99 ` +
      `${f1(postingAlone.baseline.p99Ms)} ms`,
  );
  const cpuOf = (side: 'app' | 'baseline') => {
    const rs = cpuRuns[side];
    const n = rs.reduce((x, r) => x + r.postings, 0);
    return perRequest(
      {
        threadMs: rs.reduce((x, r) => x + r.threadMs * r.postings, 0),
        dbMs: rs.reduce((x, r) => x + r.dbMs * r.postings, 0),
      },
      n,
    );
  };
  const postingCpu = { app: cpuOf('app'), baseline: cpuOf('baseline') };
  log(
    `  CPU ms a posting, server thread / PostgreSQL backends: one at a time app ${f2(postingAlone.app.cpu.threadMs)} / ` +
      `${f2(postingAlone.app.cpu.dbMs)}, baseline ${f2(postingAlone.baseline.cpu.threadMs)} / ${f2(postingAlone.baseline.cpu.dbMs)}; ` +
      `at ${load.connections} connections app ${f2(postingCpu.app.threadMs)} / ${f2(postingCpu.app.dbMs)}, baseline ` +
      `${f2(postingCpu.baseline.threadMs)} / ${f2(postingCpu.baseline.dbMs)}`,
  );
  log(
    `  at ${load.connections} connections: app p50 ${f1(appRun.latencyP50Ms)} ms, mean ${f1(appRun.latencyAvgMs)} ms; baseline p50 ` +
      `${f1(baseRun.latencyP50Ms)} ms, mean ${f1(baseRun.latencyAvgMs)} ms; answer bytes app ${appRun.bodyBytes}, ` +
      `baseline ${baseRun.bodyBytes}`,
  );
  log(
    `  posted: app ${posted[0].app} documents (${appRun.handedOut} of ${perSide} handed out), baseline ` +
      `${posted[0].base} (${baseRun.handedOut}); ${posted[0].moves} movements in the ledger, every balance = Σ its movements`,
  );

  log('');
  log(
    `2. Inventory list (getWarehouseMaterialsTotalListPage) from the kept balances: ${sizes[0].materials} materials, ` +
      `${sizes[0].balances} balances, ${sizes[0].movements} movements; page of ${PAGE_SIZE} ` +
      `(target p99 < ${LIST_P99_MS} ms at ${load.connections} connections)`,
  );
  log(
    table(
      [
        'list',
        'match',
        'alone p50 ms',
        'cpu app ms',
        'cpu db ms',
        'req/s',
        'mean ms',
        'p50 ms',
        'p99 ms',
        'bytes',
        'target',
        'mark',
      ],
      listResults.map((l) => [
        l.target.label,
        l.total,
        f1(l.alone.p50Ms),
        f2(l.alone.cpu.threadMs),
        f2(l.alone.cpu.dbMs),
        f1(l.load.requestsPerSec),
        f1(l.load.latencyAvgMs),
        f1(l.load.latencyP50Ms),
        f1(l.load.latencyP99Ms),
        l.load.bodyBytes,
        `< ${LIST_P99_MS} ms`,
        l.load.latencyP99Ms < LIST_P99_MS ? 'PASS' : 'ABOVE',
      ]),
    ),
  );
  log(
    `  alone: ${settings.aloneRuns} requests one at a time; cpu: CPU ms a request then, of the app's thread and ` +
      'of the PostgreSQL backends',
  );
  for (const l of listResults) {
    const e = l.explain;
    log(
      `  ${l.target.label}: EXPLAIN (ANALYZE, BUFFERS) under RLS, median of ${settings.explainRuns}: ` +
        `${f2(e.execMs)} ms (min ${f2(e.minMs)}, planning ${f2(e.planMs)}), ${e.sharedBlocks} buffers, rows out: ` +
        Object.entries(e.rowsOut)
          .map(([rel, n]) => `${rel} ${n}`)
          .join(', '),
    );
    log(`  plan: ${e.plan}`);
    log(
      table(
        ['costliest nodes', 'rows', 'loops', 'self ms'],
        e.costliest.map((c) => [c.node, c.rows, c.loops, f2(c.selfMs)]),
      ),
    );
  }
  log(`  the select (first page): ${oneLine(listResults[0].sql.text, 4000)}`);
  log(`  values: ${JSON.stringify(listResults[0].sql.values)}`);

  log('');
  if (!kitting) log('3. Kitting (齐套): skipped (BENCH_KITTING_PLANS=0).');
  else {
    const { kit, kittings } = kitting;
    log(
      `3. Kitting (齐套, kittingCalculate) against the demo's BOMs: the transformer works with ${kit.planIds.length} ` +
        `plans more (${kit.sizes.lines} plan materials of ${kit.sizes.materials} materials; ${kit.sizes.open} open ` +
        `plans in all; ${kit.sizes.balances} balances), one request at a time, ${settings.kittingRuns} each ` +
        `(target < ${KITTING_MS} ms)`,
    );
    log(
      table(
        [
          'calculation',
          'plans',
          'kitted',
          'lines',
          'materials',
          'bytes',
          'p50 ms',
          'p99 ms',
          'max ms',
          'target',
          'mark',
        ],
        kittings.map((k) => [
          k.target.label,
          k.plans,
          k.kitted,
          k.lines,
          k.materials,
          k.bytes,
          f1(k.times.p50Ms),
          f1(k.times.p99Ms),
          f1(k.times.maxMs),
          `< ${KITTING_MS} ms`,
          k.times.p99Ms < KITTING_MS ? 'PASS' : 'ABOVE',
        ]),
      ),
    );
    log(
      `  the demo seeded in ${f1(kit.seedSeconds)}s, the ${kit.planIds.length} plans made through the services in ` +
        `${f1(kit.planSeconds)}s`,
    );
  }

  for (const p of profiles) {
    const pr = p.profile;
    log('');
    log(
      `profile of the servers' thread, ${p.name} (${f1(p.rate)} req/s under the profiler): busy ` +
        `${f1(pr.busyMs)} of ${f1(pr.totalMs)} ms; ${path.relative(process.cwd(), pr.file)}`,
    );
    log(
      table(
        ['where (self time)', 'ms', '%'],
        pr.byPlace.slice(0, 14).map((e) => [e.place, f1(e.ms), f1(e.pct)]),
      ),
    );
    log(
      table(
        ['function', 'at', 'ms', '%'],
        pr.byFunction.slice(0, 16).map((e) => [e.name, e.where, f1(e.ms), f1(e.pct)]),
      ),
    );
  }

  const report = {
    when: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? '?',
      node: process.version,
      loadAvg: os.loadavg(),
    },
    postgres: bench.serverVersion,
    settings: { ...settings, pgUrl: redactUrl(settings.pgUrl) },
    seed: { apiSeconds, historySeconds, historySteps, history, afterRuns: sizes[0] },
    posting: {
      targetPct: TARGET_PCT,
      hotBatches: hot.length,
      pair: { ...postingPair, mark: markOf(postingPair, TARGET_PCT) },
      rounds: runs,
      alone: postingAlone,
      cpu: { atLoad: postingCpu, runs: cpuRuns },
      posted: posted[0],
      statements: capA.queries.map((q) => ({ text: oneLine(q.text, 200), ms: q.ms })),
    },
    inventoryList: listResults.map((l) => ({
      name: l.target.label,
      targetP99Ms: LIST_P99_MS,
      total: l.total,
      alone: l.alone,
      load: l.load,
      mark: l.load.latencyP99Ms < LIST_P99_MS ? 'PASS' : 'ABOVE',
      sql: { text: l.sql.text, values: l.sql.values },
      explain: l.explain,
    })),
    kitting: kitting && {
      targetMs: KITTING_MS,
      seedSeconds: kitting.kit.seedSeconds,
      planSeconds: kitting.kit.planSeconds,
      sizes: kitting.kit.sizes,
      runs: kitting.kittings.map((k) => ({
        name: k.target.label,
        plans: k.plans,
        kitted: k.kitted,
        lines: k.lines,
        materials: k.materials,
        bytes: k.bytes,
        times: k.times,
        mark: k.times.p99Ms < KITTING_MS ? 'PASS' : 'ABOVE',
      })),
    },
    profiles: profiles.map((p) => ({ name: p.name, requestsPerSec: p.rate, ...p.profile })),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  const out = appendResult('warehouse.json', report);
  log('');
  log(`appended to ${path.relative(process.cwd(), out)} (${report.seconds}s)`);
}

try {
  await main();
} catch (err) {
  console.error(`\nbench warehouse FAILED: ${(err as Error).stack ?? String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanups.run();
}
