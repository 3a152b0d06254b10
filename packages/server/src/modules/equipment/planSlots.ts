/**
 * When a plan's tasks start (docs/equipment-tasks.md "Slots"). Factory time is China time,
 * UTC+8 all year (no daylight saving), so a factory day is a fixed span of UTC.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FACTORY_OFFSET = 8 * HOUR;

/** How far back a generation reaches: slots older than this before now are not made (docs). */
export const CATCH_UP_DAYS = 7;

export interface SlotPlan {
  /** checkFrequency: 0 per shift, 1 daily, 2 weekly, 3 monthly, 4 every intervalDays days. */
  frequency: number;
  intervalDays: number | null;
  /** HH:mm */
  slotTime: string;
  /** YYYY-MM-DD, factory days. */
  startDate: string;
  endDate: string | null;
}

/** Minutes after midnight of 'HH:mm'. */
const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
};

/** The factory day number (days since 1970-01-01 in factory time) of a date text or a moment. */
const dayOfDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d) / DAY;
};
const dayOfMoment = (at: Date) => Math.floor((at.getTime() + FACTORY_OFFSET) / DAY);

/** The moment a factory day's time of day (minutes) is. */
const momentOf = (day: number, minutes: number) => day * DAY - FACTORY_OFFSET + minutes * 60_000;

/** Whether the day is one of the plan's days (its start day, then every period after). */
function isPlanDay(plan: SlotPlan, day: number, startDay: number): boolean {
  const since = day - startDay;
  if (since < 0) return false;
  switch (plan.frequency) {
    case 2:
      return since % 7 === 0;
    case 3: {
      // the start date's day of the month, or the month's last day when it is shorter
      const start = new Date(startDay * DAY);
      const d = new Date(day * DAY);
      const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
      return d.getUTCDate() === Math.min(start.getUTCDate(), last);
    }
    case 4:
      return since % Math.max(1, plan.intervalDays ?? 1) === 0;
    default:
      return true;
  }
}

/**
 * The plan's slot starts after `after` (exclusive; from its start date when null) up to `until`
 * (inclusive), never earlier than `until` − CATCH_UP_DAYS, within its start and end dates, in
 * time order. Per-shift slots start at each of `shiftStarts` (HH:mm) every day; with no shift
 * they fall back to the plan's time of day.
 */
export function slotsOf(
  plan: SlotPlan,
  shiftStarts: readonly string[],
  after: Date | null,
  until: Date,
): Date[] {
  const startDay = dayOfDate(plan.startDate);
  const floor = Math.max(
    momentOf(startDay, 0),
    until.getTime() - CATCH_UP_DAYS * DAY,
    after ? after.getTime() + 1 : Number.NEGATIVE_INFINITY,
  );
  const end = Math.min(
    until.getTime(),
    plan.endDate ? momentOf(dayOfDate(plan.endDate) + 1, 0) - 1 : Number.POSITIVE_INFINITY,
  );
  if (floor > end) return [];
  const times = (plan.frequency === 0 && shiftStarts.length ? shiftStarts : [plan.slotTime])
    .map(minutesOf)
    .sort((a, b) => a - b);
  const slots: Date[] = [];
  for (let day = dayOfMoment(new Date(floor)) - 1; day <= dayOfMoment(new Date(end)); day++) {
    if (!isPlanDay(plan, day, startDay)) continue;
    for (const minutes of times) {
      const at = momentOf(day, minutes);
      if (at >= floor && at <= end) slots.push(new Date(at));
    }
  }
  return slots;
}
