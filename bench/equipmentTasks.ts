/**
 * Check task generation at scale (issue 23, "Speed"): one day of tasks for BENCH_ET_PLANS (5 000)
 * enabled plans on PostgreSQL, through the product's generator (`generateTasks`, the job's work in
 * one tenant transaction) — target < 2 s (median of BENCH_ET_RUNS, each on a fresh day). The
 * plans mix the frequencies (per shift over three shifts, daily, weekly, every 2 days, and one in
 * ten by run hours — every 8 hours on counters of machines that run day and night, so each such
 * plan's machines come due once a day), one or two machines and 3–6 items each; each run's day starts where the last ended, as the job goes on. Also
 * shown: the same day again (nothing to make: the idempotent path) and two generators on the same
 * day at once (exactly once: the count is checked).
 * A report only: exits 0 whatever the figures, non-zero only when something failed.
 *
 * Run: `node --import tsx bench/equipmentTasks.ts`.
 * Env: BENCH_PG_URL, BENCH_ET_PLANS (5000), BENCH_ET_RUNS (5).
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { generateTasks } from '../packages/server/src/modules/equipment/index.ts';
import { seededRandom } from './lib/random.ts';
import { appendResult, benchApp, cleanupStack, intEnv, median, redactUrl } from './lib/runner.ts';

const TARGET_MS = 2000;
const DAY = 86_400_000;
const MACHINES = 2000;
const ITEMS = 300;

const settings = {
  pgUrl: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/test',
  plans: intEnv('BENCH_ET_PLANS', 5000),
  runs: intEnv('BENCH_ET_RUNS', 5),
};

const cleanups = cleanupStack();
const log = (line = '') => console.log(line);
const f0 = (n: number) => n.toFixed(0);

/** Midnight (factory time, UTC+8) starting the bench's first day, fixed so runs compare. */
const FIRST_DAY = Date.UTC(2026, 2, 2) - 8 * 3_600_000;

async function main() {
  const started = performance.now();
  log(
    `bench equipment tasks: ${os.cpus().length} CPU, node ${process.version}, ${redactUrl(settings.pgUrl)}`,
  );
  const { db, tenant } = await benchApp(
    { pgUrl: settings.pgUrl, poolSize: 4, dbPrefix: 'bench_et', memberCode: 'benchet' },
    cleanups,
    log,
  );
  const rnd = seededRandom(23);
  await db.withTenant(tenant.id, async (tx) => {
    await tx.execute(sql`insert into frequency (code, name, start_time, end_time)
      values ('BC1', '早班', '08:00', '16:00'), ('BC2', '中班', '16:00', '00:00'), ('BC3', '夜班', '00:00', '08:00')`);
    await tx.execute(sql`insert into equipment (code, name)
      select 'SB' || lpad(g::text, 5, '0'), g || '#设备' from generate_series(1, ${MACHINES}) g`);
    await tx.execute(sql`insert into check_item (code, name, kind, value_type, lower_limit, upper_limit, unit)
      select 'XM' || lpad(g::text, 4, '0'), '项目' || g, 0, g % 3, case when g % 3 = 1 then 1 end,
        case when g % 3 = 1 then 10 end, case when g % 3 = 1 then 'MPa' end
      from generate_series(1, ${ITEMS}) g`);
    const plans = Array.from({ length: settings.plans }, (_, i) => {
      const r = rnd();
      const frequency = r < 0.2 ? 0 : r < 0.7 ? 1 : r < 0.8 ? 2 : r < 0.9 ? 4 : 5;
      const machines = Array.from(
        { length: 1 + Math.floor(rnd() * 2) },
        () => 1 + Math.floor(rnd() * MACHINES),
      );
      const items = Array.from({ length: 3 + Math.floor(rnd() * 4) }, () => 1 + Math.floor(rnd() * ITEMS));
      return {
        name: `计划${i + 1}`,
        frequency,
        machines: [...new Set(machines)],
        items: [...new Set(items)],
      };
    });
    // every machine has run since the first day began: the run-hour plans count on its counter
    await tx.execute(sql`insert into equipment_run_state (equipment_id, machine_state, state_since, run_seconds)
      select id, 1, ${new Date(FIRST_DAY).toISOString()}::timestamptz, 0 from equipment`);
    await tx.execute(sql`insert into check_plan (name, kind, frequency, interval_days, interval_hours, slot_time,
        start_date, equipment_ids, item_ids, generated_until)
      select p->>'name', 0, (p->>'frequency')::smallint, case when (p->>'frequency')::int = 4 then 2 end,
        case when (p->>'frequency')::int = 5 then 8 end, '08:00',
        '2026-03-01', array(select jsonb_array_elements_text(p->'machines')::int),
        array(select jsonb_array_elements_text(p->'items')::int), ${new Date(FIRST_DAY - 1).toISOString()}::timestamptz
      from jsonb_array_elements(${JSON.stringify(plans)}::jsonb) p`);
  });
  log(`${settings.plans} plans on ${MACHINES} machines, ${ITEMS} items`);

  const dayEnd = (n: number) => new Date(FIRST_DAY + (n + 1) * DAY - 1);
  const times: number[] = [];
  const made: number[] = [];
  for (let run = 0; run < settings.runs; run++) {
    const t0 = performance.now();
    const r = await db.withTenant(tenant.id, (tx) => generateTasks(tx, dayEnd(run)));
    times.push(performance.now() - t0);
    made.push(r.created);
    log(`day ${run + 1}: ${r.created} tasks in ${f0(times[run])} ms`);
  }
  let t0 = performance.now();
  const again = await db.withTenant(tenant.id, (tx) => generateTasks(tx, dayEnd(settings.runs - 1)));
  const againMs = performance.now() - t0;
  if (again.created !== 0) throw new Error(`the same day again made ${again.created} tasks`);

  const day = settings.runs;
  t0 = performance.now();
  const both = await Promise.all(
    [0, 1].map(() => db.withTenant(tenant.id, (tx) => generateTasks(tx, dayEnd(day)))),
  );
  const bothMs = performance.now() - t0;
  const [{ n }] = await db.withTenant(tenant.id, async (tx) => {
    const res = await tx.execute(sql`select count(*)::int as n from check_task
      where slot_start > ${dayEnd(day - 1).toISOString()}::timestamptz and slot_start <= ${dayEnd(day).toISOString()}::timestamptz`);
    return (res as unknown as { rows: { n: number }[] }).rows;
  });
  const created = both[0].created + both[1].created;
  if (created !== n) throw new Error(`two generators made ${created} tasks, ${n} stored`);
  const perDay = median(made);
  if (n !== perDay) log(`note: the concurrent day holds ${n} tasks, the median day ${perDay}`);

  const ms = median(times);
  log();
  log(
    `generation of one day for ${settings.plans} plans: median ${f0(ms)} ms (${f0(perDay)} tasks), target < ${TARGET_MS} ms — ${ms < TARGET_MS ? 'met' : 'NOT met'}`,
  );
  log(
    `same day again: ${f0(againMs)} ms, 0 tasks; two generators at once: ${f0(bothMs)} ms, ${n} tasks, each once`,
  );
  const report = {
    at: new Date().toISOString(),
    cpus: os.cpus().length,
    plans: settings.plans,
    generation: {
      medianMs: Math.round(ms),
      runsMs: times.map((t) => Math.round(t)),
      tasksPerDay: perDay,
      sameDayAgainMs: Math.round(againMs),
      twoAtOnceMs: Math.round(bothMs),
      target: TARGET_MS,
    },
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  const out = appendResult('equipmentTasks.json', report);
  log(`appended to ${path.relative(process.cwd(), out)} (${report.seconds}s)`);
}

try {
  await main();
} catch (err) {
  console.error(`\nbench equipment tasks FAILED: ${(err as Error).stack ?? String(err)}`);
  process.exitCode = 1;
} finally {
  await cleanups.run();
}
