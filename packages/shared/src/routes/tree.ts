import type { RouteNode } from '../routeTypes.ts';
import { call } from './call.ts';
import { equipment } from './equipment.ts';
import { facility } from './facility.ts';
import { home } from './home.ts';
import { information } from './information.ts';
import { applyDetails, applyMarket } from './market.ts';
import { mould } from './mould.ts';
import { mrp } from './mrp.ts';
import { plans } from './plans.ts';
import { publicRoutes } from './public.ts';
import { purchase } from './purchase.ts';
import { quality } from './quality.ts';
import { sales } from './sales.ts';
import { selfCenter } from './selfCenter.ts';
import { service } from './service.ts';
import { setting } from './setting.ts';
import { changelog, refresh } from './shell.ts';
import { siteWarehouse } from './siteWarehouse.ts';
import { statisticsBoard } from './statisticsBoard.ts';
import { warehouse } from './warehouse.ts';

/** Children of the main shell `/`, in menu order. */
export const mainRoutes: RouteNode[] = [
  refresh,
  applyMarket,
  applyDetails,
  changelog,
  home,
  selfCenter,
  warehouse,
  information,
  equipment,
  quality,
  setting,
  plans,
  siteWarehouse,
  call,
  facility,
  service,
  sales,
  purchase,
  mrp,
  mould,
  statisticsBoard,
];

export const routeTree: RouteNode[] = [
  ...publicRoutes,
  { name: 'layout', path: '/', redirect: 'home', meta: { title: '首页' }, children: mainRoutes },
];

/** Routes whose `:id` must be digits only (spec 000 §2); anything else goes to /404. */
export const numericIdRoutes: ReadonlySet<string> = new Set([
  'dashboardBoard',
  'dashboardBoardGroup',
  'accountDetail',
]);

export const DIGITS_ONLY = /^\d+$/;
