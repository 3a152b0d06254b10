import type { SpcChart } from '@factory/shared/api/qualitySpc';
import { formatFactoryTime } from '@factory/shared/factoryTime';
import { xbarRChart } from '@factory/shared/quality/spc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';

const Q = 'quality/private/';
const O = `${Q}inspectionOrder/`;
const SPC = `${Q}inspectionItem/getSpcChart`;

interface Order {
  id: number;
  code: string;
  version: number;
  sampleQuantity: number;
}

let h: Harness;
let a: Calls;
let copper: number;
let steel: number;
let items: { looks: number; diameter: number; noLoad: number; plain: number };
/** The copper orders' codes in the order they were submitted, and their 线径 values in that order. */
const completed: string[] = [];
const diameters: number[] = [];

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
// each order's four samples spread ±0.01 (R = 0.02); the fifth order's lot sits 0.06 high
const SPREAD = [0.01, -0.01, 0.005, -0.005];
const SHIFT = [0, 0.002, -0.001, 0.001, 0.06, -0.002, 0.003, 0, -0.001, 0.002];
const diameterOf = (k: number, s: number) => round6(8 + SHIFT[k] + SPREAD[s - 1]);

const add = async (url: string, body: unknown) => (await a.ok<{ id: number }>(a.post(url, body))).id;
const raise = (materialsId: number) =>
  a.ok<Order>(a.post(`${O}addQualityInspectionOrder`, { inspectionType: 4, materialsId, lotQuantity: 1000 }));
const chart = (query: Record<string, string | number>) => a.ok<SpcChart>(a.get(SPC, query));
const refusal = async (query: Record<string, string | number>) => {
  const { body } = await a.get(SPC, query);
  expect(body.errorCode, JSON.stringify(body)).not.toBe(0);
  return body.errorMsg;
};

/** Records `cells` (line → sample → value or OK) on an order; submits it unless told not to. */
async function inspect(o: Order, cells: (sample: number, line: number) => number | 'OK', submit = true) {
  const results = [];
  for (let s = 1; s <= o.sampleQuantity; s++)
    for (const line of [1, 2, 3]) {
      const v = cells(s, line);
      if (v === 'OK') results.push({ sampleNo: s, lineNo: line, judgement: 0 });
      else if (Number.isFinite(v)) results.push({ sampleNo: s, lineNo: line, value: v });
    }
  const saved = await a.ok<{ version: number }>(
    a.post(`${O}record`, { id: o.id, version: o.version, results }),
  );
  if (submit) await a.ok(a.post(`${O}submit`, { id: o.id, version: saved.version }));
}

beforeAll(async () => {
  h = await createHarness();
  await h.addTenant('spc');
  a = callsAs(h, await h.login('spc', 'admin'));
  const unit = await add('basicData/materials/private/unit/addUnit', { code: 'KG', name: '千克' });
  const material = (name: string) =>
    add('basicData/materials/private/materials/addMaterials', { name, mainUnitId: unit, materialType: 0 });
  copper = await material('无氧铜杆');
  steel = await material('冷轧硅钢片');
  const item = (body: Record<string, unknown>) => add(`${Q}inspectionItem/addInspectionItem`, body);
  items = {
    looks: await item({ name: '外观', valueType: 0 }),
    diameter: await item({
      name: '线径',
      valueType: 1,
      unit: 'mm',
      standardValue: 8,
      lowerLimit: 7.9,
      upperLimit: 8.1,
      isKey: true,
    }),
    // its limits depend on the product: the plan line gives them
    noLoad: await item({ name: '空载损耗', valueType: 1, unit: 'W', isKey: true }),
    plain: await item({ name: '长度', valueType: 1, unit: 'm', lowerLimit: 1 }),
  };
  const plan = (body: Record<string, unknown>) =>
    add(`${Q}inspectionPlan/addQualityInspectionPlan`, { inspectionType: 4, samplingMode: 1, ...body });
  await plan({
    name: '铜杆来料检验',
    materialsIds: [copper],
    sampleSize: 4,
    lines: [
      { itemId: items.looks },
      { itemId: items.diameter },
      { itemId: items.noLoad, lowerLimit: 100, upperLimit: 120 },
    ],
  });
  await plan({
    name: '硅钢片来料检验',
    materialsIds: [steel],
    sampleSize: 135,
    lines: [{ itemId: items.diameter }],
  });

  // ten copper lots, the first two submitted in the reverse of the order they were raised
  const orders: Order[] = [];
  for (let k = 0; k < SHIFT.length; k++) orders.push(await raise(copper));
  for (const k of [1, 0, 2, 3, 4, 5, 6, 7, 8, 9]) {
    await inspect(orders[k], (s, line) =>
      line === 1 ? 'OK' : line === 2 ? diameterOf(k, s) : round6(110 + SPREAD[s - 1] * 100),
    );
    completed.push(orders[k].code);
    for (let s = 1; s <= 4; s++) diameters.push(diameterOf(k, s));
  }
  // recorded but not submitted: not counted
  await inspect(await raise(copper), (_s, line) => (line === 1 ? 'OK' : line === 2 ? 8.09 : 111), false);
  // three steel lots of 135 samples each (线径 is the plan's one line)
  for (let k = 0; k < 3; k++)
    await inspect(await raise(steel), (s, line) =>
      line === 1 ? round6(8 + (((k * 135 + s) * 7) % 11) * 0.002 - 0.01) : Number.NaN,
    );
});
afterAll(() => h.close());

describe('SPC chart of a measured key item', () => {
  it('takes the values of submitted orders in completion order, n at a time, with the limits spc.ts gives', async () => {
    const c = await chart({ itemId: items.diameter, materialsId: copper, subgroupSize: 4 });
    const groups = Array.from({ length: 10 }, (_, g) => diameters.slice(g * 4, g * 4 + 4));
    const expected = xbarRChart(groups, { lower: 7.9, upper: 8.1 });
    expect(c.item).toMatchObject({ name: '线径', unit: 'mm' });
    expect(c.spec).toEqual({ lower: 7.9, upper: 8.1, standard: 8, source: 'item', orderCode: null });
    expect(c.subgroups.map((g) => g.values)).toEqual(groups);
    expect(c.subgroups.map((g) => g.orderCodes)).toEqual(completed.map((code) => [code]));
    expect(c.subgroups.map((g) => [g.mean, g.range])).toEqual(expected.points.map((p) => [p.mean, p.range]));
    expect(c.subgroups[0].completedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect({ xbar: c.xbar, r: c.r, sigma: c.sigma, cp: c.cp, cpk: c.cpk, grade: c.grade }).toEqual({
      xbar: expected.xbar,
      r: expected.r,
      sigma: expected.sigma,
      cp: expected.cp,
      cpk: expected.cpk,
      grade: expected.grade,
    });
    // the fifth lot (0.06 high) is the one point beyond the X̄ limits
    expect(c.flags).toEqual([{ chart: 'xbar', index: 4, rule: 1 }]);
    expect(c.flags).toEqual(expected.flags);
    // R̄ 0.02, σ = R̄ / d₂(4) = 0.00971; Cp = 0.2 / 6σ
    expect(c.sigma).toBeCloseTo(0.02 / 2.059, 6);
    expect(c.cp).toBeCloseTo(0.2 / (6 * (0.02 / 2.059)), 6);
    expect(c.cpk).toBeCloseTo((8.1 - c.xbar.center) / (3 * c.sigma), 6);
    expect(c.grade).toBe('A+');
    // the unsubmitted order's four values are not there
    expect(c.counts).toEqual({ values: 40, subgroups: 10, trailing: 0, older: 0 });
    expect(c.trial).toBe(true);
  });

  it('lets a subgroup span two orders and leaves out the newest values that do not fill one', async () => {
    const c = await chart({ itemId: items.diameter, materialsId: copper, subgroupSize: 3 });
    expect(c.subgroupSize).toBe(3);
    expect(c.counts).toEqual({ values: 40, subgroups: 13, trailing: 1, older: 0 });
    expect(c.subgroups[1]).toMatchObject({
      orderCodes: [completed[0], completed[1]],
      values: diameters.slice(3, 6),
    });
    expect(c.subgroups.at(-1)?.values).toEqual(diameters.slice(36, 39));
    // default n = 5
    const five = await chart({ itemId: items.diameter, materialsId: copper });
    expect(five.subgroupSize).toBe(5);
    expect(five.subgroups).toHaveLength(8);
  });

  it('charts only the latest 200 subgroups, and every material without the filter', async () => {
    const c = await chart({ itemId: items.diameter, materialsId: steel, subgroupSize: 2 });
    expect(c.counts).toEqual({ values: 405, subgroups: 200, trailing: 1, older: 2 });
    const steelValues = Array.from({ length: 405 }, (_, i) =>
      round6(8 + (((i + 1) * 7) % 11) * 0.002 - 0.01),
    );
    expect(c.subgroups[0].values).toEqual(steelValues.slice(4, 6));
    expect(c.subgroups.at(-1)?.values).toEqual(steelValues.slice(402, 404));
    expect(c.trial).toBe(false);
    const all = await chart({ itemId: items.diameter, subgroupSize: 5 });
    expect(all.counts).toEqual({ values: 445, subgroups: 89, trailing: 0, older: 0 });
  });

  it("takes the newest order line's limits for an item without its own, and filters by completion time", async () => {
    const hour = 3600_000;
    const c = await chart({
      itemId: items.noLoad,
      subgroupSize: 4,
      beginTime: formatFactoryTime(new Date(Date.now() - hour)),
      endTime: formatFactoryTime(new Date(Date.now() + hour)),
    });
    expect(c.spec).toEqual({
      lower: 100,
      upper: 120,
      standard: null,
      source: 'order',
      orderCode: completed[9],
    });
    expect(c.item.unit).toBe('W');
    expect(c.counts.values).toBe(40);
    // every subgroup alike: R̄ 2 → σ 0.971, Cp = 20 / 6σ, centred
    expect(c.cp).toBeCloseTo(20 / (6 * (2 / 2.059)), 6);
    expect(c.cpk).toBeCloseTo(c.cp ?? 0, 6);
  });

  it('refuses too few values, an item that is not a measured key item, and a reversed range', async () => {
    expect(
      await refusal({
        itemId: items.diameter,
        beginTime: formatFactoryTime(new Date(Date.now() + 3600_000)),
      }),
    ).toBe('该检验项目在所选范围内的计量数据不足，至少需要2个子组（每组5个值），现有0个值');
    expect(await refusal({ itemId: items.plain })).toBe(
      '检验项目“长度”不是SPC关键项，请先在检验项目中设为SPC关键项',
    );
    expect(await refusal({ itemId: items.looks })).toBe('检验项目“外观”不是计量型，不能做SPC分析');
    expect(
      await refusal({
        itemId: items.diameter,
        beginTime: '2026-12-02 00:00:00',
        endTime: '2026-12-01 00:00:00',
      }),
    ).toBe('开始时间不能晚于结束时间');
    expect(await refusal({ itemId: items.diameter, subgroupSize: 11 })).toContain('子组大小');
  });
});
