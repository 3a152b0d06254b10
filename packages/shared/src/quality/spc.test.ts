import { describe, expect, it } from 'vitest';
import { capabilityGrade, nelsonFlags, xbarRChart } from './spc.ts';

/**
 * Montgomery, Introduction to Statistical Quality Control: the piston-ring inside diameters
 * (mm), 25 subgroups of 5 to set the limits and 15 more taken afterwards (R's qcc `pistonrings`).
 * Published: X̄̄ 74.00118, R̄ 0.02276, X̄ chart 73.98805–74.0143, R chart 0–0.04812; with the
 * specification 74.000 ± 0.05 mm, Cp 1.70 and Cpk 1.66; of the later subgroups 37, 38 and 39 plot
 * above the upper limit.
 */
const PISTON_RINGS = [
  [74.03, 74.002, 74.019, 73.992, 74.008],
  [73.995, 73.992, 74.001, 74.011, 74.004],
  [73.988, 74.024, 74.021, 74.005, 74.002],
  [74.002, 73.996, 73.993, 74.015, 74.009],
  [73.992, 74.007, 74.015, 73.989, 74.014],
  [74.009, 73.994, 73.997, 73.985, 73.993],
  [73.995, 74.006, 73.994, 74.0, 74.005],
  [73.985, 74.003, 73.993, 74.015, 73.988],
  [74.008, 73.995, 74.009, 74.005, 74.004],
  [73.998, 74.0, 73.99, 74.007, 73.995],
  [73.994, 73.998, 73.994, 73.995, 73.99],
  [74.004, 74.0, 74.007, 74.0, 73.996],
  [73.983, 74.002, 73.998, 73.997, 74.012],
  [74.006, 73.967, 73.994, 74.0, 73.984],
  [74.012, 74.014, 73.998, 73.999, 74.007],
  [74.0, 73.984, 74.005, 73.998, 73.996],
  [73.994, 74.012, 73.986, 74.005, 74.007],
  [74.006, 74.01, 74.018, 74.003, 74.0],
  [73.984, 74.002, 74.003, 74.005, 73.997],
  [74.0, 74.01, 74.013, 74.02, 74.003],
  [73.988, 74.001, 74.009, 74.005, 73.996],
  [74.004, 73.999, 73.99, 74.006, 74.009],
  [74.01, 73.989, 73.99, 74.009, 74.014],
  [74.015, 74.008, 73.993, 74.0, 74.01],
  [73.982, 73.984, 73.995, 74.017, 74.013],
  [74.012, 74.015, 74.03, 73.986, 74.0],
  [73.995, 74.01, 73.99, 74.015, 74.001],
  [73.987, 73.999, 73.985, 74.0, 73.99],
  [74.008, 74.01, 74.003, 73.991, 74.006],
  [74.003, 74.0, 74.001, 73.986, 73.997],
  [73.994, 74.003, 74.015, 74.02, 74.004],
  [74.008, 74.002, 74.018, 73.995, 74.005],
  [74.001, 74.004, 73.99, 73.996, 73.998],
  [74.015, 74.0, 74.016, 74.025, 74.0],
  [74.03, 74.005, 74.0, 74.016, 74.012],
  [74.001, 73.99, 73.995, 74.01, 74.024],
  [74.015, 74.02, 74.024, 74.005, 74.019],
  [74.035, 74.01, 74.012, 74.015, 74.026],
  [74.017, 74.013, 74.036, 74.025, 74.026],
  [74.01, 74.005, 74.029, 74.0, 74.02],
];
const SPEC = { lower: 73.95, upper: 74.05 };

describe('X̄–R chart', () => {
  it('sets the limits of the textbook example from its first 25 subgroups', () => {
    const c = xbarRChart(PISTON_RINGS.slice(0, 25), SPEC);
    expect(c.subgroupSize).toBe(5);
    expect(c.xbar.center).toBeCloseTo(74.00118, 5);
    expect(c.r.center).toBeCloseTo(0.02276, 5);
    expect(c.xbar.ucl).toBeCloseTo(74.0143, 4);
    expect(c.xbar.lcl).toBeCloseTo(73.98805, 4);
    expect(c.r.ucl).toBeCloseTo(0.04812, 4);
    expect(c.r.lcl).toBe(0);
    expect(c.cp).toBeCloseTo(1.7, 2);
    expect(c.cpk).toBeCloseTo(1.66, 2);
    expect(c.grade).toBe('A');
    // in control: nothing beyond the limits, no runs
    expect(c.flags).toEqual([]);
  });

  it('judges later subgroups against the limits fixed before them: 37, 38 and 39 above the upper limit', () => {
    const c = xbarRChart(PISTON_RINGS, SPEC, 25);
    expect(c.xbar.ucl).toBeCloseTo(74.0143, 4);
    expect(c.flags.filter((f) => f.rule === 1).map((f) => [f.chart, f.index + 1])).toEqual([
      ['xbar', 37],
      ['xbar', 38],
      ['xbar', 39],
    ]);
  });

  it('gives Cpk from the one limit there is, and no Cp without both', () => {
    const c = xbarRChart(PISTON_RINGS.slice(0, 25), { upper: 74.05 });
    expect(c.cp).toBeNull();
    expect(c.cpk).toBeCloseTo((74.05 - 74.00118) / (3 * (0.02276 / 2.326)), 2);
    expect(xbarRChart(PISTON_RINGS.slice(0, 25)).cpk).toBeNull();
  });

  it('refuses data that cannot make a chart', () => {
    expect(() => xbarRChart([[1, 2]])).toThrow('至少需要 2 个子组才能计算控制限');
    expect(() => xbarRChart([[1], [2]])).toThrow('子组大小应在 2–10 之间');
    expect(() =>
      xbarRChart([
        [1, 2, 3],
        [4, 5],
      ]),
    ).toThrow('各子组的样本数应相同');
    expect(() =>
      xbarRChart([
        [1, Number.NaN],
        [4, 5],
      ]),
    ).toThrow('子组中有无效的测量值');
  });
});

describe('Nelson rules', () => {
  const limits = { center: 10, ucl: 13, lcl: 7 };
  it('rule 1: each point beyond a limit', () => {
    expect(nelsonFlags([10, 13.1, 10, 6.9, 13], limits)).toEqual([
      { index: 1, rule: 1 },
      { index: 3, rule: 1 },
    ]);
  });

  it('rule 2: nine in a row on one side, once per run; a point on the centre line breaks it', () => {
    const above = Array(9).fill(11);
    expect(nelsonFlags([...above.slice(0, 8), 10, 11], limits)).toEqual([]);
    expect(nelsonFlags([9, ...above, 11, 11], limits)).toEqual([{ index: 9, rule: 2 }]);
    expect(nelsonFlags([...above, 9, ...Array(9).fill(9.5)], limits).filter((f) => f.rule === 2)).toEqual([
      { index: 8, rule: 2 },
      // 9 at index 9 starts the run below: its ninth point is index 17
      { index: 17, rule: 2 },
    ]);
  });

  it('rule 3: six in a row steadily rising or falling, not five; equal neighbours break it', () => {
    expect(nelsonFlags([8, 9, 10, 11, 12], limits)).toEqual([]);
    expect(nelsonFlags([12.5, 8, 9, 10, 11, 12, 12.5], limits)).toEqual([{ index: 6, rule: 3 }]);
    expect(nelsonFlags([12, 11, 10, 9, 8, 7.5], limits)).toEqual([{ index: 5, rule: 3 }]);
    expect(nelsonFlags([8, 9, 9, 10, 11, 12], limits)).toEqual([]);
  });
});

describe('capability grade', () => {
  it('grades Cpk at the boundaries', () => {
    expect([1.67, 1.66, 1.33, 1.32, 1.0, 0.99].map(capabilityGrade)).toEqual(['A+', 'A', 'A', 'B', 'B', 'C']);
  });
});
