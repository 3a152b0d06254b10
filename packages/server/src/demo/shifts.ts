import { workCalendar } from '../modules/plans/index.ts';
import { frequency } from '../modules/setting/index.ts';
import type { Tx } from '../platform/db.ts';

/** Three eight-hour shifts round the clock; 中班 ends at midnight, the next day's 00:00. */
export const demoShifts = [
  { name: '早班', startTime: '08:00', endTime: '16:00', remark: '白班，含午休30分钟' },
  { name: '中班', startTime: '16:00', endTime: '00:00', remark: '18:00 供应晚餐' },
  { name: '夜班', startTime: '00:00', endTime: '08:00', remark: '夜班津贴按天计' },
] as const;

/** Writes the shifts through the same service as the shift screen (codes by the numbering rule). */
export async function seedShifts(tx: Tx, adminId: number): Promise<number[]> {
  const ids: number[] = [];
  for (const s of demoShifts) ids.push(await frequency.create(tx, adminId, { ...s }));
  return ids;
}

/** The public holidays the factory rests (元旦, 劳动节, 国庆) over the demo's year and the months ahead. */
const HOLIDAYS: readonly (readonly [string, number, string])[] = [
  ['01-01', 1, '元旦'],
  ['05-01', 5, '劳动节'],
  ['10-01', 7, '国庆节'],
];

/** Writes the holidays through the work-calendar screen's service, from a year back to a quarter ahead. */
export async function seedHolidays(tx: Tx, adminId: number, now = Date.now()): Promise<void> {
  const from = now - 366 * 86_400_000;
  const to = now + 92 * 86_400_000;
  const year = new Date(now).getUTCFullYear();
  for (const y of [year - 1, year, year + 1])
    for (const [start, days, name] of HOLIDAYS)
      for (let i = 0; i < days; i++) {
        const day = new Date(Date.parse(`${y}-${start}T00:00:00Z`) + i * 86_400_000);
        if (day.getTime() < from || day.getTime() > to) continue;
        await workCalendar.create(tx, adminId, {
          day: day.toISOString().slice(0, 10),
          kind: 0,
          remark: `${name}放假`,
        });
      }
}
