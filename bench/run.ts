/**
 * `npm run bench`: the app's hot endpoints against a bare Fastify + pg baseline answering the same
 * query, side by side in one run on real PostgreSQL, plus the cost of a login (argon2id).
 * A report only: it exits 0 whatever the ratios, and non-zero only when something failed.
 *
 * The app joins Redis as every node of a deployment does, so it keeps the sessions it looked up
 * (BENCH_REDIS_URL=none measures a node without Redis, which looks the session up on every request).
 *
 * Env: BENCH_PG_URL (server to create the throwaway database on), DB_POOL_SIZE (both pools, 20),
 * BENCH_CONNECTIONS (50), BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2), BENCH_LOGINS (20),
 * BENCH_WORKERS (autocannon worker threads, 1; 0 fires from the main thread), BENCH_REFERENCE (1),
 * BENCH_REDIS_URL (redis://127.0.0.1:6379).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { encryptText } from '@factory/shared/crypto';
import { verify } from '@node-rs/argon2';
import { localBus, redisBus } from '../packages/server/src/platform/realtime/bus.ts';
import { PATHS, startBaseline } from './lib/baseline.ts';
import { BENCH_PASSWORD, login } from './lib/fixture.ts';
import {
  comparePair,
  type LoadOptions,
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
import { DEFAULT_PG_URL } from './lib/pgdb.ts';
import { countRoundTrips } from './lib/roundtrips.ts';
import { benchApp, cleanupStack, intEnv, RESULTS_DIR, redactUrl } from './lib/runner.ts';

const TARGET_PCT = 70;

const settings = {
  pgUrl: process.env.BENCH_PG_URL || DEFAULT_PG_URL,
  redisUrl: process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379',
  poolSize: intEnv('DB_POOL_SIZE', 20),
  logins: intEnv('BENCH_LOGINS', 20),
  /** BENCH_REFERENCE=0 skips the diagnostic list baseline that also looks the session up. */
  reference: process.env.BENCH_REFERENCE !== '0',
  load: {
    connections: intEnv('BENCH_CONNECTIONS', 50),
    seconds: intEnv('BENCH_SECONDS', 10),
    warmupSeconds: intEnv('BENCH_WARMUP_SECONDS', 2, 0),
    workers: intEnv('BENCH_WORKERS', 1, 0),
  } satisfies LoadOptions,
};

const cleanups = cleanupStack();

const log = (line = '') => console.log(line);
const ms = (n: number) => n.toFixed(1);

async function main() {
  const started = performance.now();
  const { load } = settings;
  log(
    `bench: ${os.cpus().length} CPU, node ${process.version}, pool ${settings.poolSize}, ` +
      `${load.connections} connections, ${load.warmupSeconds}s warm-up + ${load.seconds}s per run`,
  );

  const silent = { warn: () => undefined, info: () => undefined };
  const bus =
    settings.redisUrl === 'none'
      ? localBus()
      : redisBus(settings.redisUrl, `bench:${randomBytes(4).toString('hex')}:`, silent);
  const { bench, built, tenant } = await benchApp(
    { pgUrl: settings.pgUrl, poolSize: settings.poolSize, memberCode: 'benchco', bus },
    cleanups,
    log,
  );
  if (settings.redisUrl !== 'none') {
    // sessions are cached once the subscription has answered a ping
    for (let waited = 0; bus.listening() === undefined; waited += 100) {
      if (waited > 10_000) throw new Error(`Redis at ${redactUrl(settings.redisUrl)} did not answer in 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  log(
    `sessions: ${settings.redisUrl === 'none' ? 'looked up on every request (no Redis)' : 'cached (Redis)'}`,
  );
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const appUrl = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;

  const baseline = await startBaseline({
    databaseUrl: bench.url,
    poolSize: settings.poolSize,
    tenantId: tenant.id,
    sessionIdleMinutes: built.services.config.sessionIdleMinutes,
  });
  cleanups.push('close baseline', () => baseline.close());

  const token = await login(appUrl, tenant.memberCode, tenant.userName);
  const auth = { token };
  const searchVal = await encryptText(
    JSON.stringify([{ fieldName: 'name', fieldType: 'string', fieldValue: '企业', operator: 'like' }]),
  );
  const pageQuery = 'currentPage=1&pageSize=20';
  const targets = {
    loginInfo: {
      app: { label: 'app', url: appUrl + PATHS.loginInfo, method: 'POST', headers: auth },
      baseline: { label: 'baseline', url: baseline.url + PATHS.loginInfo, method: 'POST', headers: auth },
    },
    configList: {
      app: {
        label: 'app',
        url: `${appUrl}${PATHS.configList}?${pageQuery}&order=%2Bsort&searchVal=${encodeURIComponent(searchVal)}`,
        method: 'GET',
        headers: auth,
      },
      baseline: {
        label: 'baseline',
        url: `${baseline.url}${PATHS.configList}?${pageQuery}&name=${encodeURIComponent('企业')}`,
        method: 'GET',
        headers: auth,
      },
    },
  } satisfies Record<string, { app: Target; baseline: Target }>;

  // the two list answers must be the same rows, or the comparison means nothing
  const appList = JSON.parse(await probe(targets.configList.app)).result;
  const baseList = JSON.parse(await probe(targets.configList.baseline)).result;
  if (JSON.stringify(appList) !== JSON.stringify(baseList)) {
    throw new Error(
      `list results differ:\n app ${JSON.stringify(appList)}\n baseline ${JSON.stringify(baseList)}`,
    );
  }
  if (appList.total < 1) throw new Error('the list filter matched no rows; the seed changed?');

  // statements per request (after one call each, so caches such as the tenant's web codes are warm)
  const roundTrips: Record<string, { count: number; texts: string[] }> = {};
  for (const [name, pair] of Object.entries(targets)) {
    for (const t of [pair.app, pair.baseline]) {
      await probe(t);
      roundTrips[`${name} ${t.label}`] = await countRoundTrips(() => probe(t));
    }
  }
  const withSession: Target = {
    ...targets.configList.baseline,
    label: 'baseline+session',
    url: `${targets.configList.baseline.url}&session=1`,
  };
  const withRls: Target = {
    ...targets.configList.baseline,
    label: 'baseline same SQL',
    url: `${targets.configList.baseline.url}&session=rls`,
  };
  if (settings.reference) {
    roundTrips['configList baseline+session'] = await countRoundTrips(() => probe(withSession));
    roundTrips['configList baseline same SQL'] = await countRoundTrips(() => probe(withRls));
  }
  roundTrips['login app'] = await countRoundTrips(() => login(appUrl, tenant.memberCode, tenant.userName));

  log('');
  const pairs: PairResult[] = [];
  // alternate which side goes first, so neither always gets the cooler machine
  pairs.push(
    await comparePair(
      'getLoginInfo / session query',
      targets.loginInfo.app,
      targets.loginInfo.baseline,
      load,
      true,
      log,
    ),
  );
  const list = await comparePair(
    'getBasicConfigList / select',
    targets.configList.app,
    targets.configList.baseline,
    load,
    false,
    log,
  );
  pairs.push(list);
  if (settings.reference) {
    // diagnostic: the list baseline also checks the session (what any private call must), so the
    // remaining gap is the app's own cost (transaction round trips, framework, serialisation)
    log(`  getBasicConfigList: ${withSession.label} (${load.warmupSeconds}s warm-up + ${load.seconds}s)`);
    const b = await measure(withSession, load);
    pairs.push({
      name: '(ref) getBasicConfigList / session + select',
      app: list.app,
      baseline: b,
      ratioPct: (list.app.requestsPerSec / b.requestsPerSec) * 100,
      order: 'app reused',
      reference: true,
    });
    // the same SQL as the app, in bare Fastify + pg: what is left is the framework's own cost
    log(`  getBasicConfigList: ${withRls.label} (${load.warmupSeconds}s warm-up + ${load.seconds}s)`);
    const same = await measure(withRls, load);
    pairs.push({
      name: '(ref) getBasicConfigList / same SQL sequence',
      app: list.app,
      baseline: same,
      ratioPct: (list.app.requestsPerSec / same.requestsPerSec) * 100,
      order: 'app reused',
      reference: true,
    });
  }

  log(`  login: ${settings.logins} sequential logins, then ${settings.logins} raw argon2 verifies`);
  const loginSamples = await timeSequential(settings.logins, () =>
    login(appUrl, tenant.memberCode, tenant.userName),
  );
  const { rows } = await baseline.pool.query<{ password_hash: string }>(
    'select password_hash from users where id = $1',
    [tenant.userId],
  );
  const storedHash = rows[0]?.password_hash;
  if (!storedHash) throw new Error('bench user has no password hash');
  const verifySamples = await timeSequential(settings.logins, async () => {
    if (!(await verify(storedHash, BENCH_PASSWORD)))
      throw new Error('argon2 verify refused the bench password');
  });
  const loginCost = { login: summarize(loginSamples), argon2Verify: summarize(verifySamples) };

  log('');
  log(`Endpoint vs bare Fastify + pg baseline (requests/s ratio; target ≥ ${TARGET_PCT} %)`);
  log(pairTable(pairs, TARGET_PCT));
  log('');
  log('Login cost (sequential, one at a time)');
  log(
    table(
      ['', 'n', 'mean ms', 'p50 ms', 'p99 ms', 'min ms', 'max ms'],
      [
        ['login via app (HTTP)', loginCost.login],
        ['argon2 verify alone', loginCost.argon2Verify],
      ].map(([label, s]) => {
        const t = s as (typeof loginCost)['login'];
        return [label as string, t.n, ms(t.meanMs), ms(t.p50Ms), ms(t.p99Ms), ms(t.minMs), ms(t.maxMs)];
      }),
    ),
  );
  log('');
  log('PostgreSQL round trips per request');
  log(
    table(
      ['request', 'statements', 'sequence'],
      Object.entries(roundTrips).map(([k, v]) => [
        k,
        v.count,
        v.texts
          .slice(0, 12)
          .map((t) => t.slice(0, 24))
          .join(' | '),
      ]),
    ),
  );

  const report = {
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '?', node: process.version },
    postgres: bench.serverVersion,
    settings: { ...settings, pgUrl: redactUrl(settings.pgUrl), redisUrl: redactUrl(settings.redisUrl) },
    targetPct: TARGET_PCT,
    pairs: pairs.map((p) => ({ ...p, mark: markOf(p, TARGET_PCT) })),
    loginCost,
    roundTrips,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const ignore = path.join(RESULTS_DIR, '.gitignore');
  if (!fs.existsSync(ignore)) fs.writeFileSync(ignore, '*\n!.gitignore\n');
  const out = path.join(RESULTS_DIR, 'latest.json');
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  log('');
  log(`wrote ${path.relative(process.cwd(), out)} (${report.seconds}s)`);
}

try {
  await main();
} catch (err) {
  console.error(`\nbench FAILED: ${(err as Error).stack ?? String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanups.run();
}
