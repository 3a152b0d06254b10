import type { Pages } from '../platform/pages.ts';

/** The shell's own pages: sign-in, not-found, re-entry and the tag bar's blank refresh page. */
export const pages: Pages = {
  login: () => import('./Login.tsx'),
  notFound: () => import('./NotFound.tsx'),
  reHome: () => import('./ReEntry.tsx'),
  reConsole: () => import('./ReEntry.tsx'),
  refresh: () => import('./Refresh.tsx'),
};
