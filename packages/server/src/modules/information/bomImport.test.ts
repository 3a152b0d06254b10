import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, type Envelope, workbook } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';

const M = 'basicData/materials/private/materials/';
const HEADER = ['父件编码', '子件编码', '用量', '损耗率(%)', '排序', '备注'];
type Line = { code: string; quantity: number; lossRate: number };
type Check = {
  total: number;
  valid: number;
  errors: { row: number; column: string; value?: string; reason: string }[];
};

let h: Harness;
let calls: ReturnType<typeof callsAs>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  h = await createHarness();
  await h.addTenant('bomimp', [{ userName: 'viewer', modules: ['materialsList'] }]);
  calls = callsAs(h, await h.login('bomimp', 'admin'));
  const unit = await calls.ok<{ id: number }>(
    calls.post('basicData/materials/private/unit/addUnit', { code: 'pc', name: '件' }),
  );
  for (const [code, name, materialType] of [
    ['S11', '干式变压器', 2],
    ['XQ', '线圈', 1],
    ['TX', '铁心', 1],
    ['TX2', '铁心（备）', 1],
    ['CU', '铜线', 0],
    ['GG', '硅钢片', 0],
  ] as const)
    ids[code] = (
      await calls.ok<{ id: number }>(
        calls.post(`${M}addMaterials`, { code, name, materialType, mainUnitId: unit.id }),
      )
    ).id;
});
afterAll(() => h.close());

const lines = (parent: string) => calls.ok<Line[]>(calls.get(`${M}getBomList`, { parentId: ids[parent] }));
const check = async (rows: unknown[][]) =>
  (await calls.upload(`${M}importBom`, 'check', await workbook(HEADER, rows))).result as Check;

describe('BOM import', () => {
  it('checks every row: references, quantities, product parents, repeats, self and loops', async () => {
    // an existing line the file would close a loop with: 铁心 → 线圈
    await calls.ok(
      calls.put(`${M}updateBomList`, { parentId: ids.TX, items: [{ childId: ids.XQ, quantity: 1 }] }),
    );
    const result = await check([
      ['S11', 'XQ', 3, 2, 10, ''],
      ['S11', 'NOPE', 1],
      ['S11', 'TX', 0],
      ['CU', 'GG', 1],
      ['S11', 'XQ', 2],
      ['XQ', 'XQ', 1],
      ['XQ', 'TX', 1],
      ['S11', 'GG', -1, 120],
    ]);
    expect(result.total).toBe(8);
    const reasons = result.errors.map((e) => `${e.row} ${e.column} ${e.reason}`);
    expect(reasons).toEqual([
      expect.stringMatching(/^3 子件编码 /),
      '4 用量 用量须大于0',
      '5 父件编码 “铜线”是原材料，只有成品或半成品可以维护BOM',
      '6 子件编码 同一父件下子件重复（与第2行相同）',
      '7 子件编码 子件不能是父件本身',
      '8 子件编码 BOM不能循环引用：线圈 → 铁心 → 线圈',
      expect.stringMatching(/^9 用量 /),
      expect.stringMatching(/^9 损耗率\(%\) /),
    ]);
    // nothing was written by a check
    expect(await lines('S11')).toEqual([]);
  });

  it('writes all rows or none, replacing the first level of each parent in the file', async () => {
    const bad = await calls.upload(
      `${M}importBom`,
      'write',
      await workbook(HEADER, [
        ['S11', 'XQ', 3],
        ['XQ', 'TX', 1],
      ]),
    );
    expect((bad as Envelope).errorCode).toBe(1);
    expect(await lines('S11')).toEqual([]);

    // 铁心's own lines are in the file too: its old line to 线圈 goes, so no loop is left
    const written = await calls.upload(
      `${M}importBom`,
      'write',
      await workbook(HEADER, [
        ['S11', 'XQ', 3, 2, 10, '高低压各一'],
        ['S11', 'TX', 1, 0, 20],
        ['XQ', 'TX', 1],
        ['XQ', 'CU', 12.5, 3],
        ['TX', 'GG', 80, 1.5],
      ]),
    );
    expect(written).toMatchObject({ errorCode: 0, result: { total: 5, written: 5 } });
    expect((await lines('S11')).map((l) => [l.code, l.quantity, l.lossRate])).toEqual([
      ['XQ', 3, 2],
      ['TX', 1, 0],
    ]);
    expect((await lines('TX')).map((l) => l.code)).toEqual(['GG']);
    expect((await lines('XQ')).map((l) => l.code)).toEqual(['TX', 'CU']);
  });

  it('needs the import key, and gives a template and an error list', async () => {
    const viewer = callsAs(h, await h.login('bomimp', 'viewer'));
    const refused = await viewer.upload(`${M}importBom`, 'check', await workbook(HEADER, [['S11', 'XQ', 1]]));
    expect(refused.errorCode).toBe(3);
    expect((await calls.get(`${M}importBomTemplate`)).body.errorCode).toBe(0);
    const list = await calls.post(`${M}importBomErrors`, [
      { row: 2, column: '用量', value: '0', reason: '用量须大于0' },
    ]);
    expect(list.body.errorCode).toBe(0);
  });
});
