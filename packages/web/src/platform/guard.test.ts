import { describe, expect, it } from 'vitest';
import { decide, PRODUCT_TITLE, pageTitle, shownTitle } from './guard.ts';

const user = (userName: string, ...codes: string[]) => ({
  userName,
  permissions: new Set(codes.map((c) => c.toLowerCase())),
});

describe('route guard (spec 000 §2)', () => {
  it('always allows reHome and reConsole, with or without a token', () => {
    for (const name of ['reHome', 'reConsole']) {
      expect(decide({ route: { name } })).toEqual({ kind: 'allow' });
      expect(decide({ route: { name }, token: 't' })).toEqual({ kind: 'allow' });
    }
  });

  it('without a token lets only public routes pass, everything else goes to login', () => {
    for (const name of ['login', 'notFound', 'tenant', 'tenantDetail', 'dashboard', 'uploadVideo']) {
      expect(decide({ route: { name } })).toEqual({ kind: 'allow' });
    }
    for (const name of ['home', 'userList', 'systemParams', 'selfCenter']) {
      expect(decide({ route: { name } })).toEqual({ kind: 'redirect', to: 'login' });
    }
  });

  it('with a token sends /login to the home route', () => {
    expect(decide({ route: { name: 'login' }, token: 't' })).toEqual({ kind: 'redirect', to: 'home' });
    expect(decide({ route: { name: 'login' }, token: 't', user: user('a') })).toEqual({
      kind: 'redirect',
      to: 'home',
    });
  });

  it('with a token but no user info loads the user first', () => {
    expect(decide({ route: { name: 'home' }, token: 't' })).toEqual({ kind: 'loadUser' });
  });

  it('allows a route in the role list, a public route or a noAuth route; otherwise /404', () => {
    const u = user('zhang', 'home', 'systemParams');
    expect(decide({ route: { name: 'systemParams' }, token: 't', user: u })).toEqual({ kind: 'allow' });
    expect(decide({ route: { name: 'SYSTEMPARAMS' }, token: 't', user: u })).toEqual({ kind: 'allow' });
    expect(decide({ route: { name: 'tenant' }, token: 't', user: u })).toEqual({ kind: 'allow' });
    expect(decide({ route: { name: 'selfCenter', meta: { noAuth: true } }, token: 't', user: u })).toEqual({
      kind: 'allow',
    });
    expect(decide({ route: { name: 'userList' }, token: 't', user: u })).toEqual({
      kind: 'redirect',
      to: 'notFound',
    });
  });

  it('holds a user whose password an administrator set at the password form, whatever the route', () => {
    const fresh = { ...user('zhang', 'home', 'userList'), mustChangePassword: true };
    for (const name of ['home', 'userList', 'modifyPassword', 'systemParams'])
      expect(decide({ route: { name }, token: 't', user: fresh })).toEqual({ kind: 'setPassword' });
    expect(
      decide({
        route: { name: 'userList' },
        token: 't',
        user: { ...user('admin'), mustChangePassword: true },
      }),
    ).toEqual({
      kind: 'setPassword',
    });
    // public pages stay public, and /login still goes home (where the form is)
    expect(decide({ route: { name: 'notFound' }, token: 't', user: fresh })).toEqual({ kind: 'allow' });
    expect(decide({ route: { name: 'login' }, token: 't', user: fresh })).toEqual({
      kind: 'redirect',
      to: 'home',
    });
    expect(
      decide({ route: { name: 'home' }, token: 't', user: { ...fresh, mustChangePassword: false } }),
    ).toEqual({
      kind: 'allow',
    });
  });

  it('lets the admin user open every route', () => {
    expect(decide({ route: { name: 'userList' }, token: 't', user: user('admin') })).toEqual({
      kind: 'allow',
    });
  });
});

describe('page title', () => {
  it('is the route title plus the product title, or the route title alone when HL is 1', () => {
    expect(pageTitle('系统参数', null)).toBe(`系统参数 - ${PRODUCT_TITLE}`);
    expect(pageTitle('系统参数', '0')).toBe(`系统参数 - ${PRODUCT_TITLE}`);
    expect(pageTitle('系统参数', '1')).toBe('系统参数');
    expect(pageTitle(undefined, null)).toBe(PRODUCT_TITLE);
  });
});

describe('shown title', () => {
  it('reads an add page opened on a document as its edit page, and leaves the rest', () => {
    expect(shownTitle('新增采购订单', '?id=12')).toBe('编辑采购订单');
    expect(shownTitle('新增采购订单', '')).toBe('新增采购订单');
    expect(shownTitle('新增采购订单', '?copy=1')).toBe('新增采购订单');
    expect(shownTitle('订单详情', '?id=12')).toBe('订单详情');
  });
});
