import { describe, expect, it } from 'vitest';
import {
  BomCycleError,
  lotSize,
  type MrpInput,
  type MrpMaterial,
  type Peg,
  pathOf,
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
