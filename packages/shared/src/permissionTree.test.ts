import { describe, expect, it } from 'vitest';
import { formatAuthority } from './permissions.ts';
import {
  authorityOfGrant,
  grantedCodes,
  indexTree,
  narrowTree,
  permissionTree,
  readAuthority,
  tenantTree,
} from './permissionTree.ts';
import { permissionKeys, webPermissionCodes } from './routes.ts';

const all = indexTree(permissionTree());
const text = (checked: string[], half: string[] = []) => formatAuthority([{ checked, half }]);
const errorOf = (t: string) => {
  const r = readAuthority(t);
  return 'error' in r ? r.error : undefined;
};

describe('the permission tree', () => {
  it('holds every web permission code once, and no other', () => {
    expect([...all.codes].sort()).toEqual([...webPermissionCodes()].sort());
    expect(new Set(all.codes).size).toBe(all.codes.length);
    for (const key of permissionKeys()) expect(all.routes.has(key)).toBe(false);
  });

  it('narrows to a tenant’s codes, dropping a left-out route with its subtree and emptied containers', () => {
    const t = indexTree(
      narrowTree(permissionTree(), ['information', 'productionInfo', 'stationListAdd', 'stationList']),
    );
    expect(t.codes).toEqual(['information', 'productionInfo', 'stationList', 'stationListAdd']);
    // a button whose page is left out is unreachable: it goes too
    expect(tenantTree(['information', 'stationListAdd']).codes).toEqual(['information']);
    expect(t.tree.some((n) => n.kind === 'container')).toBe(false);
  });
});

describe('authority of a grant (checked and half)', () => {
  it('puts a wholly granted subtree in checked and its partly granted ancestors in half', () => {
    const grant = new Set(['information', 'productionInfo', 'stationList', 'stationListAdd']);
    const part = authorityOfGrant(grant, all);
    expect(part).toEqual({
      checked: ['stationListAdd'],
      half: ['information', 'productionInfo', 'stationList'],
    });
    expect(grantedCodes(formatAuthority([part]))).toEqual(grant);
    expect(readAuthority(formatAuthority([part]))).toEqual({ granted: grant });
  });

  it('a page granted without any of its buttons is checked (view only)', () => {
    const grant = new Set(['information', 'productionInfo', 'stationList']);
    expect(authorityOfGrant(grant, all)).toEqual({
      checked: ['stationList'],
      half: ['information', 'productionInfo'],
    });
  });

  it('is relative to the tenant’s tree: all of what the tenant has counts as whole', () => {
    const t = tenantTree(['information', 'productionInfo', 'stationList', 'stationListAdd']);
    const part = authorityOfGrant(new Set(t.codes), t);
    expect(part).toEqual({ checked: t.codes, half: [] });
  });
});

describe('reading an authority a role editor sends', () => {
  it('takes the empty text as no permission and codes in any case', () => {
    expect(readAuthority('')).toEqual({ granted: new Set() });
    expect(readAuthority(text(['HOME']))).toEqual({ granted: new Set(['home']) });
  });

  it('refuses malformed text, naming the part', () => {
    expect(errorOf(`${text(['home'])}|||{oops`)).toBe('权限格式不正确：第2段不是有效的JSON');
    expect(errorOf('[]')).toBe('权限格式不正确：第1段应为 {checked, half}，且均为权限码列表');
    expect(errorOf(JSON.stringify({ checked: 'home', half: [] }))).toMatch(/^权限格式不正确/);
    expect(errorOf(JSON.stringify({ checked: [1], half: [] }))).toMatch(/^权限格式不正确/);
  });

  it('refuses unknown codes, naming them', () => {
    expect(errorOf(text(['home', 'noSuchPage', 'stationListFly']))).toBe(
      '未知的权限码：noSuchPage、stationListFly',
    );
  });

  it('refuses inconsistent checked and half', () => {
    expect(errorOf(text(['home'], ['home']))).toBe('权限码“home”不能既是全选又是半选');
    // a button has nothing below it; a half page must have something checked below it
    expect(errorOf(text(['information', 'productionInfo', 'stationList'], ['stationListAdd']))).toMatch(
      /^半选的“stationListAdd”/,
    );
    expect(errorOf(text(['information', 'productionInfo'], ['stationList']))).toMatch(/^半选的“stationList”/);
    expect(errorOf(text(['stationListAdd'], ['information', 'productionInfo']))).toBe(
      '已授权“stationListAdd”，但未授权其上级“stationList”',
    );
  });
});
