import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs, workbook } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';

let h: Harness;
let a: Calls;
let viewer: Calls;
let other: Calls;
let keeperId: number;
let lineId: number;
const WH = 'warehouse/private/warehouse/';
const AREA = 'warehouse/private/warehouseArea/';
const LOC = 'warehouse/private/warehouseLocation/';
const SIT = 'warehouse/private/sitWarehouse/';
type Warehouse = {
  id: number;
  code: string;
  name: string;
  keeperId: number | null;
  keeperName: string | null;
  address: string | null;
  areaCount: number;
  locationCount: number;
  isEnabled: number;
  kind: number;
};
type Area = {
  id: number;
  code: string;
  name: string;
  warehouseId: number;
  warehouseName: string;
  locationCount: number;
};
type Location = {
  id: number;
  code: string;
  name: string;
  warehouseAreaId: number;
  warehouseAreaName: string;
  warehouseName: string;
  capacity: number | null;
  isEnabled: number;
};
type Sit = Warehouse & { areaId: number; areaName: string };

beforeAll(async () => {
  h = await createHarness();
  const t = await h.addTenant('wh', [
    { userName: 'viewer', modules: [] },
    { userName: 'cangguan', name: '周敏', modules: ['warehouse'] },
  ]);
  keeperId = t.users.cangguan;
  await h.addTenant('other');
  a = callsAs(h, await h.login('wh', 'admin'));
  viewer = callsAs(h, await h.login('wh', 'viewer'));
  other = callsAs(h, await h.login('other', 'admin'));
  lineId = (await a.ok<{ id: number }>(a.post('basicData/private/area/addArea', { name: '绕线一线' }))).id;
});
afterAll(() => h.close());

describe('warehouse → area → location', () => {
  let raw: Warehouse;
  let copper: Area;
  let steel: Area;
  let a0101: Location;

  it('adds a warehouse with its keeper, numbered, and counts nothing inside yet', async () => {
    raw = await a.ok<Warehouse>(
      a.post(`${WH}addWarehouse`, { name: '原材料库', keeperId, address: '厂区北侧1号库房' }),
    );
    expect(raw).toMatchObject({
      code: 'CK001',
      keeperName: '周敏',
      isEnabled: 1,
      areaCount: 0,
      locationCount: 0,
      kind: 0,
    });
    const badKeeper = await a.post(`${WH}addWarehouse`, { name: '无人库', keeperId: 999_999 });
    expect(badKeeper.body.errorMsg).toBe('所选仓管员不存在或已被删除');
    const dup = await a.post(`${WH}addWarehouse`, { name: '原材料库' });
    expect(dup.body).toMatchObject({ errorCode: 7, errorMsg: '仓库名称“原材料库”已存在' });
  });

  it('adds areas in the warehouse and locations in an area, filtered by their parent id', async () => {
    copper = await a.ok<Area>(a.post(`${AREA}addWarehouseArea`, { name: '铜材区', warehouseId: raw.id }));
    steel = await a.ok<Area>(
      a.post(`${AREA}addWarehouseArea`, { code: 'YCL-B', name: '硅钢区', warehouseId: raw.id }),
    );
    expect(copper).toMatchObject({ code: 'KQ001', warehouseName: '原材料库', locationCount: 0 });
    a0101 = await a.ok<Location>(
      a.post(`${LOC}addWarehouseLocation`, {
        code: 'A-01-01',
        name: 'A排1列1层',
        warehouseAreaId: copper.id,
        capacity: 2000,
      }),
    );
    expect(a0101).toMatchObject({
      warehouseAreaName: '铜材区',
      warehouseName: '原材料库',
      capacity: 2000,
      isEnabled: 1,
    });
    await a.ok(
      a.post(`${LOC}addWarehouseLocation`, {
        code: 'A-01-02',
        name: 'A排1列2层',
        warehouseAreaId: copper.id,
      }),
    );
    await a.ok(
      a.post(`${LOC}addWarehouseLocation`, { code: 'B-01-01', name: 'B排1列1层', warehouseAreaId: steel.id }),
    );
    const dup = await a.post(`${LOC}addWarehouseLocation`, {
      code: 'A-01-01',
      name: '重复',
      warehouseAreaId: steel.id,
    });
    expect(dup.body).toMatchObject({ errorCode: 7, errorMsg: '库位编码“A-01-01”已存在' });
    const missing = await a.post(`${LOC}addWarehouseLocation`, { code: 'C-01-01', name: '无区' });
    expect(JSON.stringify(missing.body.result)).toContain('所属库区');

    const areas = await a.page<Area>(`${AREA}getWarehouseAreaListPage`, [
      { fieldName: 'warehouseId', operator: 'eq', fieldValue: raw.id },
    ]);
    expect(areas.content.map((r) => [r.name, r.locationCount])).toEqual([
      ['铜材区', 2],
      ['硅钢区', 1],
    ]);
    const inCopper = await a.page<Location>(`${LOC}getWarehouseLocationListPage`, [
      { fieldName: 'warehouseAreaId', operator: 'eq', fieldValue: copper.id },
    ]);
    expect(inCopper.content.map((r) => r.code)).toEqual(['A-01-01', 'A-01-02']);
    const counted = await a.ok<Warehouse>(a.get(`${WH}getWarehouseDetail`, { id: raw.id }));
    expect(counted).toMatchObject({ areaCount: 2, locationCount: 3 });
  });

  it('refuses deleting a warehouse with areas and an area with locations, naming them', async () => {
    const wh = await a.del(`${WH}deleteOne`, raw.id);
    expect(wh.body).toMatchObject({
      errorCode: 5,
      errorMsg: '“原材料库”下还有库区“铜材区、硅钢区”，请先删除这些库区',
    });
    const area = await a.del(`${AREA}deleteOne`, copper.id);
    expect(area.body).toMatchObject({
      errorCode: 5,
      errorMsg: '“铜材区”下还有库位“A-01-01、A-01-02”，请先删除这些库位',
    });
    await a.ok(a.del(`${LOC}deleteOne`, a0101.id));
    expect((await a.del(`${AREA}deleteOne`, copper.id)).body.errorMsg).toBe(
      '“铜材区”下还有库位“A-01-02”，请先删除这些库位',
    );
  });

  it('imports hundreds of locations naming their area by code, all or nothing', async () => {
    const header = ['库位编码', '库位名称', '库区编码', '容量', '状态', '备注'];
    const bad = await workbook(header, [
      ['B-01-02', 'B排1列2层', 'YCL-B', 500, '', ''],
      ['B-01-03', 'B排1列3层', 'NOPE', '', '', ''],
      ['A-01-02', '已有', 'YCL-B', '', '', ''],
    ]);
    const checked = (await a.upload(`${LOC}importWarehouseLocation`, 'check', bad)).result as {
      errors: { row: number; column: string; reason: string }[];
    };
    expect(checked.errors).toEqual([
      expect.objectContaining({ row: 3, column: '库区编码', reason: '未找到编码为“NOPE”的所属库区' }),
      expect.objectContaining({ row: 4, column: '库位编码', reason: '已存在' }),
    ]);
    expect((await a.upload(`${LOC}importWarehouseLocation`, 'write', bad)).errorCode).toBe(1);
    const rows = [];
    for (let r = 1; r <= 10; r++)
      for (let l = 1; l <= 30; l++)
        rows.push([
          `C-${String(r).padStart(2, '0')}-${String(l).padStart(2, '0')}`,
          `C排${r}列${l}层`,
          'YCL-B',
          '',
          '',
          '',
        ]);
    const good = await workbook(header, rows);
    expect(await a.upload(`${LOC}importWarehouseLocation`, 'write', good)).toMatchObject({
      errorCode: 0,
      result: { written: 300 },
    });
    const b = await a.ok<Area>(a.get(`${AREA}getWarehouseAreaDetail`, { id: steel.id }));
    expect(b.locationCount).toBe(301);
  });

  it('imports and exports warehouses with their keeper by name', async () => {
    const header = ['仓库编码', '仓库名称', '仓管员', '仓库地址', '状态', '备注'];
    const bad = await workbook(header, [['CK009', '半成品库', '不存在的人', '', '', '']]);
    const checked = (await a.upload(`${WH}importWarehouse`, 'check', bad)).result as {
      errors: { column: string }[];
    };
    expect(checked.errors.map((e) => e.column)).toEqual(['仓管员']);
    const good = await workbook(header, [
      ['CK009', '半成品库', '周敏', '2号库房', '', ''],
      ['', '成品库', '', '', '停用', ''],
    ]);
    expect((await a.upload(`${WH}importWarehouse`, 'write', good)).errorCode).toBe(0);
    const rows = await a.exported(`${WH}export`, {
      columns: 'code,name,keeperName,areaCount,isEnabled',
      order: '+code',
    });
    expect(rows).toEqual([
      ['仓库编码', '仓库名称', '仓管员', '库区数', '状态'],
      ['CK001', '原材料库', '周敏', 2, '启用'],
      ['CK002', '成品库', undefined, 0, '停用'],
      ['CK009', '半成品库', '周敏', 0, '启用'],
    ]);
  });

  it('offers only enabled warehouses to select, and areas only in warehouses', async () => {
    const select = await a.ok<{ records: Warehouse[] }>(
      a.get(`${WH}getWarehouseList`, { page: 1, limit: 20 }),
    );
    expect(select.records.map((w) => w.name)).toEqual(['原材料库', '半成品库']);
  });

  it('keeps a keeper from being deleted while a warehouse names them', async () => {
    const refused = await a.del('authority/private/user/deleteOne', keeperId);
    expect(refused.body).toMatchObject({
      errorCode: 5,
      // every warehouse they keep (up to three) is named, not only the first
      errorMsg: '“周敏”是“原材料库、半成品库”的仓管员，请先在仓库中更换仓管员',
    });
  });

  it('answers code 3 without the key and hides one tenant from another', async () => {
    expect((await viewer.post(`${WH}addWarehouse`, { name: 'X' })).body.errorCode).toBe(3);
    expect(
      (await viewer.get(`${LOC}getWarehouseLocationListPage`, { currentPage: 1, pageSize: 20 })).body
        .errorCode,
    ).toBe(3);
    expect((await other.page(`${LOC}getWarehouseLocationListPage`)).total).toBe(0);
    const foreign = await other.post(`${AREA}addWarehouseArea`, { name: 'X', warehouseId: raw.id });
    expect(foreign.body.errorMsg).toBe('所选所属仓库不存在或已被删除');
  });
});

describe('line-side warehouses', () => {
  let sit: Sit;

  it('are warehouses bound to a line, listed apart from the warehouse model', async () => {
    sit = await a.ok<Sit>(
      a.post(`${SIT}addSitWarehouse`, { name: '绕线一线线边仓', areaId: lineId, keeperId }),
    );
    expect(sit).toMatchObject({ code: 'XBC001', areaName: '绕线一线', keeperName: '周敏', isEnabled: 1 });
    const noLine = await a.post(`${SIT}addSitWarehouse`, { name: '无线' });
    expect(JSON.stringify(noLine.body.result)).toContain('请选择所属产线');
    // one table, two screens: neither shows nor changes the other's rows
    expect((await a.page<Sit>(`${SIT}getSitWarehouseListPage`)).content.map((w) => w.name)).toEqual([
      '绕线一线线边仓',
    ]);
    expect((await a.page<Warehouse>(`${WH}getWarehouseListPage`)).content.map((w) => w.name)).not.toContain(
      '绕线一线线边仓',
    );
    expect((await a.get(`${WH}getWarehouseDetail`, { id: sit.id })).body.errorCode).toBe(4);
    expect((await a.put(`${WH}updateOne`, { id: sit.id, name: '改名' })).body.errorCode).toBe(4);
    expect((await a.del(`${WH}deleteOne`, sit.id)).body.errorCode).toBe(4);
    // names are unique across both
    expect((await a.post(`${SIT}addSitWarehouse`, { name: '原材料库', areaId: lineId })).body.errorCode).toBe(
      7,
    );
    const noArea = await a.post(`${AREA}addWarehouseArea`, { name: '线边区', warehouseId: sit.id });
    expect(noArea.body.errorMsg).toBe('所选所属仓库不存在或已被删除');
  });

  it('disables and enables; the select lists follow', async () => {
    const both = async () =>
      (
        await a.ok<{ records: { name: string; kind: number; areaName: string | null }[] }>(
          a.get('updateInterface/private/getWarehouseList', { page: 1, limit: 20 }),
        )
      ).records;
    expect(await both()).toEqual([
      expect.objectContaining({ name: '原材料库', kind: 0, areaName: null }),
      expect.objectContaining({ name: '半成品库', kind: 0 }),
      expect.objectContaining({ name: '绕线一线线边仓', kind: 1, areaName: '绕线一线' }),
    ]);
    await a.ok(a.get(`${SIT}disable`, { id: sit.id }));
    expect((await both()).map((w) => w.name)).toEqual(['原材料库', '半成品库']);
    expect(
      (await a.ok<{ total: number }>(a.get(`${SIT}getSitWarehouseList`, { page: 1, limit: 20 }))).total,
    ).toBe(0);
    await a.ok(a.get(`${SIT}enable`, { id: sit.id }));
    const rows = await a.exported(`${SIT}export`, { columns: 'code,name,areaName' });
    expect(rows).toEqual([
      ['线边仓编码', '线边仓名称', '所属产线'],
      ['XBC001', '绕线一线线边仓', '绕线一线'],
    ]);
  });

  it('keeps the line from being deleted while it has a line-side warehouse', async () => {
    const refused = await a.del('basicData/private/area/deleteOne', lineId);
    expect(refused.body).toMatchObject({
      errorCode: 5,
      errorMsg: '“绕线一线”已被线边仓“绕线一线线边仓”使用，不能删除',
    });
    await a.ok(a.del(`${SIT}deleteOne`, sit.id));
    await a.ok(a.del('basicData/private/area/deleteOne', lineId));
  });
});
