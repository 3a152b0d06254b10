import {
  MODIFY_LINES,
  MODIFY_USER_INFO,
  SHIFT_SWITCH_OWN_ONLY,
  STATION_SWITCH_OWN_ONLY,
} from '@factory/shared/api/switching';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { notificationRules, notificationTasks } from '../notification/index.ts';

const F = 'authority/private/frequency/';
const AREA = 'basicData/private/area/';
const ST = 'basicData/private/station/';
const USER = 'authority/private/user/';
type Info = {
  id: number;
  frequencyId: number | null;
  frequencyName: string | null;
  stationId: number | null;
  stationName: string | null;
};

let h: Harness;
let tenantId: number;
let adminId: number;
let admin: Calls;
let wang: Calls;
let li: Calls;
let ids: Record<string, number>;
const shift: Record<string, number> = {};
const station: Record<string, number> = {};

const info = async (c: Calls) => c.ok<Info>(c.post(`${USER}getLoginInfo`, undefined));

beforeAll(async () => {
  h = await createHarness();
  const t = await h.addTenant('switching', [
    { userName: 'wang', name: '王工', modules: [] },
    { userName: 'li', name: '李工', modules: [] },
  ]);
  ({ id: tenantId, adminId, users: ids } = t);
  admin = callsAs(h, await h.login('switching', 'admin'));
  wang = callsAs(h, await h.login('switching', 'wang'));
  li = callsAs(h, await h.login('switching', 'li'));
  for (const [name, startTime, endTime] of [
    ['早班', '08:00', '16:00'],
    ['夜班', '22:00', '06:00'],
    ['停用班', '12:00', '18:00'],
  ])
    shift[name] = (
      await admin.ok<{ id: number }>(admin.post(`${F}addFrequency`, { name, startTime, endTime }))
    ).id;
  await admin.ok(admin.get(`${F}disable`, { id: shift.停用班 }));
  const line = (await admin.ok<{ id: number }>(admin.post(`${AREA}addArea`, { name: '绕线一线' }))).id;
  for (const name of ['绕线工位1', '绕线工位2', '检验工位'])
    station[name] = (
      await admin.ok<{ id: number }>(admin.post(`${ST}addStation`, { name, areaId: line }))
    ).id;
  // 王工 may work only at the two winding stations; 李工 has none assigned, so any
  await admin.ok(
    admin.put(`${USER}updateOneStation`, {
      id: ids.wang,
      stationIds: [station.绕线工位1, station.绕线工位2],
    }),
  );
});
afterAll(() => h.close());

describe('switching shift', () => {
  it('switches the own shift and keeps it for the next login', async () => {
    expect(await info(wang)).toMatchObject({ frequencyId: null, frequencyName: null });
    const now = await wang.ok(
      wang.put(MODIFY_USER_INFO, {
        id: ids.wang,
        frequencyId: shift.夜班,
        userName: 'wang',
        frequencyName: '夜班',
      }),
    );
    expect(now).toEqual({ frequencyId: shift.夜班, frequencyName: '夜班' });
    expect(await info(wang)).toMatchObject({ frequencyId: shift.夜班, frequencyName: '夜班' });
    const again = callsAs(h, await h.login('switching', 'wang'));
    expect(await info(again)).toMatchObject({ frequencyId: shift.夜班, frequencyName: '夜班' });
    // a renamed shift shows its new name at once
    await admin.ok(admin.put(`${F}updateOne`, { id: shift.夜班, name: '大夜班' }));
    expect((await info(again)).frequencyName).toBe('大夜班');
  });

  it('refuses switching someone else, a disabled shift and an unknown one', async () => {
    const someoneElse = await wang.put(MODIFY_USER_INFO, { id: ids.li, frequencyId: shift.早班 });
    expect(someoneElse.body).toMatchObject({ errorCode: 3, errorMsg: SHIFT_SWITCH_OWN_ONLY });
    const renamed = await wang.put(MODIFY_USER_INFO, {
      id: ids.wang,
      frequencyId: shift.早班,
      userName: 'li',
    });
    expect(renamed.body).toMatchObject({ errorCode: 3, errorMsg: SHIFT_SWITCH_OWN_ONLY });
    const disabled = await wang.put(MODIFY_USER_INFO, { id: ids.wang, frequencyId: shift.停用班 });
    expect(disabled.body).toMatchObject({ errorCode: 1, errorMsg: '班次“停用班”已停用，请选择其他班次' });
    const unknown = await wang.put(MODIFY_USER_INFO, { id: ids.wang, frequencyId: 999_999 });
    expect(unknown.body).toMatchObject({ errorCode: 1, errorMsg: '所选班次不存在或已被删除' });
    expect((await info(li)).frequencyId).toBeNull();
    expect((await info(wang)).frequencyId).toBe(shift.夜班);
  });
});

describe('switching station', () => {
  it('offers a user with assigned stations only those', async () => {
    const outside = await wang.put(MODIFY_LINES, { id: ids.wang, stationId: station.检验工位 });
    expect(outside.body).toMatchObject({
      errorCode: 1,
      errorMsg: '工位“检验工位”不在您的可用工位中，请选择分配给您的工位',
    });
    const now = await wang.ok(wang.put(MODIFY_LINES, { id: ids.wang, stationId: station.绕线工位2 }));
    expect(now).toEqual({ stationId: station.绕线工位2, stationName: '绕线工位2' });
    const again = callsAs(h, await h.login('switching', 'wang'));
    expect(await info(again)).toMatchObject({
      stationId: station.绕线工位2,
      stationName: '绕线工位2',
      frequencyName: '大夜班',
    });
  });

  it('lets a user without assigned stations pick any, and nobody switch another', async () => {
    expect(await li.ok(li.put(MODIFY_LINES, { id: ids.li, stationId: station.检验工位 }))).toMatchObject({
      stationName: '检验工位',
    });
    const someoneElse = await li.put(MODIFY_LINES, { id: ids.wang, stationId: station.检验工位 });
    expect(someoneElse.body).toMatchObject({ errorCode: 3, errorMsg: STATION_SWITCH_OWN_ONLY });
    const unknown = await li.put(MODIFY_LINES, { id: ids.li, stationId: 999_999 });
    expect(unknown.body).toMatchObject({ errorCode: 1, errorMsg: '所选工位不存在或已被删除' });
    expect((await info(wang)).stationName).toBe('绕线工位2');
  });

  it('notifies whom the stationChanged rules name, once per real change', async () => {
    await h.db.withTenant(tenantId, (tx) =>
      tx.insert(notificationRules).values({ name: '工位变动', event: 'stationChanged', userIds: [adminId] }),
    );
    const notes = () =>
      h.db.withTenant(tenantId, (tx) =>
        tx
          .select({ type: notificationTasks.type, message: notificationTasks.message })
          .from(notificationTasks)
          .where(eq(notificationTasks.recipientId, adminId)),
      );
    await wang.ok(wang.put(MODIFY_LINES, { id: ids.wang, stationId: station.绕线工位1 }));
    // choosing the station one is already at changes nothing and tells nobody
    await wang.ok(wang.put(MODIFY_LINES, { id: ids.wang, stationId: station.绕线工位1 }));
    expect(await notes()).toEqual([
      { type: 'stationChanged', message: '王工由工位“绕线工位2”切换到“绕线工位1”' },
    ]);
  });
});

describe('own profile', () => {
  it('getOwnDetail answers the caller’s own row, with what only an administrator changes', async () => {
    const mine = await wang.ok(wang.get(`${USER}getOwnDetail`));
    expect(mine).toMatchObject({
      id: ids.wang,
      userName: 'wang',
      roleNames: 'wang的角色',
      stationNames: '绕线工位1、绕线工位2',
      stationId: station.绕线工位1,
    });
    // someone without the user screen still cannot read others
    expect((await wang.get(`${USER}getUserDetail`, { id: ids.li })).body.errorCode).toBe(3);
  });

  it('updateOwn changes only the caller and takes no id', async () => {
    const me = await li.ok(li.put(`${USER}updateOwn`, { name: '李师傅', phone: '13900000001' }));
    expect(me).toMatchObject({ id: ids.li, name: '李师傅', phone: '13900000001' });
    const other = await li.put(`${USER}updateOwn`, { id: ids.wang, name: '冒名' });
    expect(other.body.errorCode).toBe(1);
    const wangNow = await admin.ok(admin.get(`${USER}getUserDetail`, { id: ids.wang }));
    expect(wangNow).toMatchObject({ name: '王工' });
    // the user name, roles and stations are the administrator's to change
    const roles = await li.put(`${USER}updateOwn`, { roleIds: [] });
    expect(roles.body.errorCode).toBe(1);
  });
});
