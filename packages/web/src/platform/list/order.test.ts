import { describe, expect, it } from 'vitest';
import { cleanOrder, parseOrder, sortableKeys, toOrder } from './order.ts';
import { thing } from './testEntity.ts';

const sortable = sortableKeys(thing);

describe('sort mapping', () => {
  it('knows the declared sortable fields', () => {
    expect([...sortable]).toEqual(['id', 'code', 'status', 'qty', 'createdAt']);
  });

  it('maps antd ascend/descend to +prop/-prop', () => {
    expect(toOrder({ columnKey: 'code', order: 'ascend' }, sortable)).toBe('+code');
    expect(toOrder({ columnKey: 'createdAt', order: 'descend' }, sortable)).toBe('-createdAt');
    expect(toOrder({ field: 'qty', order: 'descend' }, sortable)).toBe('-qty');
  });

  it('joins several sorters with commas', () => {
    expect(
      toOrder(
        [
          { columnKey: 'status', order: 'ascend' },
          { columnKey: 'id', order: 'descend' },
        ],
        sortable,
      ),
    ).toBe('+status,-id');
  });

  it('cleared or unsortable columns give no order', () => {
    expect(toOrder({ columnKey: 'code', order: null }, sortable)).toBeUndefined();
    expect(toOrder({ columnKey: 'name', order: 'ascend' }, sortable)).toBeUndefined();
    expect(toOrder(undefined, sortable)).toBeUndefined();
    expect(toOrder([], sortable)).toBeUndefined();
  });

  it('reads an order back into column directions', () => {
    expect([...parseOrder('+code,-createdAt', sortable)]).toEqual([
      ['code', 'ascend'],
      ['createdAt', 'descend'],
    ]);
  });

  it('drops malformed or unsortable parts of an order from the URL', () => {
    expect(cleanOrder('+code,name,-nope,*id,-qty,+code', sortable)).toBe('+code,-qty');
    expect(cleanOrder('garbage', sortable)).toBeUndefined();
    expect(cleanOrder(null, sortable)).toBeUndefined();
  });
});
