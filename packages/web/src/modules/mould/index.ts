import type { Pages } from '../../platform/pages.ts';

/**
 * Moulds (mould in the route tree): the mould master, the stock list with each mould's place and
 * counter and its handling documents, and the handling document form (mould-handle, mould-inStock).
 */
export const pages: Pages = {
  mouldDefine: () => import('./MouldDefineList.tsx'),
  mouldStock: () => import('./MouldStockList.tsx'),
  mouldHandle: () => import('./MouldHandle.tsx'),
  mouldInStock: () => import('./MouldInStock.tsx'),
};
