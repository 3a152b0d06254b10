import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD } from '@factory/shared/api/auth';
import { fileUrl } from '@factory/shared/api/file';
import { encryptText } from '@factory/shared/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { png } from '../../testing/images.ts';
import { injectUpload } from '../../testing/multipart.ts';
import { pdf as pdfBytes } from '../../testing/pdf.ts';
import { AVATAR_NOT_IMAGE } from './userService.ts';

let h: Harness;
let admin: string;
let viewer: string;
let roleId: number;
const BASE = 'authority/private/user/';
type Row = {
  id: number;
  userName: string;
  name: string;
  phone: string | null;
  isEnabled: number;
  roleIds: number[];
  roleNames: string;
};
type Page = { content: Row[]; total: number };

const search = async (items: unknown[]) => encryptText(JSON.stringify(items));

beforeAll(async () => {
  h = await createHarness();
  const t = await h.addTenant('users', [{ userName: 'viewer', modules: [] }]);
  roleId = t.roles.viewer;
  admin = await h.login('users', 'admin');
  viewer = await h.login('users', 'viewer');
  for (let i = 1; i <= 25; i++) {
    const res = await h.call('POST', `${BASE}addUser`, {
      token: admin,
      body: {
        userName: `worker${String(i).padStart(2, '0')}`,
        name: i % 2 ? `张工${i}` : `李工${i}`,
        jobNumber: `J${1000 + i}`,
        phone: `1380000${String(i).padStart(4, '0')}`,
        password: await encryptText('Worker2026'),
        roleIds: i <= 5 ? [roleId] : [],
      },
    });
    expect(res.body.errorCode).toBe(0);
  }
});
afterAll(() => h.close());

describe('user list', () => {
  it('pages with the total from the same query, and sorts', async () => {
    const page = async (q: Record<string, string | number>) =>
      (await h.call('GET', `${BASE}getUserListPage`, { token: admin, query: q })).body.result as Page;
    const first = await page({ currentPage: 1, pageSize: 10, order: '+userName' });
    expect(first.total).toBe(27);
    expect(first.content.map((u) => u.userName).slice(0, 3)).toEqual(['admin', 'viewer', 'worker01'].sort());
    const last = await page({ currentPage: 3, pageSize: 10, order: '+userName' });
    expect(last.content).toHaveLength(7);
    const beyond = await page({ currentPage: 9, pageSize: 10 });
    expect(beyond).toEqual({ content: [], total: 27 });
    const desc = await page({ currentPage: 1, pageSize: 10, order: '-jobNumber,+id' });
    expect(desc.content[0].userName).toBe('worker25');
  });

  it('filters with like, eq, in-equivalent ranges; injection strings are inert', async () => {
    const page = async (items: unknown[]) =>
      (
        await h.call('GET', `${BASE}getUserListPage`, {
          token: admin,
          query: { currentPage: 1, pageSize: 50, searchVal: await search(items) },
        })
      ).body.result as Page;
    expect((await page([{ fieldName: 'name', operator: 'like', fieldValue: '张工' }])).total).toBe(13);
    expect(
      (await page([{ fieldName: 'userName', operator: 'eq', fieldValue: 'worker07' }])).content[0].name,
    ).toBe('张工7');
    expect((await page([{ fieldName: 'isEnabled', operator: 'eq', fieldValue: 1 }])).total).toBe(27);
    // the range's end in Beijing time must lie after now whatever the hour here (UTC 16:00 is 00:00 there)
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      (
        await page([
          {
            fieldName: 'createdAt',
            operator: 'between',
            fieldValue: ['2000-01-01', `${tomorrow}T23:59:59+08:00`],
          },
        ])
      ).total,
    ).toBe(27);
    expect((await page([{ fieldName: 'name', operator: 'like', fieldValue: "%' or '1'='1" }])).total).toBe(0);
    expect((await page([{ fieldName: 'name', operator: 'like', fieldValue: '%' }])).total).toBe(0);
    const refused = await h.call('GET', `${BASE}getUserListPage`, {
      token: admin,
      query: {
        currentPage: 1,
        pageSize: 20,
        searchVal: await search([{ fieldName: 'passwordHash', operator: 'eq', fieldValue: 'x' }]),
      },
    });
    expect(refused.body).toMatchObject({ errorCode: 1, errorMsg: '不支持按“passwordHash”查询' });
  });

  it('the select list searches enabled users by name, 20 a page', async () => {
    const res = await h.call('GET', `${BASE}getUserList`, {
      token: viewer,
      query: {
        page: 1,
        limit: 20,
        searchVal: await search([{ fieldName: 'name', operator: 'like', fieldValue: '李工' }]),
      },
    });
    const result = res.body.result as { records: { id: number; name: string }[]; total: number };
    expect(result.total).toBe(12);
    expect(result.records.every((r) => r.name.startsWith('李工'))).toBe(true);
    // the same box finds a user by user name or job number
    for (const text of ['worker03', 'J1003']) {
      const found = await h.call('GET', `${BASE}getUserList`, {
        token: viewer,
        query: {
          page: 1,
          limit: 20,
          searchVal: await search([{ fieldName: 'name', operator: 'like', fieldValue: text }]),
        },
      });
      const names = (found.body.result as { records: { name: string }[] }).records.map((r) => r.name);
      expect([text, names]).toEqual([text, ['张工3']]);
    }
  });

  it('the role select list searches roles by name', async () => {
    const res = await h.call('GET', 'authority/private/role/getRoleList', {
      token: admin,
      query: {
        page: 1,
        limit: 20,
        searchVal: await search([{ fieldName: 'name', operator: 'like', fieldValue: 'viewer' }]),
      },
    });
    expect(res.body.result).toEqual({ records: [{ id: roleId, name: 'viewer的角色' }], total: 1 });
    expect(
      (await h.call('GET', 'authority/private/role/getRoleList', { token: viewer })).body.errorCode,
    ).toBe(3);
  });

  it('needs the page permission', async () => {
    const res = await h.call('GET', `${BASE}getUserListPage`, {
      token: viewer,
      query: { currentPage: 1, pageSize: 20 },
    });
    expect(res.body.errorCode).toBe(3);
  });
});

describe('user changes', () => {
  it('add validates each field and refuses duplicates', async () => {
    const add = async (body: Record<string, unknown>) =>
      h.call('POST', `${BASE}addUser`, {
        token: admin,
        body: { password: await encryptText('Good2026x'), ...body },
      });
    const missing = await add({ userName: 'x1' });
    expect(missing.body.errorCode).toBe(1);
    expect((missing.body.result as { field: string }[]).map((f) => f.field)).toContain('name');
    const badName = await add({ userName: '张三', name: '张三' });
    expect(badName.body.errorMsg).toBe('用户名只能包含字母、数字和 _ . @ -');
    const badPhone = await add({ userName: 'x2', name: 'x', phone: '12345' });
    expect(badPhone.body.errorCode).toBe(1);
    const dup = await add({ userName: 'worker01', name: '重复' });
    expect(dup.body).toMatchObject({ errorCode: 7, errorMsg: '用户名“worker01”已存在' });
    const dupPhone = await add({ userName: 'x3', name: 'x', phone: '13800000001' });
    expect(dupPhone.body.errorCode).toBe(7);
    const weak = await add({ userName: 'x4', name: 'x', password: await encryptText('abc') });
    expect(weak.body.result).toEqual([{ field: 'password', message: '密码至少8位，且须同时包含字母和数字' }]);
    const badRole = await add({ userName: 'x5', name: 'x', roleIds: [99999] });
    expect(badRole.body.errorMsg).toBe('所选角色不存在或已被删除');
  });

  it('suggests a free user name, copies a user, updates roles and profile', async () => {
    const name = (await h.call('GET', `${BASE}getNewUserName`, { token: admin, query: { prefix: 'worker' } }))
      .body.result;
    expect(name).toBe('worker026');
    const copy = await h.call('POST', `${BASE}addUser`, {
      token: admin,
      body: {
        userName: name,
        name: '复制的用户',
        password: await encryptText('Copy2026x'),
        roleIds: [roleId],
        isEnabled: 0,
      },
    });
    const row = copy.body.result as Row;
    expect(row).toMatchObject({ userName: 'worker026', isEnabled: 0, roleIds: [roleId] });
    const upd = await h.call('PUT', `${BASE}updateOne`, {
      token: admin,
      body: { id: row.id, name: '改名', phone: '', roleIds: [] },
    });
    expect(upd.body.result).toMatchObject({ name: '改名', phone: null, roleIds: [], roleNames: '' });
    const detail = await h.call('GET', `${BASE}getUserDetail`, { token: admin, query: { id: row.id } });
    expect((detail.body.result as Row).name).toBe('改名');
  });

  it('delete refuses admin and self, removes others', async () => {
    const list = (
      await h.call('GET', `${BASE}getUserListPage`, { token: admin, query: { currentPage: 1, pageSize: 50 } })
    ).body.result as Page;
    const adminRow = list.content.find((u) => u.userName === 'admin') as Row;
    const target = list.content.find((u) => u.userName === 'worker25') as Row;
    expect(
      (await h.call('DELETE', `${BASE}deleteOne`, { token: admin, query: { id: adminRow.id } })).body
        .errorMsg,
    ).toBe('超级管理员账号不能删除');
    expect(
      (await h.call('DELETE', `${BASE}deleteOne`, { token: admin, query: { id: target.id } })).body.errorCode,
    ).toBe(0);
    expect(
      (await h.call('GET', `${BASE}getUserDetail`, { token: admin, query: { id: target.id } })).body
        .errorCode,
    ).toBe(4);
  });

  it('reset password gives a new password that works and ends old sessions', async () => {
    const list = (
      await h.call('GET', `${BASE}getUserListPage`, { token: admin, query: { currentPage: 1, pageSize: 50 } })
    ).body.result as Page;
    const target = list.content.find((u) => u.userName === 'worker03') as Row;
    const old = await h.login('users', 'worker03', 'Worker2026');
    const res = await h.call('PUT', `${BASE}resetPassword`, {
      token: admin,
      query: { id: target.id },
      body: { id: target.id },
    });
    const { password } = res.body.result as { password: string };
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{10}$/);
    expect((await h.call('POST', `${BASE}getLoginInfo`, { token: old })).body.errorCode).toBe(2);
    expect(await h.login('users', 'worker03', password)).toBeTruthy();
  });

  it('a user the administrator added, or whose password was reset, may only set a new password first', async () => {
    const token = await h.login('users', 'worker07', 'Worker2026');
    const info = async (t: string) =>
      (await h.call('POST', `${BASE}getLoginInfo`, { token: t })).body.result as {
        id: number;
        mustChangePassword: boolean;
      };
    expect((await info(token)).mustChangePassword).toBe(true);
    const refused = await h.call('GET', `${BASE}getUserListPage`, {
      token,
      query: { currentPage: 1, pageSize: 10 },
    });
    expect(refused.body).toMatchObject({ errorCode: 3, errorMsg: '请先修改初始密码，再进行其他操作' });
    // the same refusal for a call open to every signed-in user
    const { id: own } = await info(token);
    const fields = () => h.call('PUT', `${BASE}updateFields`, { token, body: { id: own, fields: '{}' } });
    expect((await fields()).body.errorMsg).toBe('请先修改初始密码，再进行其他操作');
    const changed = await h.call('PUT', `${BASE}updatePassword`, {
      token,
      body: { oldPassword: await encryptText('Worker2026'), newPassword: await encryptText('Mine2026x') },
    });
    expect(changed.body.errorCode).toBe(0);
    // the same session goes on, now free
    expect((await info(token)).mustChangePassword).toBe(false);
    expect((await fields()).body.errorCode).toBe(0);
    // a reset hands out the administrator's password again: held again at the next login
    const list = (
      await h.call('GET', `${BASE}getUserListPage`, { token: admin, query: { currentPage: 1, pageSize: 50 } })
    ).body.result as Page;
    const id = (list.content.find((u) => u.userName === 'worker07') as Row).id;
    const reset = await h.call('PUT', `${BASE}resetPassword`, { token: admin, query: { id }, body: { id } });
    const { password } = reset.body.result as { password: string };
    expect((await info(await h.login('users', 'worker07', password))).mustChangePassword).toBe(true);
    // users of the tenant's own making (the harness, the demo) are not held
    expect((await info(viewer)).mustChangePassword).toBe(false);
  });

  it('updateOwn and updateFields change only the caller, and fields come back at login', async () => {
    const me = await h.call('PUT', `${BASE}updateOwn`, {
      token: viewer,
      body: { name: '只读用户', email: 'v@example.com' },
    });
    expect(me.body.result).toMatchObject({ userName: 'viewer', name: '只读用户', email: 'v@example.com' });
    const info = (await h.call('POST', `${BASE}getLoginInfo`, { token: viewer })).body.result as {
      id: number;
      fields: string;
    };
    const fields = {
      userList: [
        { key: 'name', checked: true, index: 0, width: 160 },
        { key: 'phone', checked: false, index: 1 },
      ],
    };
    const other = await h.call('PUT', `${BASE}updateFields`, {
      token: viewer,
      body: { id: info.id + 1, fields: JSON.stringify(fields) },
    });
    expect(other.body.errorCode).toBe(3);
    const bad = await h.call('PUT', `${BASE}updateFields`, {
      token: viewer,
      body: { id: info.id, fields: '{"userList":[{"key":1}]}' },
    });
    expect(bad.body.errorCode).toBe(1);
    expect(
      (
        await h.call('PUT', `${BASE}updateFields`, {
          token: viewer,
          body: { id: info.id, fields: JSON.stringify(fields) },
        })
      ).body.errorCode,
    ).toBe(0);
    const again = await h.login('users', 'viewer', DEMO_PASSWORD);
    const after = (await h.call('POST', `${BASE}getLoginInfo`, { token: again })).body.result as {
      fields: string;
    };
    expect(JSON.parse(after.fields)).toEqual(fields);
  });
});

describe('user avatar', () => {
  const upload = async (token: string, data: Buffer, filename: string, kind = 'image') => {
    const res = await injectUpload(h.app, [{ name: 'file', filename, data }], { token, kind });
    expect(res.json().errorCode).toBe(0);
    return res.json().result as string;
  };
  const refusal = { errorCode: 1, result: [{ field: 'avatar', message: AVATAR_NOT_IMAGE }] };
  type WithAvatar = Row & { avatar: string | null };

  it('stores an image uploaded to the tenant on add and update; empty or null clears it', async () => {
    const url = await upload(admin, png(80, 80), 'face.png');
    const added = await h.call('POST', `${BASE}addUser`, {
      token: admin,
      body: { userName: 'withface', name: '有头像', password: await encryptText('Face2026x'), avatar: url },
    });
    expect(added.body).toMatchObject({ errorCode: 0, result: { avatar: url } });
    const id = (added.body.result as WithAvatar).id;
    const other = await upload(admin, png(120, 90), 'other.png');
    // the id's case does not matter; the canonical URL is stored
    const id2 = other.slice(other.lastIndexOf('/') + 1);
    const upd = await h.call('PUT', `${BASE}updateOne`, {
      token: admin,
      body: { id, avatar: fileUrl(id2.toUpperCase()) },
    });
    expect(upd.body).toMatchObject({ errorCode: 0, result: { avatar: other } });
    // not sent: unchanged
    const kept = await h.call('PUT', `${BASE}updateOne`, { token: admin, body: { id, name: '有头像2' } });
    expect((kept.body.result as WithAvatar).avatar).toBe(other);
    for (const cleared of ['', '  ', null]) {
      await h.call('PUT', `${BASE}updateOne`, { token: admin, body: { id, avatar: url } });
      const res = await h.call('PUT', `${BASE}updateOne`, { token: admin, body: { id, avatar: cleared } });
      expect(res.body).toMatchObject({ errorCode: 0, result: { avatar: null } });
    }
    const own = await h.call('PUT', `${BASE}updateOwn`, { token: viewer, body: { avatar: url } });
    expect(own.body).toMatchObject({ errorCode: 0, result: { userName: 'viewer', avatar: url } });
  });

  it('refuses anything but an image file of this tenant, with a message on the avatar field', async () => {
    await h.addTenant('usersb');
    const otherTenant = await upload(await h.login('usersb', 'admin'), png(80, 80), 'b.png');
    const pdf = await upload(admin, pdfBytes(), 'manual.pdf', 'attachment');
    const mine = await upload(admin, png(80, 80), 'mine.png');
    const target = (
      (
        await h.call('GET', `${BASE}getUserListPage`, {
          token: admin,
          query: { currentPage: 1, pageSize: 50 },
        })
      ).body.result as Page
    ).content.find((u) => u.userName === 'worker04') as Row;
    const bad = [
      otherTenant,
      pdf,
      fileUrl(randomUUID()),
      'https://example.com/face.png',
      `${mine}?token=abc`,
      `${mine}/../${otherTenant.slice(otherTenant.lastIndexOf('/') + 1)}`,
      'basicData/private/file/get/not-a-uuid',
    ];
    for (const avatar of bad) {
      const upd = await h.call('PUT', `${BASE}updateOne`, { token: admin, body: { id: target.id, avatar } });
      expect(upd.body, avatar).toMatchObject(refusal);
      const own = await h.call('PUT', `${BASE}updateOwn`, { token: viewer, body: { avatar } });
      expect(own.body, avatar).toMatchObject(refusal);
    }
    const add = await h.call('POST', `${BASE}addUser`, {
      token: admin,
      body: { userName: 'badface', name: '坏头像', password: await encryptText('Face2026x'), avatar: pdf },
    });
    expect(add.body).toMatchObject(refusal);
    const names = (
      (
        await h.call('GET', `${BASE}getUserListPage`, {
          token: admin,
          query: { currentPage: 1, pageSize: 50 },
        })
      ).body.result as Page
    ).content.map((u) => u.userName);
    expect(names).not.toContain('badface');
    const detail = await h.call('GET', `${BASE}getUserDetail`, { token: admin, query: { id: target.id } });
    expect((detail.body.result as WithAvatar).avatar).toBeNull();
    const long = await h.call('PUT', `${BASE}updateOne`, {
      token: admin,
      body: { id: target.id, avatar: `${mine}${'x'.repeat(500)}` },
    });
    expect(long.body.errorCode).toBe(1);
    expect(new Set((long.body.result as { field: string }[]).map((f) => f.field))).toEqual(
      new Set(['avatar']),
    );
  });
});
