import { encryptText } from '@factory/shared/crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { multipart } from '../../testing/multipart.ts';
import { packages, processFlows } from './schema.ts';

let h: Harness;
let tenantId: number;
let admin: string;
let viewer: string;
let otherAdmin: string;
const UNIT = 'basicData/materials/private/unit/';
const CLS = 'basicData/materials/private/materialsClass/';
const ATTR = 'basicData/materials/private/materialsAttribute/';
const MAT = 'basicData/materials/private/materials/';
type Env = { errorCode: number; result: unknown; errorMsg: string };
type Material = {
  id: number;
  code: string;
  name: string;
  specifications: string | null;
  materialType: number;
  className: string | null;
  classId: number | null;
  mainUnitName: string;
  mainUnitId: number;
  auxUnitName: string | null;
  auxUnitId: number | null;
  conversion: number | null;
  isVirtualMaterials: boolean;
  lowerLimit: number | null;
  upperLimit: number | null;
  isEnabled: number;
  attributes: { attributeId: number; attributeName: string; value: string }[];
  attributeText: string | null;
  bomCount: number;
};

const ok = async <T>(p: Promise<{ body: Env }>): Promise<T> => {
  const { body } = await p;
  expect(body.errorCode, JSON.stringify(body)).toBe(0);
  return body.result as T;
};
const post = (url: string, body: unknown, token = admin) => h.call('POST', url, { token, body });
const put = (url: string, body: unknown, token = admin) => h.call('PUT', url, { token, body });
const get = (url: string, query: Record<string, string | number> = {}, token = admin) =>
  h.call('GET', url, { token, query });
const del = (url: string, id: number, token = admin) => h.call('DELETE', url, { token, query: { id } });
const search = (items: unknown[]) => encryptText(JSON.stringify(items));
const page = { currentPage: 1, pageSize: 20 };

let kg: number;
let meter: number;
let piece: number;
let raw: number;
let metal: number;
let voltage: number;
let insulation: number;

beforeAll(async () => {
  h = await createHarness();
  const t = await h.addTenant('mat', [{ userName: 'viewer', modules: [] }]);
  tenantId = t.id;
  await h.addTenant('other');
  admin = await h.login('mat', 'admin');
  viewer = await h.login('mat', 'viewer');
  otherAdmin = await h.login('other', 'admin');
});
afterAll(() => h.close());

describe('units of measure', () => {
  it('adds, refuses a duplicate code or name naming the field, updates and lists', async () => {
    kg = (await ok<{ id: number }>(post(`${UNIT}addUnit`, { code: 'kg', name: '千克' }))).id;
    meter = (await ok<{ id: number }>(post(`${UNIT}addUnit`, { code: 'm', name: '米', remark: '长度' }))).id;
    piece = (await ok<{ id: number }>(post(`${UNIT}addUnit`, { code: 'pcs', name: '个' }))).id;
    const dup = await post(`${UNIT}addUnit`, { code: 'kg', name: '公斤' });
    expect(dup.body).toMatchObject({ errorCode: 7, errorMsg: '单位编码“kg”已存在' });
    const dupName = await post(`${UNIT}addUnit`, { code: 'KG2', name: '千克' });
    expect(dupName.body).toMatchObject({ errorCode: 7, errorMsg: '单位名称“千克”已存在' });
    const missing = await post(`${UNIT}addUnit`, { code: 'x' });
    expect(missing.body.errorCode).toBe(1);
    expect(JSON.stringify(missing.body.result)).toContain('单位名称');
    const badCode = await post(`${UNIT}addUnit`, { code: '千 克', name: '千克2' });
    expect(badCode.body).toMatchObject({ errorCode: 1, errorMsg: '单位编码只能包含字母、数字和 _ . -' });
    expect(await ok(put(`${UNIT}updateOne`, { id: meter, name: '米(m)', precision: 3 }))).toMatchObject({
      code: 'm',
      name: '米(m)',
      precision: 3,
      remark: '长度',
    });
    expect((await put(`${UNIT}updateOne`, { id: meter, precision: 7 })).body.errorCode).toBe(1);
    const list = await ok<{ content: { code: string }[]; total: number }>(
      get(`${UNIT}getUnitListPage`, page),
    );
    expect(list.content.map((u) => u.code)).toEqual(['kg', 'm', 'pcs']);
    const select = await ok<{ records: { name: string }[] }>(
      get(`${UNIT}getUnitList`, {
        page: 1,
        limit: 20,
        searchVal: await search([{ fieldName: 'name', operator: 'like', fieldValue: '米' }]),
      }),
    );
    expect(select.records.map((u) => u.name)).toEqual(['米(m)']);
  });

  it('imports valid rows and refuses a file with a bad one', async () => {
    const upload = async (mode: 'check' | 'write', rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('单位');
      ws.addRow(['单位编码', '单位名称', '备注']);
      for (const r of rows) ws.addRow(r);
      const body = multipart([
        { name: 'file', filename: 'u.xlsx', data: Buffer.from(await wb.xlsx.writeBuffer()) },
      ]);
      const res = await h.app.inject({
        method: 'POST',
        url: `/api/web/v1/${UNIT}importUnit?mode=${mode}`,
        headers: { ...body.headers, token: admin },
        payload: body.payload,
      });
      return res.json() as Env;
    };
    const bad = await upload('check', [
      ['L', '升', ''],
      ['kg', '公斤', ''],
    ]);
    expect((bad.result as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({ row: 3, column: '单位编码', reason: '已存在' }),
    ]);
    expect(
      (
        await upload('write', [
          ['L', '升', ''],
          ['kg', '公斤', ''],
        ])
      ).errorCode,
    ).toBe(1);
    expect(await upload('write', [['L', '升', '油品']])).toMatchObject({
      errorCode: 0,
      result: { written: 1 },
    });
  });

  it('exports and answers code 3 without the key', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/web/v1/${UNIT}export`,
      headers: { token: admin },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(1).values).toEqual([
      undefined,
      '单位编码',
      '单位名称',
      '小数位数',
      '备注',
      '创建时间',
    ]);
    expect(wb.worksheets[0].rowCount).toBe(5);
    expect((await post(`${UNIT}addUnit`, { code: 't', name: '吨' }, viewer)).body.errorCode).toBe(3);
  });
});

describe('material classes', () => {
  let copper: number;

  it('builds a tree and keeps it one (no class under itself or its descendants)', async () => {
    raw = (await ok<{ id: number }>(post(`${CLS}addMaterialsClass`, { name: '原材料', sort: 1 }))).id;
    metal = (
      await ok<{ id: number; code: string; parentName: string }>(
        post(`${CLS}addMaterialsClass`, { name: '金属材料', parentId: raw, sort: 1 }),
      )
    ).id;
    const c = await ok<{ id: number; code: string; parentName: string }>(
      post(`${CLS}addMaterialsClass`, { name: '铜材', parentId: metal }),
    );
    copper = c.id;
    expect(c).toMatchObject({ code: 'WLFL003', parentName: '金属材料', parentId: metal });
    const self = await put(`${CLS}updateOne`, { id: raw, parentId: raw });
    expect(self.body).toMatchObject({ errorCode: 1, errorMsg: '上级分类不能是该分类本身或其下级分类' });
    const below = await put(`${CLS}updateOne`, { id: raw, parentId: copper });
    expect(below.body.errorMsg).toBe('上级分类不能是该分类本身或其下级分类');
    const dup = await post(`${CLS}addMaterialsClass`, { name: '铜材' });
    expect(dup.body).toMatchObject({ errorCode: 7, errorMsg: '分类名称“铜材”已存在' });
    // moving a leaf elsewhere is fine
    await ok(put(`${CLS}updateOne`, { id: copper, parentId: raw }));
  });

  it('refuses deleting a class with children, then deletes a leaf', async () => {
    expect((await del(`${CLS}deleteOne`, raw)).body).toMatchObject({
      errorCode: 5,
      errorMsg: '“原材料”已被下级分类使用，不能删除',
    });
    await ok(del(`${CLS}deleteOne`, copper));
  });
});

describe('material attributes', () => {
  it('normalises the offered values and refuses removing one a material holds', async () => {
    const v = await ok<{ id: number; options: string }>(
      post(`${ATTR}addMaterialsAttribute`, { name: '电压等级', options: ' 10kV, 35kV，10kV；110kV ' }),
    );
    voltage = v.id;
    expect(v.options).toBe('10kV、35kV、110kV');
    insulation = (await ok<{ id: number }>(post(`${ATTR}addMaterialsAttribute`, { name: '绝缘等级' }))).id;
    const dup = await post(`${ATTR}addMaterialsAttribute`, { name: '电压等级' });
    expect(dup.body.errorMsg).toBe('属性名称“电压等级”已存在');
  });
});

describe('materials', () => {
  let wire: Material;
  let transformer: Material;

  it('adds a material with units, class and attributes, numbering the code when left empty', async () => {
    wire = await ok<Material>(
      post(`${MAT}addMaterials`, {
        name: '漆包铜线',
        specifications: 'QZ-2/155 Φ1.0mm',
        materialType: 0,
        classId: metal,
        mainUnitId: kg,
        auxUnitId: meter,
        conversion: 140.5,
        lowerLimit: 200,
        upperLimit: 2000,
        attributes: [{ attributeId: insulation, value: ' F级 ' }],
      }),
    );
    expect(wire).toMatchObject({
      code: 'WL000001',
      className: '金属材料',
      mainUnitName: '千克',
      auxUnitName: '米(m)',
      conversion: 140.5,
      isVirtualMaterials: false,
      lowerLimit: 200,
      upperLimit: 2000,
      isEnabled: 1,
      attributes: [{ attributeId: insulation, attributeName: '绝缘等级', value: 'F级' }],
      attributeText: '绝缘等级：F级',
      bomCount: 0,
    });
    transformer = await ok<Material>(
      post(`${MAT}addMaterials`, {
        code: 'CP-S13-400',
        name: '油浸式变压器',
        specifications: 'S13-M-400/10',
        materialType: 2,
        mainUnitId: piece,
        attributes: [{ attributeId: voltage, value: '10kV' }],
      }),
    );
    expect(await ok(get(`${MAT}getMaterialsDetail`, { id: transformer.id }))).toEqual(transformer);
  });

  it('refuses bad rows with Chinese messages on the field', async () => {
    const base = { name: '硅钢片', materialType: 0, mainUnitId: kg };
    const noUnit = await post(`${MAT}addMaterials`, { name: '硅钢片', materialType: 0 });
    expect(noUnit.body.errorCode).toBe(1);
    expect(JSON.stringify(noUnit.body.result)).toContain('主单位');
    const limits = await post(`${MAT}addMaterials`, { ...base, lowerLimit: 10, upperLimit: 5 });
    expect(limits.body).toMatchObject({
      errorCode: 1,
      errorMsg: '库存下限不能大于库存上限',
      result: [{ field: 'lowerLimit', message: '库存下限不能大于库存上限' }],
    });
    const noConv = await post(`${MAT}addMaterials`, { ...base, auxUnitId: meter });
    expect(noConv.body.result).toEqual([{ field: 'conversion', message: '有辅单位时请输入换算率' }]);
    const zero = await post(`${MAT}addMaterials`, { ...base, auxUnitId: meter, conversion: 0 });
    expect(zero.body.errorMsg).toBe('换算率必须大于0');
    const same = await post(`${MAT}addMaterials`, { ...base, auxUnitId: kg, conversion: 1 });
    expect(same.body.errorMsg).toBe('辅单位不能与主单位相同');
    const badAttr = await post(`${MAT}addMaterials`, {
      ...base,
      attributes: [{ attributeId: voltage, value: '220kV' }],
    });
    expect(badAttr.body.errorMsg).toBe('电压等级应为10kV、35kV、110kV之一');
    const twice = await post(`${MAT}addMaterials`, {
      ...base,
      attributes: [
        { attributeId: insulation, value: 'F' },
        { attributeId: insulation, value: 'H' },
      ],
    });
    expect(twice.body.errorMsg).toBe('物料属性“绝缘等级”重复');
    const dup = await post(`${MAT}addMaterials`, { ...base, code: 'CP-S13-400' });
    expect(dup.body).toMatchObject({ errorCode: 7, errorMsg: '物料编码“CP-S13-400”已存在' });
    // an update is checked against the stored row: raising the lower limit above 2000 is refused
    const raise = await put(`${MAT}updateOne`, { id: wire.id, lowerLimit: 3000 });
    expect(raise.body.errorMsg).toBe('库存下限不能大于库存上限');
    // nothing half-written by the refusals
    expect((await ok<{ total: number }>(get(`${MAT}getMaterialsListPage`, page))).total).toBe(2);
  });

  it('updates fields and replaces attributes only when sent', async () => {
    const changed = await ok<Material>(
      put(`${MAT}updateOne`, { id: wire.id, upperLimit: 2500, auxUnitId: null, conversion: null }),
    );
    expect(changed).toMatchObject({ upperLimit: 2500, auxUnitName: null, conversion: null });
    expect(changed.attributes).toHaveLength(1);
    const cleared = await ok<Material>(put(`${MAT}updateOne`, { id: wire.id, attributes: [] }));
    expect(cleared).toMatchObject({ attributes: [], attributeText: null });
    const removeHeld = await put(`${ATTR}updateOne`, { id: voltage, options: '35kV、110kV' });
    expect(removeHeld.body.errorMsg).toBe('已有物料的该属性值为“10kV”，可选值中不能去掉它');
    const attrInUse = await del(`${ATTR}deleteOne`, voltage);
    expect(attrInUse.body.errorMsg).toBe('“电压等级”已被物料使用，不能删除');
  });

  it('keeps virtual and disabled materials out of selects; finished products and look-up by code', async () => {
    const virtual = await ok<Material>(
      post(`${MAT}addMaterials`, {
        code: 'XN-01',
        name: '虚拟组件',
        specifications: 'ZJ-630/10',
        materialType: 1,
        mainUnitId: piece,
        isVirtualMaterials: true,
      }),
    );
    expect(virtual.isVirtualMaterials).toBe(true);
    const nonVirtual = await ok<{ records: Material[] }>(
      get(`${MAT}getMaterialsList`, {
        page: 1,
        limit: 20,
        searchVal: await search([{ fieldName: 'isVirtualMaterials', operator: 'eq', fieldValue: 0 }]),
      }),
    );
    expect(nonVirtual.records.map((m) => m.code)).toEqual(['CP-S13-400', 'WL000001']);
    const all = await ok<{ records: Material[] }>(get(`${MAT}getMaterialsList`, { page: 1, limit: 20 }));
    expect(all.records.map((m) => m.code)).toEqual(['CP-S13-400', 'WL000001', 'XN-01']);
    // a picker's text is looked for in the code and the specification as well as the name
    const picked = async (text: string) =>
      (
        await ok<{ records: Material[] }>(
          get(`${MAT}getMaterialsList`, {
            page: 1,
            limit: 20,
            searchVal: await search([{ fieldName: 'name', operator: 'like', fieldValue: text }]),
          }),
        )
      ).records.map((m) => m.code);
    expect(await picked('xn-0')).toEqual(['XN-01']);
    expect(await picked('虚拟')).toEqual(['XN-01']);
    expect(await picked('zj-630')).toEqual(['XN-01']);
    const finished = await ok<{ records: Material[] }>(
      get(`${MAT}getFinishedMaterials`, { page: 1, limit: 20 }),
    );
    expect(finished.records.map((m) => m.code)).toEqual(['CP-S13-400', 'XN-01']);
    await ok(get(`${MAT}disable`, { id: virtual.id }));
    const afterDisable = await ok<{ records: Material[] }>(
      get(`${MAT}getFinishedMaterials`, { page: 1, limit: 20 }),
    );
    expect(afterDisable.records.map((m) => m.code)).toEqual(['CP-S13-400']);
    const listPage = await ok<{ content: Material[] }>(
      get(`${MAT}getMaterialsListPage`, {
        ...page,
        searchVal: await search([{ fieldName: 'isEnabled', operator: 'eq', fieldValue: 0 }]),
      }),
    );
    expect(listPage.content.map((m) => m.code)).toEqual(['XN-01']);
    await ok(get(`${MAT}enable`, { id: virtual.id }));
    const byCode = await ok<Material[]>(get(`${MAT}getMaterialsListByCode`, { code: 'WL000001' }));
    expect(byCode.map((m) => m.code)).toEqual(['WL000001']);
    await ok(
      post(`${MAT}addMaterials`, { code: 'WL000001-B', name: '漆包铜线', materialType: 0, mainUnitId: kg }),
    );
    await ok(
      post(`${MAT}addMaterials`, { code: 'A-WL000001', name: '漆包铜线', materialType: 0, mainUnitId: kg }),
    );
    const exactFirst = await ok<Material[]>(get(`${MAT}getMaterialsListByCode`, { code: 'WL000001' }));
    expect(exactFirst.map((m) => m.code)).toEqual(['WL000001', 'A-WL000001', 'WL000001-B']);
    const like = await ok<Material[]>(get(`${MAT}getMaterialsListByCode`, { code: 'wl0' }));
    expect(like).toHaveLength(3);
    const none = await ok<Material[]>(get(`${MAT}getMaterialsListByCode`, { code: '%' }));
    expect(none).toEqual([]);
  });

  it('filters the list by name, specification, type and class; sorts', async () => {
    const found = await ok<{ content: Material[] }>(
      get(`${MAT}getMaterialsListPage`, {
        ...page,
        order: '-code',
        searchVal: await search([
          { fieldName: 'name', operator: 'like', fieldValue: '铜线' },
          { fieldName: 'materialType', operator: 'in', fieldValue: [0, 3] },
        ]),
      }),
    );
    expect(found.content.map((m) => m.code)).toEqual(['WL000001-B', 'WL000001', 'A-WL000001']);
    const bySpec = await ok<{ content: Material[] }>(
      get(`${MAT}getMaterialsListPage`, {
        ...page,
        searchVal: await search([{ fieldName: 'specifications', operator: 'like', fieldValue: 'S13' }]),
      }),
    );
    expect(bySpec.content.map((m) => m.code)).toEqual(['CP-S13-400']);
    const byClass = await ok<{ content: Material[] }>(
      get(`${MAT}getMaterialsListPage`, {
        ...page,
        searchVal: await search([{ fieldName: 'className', operator: 'like', fieldValue: '金属' }]),
      }),
    );
    expect(byClass.content.map((m) => m.code)).toEqual(['WL000001']);
  });

  it('refuses deleting a unit, class or material something uses, naming the user', async () => {
    expect((await del(`${UNIT}deleteOne`, kg)).body).toMatchObject({
      errorCode: 5,
      errorMsg: '“千克”已被物料（主单位）使用，不能删除',
    });
    expect((await del(`${CLS}deleteOne`, metal)).body.errorMsg).toBe('“金属材料”已被物料使用，不能删除');
    await h.db.withTenant(tenantId, async (tx) => {
      await tx.insert(packages).values({ code: 'BZ001', name: '线盘', materialId: wire.id });
      await tx.insert(processFlows).values({ code: 'GY001', name: 'S13总装', materialId: transformer.id });
    });
    expect((await del(`${MAT}deleteOne`, wire.id)).body).toMatchObject({
      errorCode: 5,
      errorMsg: '“漆包铜线”已被包装信息使用，不能删除',
    });
    expect((await del(`${MAT}deleteOne`, transformer.id)).body.errorMsg).toBe(
      '“油浸式变压器”已被工艺路线使用，不能删除',
    );
  });

  it('deletes an unused material with its attribute values', async () => {
    const m = await ok<Material>(
      post(`${MAT}addMaterials`, {
        name: '套管',
        materialType: 0,
        mainUnitId: piece,
        attributes: [{ attributeId: insulation, value: 'A' }],
      }),
    );
    await ok(del(`${MAT}deleteOne`, m.id));
    expect((await get(`${MAT}getMaterialsDetail`, { id: m.id })).body).toMatchObject({
      errorCode: 4,
      errorMsg: '物料不存在或已被删除',
    });
  });

  it('imports with the same rules as the form, all rows or none', async () => {
    const upload = async (mode: 'check' | 'write', rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('物料');
      ws.addRow([
        '物料编码',
        '物料名称',
        '规格型号',
        '物料类型',
        '物料分类',
        '主单位',
        '辅单位',
        '换算率',
        '虚拟物料',
        '库存下限',
        '库存上限',
      ]);
      for (const r of rows) ws.addRow(r);
      const body = multipart([
        { name: 'file', filename: 'm.xlsx', data: Buffer.from(await wb.xlsx.writeBuffer()) },
      ]);
      const res = await h.app.inject({
        method: 'POST',
        url: `/api/web/v1/${MAT}importMaterials?mode=${mode}`,
        headers: { ...body.headers, token: admin },
        payload: body.payload,
      });
      return res.json() as Env;
    };
    const rows = [
      ['YCL-001', '冷轧取向硅钢片', '30Q120', '原材料', '金属材料', '千克', '', '', '否', 500, 5000],
      ['YCL-002', '绝缘纸', 'DDP 0.08mm', '原材料', '', '千克', '米(m)', '', '否', '', ''],
      ['YCL-003', '变压器油', '25#', '原材料', '', '升', '', '', '否', 900, 100],
      ['YCL-004', '油箱', '', '外购件', '', '台', '', '', '', '', ''],
      ['WL000001', '重复', '', '原材料', '', '千克', '', '', '', '', ''],
    ];
    const checked = (await upload('check', rows)).result as {
      total: number;
      valid: number;
      errors: unknown[];
    };
    expect(checked).toMatchObject({ total: 5, valid: 1 });
    expect(checked.errors).toEqual([
      { row: 3, column: '换算率', reason: '有辅单位时请输入换算率' },
      { row: 4, column: '库存下限', value: '900', reason: '库存下限不能大于库存上限' },
      expect.objectContaining({ row: 5, column: '物料类型' }),
      expect.objectContaining({ row: 5, column: '主单位', reason: '未找到名称为“台”的主单位' }),
      { row: 6, column: '物料编码', value: 'WL000001', reason: '已存在' },
    ]);
    expect((await upload('write', rows)).errorCode).toBe(1);
    const good = await upload('write', [
      rows[0],
      ['YCL-002', '绝缘纸', 'DDP 0.08mm', '原材料', '', '千克', '米(m)', 12, '否', '', ''],
    ]);
    expect(good).toMatchObject({ errorCode: 0, result: { total: 2, written: 2 } });
    const imported = await ok<{ content: Material[] }>(
      get(`${MAT}getMaterialsListPage`, {
        ...page,
        searchVal: await search([{ fieldName: 'code', operator: 'like', fieldValue: 'YCL' }]),
      }),
    );
    expect(imported.content).toEqual([
      expect.objectContaining({
        code: 'YCL-001',
        className: '金属材料',
        lowerLimit: 500,
        upperLimit: 5000,
        isEnabled: 1,
      }),
      expect.objectContaining({
        code: 'YCL-002',
        auxUnitName: '米(m)',
        conversion: 12,
        isVirtualMaterials: false,
      }),
    ]);
  });

  it('exports the visible columns with the list filter', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/web/v1/${MAT}export`,
      headers: { token: admin },
      query: {
        columns: 'code,name,specifications,materialType,mainUnitName,attributeText',
        searchVal: await search([{ fieldName: 'code', operator: 'like', fieldValue: 'CP-' }]),
      },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([
      undefined,
      '物料编码',
      '物料名称',
      '规格型号',
      '物料类型',
      '主单位',
      '物料属性',
    ]);
    expect(ws.getRow(2).values).toEqual([
      undefined,
      'CP-S13-400',
      '油浸式变压器',
      'S13-M-400/10',
      '成品',
      '个',
      '电压等级：10kV',
    ]);
    expect(ws.rowCount).toBe(2);
  });

  it('answers code 3 without the key and hides one tenant from another', async () => {
    expect(
      (await post(`${MAT}addMaterials`, { name: 'x', materialType: 0, mainUnitId: kg }, viewer)).body
        .errorCode,
    ).toBe(3);
    expect((await get(`${MAT}getMaterialsListPage`, page, viewer)).body.errorCode).toBe(3);
    const foreign = await get(`${MAT}getMaterialsListPage`, page, otherAdmin);
    expect((foreign.body.result as { total: number }).total).toBe(0);
    const foreignUnit = await post(
      `${MAT}addMaterials`,
      { name: 'x', materialType: 0, mainUnitId: kg },
      otherAdmin,
    );
    expect(foreignUnit.body.errorMsg).toBe('所选主单位不存在或已被删除');
  });
});
