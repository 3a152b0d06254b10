/**
 * Notifications across API nodes, on real PostgreSQL and the real Redis:
 * 1. Latency, create → socket message, over BENCH_MESSAGES (1 000) notifications in sequence: each is
 *    written by notify() in a tenant transaction on node A (this process) and read from a socket held
 *    by node B (a separate server process) — side by side with the same on node A's own socket.
 *    Target: cross-node p99 < 100 ms.
 * 2. Capacity: BENCH_SOCKETS (1 000) users connected to node B at once — the sockets it holds, the
 *    memory it uses for them (resident set before and after), and one notification fanned out to
 *    all of them.
 * A report only: exits 0 whatever the figures, non-zero only when something failed.
 *
 * Run by `npm run bench`, or alone: `node --import tsx bench/notifications.ts`.
 * Env: BENCH_PG_URL, BENCH_REDIS_URL (redis://127.0.0.1:6379), BENCH_MESSAGES, BENCH_SOCKETS.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { notify } from '../packages/server/src/modules/notification/index.ts';
import { redisBus, SUBSCRIBED } from '../packages/server/src/platform/realtime/bus.ts';
import { newToken } from '../packages/server/src/platform/session.ts';
import { startNode } from '../packages/server/src/testing/nodes.ts';
import { openSocket, type TestSocket } from '../packages/server/src/testing/socket.ts';
import { login } from './lib/fixture.ts';
import { summarize, type TimingSummary, table } from './lib/load.ts';
import { DEFAULT_PG_URL } from './lib/pgdb.ts';
import { appendResult, benchApp, cleanupStack, intEnv, redactUrl } from './lib/runner.ts';

const TARGET_P99_MS = 100;
const settings = {
  pgUrl: process.env.BENCH_PG_URL || DEFAULT_PG_URL,
  redisUrl: process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379',
  messages: intEnv('BENCH_MESSAGES', 1000),
  sockets: intEnv('BENCH_SOCKETS', 1000),
};

const cleanups = cleanupStack();
const log = (line = '') => console.log(line);

/** Resident memory of a process in MB, from /proc. */
const rssMb = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
};

async function main() {
  const started = performance.now();
  const prefix = `bench:${randomBytes(4).toString('hex')}:`;
  const silent = { warn: () => undefined, info: () => undefined };
  const { bench, db, built, tenant } = await benchApp(
    {
      pgUrl: settings.pgUrl,
      poolSize: 10,
      memberCode: 'noticeco',
      bus: redisBus(settings.redisUrl, prefix, silent),
    },
    cleanups,
    log,
  );
  const origin = await built.app.listen({ port: 0, host: '127.0.0.1' });
  const nodeB = await startNode({
    DATABASE_URL: bench.url,
    REDIS_URL: settings.redisUrl,
    REDIS_PREFIX: prefix,
  });
  cleanups.push('stop node B', () => nodeB.stop());
  // node B says it has started before its Redis subscription is in place
  for (let waited = 0; !nodeB.output().includes(SUBSCRIBED); waited += 100) {
    if (waited > 20_000) throw new Error('node B did not subscribe to Redis in 20 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  log(
    `node A: this process ${origin}; node B: pid ${nodeB.pid} ${nodeB.origin}; Redis ${redactUrl(settings.redisUrl)}`,
  );

  // 1. latency, one notification at a time, each awaited at the recipient's socket
  const token = await login(origin, tenant.memberCode, tenant.userName);
  const sender = { id: tenant.adminId, name: '管理员' };
  const send = (title: string, recipientIds: number[]) =>
    db
      .withTenant(tenant.id, async (tx) => {
        const after: (() => void | Promise<void>)[] = [];
        await notify(
          {
            tx,
            tenantId: tenant.id,
            actor: sender,
            hub: built.services.notifications,
            afterCommit: (fn) => after.push(fn),
          },
          { type: 'userCreated', title, message: '压测通知', recipientIds },
        );
        return after;
      })
      .then((after) => Promise.all(after.map((fn) => fn())));
  const latency = async (socket: TestSocket, label: string): Promise<TimingSummary> => {
    const samples: number[] = [];
    for (let i = 0; i < settings.messages; i++) {
      const title = `${label}-${i}`;
      const t0 = performance.now();
      const arrived = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${title} did not arrive in 5 s`)), 5000);
        const check = (data: unknown) => {
          if (JSON.parse(String(data)).title !== title) return;
          clearTimeout(timer);
          socket.ws.off('message', check);
          resolve();
        };
        socket.ws.on('message', check);
      });
      await send(title, [tenant.userId]);
      await arrived;
      samples.push(performance.now() - t0);
    }
    return summarize(samples);
  };
  const onB = await openSocket(nodeB.origin, tenant.memberCode, tenant.userId, token);
  const onA = await openSocket(origin, tenant.memberCode, tenant.userId, token);
  // warm both paths (prepared statements, connections) before timing
  for (let i = 0; i < 50; i++) await send(`warm-${i}`, [tenant.userId]);
  const local = await latency(onA, 'local');
  const cross = await latency(onB, 'cross');
  onA.close();
  onB.close();
  log('');
  log(`create → socket message, ${settings.messages} notifications in sequence (ms)`);
  log(
    table(
      ['path', 'p50', 'p99', 'mean', 'max'],
      [
        ['same node (A → A)', local.p50Ms, local.p99Ms, local.meanMs, local.maxMs],
        ['cross-node (A → Redis → B)', cross.p50Ms, cross.p99Ms, cross.meanMs, cross.maxMs],
      ],
    ),
  );
  const crossMark = cross.p99Ms < TARGET_P99_MS ? 'met' : 'NOT met';
  log(
    `cross-node p99 ${cross.p99Ms} ms (target < ${TARGET_P99_MS} ms: ${crossMark}); ` +
      `Redis hop adds ${Math.round((cross.p50Ms - local.p50Ms) * 100) / 100} ms at p50 (${Math.round((cross.p50Ms / local.p50Ms) * 100)} % of same-node)`,
  );

  // 2. capacity: users with sessions, written in bulk (nobody types these passwords)
  const users = await db.withTenant(tenant.id, async (tx) => {
    const res = await tx.execute(sql`
      insert into users (user_name, name, password_hash)
      select 'load' || g, '压测' || g, (select password_hash from users where id = ${tenant.adminId})
      from generate_series(1, ${settings.sockets}) g
      returning id`);
    return (res as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
  });
  const tokens = users.map(() => newToken(tenant.id));
  await db.withTenant(tenant.id, (tx) =>
    tx.execute(sql`
      insert into session (user_id, token_hash, expires_at)
      select u, h, now() + interval '1 day'
      from unnest(${`{${users.join(',')}}`}::int[], ${`{${tokens.map((t) => t.hash).join(',')}}`}::text[]) as x(u, h)`),
  );
  const before = rssMb(nodeB.pid);
  const t0 = performance.now();
  const sockets: TestSocket[] = [];
  for (let i = 0; i < users.length; i += 50) {
    sockets.push(
      ...(await Promise.all(
        users
          .slice(i, i + 50)
          .map((id, k) => openSocket(nodeB.origin, tenant.memberCode, id, tokens[i + k].token)),
      )),
    );
  }
  const connectSeconds = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  const after = rssMb(nodeB.pid);
  const t1 = performance.now();
  const all = Promise.all(sockets.map((s) => s.next(10_000)));
  await send('everyone', users);
  await all;
  const fanOutMs = Math.round((performance.now() - t1) * 10) / 10;
  const perSocketKb = Math.round(((after - before) * 1024) / sockets.length);
  for (const s of sockets) s.close();
  log('');
  log(`${sockets.length} users connected to node B in ${connectSeconds.toFixed(1)} s`);
  log(
    table(
      ['node B', 'value'],
      [
        ['sockets held', sockets.length],
        ['resident memory before (MB)', before],
        ['resident memory with the sockets (MB)', after],
        ['per socket (KB)', perSocketKb],
        ['one notification to all of them, A → B → every socket (ms)', fanOutMs],
      ],
    ),
  );

  const report = {
    at: new Date().toISOString(),
    postgres: bench.serverVersion,
    settings: { ...settings, pgUrl: redactUrl(settings.pgUrl), redisUrl: redactUrl(settings.redisUrl) },
    latency: { local, cross, targetP99Ms: TARGET_P99_MS, mark: crossMark },
    capacity: {
      sockets: sockets.length,
      connectSeconds,
      rssBeforeMb: before,
      rssAfterMb: after,
      perSocketKb,
      fanOutMs,
    },
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  const out = appendResult('notifications.json', report);
  log('');
  log(`appended to ${path.relative(process.cwd(), out)} (${report.seconds}s)`);
}

try {
  await main();
} catch (err) {
  console.error(`\nbench notifications FAILED: ${(err as Error).stack ?? String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanups.run();
}
