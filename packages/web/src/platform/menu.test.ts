import type { RouteNode } from '@factory/shared/routeTypes';
import { describe, expect, it } from 'vitest';
import { menuEntries, topEntryOf } from './menu.ts';

const tree: RouteNode[] = [
  { name: 'home', path: 'home', meta: { title: '工作台', icon: 'HomeOutlined' } },
  { name: 'apply', path: 'apply', meta: { title: '应用中心', market: true } },
  { name: 'secret', path: 'secret', meta: { title: '隐藏', hidden: true } },
  {
    name: 'setting',
    path: 'setting',
    meta: { title: '系统设置', icon: 'SettingOutlined' },
    children: [
      { name: 'systemParams', path: 'system-params', meta: { title: '系统参数' } },
      { name: 'baseSetting', path: 'base-setting', meta: { title: '基础设置' } },
      { name: 'shift', path: 'shift', meta: { title: '班次' } },
      { name: 'detail', path: 'detail', meta: { title: '详情', hidden: true } },
    ],
  },
  {
    name: 'plans',
    path: 'plans',
    meta: { title: '生产计划' },
    children: [{ name: 'planList', path: 'list', meta: { title: '计划' } }],
  },
];
const pages = new Set(['home', 'apply', 'secret', 'systemParams', 'baseSetting', 'detail', 'planList']);
const has = (n: string) => pages.has(n);
const subject = (...codes: string[]) => ({
  isAdmin: false,
  permissions: new Set(codes.map((c) => c.toLowerCase())),
});
// menuEntries resolves paths through the real route tree; use names that exist there
const names = (entries: ReturnType<typeof menuEntries>): unknown =>
  entries.map((e) => (e.children.length ? { [e.name]: names(e.children) } : e.name));

describe('side menu visibility', () => {
  it('hides hidden, market and unpermitted entries, and groups with no page', () => {
    const entries = menuEntries(
      subject('home', 'setting', 'systemParams', 'shift', 'apply', 'secret'),
      has,
      tree,
    );
    expect(names(entries)).toEqual(['home', { setting: ['systemParams'] }]);
  });

  it('shows everything with a page to the admin', () => {
    expect(names(menuEntries({ isAdmin: true, permissions: new Set() }, has, tree))).toEqual([
      'home',
      { setting: ['systemParams', 'baseSetting'] },
      { plans: ['planList'] },
    ]);
  });

  it('a group opens its first visible page; topEntryOf finds the first-level entry', () => {
    const entries = menuEntries({ isAdmin: true, permissions: new Set() }, has, tree);
    const setting = entries.find((e) => e.name === 'setting');
    expect(setting?.path).toBe(setting?.children[0].path);
    expect(topEntryOf(entries, 'baseSetting')?.name).toBe('setting');
    expect(topEntryOf(entries, 'nothing')).toBeUndefined();
  });
});
