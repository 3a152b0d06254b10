import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../packages/server/src/app.ts';
import { memoryCounters } from '../../packages/server/src/platform/counters.ts';
import { openDatabase } from '../../packages/server/src/platform/db.ts';
import type { NotificationBus } from '../../packages/server/src/platform/realtime/bus.ts';
import { seedTenant } from './fixture.ts';
import { createBenchDatabase } from './pgdb.ts';

/** Small shared pieces of the stand-alone bench scripts (search.ts, import.ts …). */

export const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'results');

export function intEnv(name: string, fallback: number, min = 1): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number.parseInt(raw, 10);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return n;
}

/** Undo steps, run newest first whatever happens, so servers, pools and databases never linger. */
export function cleanupStack() {
  const steps: { name: string; run: () => Promise<unknown> }[] = [];
  let cleaning: Promise<void> | undefined;
  const run = (): Promise<void> => {
    cleaning ??= (async () => {
      for (const step of steps.reverse()) {
        try {
          await step.run();
        } catch (err) {
          console.error(`cleanup: ${step.name} failed: ${(err as Error).message}`);
        }
      }
    })();
    return cleaning;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up`);
      void run().finally(() => process.exit(130));
    });
  }
  return {
    push: (name: string, fn: () => Promise<unknown>) => {
      steps.push({ name, run: fn });
    },
    run,
  };
}

/**
 * Appends one run's report to bench/results/<file> (a JSON array, newest last; a file holding a
 * single report becomes the first element). Returns the path written.
 */
export function appendResult(file: string, report: unknown): string {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const ignore = path.join(RESULTS_DIR, '.gitignore');
  if (!fs.existsSync(ignore)) fs.writeFileSync(ignore, '*\n!.gitignore\n');
  const out = path.join(RESULTS_DIR, file);
  let runs: unknown[] = [];
  if (fs.existsSync(out)) {
    try {
      const old = JSON.parse(fs.readFileSync(out, 'utf8')) as unknown;
      runs = Array.isArray(old) ? old : [old];
    } catch {
      runs = [];
    }
  }
  runs.push(report);
  fs.writeFileSync(out, `${JSON.stringify(runs, null, 2)}\n`);
  return out;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return 0;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Same server URL with the password hidden, for reports. */
export const redactUrl = (url: string) => url.replace(/\/\/[^@/]*@/, '//…@');

/**
 * A throwaway PostgreSQL database, migrated, with the real app built on it and one seeded tenant;
 * each piece registers its own undo step.
 */
export async function benchApp(
  opts: {
    pgUrl: string;
    poolSize: number;
    dbPrefix?: string;
    memberCode: string;
    /** How the app reaches other API nodes (the notification bench joins it to Redis). */
    bus?: NotificationBus;
  },
  cleanups: ReturnType<typeof cleanupStack>,
  log: (line: string) => void,
) {
  const bench = await createBenchDatabase(opts.pgUrl, opts.dbPrefix);
  cleanups.push(`drop database ${bench.name}`, () => bench.drop());
  log(`database ${bench.name} on PostgreSQL ${bench.serverVersion}`);
  const db = await openDatabase({ databaseUrl: bench.url, poolSize: opts.poolSize });
  cleanups.push('close app pool', () => db.close());
  await db.migrate();
  const built = await buildApp({
    db,
    counters: memoryCounters(),
    bus: opts.bus,
    logger: false,
    config: { demo: false, databaseUrl: bench.url, poolSize: opts.poolSize, host: '127.0.0.1' },
  });
  cleanups.push('close app', () => built.close());
  const tenant = await seedTenant(built.services, opts.memberCode);
  return { bench, db, built, tenant };
}
