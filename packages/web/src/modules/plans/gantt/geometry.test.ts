import type { GanttBlock } from '@factory/shared/api/producePlan';
import { describe, expect, it } from 'vitest';
import {
  bandLabel,
  blockAt,
  blockSpan,
  CELL_HEIGHT,
  CELL_WIDTH,
  cellLabel,
  checkScale,
  DEFAULT_SCALE,
  dropStart,
  formatTime,
  isDrawn,
  layoutRows,
  NOW_TICK_MS,
  overlapLevels,
  parseTime,
  rowHeight,
  rowIndexAt,
  SCROLLBAR,
  TITLE_HEIGHT,
  TITLE_WIDTH,
  timeToX,
  visibleRows,
  wallClock,
  xToTime,
} from './geometry.ts';

const t = (text: string) => parseTime(text) as number;
const block = (id: number, start: string, end: string, more: Partial<GanttBlock> = {}): GanttBlock => ({
  id,
  name: `PL${id} 电机定子`,
  code: `PL${id}`,
  orderCode: `MO${id}`,
  areaId: 1,
  quantity: 10,
  version: 1,
  start,
  end,
  planStartTime: start,
  minTime: null,
  maxTime: null,
  actualStartTime: null,
  isPlan: 1,
  produceStatus: 0,
  isLocked: 0,
  warnings: [],
  ...more,
});

describe('the Gantt geometry', () => {
  it('keeps the spec’s sizes', () => {
    expect([CELL_WIDTH, CELL_HEIGHT, TITLE_HEIGHT, TITLE_WIDTH]).toEqual([70, 46, 40, 250]);
    expect([DEFAULT_SCALE, SCROLLBAR, NOW_TICK_MS]).toEqual([60, 17, 1000]);
  });

  it('takes the named scales and whole days, and refuses anything else', () => {
    for (const s of [60, 1440, 10080, 43200, 525600, 2880, 4320]) expect(checkScale(s)).toBe(s);
    for (const s of [0, 30, 120, 100, -1440, 1440.5, 720, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => checkScale(s), String(s)).toThrow(RangeError);
  });

  it('reads and writes factory times on a wall clock without zones', () => {
    expect(t('2026-11-26 08:30:00') - t('2026-11-26 00:00:00')).toBe(510 * 60_000);
    expect(formatTime(t('2026-11-26 08:30:15'))).toBe('2026-11-26 08:30:15');
    expect(parseTime(null)).toBeNull();
    expect(parseTime('26.11.2026')).toBeNull();
    // now as the factory's clock shows it, whatever the browser's zone
    expect(formatTime(wallClock(new Date('2026-11-26T01:05:07Z')))).toBe('2026-11-26 09:05:07');
  });

  it('places x = (time − view start) / scale × 70', () => {
    const view = t('2026-11-26 00:00:00');
    // 8.5 hour cells
    expect(timeToX(t('2026-11-26 08:30:00'), view, 60)).toBe(595);
    // 2.5 day cells
    expect(timeToX(t('2026-11-28 12:00:00'), view, 1440)).toBe(175);
    // one week cell is 70 px
    expect(timeToX(t('2026-12-03 00:00:00'), view, 10080)).toBe(70);
    expect(xToTime(595, view, 60)).toBe(t('2026-11-26 08:30:00'));
  });

  it('draws neither completed nor unscheduled plans', () => {
    expect(isDrawn({ produceStatus: 0, isPlan: 1 })).toBe(true);
    expect(isDrawn({ produceStatus: 1, isPlan: 1 })).toBe(true);
    expect(isDrawn({ produceStatus: 2, isPlan: 1 })).toBe(false);
    expect(isDrawn({ produceStatus: 0, isPlan: 0 })).toBe(false);
  });

  it('places a late-started plan at its actual start with its planned duration', () => {
    const planned = block(1, '2026-11-26 08:00:00', '2026-11-26 10:00:00');
    const span = (b: GanttBlock) => {
      const s = blockSpan(b);
      return s && [formatTime(s.start), formatTime(s.end)];
    };
    expect(span(planned)).toEqual(['2026-11-26 08:00:00', '2026-11-26 10:00:00']);
    expect(span({ ...planned, actualStartTime: '2026-11-26 09:30:00', produceStatus: 1 })).toEqual([
      '2026-11-26 09:30:00',
      '2026-11-26 11:30:00',
    ]);
    // started early: still drawn where planned
    expect(span({ ...planned, actualStartTime: '2026-11-26 07:00:00', produceStatus: 1 })).toEqual([
      '2026-11-26 08:00:00',
      '2026-11-26 10:00:00',
    ]);
    expect(span({ ...planned, start: null, planStartTime: null })).toBeNull();
  });

  it('gives each block the lowest level free at its start', () => {
    // A 0–10 → 0; B 5–15 → 1; C 10–20 → 0 (A has ended); D 12–14 → 2; E 20–30 → 0
    const spans = [
      { start: 0, end: 10 },
      { start: 5, end: 15 },
      { start: 10, end: 20 },
      { start: 12, end: 14 },
      { start: 20, end: 30 },
    ];
    expect(overlapLevels(spans)).toEqual([0, 1, 0, 2, 0]);
    // the same in another order: the same levels
    expect(overlapLevels([spans[4], spans[3], spans[2], spans[1], spans[0]])).toEqual([0, 2, 0, 1, 0]);
    // equal starts: the shorter first, then by position
    expect(
      overlapLevels([
        { start: 0, end: 10 },
        { start: 0, end: 5 },
        { start: 0, end: 5 },
      ]),
    ).toEqual([2, 0, 1]);
    expect(overlapLevels([])).toEqual([]);
  });

  it('grows a row 18 px a level plus 14, never below a cell', () => {
    expect([0, 1, 2, 3, 10].map(rowHeight)).toEqual([46, 46, 50, 68, 194]);
  });

  it('lays out rows with their levels, leaves out hidden plans and marks late ones', () => {
    const { rows, height } = layoutRows([
      {
        id: 1,
        name: '总装一线',
        gtArray: [
          block(1, '2026-11-26 08:00:00', '2026-11-26 12:00:00', { maxTime: '2026-11-26 11:00:00' }),
          block(2, '2026-11-26 09:00:00', '2026-11-26 10:00:00', { maxTime: '2026-11-30 17:00:00' }),
          block(3, '2026-11-26 09:30:00', '2026-11-26 11:00:00'),
          block(4, '2026-11-26 09:00:00', '2026-11-26 13:00:00', { produceStatus: 2 }),
          block(5, '2026-11-26 09:00:00', '2026-11-26 13:00:00', { isPlan: 0 }),
        ],
      },
      { id: 2, name: '总装二线', gtArray: [] },
    ]);
    expect(rows.map((r) => [r.top, r.height, r.levels])).toEqual([
      [0, 68, 3],
      [68, 46, 0],
    ]);
    expect(height).toBe(114);
    expect(rows[0].blocks.map((b) => [b.block.id, b.level, b.late])).toEqual([
      [1, 0, true],
      [2, 1, false],
      [3, 2, false],
    ]);

    expect([0, 67, 68, 113, 114, -1].map((y) => rowIndexAt(rows, y))).toEqual([0, 0, 1, 1, -1, -1]);
    expect(visibleRows(rows, 0, 60)).toEqual([0, 0]);
    expect(visibleRows(rows, 50, 500)).toEqual([0, 1]);
    expect(visibleRows([], 0, 500)).toEqual([0, -1]);

    // levels of a 68 px row start at 7: level 0 is y 7–25, level 1 is 25–43
    const view = t('2026-11-26 00:00:00');
    const x = timeToX(t('2026-11-26 09:45:00'), view, 60);
    expect(blockAt(rows[0], x, 10, view, 60)?.block.id).toBe(1);
    expect(blockAt(rows[0], x, 30, view, 60)?.block.id).toBe(2);
    expect(blockAt(rows[0], x, 50, view, 60)?.block.id).toBe(3);
    expect(blockAt(rows[0], x, 2, view, 60)).toBeUndefined();
    expect(blockAt(rows[0], timeToX(t('2026-11-26 12:30:00'), view, 60), 10, view, 60)).toBeUndefined();
  });

  it('snaps a drop to a twelfth of a cell, never before the earliest allowed start', () => {
    const placed = { start: t('2026-11-26 08:00:00'), block: { minTime: '2026-11-26 07:00:00' } };
    // 35 px of a 60-minute cell: 30 minutes
    expect(formatTime(dropStart(placed, 35, 60))).toBe('2026-11-26 08:30:00');
    // 10 px: 8.57 minutes, snapped to 10
    expect(formatTime(dropStart(placed, 10, 60))).toBe('2026-11-26 08:10:00');
    // day cells snap to 2 hours: 50 px is 17.1 hours → 18
    expect(formatTime(dropStart(placed, 50, 1440))).toBe('2026-11-27 02:00:00');
    // before now: the first snap at or after it
    expect(formatTime(dropStart({ ...placed, block: { minTime: '2026-11-26 09:02:00' } }, 0, 60))).toBe(
      '2026-11-26 09:05:00',
    );
  });

  it('labels the ruler by the scale', () => {
    const at = t('2026-11-26 08:00:00');
    expect([cellLabel(at, 60), bandLabel(at, 60)]).toEqual(['08:00', '2026-11-26']);
    expect([cellLabel(at, 1440), bandLabel(at, 1440)]).toEqual(['11-26', '2026-11']);
    expect([cellLabel(at, 10080), bandLabel(at, 10080)]).toEqual(['11-26', '2026']);
    expect([cellLabel(at, 525600), bandLabel(at, 525600)]).toEqual(['11-26', '2026']);
  });
});
