/**
 * The scheduler (issue 21) on a generated instance: 2 000 work orders × 6 steps over the
 * transformer works' stations (the demo's factory model) with the demo's three shifts and Sundays
 * off. Measured in one run, side by side:
 * - time of a whole scheduling (target < 2 s), median of BENCH_SCHEDULER_RUNS;
 * - makespan against a lower bound (the most loaded station group's work over its stations, and
 *   the longest single order) — target ≤ 1.2 × the bound;
 * - total tardiness against a plain earliest-due-date layout of the job-by-job decoder — target at
 *   least 30 % less — and what the operation dispatcher alone reaches.
 * A report only: exits 0 whatever the figures.
 *
 * Run by `npm run bench`, or alone: `node --import tsx bench/scheduler.ts`.
 * Env: BENCH_SCHEDULER_ORDERS (2000), BENCH_SCHEDULER_RUNS (3), BENCH_SCHEDULER_SEED (7).
 */
import { demoFactories } from '../packages/server/src/demo/factory.ts';
import { demoShifts } from '../packages/server/src/demo/shifts.ts';
import {
  DAY,
  dayOf,
  dispatchSchedule,
  eddSchedule,
  type Job,
  makespanLowerBound,
  minutesOfDay,
  type Schedule,
  type Station,
  scheduleJobs,
  WorkCalendar,
} from '../packages/server/src/modules/plans/index.ts';
import { seededRandom } from './lib/random.ts';
import { intEnv } from './lib/runner.ts';

const ORDERS = intEnv('BENCH_SCHEDULER_ORDERS', 2000);
const RUNS = intEnv('BENCH_SCHEDULER_RUNS', 3);
const SEED = intEnv('BENCH_SCHEDULER_SEED', 7);
/** Due dates spread over this share of the shop's lower-bound makespan (the tighter, the more late). */
const SPREAD = Number(process.env.BENCH_SCHEDULER_SPREAD ?? 0.5);

const factory = demoFactories.transformer;
const from = dayOf('2027-01-04') * DAY + minutesOfDay('08:00');
// Sundays off for a year ahead
const sundays = new Set<number>();
for (let d = Math.floor(from / DAY); d < Math.floor(from / DAY) + 800; d++)
  if ((d + 4) % 7 === 0) sundays.add(d);
const calendar = new WorkCalendar({
  shifts: demoShifts.map((s) => ({ start: minutesOfDay(s.startTime), end: minutesOfDay(s.endTime) })),
  restDays: sundays,
});

const stations: Station[] = [];
const doing = new Map<string, number[]>();
for (const w of factory.workshops)
  for (const l of w.lines)
    for (const [name, codes] of l.stations) {
      const id = stations.length + 1;
      // the second station of a kind is newer and a little faster
      stations.push({ id, calendar, efficiency: /2$/.test(name) ? 1.15 : 1 });
      for (const c of codes) doing.set(c, [...(doing.get(c) ?? []), id]);
    }
const minutes = new Map(factory.procedures.map(([code, , , m]) => [code, m]));

// a transformer's six steps: a winding, the core, paper, dipping or drying, assembly, the test
const routes = [
  ['GX001', 'GX005', 'GX006', 'GX007', 'GX009', 'GX013'],
  ['GX002', 'GX005', 'GX006', 'GX008', 'GX011', 'GX013'],
  ['GX001', 'GX004', 'GX006', 'GX007', 'GX010', 'GX013'],
  ['GX002', 'GX003', 'GX006', 'GX008', 'GX012', 'GX013'],
];

function instance(): Job[] {
  const rnd = seededRandom(SEED);
  const jobs: Job[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const route = routes[Math.floor(rnd() * routes.length)];
    const quantity = 1 + Math.floor(rnd() * 3);
    jobs.push({
      id: i + 1,
      // one priority class, so tardiness compares like with like (classes are unit-tested)
      priority: 0,
      due: 0,
      release: from,
      rank: i,
      steps: route.map((code, s) => ({
        key: s + 1,
        // set-up of half an hour per step, then the standard time per unit
        work: 30 + (minutes.get(code) ?? 60) * quantity * (0.6 + rnd() * 0.4),
        stations: doing.get(code) ?? [],
      })),
    });
  }
  // the book sized to about six weeks of the busiest station's work (a planner's horizon), then due
  // dates spread over it: a tight book, where the order of the work decides who is late
  const scale = (42 * DAY * 0.7) / makespanLowerBound(stations, jobs, from);
  for (const j of jobs) for (const st of j.steps) st.work = Math.max(1, Math.round(st.work * scale));
  const bound = makespanLowerBound(stations, jobs, from);
  for (const j of jobs) {
    const own = j.steps.reduce((s, st) => s + st.work, 0) * 1.5;
    j.due = from + Math.round(own + rnd() * SPREAD * bound);
  }
  return jobs;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const days = (m: number) => `${(m / DAY).toFixed(1)} d`;
const total = (s: Schedule) => s.jobs.reduce((sum, j) => sum + j.tardiness, 0);
const lateCount = (s: Schedule) => s.jobs.filter((j) => j.tardiness > 0).length;

function main() {
  const jobs = instance();
  const bound = makespanLowerBound(stations, jobs, from);
  const times: number[] = [];
  let ours: Schedule | undefined;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    ours = scheduleJobs(stations, jobs, [], from);
    times.push(performance.now() - t0);
  }
  const t1 = performance.now();
  const edd = eddSchedule(stations, jobs, [], from);
  const eddMs = performance.now() - t1;
  // the job-by-job decoder's best alone, to show what dispatching by operation adds
  const t2 = performance.now();
  const dispatched = dispatchSchedule(stations, jobs, [], from);
  const dispatchMs = performance.now() - t2;
  if (!ours) return;
  const cut = (1 - total(ours) / Math.max(1, total(edd))) * 100;
  console.log(
    `scheduler: ${ORDERS} work orders × 6 steps on ${stations.length} stations of ${factory.factory} ` +
      `(three shifts, Sundays off), ${RUNS} runs`,
  );
  console.log(
    `  time: median ${median(times).toFixed(0)} ms (runs ${times.map((t) => t.toFixed(0)).join(', ')}; target < 2000 ms); one EDD layout ${eddMs.toFixed(0)} ms`,
  );
  console.log(
    `  makespan: ${days(ours.makespan)} against a lower bound of ${days(bound)} = ` +
      `${(ours.makespan / bound).toFixed(3)} × (target ≤ 1.2); EDD ${days(edd.makespan)} = ${(edd.makespan / bound).toFixed(3)} ×`,
  );
  console.log(
    `  total tardiness: ${days(total(ours))} (${lateCount(ours)} late) against plain EDD ${days(total(edd))} ` +
      `(${lateCount(edd)} late): ${cut.toFixed(1)} % less (target ≥ 30 %); chosen: ${ours.rule}`,
  );
  console.log(
    `  operation dispatcher alone: ${days(total(dispatched))} (${lateCount(dispatched)} late), ` +
      `${dispatchMs.toFixed(0)} ms`,
  );
}

main();
