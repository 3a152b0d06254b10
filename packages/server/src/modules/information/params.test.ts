import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { packageLevels, packages } from './schema.ts';

let h: Harness;
let admin: string;
let viewer: string;
const PP = 'basicData/production/private/procedureParam/';
const SR = 'basicData/production/private/scrapReason/';
const BN = 'basicData/label/private/batchNumber/';
const PC = 'basicData/label/private/packageCode/';
type Env = { errorCode: number; result: unknown; errorMsg: string };

const ok = async <T>(p: Promise<{ body: Env }>): Promise<T> => {
  const { body } = await p;
  expect(body.errorCode, JSON.stringify(body)).toBe(0);
  return body.result as T;
};
const post = (url: string, body: unknown, token = admin) => h.call('POST', url, { token, body });
const put = (url: string, body: unknown) => h.call('PUT', url, { token: admin, body });
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).replaceAll('-', '');

let dryingId: number;

beforeAll(async () => {
  h = await createHarness();
  await h.addTenant('par', [{ userName: 'viewer', modules: [] }]);
  admin = await h.login('par', 'admin');
  viewer = await h.login('par', 'viewer');
  dryingId = (
    await ok<{ id: number }>(
      post('basicData/production/private/procedure/addProcedure', { name: '真空干燥', processType: 0 }),
    )
  ).id;
});
afterAll(() => h.close());

describe('procedure parameters', () => {
  it('belong to a procedure, keep limits in order and names unique per procedure', async () => {
    const p = await ok<{ code: string; procedureName: string; lowerLimit: number; upperLimit: number }>(
      post(`${PP}addProcedureParam`, {
        name: '真空度',
        procedureId: dryingId,
        dataType: 1,
        unitName: 'Pa',
        lowerLimit: 0,
        upperLimit: 50,
        required: true,
      }),
    );
    expect(p).toMatchObject({ code: 'CS0001', procedureName: '真空干燥', lowerLimit: 0, upperLimit: 50 });
    const crossed = await post(`${PP}addProcedureParam`, {
      name: '温度',
      procedureId: dryingId,
      dataType: 1,
      lowerLimit: 130,
      upperLimit: 90,
    });
    expect(crossed.body).toMatchObject({ errorCode: 1, errorMsg: '下限不能大于上限' });
    const textLimits = await post(`${PP}addProcedureParam`, {
      name: '操作员备注',
      procedureId: dryingId,
      dataType: 2,
      upperLimit: 9,
    });
    expect(textLimits.body.errorMsg).toBe('只有整数、小数类型的参数可以设置上下限');
    const twice = await post(`${PP}addProcedureParam`, {
      name: '真空度',
      procedureId: dryingId,
      dataType: 1,
    });
    expect(twice.body).toMatchObject({ errorCode: 7, errorMsg: '该工序已有参数“真空度”' });
    const used = await h.call('DELETE', 'basicData/production/private/procedure/deleteOne', {
      token: admin,
      query: { id: dryingId },
    });
    expect(used.body.errorCode).not.toBe(0);
    const denied = await post(
      `${PP}addProcedureParam`,
      { name: 'x', procedureId: dryingId, dataType: 1 },
      viewer,
    );
    expect(denied.body.errorCode).toBe(3);
  });
});

describe('scrap reasons', () => {
  it('are numbered, unique and searchable by category', async () => {
    const r = await ok<{ code: string }>(
      post(`${SR}addScrapReason`, { name: '绕组短路', category: '工艺缺陷' }),
    );
    expect(r.code).toBe('BF001');
    const dup = await post(`${SR}addScrapReason`, { name: '绕组短路' });
    expect(dup.body.errorMsg).toBe('报废原因“绕组短路”已存在');
    const changed = await ok<{ category: string | null }>(put(`${SR}updateOne`, { id: 1, category: '' }));
    expect(changed.category).toBeNull();
  });
});

describe('batch numbers and package codes', () => {
  it('number a lot by the date rule and generate package codes for a package level, all or none', async () => {
    const unit = await ok<{ id: number }>(
      post('basicData/materials/private/unit/addUnit', { code: 'JUAN', name: '卷' }),
    );
    const wire = await ok<{ id: number }>(
      post('basicData/materials/private/materials/addMaterials', {
        name: '漆包铜线',
        mainUnitId: unit.id,
        materialType: 0,
      }),
    );
    const lot = await ok<{ id: number; code: string; materialsName: string }>(
      post(`${BN}addBatchNumber`, { materialId: wire.id, quantity: 120, producedOn: '2026-11-20' }),
    );
    expect(lot.code).toBe(`PC${today()}0001`);
    expect(lot.materialsName).toBe('漆包铜线');
    const noModify = await put(`${BN}updateOne`, { id: lot.id, quantity: 1 });
    expect(noModify.status).toBe(404);

    // a packaging specification with one level (the package screen and its test are the warehouse's)
    const tenantId = (
      await h.db.systemQuery<{ id: number }>(sql`select id from tenant where member_code = 'par'`)
    )[0].id;
    const spec = await h.db.withTenant(tenantId, async (tx) => {
      const [row] = await tx
        .insert(packages)
        .values({ code: 'BZ0001', name: '铜线箱装', materialId: wire.id })
        .returning();
      await tx.insert(packageLevels).values({ packageId: row.id, level: 1, name: '箱', quantity: '4' });
      return row;
    });
    const wrongLevel = await post(`${PC}generatePackageCode`, { packageId: spec.id, level: 3, count: 5 });
    expect(wrongLevel.body.errorMsg).toBe('该包装规格没有第3层');
    const codes = await ok<string[]>(
      post(`${PC}generatePackageCode`, { packageId: spec.id, level: 1, count: 5, batchNumberId: lot.id }),
    );
    expect(new Set(codes).size).toBe(5);
    const page = await ok<{ total: number; content: { batchNumberName: string }[] }>(
      h.call('GET', `${PC}getPackageCodeListPage`, { token: admin, query: { currentPage: 1, pageSize: 20 } }),
    );
    expect(page.total).toBe(5);
    expect(page.content[0].batchNumberName).toBe(lot.code);
    const usedLot = await h.call('DELETE', `${BN}deleteOne`, { token: admin, query: { id: lot.id } });
    expect(usedLot.body.errorMsg).toBe(`“${lot.code}”已被包装码使用，不能删除`);
  });
});
