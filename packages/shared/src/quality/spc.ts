/**
 * Statistical process control of a measured inspection item (DOMAIN "SPC"; docs/quality.md "SPC"):
 * the X̄–R chart over subgroups of equal size with limits from the data, the points the Nelson
 * rules 1–3 flag, and the process capability against the item's specification limits. The same
 * code draws the web's chart and answers the server's calls.
 */

/** Shewhart constants for subgroups of n = 2…10 (ASTM E2587 Table 1; Montgomery Appendix VI). */
export const XBAR_R_CONSTANTS: Readonly<Record<number, { A2: number; D3: number; D4: number; d2: number }>> =
  {
    2: { A2: 1.88, D3: 0, D4: 3.267, d2: 1.128 },
    3: { A2: 1.023, D3: 0, D4: 2.574, d2: 1.693 },
    4: { A2: 0.729, D3: 0, D4: 2.282, d2: 2.059 },
    5: { A2: 0.577, D3: 0, D4: 2.114, d2: 2.326 },
    6: { A2: 0.483, D3: 0, D4: 2.004, d2: 2.534 },
    7: { A2: 0.419, D3: 0.076, D4: 1.924, d2: 2.704 },
    8: { A2: 0.373, D3: 0.136, D4: 1.864, d2: 2.847 },
    9: { A2: 0.337, D3: 0.184, D4: 1.816, d2: 2.97 },
    10: { A2: 0.308, D3: 0.223, D4: 1.777, d2: 3.078 },
  };

/** Subgroup sizes the chart takes. */
export const SUBGROUP_MIN = 2;
export const SUBGROUP_MAX = 10;
/** Fewer subgroups than this give trial limits too loose to judge by (the chart says so). */
export const SUBGROUPS_ADVISED = 25;

/** Nelson rules flagged: 1 a point beyond a limit; 2 nine in a row on one side of the centre; 3 six in a row rising or falling. */
export type NelsonRule = 1 | 2 | 3;

export interface ChartLimits {
  center: number;
  ucl: number;
  lcl: number;
}

export interface SpcFlag {
  /** Which chart: the means or the ranges. */
  chart: 'xbar' | 'r';
  /** The subgroup (0-based) the rule fires at: the point beyond, or the last of the run. */
  index: number;
  rule: NelsonRule;
}

/** Capability grade by Cpk: A+ ≥ 1.67, A ≥ 1.33, B ≥ 1.0, C below. */
export type CapabilityGrade = 'A+' | 'A' | 'B' | 'C';

export interface XbarRChart {
  subgroupSize: number;
  /** Each subgroup's mean and range, in order. */
  points: { mean: number; range: number }[];
  xbar: ChartLimits;
  r: ChartLimits;
  /** σ estimated as R̄ / d₂. */
  sigma: number;
  flags: SpcFlag[];
  /** Null when a specification limit it needs is missing (Cp needs both; Cpk one), or σ is 0. */
  cp: number | null;
  cpk: number | null;
  grade: CapabilityGrade | null;
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * The Nelson rules 1–3 over a series against its limits. Rule 2 and 3 fire once per run, at the
 * point that completes it, and again only after the run was broken.
 */
export function nelsonFlags(
  values: readonly number[],
  limits: ChartLimits,
): { index: number; rule: NelsonRule }[] {
  const out: { index: number; rule: NelsonRule }[] = [];
  let side = 0;
  let sideRun = 0;
  let trend = 0;
  let trendRun = 1;
  values.forEach((v, i) => {
    if (v > limits.ucl || v < limits.lcl) out.push({ index: i, rule: 1 });
    const s = Math.sign(v - limits.center);
    sideRun = s !== 0 && s === side ? sideRun + 1 : s === 0 ? 0 : 1;
    side = s;
    if (sideRun === 9) out.push({ index: i, rule: 2 });
    if (i > 0) {
      const t = Math.sign(v - values[i - 1]);
      trendRun = t !== 0 && t === trend ? trendRun + 1 : t === 0 ? 1 : 2;
      trend = t;
      if (trendRun === 6) out.push({ index: i, rule: 3 });
    }
  });
  return out;
}

export function capabilityGrade(cpk: number): CapabilityGrade {
  return cpk >= 1.67 ? 'A+' : cpk >= 1.33 ? 'A' : cpk >= 1 ? 'B' : 'C';
}

/**
 * The X̄–R chart of `subgroups` (each of the same size, 2–10 values). The limits come from the
 * first `limitsFrom` subgroups (all by default: trial limits of the data shown); later ones are
 * judged against them, as a chart whose limits were fixed is kept. Capability uses the same σ.
 * Throws with a message a user understands when the data cannot make a chart.
 */
export function xbarRChart(
  subgroups: readonly (readonly number[])[],
  spec: { lower?: number | null; upper?: number | null } = {},
  limitsFrom = subgroups.length,
): XbarRChart {
  if (subgroups.length < 2) throw new Error('至少需要 2 个子组才能计算控制限');
  const n = subgroups[0].length;
  if (n < SUBGROUP_MIN || n > SUBGROUP_MAX)
    throw new Error(`子组大小应在 ${SUBGROUP_MIN}–${SUBGROUP_MAX} 之间`);
  if (subgroups.some((g) => g.length !== n)) throw new Error('各子组的样本数应相同');
  if (subgroups.some((g) => g.some((v) => !Number.isFinite(v)))) throw new Error('子组中有无效的测量值');
  const base = Math.min(Math.max(2, limitsFrom), subgroups.length);
  const points = subgroups.map((g) => ({ mean: mean(g), range: Math.max(...g) - Math.min(...g) }));
  const k = XBAR_R_CONSTANTS[n];
  const center = mean(points.slice(0, base).map((p) => p.mean));
  const rBar = mean(points.slice(0, base).map((p) => p.range));
  const xbar = { center, ucl: center + k.A2 * rBar, lcl: center - k.A2 * rBar };
  const r = { center: rBar, ucl: k.D4 * rBar, lcl: k.D3 * rBar };
  const flags: SpcFlag[] = [
    ...nelsonFlags(
      points.map((p) => p.mean),
      xbar,
    ).map((f) => ({ chart: 'xbar' as const, ...f })),
    // the range chart is judged by its limits only: its distribution is skewed, runs mean little
    ...points.flatMap((p, index) =>
      p.range > r.ucl || p.range < r.lcl ? [{ chart: 'r' as const, index, rule: 1 as const }] : [],
    ),
  ];
  const sigma = rBar / k.d2;
  const { lower, upper } = spec;
  const has = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);
  const cp = sigma > 0 && has(lower) && has(upper) ? (upper - lower) / (6 * sigma) : null;
  const sides = [has(upper) ? upper - center : null, has(lower) ? center - lower : null].filter(
    (d): d is number => d !== null,
  );
  const cpk = sigma > 0 && sides.length ? Math.min(...sides) / (3 * sigma) : null;
  return {
    subgroupSize: n,
    points,
    xbar,
    r,
    sigma,
    flags,
    cp,
    cpk,
    grade: cpk === null ? null : capabilityGrade(cpk),
  };
}
