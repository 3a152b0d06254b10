import type { Pages } from '../../platform/pages.ts';

export const pages: Pages = {
  ApplyMarket: () => import('./ApplyMarket.tsx'),
  applyDetails: () => import('./ApplyDetails.tsx'),
};
