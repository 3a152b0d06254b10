import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type TestTenant } from '../../testing/harness.ts';
import { planFor } from './index.ts';

let h: Harness;
let t: TestTenant;
let admin: string;
let viewer: string;
const IT = 'quality/private/inspectionItem/';
const DF = 'quality/private/defectItem/';
const PL = 'quality/private/inspectionPlan/';
type Env = { errorCode: number; result: unknown; errorMsg: string };

const ok = async <T>(p: Promise<{ body: Env }>): Promise<T> => {
  const { body } = await p;
  expect(body.errorCode, JSON.stringify(body)).toBe(0);
  return body.result as T;
};
const post = (url: string, body: unknown, token = admin) => h.call('POST', url, { token, body });
const put = (url: string, body: unknown) => h.call('PUT', url, { token: admin, body });
const get = (url: string, query: Record<string, string | number>, token = admin) =>
  h.call('GET', url, { token, query });
const del = (url: string, id: number) => h.call('DELETE', url, { token: admin, query: { id } });
const refusal = async (p: Promise<{ body: Env }>) => {
  const { body } = await p;
  expect(body.errorCode, JSON.stringify(body)).not.toBe(0);
  return body.errorMsg;
};

interface Line {
  itemId: number;
  itemName: string;
  itemCode: string;
  valueType: number;
  unit: string | null;
  standardValue: number | null;
  lowerLimit: number | null;
  upperLimit: number | null;
}
interface Plan {
  id: number;
  name: string;
  inspectionType: number;
  qualityType: number;
  samplingMode: number;
  sampleSize: number | null;
  samplePercent: number | null;
  aql: number | null;
  firstArticleQty: number | null;
  itemCount: number;
  isEnabled: number;
  materialsIds: number[];
  materialNames: string;
  procedureNames: string;
  lines: Line[];
}

let copper: number; // a raw material in 铜材, under 金属材料
let steel: number;
let metalClass: number;
let copperClass: number;
let winding: number;
let supplier: number;
let resistance: number; // measured, 1000 MΩ and up
let noLoad: number; // measured, limits left to the plans
let looks: number; // OK/NG

beforeAll(async () => {
  h = await createHarness();
  t = await h.addTenant('qa', [
    { userName: 'inspector', modules: ['quality'] },
    { userName: 'viewer', modules: [] },
  ]);
  admin = await h.login('qa', 'admin');
  viewer = await h.login('qa', 'viewer');
  const CLS = 'basicData/materials/private/materialsClass/';
  metalClass = (await ok<{ id: number }>(post(`${CLS}addMaterialsClass`, { name: '金属材料' }))).id;
  copperClass = (
    await ok<{ id: number }>(post(`${CLS}addMaterialsClass`, { name: '铜材', parentId: metalClass }))
  ).id;
  const unit = await ok<{ id: number }>(
    post('basicData/materials/private/unit/addUnit', { code: 'KG', name: '千克' }),
  );
  const material = async (name: string, classId: number) =>
    (
      await ok<{ id: number }>(
        post('basicData/materials/private/materials/addMaterials', {
          name,
          mainUnitId: unit.id,
          materialType: 0,
          classId,
        }),
      )
    ).id;
  copper = await material('无氧铜杆', copperClass);
  steel = await material('冷轧硅钢片', metalClass);
  winding = (
    await ok<{ id: number }>(
      post('basicData/production/private/procedure/addProcedure', { name: '绕线', processType: 0 }),
    )
  ).id;
  supplier = (
    await ok<{ id: number }>(post('basicData/unit/private/supplier/addSupplier', { name: '江南铜业' }))
  ).id;
  resistance = (
    await ok<{ id: number }>(
      post(`${IT}addInspectionItem`, {
        name: '绝缘电阻',
        category: '电气性能',
        valueType: 1,
        unit: 'MΩ',
        lowerLimit: 1000,
        instrument: '兆欧表',
      }),
    )
  ).id;
  noLoad = (
    await ok<{ id: number }>(post(`${IT}addInspectionItem`, { name: '空载损耗', valueType: 1, unit: 'W' }))
  ).id;
  looks = (await ok<{ id: number }>(post(`${IT}addInspectionItem`, { name: '外观', valueType: 0 }))).id;
});
afterAll(() => h.close());

describe('inspection items', () => {
  it('are numbered, and only a measured one has a standard value and limits, in order', async () => {
    const item = await ok<{ code: string; isEnabled: number; isKey: boolean }>(
      get(`${IT}getInspectionItemDetail`, { id: resistance }),
    );
    expect(item).toMatchObject({ code: 'JYXM0001', isEnabled: 1, isKey: false });
    expect(await refusal(post(`${IT}addInspectionItem`, { name: '铭牌', valueType: 0, upperLimit: 1 }))).toBe(
      '只有计量(数值)类项目可以设置标准值和上下限',
    );
    expect(
      await refusal(
        post(`${IT}addInspectionItem`, { name: '厚度', valueType: 1, lowerLimit: 0.3, upperLimit: 0.2 }),
      ),
    ).toBe('上限不能小于下限');
    expect(
      await refusal(
        post(`${IT}addInspectionItem`, {
          name: '厚度',
          valueType: 1,
          lowerLimit: 0.2,
          upperLimit: 0.3,
          standardValue: 0.35,
        }),
      ),
    ).toBe('标准值应在下限与上限之间');
    // an update is checked against the stored row: the item's lower limit stays 1000
    expect(await refusal(put(`${IT}updateOne`, { id: resistance, upperLimit: 500 }))).toBe(
      '上限不能小于下限',
    );
    // turning a measured item into OK/NG while it keeps its limits is refused too
    expect(await refusal(put(`${IT}updateOne`, { id: resistance, valueType: 0 }))).toBe(
      '只有计量(数值)类项目可以设置标准值和上下限',
    );
  });

  it('copy through the add call, disable and enable', async () => {
    const copy = await ok<{ id: number; code: string; name: string }>(
      post(`${IT}addInspectionItem`, { name: '绝缘电阻', valueType: 1, unit: 'MΩ', lowerLimit: 500 }),
    );
    expect(copy.code).toBe('JYXM0004');
    await ok(get(`${IT}disable`, { id: copy.id }));
    const row = await ok<{ isEnabled: number }>(get(`${IT}getInspectionItemDetail`, { id: copy.id }));
    expect(row.isEnabled).toBe(0);
    await ok(del(`${IT}deleteOne`, copy.id));
  });
});

describe('defect items', () => {
  it('have a severity and unique names; reasons stay the scrap-reason dictionary', async () => {
    const d = await ok<{ code: string; severity: number }>(
      post(`${DF}addDefectItem`, { name: '绕组变形', category: '装配', severity: 0 }),
    );
    expect(d).toMatchObject({ code: 'BLXM001', severity: 0 });
    expect(
      (await h.call('POST', `${DF}addDefectItem`, { token: admin, body: { name: '绕组变形', severity: 1 } }))
        .body,
    ).toMatchObject({ errorCode: 7, errorMsg: '不良名称“绕组变形”已存在' });
    // a severity outside the list is refused, naming the field as the form does
    expect(await refusal(post(`${DF}addDefectItem`, { name: '渗漏油', severity: 3 }))).toBe(
      '严重程度的取值无效',
    );
  });
});

const planBody = (over: Record<string, unknown> = {}) => ({
  name: '绕线首检',
  inspectionType: 2,
  samplingMode: 0,
  procedureIds: [winding],
  lines: [{ itemId: resistance }, { itemId: noLoad, lowerLimit: 0, upperLimit: 1200, standardValue: 1100 }],
  ...over,
});

describe('quality inspection plans', () => {
  it('save their item lines with the plan’s own values, the item’s filling the empty ones', async () => {
    const saved = await ok<{ id: number }>(
      post(
        `${PL}addQualityInspectionPlan`,
        planBody({
          lines: [
            { itemId: resistance, lowerLimit: 2000 },
            { itemId: noLoad, upperLimit: 1200 },
            { itemId: looks },
          ],
        }),
      ),
    );
    const plan = await ok<Plan>(get(`${PL}getQualityInspectionPlanDetail`, { id: saved.id }));
    expect(plan).toMatchObject({
      inspectionType: 2,
      qualityType: 1,
      firstArticleQty: 1,
      itemCount: 3,
      isEnabled: 1,
      procedureNames: '绕线',
    });
    expect(
      plan.lines.map((l) => [l.itemName, l.valueType, l.unit, l.standardValue, l.lowerLimit, l.upperLimit]),
    ).toEqual([
      ['绝缘电阻', 1, 'MΩ', null, 2000, null],
      ['空载损耗', 1, 'W', null, null, 1200],
      ['外观', 0, null, null, null, null],
    ]);
    // an edit replaces the lines; an empty limit takes the item's again
    await ok(
      put(`${PL}updateOne`, {
        id: saved.id,
        lines: [{ itemId: noLoad, upperLimit: 1300 }, { itemId: resistance }],
      }),
    );
    const edited = await ok<Plan>(get(`${PL}getQualityInspectionPlanDetail`, { id: saved.id }));
    expect(edited.itemCount).toBe(2);
    expect(edited.lines.map((l) => [l.itemName, l.lowerLimit, l.upperLimit])).toEqual([
      ['空载损耗', null, 1300],
      ['绝缘电阻', 1000, null],
    ]);
    // an item a plan checks is not deleted
    expect(await refusal(del(`${IT}deleteOne`, noLoad))).toBe('“空载损耗”已被质检方案使用，不能删除');
    await ok(del(`${PL}deleteOne`, saved.id));
    await ok(del(`${IT}deleteOne`, looks));
    looks = (await ok<{ id: number }>(post(`${IT}addInspectionItem`, { name: '外观', valueType: 0 }))).id;
  });

  it('refuse lines that do not fit their items', async () => {
    const lines = (l: Record<string, unknown>[]) =>
      post(`${PL}addQualityInspectionPlan`, planBody({ lines: l }));
    expect(await refusal(lines([{ itemId: noLoad }]))).toBe('第1行“空载损耗”是计量项目，请填写下限或上限');
    expect(await refusal(lines([{ itemId: looks }, { itemId: looks }]))).toBe('第2行检验项目“外观”重复');
    expect(await refusal(lines([{ itemId: looks, upperLimit: 3 }]))).toBe(
      '第1行只有计量(数值)类项目可以设置标准值和上下限',
    );
    // the item's lower limit 1000 against the line's upper limit
    expect(await refusal(lines([{ itemId: resistance, upperLimit: 800 }]))).toBe('第1行上限不能小于下限');
    expect(await refusal(lines([{ itemId: resistance, standardValue: 900 }]))).toBe(
      '第1行标准值应在下限与上限之间',
    );
    expect(await refusal(lines([]))).toContain('检验项目');
    await ok(get(`${IT}disable`, { id: looks }));
    expect(await refusal(lines([{ itemId: looks }]))).toBe('第1行检验项目“外观”已停用，请移除或先启用该项目');
    await ok(get(`${IT}enable`, { id: looks }));
  });

  it('need a scope fitting the inspection type and the sampling mode’s own value', async () => {
    const add = (over: Record<string, unknown>) =>
      refusal(post(`${PL}addQualityInspectionPlan`, planBody(over)));
    expect(await add({ procedureIds: [] })).toBe('请选择适用的物料、物料分类或工序');
    expect(await add({ inspectionType: 4, procedureIds: [] })).toBe('请选择适用的物料或物料分类');
    expect(await add({ inspectionType: 4 })).toBe('来料检方案按物料或物料分类适用，不能选择工序');
    expect(await add({ supplierIds: [supplier] })).toBe('只有来料检验方案可以指定供应商');
    expect(await add({ materialsIds: [999_999] })).toBe('所选物料不存在或已被删除');
    expect(await add({ samplingMode: 1 })).toBe('抽样方式为“固定数量”时请填写样本数量');
    expect(await add({ samplingMode: 2 })).toBe('抽样方式为“按比例”时请填写抽样比例');
    expect(await add({ samplingMode: 3 })).toBe('抽样方式为“按AQL”时请选择AQL');
    expect(await add({ samplingMode: 3, aql: 0.7 })).toBe('AQL须为GB/T 2828.1的标准值（0.010～1000）');

    // incoming by AQL: quality type 2; values of other modes and the first-article quantity are cleared
    const incoming = await ok<{ id: number }>(
      post(
        `${PL}addQualityInspectionPlan`,
        planBody({
          name: '铜材来料检验',
          inspectionType: 4,
          procedureIds: [],
          materialClassIds: [copperClass],
          supplierIds: [supplier],
          samplingMode: 3,
          aql: 0.65,
          sampleSize: 5,
          firstArticleQty: 3,
        }),
      ),
    );
    const plan = await ok<Plan>(get(`${PL}getQualityInspectionPlanDetail`, { id: incoming.id }));
    expect(plan).toMatchObject({
      qualityType: 2,
      samplingMode: 3,
      aql: 0.65,
      sampleSize: null,
      firstArticleQty: null,
    });
    // switching to a fixed sample clears the AQL
    await ok(put(`${PL}updateOne`, { id: incoming.id, samplingMode: 1, sampleSize: 8 }));
    expect(await ok<Plan>(get(`${PL}getQualityInspectionPlanDetail`, { id: incoming.id }))).toMatchObject({
      samplingMode: 1,
      sampleSize: 8,
      aql: null,
    });
    await ok(del(`${PL}deleteOne`, incoming.id));
  });

  it('copy with scope, sampling and lines, disabled, under a new name', async () => {
    const source = await ok<{ id: number }>(
      post(
        `${PL}addQualityInspectionPlan`,
        planBody({ name: '绕线首检（10kV）', samplingMode: 2, samplePercent: 10, materialsIds: [copper] }),
      ),
    );
    const copy = await ok<Plan>(
      post(`${PL}copyQualityInspectionPlan`, { id: source.id, name: '绕线首检（35kV）' }),
    );
    expect(copy).toMatchObject({
      name: '绕线首检（35kV）',
      isEnabled: 0,
      samplingMode: 2,
      samplePercent: 10,
      materialsIds: [copper],
      itemCount: 2,
    });
    expect(copy.lines.map((l) => [l.itemName, l.standardValue, l.lowerLimit, l.upperLimit])).toEqual([
      ['绝缘电阻', null, 1000, null],
      ['空载损耗', 1100, 0, 1200],
    ]);
    expect(
      (
        await h.call('POST', `${PL}copyQualityInspectionPlan`, {
          token: admin,
          body: { id: source.id, name: '绕线首检（35kV）' },
        })
      ).body,
    ).toMatchObject({ errorCode: 7, errorMsg: '方案名称“绕线首检（35kV）”已存在' });
    // a material a plan applies to is not deleted
    expect(await refusal(del('basicData/materials/private/materials/deleteOne', copper))).toContain(
      '质检方案',
    );
    await ok(del(`${PL}deleteOne`, copy.id));
    await ok(del(`${PL}deleteOne`, source.id));
  });

  it('are kept by the route’s keys: the inspector manages them, a user without quality does not', async () => {
    const inspector = await h.login('qa', 'inspector');
    const mine = await ok<{ id: number }>(
      post(`${PL}addQualityInspectionPlan`, planBody({ name: '质检员的方案' }), inspector),
    );
    await ok(post(`${PL}copyQualityInspectionPlan`, { id: mine.id, name: '质检员的方案2' }, inspector));
    const denied = await h.call('POST', `${PL}copyQualityInspectionPlan`, {
      token: viewer,
      body: { id: mine.id, name: '看看' },
    });
    expect(denied.body.errorCode).toBe(3);
    expect(
      (await get(`${PL}getQualityInspectionPlanListPage`, { page: 1, limit: 10 }, viewer)).body.errorCode,
    ).toBe(3);
    expect((await get(`${IT}getInspectionItemListPage`, { page: 1, limit: 10 }, viewer)).body.errorCode).toBe(
      3,
    );
    expect((await post(`${DF}addDefectItem`, { name: '焊点虚焊', severity: 1 }, viewer)).body.errorCode).toBe(
      3,
    );
    // the select lists are for anyone signed in (pickers elsewhere)
    expect((await get(`${IT}getInspectionItemList`, { page: 1, limit: 10 }, viewer)).body.errorCode).toBe(0);
  });
});

describe('planFor', () => {
  it('finds the most specific enabled plan: material, then the nearer class, then procedure only', async () => {
    const add = async (name: string, over: Record<string, unknown>) =>
      (await ok<{ id: number }>(post(`${PL}addQualityInspectionPlan`, planBody({ name, ...over })))).id;
    const byProcedure = await add('P-工序', {});
    const byMetal = await add('P-金属', { materialClassIds: [metalClass] });
    const byCopperClass = await add('P-铜材', { materialClassIds: [copperClass] });
    const byCopper = await add('P-铜杆', { materialsIds: [copper] });
    const incoming = await add('P-来料', {
      inspectionType: 4,
      procedureIds: [],
      materialClassIds: [metalClass],
      supplierIds: [supplier],
    });
    const find = (q: Parameters<typeof planFor>[1]) => h.db.withTenant(t.id, (tx) => planFor(tx, q));
    expect((await find({ inspectionType: 2, materialsId: copper, procedureId: winding }))?.id).toBe(byCopper);
    await ok(get(`${PL}disable`, { id: byCopper }));
    expect((await find({ inspectionType: 2, materialsId: copper, procedureId: winding }))?.id).toBe(
      byCopperClass,
    );
    expect((await find({ inspectionType: 2, materialsId: steel, procedureId: winding }))?.id).toBe(byMetal);
    // every plan here names the winding procedure: another procedure has none
    expect(
      await find({ inspectionType: 2, materialsId: steel, procedureId: winding + 1000 }),
    ).toBeUndefined();
    expect((await find({ inspectionType: 2, procedureId: winding }))?.id).toBe(byProcedure);
    // incoming: the supplier it names, or none for another supplier
    expect((await find({ inspectionType: 4, materialsId: copper, supplierId: supplier }))?.id).toBe(incoming);
    expect(
      await find({ inspectionType: 4, materialsId: copper, supplierId: supplier + 1000 }),
    ).toBeUndefined();
    expect(await find({ inspectionType: 5, materialsId: copper })).toBeUndefined();
  });
});
