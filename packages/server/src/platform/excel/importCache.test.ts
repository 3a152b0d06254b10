import type { ImportCheckResult } from '@factory/shared/api/import';
import { encryptText } from '@factory/shared/crypto';
import { defineEntity } from '@factory/shared/entities/define';
import { count, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { roles, users } from '../../modules/setting/index.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { multipart } from '../../testing/multipart.ts';
import type { Tx } from '../db.ts';
import { AppError } from '../errors.ts';
import {
  CheckedFiles,
  checkConverted,
  checkedFiles,
  convertRows,
  type ImportHooks,
  insertRows,
  insertRowsReturning,
  parseImport,
  runImport,
  tableLookups,
  type ValidRow,
} from './import.ts';

/**
 * The write step reuses the check step's reading of a file (cache.ts). These tests prove what
 * must not change with it: the database is checked again on write, and a check serves only the
 * same tenant, file, declaration and header row.
 */

const USER_HEADERS = ['用户名', '姓名', '工号', '手机号', '邮箱', '角色', '状态'];
const API = '/api/web/v1/authority/private/user/';

async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('数据');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const userFile = (names: string[]) =>
  workbook([USER_HEADERS, ...names.map((n, i) => [n, `导入${i}`, `CJ${n}`, '', '', '', '启用'])]);

describe('a check kept for the write (over HTTP, user import)', () => {
  let h: Harness;
  let a: { id: number; token: string };
  let b: { id: number; token: string };
  let password: string;

  async function importUsers(token: string, mode: 'check' | 'write', file: Buffer) {
    const body = multipart([
      ...(mode === 'write' ? [{ name: 'password', data: password }] : []),
      { name: 'file', filename: 'users.xlsx', data: file },
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: `${API}importUser?mode=${mode}`,
      headers: { ...body.headers, token },
      payload: body.payload,
    });
    return res.json() as {
      errorCode: number;
      errorMsg: string;
      result: {
        total: number;
        valid?: number;
        written?: number;
        errors?: { row: number; column: string; value?: string; reason: string }[];
      };
    };
  }

  const countUsers = (tenantId: number, names: string[]) =>
    h.db.withTenant(tenantId, (tx) =>
      tx
        .select({ n: count() })
        .from(users)
        .where(inArray(users.userName, names))
        .then(([row]) => row.n),
    );

  beforeAll(async () => {
    h = await createHarness();
    const ta = await h.addTenant('cachea');
    const tb = await h.addTenant('cacheb');
    a = { id: ta.id, token: await h.login('cachea', 'admin') };
    b = { id: tb.id, token: await h.login('cacheb', 'admin') };
    password = await encryptText('Import2026');
  });
  afterAll(() => h.close());
  beforeEach(() => checkedFiles.clear());

  it('writes from the kept check: the file is not read again', async () => {
    const names = ['keep1', 'keep2', 'keep3'];
    const file = await userFile(names);
    expect((await importUsers(a.token, 'check', file)).result).toMatchObject({ total: 3, valid: 3 });
    const written = await importUsers(a.token, 'write', file);
    expect(written).toMatchObject({ errorCode: 0, result: { total: 3, written: 3 } });
    expect(checkedFiles.stats).toEqual({ hits: 1, misses: 0 });
    expect(await countUsers(a.id, names)).toBe(3);
    // a written file's check is dropped
    expect(checkedFiles.size).toBe(0);
  });

  it('refuses the write when someone created a user of the file after the check, and writes nothing', async () => {
    const names = ['race1', 'race2', 'race3'];
    const file = await userFile(names);
    const checked = await importUsers(a.token, 'check', file);
    expect(checked).toMatchObject({ errorCode: 0, result: { total: 3, valid: 3, errors: [] } });

    // meanwhile, someone else adds race2
    await h.db.withTenant(a.id, (tx) =>
      tx.insert(users).values({ userName: 'race2', name: '别人加的', passwordHash: 'x' }),
    );

    const refused = await importUsers(a.token, 'write', file);
    // the kept check was used, and still the database was asked again
    expect(checkedFiles.stats).toEqual({ hits: 1, misses: 0 });
    expect(refused.errorCode).toBe(1);
    expect(refused.result).toMatchObject({ total: 3, valid: 2 });
    expect(refused.result.errors).toEqual([{ row: 3, column: '用户名', value: 'race2', reason: '已存在' }]);
    expect(await countUsers(a.id, ['race1', 'race3'])).toBe(0);
    expect(await countUsers(a.id, ['race2'])).toBe(1);
  });

  it('refuses the write when a referenced role was disabled after the check', async () => {
    const roleId = await h.db.withTenant(a.id, (tx) =>
      tx
        .insert(roles)
        .values({ name: '临时角色' })
        .returning({ id: roles.id })
        .then(([row]) => row.id),
    );
    const file = await workbook([USER_HEADERS, ['role1', '甲', '', '', '', '临时角色', '启用']]);
    expect((await importUsers(a.token, 'check', file)).result).toMatchObject({ valid: 1, errors: [] });
    await h.db.withTenant(a.id, (tx) => tx.update(roles).set({ enabled: false }).where(eq(roles.id, roleId)));
    const refused = await importUsers(a.token, 'write', file);
    expect(checkedFiles.stats.hits).toBe(1);
    expect(refused.errorCode).toBe(1);
    expect(refused.result.errors).toEqual([
      { row: 2, column: '角色', value: '临时角色', reason: expect.stringContaining('临时角色') },
    ]);
    expect(await countUsers(a.id, ['role1'])).toBe(0);
  });

  it('does not serve another tenant: the same file is read again there', async () => {
    const names = ['both1', 'both2'];
    const file = await userFile(names);
    await importUsers(a.token, 'check', file);
    // in tenant a, both1 now exists; tenant b's write must not be judged by a's check, nor a's by b's
    await h.db.withTenant(a.id, (tx) =>
      tx.insert(users).values({ userName: 'both1', name: '甲方的', passwordHash: 'x' }),
    );
    const inB = await importUsers(b.token, 'write', file);
    expect(checkedFiles.stats).toEqual({ hits: 0, misses: 1 });
    expect(inB).toMatchObject({ errorCode: 0, result: { total: 2, written: 2 } });
    expect(await countUsers(b.id, names)).toBe(2);
    // a's check is still there for a, and a's database still refuses both1
    const inA = await importUsers(a.token, 'write', file);
    expect(checkedFiles.stats).toEqual({ hits: 1, misses: 1 });
    expect(inA.errorCode).toBe(1);
    expect(inA.result.errors).toEqual([{ row: 2, column: '用户名', value: 'both1', reason: '已存在' }]);
  });

  it('does not serve a different file, even one that differs in a single cell', async () => {
    const checkedFile = await userFile(['one1', 'one2']);
    const otherFile = await workbook([
      USER_HEADERS,
      ['one1', '导入0', 'CJone1', '', '', '', '启用'],
      ['one2', '导入1', 'CJone2', '12', '', '', '启用'],
    ]);
    expect((await importUsers(a.token, 'check', checkedFile)).result).toMatchObject({ valid: 2 });
    const refused = await importUsers(a.token, 'write', otherFile);
    expect(checkedFiles.stats).toEqual({ hits: 0, misses: 1 });
    expect(refused.errorCode).toBe(1);
    expect(refused.result.errors).toEqual([
      { row: 3, column: '手机号', value: '12', reason: '请输入11位手机号' },
    ]);
    expect(await countUsers(a.id, ['one1', 'one2'])).toBe(0);
  });
});

describe('runImport with a kept check (engine)', () => {
  let h: Harness;
  let tenant: { id: number };
  const role = defineEntity({
    name: 'role',
    label: '角色',
    route: 'roleList',
    defaultOrder: '+name',
    fields: {
      name: { label: '角色名称', type: 'string', required: true, maxLength: 50, unique: true, import: true },
      remark: { label: '备注', type: 'string', maxLength: 200, import: true },
    },
  });
  const binding = { unique: { name: roles.name } };
  const bulk = (tx: Tx, rows: ValidRow[]) =>
    insertRows(
      tx,
      roles,
      rows.map(({ data }) => ({ name: data.name, remark: data.remark ?? null })),
    );
  const inTenant = <T>(fn: (tx: Tx) => Promise<T>) => h.db.withTenant(tenant.id, fn);
  const run = (
    mode: 'check' | 'write',
    file: Buffer,
    cache: CheckedFiles,
    more: { startRow?: number } = {},
  ) =>
    inTenant((tx) =>
      runImport({
        mode,
        file,
        decl: role,
        tx,
        hooks: tableLookups(tx, binding),
        write: bulk,
        cache,
        ...more,
      }),
    );

  beforeAll(async () => {
    h = await createHarness();
    tenant = await h.addTenant('cacheeng');
  });
  afterAll(() => h.close());

  it('a check serves only the same header row and the same declaration', async () => {
    const cache = new CheckedFiles();
    const file = await workbook([['说明'], ['角色名称', '备注'], ['行首角色', '备注']]);
    await run('check', file, cache, { startRow: 2 });
    // the same file read from another header row is another check
    const other = await inTenant((tx) =>
      runImport({
        mode: 'write',
        file,
        decl: role,
        tx,
        hooks: tableLookups(tx, binding),
        write: bulk,
        cache,
        startRow: 1,
      }),
    ).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(AppError);
    expect(cache.stats).toEqual({ hits: 0, misses: 1 });

    // a declaration that converts differently (a tenant's custom field, a new limit) is another check
    const stricter = { ...role, fields: { ...role.fields, remark: { ...role.fields.remark, maxLength: 1 } } };
    const refused = await inTenant((tx) =>
      runImport({
        mode: 'write',
        file,
        decl: stricter,
        tx,
        hooks: tableLookups(tx, binding),
        write: bulk,
        cache,
        startRow: 2,
      }),
    ).catch((e: AppError) => e);
    expect(cache.stats).toEqual({ hits: 0, misses: 2 });
    expect(refused).toMatchObject({ code: 1, result: { errors: [{ row: 3, column: '备注' }] } });

    expect(await run('write', file, cache, { startRow: 2 })).toEqual({ total: 1, written: 1 });
    expect(cache.stats).toEqual({ hits: 1, misses: 2 });
  });

  it('insertRowsReturning gives back the new rows’ ids in one statement', async () => {
    const names = ['返回甲', '返回乙', '返回丙'];
    const back = await inTenant((tx) =>
      insertRowsReturning(
        tx,
        roles,
        names.map((name) => ({ name, remark: null })),
        { id: roles.id, roleName: roles.name, enabled: roles.enabled },
      ),
    );
    const stored = await inTenant((tx) =>
      tx.select({ id: roles.id, roleName: roles.name }).from(roles).where(inArray(roles.name, names)),
    );
    expect(back.map((r) => r.roleName).sort()).toEqual([...names].sort());
    expect(back.every((r) => r.enabled === true && Number.isInteger(r.id))).toBe(true);
    expect(new Map(back.map((r) => [r.roleName, r.id]))).toEqual(
      new Map(stored.map((r) => [r.roleName, r.id])),
    );
    expect(await inTenant((tx) => insertRowsReturning(tx, roles, [], { id: roles.id }))).toEqual([]);
  });

  it('a write from a kept check gives the check the database gives now', async () => {
    const cache = new CheckedFiles();
    const file = await workbook([
      ['角色名称', '备注'],
      ['再查角色', '一'],
      ['', '缺名称'],
    ]);
    const checked = (await run('check', file, cache)) as ImportCheckResult;
    expect(checked.errors).toEqual([{ row: 3, column: '角色名称', reason: '请输入角色名称' }]);
    await inTenant((tx) => tx.insert(roles).values({ name: '再查角色' }));
    const refused = await run('write', file, cache).catch((e: AppError) => e);
    expect(cache.stats.hits).toBe(1);
    expect(refused).toMatchObject({
      code: 1,
      result: {
        total: 2,
        valid: 0,
        errors: [
          { row: 2, column: '角色名称', value: '再查角色', reason: '已存在' },
          { row: 3, column: '角色名称', reason: '请输入角色名称' },
        ],
      },
    });
    const n = await inTenant((tx) =>
      tx
        .select({ n: count() })
        .from(roles)
        .where(eq(roles.name, '再查角色'))
        .then(([row]) => row.n),
    );
    expect(n).toBe(1);
  });
});

describe('CheckedFiles and checkConverted', () => {
  const entity = defineEntity({
    name: 'thing',
    label: '物品',
    route: 'thingList',
    defaultOrder: '+name',
    fields: {
      name: { label: '名称', type: 'string', required: true, import: true },
      kind: { label: '类别', type: 'string', ref: { entity: 'kind', by: 'name' }, import: true },
    },
  });

  it('forgets a check after its time and the least recently used beyond its size', () => {
    let now = 0;
    const cache = new CheckedFiles({ maxEntries: 2, ttlMs: 1000, now: () => now });
    const value = convertRows([], entity);
    cache.set('a', value);
    cache.set('b', value);
    expect(cache.get('a')).toBe(value); // a is now the most recently used
    cache.set('c', value);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(value);
    now = 1000;
    expect(cache.get('c')).toBeUndefined();
    expect(cache.size).toBe(1);
    expect(cache.stats).toEqual({ hits: 2, misses: 2 });
  });

  it('checks the same converted rows again against a changed database', async () => {
    const file = await workbook([
      ['名称', '类别'],
      ['甲', '五金'],
      ['乙', '五金'],
    ]);
    const converted = convertRows((await parseImport(file, entity)).rows, entity);
    const known = (ids: Record<string, number>): ImportHooks => ({
      lookupRefs: async (_field, _by, values) =>
        new Map(values.flatMap((v) => (v in ids ? [[v, ids[v]] as const] : []))),
      existing: async () => new Set(),
    });
    const first = await checkConverted(converted, known({ 五金: 7 }));
    expect(first.valid.map((r) => r.data)).toEqual([
      { name: '甲', kind: 7 },
      { name: '乙', kind: 7 },
    ]);
    // the first check resolved the reference in its own copy: the kept rows still hold the text
    const second = await checkConverted(converted, known({}));
    expect(second.valid).toEqual([]);
    expect(second.errors.map((e) => [e.row, e.value])).toEqual([
      [2, '五金'],
      [3, '五金'],
    ]);
    expect(converted.data).toEqual([
      { name: '甲', kind: '五金' },
      { name: '乙', kind: '五金' },
    ]);
  });
});
