import { describe, expect, it } from 'vitest';
import {
  canOpenRoute,
  formatAuthority,
  hasAnyKey,
  hasPermission,
  parseAuthority,
  permissionList,
} from './permissions.ts';

const web = ['home', 'setting', 'userList', 'userListAdd', 'userListDel', 'stationList', 'stationListExport'];

describe('permission rules (spec 000 §6, spec 001 §6)', () => {
  it('parses the authority format and ignores corrupt parts', () => {
    const value = `${JSON.stringify({ checked: ['a'], half: ['b'] })}|||not json|||${JSON.stringify({ checked: [1, 'c'] })}`;
    expect(parseAuthority(value)).toEqual([
      { checked: ['a'], half: ['b'] },
      { checked: ['c'], half: [] },
    ]);
    expect(parseAuthority('')).toEqual([]);
    expect(parseAuthority(null)).toEqual([]);
    const parts = [{ checked: ['x'], half: ['y'] }];
    expect(parseAuthority(formatAuthority(parts))).toEqual(parts);
  });

  it('the permission list is (checked ∪ half) of every part ∩ web codes, lower-cased', () => {
    const authority = formatAuthority([
      { checked: ['userList', 'userListAdd', 'appOnlyCode'], half: ['setting'] },
      { checked: ['stationListExport'], half: [] },
    ]);
    expect([...permissionList(authority, web)].sort()).toEqual([
      'setting',
      'stationlistexport',
      'userlist',
      'userlistadd',
    ]);
  });

  it('a key is route name + action, case-insensitive; no action is allowed; admin bypasses', () => {
    const subject = {
      userName: 'zhang',
      permissions: permissionList(formatAuthority([{ checked: ['userListAdd'], half: [] }]), web),
    };
    expect(hasPermission(subject, 'userList', 'Add')).toBe(true);
    expect(hasPermission(subject, 'USERLIST', 'add')).toBe(true);
    expect(hasPermission(subject, 'userList', 'Del')).toBe(false);
    expect(hasPermission(subject, 'userList')).toBe(true);
    expect(hasPermission({ userName: 'admin', permissions: new Set() }, 'userList', 'Del')).toBe(true);
    expect(hasAnyKey(subject, ['userListDel', 'userListAdd'])).toBe(true);
    expect(hasAnyKey(subject, ['userListDel'])).toBe(false);
  });

  it('route access needs the route name unless noAuth or public', () => {
    const subject = { userName: 'li', permissions: new Set(['userlist']) };
    const pub = new Set(['login']);
    expect(canOpenRoute(subject, { name: 'userList' }, pub)).toBe(true);
    expect(canOpenRoute(subject, { name: 'stationList' }, pub)).toBe(false);
    expect(canOpenRoute(subject, { name: 'selfCenter', meta: { noAuth: true } }, pub)).toBe(true);
    expect(canOpenRoute(subject, { name: 'login' }, pub)).toBe(true);
    expect(canOpenRoute({ userName: 'admin', permissions: new Set() }, { name: 'stationList' }, pub)).toBe(
      true,
    );
  });
});
