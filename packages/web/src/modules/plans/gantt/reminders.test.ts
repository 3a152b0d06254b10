import type { GanttBlock } from '@factory/shared/api/producePlan';
import { describe, expect, it } from 'vitest';
import {
  dragStart,
  findBlock,
  hasWarnings,
  isLocked,
  newest,
  productOf,
  scheduleReminders,
} from './reminders.ts';

const block = (id: number, more: Partial<GanttBlock> = {}): GanttBlock => ({
  id,
  name: `PL00${id} 电机定子`,
  code: `PL00${id}`,
  orderCode: `MO00${id}`,
  areaId: 1,
  quantity: 10,
  version: 1,
  start: '2026-11-27 08:00:00',
  end: '2026-11-27 12:00:00',
  planStartTime: '2026-11-27 08:00:00',
  minTime: null,
  maxTime: null,
  actualStartTime: null,
  isPlan: 1,
  produceStatus: 0,
  isLocked: 0,
  warnings: [],
  ...more,
});

describe('scheduleReminders', () => {
  it('lists the drawn blocks with warnings by start, with their line', () => {
    const rows = [
      {
        id: 1,
        name: '总装一线',
        gtArray: [
          block(1, { start: '2026-11-27 10:00:00', warnings: ['物料未备齐'] }),
          block(2, { warnings: [] }),
          // not drawn: finished, or not scheduled
          block(3, { produceStatus: 2, warnings: ['晚于交货日期'] }),
          block(4, { isPlan: 0, warnings: ['晚于交货日期'] }),
          // no times: not drawn either
          block(5, { start: null, planStartTime: null, warnings: ['晚于交货日期'] }),
        ],
      },
      {
        id: 2,
        name: '总装二线',
        gtArray: [
          block(7, { start: '2026-11-27 06:00:00', warnings: ['工位“总装工位1”时间冲突', '晚于交货日期'] }),
          block(6, { start: '2026-11-27 10:00:00', warnings: ['晚于交货日期'] }),
        ],
      },
    ];
    expect(scheduleReminders(rows).map((r) => [r.block.code, r.lineName, r.block.warnings])).toEqual([
      ['PL007', '总装二线', ['工位“总装工位1”时间冲突', '晚于交货日期']],
      ['PL001', '总装一线', ['物料未备齐']],
      ['PL006', '总装二线', ['晚于交货日期']],
    ]);
  });

  it('sorts a block started late by its actual start, as drawn', () => {
    const rows = [
      {
        id: 1,
        name: '一线',
        gtArray: [
          block(1, { actualStartTime: '2026-11-27 11:00:00', produceStatus: 1, warnings: ['晚于交货日期'] }),
          block(2, { start: '2026-11-27 09:00:00', warnings: ['物料未备齐'] }),
        ],
      },
    ];
    expect(scheduleReminders(rows).map((r) => r.block.id)).toEqual([2, 1]);
  });

  it('is empty without warnings', () => {
    expect(scheduleReminders([{ id: 1, name: '一线', gtArray: [block(1)] }])).toEqual([]);
  });
});

describe('block helpers', () => {
  it('tells locked blocks, warned blocks and the product', () => {
    expect(isLocked(block(1, { isLocked: 1 }))).toBe(true);
    expect(isLocked(block(1))).toBe(false);
    expect(hasWarnings(block(1, { warnings: ['物料未备齐'] }))).toBe(true);
    expect(hasWarnings(block(1))).toBe(false);
    expect(productOf(block(1))).toBe('电机定子');
    expect(productOf({ code: 'PL1', name: '电机' })).toBe('电机');
  });

  it('finds a block by id in the rows', () => {
    const rows = [{ gtArray: [block(1)] }, { gtArray: [block(2, { version: 5 })] }];
    expect(findBlock(rows, 2)?.version).toBe(5);
    expect(findBlock(rows, 9)).toBeUndefined();
    expect(findBlock(rows, undefined)).toBeUndefined();
  });

  it('keeps the newer read of a plan', () => {
    const read = block(1, { version: 3 });
    const saved = block(1, { version: 4, isLocked: 1 });
    expect(newest(read, saved)).toBe(saved);
    expect(newest(block(1, { version: 5 }), saved)?.version).toBe(5);
    expect(newest(undefined, saved)).toBe(saved);
    expect(newest(read, undefined)).toBe(read);
  });
});

describe('dragStart', () => {
  const free = block(1);
  const locked = block(2, { isLocked: 1 });
  it('drags an unlocked, unstarted plan past the wobble', () => {
    expect(dragStart(free, true, true)).toBe('drag');
    expect(dragStart(free, false, true)).toBe('click');
  });
  it('refuses a locked plan with the hint, and only to a planner who may move', () => {
    expect(dragStart(locked, true, true)).toBe('locked');
    expect(dragStart(locked, false, true)).toBe('click');
    expect(dragStart(locked, true, false)).toBe('click');
  });
  it('keeps a started plan a click', () => {
    expect(dragStart(block(3, { produceStatus: 1 }), true, true)).toBe('click');
    expect(dragStart(block(3, { produceStatus: 1, isLocked: 1 }), true, true)).toBe('click');
  });
});
