import type { StateInput } from '@factory/shared/api/deviceParameters';
import { ingestStates, setRunHours } from '../modules/equipment/index.ts';
import type { Tx } from '../platform/db.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How a machine's day goes: [hour, minute, state] in factory time, Monday to Saturday. */
type Shape = readonly (readonly [number, number, number])[];

/** The air compressors run both shifts and idle over lunch, when the shop draws little air. */
const COMPRESSOR: Shape = [
  [7, 40, 1],
  [12, 0, 2],
  [12, 40, 1],
  [20, 10, 0],
];
/** The winders run the day and evening shifts with breaks; now and then a wire break stops one (alarm). */
const WINDER: Shape = [
  [8, 0, 1],
  [11, 50, 2],
  [13, 0, 1],
  [17, 0, 2],
  [18, 0, 1],
  [21, 30, 0],
];
/** The vacuum dryer runs a long drying cycle from the morning into the night. */
const DRYER: Shape = [
  [8, 30, 1],
  [23, 30, 2],
];

/** Machines with a state feed: name, the hour meter when the demo's fortnight starts, its day. */
const FED: readonly [string, number, Shape][] = [
  ['1#螺杆空压机', 4880, COMPRESSOR],
  ['2#螺杆空压机', 12_260, COMPRESSOR],
  ['1#立式绕线机', 9120.5, WINDER],
  ['2#立式绕线机', 8433, WINDER],
  ['3#立式绕线机', 10_276.5, WINDER],
  ['1#真空干燥罐', 15_302, DRYER],
];

/** Upkeep by run hours (保养 every 500 hours on the compressors' counters). */
export const RUN_HOUR_PLAN = {
  name: '螺杆空压机500小时保养',
  machine: '螺杆空压机',
  items: ['BY-KY-01', 'BY-KY-02'],
  intervalHours: 500,
  windowHours: 72,
};

type Machine = { id: number; code: string | null; name: string };

/**
 * The machine state feed of the transformer works' compressors, winders and dryer, as their
 * gateways would have sent it: `start` sets their hour meters as read on the first morning; then
 * each day's reports go in through the same ingestion as the MQTT feed, up to `upTo`, so the
 * run-hour upkeep plan sees the counters grow day by day.
 */
export function machineFeed(tx: Tx, adminId: number, machines: readonly Machine[], random: () => number) {
  const fed = FED.flatMap(([name, hours, shape]) => {
    const m = machines.find((x) => x.name === name);
    return m?.code ? [{ ...m, code: m.code, hours, shape }] : [];
  });
  return {
    async start(at: number) {
      for (const m of fed) await setRunHours(tx, adminId, m.id, m.hours, new Date(at));
    },
    async day(day: number, upTo: number) {
      // Sunday (the factory day's weekday) the works stand still: the machines stay off
      if (new Date(day * DAY).getUTCDay() === 0) return;
      const reports: StateInput[] = [];
      for (const m of fed) {
        const jitter = Math.floor(random() * 12);
        for (const [h, min, state] of m.shape)
          reports.push({
            equipmentCode: m.code,
            ts: day * DAY - 8 * HOUR + (h * 60 + min + jitter) * MINUTE,
            state,
          });
        // a winder stops on a wire break one day in four, for a quarter of an hour
        if (m.shape === WINDER && random() < 0.25) {
          const at = day * DAY - 8 * HOUR + (14 * 60 + Math.floor(random() * 120)) * MINUTE;
          reports.push(
            { equipmentCode: m.code, ts: at, state: 3 },
            { equipmentCode: m.code, ts: at + 15 * MINUTE, state: 1 },
          );
        }
      }
      const due = reports.filter((r) => (r.ts ?? 0) <= upTo);
      if (due.length) await ingestStates(tx, due, new Date(upTo));
    },
  };
}
