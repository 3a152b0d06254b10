import type { WorkCalendar } from './calendar.ts';

/**
 * The finite-capacity scheduler (docs/scheduling.md): pure, deterministic, in factory minutes.
 *
 * Two decoders make candidate layouts; the one with the least weighted tardiness wins (so never
 * worse than earliest due date). Both put each step on the allowed station where it ends earliest,
 * in the earliest gap of that station's timeline that its working time fits (a step occupies its
 * station from start to end, through breaks and nights).
 * - Job by job: a sequence of jobs is laid out, each job's steps in order. The sequence is chosen
 *   by trying several dispatching rules — earliest due date, modified due date and apparent
 *   tardiness cost at two look-ahead factors, the clock run by bottleneck time — then improved by
 *   moving late jobs earlier while that lowers the tardiness.
 * - Operation by operation: the station free first takes the most pressing step ready for it.
 * Priority classes stay in order: a job of a higher priority is placed before any of a lower one.
 */

export interface Station {
  id: number;
  calendar: WorkCalendar;
  /** Multiplies the speed: a step takes work ÷ efficiency minutes here. */
  efficiency: number;
}

export interface JobStep {
  /** The caller's key of the step (e.g. the task or the flow step). */
  key: number;
  /** Working minutes at efficiency 1: set-up + standard time × quantity. */
  work: number;
  /** The set-up part of `work` (once, before the first unit). */
  setup?: number;
  /**
   * Overlap by transfer batches (转序批量): the share of the quantity this step passes on at a time,
   * in (0, 1). The next step may start once the first batch is done here, and ends no earlier than
   * one batch of its own after this step ends. Left out: the next step waits for this one's end.
   */
  transfer?: number;
  /** Stations allowed, in the caller's order of preference for ties. */
  stations: number[];
}

export interface Job {
  id: number;
  /** 0 normal, 1 urgent, 2 extra urgent (spec 001 §9). */
  priority: number;
  /** Delivery time (factory minute). */
  due: number;
  /** Earliest start (factory minute). */
  release: number;
  /** Tie-break after priority and due date: sort order, then creation. */
  rank: number;
  steps: JobStep[];
}

/** Time already taken on a station (locked or started work) that nothing may overlap. */
export interface Booking {
  stationId: number;
  start: number;
  end: number;
}

export interface PlacedStep {
  key: number;
  stationId: number;
  start: number;
  end: number;
}

export interface PlacedJob {
  id: number;
  start: number;
  end: number;
  tardiness: number;
  steps: PlacedStep[];
  /** The station where the job waited longest for its turn (why it is late). */
  bottleneck?: number;
}

export interface Schedule {
  jobs: PlacedJob[];
  /** Σ weight × tardiness (minutes); weight 1, 2, 4 by priority. */
  weightedTardiness: number;
  makespan: number;
  rule: string;
}

export interface SchedulerOptions {
  /** How many layouts the improvement may try (bounded, so the result does not depend on the clock). */
  improvementBudget?: number;
}

const weight = (j: Job) => 2 ** Math.max(0, Math.min(2, j.priority));

/** A station's booked intervals, sorted by start, not overlapping. */
class Timeline {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];

  constructor(bookings: [number, number][] = []) {
    for (const [s, e] of [...bookings].sort((a, b) => a[0] - b[0])) this.add(s, e);
  }

  /** Index of the first interval ending after t. */
  private after(t: number): number {
    let lo = 0;
    let hi = this.ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      // intervals do not overlap and are sorted by start, so their ends are sorted too
      if (this.ends[mid] <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The earliest [start, end) from `ready` on that fits `work` working minutes between bookings. */
  fit(calendar: WorkCalendar, ready: number, work: number): [number, number] {
    let t = ready;
    let i = this.after(t);
    for (;;) {
      // a gap shorter on the clock than the work cannot hold it: skip it without the calendar
      while (i < this.starts.length && this.starts[i] - Math.max(t, i > 0 ? this.ends[i - 1] : t) < work) {
        t = Math.max(t, this.ends[i]);
        i++;
      }
      const start = calendar.next(t)[0];
      const end = calendar.finish(start, work);
      i = this.after(start);
      if (i >= this.starts.length || this.starts[i] >= end) return [start, end];
      t = this.ends[i];
    }
  }

  add(start: number, end: number): void {
    const i = this.after(start);
    this.starts.splice(i, 0, start);
    this.ends.splice(i, 0, end);
  }
}

interface Instance {
  stations: Map<number, Station>;
  jobs: Job[];
  bookings: Booking[];
  from: number;
}

const instance = (stations: Station[], jobs: Job[], bookings: Booking[], from: number): Instance => ({
  stations: new Map(stations.map((s) => [s.id, s])),
  jobs,
  bookings,
  from,
});

/** Working minutes of a step on a station. */
const minutesOn = (step: JobStep, station: Station) => Math.max(1, Math.ceil(step.work / station.efficiency));
/** Working minutes of `share` of a step's units on a station, with its set-up when `withSetup`. */
const shareOn = (step: JobStep, station: Station, share: number, withSetup: boolean) => {
  const setup = step.setup ?? 0;
  return Math.max(1, Math.ceil(((withSetup ? setup : 0) + (step.work - setup) * share) / station.efficiency));
};

/** Each station's timeline, made on first use with its bookings. */
function timelines(inst: Instance): (stationId: number) => Timeline {
  const lines = new Map<number, Timeline>();
  const booked = new Map<number, [number, number][]>();
  for (const b of inst.bookings) {
    const list = booked.get(b.stationId) ?? [];
    list.push([b.start, b.end]);
    booked.set(b.stationId, list);
  }
  return (id) => {
    let tl = lines.get(id);
    if (!tl) {
      tl = new Timeline(booked.get(id));
      lines.set(id, tl);
    }
    return tl;
  };
}

/** A job being laid out: its next step, when that step may start, and what is placed. */
interface Progress {
  job: Job;
  next: number;
  ready: number;
  /** The step before, when it passes its work on in batches: its end and the share of a batch. */
  overlap?: { end: number; share: number };
  steps: PlacedStep[];
  worstWait: number;
  bottleneck?: number;
}

const begin = (inst: Instance, job: Job): Progress => ({
  job,
  next: 0,
  ready: Math.max(job.release, inst.from),
  steps: [],
  worstWait: -1,
});

/**
 * Where the job's next step would run on each allowed station — the earliest fit from its ready
 * time that ends no earlier than the batches of the step before allow — the one ending first.
 */
function bestFit(inst: Instance, timeline: (id: number) => Timeline, p: Progress): PlacedStep {
  const step = p.job.steps[p.next];
  let best: PlacedStep | undefined;
  for (const id of step.stations) {
    const station = inst.stations.get(id);
    if (!station) continue;
    const minutes = minutesOn(step, station);
    // the last batch arrives when the step before ends: this step works on it after that
    const minEnd = p.overlap
      ? station.calendar.finish(p.overlap.end, shareOn(step, station, p.overlap.share, false))
      : Number.NEGATIVE_INFINITY;
    let from = p.ready;
    let [start, end] = timeline(id).fit(station.calendar, from, minutes);
    while (end < minEnd) {
      from += minEnd - end;
      [start, end] = timeline(id).fit(station.calendar, from, minutes);
    }
    if (!best || end < best.end) best = { key: step.key, stationId: id, start, end };
  }
  if (!best) throw new Error(`step ${step.key} of job ${p.job.id} has no station`);
  return best;
}

/** Books the job's next step where `bestFit` put it and moves the job on to its following step. */
function commit(inst: Instance, timeline: (id: number) => Timeline, p: Progress, placed: PlacedStep): void {
  const step = p.job.steps[p.next];
  timeline(placed.stationId).add(placed.start, placed.end);
  // waiting beyond the calendar's own gaps is waiting for the station
  const station = inst.stations.get(placed.stationId) as Station;
  const wait = station.calendar.workBetween(p.ready, placed.start);
  if (wait > p.worstWait) {
    p.worstWait = wait;
    p.bottleneck = placed.stationId;
  }
  p.steps.push(placed);
  p.next++;
  const share = step.transfer;
  if (share !== undefined && share > 0 && share < 1) {
    // the next step may start once the first batch is done here
    p.ready = station.calendar.finish(placed.start, shareOn(step, station, share, true));
    p.overlap = { end: placed.end, share };
  } else {
    p.ready = placed.end;
    p.overlap = undefined;
  }
}

const placedJob = (p: Progress): PlacedJob => {
  const done = p.steps.reduce((m, s) => Math.max(m, s.end), p.ready);
  return {
    id: p.job.id,
    start: p.steps[0]?.start ?? done,
    end: done,
    tardiness: Math.max(0, done - p.job.due),
    steps: p.steps,
    bottleneck: p.bottleneck,
  };
};

/** The schedule of placed jobs, in the order given. */
function scheduleOf(inst: Instance, jobs: PlacedJob[], weights: Map<number, number>, rule: string): Schedule {
  let weighted = 0;
  let makespan = inst.from;
  for (const j of jobs) {
    weighted += (weights.get(j.id) ?? 1) * j.tardiness;
    makespan = Math.max(makespan, j.end);
  }
  return { jobs, weightedTardiness: weighted, makespan: makespan - inst.from, rule };
}

const weightsOf = (jobs: Job[]) => new Map(jobs.map((j) => [j.id, weight(j)]));

/** Lays the jobs out in this order, job by job, each job's steps in order. */
function layout(inst: Instance, order: Job[], rule: string): Schedule {
  const timeline = timelines(inst);
  const jobs = order.map((job) => {
    const p = begin(inst, job);
    while (p.next < job.steps.length) commit(inst, timeline, p, bestFit(inst, timeline, p));
    return placedJob(p);
  });
  return scheduleOf(inst, jobs, weightsOf(order), rule);
}

/**
 * Operation by operation (a non-delay dispatcher): priority class by class, the station free
 * earliest takes, of the steps waiting for it whose step before is done, the one of highest
 * apparent tardiness cost for an operation — w/p · exp(−slack⁺ / (k·p̄)), the slack counting the
 * job's work still to do — and runs it on the allowed station where it ends first. Where the
 * job-at-a-time layout keeps a job's steps together, this lets every station work on the most
 * pressing step at each moment.
 */
function dispatchLayout(inst: Instance, k: number): Schedule {
  const timeline = timelines(inst);
  const placed: PlacedJob[] = [];
  const classes = [...new Set(inst.jobs.map((j) => j.priority))].sort((a, b) => b - a);
  for (const c of classes) {
    const jobs = inst.jobs.filter((j) => j.priority === c).sort(byDue);
    // the work still to do from each step on
    const rest = new Map(
      jobs.map((j) => {
        const left = j.steps.map((st) => st.work);
        for (let i = left.length - 2; i >= 0; i--) left[i] += left[i + 1];
        return [j.id, left];
      }),
    );
    let ops = 0;
    let work = 0;
    for (const j of jobs)
      for (const st of j.steps) {
        ops++;
        work += st.work;
      }
    const scale = k * (work / Math.max(1, ops));
    // the jobs whose next step waits for a station, by station
    const waiting = new Map<number, Set<Progress>>();
    const free = new Map<number, number>();
    const release = (p: Progress) => {
      if (p.next >= p.job.steps.length) {
        placed.push(placedJob(p));
        return;
      }
      for (const id of p.job.steps[p.next].stations) {
        if (!inst.stations.has(id)) continue;
        let set = waiting.get(id);
        if (!set) {
          set = new Set();
          waiting.set(id, set);
          if (!free.has(id)) free.set(id, inst.from);
        }
        set.add(p);
      }
    };
    for (const j of jobs) release(begin(inst, j));
    for (;;) {
      // (a line working as one station, or an outsourced step, has a negative id)
      let station: number | undefined;
      for (const [id, set] of waiting)
        if (set.size && (station === undefined || (free.get(id) ?? 0) < (free.get(station) ?? 0)))
          station = id;
      if (station === undefined) break;
      const set = waiting.get(station) as Set<Progress>;
      let t = free.get(station) ?? inst.from;
      let soonest = Number.POSITIVE_INFINITY;
      for (const p of set) soonest = Math.min(soonest, p.ready);
      t = Math.max(t, soonest);
      let chosen: Progress | undefined;
      let bestValue = Number.NEGATIVE_INFINITY;
      for (const p of set) {
        if (p.ready > t) continue;
        const step = p.job.steps[p.next];
        const left = (rest.get(p.job.id) as number[])[p.next];
        const value =
          (weight(p.job) / Math.max(1, step.work)) * Math.exp(-Math.max(0, p.job.due - left - t) / scale);
        if (value > bestValue) {
          bestValue = value;
          chosen = p;
        }
      }
      if (!chosen) break;
      const at = bestFit(inst, timeline, chosen);
      for (const id of chosen.job.steps[chosen.next].stations) waiting.get(id)?.delete(chosen);
      commit(inst, timeline, chosen, at);
      // the station asked stays free until what it was given (if it went elsewhere) would have started
      free.set(station, at.stationId === station ? at.end : Math.max(t, at.start));
      if (at.stationId !== station) free.set(at.stationId, Math.max(free.get(at.stationId) ?? 0, at.end));
      release(chosen);
    }
  }
  placed.sort((a, b) => a.start - b.start || a.id - b.id);
  return scheduleOf(inst, placed, weightsOf(inst.jobs), `工序派工 ATC k=${k}`);
}

/** Priority first (extra urgent), then the rule's key. */
const byClass = (a: Job, b: Job) => b.priority - a.priority;
const byDue = (a: Job, b: Job) => a.due - b.due || a.rank - b.rank || a.id - b.id;

/** Earliest due date within each priority class. */
const eddOrder = (jobs: Job[]): Job[] => [...jobs].sort((a, b) => byClass(a, b) || byDue(a, b));

/**
 * Each job's work in bottleneck-equivalent minutes: each step's work spread over the stations
 * allowed for it, weighted by how loaded that group of stations is against the most loaded one —
 * the time a job takes of the shop's scarcest capacity; and the clock minutes the shop as a whole
 * takes for one such minute (several groups may be as loaded, and calendars have gaps).
 */
function bottleneckTimes(inst: Instance): { p: Map<number, number>; pace: number } {
  const key = (st: JobStep) => [...st.stations].sort((a, b) => a - b).join(',');
  const load = new Map<string, { work: number; station: number }>();
  for (const j of inst.jobs)
    for (const st of j.steps) {
      const g = load.get(key(st)) ?? { work: 0, station: st.stations[0] };
      g.work += st.work / st.stations.length;
      load.set(key(st), g);
    }
  const groups = [...load.values()];
  const top = groups.reduce((a, b) => (b.work > a.work ? b : a), { work: 1, station: 0 });
  const p = new Map(
    inst.jobs.map((j) => [
      j.id,
      Math.max(
        1,
        j.steps.reduce(
          (s, st) => s + (st.work / st.stations.length) * ((load.get(key(st))?.work ?? 0) / top.work),
          0,
        ),
      ),
    ]),
  );
  const sum = [...p.values()].reduce((a, b) => a + b, 0);
  const calendar = inst.stations.get(top.station)?.calendar;
  const span = calendar ? calendar.finish(inst.from, top.work) - inst.from : top.work;
  return { p, pace: span / Math.max(1, sum) };
}

/**
 * A sequence built one job at a time within each priority class, the clock advanced by the chosen
 * job's bottleneck time: apparent tardiness cost (Vepsalainen & Morton) — the highest
 * w/p · exp(−slack⁺ / (k·p̄)) — or, k undefined, modified due date — the lowest max(d, clock + p).
 */
function dispatchOrder(inst: Instance, k: number | undefined): Job[] {
  const { p, pace } = bottleneckTimes(inst);
  const chain = new Map(inst.jobs.map((j) => [j.id, j.steps.reduce((s, st) => s + st.work, 0)]));
  const out: Job[] = [];
  const classes = [...new Set(inst.jobs.map((j) => j.priority))].sort((a, b) => b - a);
  let clock = inst.from;
  for (const c of classes) {
    const left = inst.jobs.filter((j) => j.priority === c).sort(byDue);
    const pBar = left.reduce((s, j) => s + (p.get(j.id) ?? 1), 0) / Math.max(1, left.length);
    while (left.length) {
      let bestIndex = 0;
      let bestValue = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < left.length; i++) {
        const j = left[i];
        const pj = p.get(j.id) ?? 1;
        const value =
          k === undefined
            ? -Math.max(j.due, clock + (chain.get(j.id) ?? 0))
            : (weight(j) / pj) *
              Math.exp(-Math.max(0, j.due - (chain.get(j.id) ?? 0) - clock) / (k * pBar * pace));
        if (value > bestValue) {
          bestValue = value;
          bestIndex = i;
        }
      }
      const [chosen] = left.splice(bestIndex, 1);
      out.push(chosen);
      clock += (p.get(chosen.id) ?? 1) * pace;
    }
  }
  return out;
}

const better = (a: Schedule, b: Schedule) =>
  a.weightedTardiness < b.weightedTardiness ||
  (a.weightedTardiness === b.weightedTardiness && a.makespan < b.makespan);

/**
 * Schedules the jobs from `from` around the bookings. Deterministic: the same input gives the
 * same schedule.
 */
export function schedule(
  stations: Station[],
  jobs: Job[],
  bookings: Booking[],
  from: number,
  options: SchedulerOptions = {},
): Schedule {
  const inst = instance(stations, jobs, bookings, from);
  let best = layout(inst, eddOrder(jobs), 'EDD');
  let order = eddOrder(jobs);
  for (const k of [undefined, 0.25, 1]) {
    const o = dispatchOrder(inst, k);
    const s = layout(inst, o, k === undefined ? 'MDD' : `ATC k=${k}`);
    if (better(s, best)) {
      best = s;
      order = o;
    }
  }
  let result = improve(inst, order, best, options.improvementBudget ?? 24);
  for (const k of DISPATCH_LOOK_AHEAD) {
    const s = dispatchLayout(inst, k);
    if (better(s, result)) result = s;
  }
  return result;
}

/**
 * The look-ahead factors the operation dispatcher tries: a small one for a shop that can still
 * meet most dates, a large one (nearly shortest step first) for an overloaded one.
 */
const DISPATCH_LOOK_AHEAD = [0.5, 2];

/** The operation dispatcher's layout alone (the bench's and the tests' view of it). */
export function dispatchSchedule(
  stations: Station[],
  jobs: Job[],
  bookings: Booking[],
  from: number,
  k = DISPATCH_LOOK_AHEAD[0],
): Schedule {
  return dispatchLayout(instance(stations, jobs, bookings, from), k);
}

/**
 * Moves each late job forward in the sequence (within its priority class) by halving steps, keeping
 * a move when the weighted tardiness falls; stops after `budget` layouts.
 */
function improve(inst: Instance, start: Job[], first: Schedule, budget: number): Schedule {
  let order = start;
  let best = first;
  let tries = 0;
  // the late jobs of the best layout so far, latest first; its jobs are in sequence order
  const late = () =>
    best.jobs
      .map((p, i) => ({ i, p }))
      .filter((x) => x.p.tardiness > 0)
      .sort((a, b) => b.p.tardiness - a.p.tardiness || a.i - b.i);
  search: while (tries < budget) {
    for (const { i } of late()) {
      for (let jump = Math.max(1, i >> 1); jump >= 1; jump >>= 1) {
        const to = i - jump;
        if (to < 0 || order[to].priority !== order[i].priority) continue;
        if (tries >= budget) break search;
        const moved = [...order];
        const [job] = moved.splice(i, 1);
        moved.splice(to, 0, job);
        tries++;
        const s = layout(inst, moved, `${first.rule} + 改进`);
        if (better(s, best)) {
          best = s;
          order = moved;
          continue search;
        }
      }
    }
    break;
  }
  return best;
}

/** The plain earliest-due-date layout, priority aside (the bench's reference). */
export function eddSchedule(stations: Station[], jobs: Job[], bookings: Booking[], from: number): Schedule {
  return layout(instance(stations, jobs, bookings, from), [...jobs].sort(byDue), 'EDD');
}

/**
 * Lower bound on the makespan (bench and docs): the most loaded group of stations doing its work
 * in parallel on its calendar, and the longest single job on its fastest stations.
 */
export function makespanLowerBound(stations: Station[], jobs: Job[], from: number): number {
  const byId = new Map(stations.map((s) => [s.id, s]));
  const groups = new Map<string, { ids: number[]; work: number }>();
  let bound = 0;
  for (const j of jobs) {
    let chain = Math.max(from, j.release);
    for (const st of j.steps) {
      const key = [...st.stations].sort((a, b) => a - b).join(',');
      const g = groups.get(key) ?? { ids: st.stations, work: 0 };
      g.work += st.work;
      groups.set(key, g);
      const fastest = st.stations
        .map((id) => byId.get(id))
        .filter((s): s is Station => !!s)
        .reduce((a, b) => (b.efficiency > a.efficiency ? b : a));
      chain = fastest.calendar.finish(chain, minutesOn(st, fastest));
    }
    bound = Math.max(bound, chain - from);
  }
  for (const g of groups.values()) {
    const members = g.ids.map((id) => byId.get(id)).filter((s): s is Station => !!s);
    const speed = members.reduce((s, m) => s + m.efficiency, 0);
    bound = Math.max(bound, members[0].calendar.finish(from, g.work / speed) - from);
  }
  return bound;
}
