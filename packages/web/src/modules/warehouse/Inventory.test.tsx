import { describe, expect, it } from 'vitest';
import { inAuxUnit } from './Inventory.tsx';

describe('inventory in the auxiliary unit', () => {
  it('divides on hand by the conversion and names the unit, cutting at 3 decimals', () => {
    expect(inAuxUnit({ currentQuantity: 125, auxUnitName: '卷', conversion: 50 })).toBe('2.5卷');
    expect(inAuxUnit({ currentQuantity: 10, auxUnitName: '箱', conversion: 3 })).toBe('3.333箱');
  });

  it('shows nothing without an auxiliary unit or its conversion', () => {
    expect(inAuxUnit({ currentQuantity: 125, auxUnitName: null, conversion: 50 })).toBeUndefined();
    expect(inAuxUnit({ currentQuantity: 125, auxUnitName: '卷', conversion: null })).toBeUndefined();
  });
});
