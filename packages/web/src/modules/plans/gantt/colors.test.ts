import { describe, expect, it } from 'vitest';
import { ORDER_PALETTE, orderColors } from './colors.ts';

const row = (...orders: string[]) => ({ gtArray: orders.map((orderCode) => ({ orderCode })) });

describe('orderColors', () => {
  it('gives each order one colour, the orders by number, the same rows the same colours', () => {
    const colors = orderColors([row('MO003', 'MO001'), row('MO002', 'MO001')]);
    expect([...colors]).toEqual([
      ['MO001', ORDER_PALETTE[0]],
      ['MO002', ORDER_PALETTE[1]],
      ['MO003', ORDER_PALETTE[2]],
    ]);
    expect([...orderColors([row('MO002', 'MO001'), row('MO001', 'MO003')])]).toEqual([...colors]);
  });

  it('goes round the palette when there are more orders than colours', () => {
    const codes = Array.from(
      { length: ORDER_PALETTE.length + 2 },
      (_, i) => `MO${String(i).padStart(3, '0')}`,
    );
    const colors = orderColors([row(...codes)]);
    expect(colors.size).toBe(codes.length);
    expect(colors.get(codes[ORDER_PALETTE.length])).toBe(ORDER_PALETTE[0]);
    expect(new Set(codes.slice(0, ORDER_PALETTE.length).map((c) => colors.get(c))).size).toBe(
      ORDER_PALETTE.length,
    );
  });
});
