import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';

let h: Harness;
let admin: string;
let userIds: Record<string, number>;
const ORG = 'Organization/';
const GRP = 'basicData/settings/private/userGroup/';
type Env = { errorCode: number; result: unknown; errorMsg: string };
type Node = { id: number; name: string; level: number; parentId: number | null; parentName: string | null };
type Group = {
  id: number;
  name: string;
  isEnabled: number;
  userIds: number[];
  memberNames: string;
  memberCount: number;
};

const ok = async <T>(p: Promise<{ body: Env }>): Promise<T> => {
  const { body } = await p;
  expect(body.errorCode, JSON.stringify(body)).toBe(0);
  return body.result as T;
};
const post = (url: string, body: unknown) => h.call('POST', url, { token: admin, body });
const put = (url: string, body: unknown) => h.call('PUT', url, { token: admin, body });

beforeAll(async () => {
  h = await createHarness();
  const t = await h.addTenant('org', [
    { userName: 'wang', name: '王工' },
    { userName: 'li', name: '李工' },
  ]);
  userIds = t.users;
  admin = await h.login('org', 'admin');
});
afterAll(() => h.close());

describe('organisation framework', () => {
  let factory: Node;
  let workshop: Node;

  it('builds factory → workshop → line and keeps the levels in order', async () => {
    factory = await ok<Node>(post(`${ORG}addOrganization`, { code: 'F1', name: '一厂', level: 0 }));
    const orphan = await post(`${ORG}addOrganization`, { code: 'W0', name: '无主车间', level: 1 });
    expect(orphan.body).toMatchObject({ errorCode: 1, errorMsg: '车间须选择上级组织' });
    workshop = await ok<Node>(
      post(`${ORG}addOrganization`, { code: 'W1', name: '绕线车间', level: 1, parentId: factory.id }),
    );
    expect(workshop).toMatchObject({ parentId: factory.id, parentName: '一厂' });
    // a picker reads the whole tree, any signed-in user (a worker without the organisation page too)
    const wang = await h.login('org', 'wang');
    const tree = await h.call('GET', `${ORG}getOrganizationTree`, { token: wang });
    expect(tree.body.errorCode).toBe(0);
    expect(tree.body.result).toEqual(
      expect.arrayContaining([
        { id: factory.id, name: '一厂', parentId: null },
        { id: workshop.id, name: '绕线车间', parentId: factory.id },
      ]),
    );
    expect((await h.call('GET', `${ORG}getOrganizationTree`, {})).body.errorCode).toBe(2);
    const skip = await post(`${ORG}addOrganization`, {
      code: 'L0',
      name: '跳级产线',
      level: 2,
      parentId: factory.id,
    });
    expect(skip.body).toMatchObject({ errorCode: 1, errorMsg: '产线的上级应为车间' });
    const topWithParent = await post(`${ORG}addOrganization`, {
      code: 'F2',
      name: '二厂',
      level: 0,
      parentId: factory.id,
    });
    expect(topWithParent.body.errorMsg).toBe('工厂是最高层级，不能有上级组织');
    const relevel = await put(`${ORG}updateOne`, { id: factory.id, level: 1, parentId: workshop.id });
    expect(relevel.body.errorCode).toBe(1);
    const all = await ok<{ records: Node[] }>(
      h.call('GET', `${ORG}getOrganizationList`, { token: admin, query: { page: 1, limit: 100 } }),
    );
    expect(all.records.map((n) => n.name)).toEqual(['一厂', '绕线车间']);
  });

  it('refuses deleting a node that has children or users, naming them', async () => {
    const res = await h.call('DELETE', `${ORG}deleteOne`, { token: admin, query: { id: factory.id } });
    expect(res.body).toMatchObject({ errorCode: 5, errorMsg: '“一厂”已被下级组织使用，不能删除' });
    await ok(h.call('DELETE', `${ORG}deleteOne`, { token: admin, query: { id: workshop.id } }));
  });
});

describe('user groups', () => {
  it('adds a group with members, lists them per user, disables and deletes it', async () => {
    const g = await ok<Group>(
      post(`${GRP}addUserGroup`, { code: 'YHZ001', name: '夜班质检', userIds: [userIds.wang, userIds.li] }),
    );
    expect(g).toMatchObject({
      isEnabled: 1,
      memberCount: 2,
      memberNames: '李工、王工',
      userIds: [userIds.li, userIds.wang],
    });
    const badUser = await post(`${GRP}addUserGroup`, { code: 'YHZ002', name: '坏组', userIds: [999_999] });
    expect(badUser.body).toMatchObject({ errorCode: 1, errorMsg: '所选用户不存在或已被删除' });
    const mine = await ok<{ name: string }[]>(
      h.call('GET', 'authority/private/user/getUserGroupListByUserId', {
        token: admin,
        query: { userId: userIds.wang },
      }),
    );
    expect(mine.map((x) => x.name)).toEqual(['夜班质检']);
    const changed = await ok<Group>(put(`${GRP}updateOne`, { id: g.id, userIds: [userIds.li] }));
    expect(changed).toMatchObject({ memberCount: 1, memberNames: '李工', userIds: [userIds.li] });
    await ok(h.call('GET', `${GRP}disable`, { token: admin, query: { id: g.id } }));
    const select = await ok<{ records: Group[] }>(
      h.call('GET', `${GRP}getUserGroupList`, { token: admin, query: { page: 1, limit: 20 } }),
    );
    expect(select.records).toEqual([]);
    expect(await ok(h.call('GET', `${GRP}getMaxUserGroupCode`, { token: admin }))).toBe('YHZ002');
    await ok(h.call('DELETE', `${GRP}deleteOne`, { token: admin, query: { id: g.id } }));
    const after = await ok<unknown[]>(
      h.call('GET', 'authority/private/user/getUserGroupListByUserId', {
        token: admin,
        query: { userId: userIds.li },
      }),
    );
    expect(after).toEqual([]);
  });
});

describe('a user in the organisation, groups and stations', () => {
  type UserRow = {
    id: number;
    organizationId: number | null;
    organizationName: string | null;
    groupIds: number[];
    groupNames: string;
    stationIds: number[];
    stationNames: string;
    stationId: number | null;
  };
  it('is placed in a node and groups when added, changed on update, and shows its stations', async () => {
    const { encryptText } = await import('@factory/shared/crypto');
    const factory = await ok<Node>(post(`${ORG}addOrganization`, { name: '三厂', level: 0 }));
    const shop = await ok<Node>(
      post(`${ORG}addOrganization`, { name: '装配车间', level: 1, parentId: factory.id }),
    );
    const night = await ok<{ id: number }>(post(`${GRP}addUserGroup`, { name: '夜班' }));
    const day = await ok<{ id: number }>(post(`${GRP}addUserGroup`, { name: '白班' }));
    const bad = await post('authority/private/user/addUser', {
      userName: 'zhao',
      name: '赵工',
      password: await encryptText('Zhao2026ok'),
      organizationId: 999_999,
    });
    expect(bad.body).toMatchObject({ errorCode: 1, errorMsg: '所选组织不存在或已被删除' });
    const u = await ok<UserRow>(
      post('authority/private/user/addUser', {
        userName: 'zhao',
        name: '赵工',
        password: await encryptText('Zhao2026ok'),
        organizationId: shop.id,
        groupIds: [night.id, day.id],
      }),
    );
    expect(u).toMatchObject({
      organizationName: '装配车间',
      groupNames: '夜班、白班',
      groupIds: [night.id, day.id],
    });
    const moved = await ok<UserRow>(
      put('authority/private/user/updateOne', { id: u.id, organizationId: null, groupIds: [night.id] }),
    );
    expect(moved).toMatchObject({ organizationId: null, organizationName: null, groupNames: '夜班' });
    const line = await ok<{ id: number }>(post('basicData/private/area/addArea', { name: '装配线' }));
    const st = await ok<{ id: number }>(
      post('basicData/private/station/addStation', { name: '装配一位', areaId: line.id }),
    );
    await ok(put('authority/private/user/updateOneStation', { id: u.id, stationIds: [st.id] }));
    const detail = await ok<UserRow>(
      h.call('GET', 'authority/private/user/getUserDetail', { token: admin, query: { id: u.id } }),
    );
    expect(detail).toMatchObject({ stationIds: [st.id], stationNames: '装配一位', stationId: st.id });
  });
});
