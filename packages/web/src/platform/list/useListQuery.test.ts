import { PAGE_SIZES } from '@factory/shared/api/list';
import { describe, expect, it } from 'vitest';
import { defaultSearchValues } from './filters.ts';
import { sortableKeys } from './order.ts';
import { thing } from './testEntity.ts';
import {
  defaultPageSize,
  type ListDefaults,
  parsePageSizes,
  readListState,
  writeListState,
} from './useListQuery.ts';

const defaults: ListDefaults = {
  sizes: [10, 20, 50],
  defaultSize: 20,
  sortable: sortableKeys(thing),
  searchKeys: ['code', 'status'],
  search: defaultSearchValues(thing),
};

describe('page sizes (spec 000 §9)', () => {
  it('reads the tenant config, falling back to 10/20/50/100/150', () => {
    expect(parsePageSizes('[10,30,60]')).toEqual([10, 30, 60]);
    expect(parsePageSizes('[60, 10, 10]')).toEqual([10, 60]);
    expect(parsePageSizes('nope')).toEqual([...PAGE_SIZES]);
    expect(parsePageSizes('[]')).toEqual([...PAGE_SIZES]);
    expect(parsePageSizes('[0, 5]')).toEqual([...PAGE_SIZES]);
    expect(parsePageSizes(undefined)).toEqual([...PAGE_SIZES]);
  });

  it('defaults to 20 when offered, else the first option', () => {
    expect(defaultPageSize(PAGE_SIZES)).toBe(20);
    expect(defaultPageSize([15, 30])).toBe(15);
  });
});

describe('list state in the URL', () => {
  it('starts at page 1, the default size, no order and the default search', () => {
    expect(readListState(new URLSearchParams(), defaults)).toEqual({
      currentPage: 1,
      pageSize: 20,
      order: undefined,
      search: { status: 1 },
    });
  });

  it('reads page, size, order and search, refusing what is not allowed', () => {
    const p = new URLSearchParams({
      page: '3',
      size: '50',
      order: '-createdAt,+name',
      q: JSON.stringify({ code: 'x', hack: 1 }),
    });
    expect(readListState(p, defaults)).toEqual({
      currentPage: 3,
      pageSize: 50,
      order: '-createdAt',
      search: { code: 'x' },
    });
    const bad = new URLSearchParams({ page: '-2', size: '33', q: '{oops' });
    expect(readListState(bad, defaults)).toMatchObject({
      currentPage: 1,
      pageSize: 20,
      search: { status: 1 },
    });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const p = writeListState(
      new URLSearchParams({ id: '7', page: '4' }),
      { currentPage: 1, pageSize: 20, search: { status: 1 } },
      defaults,
    );
    expect(p.toString()).toBe('id=7');
    const q = writeListState(
      new URLSearchParams(),
      { currentPage: 2, pageSize: 50, order: '+code', search: {} },
      defaults,
    );
    expect(Object.fromEntries(q)).toEqual({ page: '2', size: '50', order: '+code', q: '{}' });
    // a cleared default survives a reload
    expect(readListState(q, defaults).search).toEqual({});
  });
});
