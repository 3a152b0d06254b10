/**
 * Acceptance sampling by attributes, GB/T 2828.1-2012 (= ISO 2859-1): single sampling, normal
 * inspection, no switching rules. One lookup for the server (inspection orders) and the web (the
 * plan form's preview); the rules are written down in docs/quality.md "Sampling".
 */

/** The AQL columns of Table 2-A, in the table's order. */
export const AQL_VALUES = [
  0.01, 0.015, 0.025, 0.04, 0.065, 0.1, 0.15, 0.25, 0.4, 0.65, 1, 1.5, 2.5, 4, 6.5, 10, 15, 25, 40, 65, 100,
  150, 250, 400, 650, 1000,
] as const;

/** The general levels I–III and the special levels S-1…S-4 of Table 1. */
export const INSPECTION_LEVELS = ['S-1', 'S-2', 'S-3', 'S-4', 'I', 'II', 'III'] as const;
export type InspectionLevel = (typeof INSPECTION_LEVELS)[number];

export const CODE_LETTERS = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'J',
  'K',
  'L',
  'M',
  'N',
  'P',
  'Q',
  'R',
] as const;
export type CodeLetter = (typeof CODE_LETTERS)[number];

/** Table 2-A: the sample size of each code letter. */
export const SAMPLE_SIZES: Record<CodeLetter, number> = {
  A: 2,
  B: 3,
  C: 5,
  D: 8,
  E: 13,
  F: 20,
  G: 32,
  H: 50,
  J: 80,
  K: 125,
  L: 200,
  M: 315,
  N: 500,
  P: 800,
  Q: 1250,
  R: 2000,
};

/**
 * Table 1: lot size → code letter. Each row is the largest lot of its range (the next row starts
 * one above) and the letters for S-1 S-2 S-3 S-4 I II III.
 */
const TABLE_1: readonly (readonly [maxLot: number, letters: string])[] = [
  [8, 'AAAAAAB'],
  [15, 'AAAAABC'],
  [25, 'AABBBCD'],
  [50, 'ABBCCDE'],
  [90, 'BBCCCEF'],
  [150, 'BBCDDFG'],
  [280, 'BCDEEGH'],
  [500, 'BCDEFHJ'],
  [1200, 'CCEFGJK'],
  [3200, 'CDEGHKL'],
  [10000, 'CDFGJLM'],
  [35000, 'CDFHKMN'],
  [150000, 'DEGJLNP'],
  [500000, 'DEGJMPQ'],
  [Number.POSITIVE_INFINITY, 'DEHKNQR'],
];

/**
 * Table 2-A as printed, one row per code letter, one cell per AQL column (0.010 … 1000): "Ac/Re",
 * ↓ (use the first plan below the arrow) or ↑ (the first plan above). The printed table leaves
 * most arrow cells blank under one long arrow; each such cell is written here with its arrow.
 */
const TABLE_2A: Record<CodeLetter, string> = {
  A: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 30/31',
  B: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 30/31 44/45',
  C: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 30/31 44/45 ↑',
  D: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 30/31 44/45 ↑ ↑',
  E: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑',
  F: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑',
  G: '↓ ↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  H: '↓ ↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  J: '↓ ↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  K: '↓ ↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  L: '↓ ↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  M: '↓ ↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  N: '↓ ↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  P: '↓ 0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  Q: '0/1 ↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
  R: '↑ ↓ 1/2 2/3 3/4 5/6 7/8 10/11 14/15 21/22 ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑ ↑',
};

type Cell = { accept: number; reject: number } | '↑' | '↓';

const CELLS: Cell[][] = CODE_LETTERS.map((letter) =>
  TABLE_2A[letter].split(' ').map((token): Cell => {
    if (token === '↑' || token === '↓') return token;
    const [accept, reject] = token.split('/').map(Number);
    return { accept, reject };
  }),
);

/** Sampling modes of an inspection plan (DOMAIN `samplingMode`). */
export type SamplingMode = 0 | 1 | 2 | 3;

/** What to inspect and how to judge it: reject the lot when the defectives found reach `reject`. */
export interface SamplePlan {
  /** The Table 2-A row whose sample size is used (after following arrows); null outside AQL sampling. */
  codeLetter: CodeLetter | null;
  sampleSize: number;
  accept: number;
  reject: number;
  /** The whole lot is inspected (full mode, or the sample reached the lot). */
  fullInspection: boolean;
}

/** A wrong input, with the form field it belongs to and a message the form can show. */
export class SamplingError extends Error {
  readonly field: 'lotSize' | 'level' | 'fixed' | 'percent' | 'aql' | 'mode' | 'defectives';
  constructor(field: SamplingError['field'], message: string) {
    super(message);
    this.name = 'SamplingError';
    this.field = field;
  }
}

const isCount = (v: number, min: number) => Number.isInteger(v) && v >= min;

/** Table 1: the code letter of a lot (an integer ≥ 2) at an inspection level. */
export function codeLetterOf(lotSize: number, level: InspectionLevel = 'II'): CodeLetter {
  if (!isCount(lotSize, 2)) throw new SamplingError('lotSize', '批量应为不小于2的整数');
  const column = INSPECTION_LEVELS.indexOf(level);
  if (column < 0) throw new SamplingError('level', '检验水平无效');
  const row = TABLE_1.find(([maxLot]) => lotSize <= maxLot) as (typeof TABLE_1)[number];
  return row[1][column] as CodeLetter;
}

/**
 * Single sampling plan for normal inspection: Table 1 gives the code letter, Table 2-A the cell;
 * an arrow leads to the first cell with numbers in its direction, whose row gives n. Two arrows
 * point off the table (↑ at A / AQL 10, ↓ at R / AQL 0.015): there the first cell with numbers the
 * other way in the same column is taken. When n reaches the lot, the whole lot is inspected and
 * the cell's Ac/Re judge the defectives found.
 */
export function samplingPlan(lotSize: number, aql: number, level: InspectionLevel = 'II'): SamplePlan {
  const letter = codeLetterOf(lotSize, level);
  const column = AQL_VALUES.indexOf(aql as (typeof AQL_VALUES)[number]);
  if (column < 0) throw new SamplingError('aql', 'AQL 值不在 GB/T 2828.1 表中');
  const start = CODE_LETTERS.indexOf(letter);
  const arrow = CELLS[start][column];
  const step: 1 | -1 = arrow === '↑' ? -1 : 1;
  const row =
    firstPlanRow(start, column, step) ?? (firstPlanRow(start, column, step === 1 ? -1 : 1) as number);
  const cell = CELLS[row][column] as { accept: number; reject: number };
  const codeLetter = CODE_LETTERS[row];
  const n = SAMPLE_SIZES[codeLetter];
  return {
    codeLetter,
    sampleSize: Math.min(n, lotSize),
    accept: cell.accept,
    reject: cell.reject,
    fullInspection: n >= lotSize,
  };
}

/** The first row from `start` (itself included) going by `step` whose cell in `column` has numbers. */
function firstPlanRow(start: number, column: number, step: 1 | -1): number | undefined {
  for (let row = start; row >= 0 && row < CELLS.length; row += step) {
    if (typeof CELLS[row][column] === 'object') return row;
  }
  return undefined;
}

/** The lot's verdict: 0 accept (defectives ≤ Ac), 1 reject (defectives ≥ Re). */
export function lotVerdict(defectives: number, plan: Pick<SamplePlan, 'accept' | 'reject'>): 0 | 1 {
  if (!isCount(defectives, 0)) throw new SamplingError('defectives', '不合格品数应为非负整数');
  return defectives >= plan.reject ? 1 : 0;
}

/**
 * The plan of any sampling mode: 0 full (the lot), 1 a fixed n (capped at the lot), 2 a percentage
 * of the lot (rounded up, at least 1, capped at the lot), 3 AQL (`samplingPlan`). Modes 0–2 have
 * no table: Ac 0 / Re 1, so any defective rejects the lot.
 */
export function sampleSizeOf(
  mode: SamplingMode,
  input: { lotSize: number; fixed?: number; percent?: number; aql?: number; level?: InspectionLevel },
): SamplePlan {
  const { lotSize } = input;
  if (mode === 3) {
    if (input.aql === undefined) throw new SamplingError('aql', '请选择 AQL 值');
    return samplingPlan(lotSize, input.aql, input.level);
  }
  if (!isCount(lotSize, 1)) throw new SamplingError('lotSize', '批量应为正整数');
  let n: number;
  if (mode === 0) n = lotSize;
  else if (mode === 1) {
    if (input.fixed === undefined || !isCount(input.fixed, 1))
      throw new SamplingError('fixed', '样本量应为正整数');
    n = input.fixed;
  } else if (mode === 2) {
    const { percent } = input;
    if (percent === undefined || !(percent > 0 && percent <= 100))
      throw new SamplingError('percent', '抽样比例应大于0且不大于100');
    // lot × percent / 100 to six decimals first, so 0.07 % of 10 000 is 7, not 7.000000000000001 → 8
    n = Math.max(1, Math.ceil(Math.round(lotSize * percent * 10_000) / 1_000_000));
  } else throw new SamplingError('mode', '抽样方式无效');
  return {
    codeLetter: null,
    sampleSize: Math.min(n, lotSize),
    accept: 0,
    reject: 1,
    fullInspection: n >= lotSize,
  };
}
