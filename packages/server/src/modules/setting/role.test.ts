import { encryptText } from '@factory/shared/crypto';
import { formatAuthority } from '@factory/shared/permissions';
import { grantedCodes, readAuthority } from '@factory/shared/permissionTree';
import { webPermissionCodes } from '@factory/shared/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorityFor, jobRoles } from '../../demo/roles.ts';
import { createHarness, type Harness, type TestTenant } from '../../testing/harness.ts';

let h: Harness;
let t: TestTenant;
let admin: string;
let otherAdmin: string;
const R = 'authority/private/role/';
const ST = 'basicData/private/station/';
type Env = { errorCode: number; result: unknown; errorMsg: string };
type Role = { id: number; name: string; remark: string | null; userCount: number; createdAt: string };
type Page<T> = { content: T[]; total: number };
type Permission = { id: number; name: string; authority: string };

const ok = async <T>(p: Promise<{ body: Env }>): Promise<T> => {
  const { body } = await p;
  expect(body.errorCode, JSON.stringify(body)).toBe(0);
  return body.result as T;
};
const as = (token: string) => ({
  get: (url: string, query: Record<string, string | number> = {}) => h.call('GET', url, { token, query }),
  post: (url: string, body: unknown) => h.call('POST', url, { token, body }),
  put: (url: string, body: unknown) => h.call('PUT', url, { token, body }),
  del: (url: string, query: Record<string, string | number>) => h.call('DELETE', url, { token, query }),
});
const page = { currentPage: 1, pageSize: 20 };
const auth = (checked: string[], half: string[] = []) => formatAuthority([{ checked, half }]);
/** Station list with 新增 only: the page and its ancestors partly granted. */
const STATION_ADD = auth(['stationListAdd'], ['information', 'productionInfo', 'stationList']);

beforeAll(async () => {
  h = await createHarness();
  t = await h.addTenant('rol', [
    { userName: 'worker', name: '张工', modules: [] },
    { userName: 'li', name: '李工', modules: [] },
    { userName: 'editor', name: '权限管理员', modules: ['setting'] },
  ]);
  await h.addTenant('rol2');
  admin = await h.login('rol', 'admin');
  otherAdmin = await h.login('rol2', 'admin');
});
afterAll(() => h.close());

describe('roles: add, read, modify, delete', () => {
  let foreman: Role;

  it('adds a role with the declared checks', async () => {
    const a = as(admin);
    foreman = await ok<Role>(a.post(`${R}addRole`, { name: ' 班组长 ', remark: '带班、派工' }));
    expect(foreman).toMatchObject({ name: '班组长', remark: '带班、派工', userCount: 0 });
    const missing = await a.post(`${R}addRole`, { remark: 'x' });
    expect(missing.body).toMatchObject({ errorCode: 1, errorMsg: '请输入角色名称' });
    const long = await a.post(`${R}addRole`, { name: '长'.repeat(51) });
    expect(long.body.errorCode).toBe(1);
    const twice = await a.post(`${R}addRole`, { name: '班组长' });
    expect(twice.body).toMatchObject({ errorCode: 7, errorMsg: '角色名称“班组长”已存在' });
    // authority is not the form's: only updatePermission sets it
    const sneaky = await a.post(`${R}addRole`, { name: '偷权', authority: STATION_ADD });
    expect(sneaky.body.errorCode).toBe(1);
  });

  it('lists, filters, sorts and shows the detail', async () => {
    const a = as(admin);
    const list = await ok<Page<Role>>(
      a.get(`${R}getRoleListPage`, {
        ...page,
        searchVal: await encryptText(
          JSON.stringify([{ fieldName: 'name', operator: 'like', fieldValue: '班组' }]),
        ),
      }),
    );
    expect(list).toMatchObject({ total: 1, content: [{ id: foreman.id, userCount: 0 }] });
    const byUsers = await ok<Page<Role>>(a.get(`${R}getRoleListPage`, { ...page, order: '-userCount' }));
    expect(byUsers.content[0].userCount).toBe(1);
    expect(await ok<Role>(a.get(`${R}getRoleDetail`, { id: foreman.id }))).toMatchObject({ name: '班组长' });
    const gone = await a.get(`${R}getRoleDetail`, { id: 999_999 });
    expect(gone.body.errorCode).toBe(4);
  });

  it('modifies name and remark, keeping names unique; copying is only for a new role', async () => {
    const a = as(admin);
    const changed = await ok<Role>(a.put(`${R}updateOne`, { id: foreman.id, name: '班组长', remark: '' }));
    expect(changed.remark).toBeNull();
    const clash = await a.put(`${R}updateOne`, { id: foreman.id, name: 'worker的角色' });
    expect(clash.body.errorCode).toBe(7);
    const copy = await a.put(`${R}updateOne`, { id: foreman.id, copyFromId: t.roles.worker });
    expect(copy.body).toMatchObject({ errorCode: 1, errorMsg: '只有复制角色时才能复制功能权限' });
  });

  it('the user form’s role select still answers id and name, to those who may assign roles', async () => {
    const res = await ok<{ records: { id: number; name: string }[] }>(
      as(admin).get(`${R}getRoleList`, { page: 1, limit: 20 }),
    );
    expect(res.records).toContainEqual({ id: foreman.id, name: '班组长' });
    expect(Object.keys(res.records[0]).sort()).toEqual(['id', 'name']);
  });

  it('deletes a role no one holds', async () => {
    await ok(as(admin).del(`${R}deleteOne`, { id: foreman.id }));
    expect((await as(admin).get(`${R}getRoleDetail`, { id: foreman.id })).body.errorCode).toBe(4);
  });

  it('another tenant sees none of it', async () => {
    const list = await ok<Page<Role>>(as(otherAdmin).get(`${R}getRoleListPage`, page));
    expect(list.content.map((r) => r.name)).not.toContain('worker的角色');
    const res = await as(otherAdmin).get(`${R}getRolePermission`, { id: t.roles.worker });
    expect(res.body.errorCode).toBe(4);
    const write = await as(otherAdmin).put(`${R}updatePermission`, { id: t.roles.worker, authority: '' });
    expect(write.body.errorCode).toBe(4);
  });
});

describe('function permissions (authority)', () => {
  let roleId: number;
  beforeAll(async () => {
    roleId = (await ok<Role>(as(admin).post(`${R}addRole`, { name: '工位录入' }))).id;
  });

  it('saves checked and half and reads them back as sent', async () => {
    const saved = await ok<Permission>(
      as(admin).put(`${R}updatePermission`, { id: roleId, authority: STATION_ADD }),
    );
    expect(saved.authority).toBe(STATION_ADD);
    expect(await ok<Permission>(as(admin).get(`${R}getRolePermission`, { id: roleId }))).toEqual({
      id: roleId,
      name: '工位录入',
      authority: STATION_ADD,
    });
    // nothing granted is the empty text
    expect(
      (await ok<Permission>(as(admin).put(`${R}updatePermission`, { id: roleId, authority: '' }))).authority,
    ).toBe('');
  });

  it('refuses malformed text, unknown codes and inconsistent checked/half with a field message', async () => {
    const cases: [string, string][] = [
      ['{"checked": [', '权限格式不正确：第1段不是有效的JSON'],
      [`${STATION_ADD}|||[1]`, '权限格式不正确：第2段应为 {checked, half}，且均为权限码列表'],
      [auth(['home', 'stationListLaunch']), '未知的权限码：stationListLaunch'],
      [auth(['home'], ['home']), '权限码“home”不能既是全选又是半选'],
      [
        auth(['stationListAdd'], ['information', 'productionInfo']),
        '已授权“stationListAdd”，但未授权其上级“stationList”',
      ],
    ];
    for (const [authority, message] of cases) {
      const res = await as(admin).put(`${R}updatePermission`, { id: roleId, authority });
      expect(res.body, authority).toMatchObject({
        errorCode: 1,
        errorMsg: message,
        result: [{ field: 'authority', message }],
      });
    }
    const missing = await as(admin).put(`${R}updatePermission`, { id: 999_999, authority: '' });
    expect(missing.body.errorCode).toBe(4);
  });

  it('lets an editor who is not the admin grant and withdraw only what they hold, keeping the rest as it was', async () => {
    const editorToken = await h.login('rol', 'editor');
    const editor = as(editorToken);
    const target = (await ok<Role>(as(admin).post(`${R}addRole`, { name: '被编辑角色' }))).id;
    const beyond = await editor.put(`${R}updatePermission`, { id: target, authority: STATION_ADD });
    expect(beyond.body.errorCode).toBe(1);
    expect(beyond.body.errorMsg).toMatch(/^不能授予您自己没有的权限：“基础信息”、“生产信息”、“工位”等4项$/);

    await ok(as(admin).put(`${R}updatePermission`, { id: target, authority: STATION_ADD }));
    const granted = await ok<Permission>(
      editor.put(`${R}updatePermission`, { id: target, authority: auth(['shift'], ['setting']) }),
    );
    expect([...grantedCodes(granted.authority)].sort()).toEqual(
      ['information', 'productionInfo', 'setting', 'shift', 'stationList', 'stationListAdd'].sort(),
    );
    // withdrawing everything they hold leaves what they could not have given
    const emptied = await ok<Permission>(editor.put(`${R}updatePermission`, { id: target, authority: '' }));
    expect([...grantedCodes(emptied.authority)].sort()).toEqual(
      ['information', 'productionInfo', 'stationList', 'stationListAdd'].sort(),
    );
  });

  it('accepts every demo job role’s authority (a tree editor’s output)', () => {
    for (const r of jobRoles)
      expect(readAuthority(authorityFor(r.grant)), r.name).not.toHaveProperty('error');
  });

  it('drops, without refusing, codes outside the tenant’s base_router', async () => {
    const a = as(admin);
    await ok(
      a.put('basicConfig/private/basicConfig/updateOne', {
        code: 'base_router',
        value: JSON.stringify([
          'home',
          'information',
          'productionInfo',
          'stationList',
          'stationListAdd',
          'setting',
          'roleList',
        ]),
      }),
    );
    try {
      const wide = auth(
        ['home', 'stationListAdd', 'stationListDel', 'factoryModel'],
        ['information', 'productionInfo', 'stationList'],
      );
      const saved = await ok<Permission>(a.put(`${R}updatePermission`, { id: roleId, authority: wide }));
      // within what the tenant has, the station page is now wholly granted
      expect(saved.authority).toBe(
        auth(['home', 'information', 'productionInfo', 'stationList', 'stationListAdd']),
      );
    } finally {
      await ok(
        a.put('basicConfig/private/basicConfig/updateOne', {
          code: 'base_router',
          value: JSON.stringify(webPermissionCodes()),
        }),
      );
    }
  });
});

describe('a role change takes effect on the holder’s next request', () => {
  it('grants and withdraws through updatePermission and the role’s users', async () => {
    const worker = as(await h.login('rol', 'worker'));
    const a = as(admin);
    const roleId = t.roles.worker;
    expect((await worker.get(`${ST}getStationListPage`, page)).body.errorCode).toBe(3);
    await ok(a.put(`${R}updatePermission`, { id: roleId, authority: STATION_ADD }));
    expect((await worker.get(`${ST}getStationListPage`, page)).body.errorCode).toBe(0);
    // 新增 but not 删除
    expect((await worker.del(`${ST}deleteOne`, { id: 999_999 })).body.errorCode).toBe(3);
    expect((await worker.post(`${ST}addStation`, {})).body.errorCode).toBe(1);

    await ok(a.del(`${R}removeRoleUser`, { roleId, userId: t.users.worker }));
    expect((await worker.get(`${ST}getStationListPage`, page)).body.errorCode).toBe(3);
    await ok(a.post(`${R}addRoleUsers`, { roleId, userIds: [t.users.worker] }));
    expect((await worker.get(`${ST}getStationListPage`, page)).body.errorCode).toBe(0);

    await ok(a.put(`${R}updatePermission`, { id: roleId, authority: auth(['home']) }));
    expect((await worker.get(`${ST}getStationListPage`, page)).body.errorCode).toBe(3);
  });
});

describe('the role’s users', () => {
  type User = { id: number; userName: string; name: string; roleNames: string };
  let roleId: number;
  beforeAll(async () => {
    roleId = (await ok<Role>(as(admin).post(`${R}addRole`, { name: '检验组' }))).id;
  });

  it('adds users, skipping those who already hold the role, and lists them', async () => {
    const a = as(admin);
    expect(
      await ok<number>(a.post(`${R}addRoleUsers`, { roleId, userIds: [t.users.worker, t.users.li] })),
    ).toBe(2);
    expect(await ok<number>(a.post(`${R}addRoleUsers`, { roleId, userIds: [t.users.li, t.users.li] }))).toBe(
      0,
    );
    const users = await ok<Page<User>>(a.get(`${R}getRoleUserListPage`, { ...page, roleId }));
    expect(users.total).toBe(2);
    expect(users.content.map((u) => u.userName).sort()).toEqual(['li', 'worker']);
    expect(users.content.find((u) => u.userName === 'li')?.roleNames).toBe('li的角色、检验组');
    const filtered = await ok<Page<User>>(
      a.get(`${R}getRoleUserListPage`, {
        ...page,
        roleId,
        searchVal: await encryptText(
          JSON.stringify([{ fieldName: 'name', operator: 'like', fieldValue: '李' }]),
        ),
      }),
    );
    expect(filtered.content.map((u) => u.name)).toEqual(['李工']);
    const role = await ok<Role>(a.get(`${R}getRoleDetail`, { id: roleId }));
    expect(role.userCount).toBe(2);
  });

  it('refuses unknown users and roles', async () => {
    const a = as(admin);
    const nobody = await a.post(`${R}addRoleUsers`, { roleId, userIds: [999_999] });
    expect(nobody.body).toMatchObject({ errorCode: 1, errorMsg: '所选用户不存在或已被删除' });
    const noRole = await a.post(`${R}addRoleUsers`, { roleId: 999_999, userIds: [t.users.li] });
    expect(noRole.body.errorCode).toBe(4);
    const empty = await a.post(`${R}addRoleUsers`, { roleId, userIds: [] });
    expect(empty.body.errorCode).toBe(1);
    // another tenant's user is unknown here
    const theirs = await as(otherAdmin).post(`${R}addRoleUsers`, { roleId, userIds: [t.users.li] });
    expect(theirs.body.errorCode).toBe(4);
  });

  it('refuses deleting the role while users hold it, naming how many and who', async () => {
    const res = await as(admin).del(`${R}deleteOne`, { id: roleId });
    expect(res.body).toMatchObject({
      errorCode: 5,
      errorMsg: '角色“检验组”已分配给2位用户（张工、李工），请先在关联用户中移除后再删除',
    });
  });

  it('copies a role with its permissions but not its users', async () => {
    const a = as(admin);
    await ok(a.put(`${R}updatePermission`, { id: roleId, authority: STATION_ADD }));
    const copy = await ok<Role>(a.post(`${R}addRole`, { name: '检验组（二）', copyFromId: roleId }));
    expect(copy.userCount).toBe(0);
    expect((await ok<Permission>(a.get(`${R}getRolePermission`, { id: copy.id }))).authority).toBe(
      STATION_ADD,
    );
    const badSource = await a.post(`${R}addRole`, { name: '检验组（三）', copyFromId: 999_999 });
    expect(badSource.body).toMatchObject({ errorCode: 1, errorMsg: '要复制的角色不存在或已被删除' });
    const list = await ok<Page<Role>>(a.get(`${R}getRoleListPage`, page));
    expect(list.content.map((r) => r.name)).not.toContain('检验组（三）');
  });

  it('removes users one by one, then the role can go', async () => {
    const a = as(admin);
    await ok(a.del(`${R}removeRoleUser`, { roleId, userId: t.users.worker }));
    const again = await a.del(`${R}removeRoleUser`, { roleId, userId: t.users.worker });
    expect(again.body.errorCode).toBe(4);
    const one = await a.del(`${R}deleteOne`, { id: roleId });
    expect(one.body.errorMsg).toBe('角色“检验组”已分配给1位用户（李工），请先在关联用户中移除后再删除');
    await ok(a.del(`${R}removeRoleUser`, { roleId, userId: t.users.li }));
    await ok(a.del(`${R}deleteOne`, { id: roleId }));
  });
});

describe('permission keys', () => {
  it('a user with the role page only may read but not change anything (code 3)', async () => {
    const a = as(admin);
    await ok(
      a.put(`${R}updatePermission`, {
        id: t.roles.li,
        authority: auth(['roleList'], ['setting', 'userInfo']),
      }),
    );
    const li = as(await h.login('rol', 'li'));
    expect((await li.get(`${R}getRoleListPage`, page)).body.errorCode).toBe(0);
    expect((await li.get(`${R}getRoleUserListPage`, { ...page, roleId: t.roles.li })).body.errorCode).toBe(0);
    expect((await li.get(`${R}getRolePermission`, { id: t.roles.li })).body.errorCode).toBe(0);
    const refused = [
      await li.post(`${R}addRole`, { name: '越权' }),
      await li.put(`${R}updateOne`, { id: t.roles.li, remark: 'x' }),
      await li.del(`${R}deleteOne`, { id: t.roles.li }),
      await li.put(`${R}updatePermission`, { id: t.roles.li, authority: STATION_ADD }),
      await li.post(`${R}addRoleUsers`, { roleId: t.roles.li, userIds: [t.users.worker] }),
      await li.del(`${R}removeRoleUser`, { roleId: t.roles.li, userId: t.users.li }),
    ];
    for (const res of refused) expect(res.body).toMatchObject({ errorCode: 3 });
    // a role select user (the user form) may list names but not the role screen
    const worker = as(await h.login('rol', 'worker'));
    expect((await worker.get(`${R}getRoleListPage`, page)).body.errorCode).toBe(3);
    expect((await worker.get(`${R}getRoleList`, { page: 1, limit: 20 })).body.errorCode).toBe(3);
  });
});
