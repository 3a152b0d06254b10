import { describe, expect, it } from 'vitest';
import { allowedActions, heldBack, refusal } from './define.ts';
import { stockDocMachine } from './warehouse.ts';

const can = () => true;
const posted = { status: 2, code: 'CRK20261126007', sourceNumber: 'BG202611260003' };

describe('stock documents production made', () => {
  it('are not offered 冲销 (lists and detail alike) but held back with why, and refused in the same words', () => {
    const fed = { ...posted, sourceKind: 1 };
    const why = '单据“CRK20261126007”由报工记录“BG202611260003”自动生成，不能冲销；请撤销该报工记录';
    expect(allowedActions(stockDocMachine, fed, can)).not.toContain('reverse');
    expect(heldBack(stockDocMachine, fed, can)).toEqual([{ action: 'reverse', why }]);
    expect(refusal(stockDocMachine, 'reverse', fed)).toBe(why);
    // the state speaks first
    expect(refusal(stockDocMachine, 'reverse', { ...fed, status: 3 })).toBe(
      '出入库单“CRK20261126007”已冲销，不能冲销',
    );
  });

  it('leave a keeper’s document of the same type to reverse as any other', () => {
    const byKeeper = { ...posted, sourceKind: null };
    expect(allowedActions(stockDocMachine, byKeeper, can)).toContain('reverse');
    expect(heldBack(stockDocMachine, byKeeper, can)).toEqual([]);
    expect(refusal(stockDocMachine, 'reverse', byKeeper)).toBeUndefined();
  });
});
