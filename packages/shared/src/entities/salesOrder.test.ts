import { describe, expect, it } from 'vitest';
import { lineAmount } from './salesOrder.ts';

describe('a sales line’s amount', () => {
  it('is quantity × unit price to 2 decimals, halves up (as the server rounds)', () => {
    expect(lineAmount(10, 12345.6785)).toBe(123456.79);
    expect(lineAmount(3, 0.005)).toBe(0.02);
    expect(lineAmount(1, 0.125)).toBe(0.13);
    expect(lineAmount(2.5, 98000)).toBe(245000);
    expect(lineAmount(0, 1)).toBe(0);
  });
});
