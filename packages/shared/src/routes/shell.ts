import type { RouteNode } from '../routeTypes.ts';

// Routes of the main shell itself rather than of a business module.

/** Blank page the tag bar visits to re-mount the current page; every signed-in user needs it. */
export const refresh: RouteNode = {
  name: 'refresh',
  path: 'refresh',
  meta: { title: '刷新', hidden: true, noAuth: true, noCache: true },
};

/** Not a page of its own: the changelog dialog needs permission keys (changelogAdd, ...). */
export const changelog: RouteNode = {
  name: 'changelog',
  path: 'changelog',
  meta: { title: '更新日志', hidden: true, buttons: ['Add', 'Modify', 'Del'] },
};
