import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, openTestDatabase } from '../../testing/harness.ts';
import { type Database, openDatabase } from '../db.ts';
import { createJobs, type Jobs } from './jobs.ts';

/**
 * Two job nodes on one database: on PostgreSQL each has its own connection pool, as two API
 * processes do; on PGlite (one process's database) they share it.
 */
let db: Database & { url?: string };
let other: Database;
const started: Jobs[] = [];
const quiet = { warn() {}, error() {} };

function node(database: Database): Jobs {
  const jobs = createJobs(database, quiet, { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 });
  started.push(jobs);
  return jobs;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A slot test: the wait for room in the minute, two nodes starting on a loaded machine, the checks. */
const SLOT_TEST_MS = 150_000;

/** Waits until the current minute has at least `ms` left, so a check stays within one cron slot. */
async function awayFromMinuteEdge(ms: number) {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute < 2000 || intoMinute > 60_000 - ms) await sleep(60_000 - intoMinute + 2000);
}

describe('jobs on pg-boss', () => {
  beforeAll(async () => {
    db = await openTestDatabase();
    other = onPostgres ? await openDatabase({ databaseUrl: db.url, poolSize: 5 }) : db;
  });
  afterAll(async () => {
    for (const jobs of started) await jobs.stop();
    if (other !== db) await other?.close();
    await db?.close();
  });

  it('starts although another node created the queue tables at the same moment', async () => {
    // the first creation is refused as PostgreSQL refuses the slower of two nodes starting together
    let refused = 0;
    const racing: Database = {
      ...db,
      executeSql: async (text, values) => {
        if (!refused && text.includes('CREATE SCHEMA')) {
          refused++;
          throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
        }
        return db.executeSql(text, values);
      },
    };
    const jobs = node(racing);
    let ran = false;
    await jobs.work('test-after-race', async () => {
      ran = true;
    });
    await jobs.start();
    expect(refused).toBe(1);
    await jobs.send('test-after-race');
    await expect.poll(() => ran, { timeout: 20_000 }).toBe(true);
  });

  it('retries a failed job and keeps its attempts and state visible', async () => {
    const jobs = node(db);
    let calls = 0;
    await jobs.work(
      'test-flaky',
      async () => {
        calls++;
        if (calls === 1) throw new Error('第一次失败');
      },
      { retryDelay: 1, retryBackoff: false },
    );
    await jobs.start();
    const id = (await jobs.send('test-flaky')) as string;
    await expect
      .poll(async () => (await jobs.get('test-flaky', id))?.state, { timeout: 20_000 })
      .toBe('completed');
    expect(calls).toBe(2);
    expect((await jobs.get('test-flaky', id))?.retryCount).toBe(1);
  });

  // each waits up to ~40 s for a minute with room in it before it starts: more than the default 60 s
  it('runs a scheduled job once across two nodes', { timeout: SLOT_TEST_MS }, async () => {
    await awayFromMinuteEdge(20_000);
    const runs: string[] = [];
    const [a, b] = [node(db), node(other)];
    for (const [label, jobs] of [
      ['a', a],
      ['b', b],
    ] as const)
      await jobs.schedule('test-tick', '* * * * *', async () => {
        runs.push(label);
      });
    await Promise.all([a.start(), b.start()]);
    // the slot now due fires at start on one node only, and only once
    await expect.poll(() => runs.length, { timeout: 30_000 }).toBe(1);
    await sleep(3000);
    expect(runs).toHaveLength(1);
  });

  it('runs a slot missed while every node was down once, when the nodes start', {
    timeout: SLOT_TEST_MS,
  }, async () => {
    await awayFromMinuteEdge(20_000);
    await db.executeSql(
      `insert into scheduled_job (name, last_slot) values ('test-hourly', now() - interval '3 hours')`,
    );
    const runs: string[] = [];
    const [a, b] = [node(db), node(other)];
    for (const jobs of [a, b])
      await jobs.schedule('test-hourly', '0 * * * *', async () => {
        runs.push('run');
      });
    await Promise.all([a.start(), b.start()]);
    await expect.poll(() => runs.length, { timeout: 30_000 }).toBe(1);
    await sleep(3000);
    expect(runs).toHaveLength(1);
    const { rows } = await db.executeSql(
      `select last_slot > now() - interval '1 hour' as recent from scheduled_job where name = 'test-hourly'`,
    );
    expect(rows).toEqual([{ recent: true }]);
  });
});
