import { CHANGELOG_BASE } from '@factory/shared/api/changelog';
import { NOTIFICATION_BASE } from '@factory/shared/api/notification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { openSocket } from '../../testing/socket.ts';

const C = CHANGELOG_BASE;
type Entry = { id: number; updateTime: string; content: string };

let h: Harness;
const tokens: Record<string, string> = {};
let customerUser = 0;

beforeAll(async () => {
  h = await createHarness();
  await h.addTenant('prov', [{ userName: 'clerk', modules: ['home'] }], {
    providerConsole: true,
    changelogList: true,
  });
  const customer = await h.addTenant('cust', [{ userName: 'wang', name: '王工' }]);
  customerUser = customer.users.wang;
  tokens.provider = await h.login('prov', 'admin');
  tokens.clerk = await h.login('prov', 'clerk');
  tokens.customer = await h.login('cust', 'admin');
  tokens.wang = await h.login('cust', 'wang');
});
afterAll(() => h.close());

const as = (who: string) => callsAs(h, tokens[who]);

describe('changelog', () => {
  it("says the spec's messages for a missing date or content and refuses a day that does not exist", async () => {
    const p = as('provider');
    expect((await p.post(`${C}addUpdateLogRecord`, { content: '修复' })).body).toMatchObject({
      errorCode: 1,
      errorMsg: '请选择更新日期',
    });
    expect(
      (await p.post(`${C}addUpdateLogRecord`, { updateTime: '2026-11-20', content: '' })).body,
    ).toMatchObject({
      errorCode: 1,
      errorMsg: '请输入更新内容',
    });
    expect(
      (await p.post(`${C}addUpdateLogRecord`, { updateTime: '2026-02-30', content: '修复' })).body,
    ).toMatchObject({
      errorCode: 1,
      errorMsg: '更新日期的格式不正确',
    });
  });

  it('is written by the provider, listed by update date for everyone, and tells every tenant’s users', async () => {
    const p = as('provider');
    const socket = await openSocket(
      await h.app.listen({ port: 0, host: '127.0.0.1' }),
      'cust',
      customerUser,
      tokens.wang,
    );
    const pushed = socket.next();
    await p.ok(p.post(`${C}addUpdateLogRecord`, { updateTime: '2026-11-01', content: '新增设备台账' }));
    await p.ok(
      p.post(`${C}addUpdateLogRecord`, { updateTime: '2026-11-20', content: '工单支持拆分\n看板刷新更快' }),
    );
    expect(await pushed).toMatchObject({ kind: 'notification', type: 'changelogAdded' });
    socket.close();
    const list = await as('wang').ok<Entry[]>(as('wang').get(`${C}getUpdateLogRecordList`));
    expect(list.map((e) => e.updateTime)).toEqual(['2026-11-20', '2026-11-01']);
    expect(list[0].content).toBe('工单支持拆分\n看板刷新更快');
    const notes = await as('wang').ok<{ type: string; title: string; message: string }[]>(
      as('wang').get(`${NOTIFICATION_BASE}getNotificationTaskList`),
    );
    expect(notes[0]).toMatchObject({ type: 'changelogAdded', title: '系统更新（2026-11-20）' });
    expect(notes).toHaveLength(2);
    // the provider's own people hear it too
    expect(
      (await as('clerk').ok<unknown[]>(as('clerk').get(`${NOTIFICATION_BASE}getNotificationTaskList`)))
        .length,
    ).toBe(2);
  });

  it("is changed and deleted only from the provider's console, with the keys", async () => {
    const [entry] = await as('provider').ok<Entry[]>(as('provider').get(`${C}getUpdateLogRecordList`));
    const change = { id: entry.id, updateTime: '2026-11-21', content: '工单支持拆分与减量' };
    // a customer's admin holds every key of its own tenant, but the changelog is not theirs
    expect((await as('customer').put(`${C}updateOne`, change)).body.errorCode).toBe(3);
    expect((await as('customer').del(`${C}deleteOne`, entry.id)).body.errorCode).toBe(3);
    expect((await as('customer').post(`${C}addUpdateLogRecord`, change)).body.errorCode).toBe(3);
    // a provider user without the changelog keys
    expect((await as('clerk').put(`${C}updateOne`, change)).body.errorCode).toBe(3);
    expect(await as('provider').ok<Entry>(as('provider').put(`${C}updateOne`, change))).toMatchObject(change);
    await as('provider').ok(as('provider').del(`${C}deleteOne`, entry.id));
    expect((await as('provider').del(`${C}deleteOne`, entry.id)).body.errorCode).toBe(4);
    const left = await as('wang').ok<Entry[]>(as('wang').get(`${C}getUpdateLogRecordList`));
    expect(left.map((e) => e.content)).toEqual(['新增设备台账']);
  });
});
