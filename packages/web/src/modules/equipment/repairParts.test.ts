import { describe, expect, it } from 'vitest';
import { offeredTo } from './repairParts.ts';

const zhang = { id: 7, userName: 'weixiu' };
const wang = { id: 9, userName: 'caozuo' };
const admin = { id: 1, userName: 'admin' };
const taken = { repairerIds: [7], dispatchedIds: [] };

describe('offeredTo', () => {
  it('offers starting, giving back and finishing to the repairers (and the administrator) only', () => {
    for (const action of ['start', 'giveBack', 'finish']) {
      expect(offeredTo(action, taken, zhang), action).toBe(true);
      expect(offeredTo(action, taken, wang), action).toBe(false);
      expect(offeredTo(action, taken, admin), action).toBe(true);
    }
  });

  it('offers verifying to anyone but the repairers', () => {
    for (const action of ['verify', 'reopen']) {
      expect(offeredTo(action, taken, zhang), action).toBe(false);
      expect(offeredTo(action, taken, wang), action).toBe(true);
    }
  });

  it('leaves the audit and taking a job nobody was named for to the keys, and offers nothing when signed out', () => {
    expect(offeredTo('accept', { repairerIds: [], dispatchedIds: [] }, wang)).toBe(true);
    expect(offeredTo('audit', taken, zhang)).toBe(true);
    expect(offeredTo('accept', taken, undefined)).toBe(false);
  });

  it('offers taking a job named to repairers to them (and the administrator) only', () => {
    const named = { repairerIds: [], dispatchedIds: [7, 8] };
    expect(offeredTo('accept', named, zhang)).toBe(true);
    expect(offeredTo('accept', named, wang)).toBe(false);
    expect(offeredTo('accept', named, admin)).toBe(true);
  });
});
