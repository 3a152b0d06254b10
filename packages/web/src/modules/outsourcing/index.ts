import type { Pages } from '../../platform/pages.ts';

/**
 * Outsourcing (plans → 委外加工, out-source-lists): the outsourcing orders of work orders'
 * outsourced steps, with their confirmation, sending out and receiving back.
 */
export const pages: Pages = {
  outSourceLists: () => import('./OutsourceOrderList.tsx'),
};
