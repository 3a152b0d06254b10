import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../platform/schema.ts';
import { type Calls, callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness, type TestTenant } from '../../testing/harness.ts';
import { notificationTasks } from '../notification/index.ts';
import { escalateCalls } from './escalation.ts';
import { calls } from './schema.ts';

const T = 'call/private/callType/';
const C = 'call/private/call/';
const B = 'basicData/';
const MINUTE = 60_000;

let h: Harness;
let t: TestTenant;
let admin: Calls;
const as: Record<string, Calls> = {};
let station: number;
let station2: number;
let station3: number;
let managers: number;
let device: number;

beforeAll(async () => {
  h = await createHarness();
  t = await h.addTenant('escalate', [
    { userName: 'op', name: '操作工小王', modules: ['stationScheduling'] },
    { userName: 'keeper', name: '设备员杨帆', modules: [] },
    { userName: 'lead', name: '设备主管老李', modules: [] },
    { userName: 'manager', name: '生产经理韩雪', modules: [] },
    { userName: 'director', name: '厂长', modules: [] },
  ]);
  for (const u of ['admin', 'op', 'keeper', 'lead', 'manager', 'director'])
    as[u] = callsAs(h, await h.login('escalate', u));
  admin = as.admin;
  const add = async (url: string, body: unknown) =>
    (await admin.ok<{ id: number }>(admin.post(url, body))).id;
  const line = await add(`${B}private/area/addArea`, { name: '绕线一线' });
  station = await add(`${B}private/station/addStation`, { name: '绕线1号', areaId: line });
  station2 = await add(`${B}private/station/addStation`, { name: '绕线2号', areaId: line });
  station3 = await add(`${B}private/station/addStation`, { name: '绕线3号', areaId: line });
  managers = await add(`${B}settings/private/userGroup/addUserGroup`, {
    name: '生产管理组',
    userIds: [t.users.manager],
  });
  device = await add(`${T}addCallType`, {
    name: '设备',
    responseMinutes: 10,
    receiverUserIds: [t.users.keeper],
    escalation: [
      { afterMinutes: 15, userIds: [t.users.lead], groupIds: [] },
      { afterMinutes: 30, groupIds: [managers] },
      { afterMinutes: 60, userIds: [t.users.director, t.users.lead] },
    ],
  });
});
afterAll(() => h.close());

type Level = {
  afterMinutes: number;
  userIds: number[];
  groupIds: number[];
  userNames: string[];
  groupNames: string[];
};

const addType = (body: Record<string, unknown>) =>
  admin.post(`${T}addCallType`, { responseMinutes: 10, receiverUserIds: [t.users.keeper], ...body });

/** Makes a call of the equipment type at a station; answers its id, number and moment. */
async function makeCall(stationId: number) {
  const made = await as.op.ok<{ id: number; code: string }>(
    as.op.post(`${C}addCall`, { typeId: device, stationId }),
  );
  const [row] = await h.db.withTenant(t.id, (tx) =>
    tx.select({ calledAt: calls.calledAt }).from(calls).where(eq(calls.id, made.id)),
  );
  return { ...made, calledAt: row.calledAt };
}

/** One run of the escalation sweep in the tenant at `now`, its notices delivered after it commits. */
async function sweep(now: Date) {
  const after: (() => void | Promise<void>)[] = [];
  const n = await h.db.withTenant(t.id, (tx) =>
    escalateCalls(
      tx,
      {
        tx,
        session: { tenantId: t.id, userId: null, name: '系统' },
        services: h.services,
        afterCommit: (fn) => after.push(fn),
      },
      now,
    ),
  );
  for (const fn of after) await fn();
  return n;
}
const later = (at: Date, minutes: number, seconds = 0) =>
  new Date(at.getTime() + minutes * MINUTE + seconds * 1000);

const escalatedNotices = async (code: string) =>
  (
    await h.db.withTenant(t.id, (tx) =>
      tx
        .select({ recipientId: notificationTasks.recipientId, message: notificationTasks.message })
        .from(notificationTasks)
        .where(eq(notificationTasks.type, 'callEscalated')),
    )
  ).filter((n) => n.message.includes(code));

const callOf = (id: number) =>
  admin.ok<{
    version: number;
    status: number;
    escalatedLevel: number;
    escalatedAt: string | null;
    receiverIds: number[];
  }>(admin.get(`${C}getCallDetail`, { id }));
const respond = async (by: Calls, id: number) =>
  by.post(`${C}respond`, { id, version: (await callOf(id)).version });
const trail = (id: number) =>
  admin.ok<{ action: string; actionLabel: string; userName: string; reason: string | null }[]>(
    admin.get(`${C}getLogList`, { id }),
  );

describe('escalation levels of a call type', () => {
  it('are checked: later than the target, rising, calling someone, at most three', async () => {
    const level = (afterMinutes: number) => ({ afterMinutes, userIds: [t.users.lead] });
    const refused = async (body: Record<string, unknown>) =>
      (await addType({ name: '工艺', ...body })).body.errorMsg;
    expect(await refused({ escalation: [level(10)] })).toBe('第1级升级时间须大于响应时限（10分钟）');
    expect(await refused({ escalation: [level(15), level(15)] })).toBe('第2级升级时间须大于第1级');
    expect(await refused({ escalation: [level(30), level(20)] })).toBe('第2级升级时间须大于第1级');
    expect(await refused({ escalation: [level(15), { afterMinutes: 20, userIds: [], groupIds: [] }] })).toBe(
      '第2级请至少选择一个升级接收人或用户组',
    );
    expect(await refused({ escalation: [level(15), level(20), level(25), level(30)] })).toBe(
      '升级规则最多3项',
    );
    expect(await refused({ escalation: [{ afterMinutes: 15, userIds: [999999] }] })).toBe(
      '第1级所选升级接收人不存在或已被删除',
    );
    expect(await refused({ escalation: [{ afterMinutes: 1441, userIds: [t.users.lead] }] })).toBe(
      '超时分钟不能大于1440',
    );
    // an edit of the target alone is checked against the stored levels
    const edit = await admin.put(`${T}updateOne`, { id: device, responseMinutes: 20 });
    expect(edit.body.errorMsg).toBe('第1级升级时间须大于响应时限（20分钟）');
  });

  it('are listed compactly and given back to the form with names', async () => {
    const types = await admin.page<{ name: string; escalationText: string; escalation: Level[] }>(
      `${T}getCallTypeListPage`,
    );
    const d = types.content.find((r) => r.name === '设备');
    expect(d?.escalationText).toBe('15分钟→设备主管老李；30分钟→生产管理组；60分钟→厂长、设备主管老李');
    expect(d?.escalation).toEqual([
      {
        afterMinutes: 15,
        userIds: [t.users.lead],
        userNames: ['设备主管老李'],
        groupIds: [],
        groupNames: [],
      },
      { afterMinutes: 30, userIds: [], userNames: [], groupIds: [managers], groupNames: ['生产管理组'] },
      {
        afterMinutes: 60,
        userIds: [t.users.director, t.users.lead],
        userNames: ['厂长', '设备主管老李'],
        groupIds: [],
        groupNames: [],
      },
    ]);
    // a type without levels escalates nothing and says nothing
    const plain = await admin.ok<{ id: number }>(addType({ name: '物料' }));
    const detail = await admin.ok<{ escalation: Level[]; escalationText: string }>(
      admin.get(`${T}getCallTypeDetail`, { id: plain.id }),
    );
    expect(detail).toMatchObject({ escalation: [], escalationText: '' });
  });
});

describe('the escalation sweep', () => {
  it('calls each level at its minute, once, and lets the escalated respond', async () => {
    const c = await makeCall(station);
    // not before its minute, not by a user of a level not reached
    expect(await sweep(later(c.calledAt, 14, 59))).toBe(0);
    expect((await respond(as.lead, c.id)).body.errorMsg).toBe('只有该呼叫类型的接收人可以响应此呼叫');
    expect(await sweep(later(c.calledAt, 15))).toBe(1);
    expect(await sweep(later(c.calledAt, 15, 30))).toBe(0);
    expect(await escalatedNotices(c.code)).toEqual([
      {
        recipientId: t.users.lead,
        message: `呼叫升级：工位“绕线1号”的设备呼叫${c.code}已等待15分钟未响应（第1级升级），请到呼叫查询响应`,
      },
    ]);
    const once = await callOf(c.id);
    expect(once).toMatchObject({ status: 0, escalatedLevel: 1 });
    expect(once.escalatedAt).toBeTruthy();
    expect(once.receiverIds.sort()).toEqual([t.users.keeper, t.users.lead].sort());

    // two sweeps at the same moment: the second level is called once
    const [a, b] = await Promise.all([sweep(later(c.calledAt, 30)), sweep(later(c.calledAt, 30))]);
    expect(a + b).toBe(1);
    const told = await escalatedNotices(c.code);
    expect(told.map((n) => n.recipientId).sort()).toEqual([t.users.lead, t.users.manager].sort());
    expect(told.find((n) => n.recipientId === t.users.manager)?.message).toContain(
      '已等待30分钟未响应（第2级升级）',
    );
    expect((await callOf(c.id)).escalatedLevel).toBe(2);

    // the trail says when and to whom, as the system; the version is left alone
    const entries = (await trail(c.id)).filter((e) => e.action === 'escalate');
    expect(entries.map((e) => [e.actionLabel, e.userName, e.reason])).toEqual([
      ['升级', '系统', '已等待15分钟未响应，升级至第1级：设备主管老李'],
      ['升级', '系统', '已等待30分钟未响应，升级至第2级：生产管理组'],
    ]);
    expect((await callOf(c.id)).version).toBe(0);

    // a group member of a reached level responds without any key
    await as.manager.ok(respond(as.manager, c.id));
    expect(await sweep(later(c.calledAt, 90))).toBe(0);
    expect((await callOf(c.id)).escalatedLevel).toBe(2);
    const [row] = await h.db.withTenant(t.id, (tx) =>
      tx.select({ responderId: calls.responderId }).from(calls).where(eq(calls.id, c.id)),
    );
    expect(row.responderId).toBe(t.users.manager);
  });

  it('after a gap calls only the highest level passed, once', async () => {
    const c = await makeCall(station2);
    expect(await sweep(later(c.calledAt, 75))).toBe(1);
    expect((await callOf(c.id)).escalatedLevel).toBe(3);
    expect((await escalatedNotices(c.code)).map((n) => n.recipientId).sort()).toEqual(
      [t.users.director, t.users.lead].sort(),
    );
    expect((await escalatedNotices(c.code))[0].message).toContain('已等待75分钟未响应（第3级升级）');
    expect(await sweep(later(c.calledAt, 120))).toBe(0);
    const rows = await h.db.withTenant(t.id, (tx) =>
      tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.entityId, String(c.id)), eq(auditLog.action, 'escalate'))),
    );
    expect(rows).toHaveLength(1);
    // every level up to the one reached may respond; the director responds
    await as.director.ok(respond(as.director, c.id));
  });

  it('never escalates a call that was responded, closed or cancelled', async () => {
    const responded = await makeCall(station3);
    await as.keeper.ok(respond(as.keeper, responded.id));
    expect(await sweep(later(responded.calledAt, 20))).toBe(0);
    await as.keeper.ok(
      as.keeper.post(`${C}close`, {
        id: responded.id,
        version: (await callOf(responded.id)).version,
        result: '已处理',
      }),
    );
    expect(await sweep(later(responded.calledAt, 61))).toBe(0);
    const cancelled = await makeCall(station3);
    await as.op.ok(
      as.op.post(`${C}cancel`, { id: cancelled.id, version: (await callOf(cancelled.id)).version }),
    );
    expect(await sweep(later(cancelled.calledAt, 61))).toBe(0);
    for (const id of [responded.id, cancelled.id]) expect((await callOf(id)).escalatedLevel).toBe(0);
    expect(await escalatedNotices(responded.code)).toEqual([]);
    expect(await escalatedNotices(cancelled.code)).toEqual([]);
  });
});
