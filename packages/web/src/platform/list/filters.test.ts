import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  defaultSearchValues,
  fromFormValues,
  searchFieldsOf,
  selectFilters,
  toFilterItems,
  toFormValues,
} from './filters.ts';
import { thing } from './testEntity.ts';

const start = (d: string) => dayjs(d).startOf('day').format();
const end = (d: string) => dayjs(d).endOf('day').format();

describe('searchFieldsOf', () => {
  it('takes the fields that declare filter, with the first operator and its control', () => {
    expect(searchFieldsOf(thing).map((s) => [s.key, s.operator, s.control])).toEqual([
      ['code', 'like', 'text'],
      ['name', 'eq', 'text'],
      ['status', 'eq', 'select'],
      ['kinds', 'in', 'multiSelect'],
      ['active', 'eq', 'boolean'],
      ['qty', 'between', 'numberRange'],
      ['level', 'gte', 'number'],
      ['day', 'between', 'dateRange'],
      ['createdAt', 'between', 'dateRange'],
      ['updatedAt', 'lte', 'date'],
    ]);
  });

  it('starts from the enum defaults', () => {
    expect(defaultSearchValues(thing)).toEqual({ status: 1 });
  });
});

describe('toFilterItems', () => {
  it('builds one item per filled field with its first operator and type', () => {
    expect(
      toFilterItems(thing, {
        code: '  A-1 ',
        name: 'x',
        status: 0,
        kinds: ['a', 'b'],
        active: false,
        level: 3,
      }),
    ).toEqual([
      { fieldName: 'code', fieldType: 'string', fieldValue: 'A-1', operator: 'like' },
      { fieldName: 'name', fieldType: 'string', fieldValue: 'x', operator: 'eq' },
      { fieldName: 'status', fieldType: 'enum', fieldValue: 0, operator: 'eq' },
      { fieldName: 'kinds', fieldType: 'enum', fieldValue: ['a', 'b'], operator: 'in' },
      { fieldName: 'active', fieldType: 'boolean', fieldValue: false, operator: 'eq' },
      { fieldName: 'level', fieldType: 'integer', fieldValue: 3, operator: 'gte' },
    ]);
  });

  it('skips empty values: blank text, null, empty lists, empty ranges', () => {
    expect(
      toFilterItems(thing, {
        code: '   ',
        name: '',
        status: null,
        kinds: [],
        qty: [null, null],
        day: [null, null],
        level: 'abc',
      }),
    ).toEqual([]);
  });

  it('keeps 0 and false as values', () => {
    expect(toFilterItems(thing, { status: 0, active: false }).map((i) => i.fieldValue)).toEqual([0, false]);
  });

  it('sends date ranges as days and datetime ranges as the bounds of those days', () => {
    expect(toFilterItems(thing, { day: ['2026-03-01', '2026-03-31'] })).toEqual([
      { fieldName: 'day', fieldType: 'date', fieldValue: ['2026-03-01', '2026-03-31'], operator: 'between' },
    ]);
    const [item] = toFilterItems(thing, { createdAt: ['2026-03-01', '2026-03-02'] });
    expect(item).toEqual({
      fieldName: 'createdAt',
      fieldType: 'datetime',
      fieldValue: [start('2026-03-01'), end('2026-03-02')],
      operator: 'between',
    });
    // both ends are exact instants with an offset, whatever the server's time zone
    const [from, to] = item.fieldValue as string[];
    expect(new Date(to).getTime() - new Date(from).getTime()).toBe(2 * 86_400_000 - 1000);
  });

  it('a single datetime bound: lte takes the end of the day', () => {
    expect(toFilterItems(thing, { updatedAt: '2026-03-05' })).toEqual([
      { fieldName: 'updatedAt', fieldType: 'datetime', fieldValue: end('2026-03-05'), operator: 'lte' },
    ]);
  });

  it('number ranges: both ends → between (ordered), one end → gte/lte when declared', () => {
    expect(toFilterItems(thing, { qty: [5, 1.5] })[0]).toMatchObject({
      operator: 'between',
      fieldValue: [1.5, 5],
    });
    expect(toFilterItems(thing, { qty: [2, null] })[0]).toMatchObject({ operator: 'gte', fieldValue: 2 });
    expect(toFilterItems(thing, { qty: [null, '7'] })[0]).toMatchObject({ operator: 'lte', fieldValue: 7 });
  });

  it('a one-ended range without gte/lte declared is left out', () => {
    expect(toFilterItems(thing, { day: ['2026-03-01', null] })).toEqual([]);
  });

  it('ignores keys that are not search fields', () => {
    expect(toFilterItems(thing, { note: 'x', nothing: 1 })).toEqual([]);
  });
});

describe('form values ↔ URL values', () => {
  it('turns Dayjs into days and trims text, dropping empty fields', () => {
    const v = fromFormValues(thing, {
      code: ' a ',
      name: '',
      createdAt: [dayjs('2026-01-02T10:00:00'), dayjs('2026-01-05T08:00:00')],
      updatedAt: dayjs('2026-02-01'),
      status: undefined,
      kinds: ['a'],
    });
    expect(v).toEqual({
      code: 'a',
      createdAt: ['2026-01-02', '2026-01-05'],
      updatedAt: '2026-02-01',
      kinds: ['a'],
    });
  });

  it('restores Dayjs from days', () => {
    const f = toFormValues(thing, {
      createdAt: ['2026-01-02', '2026-01-05'],
      updatedAt: '2026-02-01',
      code: 'a',
    });
    expect((f.createdAt as dayjs.Dayjs[]).map((d) => d.format('YYYY-MM-DD'))).toEqual([
      '2026-01-02',
      '2026-01-05',
    ]);
    expect((f.updatedAt as dayjs.Dayjs).format('YYYY-MM-DD')).toBe('2026-02-01');
    expect(f.code).toBe('a');
  });
});

describe('selectFilters (spec 000 §5)', () => {
  it('adds like on the search field to the fixed filters when text is typed', () => {
    const fixed = [{ fieldName: 'isVirtualMaterials', operator: 'eq' as const, fieldValue: 0 }];
    expect(selectFilters('name', ' 钢 ', fixed)).toEqual([
      ...fixed,
      { fieldName: 'name', fieldType: 'string', fieldValue: '钢', operator: 'like' },
    ]);
    expect(selectFilters('name', '  ', fixed)).toEqual(fixed);
    expect(selectFilters('name', '')).toEqual([]);
  });
});
