import { describe, expect, it } from 'vitest';
import {
  BomCycleError,
  bucketStart,
  lotSize,
  type MrpInput,
  type MrpMaterial,
  type Peg,
  pathOf,
  periodLabel,
  runMrp,
} from './engine.ts';

/** Pegs with their paths as arrays, as a run keeps them. */
const pegsOf = (pegs: Peg[]) => pegs.map((p) => ({ ...p, path: pathOf(p.path) }));

/** Day 0 is a Monday; Saturdays and Sundays are not worked. */
const before = (day: number, days: number) => {
  let d = day;
  for (let left = days; left > 0; ) {
    d--;
    if (((d % 7) + 7) % 7 < 5) left--;
  }
  return d;
};
const week = (n: number) => 7 * n;
const M = 1_000_000n;
const q = (n: number | string) => BigInt(Math.round(Number(n) * 1e6));

const core: MrpMaterial = {
  id: 2,
  code: 'TX-CORE',
  procurementType: 0,
  leadTimeDays: 5,
  lotSizeRule: 0,
  onHand: '2',
};
const steel: MrpMaterial = {
  id: 3,
  code: 'YCL-GG',
  procurementType: 1,
  leadTimeDays: 10,
  lotSizeRule: 2,
  minOrderQty: '500',
  orderMultiple: '100',
  safetyStock: '200',
  // 500 on hand, 100 allocated
  onHand: '400',
};

/** DOMAIN's example: 10 cores wanted in week 10, 2 in stock; steel 120 kg a core with 2 % loss. */
const example = (): MrpInput => ({
  today: 0,
  before,
  materials: [core, steel],
  bom: [{ parentId: 2, childId: 3, quantity: '120', lossRate: '2' }],
  demands: [{ key: 'PL20261101001/1', materialsId: 2, quantity: '10', day: week(10) }],
  receipts: [{ key: 'CG20261020001/1', materialsId: 3, quantity: '300', day: week(6) }],
});

describe('MRP', () => {
  it('nets two levels with loss rate, stock, an open order and safety stock, offset by lead time (DOMAIN’s example)', () => {
    const r = runMrp(example());
    expect(r.lowLevel.get(2)).toBe(0);
    expect(r.lowLevel.get(3)).toBe(1);
    const [cores, steelOrder] = [...r.planned].sort((a, b) => a.materialsId - b.materialsId);
    // 10 wanted, 2 in stock: 8 cores due week 10, released a working week before
    expect(cores).toMatchObject({ quantity: q(8), dueDay: week(10), releaseDay: week(9), late: false });
    expect(pegsOf(cores.pegs)).toEqual([{ demand: 'PL20261101001/1', path: [2], quantity: q(8) }]);
    // steel: 8 × 120 × 1.02 = 979.2 kg in week 9; 400 + 300 − 979.2 = −279.2; net 200 + 279.2 = 479.2
    // → minimum 500, multiples of 100: 500 kg due week 9, released 10 working days before (week 7)
    expect(r.records.get(3)?.find((b) => b.day === week(9))).toMatchObject({
      gross: q(979.2),
      planned: q(500),
      projected: q(220.8),
    });
    expect(steelOrder).toMatchObject({ quantity: q(500), dueDay: week(9), releaseDay: week(7), late: false });
    // pegged to the plan through the core; the rest of the lot and the safety stock to no demand
    expect(pegsOf(steelOrder.pegs)).toEqual([
      { demand: 'PL20261101001/1', path: [2, 3], quantity: q(279.2) },
      { demand: '', path: [3], quantity: q(220.8) },
    ]);
  });

  it('gives the same result for the same inputs, whatever order they come in', () => {
    const input = example();
    const extra: MrpInput = {
      ...input,
      demands: [...input.demands, { key: 'SO20261102001/1', materialsId: 2, quantity: '3', day: week(4) }],
      receipts: [...input.receipts, { key: 'CG20261021001/1', materialsId: 3, quantity: '50', day: week(3) }],
    };
    const shuffled: MrpInput = {
      ...extra,
      materials: [...extra.materials].reverse(),
      demands: [...extra.demands].reverse(),
      receipts: [...extra.receipts].reverse(),
    };
    expect(runMrp(shuffled)).toEqual(runMrp(extra));
  });

  it('releases today and flags late what lead time would have released in the past', () => {
    const r = runMrp({ ...example(), today: week(8) + 2 });
    const steelOrder = r.planned.find((p) => p.materialsId === 3);
    expect(steelOrder).toMatchObject({ dueDay: week(9), releaseDay: week(8) + 2, late: true });
  });

  it('orders the safety stock a material lacks today, with no demand at all', () => {
    const r = runMrp({
      today: 0,
      before,
      materials: [{ ...steel, onHand: '150', lotSizeRule: 0 }],
      bom: [],
      demands: [],
      receipts: [],
    });
    expect(r.planned).toMatchObject([{ materialsId: 3, quantity: q(50), dueDay: 0, late: true }]);
    expect(pegsOf(r.planned[0].pegs)).toEqual([{ demand: '', path: [3], quantity: q(50) }]);
  });

  it('nets by date: a receipt after the need does not cover it', () => {
    const r = runMrp({
      today: 0,
      before,
      materials: [{ id: 9, code: 'FL-001', procurementType: 1, leadTimeDays: 0, lotSizeRule: 0 }],
      bom: [],
      demands: [{ key: 'MO1', materialsId: 9, quantity: '100', day: 10 }],
      receipts: [{ key: 'CG1/1', materialsId: 9, quantity: '100', day: 20 }],
    });
    expect(r.planned).toMatchObject([{ quantity: q(100), dueDay: 10 }]);
    expect(r.records.get(9)?.map((b) => [b.day, b.projected])).toEqual([
      [0, 0n],
      [10, 0n],
      [20, q(100)],
    ]);
  });

  it('carries pegs down three levels, each demand its own path, and explodes outsourced parts too', () => {
    const r = runMrp({
      today: 0,
      before,
      materials: [
        { id: 1, code: 'CP', procurementType: 0, leadTimeDays: 1, lotSizeRule: 0 },
        { id: 2, code: 'BCP', procurementType: 2, leadTimeDays: 2, lotSizeRule: 0 },
        { id: 3, code: 'YCL', procurementType: 1, leadTimeDays: 3, lotSizeRule: 0, whole: true },
      ],
      bom: [
        { parentId: 1, childId: 2, quantity: '2' },
        { parentId: 2, childId: 3, quantity: '0.3', lossRate: '10' },
        { parentId: 1, childId: 3, quantity: '1' },
      ],
      demands: [
        { key: 'SO1/1', materialsId: 1, quantity: '5', day: 14 },
        { key: 'SO2/1', materialsId: 1, quantity: '1', day: 21 },
      ],
      receipts: [],
    });
    expect(r.lowLevel.get(3)).toBe(2);
    const raw = r.planned.filter((p) => p.materialsId === 3);
    // SO1: 5 direct + 5 × 2 × 0.3 × 1.1 = 3.3 through BCP; SO2: 1 + 0.66. Whole units: each order
    // rounds up and its excess meets the next need, so a demand's path may span two orders
    const pegged = new Map<string, bigint>();
    for (const p of raw)
      for (const g of p.pegs) {
        const key = `${g.demand} ${pathOf(g.path).join('>')}`;
        pegged.set(key, (pegged.get(key) ?? 0n) + g.quantity);
      }
    expect(Object.fromEntries([...pegged].map(([k, v]) => [k, fromQ(v)]))).toEqual({
      'SO1/1 1>2>3': '3.3',
      'SO1/1 1>3': '5',
      'SO2/1 1>2>3': '0.66',
      'SO2/1 1>3': '1',
      ' 3': '0.04',
    });
    expect(raw.reduce((s, p) => s + p.quantity, 0n)).toBe(q(10));
    for (const p of raw) expect(p.quantity % M).toBe(0n);
    expect(r.planned.find((p) => p.materialsId === 2)?.procurementType).toBe(2);
  });

  it('fails a BOM with a cycle, naming the materials on it', () => {
    expect(() =>
      runMrp({
        ...example(),
        bom: [
          { parentId: 2, childId: 3, quantity: '1' },
          { parentId: 3, childId: 2, quantity: '1' },
        ],
      }),
    ).toThrow(new BomCycleError('物料清单存在循环：TX-CORE → YCL-GG → TX-CORE'));
  });

  it('sizes lots by the rules: lot for lot, fixed lot, minimum and multiple, whole units', () => {
    const m = (rule: 0 | 1 | 2 | 3, extra: Partial<MrpMaterial> = {}): MrpMaterial => ({
      id: 1,
      code: 'X',
      procurementType: 1,
      leadTimeDays: 0,
      lotSizeRule: rule,
      ...extra,
    });
    expect(lotSize(m(0), q(12.5))).toBe(q(12.5));
    expect(lotSize(m(0, { whole: true }), q(12.5))).toBe(q(13));
    expect(lotSize(m(1, { fixedLotQty: '25' }), q(60))).toBe(q(75));
    expect(lotSize(m(2, { minOrderQty: '500', orderMultiple: '100' }), q(479.2))).toBe(q(500));
    expect(lotSize(m(2, { minOrderQty: '500', orderMultiple: '100' }), q(501))).toBe(q(600));
    expect(lotSize(m(1, { fixedLotQty: '25' }), 0n)).toBe(0n);
  });

  it('covers the next n days with one order under the period rule', () => {
    const r = runMrp({
      today: 0,
      before,
      materials: [{ id: 5, code: 'P', procurementType: 1, leadTimeDays: 0, lotSizeRule: 3, periodDays: 7 }],
      bom: [],
      demands: [
        { key: 'A', materialsId: 5, quantity: '10', day: 1 },
        { key: 'B', materialsId: 5, quantity: '20', day: 4 },
        { key: 'C', materialsId: 5, quantity: '30', day: 9 },
      ],
      receipts: [],
    });
    // days 1–7 in one order (10 + 20), day 9 in the next
    expect(r.planned.map((p) => [p.dueDay, fromQ(p.quantity)])).toEqual([
      [1, '30'],
      [9, '30'],
    ]);
  });
});

const fromQ = (v: bigint) => String(Number(v) / 1e6);

/** A real date as its factory day, and back: week and month buckets follow the real calendar. */
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
const dateOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
/** The real calendar's Saturdays and Sundays are not worked (day 0, 1970-01-01, a Thursday). */
const realBefore = (day: number, days: number) => {
  let d = day;
  for (let left = days; left > 0; ) {
    d--;
    if ((d + 3) % 7 < 5) left--;
  }
  return d;
};

describe('MRP buckets', () => {
  it('starts weeks on Monday and months on the 1st, and names them as ISO weeks and months', () => {
    expect(dateOf(bucketStart(dayOf('2026-11-27'), 1))).toBe('2026-11-23');
    expect(dateOf(bucketStart(dayOf('2026-11-23'), 1))).toBe('2026-11-23');
    expect(dateOf(bucketStart(dayOf('2026-11-29'), 1))).toBe('2026-11-23');
    expect(dateOf(bucketStart(dayOf('2026-11-27'), 2))).toBe('2026-11-01');
    expect(bucketStart(dayOf('2026-11-27'), 0)).toBe(dayOf('2026-11-27'));
    expect(periodLabel(dayOf('2026-11-27'), 0)).toBe('2026-11-27');
    expect(periodLabel(dayOf('2026-11-27'), 1)).toBe('2026-W48');
    expect(periodLabel(dayOf('2026-12-31'), 2)).toBe('2026-12');
    // the week of a year's last days may be the next year's first, or the year before's 53rd
    expect(periodLabel(dayOf('2024-12-30'), 1)).toBe('2025-W01');
    expect(periodLabel(dayOf('2027-01-01'), 1)).toBe('2026-W53');
    expect(periodLabel(dayOf('2026-01-01'), 1)).toBe('2026-W01');
  });

  // today Monday 2026-11-23; A on Monday, B on Wednesday, C next Tuesday (2026-12-01)
  const mon = dayOf('2026-11-23');
  const bought: MrpMaterial = { id: 7, code: 'BJ-1', procurementType: 1, leadTimeDays: 2, lotSizeRule: 0 };
  const merged = (bucket: 0 | 1 | 2, today = mon): MrpInput => ({
    today,
    bucket,
    before: realBefore,
    materials: [bought],
    bom: [],
    demands: [
      { key: 'SO1/1', materialsId: 7, quantity: '10', day: mon },
      { key: 'SO2/1', materialsId: 7, quantity: '5', day: mon + 2 },
      { key: 'SO3/1', materialsId: 7, quantity: '7', day: mon + 8 },
    ],
    receipts: [],
  });
  const orders = (input: MrpInput) =>
    runMrp(input).planned.map((p) => [dateOf(p.dueDay), fromQ(p.quantity), dateOf(p.releaseDay), p.late]);

  it('merges the demands of a bucket into one order due at its first day, released lead time before', () => {
    expect(orders(merged(0))).toEqual([
      ['2026-11-23', '10', '2026-11-23', true],
      ['2026-11-25', '5', '2026-11-23', false],
      ['2026-12-01', '7', '2026-11-27', false],
    ]);
    // weeks: 10 + 5 this week, 7 the next, due Monday 11-30 and released two working days before
    expect(orders(merged(1))).toEqual([
      ['2026-11-23', '15', '2026-11-23', true],
      ['2026-11-30', '7', '2026-11-26', false],
    ]);
    // months: November's 15, December's 7 due on the 1st
    expect(orders(merged(2))).toEqual([
      ['2026-11-23', '15', '2026-11-23', true],
      ['2026-12-01', '7', '2026-11-27', false],
    ]);
    // the bucket holding today begins today: on Wednesday, this week's order is due Wednesday
    expect(orders(merged(1, mon + 2))).toEqual([
      ['2026-11-25', '15', '2026-11-25', true],
      ['2026-11-30', '7', '2026-11-26', false],
    ]);
  });

  it('pegs each merged demand to the week’s order', () => {
    const [week] = runMrp(merged(1)).planned;
    expect(pegsOf(week.pegs)).toEqual([
      { demand: 'SO1/1', path: [7], quantity: q(10) },
      { demand: 'SO2/1', path: [7], quantity: q(5) },
    ]);
  });

  it('counts a receipt later in the week for the week’s demand, not for the day’s', () => {
    const input = (bucket: 0 | 1): MrpInput => ({
      today: mon,
      bucket,
      before: realBefore,
      materials: [{ ...bought, leadTimeDays: 0 }],
      bom: [],
      // needed Tuesday, arriving Friday
      demands: [{ key: 'MO1', materialsId: 7, quantity: '10', day: mon + 1 }],
      receipts: [{ key: 'CG1/1', materialsId: 7, quantity: '10', day: mon + 4 }],
    });
    expect(orders(input(0))).toEqual([['2026-11-24', '10', '2026-11-24', false]]);
    expect(orders(input(1))).toEqual([]);
    expect(runMrp(input(1)).records.get(7)).toEqual([
      { day: mon, gross: q(10), receipts: q(10), planned: 0n, projected: 0n },
    ]);
  });

  it('explodes a weekly parent at its release day, into the child’s own week', () => {
    const r = runMrp({
      today: mon,
      bucket: 1,
      before: realBefore,
      materials: [
        { id: 1, code: 'CP', procurementType: 0, leadTimeDays: 3, lotSizeRule: 0 },
        { id: 2, code: 'YCL', procurementType: 1, leadTimeDays: 0, lotSizeRule: 0 },
      ],
      bom: [{ parentId: 1, childId: 2, quantity: '2' }],
      demands: [
        { key: 'SO1/1', materialsId: 1, quantity: '4', day: dayOf('2026-12-09') },
        { key: 'SO2/1', materialsId: 1, quantity: '1', day: dayOf('2026-12-11') },
      ],
      receipts: [],
    });
    // the product's week begins Monday 12-07, released 3 working days before (Wednesday 12-02):
    // its 10 of the child are needed in the week of 11-30
    expect(r.planned.map((p) => [p.materialsId, dateOf(p.dueDay), fromQ(p.quantity)])).toEqual([
      [2, '2026-11-30', '10'],
      [1, '2026-12-07', '5'],
    ]);
    expect(pegsOf(r.planned[0].pegs)).toEqual([
      { demand: 'SO1/1', path: [1, 2], quantity: q(8) },
      { demand: 'SO2/1', path: [1, 2], quantity: q(2) },
    ]);
  });

  it('keeps the period rule in days: a 14-day window takes this week and the next', () => {
    const r = runMrp({ ...merged(1), materials: [{ ...bought, lotSizeRule: 3, periodDays: 14 }] });
    expect(r.planned.map((p) => [dateOf(p.dueDay), fromQ(p.quantity)])).toEqual([['2026-11-23', '22']]);
  });

  it('rounds a whole-unit material’s order up after its lot rule', () => {
    const whole: MrpMaterial = {
      ...bought,
      whole: true,
      lotSizeRule: 2,
      minOrderQty: '0.5',
      orderMultiple: '0.3',
    };
    // 1 wanted → 4 × 0.3 = 1.2 by the rule → 2 whole
    expect(lotSize(whole, q(1))).toBe(q(2));
    const r = runMrp({
      ...merged(1),
      materials: [{ ...whole, lotSizeRule: 0 }],
      demands: [
        { key: 'SO1/1', materialsId: 7, quantity: '2.25', day: mon + 1 },
        { key: 'SO2/1', materialsId: 7, quantity: '0.5', day: mon + 3 },
      ],
    });
    expect(r.planned.map((p) => fromQ(p.quantity))).toEqual(['3']);
    expect(pegsOf(r.planned[0].pegs).at(-1)).toEqual({ demand: '', path: [7], quantity: q(0.25) });
  });

  it('gives the same weekly result for the same inputs, whatever order they come in', () => {
    const input = merged(1);
    const shuffled = { ...input, demands: [...input.demands].reverse() };
    expect(runMrp(shuffled)).toEqual(runMrp(input));
  });
});
