import { MODIFY_USER_INFO } from '@factory/shared/api/switching';
import { SHIFT_SAME_TIME } from '@factory/shared/entities/setting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs, searchVal } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';

const F = 'authority/private/frequency/';
type Shift = {
  id: number;
  code: string;
  name: string;
  startTime: string;
  endTime: string;
  isEnabled: number;
  remark: string | null;
};

let h: Harness;
let admin: Calls;
let other: Calls;
let userIds: Record<string, number>;
let early: Shift;

beforeAll(async () => {
  h = await createHarness();
  const t = await h.addTenant('shifts', [
    { userName: 'wang', name: '王工', modules: [] },
    { userName: 'viewer', name: '只读', modules: [] },
  ]);
  userIds = t.users;
  await h.addTenant('othershifts');
  admin = callsAs(h, await h.login('shifts', 'admin'));
  other = callsAs(h, await h.login('othershifts', 'admin'));
});
afterAll(() => h.close());

describe('shift frequencies', () => {
  it('numbers a shift left without code and lists it', async () => {
    early = await admin.ok<Shift>(
      admin.post(`${F}addFrequency`, { name: '早班', startTime: '08:00', endTime: '16:00' }),
    );
    expect(early).toMatchObject({ code: 'BC001', name: '早班', startTime: '08:00', isEnabled: 1 });
    const night = await admin.ok<Shift>(
      admin.post(`${F}addFrequency`, { name: '夜班', startTime: '22:00', endTime: '06:00', remark: '跨天' }),
    );
    expect(night).toMatchObject({ code: 'BC002', endTime: '06:00' });
    const page = await admin.page<Shift>(`${F}getFrequencyListPage`);
    expect(page.content.map((s) => s.name)).toEqual(['早班', '夜班']);
    expect(await admin.ok(admin.get(`${F}getFrequencyDetail`, { id: early.id }))).toMatchObject({
      name: '早班',
    });
    expect(await admin.ok<string>(admin.get(`${F}getMaxFrequencyCode`))).toBe('BC003');
  });

  it('checks the times: HH:mm only, and a shift must not end when it starts', async () => {
    for (const [field, value] of [
      ['startTime', '8:00'],
      ['startTime', '24:00'],
      ['endTime', '16:60'],
      ['endTime', '16:00:00'],
    ] as const) {
      const res = await admin.post(`${F}addFrequency`, {
        name: '中班',
        startTime: '16:00',
        endTime: '00:00',
        [field]: value,
      });
      expect(res.body.errorCode, value).toBe(1);
      // the server says the declared rule, as the form does
      expect(res.body.result).toEqual([
        { field, message: `${field === 'startTime' ? '开始时间' : '结束时间'}应为“时:分”格式，如 08:00` },
      ]);
    }
    const same = await admin.post(`${F}addFrequency`, { name: '中班', startTime: '16:00', endTime: '16:00' });
    expect(same.body).toMatchObject({ errorCode: 1, errorMsg: SHIFT_SAME_TIME });
    expect(same.body.result).toEqual([{ field: 'endTime', message: SHIFT_SAME_TIME }]);
    // the stored start counts when only the end changes
    const edit = await admin.put(`${F}updateOne`, { id: early.id, endTime: '08:00' });
    expect(edit.body.errorMsg).toBe(SHIFT_SAME_TIME);
    const missing = await admin.post(`${F}addFrequency`, { name: '中班', startTime: '16:00' });
    expect(missing.body.errorCode).toBe(1);
    const dup = await admin.post(`${F}addFrequency`, { name: '早班', startTime: '06:00', endTime: '14:00' });
    expect(dup.body.errorMsg).toBe('班次名称“早班”已存在');
    const moved = await admin.ok<Shift>(
      admin.put(`${F}updateOne`, { id: early.id, startTime: '07:30', endTime: '15:30' }),
    );
    expect(moved).toMatchObject({ startTime: '07:30', endTime: '15:30', code: 'BC001' });
  });

  it('offers only enabled shifts when the spec’s filter asks for them', async () => {
    const late = await admin.ok<Shift>(
      admin.post(`${F}addFrequency`, { name: '中班', startTime: '16:00', endTime: '00:00' }),
    );
    await admin.ok(admin.get(`${F}disable`, { id: late.id }));
    const enabledOnly = await admin.ok<{ records: Shift[] }>(
      admin.get(`${F}getFrequencyList`, {
        page: 1,
        limit: 20,
        searchVal: await searchVal([{ fieldName: 'isEnabled', operator: 'eq', fieldValue: 1 }]),
      }),
    );
    expect(enabledOnly.records.map((s) => s.name)).toEqual(['早班', '夜班']);
    await admin.ok(admin.get(`${F}enable`, { id: late.id }));
    const rows = await admin.exported(`${F}export`, {});
    expect(rows[0]).toEqual(['班次编码', '班次名称', '开始时间', '结束时间', '状态', '备注']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['早班', '夜班', '中班']);
  });

  it('refuses deleting a shift someone is on, naming them', async () => {
    const wang = callsAs(h, await h.login('shifts', 'wang'));
    await wang.ok(wang.put(MODIFY_USER_INFO, { id: userIds.wang, frequencyId: early.id }));
    const res = await admin.del(`${F}deleteOne`, early.id);
    expect(res.body).toMatchObject({ errorCode: 5, errorMsg: '“早班”已被用户“王工”使用，不能删除' });
    const spare = await admin.ok<Shift>(
      admin.post(`${F}addFrequency`, { name: '临时班', startTime: '10:00', endTime: '12:00' }),
    );
    await admin.ok(admin.del(`${F}deleteOne`, spare.id));
  });

  it('lets every signed-in user read the shift list, but only the shift screen change it', async () => {
    const viewer = callsAs(h, await h.login('shifts', 'viewer'));
    const list = await viewer.ok<{ total: number }>(
      viewer.get(`${F}getFrequencyList`, { page: 1, limit: 20 }),
    );
    expect(list.total).toBe(3);
    for (const res of [
      await viewer.get(`${F}getFrequencyListPage`, { currentPage: 1, pageSize: 20 }),
      await viewer.post(`${F}addFrequency`, { name: '白班', startTime: '08:00', endTime: '17:00' }),
      await viewer.get(`${F}disable`, { id: early.id }),
      await viewer.del(`${F}deleteOne`, early.id),
    ])
      expect(res.body.errorCode).toBe(3);
  });

  it('keeps each tenant’s shifts to itself', async () => {
    expect((await other.page<Shift>(`${F}getFrequencyListPage`)).total).toBe(0);
    expect((await other.get(`${F}getFrequencyDetail`, { id: early.id })).body.errorCode).toBe(4);
    expect((await other.put(`${F}updateOne`, { id: early.id, name: '改名' })).body.errorCode).toBe(4);
    expect((await other.get(`${F}disable`, { id: early.id })).body.errorCode).toBe(4);
    expect((await other.del(`${F}deleteOne`, early.id)).body.errorCode).toBe(4);
    // the same name and code are free in another tenant
    const own = await other.ok<Shift>(
      other.post(`${F}addFrequency`, { name: '早班', startTime: '08:00', endTime: '16:00' }),
    );
    expect(own.code).toBe('BC001');
    expect(await admin.ok(admin.get(`${F}getFrequencyDetail`, { id: early.id }))).toMatchObject({
      name: '早班',
      isEnabled: 1,
    });
  });
});
