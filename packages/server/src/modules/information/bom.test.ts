import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';

let h: Harness;
let admin: string;
let viewer: string;
let otherAdmin: string;
const M = 'basicData/materials/private/materials/';
type Env = { errorCode: number; result: unknown; errorMsg: string };
type Line = {
  id: number;
  materialId: number;
  code: string;
  quantity: number;
  lossRate: number;
  bomCount: number;
};
type Node = {
  key: string;
  parentKey: string | null;
  level: number;
  code: string;
  quantity: number | null;
  lossRate: number | null;
  totalQuantity: number;
};

const ok = async <T>(p: Promise<{ body: Env }>): Promise<T> => {
  const { body } = await p;
  expect(body.errorCode, JSON.stringify(body)).toBe(0);
  return body.result as T;
};
const get = (url: string, query: Record<string, string | number> = {}, token = admin) =>
  h.call('GET', url, { token, query });
const save = (parentId: number, items: unknown[], token = admin) =>
  h.call('PUT', `${M}updateBomList`, { token, body: { parentId, items } });
const tree = (id: number) => ok<Node[]>(get(`${M}getBomTree`, { id }));
const lines = (parentId: number) => ok<Line[]>(get(`${M}getBomList`, { parentId }));

// S13 transformer → 器身 → 高压线圈 → 漆包铜线; 器身 → 铁心 → 硅钢片; S13 → 变压器油
const ids: Record<string, number> = {};
let set: number;

beforeAll(async () => {
  h = await createHarness();
  await h.addTenant('bom', [{ userName: 'viewer', modules: ['materialsList'] }]);
  await h.addTenant('other');
  admin = await h.login('bom', 'admin');
  viewer = await h.login('bom', 'viewer');
  otherAdmin = await h.login('other', 'admin');
  const unit = async (code: string, name: string) =>
    (
      await ok<{ id: number }>(
        h.call('POST', 'basicData/materials/private/unit/addUnit', { token: admin, body: { code, name } }),
      )
    ).id;
  const kg = await unit('kg', '千克');
  set = await unit('set', '台');
  const liter = await unit('L', '升');
  for (const [code, name, materialType, mainUnitId] of [
    ['S13', '油浸式变压器', 2, set],
    ['QS', '器身', 1, set],
    ['GYXQ', '高压线圈', 1, set],
    ['TX', '铁心', 1, set],
    ['QZ', '漆包铜线', 0, kg],
    ['GG', '硅钢片', 0, kg],
    ['OIL', '变压器油', 0, liter],
  ] as const)
    ids[code] = (
      await ok<{ id: number }>(
        h.call('POST', `${M}addMaterials`, { token: admin, body: { code, name, materialType, mainUnitId } }),
      )
    ).id;
});
afterAll(() => h.close());

describe('multi-level BOM', () => {
  it('saves each level and explodes the whole tree with quantities rolled up', async () => {
    await ok(
      save(ids.S13, [
        { childId: ids.QS, quantity: 1, sort: 10 },
        { childId: ids.OIL, quantity: 300, lossRate: 5, sort: 20, remark: '含补油' },
      ]),
    );
    await ok(
      save(ids.QS, [
        { childId: ids.TX, quantity: 1, sort: 20 },
        { childId: ids.GYXQ, quantity: 3, sort: 10 },
      ]),
    );
    await ok(save(ids.GYXQ, [{ childId: ids.QZ, quantity: 12.5, lossRate: 2 }]));
    await ok(save(ids.TX, [{ childId: ids.GG, quantity: 850, lossRate: 1.5 }]));
    const nodes = await tree(ids.S13);
    expect(nodes.map((n) => [n.level, n.code, n.quantity, n.lossRate, n.totalQuantity])).toEqual([
      [0, 'S13', null, null, 1],
      [1, 'QS', 1, 0, 1],
      [2, 'GYXQ', 3, 0, 3],
      [3, 'QZ', 12.5, 2, 38.25],
      [2, 'TX', 1, 0, 1],
      [3, 'GG', 850, 1.5, 862.75],
      [1, 'OIL', 300, 5, 315],
    ]);
    // keys nest: each node's parentKey is the key of the node it hangs under
    const byKey = new Map(nodes.map((n) => [n.key, n]));
    expect(byKey.get(nodes[3].parentKey as string)?.code).toBe('GYXQ');
    expect(nodes[1].parentKey).toBe(nodes[0].key);
    const level = await lines(ids.QS);
    expect(level.map((l) => [l.code, l.quantity, l.bomCount])).toEqual([
      ['GYXQ', 3, 1],
      ['TX', 1, 1],
    ]);
    const usedBy = await ok<Line[]>(get(`${M}getBomParents`, { id: ids.QZ }));
    expect(usedBy.map((l) => [l.code, l.quantity, l.lossRate])).toEqual([['GYXQ', 12.5, 2]]);
  });

  it('lists the products with their line counts, and materials show theirs', async () => {
    const list = await ok<{ content: { code: string; bomCount: number; bomUpdatedAt: string | null }[] }>(
      get(`${M}getBomListPage`, { currentPage: 1, pageSize: 20 }),
    );
    // finished products first, then semi-finished ones, by code
    expect(list.content.map((r) => [r.code, r.bomCount])).toEqual([
      ['S13', 2],
      ['GYXQ', 1],
      ['QS', 2],
      ['TX', 1],
    ]);
    expect(list.content[0].bomUpdatedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const detail = await ok<{ bomCount: number }>(get(`${M}getMaterialsDetail`, { id: ids.S13 }));
    expect(detail.bomCount).toBe(2);
  });

  it('refuses a line that closes a loop, directly or deep down, naming the path', async () => {
    const direct = await save(ids.QS, [{ childId: ids.QS, quantity: 1 }]);
    expect(direct.body).toMatchObject({
      errorCode: 1,
      errorMsg: 'BOM不能循环引用：器身 → 器身',
      result: [{ field: 'items.0.childId', message: 'BOM不能循环引用：器身 → 器身' }],
    });
    const deep = await save(ids.GYXQ, [
      { childId: ids.QZ, quantity: 12.5, lossRate: 2 },
      { childId: ids.S13, quantity: 1 },
    ]);
    expect(deep.body).toMatchObject({
      errorCode: 1,
      errorMsg: 'BOM不能循环引用：高压线圈 → 油浸式变压器 → 器身 → 高压线圈',
      result: [{ field: 'items.1.childId' }],
    });
    const viaBranch = await save(ids.GG, [{ childId: ids.TX, quantity: 1 }]);
    expect(viaBranch.body.errorMsg).toContain('只有成品或半成品可以维护BOM');
  });

  it('checks every line and leaves the old lines when one is bad (all or nothing)', async () => {
    const before = await lines(ids.S13);
    const cases: [unknown[], string][] = [
      [[{ childId: ids.QS, quantity: 0 }], '用量必须大于0'],
      [[{ childId: ids.QS, quantity: 1, lossRate: 101 }], '损耗率不能大于100'],
      [[{ childId: ids.QS, quantity: 1, lossRate: -1 }], '损耗率不能小于0'],
      [[{ childId: 999_999, quantity: 1 }], '所选子件物料不存在或已被删除'],
      [
        [
          { childId: ids.QS, quantity: 1 },
          { childId: ids.OIL, quantity: 2 },
          { childId: ids.QS, quantity: 2 },
        ],
        '子件“器身”重复',
      ],
      // the first two lines are fine; the third closes a loop: nothing of the three is written
      [
        [
          { childId: ids.QS, quantity: 2 },
          { childId: ids.OIL, quantity: 1 },
          { childId: ids.S13, quantity: 1 },
        ],
        'BOM不能循环引用：油浸式变压器 → 油浸式变压器',
      ],
    ];
    for (const [items, message] of cases) {
      const res = await save(ids.S13, items);
      expect(res.body.errorCode, message).toBe(1);
      expect(res.body.errorMsg).toBe(message);
      expect(await lines(ids.S13)).toEqual(before);
    }
    const raw = await save(ids.QZ, [{ childId: ids.GG, quantity: 1 }]);
    expect(raw.body.errorMsg).toBe('“漆包铜线”是原材料，只有成品或半成品可以维护BOM');
  });

  it('replaces a level as a whole and keeps the tree consistent', async () => {
    await ok(save(ids.S13, [{ childId: ids.QS, quantity: 2 }]));
    const nodes = await tree(ids.S13);
    expect(nodes.map((n) => [n.code, n.totalQuantity])).toEqual([
      ['S13', 1],
      ['QS', 2],
      ['GYXQ', 6],
      ['QZ', 76.5],
      ['TX', 2],
      ['GG', 1725.5],
    ]);
  });

  it('refuses deleting a material that a BOM uses or that has its own BOM', async () => {
    const child = await h.call('DELETE', `${M}deleteOne`, { token: admin, query: { id: ids.QZ } });
    expect(child.body).toMatchObject({ errorCode: 5, errorMsg: '“漆包铜线”已被上级物料的BOM使用，不能删除' });
    const own = await h.call('DELETE', `${M}deleteOne`, { token: admin, query: { id: ids.S13 } });
    expect(own.body).toMatchObject({
      errorCode: 5,
      errorMsg: '“油浸式变压器”已有BOM，请先在物料清单中删除其BOM',
    });
  });

  it('copies a BOM to another product, deletes one, and exports the exploded tree', async () => {
    const s11 = (
      await ok<{ id: number }>(
        h.call('POST', `${M}addMaterials`, {
          token: admin,
          body: { code: 'S11', name: '油浸式变压器S11', materialType: 2, mainUnitId: set },
        }),
      )
    ).id;
    const copied = await ok<Line[]>(
      h.call('POST', `${M}copyBom`, { token: admin, body: { fromId: ids.S13, toId: s11 } }),
    );
    expect(copied.map((l) => [l.code, l.quantity])).toEqual([['QS', 2]]);
    const empty = await h.call('POST', `${M}copyBom`, { token: admin, body: { fromId: ids.QZ, toId: s11 } });
    expect(empty.body.errorMsg).toBe('复制来源没有BOM明细');
    const intoItself = await h.call('POST', `${M}copyBom`, {
      token: admin,
      body: { fromId: ids.S13, toId: ids.QS },
    });
    expect(intoItself.body.errorMsg).toBe('BOM不能循环引用：器身 → 器身');
    await ok(h.call('DELETE', `${M}deleteBom`, { token: admin, query: { parentId: s11 } }));
    expect(await lines(s11)).toEqual([]);
    await ok(h.call('DELETE', `${M}deleteOne`, { token: admin, query: { id: s11 } }));

    const res = await h.app.inject({
      method: 'GET',
      url: `/api/web/v1/${M}exportBom`,
      headers: { token: admin },
      query: { id: String(ids.S13) },
    });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(
      encodeURIComponent('S13 油浸式变压器 BOM.xlsx'),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const rows = ws.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]).toEqual([
      undefined,
      '序号',
      '层级',
      '物料编码',
      '物料名称',
      '规格型号',
      '物料类型',
      '单位',
      '单位用量',
      '损耗率(%)',
      '累计用量',
    ]);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3], r[6], r[8], r[10]])).toEqual([
      [undefined, 0, 'S13', '成品', undefined, 1],
      ['1', 1, 'QS', '半成品', 2, 2],
      ['1.1', 2, 'GYXQ', '半成品', 3, 6],
      ['1.1.1', 3, 'QZ', '原材料', 12.5, 76.5],
      ['1.2', 2, 'TX', '半成品', 1, 2],
      ['1.2.1', 3, 'GG', '原材料', 850, 1725.5],
    ]);
  });

  it('guards reads and writes by the BOM screen permissions, and keeps tenants apart', async () => {
    expect((await get(`${M}getBomTree`, { id: ids.S13 }, viewer)).body.errorCode).toBe(0);
    expect((await save(ids.S13, [], viewer)).body.errorCode).toBe(3);
    expect((await get(`${M}getBomListPage`, { currentPage: 1, pageSize: 20 }, viewer)).body.errorCode).toBe(
      3,
    );
    const foreign = await get(`${M}getBomTree`, { id: ids.S13 }, otherAdmin);
    expect(foreign.body).toMatchObject({ errorCode: 4, errorMsg: '物料不存在或已被删除' });
    const foreignSave = await save(ids.S13, [], otherAdmin);
    expect(foreignSave.body.errorCode).toBe(4);
    expect((await lines(ids.S13)).length).toBe(1);
  });
});
