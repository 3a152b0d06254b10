import { encryptText } from '@factory/shared/crypto';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../modules/setting/index.ts';
import { createHarness, type Harness, type TestTenant } from '../testing/harness.ts';
import { type ListFields, listPage } from './list.ts';

let h: Harness;
let t: TestTenant;

/** Every operator allowed on every field, to exercise the translator itself. */
const ALL = ['eq', 'ne', 'in', 'like', 'gt', 'gte', 'lt', 'lte', 'between'] as const;
const fields: ListFields = {
  id: { column: users.id, type: 'number', filter: ALL, sort: true },
  userName: { column: users.userName, type: 'string', filter: ALL, sort: true },
  enabled: { column: users.enabled, type: 'boolean', filter: ['eq'] },
  createdAt: { column: users.createdAt, type: 'date', filter: ['gte', 'lte', 'between'], sort: true },
};

async function names(filters: unknown[], order = '+id', pageSize = 50, currentPage = 1) {
  const searchVal = await encryptText(JSON.stringify(filters));
  const page = await h.db.withTenant(t.id, (tx) =>
    listPage<{ userName: string }>(
      ({ total }) => tx.select({ userName: users.userName, __total: total }).from(users),
      fields,
      { currentPage, pageSize, searchVal, order },
      { defaultOrder: [asc(users.id)] },
    ),
  );
  return { names: page.content.map((r) => r.userName), total: page.total };
}

beforeAll(async () => {
  h = await createHarness();
  t = await h.addTenant('ops', [
    { userName: 'b_one' },
    { userName: 'b_two' },
    { userName: 'c%three' },
    { userName: 'd_four' },
  ]);
});
afterAll(() => h.close());

describe('the list translator', () => {
  it('applies every operator with bound values', async () => {
    const first = t.users.b_one;
    expect((await names([{ fieldName: 'userName', operator: 'eq', fieldValue: 'b_two' }])).names).toEqual([
      'b_two',
    ]);
    expect((await names([{ fieldName: 'userName', operator: 'ne', fieldValue: 'admin' }])).total).toBe(4);
    expect(
      (await names([{ fieldName: 'userName', operator: 'in', fieldValue: ['b_one', 'd_four'] }])).names,
    ).toEqual(['b_one', 'd_four']);
    expect(
      (await names([{ fieldName: 'userName', operator: 'in', fieldValue: 'b_one,c%three' }])).total,
    ).toBe(2);
    // like matches anywhere, case-insensitively, and % and _ are literal
    expect((await names([{ fieldName: 'userName', operator: 'like', fieldValue: 'B_' }])).names).toEqual([
      'b_one',
      'b_two',
    ]);
    expect((await names([{ fieldName: 'userName', operator: 'like', fieldValue: '%' }])).names).toEqual([
      'c%three',
    ]);
    expect((await names([{ fieldName: 'id', operator: 'gt', fieldValue: first }])).total).toBe(3);
    expect((await names([{ fieldName: 'id', operator: 'gte', fieldValue: first }])).total).toBe(4);
    expect((await names([{ fieldName: 'id', operator: 'lt', fieldValue: first }])).names).toEqual(['admin']);
    expect((await names([{ fieldName: 'id', operator: 'lte', fieldValue: String(first) }])).total).toBe(2);
    expect(
      (await names([{ fieldName: 'id', operator: 'between', fieldValue: [first, first + 1] }])).names,
    ).toEqual(['b_one', 'b_two']);
    expect((await names([{ fieldName: 'enabled', operator: 'eq', fieldValue: 1 }])).total).toBe(5);
    expect(
      (
        await names([
          { fieldName: 'createdAt', operator: 'between', fieldValue: ['2000-01-01', '2999-01-01'] },
        ])
      ).total,
    ).toBe(5);
    // several filters combine with and
    expect(
      (
        await names([
          { fieldName: 'userName', operator: 'like', fieldValue: 'b' },
          { fieldName: 'id', operator: 'ne', fieldValue: first },
        ])
      ).names,
    ).toEqual(['b_two']);
  });

  it('keeps injection strings inert', async () => {
    for (const value of ["' or '1'='1", "admin'; drop table users; --", '\\', "%' --"]) {
      expect((await names([{ fieldName: 'userName', operator: 'eq', fieldValue: value }])).total).toBe(0);
      expect((await names([{ fieldName: 'userName', operator: 'like', fieldValue: value }])).total).toBe(0);
    }
    const [{ n }] = await h.db.systemQuery<{ n: number }>(sql`select count(*)::int as n from users`);
    expect(n).toBe(5);
  });

  it('refuses undeclared fields and operators, bad values and bad sorts by name', async () => {
    const refused = async (filters: unknown[], order?: string) =>
      names(filters, order).then(
        () => 'accepted',
        (e: Error) => e.message,
      );
    expect(await refused([{ fieldName: 'passwordHash', operator: 'eq', fieldValue: 'x' }])).toBe(
      '不支持按“passwordHash”查询',
    );
    expect(await refused([{ fieldName: 'enabled', operator: 'like', fieldValue: 'x' }])).toBe(
      '“enabled”不支持like查询',
    );
    expect(await refused([{ fieldName: 'id', operator: 'gt', fieldValue: 'abc' }])).toBe(
      '查询条件“id”的值无效',
    );
    expect(await refused([{ fieldName: 'id', operator: 'between', fieldValue: [1] }])).toBe(
      '查询条件“id”应为两个值',
    );
    expect(await refused([{ fieldName: 'createdAt', operator: 'gte', fieldValue: 'not a date' }])).toBe(
      '查询条件“createdAt”的值无效',
    );
    expect(await refused([{ fieldName: 'userName', operator: 'in', fieldValue: [] }])).toBe(
      '查询条件“userName”的值无效',
    );
    expect(await refused([], '+enabled')).toBe('不支持按“enabled”排序');
  });

  it('pages and sorts at the edges', async () => {
    const desc = await names([], '-userName', 2, 1);
    expect(desc).toEqual({ names: ['d_four', 'c%three'], total: 5 });
    expect((await names([], '-userName', 2, 3)).names).toEqual(['admin']);
    expect(await names([], '-userName', 2, 4)).toEqual({ names: [], total: 5 });
    expect((await names([], '+userName,-id', 50)).names[0]).toBe('admin');
  });
});
