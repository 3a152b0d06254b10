import { DEMO_PASSWORD } from '@factory/shared/api/auth';
import { NOTIFICATION_BASE, WS_CLOSE } from '@factory/shared/api/notification';
import { encryptText } from '@factory/shared/crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, searchVal } from '../../testing/calls.ts';
import { createHarness, type Harness, type TestTenant } from '../../testing/harness.ts';
import { openSocket, silentFor } from '../../testing/socket.ts';

const N = NOTIFICATION_BASE;
const RULE = 'notification/private/notificationRule/';
const USER = 'authority/private/user/';

type Task = {
  id: number;
  type: string;
  title: string;
  message: string;
  isReaded: number;
  recipientId: number;
  creator: string;
};
type Rule = {
  id: number;
  name: string;
  userIds: number[];
  roleIds: number[];
  groupIds: number[];
  userNames: string;
  roleNames: string;
  groupNames: string;
};

let h: Harness;
let t: TestTenant;
let other: TestTenant;
let origin: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  h = await createHarness({ config: { wsHeartbeatMs: 200 } });
  t = await h.addTenant('notice', [
    { userName: 'wang', name: '王班长' },
    { userName: 'li', name: '李质检' },
    { userName: 'zhao', name: '赵仓管', modules: ['setting'] },
  ]);
  other = await h.addTenant('elsewhere', [{ userName: 'wang', name: '别家王' }]);
  for (const u of ['admin', 'wang', 'li', 'zhao']) tokens[u] = await h.login('notice', u);
  tokens.otherWang = await h.login('elsewhere', 'wang');
  origin = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => h.close());

const as = (who: string) => callsAs(h, tokens[who]);
const myList = (who: string) => as(who).ok<Task[]>(as(who).get(`${N}getNotificationTaskList`));
const newUser = async (userName: string, name: string) =>
  as('admin').ok<{ id: number }>(
    as('admin').post(`${USER}addUser`, { userName, name, password: await encryptText(DEMO_PASSWORD) }),
  );

describe('notification rules', () => {
  it('are declared entities: validated, listed with names, refused when they notify nobody', async () => {
    const admin = as('admin');
    const empty = await admin.post(`${RULE}addNotificationRule`, { name: '空规则', event: 'userCreated' });
    expect(empty.body).toMatchObject({ errorCode: 1, errorMsg: '请至少选择一个通知用户、角色或用户组' });
    const badEvent = await admin.post(`${RULE}addNotificationRule`, {
      name: '坏事件',
      event: 'nothing',
      userIds: [t.users.wang],
    });
    expect(badEvent.body.errorCode).toBe(1);
    const foreign = await admin.post(`${RULE}addNotificationRule`, {
      name: '别家',
      event: 'userCreated',
      userIds: [other.users.wang],
    });
    expect(foreign.body).toMatchObject({ errorCode: 1, errorMsg: '所选用户不存在或已被删除' });

    const group = await admin.ok<{ id: number }>(
      admin.post('basicData/settings/private/userGroup/addUserGroup', {
        name: '质检组',
        userIds: [t.users.li],
      }),
    );
    const rule = await admin.ok<Rule>(
      admin.post(`${RULE}addNotificationRule`, {
        name: '新用户通知',
        event: 'userCreated',
        userIds: [t.users.wang],
        roleIds: [t.roles.zhao],
        groupIds: [group.id],
      }),
    );
    expect(rule).toMatchObject({
      userNames: '王班长',
      roleNames: 'zhao的角色',
      groupNames: '质检组',
      userIds: [t.users.wang],
    });
    const page = await admin.page<Rule>(`${RULE}getNotificationRuleListPage`, [
      { fieldName: 'event', operator: 'eq', fieldValue: 'userCreated' },
    ]);
    expect(page.content.map((r) => r.name)).toEqual(['新用户通知']);
    const unpermitted = await as('wang').post(`${RULE}addNotificationRule`, {
      name: 'x',
      event: 'userCreated',
      userIds: [t.users.wang],
    });
    expect(unpermitted.body.errorCode).toBe(3);
  });

  it('reach the rule users, role holders and group members of an event, not the actor nor other tenants', async () => {
    await newUser('sun', '孙新人');
    for (const who of ['wang', 'li', 'zhao']) {
      const list = await myList(who);
      expect(list[0]).toMatchObject({
        type: 'userCreated',
        title: '新增用户',
        creator: '管理员',
        isReaded: 0,
      });
      expect(list[0].message).toContain('孙新人');
    }
    expect((await myList('admin')).filter((n) => n.type === 'userCreated')).toEqual([]);
    expect(await as('otherWang').ok<Task[]>(as('otherWang').get(`${N}getNotificationTaskList`))).toEqual([]);
  });

  it('a disabled rule notifies nobody', async () => {
    const admin = as('admin');
    const [rule] = (await admin.page<Rule>(`${RULE}getNotificationRuleListPage`)).content;
    await admin.ok(admin.get(`${RULE}disable`, { id: rule.id }));
    const before = (await myList('wang')).length;
    await newUser('qian', '钱新人');
    expect((await myList('wang')).length).toBe(before);
    await admin.ok(admin.get(`${RULE}enable`, { id: rule.id }));
  });

  it('a password reset tells the user concerned without any rule', async () => {
    const admin = as('admin');
    await admin.ok(
      h.call('PUT', `${USER}resetPassword`, {
        token: tokens.admin,
        query: { id: t.users.li },
        body: { id: t.users.li },
      }),
    );
    // the reset ended li's sessions; the notification waits for the next login
    const rows = await h.db.systemQuery<{ type: string; recipient_id: number }>(
      sql`select type, recipient_id from notification_task where type = 'passwordReset'`,
    );
    expect(rows).toEqual([{ type: 'passwordReset', recipient_id: t.users.li }]);
  });
});

describe('notification tasks', () => {
  it('are read, read all, deleted and cleared by their owner only', async () => {
    const mine = await myList('wang');
    expect(mine.length).toBeGreaterThanOrEqual(1);
    const first = mine[0];
    // someone else's id is simply not theirs
    expect((await as('zhao').get(`${N}read`, { id: first.id })).body.errorCode).toBe(4);
    expect((await as('zhao').del(`${N}deleteOne`, first.id)).body.errorCode).toBe(4);
    expect((await as('zhao').get(`${N}batchRead`, { recipientId: t.users.wang })).body).toMatchObject({
      errorCode: 3,
      errorMsg: '只能查看和处理自己的消息',
    });
    const spy = await as('zhao').get(`${N}getNotificationTaskList`, {
      searchVal: await searchVal([{ fieldName: 'recipientId', operator: 'eq', fieldValue: t.users.wang }]),
    });
    expect(spy.body.errorCode).toBe(3);

    await as('wang').ok(as('wang').get(`${N}read`, { id: first.id }));
    expect((await myList('wang')).find((n) => n.id === first.id)?.isReaded).toBe(1);
    await newUser('zhou', '周新人');
    const unread = (await myList('wang')).filter((n) => !n.isReaded);
    expect(unread.length).toBeGreaterThan(0);
    // unread first
    expect((await myList('wang'))[0].isReaded).toBe(0);
    await as('wang').ok(as('wang').get(`${N}batchRead`, { recipientId: t.users.wang }));
    expect((await myList('wang')).every((n) => n.isReaded === 1)).toBe(true);

    const all = await myList('wang');
    await as('wang').ok(as('wang').del(`${N}deleteOne`, all[0].id));
    expect((await myList('wang')).length).toBe(all.length - 1);
    await newUser('wu', '吴新人');
    await as('wang').ok(as('wang').get(`${N}batchDelete`, { recipientId: t.users.wang }));
    // clearing removes the history; what has not been seen yet stays
    const left = await myList('wang');
    expect(left.map((n) => n.isReaded)).toEqual([0]);
    // other people's notifications are untouched
    expect((await myList('zhao')).length).toBeGreaterThan(1);
  });

  it('need a session', async () => {
    expect((await h.call('GET', `${N}getNotificationTaskList`)).body.errorCode).toBe(2);
  });
});

describe('the live channel', () => {
  it('pushes an event to every socket of the recipient after the commit', async () => {
    const tab1 = await openSocket(origin, 'notice', t.users.wang, tokens.wang);
    const tab2 = await openSocket(origin, 'NOTICE', t.users.wang, tokens.wang);
    const bystander = await openSocket(origin, 'notice', t.users.admin, tokens.admin);
    const got = Promise.all([tab1.next(), tab2.next()]);
    await newUser('zheng', '郑新人');
    expect(await got).toEqual([
      { kind: 'notification', type: 'userCreated', title: '新增用户' },
      { kind: 'notification', type: 'userCreated', title: '新增用户' },
    ]);
    // the list already holds the row the push announced
    expect((await myList('wang'))[0].message).toContain('郑新人');
    expect(await silentFor(bystander, 300)).toBe(true);
    for (const s of [tab1, tab2, bystander]) s.close();
  });

  it('refuses a missing or wrong token, another user and another tenant', async () => {
    const cases: [string, number, string | undefined, number][] = [
      ['notice', t.users.wang, undefined, WS_CLOSE.unauthenticated],
      ['notice', t.users.wang, 'not-a-token', WS_CLOSE.unauthenticated],
      ['notice', t.users.li, tokens.wang, WS_CLOSE.forbidden],
      ['elsewhere', t.users.wang, tokens.wang, WS_CLOSE.forbidden],
      ['notice', other.users.wang, tokens.otherWang, WS_CLOSE.forbidden],
    ];
    for (const [code, userId, token, expected] of cases) {
      const s = await openSocket(origin, code, userId, token);
      expect(await s.closed, `${code}/${userId}`).toBe(expected);
    }
    expect(h.services.notifications.size).toBe(0);
  });

  it('drops a socket that stops answering the heartbeat', async () => {
    const s = await openSocket(origin, 'notice', t.users.zhao, tokens.zhao);
    await expect.poll(() => h.services.notifications.size).toBe(1);
    // a dead peer: it no longer answers pings
    (s.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    s.ws.pong = () => undefined;
    await expect.poll(() => h.services.notifications.size, { timeout: 5000 }).toBe(0);
    s.ws.terminate();
  });
});
