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
