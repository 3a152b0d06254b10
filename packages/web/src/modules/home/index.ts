import type { Pages } from '../../platform/pages.ts';

export const pages: Pages = {
  home: () => import('./Workbench.tsx'),
};
