import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness, type TestTenant } from '../../testing/harness.ts';
import { walkMachine } from '../../testing/machineWalk.ts';
import { openSocket } from '../../testing/socket.ts';
import { notificationTasks } from '../notification/index.ts';
import { callActions, calls } from './index.ts';

const T = 'call/private/callType/';
const C = 'call/private/call/';
const B = 'basicData/';

type Call = {
  id: number;
  code: string;
  version: number;
  status: number;
  typeName: string;
  stationName: string;
  areaName: string;
  callerName: string;
  responderName: string | null;
  closerName: string | null;
  respondedAt: string | null;
  closedAt: string | null;
  responseMinutes: number | null;
  handlingMinutes: number | null;
  isLate: boolean;
  result: string | null;
  receiverIds: number[];
};

let h: Harness;
let t: TestTenant;
let origin: string;
let admin: Calls;
const as: Record<string, Calls> = {};
const tokens: Record<string, string> = {};
let line: number;
let station: number;
let station2: number;
let material: number;
let quality: number;

beforeAll(async () => {
  h = await createHarness();
  origin = await h.app.listen({ port: 0, host: '127.0.0.1' });
  t = await h.addTenant('andon', [
    { userName: 'op', name: '操作工小王', modules: ['stationScheduling'] },
    { userName: 'wuliao', name: '物料员老张', modules: [] },
    { userName: 'zhiliang', name: '质检员小李', modules: [] },
    { userName: 'bystander', name: '路人甲', modules: [] },
    { userName: 'boss', name: '车间主任', modules: ['call'] },
  ]);
  for (const u of ['admin', 'op', 'wuliao', 'zhiliang', 'bystander', 'boss']) {
    tokens[u] = await h.login('andon', u);
    as[u] = callsAs(h, tokens[u]);
  }
  admin = as.admin;
  const add = async (url: string, body: unknown) =>
    (await admin.ok<{ id: number }>(admin.post(url, body))).id;
  line = await add(`${B}private/area/addArea`, { name: '绕线一线' });
  station = await add(`${B}private/station/addStation`, { name: '绕线工位1', areaId: line });
  station2 = await add(`${B}private/station/addStation`, { name: '绕线工位2', areaId: line });
  const group = await add(`${B}settings/private/userGroup/addUserGroup`, {
    name: '质检组',
    userIds: [t.users.zhiliang],
  });
  material = await add(`${T}addCallType`, {
    name: '物料',
    responseMinutes: 10,
    receiverUserIds: [t.users.wuliao],
    receiverGroupIds: [],
  });
  quality = await add(`${T}addCallType`, {
    name: '质量',
    responseMinutes: 5,
    receiverUserIds: [],
    receiverGroupIds: [group],
  });
});
afterAll(() => h.close());

const callOf = (id: number) => admin.ok<Call>(admin.get(`${C}getCallDetail`, { id }));
const makeCall = (by: Calls, body: Record<string, unknown>) => by.post(`${C}addCall`, body);

async function respond(by: Calls, id: number) {
  const { version } = await callOf(id);
  return by.post(`${C}respond`, { id, version });
}
async function close(by: Calls, id: number, result: string) {
  const { version } = await callOf(id);
  return by.post(`${C}close`, { id, version, result });
}

const notices = (type: string) =>
  h.db.withTenant(t.id, (tx) =>
    tx
      .select({ recipientId: notificationTasks.recipientId, message: notificationTasks.message })
      .from(notificationTasks)
      .where(eq(notificationTasks.type, type)),
  );

describe('call types', () => {
  it('need a receiver, name their users and groups, number HJLX…', async () => {
    const types = await admin.page<{
      code: string;
      name: string;
      receiverUserNames: string;
      receiverGroupNames: string;
    }>(`${T}getCallTypeListPage`);
    expect(types.content.map((r) => [r.code, r.name, r.receiverUserNames, r.receiverGroupNames])).toEqual([
      ['HJLX001', '物料', '物料员老张', ''],
      ['HJLX002', '质量', '', '质检组'],
    ]);
    const nobody = await admin.post(`${T}addCallType`, {
      name: '工艺',
      responseMinutes: 10,
      receiverUserIds: [],
      receiverGroupIds: [],
    });
    expect(nobody.body.errorMsg).toBe('请至少选择一个接收人或接收用户组');
    const ghost = await admin.post(`${T}addCallType`, {
      name: '工艺',
      responseMinutes: 10,
      receiverUserIds: [999999],
    });
    expect(ghost.body.errorMsg).toBe('所选接收人不存在或已被删除');
  });
});

describe('calls', () => {
  it('are made from a station, one open per station and type, and reach the receivers live', async () => {
    const socket = await openSocket(origin, 'andon', t.users.wuliao, tokens.wuliao);
    const pushed = socket.next();
    const made = await as.op.ok<{ id: number; code: string }>(
      makeCall(as.op, { typeId: material, stationId: station, remark: '铜线快用完了' }),
    );
    expect(made.code).toMatch(/^HJ\d{8}001$/);
    expect(await pushed).toMatchObject({
      kind: 'notification',
      type: 'callMade',
      title: '物料呼叫：绕线工位1',
    });
    socket.close();
    const told = await notices('callMade');
    expect(told).toEqual([
      {
        recipientId: t.users.wuliao,
        message: `操作工小王在绕线一线 绕线工位1发起物料呼叫“${made.code}”：铜线快用完了，请在10分钟内到呼叫查询响应`,
      },
    ]);
    const c = await callOf(made.id);
    expect(c).toMatchObject({
      status: 0,
      typeName: '物料',
      stationName: '绕线工位1',
      areaName: '绕线一线',
      callerName: '操作工小王',
      isLate: false,
      receiverIds: [t.users.wuliao],
    });
    // a second one of the same type at the same station is refused; another type or station is not
    const again = await makeCall(as.op, { typeId: material, stationId: station });
    expect(again.body.errorMsg).toBe(`工位“绕线工位1”已有呼叫中的物料呼叫“${made.code}”，请勿重复呼叫`);
    const q = await as.op.ok<{ id: number }>(makeCall(as.op, { typeId: quality, stationId: station }));
    const other = await as.op.ok<{ id: number }>(makeCall(as.op, { typeId: material, stationId: station2 }));
    // the group's members are the quality type's receivers
    expect((await notices('callMade')).map((n) => n.recipientId).sort()).toEqual(
      [t.users.wuliao, t.users.wuliao, t.users.zhiliang].sort(),
    );
    // without the terminal's or the add key nobody calls
    expect((await makeCall(as.bystander, { typeId: quality, stationId: station2 })).body.errorCode).toBe(3);
    // a disabled type is not offered and not accepted
    await admin.ok(admin.get(`${T}disable`, { id: quality }));
    const off = await makeCall(as.op, { typeId: quality, stationId: station2 });
    expect(off.body.errorMsg).toBe('所选呼叫类型不存在或已停用');
    const options = await as.op.ok<{ types: { name: string }[]; open: { id: number }[] }>(
      as.op.get(`${C}getCallOptions`, { stationId: station }),
    );
    expect(options.types.map((x) => x.name)).toEqual(['物料']);
    expect(options.open.map((x) => x.id).sort()).toEqual([made.id, q.id].sort());
    await admin.ok(admin.get(`${T}enable`, { id: quality }));

    // only a receiver of its type (or a holder of the key) responds; times are recorded
    expect((await respond(as.zhiliang, made.id)).body.errorMsg).toBe('只有该呼叫类型的接收人可以响应此呼叫');
    expect((await respond(as.bystander, made.id)).body.errorCode).toBe(3);
    const r = await as.wuliao.ok<{ status: number }>(respond(as.wuliao, made.id));
    expect(r.status).toBe(1);
    const responded = await callOf(made.id);
    expect(responded).toMatchObject({ status: 1, responderName: '物料员老张', responseMinutes: 0 });
    expect(responded.respondedAt).toBeTruthy();
    expect((await notices('callResponded')).map((n) => n.recipientId)).toEqual([t.users.op]);
    // the caller cannot cancel once someone responded
    const late = await as.op.post(`${C}cancel`, { id: made.id, version: responded.version });
    expect(late.body.errorMsg).toBe(`呼叫“${made.code}”已响应，不能取消`);
    // still open: a new call of the type at the station is refused
    expect((await makeCall(as.op, { typeId: material, stationId: station })).body.errorMsg).toBe(
      `工位“绕线工位1”已有已响应未关闭的物料呼叫“${made.code}”，请勿重复呼叫`,
    );

    expect((await close(as.wuliao, made.id, '  ')).body.errorCode).toBe(1);
    await as.wuliao.ok(close(as.wuliao, made.id, '已送铜线 200kg 到线边'));
    const closed = await callOf(made.id);
    expect(closed).toMatchObject({
      status: 2,
      closerName: '物料员老张',
      result: '已送铜线 200kg 到线边',
      handlingMinutes: 0,
    });
    expect((await notices('callClosed'))[0]).toEqual({
      recipientId: t.users.op,
      message: `绕线工位1的物料呼叫“${made.code}”已由物料员老张关闭：已送铜线 200kg 到线边`,
    });
    // closed: the station may call for material again
    await as.op.ok(makeCall(as.op, { typeId: material, stationId: station }));

    // the key's holder responds without being a receiver; only the caller (or the cancel key) cancels
    await as.boss.ok(respond(as.boss, q.id));
    const o = await callOf(other.id);
    expect((await as.wuliao.post(`${C}cancel`, { id: other.id, version: o.version })).body.errorCode).toBe(3);
    const cancelled = await as.op.ok<{ status: number }>(
      as.op.post(`${C}cancel`, { id: other.id, version: o.version }),
    );
    expect(cancelled.status).toBe(9);
  });

  it('closing an equipment call of a repair-making type files a fault report of its machine', async () => {
    const machine = (
      await admin.ok<{ id: number }>(
        admin.post('equipment/private/equipment/addEquipment', { code: 'RX-01', name: '1#立式绕线机' }),
      )
    ).id;
    const device = (
      await admin.ok<{ id: number }>(
        admin.post(`${T}addCallType`, {
          name: '设备',
          responseMinutes: 5,
          createsRepairOrder: true,
          receiverUserIds: [t.users.boss],
        }),
      )
    ).id;
    const made = await as.op.ok<{ id: number; code: string }>(
      makeCall(as.op, { typeId: device, stationId: station2, equipmentId: machine, remark: '张力异常断线' }),
    );
    await as.boss.ok(respond(as.boss, made.id));
    const { version } = await callOf(made.id);
    await as.boss.ok(
      as.boss.post(`${C}close`, {
        id: made.id,
        version,
        result: '张力器弹簧更换，转维修单跟进',
        isStopped: true,
      }),
    );
    const closed = await admin.ok<Call & { repairCode: string | null }>(
      admin.get(`${C}getCallDetail`, { id: made.id }),
    );
    expect(closed.repairCode).toBeTruthy();
    expect((await notices('callClosed')).find((n) => n.message.includes(made.code))?.message).toContain(
      `已生成维修单“${closed.repairCode}”`,
    );
    // a plain type files nothing
    const plain = await callOf(
      (
        await admin.page<Call>(`${C}getCallListPage`, [
          { fieldName: 'status', operator: 'eq', fieldValue: 2 },
        ])
      ).content.find((c) => c.typeName === '物料')?.id ?? 0,
    );
    expect((plain as Call & { repairCode: string | null }).repairCode).toBeNull();
  });

  it('list by status, type and line, and export', async () => {
    const open = await admin.page<Call>(`${C}getCallListPage`, [
      { fieldName: 'status', operator: 'in', fieldValue: [0, 1] },
      { fieldName: 'typeId', operator: 'eq', fieldValue: material },
      { fieldName: 'areaId', operator: 'eq', fieldValue: line },
    ]);
    expect(open.content.map((c) => [c.stationName, c.status])).toEqual([['绕线工位1', 0]]);
    const rows = await admin.exported(`${C}export`, {});
    expect(rows[0]).toContain('呼叫单号');
    expect(rows.length).toBe(1 + 5);
  });

  it('walks every (state, action) of the machine', async () => {
    const made = await as.op.ok<{ id: number }>(makeCall(as.op, { typeId: quality, stationId: station2 }));
    const steps = await walkMachine(h, t.id, callActions, calls, made.id, { close: { result: '走查' } });
    expect(steps.length).toBe(4 * 3);
    const [row] = await h.db.withTenant(t.id, (tx) =>
      tx
        .select({ status: calls.status })
        .from(calls)
        .where(and(eq(calls.id, made.id))),
    );
    expect(row.status).toBe(0);
  });
});
