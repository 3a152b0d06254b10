import { encryptText } from '@factory/shared/crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness, type TestTenant } from '../../testing/harness.ts';
import { multipart } from '../../testing/multipart.ts';

let h: Harness;
let t: TestTenant;
let admin: string;
const BASE = '/api/web/v1/authority/private/user/';
const HEADERS = ['用户名', '姓名', '工号', '手机号', '邮箱', '角色', '状态'];

async function workbook(rows: unknown[][], headers: string[] = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('用户');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function importUsers(mode: 'check' | 'write', file: Buffer, fields: Record<string, string> = {}) {
  const body = multipart([
    ...Object.entries(fields).map(([name, data]) => ({ name, data })),
    { name: 'file', filename: 'users.xlsx', data: file },
  ]);
  const res = await h.app.inject({
    method: 'POST',
    url: `${BASE}importUser?mode=${mode}`,
    headers: { ...body.headers, token: admin },
    payload: body.payload,
  });
  return res.json() as { errorCode: number; result: unknown; errorMsg: string };
}

/** The user list's row of one user name, as the users screen shows it. */
async function userRow<T>(userName: string): Promise<T> {
  const res = await h.call('GET', 'authority/private/user/getUserListPage', {
    token: admin,
    query: {
      currentPage: 1,
      pageSize: 20,
      searchVal: await encryptText(
        JSON.stringify([{ fieldName: 'userName', operator: 'eq', fieldValue: userName }]),
      ),
    },
  });
  return (res.body.result as { content: T[] }).content[0];
}

beforeAll(async () => {
  h = await createHarness();
  t = await h.addTenant('imp', [{ userName: 'existing', phone: '13900000000' }]);
  admin = await h.login('imp', 'admin');
});
afterAll(() => h.close());

describe('user import', () => {
  it('check reports every bad cell with row, column and reason, and writes nothing', async () => {
    const file = await workbook([
      ['u1', '甲', 'J1', '13800000001', '', 'existing的角色', '启用'],
      ['', '乙', 'J2', '12', 'bad-mail', '没有的角色', '也许'],
      ['u1', '丙', 'J3', '', '', '', ''],
      ['existing', '丁', '', '13900000000', '', '', '停用'],
    ]);
    const res = await importUsers('check', file);
    expect(res.errorCode).toBe(0);
    const result = res.result as {
      total: number;
      valid: number;
      errors: { row: number; column: string; reason: string }[];
    };
    expect(result.total).toBe(4);
    expect(result.valid).toBe(1);
    const by = (row: number, column: string) =>
      result.errors.find((e) => e.row === row && e.column === column)?.reason;
    expect(by(3, '用户名')).toMatch(/用户名/);
    expect(by(3, '手机号')).toBe('请输入11位手机号');
    expect(by(3, '邮箱')).toBe('请输入有效的邮箱地址');
    expect(by(3, '角色')).toMatch(/没有的角色/);
    expect(by(3, '状态')).toMatch(/不是有效的选项/);
    expect(by(4, '用户名')).toMatch(/第2行重复/);
    expect(by(5, '用户名')).toMatch(/已存在/);
    expect(by(5, '手机号')).toMatch(/已存在/);
    const list = await h.call('GET', 'authority/private/user/getUserListPage', {
      token: admin,
      query: { currentPage: 1, pageSize: 20 },
    });
    expect((list.body.result as { total: number }).total).toBe(2);
  });

  it('write refuses a file with errors, and needs an initial password', async () => {
    const bad = await importUsers('write', await workbook([['', '无名', '', '', '', '', '']]), {
      password: await encryptText('Import2026'),
    });
    expect(bad.errorCode).toBe(1);
    const noPassword = await importUsers('write', await workbook([['u9', '某', '', '', '', '', '']]));
    expect(noPassword.errorMsg).toBe('请输入导入用户的初始密码');
  });

  it('write imports every row in one transaction, with roles, and they can log in', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [
      `imp${i}`,
      `导入${i}`,
      `IJ${i}`,
      '',
      '',
      i < 10 ? 'existing的角色' : '',
      i % 2 ? '停用' : '启用',
    ]);
    const res = await importUsers('write', await workbook(rows), {
      password: await encryptText('Import2026'),
    });
    expect(res).toMatchObject({ errorCode: 0, result: { total: 120, written: 120 } });
    expect(await h.login('imp', 'imp0', 'Import2026')).toBeTruthy();
    expect(await userRow<{ roleNames: string; isEnabled: number }>('imp1')).toMatchObject({
      roleNames: 'existing的角色',
      isEnabled: 0,
    });
  });

  it('tells the people of the 新增用户 rule once per import, naming the first users, not once per row', async () => {
    const calls = callsAs(h, admin);
    await calls.ok(
      calls.post('notification/private/notificationRule/addNotificationRule', {
        name: '新用户通知',
        event: 'userCreated',
        userIds: [t.users.existing],
      }),
    );
    const rows = Array.from({ length: 7 }, (_, i) => [`note${i}`, `通知${i}`, `NJ${i}`, '', '', '', '启用']);
    const res = await importUsers('write', await workbook(rows), {
      password: await encryptText('Import2026'),
    });
    expect(res).toMatchObject({ errorCode: 0, result: { written: 7 } });
    const existing = callsAs(h, await h.login('imp', 'existing'));
    type Task = { type: string; title: string; message: string };
    const mine = async () =>
      (
        await existing.ok<Task[]>(
          existing.get('notification/private/notificationTask/getNotificationTaskList'),
        )
      ).filter((n) => n.type === 'userCreated');
    await expect.poll(mine, { timeout: 10_000 }).toHaveLength(1);
    // the events are handled after the commit: nothing more comes for the other rows
    await new Promise((r) => setTimeout(r, 500));
    const [notice] = await mine();
    expect(await mine()).toHaveLength(1);
    expect(notice.title).toBe('导入用户');
    expect(notice.message).toMatch(
      /^.+导入了7个用户：通知0（note0）、通知1（note1）、通知2（note2）、通知3（note3）、通知4（note4） 等$/,
    );
  });

  it('fills the organisation and the user groups the form has, by their names, and refuses unknown ones', async () => {
    const org = await h.call('POST', 'Organization/addOrganization', {
      token: admin,
      body: { code: 'IMP-W1', name: '导入车间', level: 0 },
    });
    expect(org.body.errorCode).toBe(0);
    for (const name of ['装配一组', '质检组']) {
      const group = await h.call('POST', 'basicData/settings/private/userGroup/addUserGroup', {
        token: admin,
        body: { name },
      });
      expect(group.body.errorCode).toBe(0);
    }
    const sheet = (orgName: string, groups: string) =>
      workbook([['imporg1', '组织导入', orgName, groups]], ['用户名', '姓名', '所属组织', '用户组']);
    const unknown = await importUsers('check', await sheet('没有的车间', '装配一组'));
    expect(JSON.stringify(unknown.result)).toContain('所属组织');
    const noGroup = await importUsers('check', await sheet('导入车间', '装配一组、夜班'));
    expect(JSON.stringify(noGroup.result)).toContain('用户组“夜班”不存在或已停用');
    const res = await importUsers('write', await sheet('导入车间', '装配一组、质检组'), {
      password: await encryptText('Import2026'),
    });
    expect(res).toMatchObject({ errorCode: 0, result: { written: 1 } });
    expect(await userRow<{ organizationName: string; groupNames: string }>('imporg1')).toMatchObject({
      organizationName: '导入车间',
      groupNames: expect.stringMatching(/装配一组.*质检组|质检组.*装配一组/),
    });
  });

  it('offers a template and the error list as xlsx downloads', async () => {
    const tpl = await h.app.inject({
      method: 'GET',
      url: `${BASE}importTemplate`,
      headers: { token: admin },
    });
    expect(tpl.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as never);
    const text = (v: unknown) =>
      typeof v === 'object' && v && 'richText' in v
        ? (v as { richText: { text: string }[] }).richText.map((r) => r.text).join('')
        : String(v);
    const header = (wb.worksheets[0].getRow(1).values as unknown[])
      .slice(1)
      .map((v) => text(v).replace(/\s*\*$/, ''));
    expect(header).toEqual(expect.arrayContaining(['用户名', '姓名', '角色', '所属组织', '用户组']));
    const errors = await h.app.inject({
      method: 'POST',
      url: `${BASE}importErrors`,
      headers: { token: admin },
      payload: [{ row: 3, column: '手机号', value: '12', reason: '请输入11位手机号' }],
    });
    expect(errors.statusCode).toBe(200);
    expect(errors.headers['content-disposition']).toContain('filename*=UTF-8');
  });
});

describe('user export', () => {
  it('exports the filtered, sorted list with the chosen columns and neutralised cells', async () => {
    await h.call('POST', 'authority/private/user/addUser', {
      token: admin,
      body: { userName: 'evil', name: '=HYPERLINK("http://x")', password: await encryptText('Evil20260') },
    });
    const searchVal = await encryptText(
      JSON.stringify([{ fieldName: 'name', operator: 'like', fieldValue: 'HYPERLINK' }]),
    );
    const res = await h.app.inject({
      method: 'GET',
      url: `${BASE}export`,
      query: { searchVal, order: '-userName', columns: 'userName,name,isEnabled' },
      headers: { token: admin },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['用户名', '姓名', '状态']);
    expect((ws.getRow(2).values as unknown[]).slice(1)).toEqual(['evil', `'=HYPERLINK("http://x")`, '启用']);
    expect(ws.rowCount).toBe(2);
  });

  it('needs the export key', async () => {
    await h.addTenant('imp2', [{ userName: 'plain', modules: [] }]);
    const token = await h.login('imp2', 'plain');
    const res = await h.app.inject({ method: 'GET', url: `${BASE}export`, headers: { token } });
    expect(res.json().errorCode).toBe(3);
  });
});
