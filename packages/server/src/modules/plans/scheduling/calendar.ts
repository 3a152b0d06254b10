/**
 * Working calendars for the scheduler (docs/scheduling.md "Calendar"). Time is counted in whole
 * minutes on the factory's clock (UTC+8, no daylight saving) from the epoch, so a factory day is
 * `Math.floor(t / DAY)` and a time of day is `t % DAY`.
 */

export const DAY = 1440;
const FACTORY_OFFSET_MINUTES = 8 * 60;
/** A calendar with no working minute in this many days is refused rather than searched forever. */
const SEARCH_DAYS = 400;

/** The factory minute of an instant (rounded up: work never starts before it). */
export const toMinute = (date: Date): number => Math.ceil(date.getTime() / 60_000) + FACTORY_OFFSET_MINUTES;
/** The instant of a factory minute. */
export const fromMinute = (t: number): Date => new Date((t - FACTORY_OFFSET_MINUTES) * 60_000);
/** The factory day of a 'YYYY-MM-DD' date. */
export const dayOf = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/** A shift by its times of day in minutes; an end at or before the start ends the next day. */
export interface ShiftTimes {
  start: number;
  end: number;
}

export interface CalendarRules {
  /** The shifts worked on a working day; none means round the clock. */
  shifts: ShiftTimes[];
  /** Factory days not worked (holidays). */
  restDays?: ReadonlySet<number>;
  /** Factory days worked though `restDays` names them (exceptions, e.g. a line working a holiday). */
  workDays?: ReadonlySet<number>;
}

/** 'HH:mm' → minutes of the day. */
export function minutesOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + (m || 0);
}

export class CalendarError extends Error {}

/**
 * When a place works: the shifts of each working day (a shift belongs to the day it starts on, so
 * a holiday stops the night shift that would have started on it, not the one ending on it).
 */
export class WorkCalendar {
  private readonly days = new Map<number, readonly [number, number][]>();
  private readonly shifts: [number, number][];

  constructor(private readonly rules: CalendarRules) {
    this.shifts = rules.shifts.map((s) => [s.start, s.end > s.start ? s.end : s.end + DAY]);
  }

  /** The working intervals [start, end) of the shifts starting on factory day `d`, merged. */
  day(d: number): readonly [number, number][] {
    const known = this.days.get(d);
    if (known) return known;
    let out: [number, number][];
    if (this.rules.restDays?.has(d) && !this.rules.workDays?.has(d)) out = [];
    else if (!this.shifts.length) out = [[d * DAY, (d + 1) * DAY]];
    else {
      const sorted = this.shifts.map(([s, e]) => [d * DAY + s, d * DAY + e] as [number, number]);
      sorted.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      out = [];
      for (const iv of sorted) {
        const last = out[out.length - 1];
        if (last && iv[0] <= last[1]) last[1] = Math.max(last[1], iv[1]);
        else out.push([iv[0], iv[1]]);
      }
    }
    this.days.set(d, out);
    return out;
  }

  /**
   * The working interval holding `t` or the first after it, clipped to start at `t` or later.
   * A shift of the day before may still run at `t` (across midnight).
   */
  next(t: number): [number, number] {
    const first = Math.floor(t / DAY) - 1;
    for (let d = first; d <= first + SEARCH_DAYS; d++) {
      for (const [s, e] of this.day(d)) {
        if (e <= t) continue;
        // a shift crossing into the next day may overlap that day's first shift: join them
        let end = e;
        for (const [s2, e2] of this.day(d + 1)) if (s2 <= end && e2 > end) end = e2;
        return [Math.max(s, t), end];
      }
    }
    throw new CalendarError(`日历在${SEARCH_DAYS}天内没有工作时间`);
  }

  /** When `work` working minutes started at `t` (or the next working minute) are done. */
  finish(t: number, work: number): number {
    let [s, e] = this.next(t);
    let left = work;
    while (left > e - s) {
      left -= e - s;
      [s, e] = this.next(e);
    }
    return s + left;
  }

  /** Working minutes in [from, to). */
  workBetween(from: number, to: number): number {
    let total = 0;
    let t = from;
    while (t < to) {
      const [s, e] = this.next(t);
      if (s >= to) break;
      total += Math.min(e, to) - s;
      t = e;
    }
    return total;
  }
}
