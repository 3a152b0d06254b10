import { myEquipmentApi as P } from '@factory/shared/api/equipment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs, workbook } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';

let h: Harness;
let admin: Calls;
let keeper: Calls;
let userAdmin: Calls;
let roleAdmin: Calls;
let viewer: Calls;
let other: Calls;
let users: Record<string, number>;
const EQ = 'equipment/private/equipment/';
const EC = 'basicData/private/equipmentClass/';
type Equipment = {
  id: number;
  code: string;
  name: string;
  classId: number | null;
  className: string | null;
  kind: number;
  model: string | null;
  location: string | null;
  state: number;
  isEnabled: number;
  holderNames: string | null;
  custom: Record<string, unknown>;
};

/** A call as a user with a query and, for PUT, a body (the id lists are bare arrays). */
const call = (token: string, method: 'GET' | 'PUT' | 'DELETE', url: string, query = {}, body?: unknown) =>
  h.call(method, url, { token, query, body });
const tokens: Record<string, string> = {};

beforeAll(async () => {
  h = await createHarness();
  ({ users } = await h.addTenant('eq', [
    { userName: 'keeper', name: '杨帆', modules: ['equipment'] },
    { userName: 'useradmin', name: '周强', modules: ['userList'] },
    { userName: 'roleadmin', name: '吴敏', modules: ['roleList'] },
    { userName: 'viewer', name: '王芳', modules: [] },
  ]));
  await h.addTenant('other');
  for (const u of ['admin', 'keeper', 'useradmin', 'roleadmin', 'viewer']) tokens[u] = await h.login('eq', u);
  tokens.other = await h.login('other', 'admin');
  admin = callsAs(h, tokens.admin);
  keeper = callsAs(h, tokens.keeper);
  userAdmin = callsAs(h, tokens.useradmin);
  roleAdmin = callsAs(h, tokens.roleadmin);
  viewer = callsAs(h, tokens.viewer);
  other = callsAs(h, tokens.other);
});
afterAll(() => h.close());

let winders: number;
let vertical: number;
const made: Equipment[] = [];

describe('equipment register', () => {
  it('numbers codes SB0001… when left empty, shows the class by name and defaults kind and state', async () => {
    winders = (await admin.ok<{ id: number }>(admin.post(`${EC}addEquipmentClass`, { name: '绕线机' }))).id;
    vertical = (
      await admin.ok<{ id: number }>(
        admin.post(`${EC}addEquipmentClass`, { name: '立式绕线机', parentId: winders }),
      )
    ).id;
    for (const [name, classId, model, location] of [
      ['立式绕线机', vertical, 'RX-1250', '绕线车间 绕线一线'],
      ['立式绕线机', vertical, 'RX-1250', '绕线车间 绕线一线'],
      ['箔式绕线机', winders, 'BR-1000', '绕线车间 绕线二线'],
    ] as const)
      made.push(
        await keeper.ok<Equipment>(keeper.post(`${EQ}addEquipment`, { name, classId, model, location })),
      );
    expect(made.map((e) => e.code)).toEqual(['SB0001', 'SB0002', 'SB0003']);
    expect(made[0]).toMatchObject({
      name: '立式绕线机',
      classId: vertical,
      className: '立式绕线机',
      kind: 0,
      state: 0,
      isEnabled: 1,
      holderNames: null,
    });
    expect(await keeper.ok<string>(keeper.get(`${EQ}getMaxEquipmentCode`))).toBe('SB0004');
  });

  it('takes a typed code, refuses a duplicate code and a class that does not exist here', async () => {
    const crane = await keeper.ok<Equipment>(
      keeper.post(`${EQ}addEquipment`, {
        code: 'XC-01',
        name: '行车',
        kind: 1,
        state: 2,
        location: '总装车间',
      }),
    );
    made.push(crane);
    expect(crane).toMatchObject({ code: 'XC-01', kind: 1, state: 2, className: null });
    const dup = await keeper.post(`${EQ}addEquipment`, { code: 'XC-01', name: '行车' });
    expect(dup.body).toMatchObject({ errorCode: 7, errorMsg: '设备编码“XC-01”已存在' });
    const foreignClass = (
      await other.ok<{ id: number }>(other.post(`${EC}addEquipmentClass`, { name: '外厂分类' }))
    ).id;
    const refused = await keeper.post(`${EQ}addEquipment`, { name: '叠片台', classId: foreignClass });
    expect(refused.body).toMatchObject({ errorCode: 1, errorMsg: '所选设备分类不存在或已被删除' });
    const badState = await keeper.post(`${EQ}addEquipment`, { name: '叠片台', state: 1 });
    expect(badState.body.errorCode).toBe(1);
  });

  it('updates, filters by class, state and model, sorts, and copies', async () => {
    const moved = await keeper.ok<Equipment>(
      keeper.put(`${EQ}updateOne`, { id: made[2].id, classId: vertical, state: 2 }),
    );
    expect(moved).toMatchObject({ className: '立式绕线机', state: 2, model: 'BR-1000' });
    const byClass = await keeper.page<Equipment>(`${EQ}getEquipmentListPage`, [
      { fieldName: 'className', operator: 'like', fieldValue: '立式' },
    ]);
    expect(byClass.total).toBe(3);
    const upkeep = await keeper.page<Equipment>(`${EQ}getEquipmentListPage`, [
      { fieldName: 'state', operator: 'eq', fieldValue: 2 },
    ]);
    expect(upkeep.content.map((e) => e.code).sort()).toEqual(['SB0003', 'XC-01']);
    const byModel = await keeper.page<Equipment>(
      `${EQ}getEquipmentListPage`,
      [{ fieldName: 'model', operator: 'like', fieldValue: 'RX' }],
      '-code',
    );
    expect(byModel.content.map((e) => e.code)).toEqual(['SB0002', 'SB0001']);
    const copy = await keeper.ok<Equipment>(
      keeper.post(`${EQ}addEquipment`, { name: '立式绕线机', classId: vertical, model: 'RX-1250' }),
    );
    made.push(copy);
    expect(copy.code).toBe('SB0004');
    // the other tenant sees none of it
    expect((await other.page<Equipment>(`${EQ}getEquipmentListPage`)).total).toBe(0);
  });

  it('disabled equipment leaves the select list but stays in the register', async () => {
    await keeper.ok(keeper.get(`${EQ}disable`, { id: made[4].id }));
    const offered = await keeper.ok<{ records: Equipment[]; total: number }>(
      keeper.get(`${EQ}getEquipmentList`, { page: 1, limit: 20 }),
    );
    expect(offered.records.map((e) => e.id)).not.toContain(made[4].id);
    expect((await keeper.page<Equipment>(`${EQ}getEquipmentListPage`)).total).toBe(5);
    await keeper.ok(keeper.get(`${EQ}enable`, { id: made[4].id }));
  });

  it('imports rows naming the class, numbering those without a code', async () => {
    const file = await workbook(
      ['设备编码', '设备名称', '设备分类', '设备类型', '规格型号', '安装位置', '设备状态'],
      [
        ['', '真空干燥罐', '绕线机', '生产设备', 'ZG-3', '浸漆车间', '空闲'],
        ['DP-01', '叠片台', '', '非生产设备', '', '铁心车间', '维保中'],
      ],
    );
    const checked = await keeper.upload(`${EQ}importEquipment`, 'check', file);
    expect(checked.errorCode, JSON.stringify(checked)).toBe(0);
    const written = await keeper.upload(`${EQ}importEquipment`, 'write', file);
    expect(written.errorCode, JSON.stringify(written)).toBe(0);
    const all = await keeper.page<Equipment>(`${EQ}getEquipmentListPage`);
    const rows = all.content.filter((e) => e.name === '叠片台' || e.name === '真空干燥罐');
    expect(rows.map((e) => [e.code, e.className, e.kind, e.state, e.location])).toEqual([
      ['DP-01', null, 1, 2, '铁心车间'],
      ['SB0005', '绕线机', 0, 0, '浸漆车间'],
    ]);
    made.push(...rows);
  });

  it('a class in use cannot be deleted; equipment can, and needs the key', async () => {
    const refused = await admin.del(`${EC}deleteOne`, vertical);
    expect(refused.body).toMatchObject({ errorCode: 5 });
    expect(refused.body.errorMsg).toContain('已被设备“立式绕线机');
    expect((await viewer.del(`${EQ}deleteOne`, made[4].id)).body.errorCode).toBe(3);
    const page = { currentPage: 1, pageSize: 20 };
    expect((await viewer.get(`${EQ}getEquipmentListPage`, page)).body.errorCode).toBe(3);
    await keeper.ok(keeper.del(`${EQ}deleteOne`, made[4].id));
    expect((await keeper.get(`${EQ}getEquipmentDetail`, { id: made[4].id })).body.errorCode).toBe(4);
    made.splice(4, 1);
  });
});

describe('my equipment', () => {
  it('adds to the own list (kept ones stay, each once) and lists it by code', async () => {
    const added = await viewer.ok<number>(
      call(tokens.viewer, 'PUT', P.addMine.path, {}, [made[1].id, made[0].id]),
    );
    expect(added).toBe(2);
    const again = await viewer.ok<number>(
      call(tokens.viewer, 'PUT', P.addMine.path, {}, [made[0].id, made[3].id]),
    );
    expect(again).toBe(1);
    const mine = await viewer.ok<Equipment[]>(viewer.get(P.mine.path));
    expect(mine.map((e) => e.code)).toEqual(['SB0001', 'SB0002', 'XC-01']);
    expect(mine[0]).toMatchObject({ className: '立式绕线机', holderNames: '王芳' });
  });

  it('removes one from the own list; an unknown or foreign id is refused in Chinese', async () => {
    expect(
      await viewer.ok<boolean>(call(tokens.viewer, 'DELETE', P.removeMine.path, { equipmentId: made[1].id })),
    ).toBe(true);
    expect((await viewer.ok<Equipment[]>(viewer.get(P.mine.path))).map((e) => e.code)).toEqual([
      'SB0001',
      'XC-01',
    ]);
    const foreign = await other.ok<Equipment>(other.post(`${EQ}addEquipment`, { name: '外厂设备' }));
    const refused = await viewer.put(P.addMine.path, [made[1].id, foreign.id]);
    expect(refused.body).toMatchObject({ errorCode: 1, errorMsg: '所选设备不存在或已被删除' });
    // nothing of a refused request is written
    expect((await viewer.ok<Equipment[]>(viewer.get(P.mine.path))).length).toBe(2);
    const gone = await call(tokens.viewer, 'DELETE', P.removeMine.path, { equipmentId: foreign.id });
    expect(gone.body).toMatchObject({ errorCode: 1, errorMsg: '所选设备不存在或已被删除' });
  });

  it('仅显示我的设备 narrows the register list and its export to the own list', async () => {
    await keeper.ok(call(tokens.keeper, 'PUT', P.addMine.path, {}, [made[2].id]));
    expect(await keeper.ok<boolean>(keeper.get(P.showMineOnly.path))).toBe(false);
    const all = (await keeper.page<Equipment>(`${EQ}getEquipmentListPage`)).total;
    expect(all).toBe(made.length);
    expect(
      await keeper.ok<boolean>(
        call(tokens.keeper, 'PUT', P.setShowMineOnly.path, { showMyEquipmentOnly: 'true' }),
      ),
    ).toBe(true);
    expect(await keeper.ok<boolean>(keeper.get(P.showMineOnly.path))).toBe(true);
    const mine = await keeper.page<Equipment>(`${EQ}getEquipmentListPage`);
    expect(mine.content.map((e) => e.id)).toEqual([made[2].id]);
    const exported = await keeper.exported(`${EQ}export`, { columns: 'code,name' });
    expect(exported.slice(1)).toEqual([['SB0003', '箔式绕线机']]);
    // others' lists are not narrowed by it
    expect((await admin.page<Equipment>(`${EQ}getEquipmentListPage`)).total).toBe(all);
    await keeper.ok(call(tokens.keeper, 'PUT', P.setShowMineOnly.path, { showMyEquipmentOnly: false }));
    expect((await keeper.page<Equipment>(`${EQ}getEquipmentListPage`)).total).toBe(all);
  });

  it('the holders show on the register and filter it', async () => {
    const held = await keeper.page<Equipment>(`${EQ}getEquipmentListPage`, [
      { fieldName: 'holderNames', operator: 'like', fieldValue: '王芳' },
    ]);
    expect(held.content.map((e) => e.code)).toEqual(['SB0001', 'XC-01']);
  });
});

describe("a user's equipment (设置设备)", () => {
  it('needs userListSetEquipment or roleListSetEquipment', async () => {
    const q = { userId: users.viewer };
    expect((await call(tokens.keeper, 'GET', P.byUser.path, q)).body.errorCode).toBe(3);
    expect((await call(tokens.viewer, 'PUT', P.setForUser.path, q, [made[0].id])).body.errorCode).toBe(3);
    expect(
      (await call(tokens.keeper, 'DELETE', P.removeFromUser.path, { ...q, equipmentId: made[0].id })).body
        .errorCode,
    ).toBe(3);
    const ids = await userAdmin.ok<number[]>(call(tokens.useradmin, 'GET', P.idsByUser.path, q));
    expect(ids).toEqual([made[0].id, made[3].id].sort((a, b) => a - b));
    const rows = await roleAdmin.ok<Equipment[]>(call(tokens.roleadmin, 'GET', P.byUser.path, q));
    expect(rows.map((e) => e.code)).toEqual(['SB0001', 'XC-01']);
  });

  it("replaces a user's list; foreign equipment and unknown users are refused", async () => {
    const q = { userId: users.viewer };
    await userAdmin.ok(
      call(tokens.useradmin, 'PUT', P.setForUser.path, q, [made[1].id, made[2].id, made[1].id]),
    );
    expect((await viewer.ok<Equipment[]>(viewer.get(P.mine.path))).map((e) => e.code)).toEqual([
      'SB0002',
      'SB0003',
    ]);
    const foreign = await other.ok<{ records: { id: number }[] }>(
      other.get(`${EQ}getEquipmentList`, { page: 1, limit: 20 }),
    );
    const refused = await call(tokens.useradmin, 'PUT', P.setForUser.path, q, [
      made[0].id,
      foreign.records[0].id,
    ]);
    expect(refused.body).toMatchObject({ errorCode: 1, errorMsg: '所选设备不存在或已被删除' });
    expect((await viewer.ok<Equipment[]>(viewer.get(P.mine.path))).length).toBe(2);
    const otherUser = await call(tokens.useradmin, 'PUT', P.setForUser.path, { userId: 999_999 }, []);
    expect(otherUser.body).toMatchObject({ errorCode: 4, errorMsg: '用户不存在或已被删除' });
    await roleAdmin.ok(
      call(tokens.roleadmin, 'DELETE', P.removeFromUser.path, { ...q, equipmentId: made[2].id }),
    );
    expect(await roleAdmin.ok<number[]>(call(tokens.roleadmin, 'GET', P.idsByUser.path, q))).toEqual([
      made[1].id,
    ]);
    await roleAdmin.ok(call(tokens.roleadmin, 'PUT', P.setForUser.path, q, []));
    expect(await viewer.ok<Equipment[]>(viewer.get(P.mine.path))).toEqual([]);
  });

  it('deleting equipment takes it off every list', async () => {
    await admin.ok(call(tokens.admin, 'PUT', P.setForUser.path, { userId: users.viewer }, [made[3].id]));
    await keeper.ok(keeper.del(`${EQ}deleteOne`, made[3].id));
    expect(await viewer.ok<Equipment[]>(viewer.get(P.mine.path))).toEqual([]);
  });
});
