import type { PackageLevel } from '@factory/shared/entities/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs, workbook } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';

let h: Harness;
let a: Calls;
let viewer: Calls;
let other: Calls;
const TRAY = 'warehouse/private/tray/';
const ST = 'warehouse/private/stockType/';
const PKG = 'warehouse/private/packageInfo/';
const MAT = 'basicData/materials/private/';
type Tray = {
  id: number;
  code: string;
  name: string;
  specifications: string | null;
  maxLoad: number | null;
  isEnabled: number;
};
type StockType = {
  id: number;
  code: string;
  name: string;
  direction: number;
  bookAs: number;
  isEnabled: number;
};
type Package = {
  id: number;
  code: string;
  name: string;
  materialId: number;
  materialName: string;
  materialCode: string;
  mainUnitName: string;
  levelText: string | null;
  totalQuantity: number | null;
  levels: PackageLevel[];
};

beforeAll(async () => {
  h = await createHarness();
  await h.addTenant('pack', [{ userName: 'viewer', modules: [] }]);
  await h.addTenant('other');
  a = callsAs(h, await h.login('pack', 'admin'));
  viewer = callsAs(h, await h.login('pack', 'viewer'));
  other = callsAs(h, await h.login('other', 'admin'));
});
afterAll(() => h.close());

describe('trays', () => {
  it('adds, copies nothing unique by name, imports and exports', async () => {
    const t1 = await a.ok<Tray>(
      a.post(`${TRAY}addTray`, { name: '标准木托盘', specifications: '1200×1000×150mm', maxLoad: 1500 }),
    );
    expect(t1).toMatchObject({ code: 'TP0001', maxLoad: 1500, isEnabled: 1 });
    // many trays of one kind share the name
    const t2 = await a.ok<Tray>(a.post(`${TRAY}addTray`, { name: '标准木托盘', isEnabled: 0 }));
    expect(t2).toMatchObject({ code: 'TP0002', isEnabled: 0 });
    const negative = await a.post(`${TRAY}addTray`, { name: '坏托盘', maxLoad: -1 });
    expect(negative.body.errorMsg).toBe('最大承重(kg)不能小于0');
    const select = await a.ok<{ records: Tray[] }>(a.get(`${TRAY}getTrayList`, { page: 1, limit: 20 }));
    expect(select.records.map((t) => t.code)).toEqual(['TP0001']);
    const header = ['托盘编码', '托盘名称', '规格', '最大承重(kg)', '状态', '备注'];
    const bad = await workbook(header, [['TP0001', '重复', '', 'abc', '', '']]);
    const checked = (await a.upload(`${TRAY}importTray`, 'check', bad)).result as {
      errors: { column: string }[];
    };
    expect(checked.errors.map((e) => e.column).sort()).toEqual(['托盘编码', '最大承重(kg)']);
    const good = await workbook(header, [
      ['', '钢制托盘', '1200×1000×160mm', 3000, '', ''],
      ['TP0100', '塑料托盘', '', '', '', ''],
    ]);
    expect((await a.upload(`${TRAY}importTray`, 'write', good)).errorCode).toBe(0);
    const rows = await a.exported(`${TRAY}export`, { columns: 'code,name,maxLoad', order: '+code' });
    expect(rows).toEqual([
      ['托盘编码', '托盘名称', '最大承重(kg)'],
      ['TP0001', '标准木托盘', 1500],
      // an empty last cell is no cell
      ['TP0002', '标准木托盘'],
      ['TP0003', '钢制托盘', 3000],
      ['TP0100', '塑料托盘'],
    ]);
    expect((await viewer.post(`${TRAY}addTray`, { name: 'X' })).body.errorCode).toBe(3);
    expect((await other.page(`${TRAY}getTrayListPage`)).total).toBe(0);
  });
});

describe('stock-in/out types', () => {
  it('every tenant starts with the spec’s inbound and outbound types', async () => {
    const all = await a.page<StockType>(`${ST}getStockTypeListPage`);
    expect(all.content.map((t) => [t.code, t.name, t.direction, t.bookAs])).toEqual([
      ['RK01', '采购入库', 0, 0],
      ['RK02', '生产入库', 0, 1],
      ['RK03', '装箱入库', 0, 2],
      ['RK04', '组托入库', 0, 3],
      ['RK05', '其他入库', 0, 4],
      ['RK06', '报工撤回入库', 0, 5],
      ['CK01', '生产领料', 1, 0],
      ['CK02', '销售出库', 1, 1],
      ['CK03', '其他出库', 1, 2],
      ['CK04', '生产投料', 1, 3],
    ]);
    expect((await other.page(`${ST}getStockTypeListPage`)).total).toBe(10);
  });

  it('books a type as an inbound type going in and an outbound type going out, refusing a mismatch', async () => {
    const sample = await a.ok<StockType>(
      a.post(`${ST}addStockType`, { code: 'RK07', name: '样品入库', direction: 0, bookAs: 4 }),
    );
    expect(sample).toMatchObject({ direction: 0, bookAs: 4, isEnabled: 1 });
    const wrong = await a.post(`${ST}addStockType`, {
      code: 'CK05',
      name: '退货出库',
      direction: 1,
      bookAs: 5,
    });
    expect(wrong.body).toMatchObject({
      errorCode: 1,
      errorMsg: '出库类型的记账类型应为生产领料、销售出库、其他出库、生产投料之一',
    });
    expect(wrong.body.result).toEqual([{ field: 'bookAs', message: wrong.body.errorMsg }]);
    const missing = await a.post(`${ST}addStockType`, { code: 'CK05', name: '退货出库', direction: 1 });
    expect(JSON.stringify(missing.body.result)).toContain('请选择记账类型');
    // changing only the direction is checked against the stored type: 其他入库 (4) is no outbound type
    const flipped = await a.put(`${ST}updateOne`, { id: sample.id, direction: 1 });
    expect(flipped.body.errorMsg).toBe('出库类型的记账类型应为生产领料、销售出库、其他出库、生产投料之一');
    const moved = await a.ok<StockType>(a.put(`${ST}updateOne`, { id: sample.id, direction: 1, bookAs: 2 }));
    expect(moved).toMatchObject({ direction: 1, bookAs: 2 });
    expect((await a.put(`${ST}updateOne`, { id: sample.id, bookAs: 5 })).body.errorCode).toBe(1);
    const dup = await a.post(`${ST}addStockType`, {
      code: 'RK99',
      name: '采购入库',
      direction: 0,
      bookAs: 0,
    });
    expect(dup.body).toMatchObject({ errorCode: 7, errorMsg: '类型名称“采购入库”已存在' });
  });

  it('disables a type (gone from the select list) and deletes it; code 3 without the key', async () => {
    const [first] = (await a.page<StockType>(`${ST}getStockTypeListPage`)).content;
    await a.ok(a.get(`${ST}disable`, { id: first.id }));
    const select = await a.ok<{ total: number }>(a.get(`${ST}getStockTypeList`, { page: 1, limit: 20 }));
    expect(select.total).toBe(10);
    await a.ok(a.del(`${ST}deleteOne`, first.id));
    expect((await viewer.get(`${ST}enable`, { id: first.id })).body.errorCode).toBe(3);
    expect((await other.del(`${ST}deleteOne`, first.id)).body.errorCode).toBe(4);
  });
});

describe('packages', () => {
  let transformerId: number;
  let pkg: Package;

  beforeAll(async () => {
    const tai = await a.ok<{ id: number }>(a.post(`${MAT}unit/addUnit`, { code: 'TAI', name: '台' }));
    transformerId = (
      await a.ok<{ id: number }>(
        a.post(`${MAT}materials/addMaterials`, {
          code: 'CP001',
          name: '干式变压器',
          materialType: 2,
          mainUnitId: tai.id,
        }),
      )
    ).id;
  });

  it('adds a package with its levels, innermost first, and multiplies them out', async () => {
    pkg = await a.ok<Package>(
      a.post(`${PKG}addPackageInfo`, {
        name: '整托包装',
        materialId: transformerId,
        levels: [
          { name: '箱', quantity: 2 },
          { name: '托', quantity: 4 },
        ],
      }),
    );
    expect(pkg).toMatchObject({
      code: 'BZ0001',
      materialName: '干式变压器',
      materialCode: 'CP001',
      mainUnitName: '台',
      levelText: '2台/箱，4箱/托',
      totalQuantity: 8,
      levels: [
        { level: 1, name: '箱', quantity: 2 },
        { level: 2, name: '托', quantity: 4 },
      ],
    });
    expect(await a.ok(a.get(`${PKG}getPackageInfoDetail`, { id: pkg.id }))).toEqual(pkg);
  });

  it('refuses no levels, a zero quantity, a repeated level name and a missing material', async () => {
    const none = await a.post(`${PKG}addPackageInfo`, { name: '空', materialId: transformerId, levels: [] });
    expect(none.body.errorMsg).toBe('包装层级至少需要1项');
    const zero = await a.post(`${PKG}addPackageInfo`, {
      name: '零',
      materialId: transformerId,
      levels: [{ name: '箱', quantity: 0 }],
    });
    expect(zero.body.errorMsg).toBe('数量必须大于0');
    const twice = await a.post(`${PKG}addPackageInfo`, {
      name: '重复',
      materialId: transformerId,
      levels: [
        { name: '箱', quantity: 2 },
        { name: '箱', quantity: 3 },
      ],
    });
    expect(twice.body).toMatchObject({ errorCode: 1, errorMsg: '包装层级“箱”重复' });
    const noMaterial = await a.post(`${PKG}addPackageInfo`, {
      name: '无料',
      levels: [{ name: '箱', quantity: 1 }],
    });
    expect(JSON.stringify(noMaterial.body.result)).toContain('请选择物料');
    expect((await a.page(`${PKG}getPackageInfoListPage`)).total).toBe(1);
  });

  it('replaces the levels on modify, keeps them when not sent, and sorts by the whole quantity', async () => {
    await a.ok(a.put(`${PKG}updateOne`, { id: pkg.id, remark: '出口' }));
    expect((await a.ok<Package>(a.get(`${PKG}getPackageInfoDetail`, { id: pkg.id }))).levels).toHaveLength(2);
    const changed = await a.ok<Package>(
      a.put(`${PKG}updateOne`, {
        id: pkg.id,
        levels: [
          { name: '箱', quantity: 1.5 },
          { name: '托', quantity: 4 },
          { name: '柜', quantity: 10 },
        ],
      }),
    );
    expect(changed).toMatchObject({
      levelText: '1.5台/箱，4箱/托，10托/柜',
      totalQuantity: 60,
      remark: '出口',
    });
    await a.ok(
      a.post(`${PKG}addPackageInfo`, {
        name: '单台',
        materialId: transformerId,
        levels: [{ name: '木箱', quantity: 1 }],
      }),
    );
    const sorted = await a.page<Package>(`${PKG}getPackageInfoListPage`, [], '-totalQuantity');
    expect(sorted.content.map((p) => p.totalQuantity)).toEqual([60, 1]);
    const rows = await a.exported(`${PKG}export`, {
      columns: 'code,materialName,levelText,totalQuantity',
      order: '+code',
    });
    expect(rows[1]).toEqual(['BZ0001', '干式变压器', '1.5台/箱，4箱/托，10托/柜', 60]);
  });

  it('keeps the material from being deleted while a package uses it; deletes the package with its levels', async () => {
    const used = await a.del(`${MAT}materials/deleteOne`, transformerId);
    expect(used.body.errorCode).toBe(5);
    expect(used.body.errorMsg).toContain('包装信息');
    await a.ok(a.del(`${PKG}deleteOne`, pkg.id));
    expect((await a.get(`${PKG}getPackageInfoDetail`, { id: pkg.id })).body.errorCode).toBe(4);
    expect(
      (await viewer.get(`${PKG}getPackageInfoListPage`, { currentPage: 1, pageSize: 20 })).body.errorCode,
    ).toBe(3);
    expect((await other.page(`${PKG}getPackageInfoListPage`)).total).toBe(0);
  });
});
