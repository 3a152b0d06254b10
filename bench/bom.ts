/**
 * BOM explosion at scale, on real PostgreSQL: `getBomTree` of a product whose BOM is 6 levels and
 * ~5 000 nodes deep, with the quantities rolled up, through the API, side by side with its one
 * recursive SQL statement alone (replayed as captured, under the tenant's row-level security).
 * Target: < 100 ms. (The material list with a `like` filter is measured by bench/search.ts.)
 * A report only: exits 0 whatever the figures, non-zero only when something failed.
 *
 * Run by `npm run bench`, or alone: `node --import tsx bench/bom.ts`.
 * Env: BENCH_PG_URL, DB_POOL_SIZE (20), BENCH_BOM_RUNS (30).
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { materialsEntity } from '@factory/shared/entities/materials';
import pg from 'pg';
import { MATERIAL_NAMES } from './lib/bulkRows.ts';
import { type CapturedQuery, captureQueries, oneLine } from './lib/capture.ts';
import { API, login } from './lib/fixture.ts';
import { probe, summarize, type Target, table, timeSequential } from './lib/load.ts';
import { DEFAULT_PG_URL } from './lib/pgdb.ts';
import { appendResult, benchApp, cleanupStack, intEnv, redactUrl } from './lib/runner.ts';

const TREE_TARGET_MS = 100;
/** Children per node, level by level: 3·4·4·5·4·4 gives 5 103 nodes on 6 levels. */
const BRANCHING = [3, 4, 4, 5, 4, 4];
/** Bought-in parts the deepest level draws from (shared, as real BOMs share raw materials). */
const RAW_POOL = 300;

const settings = {
  pgUrl: process.env.BENCH_PG_URL || DEFAULT_PG_URL,
  poolSize: intEnv('DB_POOL_SIZE', 20),
  treeRuns: intEnv('BENCH_BOM_RUNS', 30),
};

const cleanups = cleanupStack();
const log = (line = '') => console.log(line);
const f1 = (n: number) => n.toFixed(1);

/** Runs fn on one owner connection inside a transaction under the tenant (rows get its tenant_id). */
async function asTenant<T>(url: string, tenantId: number, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('begin');
    await c.query(`select set_config('app.tenant_id', $1, true)`, [String(tenantId)]);
    const out = await fn(c);
    await c.query('commit');
    return out;
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}

/**
 * The product and its BOM: distinct sub-assemblies down to level 5, the leaves (level 6) drawn
 * from a shared pool of bought-in parts; quantities 1–5 and loss rates 0–5 %, deterministic.
 * Written directly (one statement per table), not through the service: 5 000 lines through
 * updateBomList would measure the seed, not the explosion.
 */
async function seedBom(url: string, tenantId: number) {
  return asTenant(url, tenantId, async (c) => {
    const { rows: unit } = await c.query<{ id: number }>(
      `insert into unit (tenant_id, code, name) values ($1, 'PCS', '个') returning id`,
      [tenantId],
    );
    const codes: string[] = ['BOM-P'];
    const names: string[] = ['基准产品'];
    const types: number[] = [2];
    const lines: [parent: number, child: number][] = [];
    let level = [0];
    for (const [depth, fan] of BRANCHING.entries()) {
      const next: number[] = [];
      for (const parent of level)
        for (let k = 0; k < fan; k++) {
          if (depth === BRANCHING.length - 1) {
            // a raw material from the pool; distinct under one parent (the unique index)
            lines.push([parent, -(1 + ((parent * 7 + k * 61) % RAW_POOL))]);
            continue;
          }
          const i = codes.length;
          codes.push(`BOM-L${depth + 1}-${String(i).padStart(5, '0')}`);
          names.push(`第${depth + 1}层组件${i}`);
          types.push(1);
          lines.push([parent, i]);
          next.push(i);
        }
      level = next;
    }
    for (let r = 1; r <= RAW_POOL; r++) {
      codes.push(`BOM-RAW-${String(r).padStart(4, '0')}`);
      names.push(`${MATERIAL_NAMES[r % MATERIAL_NAMES.length]}${r}`);
      types.push(0);
    }
    const { rows: made } = await c.query<{ id: number }>(
      `insert into material (tenant_id, code, name, material_type, main_unit_id)
       select $1, code, name, t, $2 from unnest($3::text[], $4::text[], $5::int[]) as x(code, name, t)
       returning id`,
      [tenantId, unit[0].id, codes, names, types],
    );
    const firstRaw = codes.length - RAW_POOL;
    const idOf = (n: number) => made[n < 0 ? firstRaw - n - 1 : n].id;
    await c.query(
      `insert into bom_item (tenant_id, parent_id, child_id, quantity, loss_rate, sort)
       select $1, p, ch, q, l, s from unnest($2::int[], $3::int[], $4::numeric[], $5::numeric[], $6::int[])
         as x(p, ch, q, l, s)`,
      [
        tenantId,
        lines.map(([p]) => idOf(p)),
        lines.map(([, ch]) => idOf(ch)),
        lines.map((_, i) => 1 + (i % 5)),
        lines.map((_, i) => (i % 6) * 1),
        lines.map((_, i) => (i % 10) * 10),
      ],
    );
    return { rootId: made[0].id, materials: made.length, lines: lines.length };
  });
}

/** The recursive statement of a getBomTree call, captured from the app. */
async function captureTreeSql(target: Target): Promise<{ tree: CapturedQuery; all: CapturedQuery[] }> {
  await probe(target);
  const { queries } = await captureQueries(() => probe(target));
  const tree = queries.find((q) => q.text.includes('with recursive tree'));
  if (!tree) throw new Error(`no recursive query among: ${queries.map((q) => oneLine(q.text)).join(' | ')}`);
  return { tree, all: queries };
}

async function main() {
  const started = performance.now();
  log(`bench bom: ${os.cpus().length} CPU, node ${process.version}, pool ${settings.poolSize}`);
  const { bench, built, tenant } = await benchApp(
    { pgUrl: settings.pgUrl, poolSize: settings.poolSize, dbPrefix: 'bench_bom', memberCode: 'benchbom' },
    cleanups,
    log,
  );
  const bom = await seedBom(bench.url, tenant.id);
  // statistics of the seeded rows, so the tree's plan is the one a live database gets
  const analyzer = new pg.Client({ connectionString: bench.url });
  await analyzer.connect();
  await analyzer.query('analyze material; analyze bom_item; analyze unit');
  await analyzer.end();
  log(
    `seeded a BOM of ${bom.lines} lines over ${bom.materials} materials (${BRANCHING.join('·')} per level)`,
  );

  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const appUrl = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  const headers = { token: await login(appUrl, tenant.memberCode, 'admin') };
  const base = `${API}${materialsEntity.api?.base}`;

  // 1. BOM explosion: the endpoint and its one statement, one call at a time
  const treeTarget: Target = {
    label: 'getBomTree',
    url: `${appUrl}${base}getBomTree?id=${bom.rootId}`,
    method: 'GET',
    headers,
  };
  const nodes = JSON.parse(await probe(treeTarget)).result as { level: number; totalQuantity: number }[];
  const depth = Math.max(...nodes.map((n) => n.level));
  if (nodes.length !== bom.lines + 1 || depth !== BRANCHING.length)
    throw new Error(`tree has ${nodes.length} nodes on ${depth} levels, expected ${bom.lines + 1} on 6`);
  const { tree, all } = await captureTreeSql(treeTarget);
  const bodyBytes = Buffer.byteLength(await probe(treeTarget));
  const api = summarize(await timeSequential(settings.treeRuns, () => probe(treeTarget)));
  const rls = new pg.Client({
    connectionString: bench.url,
    options: `-c role=factory_app -c app.tenant_id=${tenant.id}`,
  });
  await rls.connect();
  cleanups.push('close sql client', () => rls.end());
  await rls.query(tree.text, tree.values);
  const sqlAlone = summarize(
    await timeSequential(settings.treeRuns, () => rls.query(tree.text, tree.values)),
  );
  const { rows: plan } = await rls.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
    `explain (analyze, format json) ${tree.text}`,
    tree.values,
  );
  const execMs = plan[0]['QUERY PLAN'][0]['Execution Time'];
  log('');
  log(`BOM explosion: ${nodes.length} nodes, ${depth} levels, ${Math.round(bodyBytes / 1024)} KB of JSON`);
  log(
    table(
      [
        'BOM explosion, one call at a time',
        'runs',
        'p50 ms',
        'mean ms',
        'p99 ms',
        'min ms',
        'target',
        'mark',
      ],
      [
        ['getBomTree via the API', api, true] as const,
        ['its recursive SQL alone (RLS)', sqlAlone, true] as const,
      ].map(([name, s]) => [
        name,
        s.n,
        s.p50Ms.toFixed(1),
        s.meanMs.toFixed(1),
        s.p99Ms.toFixed(1),
        s.minMs.toFixed(1),
        `< ${TREE_TARGET_MS}`,
        s.p50Ms < TREE_TARGET_MS ? 'PASS' : 'ABOVE',
      ]),
    ),
  );
  log(
    `  statements per call: ${all.length} (${all.map((q) => oneLine(q.text, 20)).join(' | ')}); ` +
      `EXPLAIN ANALYZE execution ${f1(execMs)} ms; the SQL is ${f1((sqlAlone.p50Ms / api.p50Ms) * 100)} % of the endpoint's time`,
  );

  const report = {
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '?', node: process.version },
    postgres: bench.serverVersion,
    settings: { ...settings, pgUrl: redactUrl(settings.pgUrl) },
    bom: { ...bom, nodes: nodes.length, depth, bodyBytes, branching: BRANCHING },
    tree: {
      targetMs: TREE_TARGET_MS,
      api,
      sqlAlone,
      explainExecMs: execMs,
      statements: all.length,
      sql: oneLine(tree.text, 2000),
    },
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  const out = appendResult('bom.json', report);
  log('');
  log(`appended to ${path.relative(process.cwd(), out)} (${report.seconds}s)`);
}

try {
  await main();
} catch (err) {
  console.error(`\nbench bom FAILED: ${(err as Error).stack ?? String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanups.run();
}
