import { encryptText } from '@factory/shared/crypto';
import type { EntityDecl } from '@factory/shared/entities/define';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../modules/setting/index.ts';
import { createHarness, type Harness, type TestTenant } from '../testing/harness.ts';
import { type ListFields, listFieldsOf, listPage, listPageFirst, lookupValue } from './list.ts';

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

describe('a looked-up value', () => {
  // a user's own name looked up by the user's id (the same table: the look-up's alias must not
  // capture the listed row), and one looked up by a key that is null on every row
  const self = () =>
    lookupValue(sql`(select u2.user_name from users u2 where u2.id = "users"."id")`, {
      key: users.id,
      table: users,
      id: users.id,
      value: users.userName,
    });
  const nobody = () =>
    lookupValue(sql`(select u2.user_name from users u2 where u2.id = "users"."frequency_id")`, {
      key: users.frequencyId,
      table: users,
      id: users.id,
      value: users.userName,
    });
  const decl = {
    fields: {
      self: { label: '本人', type: 'string', filter: ALL, sort: true },
      nobody: { label: '无', type: 'string', filter: ALL },
    },
  } as unknown as EntityDecl;

  async function both(filters: unknown[]) {
    const searchVal = await encryptText(JSON.stringify(filters));
    const run = (f: ListFields) =>
      h.db.withTenant(t.id, (tx) =>
        listPage<{ userName: string }>(
          ({ total }) => tx.select({ userName: users.userName, __total: total }).from(users),
          f,
          { pageSize: 50, searchVal },
          { defaultOrder: [asc(users.id)] },
        ),
      );
    const via = listFieldsOf(decl, { self: self(), nobody: nobody() });
    // the same columns, not marked: one correlated look-up per row
    const plain: ListFields = {
      self: { ...via.self, via: undefined },
      nobody: { ...via.nobody, via: undefined },
    };
    expect(via.self.via?.key).toBe(users.id);
    const [semi, correlated] = [await run(via), await run(plain)];
    expect(semi).toEqual(correlated);
    return semi.content.map((r) => r.userName);
  }

  it('filters through the looked-up table and keeps the rows the correlated look-up keeps', async () => {
    expect(await both([{ fieldName: 'self', operator: 'like', fieldValue: 'b_' }])).toEqual([
      'b_one',
      'b_two',
    ]);
    expect(await both([{ fieldName: 'self', operator: 'eq', fieldValue: 'admin' }])).toEqual(['admin']);
    expect(await both([{ fieldName: 'self', operator: 'ne', fieldValue: 'admin' }])).toHaveLength(4);
    expect(await both([{ fieldName: 'self', operator: 'in', fieldValue: ['d_four', 'c%three'] }])).toEqual([
      'c%three',
      'd_four',
    ]);
    expect(await both([{ fieldName: 'self', operator: 'between', fieldValue: ['b', 'c'] }])).toEqual([
      'b_one',
      'b_two',
    ]);
    // an empty value matches no condition, in either form
    expect(await both([{ fieldName: 'nobody', operator: 'ne', fieldValue: 'x' }])).toEqual([]);
    expect(await both([{ fieldName: 'nobody', operator: 'like', fieldValue: '' }])).toEqual([]);
  });
});

describe('the page first, and a total that stops counting', () => {
  async function page(currentPage: number, pageSize: number, countLimit?: number, first = false) {
    return h.db.withTenant(t.id, (tx) => {
      const opts = { defaultOrder: [asc(users.id)], countLimit };
      const query = { currentPage, pageSize, order: '-userName' };
      return first
        ? listPageFirst<{ id: number; userName: string }>(
            ({ total }) => tx.select({ id: users.id, __total: total }).from(users),
            async (ids) =>
              // in another order than the page's: the page's order is kept
              (await tx.select({ id: users.id, userName: users.userName }).from(users)).filter((r) =>
                ids.includes(r.id),
              ),
            fields,
            query,
            opts,
          )
        : listPage<{ id: number; userName: string }>(
            ({ total }) => tx.select({ id: users.id, userName: users.userName, __total: total }).from(users),
            fields,
            query,
            opts,
          );
    });
  }

  it('answers the same page and total either way', async () => {
    for (const [p, size] of [
      [1, 2],
      [2, 2],
      [3, 2],
      [4, 2],
      [1, 50],
    ])
      expect(await page(p, size, undefined, true)).toEqual(await page(p, size));
    expect((await page(1, 2, undefined, true)).content.map((r) => r.userName)).toEqual(['d_four', 'c%three']);
    expect(await page(4, 2, undefined, true)).toEqual({ content: [], total: 5 });
  });

  it('counts at most the limit past the page’s start, exactly below it', async () => {
    expect((await page(1, 2, 3)).total).toBe(3);
    expect((await page(2, 2, 2, true)).total).toBe(4);
    expect((await page(2, 2, 10)).total).toBe(5);
    // a page past the end still learns where the end is
    expect(await page(4, 2, 1)).toEqual({ content: [], total: 5 });
  });
});
