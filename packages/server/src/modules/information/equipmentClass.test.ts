import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs, searchVal } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';

let h: Harness;
let a: Calls;
let viewer: Calls;
let other: Calls;
const EC = 'basicData/private/equipmentClass/';
type Cls = { id: number; code: string; name: string; parentId: number | null; parentName: string | null };

beforeAll(async () => {
  h = await createHarness();
  await h.addTenant('eq', [{ userName: 'viewer', modules: [] }]);
  await h.addTenant('other');
  a = callsAs(h, await h.login('eq', 'admin'));
  viewer = callsAs(h, await h.login('eq', 'viewer'));
  other = callsAs(h, await h.login('other', 'admin'));
});
afterAll(() => h.close());

describe('equipment classes', () => {
  let production: Cls;
  let winder: Cls;
  let vertical: Cls;

  it('builds a tree with numbered codes and shows each parent by name', async () => {
    production = await a.ok<Cls>(a.post(`${EC}addEquipmentClass`, { name: '生产设备', sort: 1 }));
    winder = await a.ok<Cls>(a.post(`${EC}addEquipmentClass`, { name: '绕线机', parentId: production.id }));
    vertical = await a.ok<Cls>(a.post(`${EC}addEquipmentClass`, { name: '立式绕线机', parentId: winder.id }));
    expect([production.code, winder.code, vertical.code]).toEqual(['SBFL001', 'SBFL002', 'SBFL003']);
    expect(vertical).toMatchObject({ parentId: winder.id, parentName: '绕线机' });
    const dup = await a.post(`${EC}addEquipmentClass`, { name: '绕线机' });
    expect(dup.body).toMatchObject({ errorCode: 7, errorMsg: '分类名称“绕线机”已存在' });
  });

  it('refuses moving a class under itself or its descendants', async () => {
    for (const parentId of [production.id, vertical.id]) {
      const loop = await a.put(`${EC}updateOne`, { id: production.id, parentId: parentId });
      expect(loop.body).toMatchObject({ errorCode: 1, errorMsg: '上级分类不能是该分类本身或其下级分类' });
    }
    await a.ok(a.put(`${EC}updateOne`, { id: vertical.id, parentId: production.id }));
    await a.ok(a.put(`${EC}updateOne`, { id: vertical.id, parentId: winder.id }));
  });

  it('answers getEquipmentClassList, the select list of spec 001 §7.2, searched by name', async () => {
    const all = await a.ok<{ records: Cls[]; total: number }>(
      a.get(`${EC}getEquipmentClassList`, { page: 1, limit: 20 }),
    );
    expect(all.total).toBe(3);
    const found = await a.ok<{ records: Cls[] }>(
      a.get(`${EC}getEquipmentClassList`, {
        page: 1,
        limit: 20,
        searchVal: await searchVal([{ fieldName: 'name', operator: 'like', fieldValue: '立式' }]),
      }),
    );
    expect(found.records.map((c) => c.name)).toEqual(['立式绕线机']);
    expect(
      (await other.ok<{ total: number }>(other.get(`${EC}getEquipmentClassList`, { page: 1, limit: 20 })))
        .total,
    ).toBe(0);
  });

  it('refuses deleting a class with children, naming them; code 3 without the key', async () => {
    const refused = await a.del(`${EC}deleteOne`, production.id);
    expect(refused.body).toMatchObject({
      errorCode: 5,
      errorMsg: '“生产设备”已被下级分类“绕线机”使用，不能删除',
    });
    expect((await viewer.post(`${EC}addEquipmentClass`, { name: 'X' })).body.errorCode).toBe(3);
    await a.ok(a.del(`${EC}deleteOne`, vertical.id));
    await a.ok(a.del(`${EC}deleteOne`, winder.id));
    await a.ok(a.del(`${EC}deleteOne`, production.id));
  });
});
