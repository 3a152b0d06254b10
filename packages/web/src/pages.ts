import { pages as call } from './modules/call/index.ts';
import { pages as equipment } from './modules/equipment/index.ts';
import { pages as home } from './modules/home/index.ts';
import { pages as information } from './modules/information/index.ts';
import { pages as market } from './modules/market/index.ts';
import { pages as mould } from './modules/mould/index.ts';
import { pages as mrp } from './modules/mrp/index.ts';
import { pages as outsourcing } from './modules/outsourcing/index.ts';
import { pages as plans } from './modules/plans/index.ts';
import { pages as purchase } from './modules/purchase/index.ts';
import { pages as quality } from './modules/quality/index.ts';
import { pages as sales } from './modules/sales/index.ts';
import { pages as selfCenter } from './modules/selfCenter/index.ts';
import { pages as setting } from './modules/setting/index.ts';
import { pages as siteWarehouse } from './modules/siteWarehouse/index.ts';
import { pages as tenant } from './modules/tenant/index.ts';
import { pages as warehouse } from './modules/warehouse/index.ts';
import type { Pages } from './platform/pages.ts';
import { pages as shell } from './shell/pages.ts';

/** Each part's pages; a new module adds its face here. */
export const pageSources: Readonly<Record<string, Pages>> = {
  shell,
  tenant,
  home,
  setting,
  selfCenter,
  information,
  equipment,
  quality,
  call,
  plans,
  outsourcing,
  warehouse,
  siteWarehouse,
  sales,
  purchase,
  mrp,
  mould,
  market,
};

/**
 * The pages that exist, by route name. The router, the menu and the home shortcuts derive from
 * this: a route of the tree appears only once its page is here (no placeholder pages).
 */
export const pages: Pages = Object.assign({}, ...Object.values(pageSources));

export const hasPage = (name: string) => Object.hasOwn(pages, name);
