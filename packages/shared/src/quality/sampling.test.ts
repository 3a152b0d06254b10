import { describe, expect, it } from 'vitest';
import {
  AQL_VALUES,
  type CodeLetter,
  codeLetterOf,
  type InspectionLevel,
  lotVerdict,
  SamplingError,
  sampleSizeOf,
  samplingPlan,
} from './sampling.ts';

// Every expected value below is read off GB/T 2828.1-2012 Table 1 and Table 2-A (= ISO 2859-1),
// following the printed arrows by hand.

const plan = (codeLetter: CodeLetter, sampleSize: number, accept: number, reject: number, full = false) => ({
  codeLetter,
  sampleSize,
  accept,
  reject,
  fullInspection: full,
});

function failure(run: () => unknown): SamplingError {
  try {
    run();
  } catch (e) {
    if (e instanceof SamplingError) return e;
    throw e;
  }
  throw new Error('no SamplingError thrown');
}

describe('Table 1: lot size → code letter', () => {
  it.each([
    [2, 'A'],
    [8, 'A'],
    [9, 'B'],
    [15, 'B'],
    [16, 'C'],
    [25, 'C'],
    [26, 'D'],
    [50, 'D'],
    [51, 'E'],
    [90, 'E'],
    [91, 'F'],
    [150, 'F'],
    [151, 'G'],
    [280, 'G'],
    [281, 'H'],
    [500, 'H'],
    [501, 'J'],
    [1200, 'J'],
    [1201, 'K'],
    [3200, 'K'],
    [3201, 'L'],
    [10000, 'L'],
    [10001, 'M'],
    [35000, 'M'],
    [35001, 'N'],
    [150000, 'N'],
    [150001, 'P'],
    [500000, 'P'],
    [500001, 'Q'],
    [5_000_000, 'Q'],
  ])('level II: lot %i → %s', (lot, letter) => {
    expect(codeLetterOf(lot)).toBe(letter);
  });

  it.each([
    [1000, 'S-1', 'C'],
    [1000, 'S-2', 'C'],
    [1000, 'S-3', 'E'],
    [1000, 'S-4', 'F'],
    [1000, 'I', 'G'],
    [1000, 'III', 'K'],
    [8, 'III', 'B'],
    [20, 'S-3', 'B'],
    [40, 'S-1', 'A'],
    [100, 'S-4', 'D'],
    [600_000, 'S-1', 'D'],
    [600_000, 'S-3', 'H'],
    [600_000, 'I', 'N'],
    [600_000, 'III', 'R'],
  ] as [number, InspectionLevel, CodeLetter][])('lot %i at level %s → %s', (lot, level, letter) => {
    expect(codeLetterOf(lot, level)).toBe(letter);
  });
});

describe('Table 2-A: single sampling, normal inspection, level II', () => {
  it('lists the 26 AQL columns', () => {
    expect(AQL_VALUES).toEqual([
      0.01, 0.015, 0.025, 0.04, 0.065, 0.1, 0.15, 0.25, 0.4, 0.65, 1, 1.5, 2.5, 4, 6.5, 10, 15, 25, 40, 65,
      100, 150, 250, 400, 650, 1000,
    ]);
  });

  it('lot 1 000 → J, n 80, and the arrows around it', () => {
    expect(samplingPlan(1000, 1.0)).toEqual(plan('J', 80, 2, 3));
    expect(samplingPlan(1000, 0.65)).toEqual(plan('J', 80, 1, 2));
    expect(samplingPlan(1000, 2.5)).toEqual(plan('J', 80, 5, 6));
    expect(samplingPlan(1000, 4.0)).toEqual(plan('J', 80, 7, 8));
    expect(samplingPlan(1000, 15)).toEqual(plan('J', 80, 21, 22));
    expect(samplingPlan(1000, 0.15)).toEqual(plan('J', 80, 0, 1));
    // ↑ to H
    expect(samplingPlan(1000, 0.25)).toEqual(plan('H', 50, 0, 1));
    // ↓ to K
    expect(samplingPlan(1000, 0.4)).toEqual(plan('K', 125, 1, 2));
    // ↑ past the 21/22 diagonal to H's 21/22
    expect(samplingPlan(1000, 25)).toEqual(plan('H', 50, 21, 22));
  });

  it('small lots: A, B, D', () => {
    expect(samplingPlan(5, 6.5)).toEqual(plan('A', 2, 0, 1));
    expect(samplingPlan(5, 4.0)).toEqual(plan('B', 3, 0, 1));
    expect(samplingPlan(12, 6.5)).toEqual(plan('A', 2, 0, 1));
    // D at AQL 2.5 is ↑ (to C's 0/1), at 4.0 ↓ (to E's 1/2)
    expect(samplingPlan(50, 2.5)).toEqual(plan('C', 5, 0, 1));
    expect(samplingPlan(50, 4.0)).toEqual(plan('E', 13, 1, 2));
    expect(samplingPlan(50, 6.5)).toEqual(plan('D', 8, 1, 2));
  });

  it('large lots: L, P, Q', () => {
    expect(samplingPlan(10000, 1.0)).toEqual(plan('L', 200, 5, 6));
    expect(samplingPlan(500000, 0.1)).toEqual(plan('P', 800, 2, 3));
    expect(samplingPlan(500000, 0.015)).toEqual(plan('P', 800, 0, 1));
    expect(samplingPlan(600000, 0.01)).toEqual(plan('Q', 1250, 0, 1));
    expect(samplingPlan(600000, 0.025)).toEqual(plan('R', 2000, 1, 2));
    expect(samplingPlan(600000, 1.0)).toEqual(plan('Q', 1250, 21, 22));
  });

  // one lot per code letter (the top of its range) × AQL 1.0, 2.5, 4.0, 6.5
  it.each([
    [8, [plan('E', 8, 0, 1, true), plan('C', 5, 0, 1), plan('B', 3, 0, 1), plan('A', 2, 0, 1)]],
    [15, [plan('E', 13, 0, 1), plan('C', 5, 0, 1), plan('B', 3, 0, 1), plan('A', 2, 0, 1)]],
    [25, [plan('E', 13, 0, 1), plan('C', 5, 0, 1), plan('B', 3, 0, 1), plan('D', 8, 1, 2)]],
    [50, [plan('E', 13, 0, 1), plan('C', 5, 0, 1), plan('E', 13, 1, 2), plan('D', 8, 1, 2)]],
    [90, [plan('E', 13, 0, 1), plan('F', 20, 1, 2), plan('E', 13, 1, 2), plan('E', 13, 2, 3)]],
    [150, [plan('E', 13, 0, 1), plan('F', 20, 1, 2), plan('F', 20, 2, 3), plan('F', 20, 3, 4)]],
    [280, [plan('H', 50, 1, 2), plan('G', 32, 2, 3), plan('G', 32, 3, 4), plan('G', 32, 5, 6)]],
    [500, [plan('H', 50, 1, 2), plan('H', 50, 3, 4), plan('H', 50, 5, 6), plan('H', 50, 7, 8)]],
    [1200, [plan('J', 80, 2, 3), plan('J', 80, 5, 6), plan('J', 80, 7, 8), plan('J', 80, 10, 11)]],
    [3200, [plan('K', 125, 3, 4), plan('K', 125, 7, 8), plan('K', 125, 10, 11), plan('K', 125, 14, 15)]],
    [10000, [plan('L', 200, 5, 6), plan('L', 200, 10, 11), plan('L', 200, 14, 15), plan('L', 200, 21, 22)]],
    [35000, [plan('M', 315, 7, 8), plan('M', 315, 14, 15), plan('M', 315, 21, 22), plan('L', 200, 21, 22)]],
    [
      150000,
      [plan('N', 500, 10, 11), plan('N', 500, 21, 22), plan('M', 315, 21, 22), plan('L', 200, 21, 22)],
    ],
    [
      500000,
      [plan('P', 800, 14, 15), plan('N', 500, 21, 22), plan('M', 315, 21, 22), plan('L', 200, 21, 22)],
    ],
    [
      600000,
      [plan('Q', 1250, 21, 22), plan('N', 500, 21, 22), plan('M', 315, 21, 22), plan('L', 200, 21, 22)],
    ],
  ])('lot %i at AQL 1.0, 2.5, 4.0, 6.5', (lot, plans) => {
    expect([1.0, 2.5, 4.0, 6.5].map((aql) => samplingPlan(lot, aql))).toEqual(plans);
  });

  it('the upper right corner: Ac 30 and 44 only for A–D', () => {
    expect(samplingPlan(8, 1000)).toEqual(plan('A', 2, 30, 31));
    expect(samplingPlan(15, 1000)).toEqual(plan('B', 3, 44, 45));
    expect(samplingPlan(25, 650)).toEqual(plan('C', 5, 44, 45));
    expect(samplingPlan(25, 1000)).toEqual(plan('B', 3, 44, 45));
    expect(samplingPlan(50, 250)).toEqual(plan('D', 8, 30, 31));
    expect(samplingPlan(50, 400)).toEqual(plan('D', 8, 44, 45));
    expect(samplingPlan(90, 100)).toEqual(plan('E', 13, 21, 22));
    expect(samplingPlan(90, 150)).toEqual(plan('D', 8, 21, 22));
    expect(samplingPlan(90, 250)).toEqual(plan('D', 8, 30, 31));
    expect(samplingPlan(150, 100)).toEqual(plan('E', 13, 21, 22));
  });

  it('arrows pointing off the table turn back within the column', () => {
    // A at AQL 10 is ↑ with no row above: B is ↓, C has 1/2
    expect(samplingPlan(8, 10)).toEqual(plan('C', 5, 1, 2));
    expect(samplingPlan(8, 15)).toEqual(plan('B', 3, 1, 2));
    // R at AQL 0.015 is ↓ with no row below: Q is ↑, P has 0/1
    expect(samplingPlan(600000, 0.015, 'III')).toEqual(plan('P', 800, 0, 1));
    expect(samplingPlan(600000, 0.01, 'III')).toEqual(plan('Q', 1250, 0, 1));
  });

  it('a sample reaching the lot inspects the whole lot with the cell’s Ac/Re', () => {
    expect(samplingPlan(1000, 0.01)).toEqual(plan('Q', 1000, 0, 1, true));
    expect(samplingPlan(5, 1.0)).toEqual(plan('E', 5, 0, 1, true));
    expect(samplingPlan(13, 1.0)).toEqual(plan('E', 13, 0, 1, true));
    expect(samplingPlan(14, 1.0)).toEqual(plan('E', 13, 0, 1));
    expect(samplingPlan(2, 6.5)).toEqual(plan('A', 2, 0, 1, true));
  });

  it('other levels use the same Table 2-A', () => {
    expect(samplingPlan(1000, 1.0, 'III')).toEqual(plan('K', 125, 3, 4));
    // G at AQL 1.0 is ↓ to H
    expect(samplingPlan(1000, 1.0, 'I')).toEqual(plan('H', 50, 1, 2));
    expect(samplingPlan(1000, 2.5, 'S-4')).toEqual(plan('F', 20, 1, 2));
    expect(samplingPlan(1000, 2.5, 'S-1')).toEqual(plan('C', 5, 0, 1));
  });
});

describe('lotVerdict', () => {
  it('accepts at Ac and rejects at Re', () => {
    const j = samplingPlan(1000, 1.0);
    expect(lotVerdict(0, j)).toBe(0);
    expect(lotVerdict(2, j)).toBe(0);
    expect(lotVerdict(3, j)).toBe(1);
    expect(lotVerdict(7, j)).toBe(1);
    const h = samplingPlan(1000, 0.25);
    expect(lotVerdict(0, h)).toBe(0);
    expect(lotVerdict(1, h)).toBe(1);
    const b = samplingPlan(15, 1000);
    expect(lotVerdict(44, b)).toBe(0);
    expect(lotVerdict(45, b)).toBe(1);
  });

  it('refuses a count that is not a non-negative integer', () => {
    expect(failure(() => lotVerdict(-1, { accept: 0, reject: 1 })).message).toBe('不合格品数应为非负整数');
    expect(failure(() => lotVerdict(1.5, { accept: 0, reject: 1 })).field).toBe('defectives');
  });
});

describe('sampleSizeOf: every sampling mode', () => {
  const none = (sampleSize: number, full = false) => ({
    codeLetter: null,
    sampleSize,
    accept: 0,
    reject: 1,
    fullInspection: full,
  });

  it('0 full: the lot, any defective rejects', () => {
    expect(sampleSizeOf(0, { lotSize: 37 })).toEqual(none(37, true));
    expect(sampleSizeOf(0, { lotSize: 1 })).toEqual(none(1, true));
  });

  it('1 fixed n, capped at the lot', () => {
    expect(sampleSizeOf(1, { lotSize: 37, fixed: 5 })).toEqual(none(5));
    expect(sampleSizeOf(1, { lotSize: 37, fixed: 37 })).toEqual(none(37, true));
    expect(sampleSizeOf(1, { lotSize: 37, fixed: 50 })).toEqual(none(37, true));
  });

  it('2 percent, rounded up, at least 1, capped', () => {
    expect(sampleSizeOf(2, { lotSize: 37, percent: 10 })).toEqual(none(4));
    expect(sampleSizeOf(2, { lotSize: 200, percent: 2.5 })).toEqual(none(5));
    expect(sampleSizeOf(2, { lotSize: 37, percent: 1 })).toEqual(none(1));
    expect(sampleSizeOf(2, { lotSize: 10000, percent: 0.07 })).toEqual(none(7));
    expect(sampleSizeOf(2, { lotSize: 37, percent: 100 })).toEqual(none(37, true));
  });

  it('3 AQL: the table', () => {
    expect(sampleSizeOf(3, { lotSize: 1000, aql: 1.0 })).toEqual(plan('J', 80, 2, 3));
    expect(sampleSizeOf(3, { lotSize: 1000, aql: 1.0, level: 'III' })).toEqual(plan('K', 125, 3, 4));
  });
});

describe('errors a form can show', () => {
  it.each([
    [() => samplingPlan(1, 1.0), 'lotSize', '批量应为不小于2的整数'],
    [() => samplingPlan(0, 1.0), 'lotSize', '批量应为不小于2的整数'],
    [() => samplingPlan(100.5, 1.0), 'lotSize', '批量应为不小于2的整数'],
    [() => samplingPlan(1000, 0.5), 'aql', 'AQL 值不在 GB/T 2828.1 表中'],
    [() => samplingPlan(1000, 2000), 'aql', 'AQL 值不在 GB/T 2828.1 表中'],
    [() => samplingPlan(1000, 1.0, 'IV' as InspectionLevel), 'level', '检验水平无效'],
    [() => sampleSizeOf(3, { lotSize: 1000 }), 'aql', '请选择 AQL 值'],
    [() => sampleSizeOf(0, { lotSize: 0 }), 'lotSize', '批量应为正整数'],
    [() => sampleSizeOf(1, { lotSize: 10 }), 'fixed', '样本量应为正整数'],
    [() => sampleSizeOf(1, { lotSize: 10, fixed: 0 }), 'fixed', '样本量应为正整数'],
    [() => sampleSizeOf(2, { lotSize: 10, percent: 0 }), 'percent', '抽样比例应大于0且不大于100'],
    [() => sampleSizeOf(2, { lotSize: 10, percent: 120 }), 'percent', '抽样比例应大于0且不大于100'],
    [() => sampleSizeOf(4 as 0, { lotSize: 10 }), 'mode', '抽样方式无效'],
  ])('%#', (run, field, message) => {
    const e = failure(run);
    expect(e.field).toBe(field);
    expect(e.message).toBe(message);
  });
});
