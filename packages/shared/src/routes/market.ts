import type { RouteNode } from '../routeTypes.ts';

// The application market: full-screen pages of their own, never in the side menu.

export const applyMarket: RouteNode = {
  name: 'ApplyMarket',
  path: 'apply',
  meta: { title: '应用中心', hidden: true, market: true, noCache: true, buttons: ['Add', 'Modify', 'Del'] },
};

/** Edit and delete on the detail page check this route's own keys (spec 000 §2). */
export const applyDetails: RouteNode = {
  name: 'applyDetails',
  path: 'applyDetails',
  meta: { title: '应用详情', hidden: true, market: true, noCache: true, buttons: ['Modify', 'Del'] },
};
