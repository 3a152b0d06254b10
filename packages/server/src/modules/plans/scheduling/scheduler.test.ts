import { describe, expect, it } from 'vitest';
import { DAY, dayOf, fromMinute, minutesOfDay, toMinute, WorkCalendar } from './calendar.ts';
import {
  dispatchSchedule,
  eddSchedule,
  type Job,
  makespanLowerBound,
  type Schedule,
  type Station,
  schedule,
} from './scheduler.ts';

// Monday 2026-03-02 on the factory's clock
const MON = dayOf('2026-03-02') * DAY;
const at = (day: number, hhmm: string) => MON + day * DAY + minutesOfDay(hhmm);
const DAY_SHIFT = [{ start: minutesOfDay('08:00'), end: minutesOfDay('17:00') }];
const day = new WorkCalendar({ shifts: DAY_SHIFT });
const station = (id: number, calendar = day, efficiency = 1): Station => ({ id, calendar, efficiency });
const job = (id: number, steps: [number, number[]][], extra: Partial<Job> = {}): Job => ({
  id,
  priority: 0,
  due: at(30, '00:00'),
  release: MON,
  rank: id,
  steps: steps.map(([work, stations], i) => ({ key: id * 10 + i, work, stations })),
  ...extra,
});

describe('working calendar', () => {
  const night = new WorkCalendar({
    shifts: [{ start: minutesOfDay('22:00'), end: minutesOfDay('06:00') }],
    restDays: new Set([dayOf('2026-03-03')]),
  });

  it('works a night shift across midnight, and a holiday stops the shift starting on it', () => {
    expect(night.finish(at(0, '23:00'), 120)).toBe(at(1, '01:00'));
    // Tuesday is a holiday: the shift from Monday night still ends Tuesday 06:00, none starts Tuesday night
    expect(night.finish(at(1, '05:00'), 120)).toBe(at(2, '23:00'));
    expect(night.next(at(1, '12:00'))).toEqual([at(2, '22:00'), at(3, '06:00')]);
    // Sunday's night shift from 00:00, Monday's whole, none on Tuesday, Wednesday's until midnight
    expect(night.workBetween(at(0, '00:00'), at(3, '00:00'))).toBe(6 * 60 + 8 * 60 + 2 * 60);
  });

  it('works round the clock without shifts, and a listed exception works on a holiday', () => {
    const always = new WorkCalendar({ shifts: [] });
    expect(always.finish(at(0, '23:30'), 60)).toBe(at(1, '00:30'));
    const holiday = dayOf('2026-03-02');
    const off = new WorkCalendar({ shifts: DAY_SHIFT, restDays: new Set([holiday]) });
    expect(off.next(at(0, '07:00'))[0]).toBe(at(1, '08:00'));
    const exception = new WorkCalendar({
      shifts: DAY_SHIFT,
      restDays: new Set([holiday]),
      workDays: new Set([holiday]),
    });
    expect(exception.next(at(0, '07:00'))[0]).toBe(at(0, '08:00'));
  });

  it('turns instants into factory minutes and back (UTC+8)', () => {
    const t = toMinute(new Date('2026-03-02T00:00:00Z'));
    expect(t).toBe(at(0, '08:00'));
    expect(fromMinute(t).toISOString()).toBe('2026-03-02T00:00:00.000Z');
  });
});

describe('scheduler', () => {
  it('overlaps the next step by transfer batches: it starts after the first batch, ends a batch after', () => {
    // 4 units; 绕线 20 min set-up + 30 a unit, passed on one unit (a quarter) at a time; 装配 20 a unit
    const steps = [
      { key: 1, work: 20 + 4 * 30, setup: 20, transfer: 0.25, stations: [1] },
      { key: 2, work: 4 * 20, stations: [2] },
    ];
    const s = schedule([station(1), station(2)], [{ ...job(1, []), steps }], [], at(0, '08:00'));
    // 装配 could start at 08:50 (the first unit done), but would then wait for the last unit, done
    // at 10:20: it starts at 09:20 so that its last unit (20 min) ends at 10:40
    expect(s.jobs[0].steps.map((x) => [x.start, x.end])).toEqual([
      [at(0, '08:00'), at(0, '10:20')],
      [at(0, '09:20'), at(0, '10:40')],
    ]);
    expect(s.jobs[0].end).toBe(at(0, '10:40'));
    // without the batch, 装配 waits for the whole plan
    const whole = schedule(
      [station(1), station(2)],
      [{ ...job(1, []), steps: steps.map(({ transfer: _t, ...x }) => x) }],
      [],
      at(0, '08:00'),
    );
    expect(whole.jobs[0].steps[1]).toMatchObject({ start: at(0, '10:20'), end: at(0, '11:40') });
    // a slow next step starts as soon as the first unit is there (08:50) and is never short of work
    const slow = schedule(
      [station(1), station(2)],
      [{ ...job(1, []), steps: [steps[0], { key: 2, work: 4 * 60, stations: [2] }] }],
      [],
      at(0, '08:00'),
    );
    expect(slow.jobs[0].steps[1]).toMatchObject({ start: at(0, '08:50'), end: at(0, '12:50') });
  });

  it('puts the more urgent plan first on a station both need, whatever the due dates', () => {
    const normal = job(1, [[120, [1]]], { due: at(0, '10:00') });
    const urgent = job(2, [[120, [1]]], { priority: 2, due: at(5, '10:00') });
    const s = schedule([station(1)], [normal, urgent], [], at(0, '08:00'));
    const byId = new Map(s.jobs.map((j) => [j.id, j]));
    expect(byId.get(2)).toMatchObject({ start: at(0, '08:00'), end: at(0, '10:00'), tardiness: 0 });
    expect(byId.get(1)).toMatchObject({ start: at(0, '10:00'), end: at(0, '12:00'), tardiness: 120 });
  });

  it('runs the steps in order, each on a station it allows, through the night off shift', () => {
    // step 2 only at station 2, though station 1 is free; 8 h of work from 12:00 ends next day 11:00
    const j = job(1, [
      [240, [1]],
      [480, [2]],
    ]);
    const s = schedule([station(1), station(2)], [j], [], at(0, '08:00'));
    expect(s.jobs[0].steps).toEqual([
      { key: 10, stationId: 1, start: at(0, '08:00'), end: at(0, '12:00') },
      { key: 11, stationId: 2, start: at(0, '12:00'), end: at(1, '11:00') },
    ]);
  });

  it('takes the station where the step ends first, an efficient one taking less time', () => {
    const s = schedule([station(1), station(2, day, 2)], [job(1, [[120, [1, 2]]])], [], at(0, '08:00'));
    expect(s.jobs[0].steps[0]).toMatchObject({ stationId: 2, end: at(0, '09:00') });
  });

  it('keeps locked work and fits new work into the gaps around it', () => {
    const bookings = [{ stationId: 1, start: at(0, '09:00'), end: at(0, '11:00') }];
    const s = schedule(
      [station(1)],
      [job(1, [[60, [1]]], { rank: 1 }), job(2, [[90, [1]]], { rank: 2 })],
      bookings,
      at(0, '08:00'),
    );
    const byId = new Map(s.jobs.map((j) => [j.id, j.steps[0]]));
    // one hour fits before the locked block, ninety minutes only after it
    expect(byId.get(1)).toMatchObject({ start: at(0, '08:00'), end: at(0, '09:00') });
    expect(byId.get(2)).toMatchObject({ start: at(0, '11:00'), end: at(0, '12:30') });
  });

  it('says which plan misses its date and where it waited', () => {
    const jobs = [1, 2, 3].map((id) =>
      job(
        id,
        [
          [60, [1]],
          [240, [2]],
        ],
        { due: at(0, '14:00') },
      ),
    );
    const s = schedule([station(1), station(2)], jobs, [], at(0, '08:00'));
    const late = s.jobs.filter((j) => j.tardiness > 0);
    expect(late.map((j) => j.id)).toEqual([2, 3]);
    // the second step's station is the bottleneck: the first one is done early
    expect(late.every((j) => j.bottleneck === 2)).toBe(true);
    // the third plan's four hours at station 2 go to the next morning
    expect(s.jobs.find((j) => j.id === 3)?.end).toBe(at(1, '12:00'));
    expect(s.makespan).toBe(at(1, '12:00') - at(0, '08:00'));
  });

  it('gives the same schedule for the same plans in any input order', () => {
    const jobs = Array.from({ length: 30 }, (_, i) =>
      job(
        i + 1,
        [
          [30 + ((i * 37) % 90), [1, 2]],
          [20 + ((i * 53) % 70), [3]],
        ],
        { due: at(0, '08:00') + 60 * (i % 7) + 240, priority: i % 5 === 0 ? 1 : 0 },
      ),
    );
    const stations = [station(1), station(2), station(3)];
    const a = schedule(stations, jobs, [], at(0, '08:00'));
    const b = schedule(stations, [...jobs].reverse(), [], at(0, '08:00'));
    expect(b).toEqual(a);
    // and never worse than plain earliest due date, which it also tries
    expect(a.weightedTardiness).toBeLessThanOrEqual(
      eddSchedule(stations, jobs, [], at(0, '08:00')).weightedTardiness,
    );
    expect(a.makespan).toBeGreaterThanOrEqual(makespanLowerBound(stations, jobs, at(0, '08:00')));
  });

  it('dispatches step by step: each station works the most pressing ready step, within the rules', () => {
    // an overloaded shop: twenty orders crossing three stations in two routes, dates too tight for all
    // station -3 is a line working as one station (run.ts gives those negative ids)
    const stations = [station(1), station(2), station(-3, day, 1.25)];
    const jobs = Array.from({ length: 20 }, (_, i) =>
      job(
        i + 1,
        (i % 2
          ? [
              [60 + ((i * 29) % 120), [1]],
              [30 + ((i * 41) % 90), [2, -3]],
              [45 + ((i * 17) % 60), [1]],
            ]
          : [
              [40 + ((i * 31) % 100), [2, -3]],
              [50 + ((i * 23) % 110), [1]],
            ]) as [number, number[]][],
        { due: at(0, '12:00') + 90 * i, priority: i % 7 === 3 ? 1 : 0 },
      ),
    );
    const from = at(0, '08:00');
    const bookings = [{ stationId: 1, start: at(0, '13:00'), end: at(0, '14:00') }];
    const s = dispatchSchedule(stations, jobs, bookings, from);
    expect(s.jobs.map((j) => j.id).sort((a, b) => a - b)).toEqual(jobs.map((j) => j.id));
    expect(s.rule).toMatch(/^工序派工/);
    feasible(s, stations, jobs, bookings, from);
    // the urgent ones are placed first: they lie as if the normal ones were not there
    const urgent = jobs.filter((j) => j.priority === 1);
    const alone = dispatchSchedule(stations, urgent, bookings, from);
    const placedOf = (x: Schedule) =>
      x.jobs.filter((j) => urgent.some((u) => u.id === j.id)).sort((m, n) => m.id - n.id);
    expect(placedOf(s)).toEqual(placedOf(alone));
    expect(placedOf(s)).toHaveLength(3);
    // what the scheduler chooses is never worse than either decoder alone
    const chosen = schedule(stations, jobs, bookings, from);
    feasible(chosen, stations, jobs, bookings, from);
    expect(chosen.weightedTardiness).toBeLessThanOrEqual(s.weightedTardiness);
    expect(chosen.weightedTardiness).toBeLessThanOrEqual(
      eddSchedule(stations, jobs, bookings, from).weightedTardiness,
    );
  });
});

/**
 * A schedule keeps the rules: every job and step placed once, each step on a station it allows
 * for its working time on that station's calendar, after the step before, not before the start,
 * and no two steps (nor a booking) overlapping on a station; the tardiness is the end past the date.
 */
function feasible(
  s: Schedule,
  stations: Station[],
  jobs: Job[],
  bookings: { stationId: number; start: number; end: number }[],
  from: number,
) {
  const byId = new Map(stations.map((st) => [st.id, st]));
  const taken = new Map<number, [number, number][]>();
  for (const b of bookings) taken.set(b.stationId, [...(taken.get(b.stationId) ?? []), [b.start, b.end]]);
  for (const placed of s.jobs) {
    const j = jobs.find((x) => x.id === placed.id) as Job;
    expect(placed.steps.map((st) => st.key)).toEqual(j.steps.map((st) => st.key));
    let ready = from;
    placed.steps.forEach((st, i) => {
      const want = j.steps[i];
      expect(want.stations).toContain(st.stationId);
      const on = byId.get(st.stationId) as Station;
      expect(st.start).toBeGreaterThanOrEqual(ready);
      expect(st.end).toBe(on.calendar.finish(st.start, Math.max(1, Math.ceil(want.work / on.efficiency))));
      ready = st.end;
      taken.set(st.stationId, [...(taken.get(st.stationId) ?? []), [st.start, st.end]]);
    });
    expect(placed.end).toBe(ready);
    expect(placed.tardiness).toBe(Math.max(0, ready - j.due));
  }
  for (const list of taken.values()) {
    list.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < list.length; i++) expect(list[i][0]).toBeGreaterThanOrEqual(list[i - 1][1]);
  }
}
