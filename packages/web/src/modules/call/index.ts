import { createElement, lazy, Suspense } from 'react';
import type { Pages } from '../../platform/pages.ts';

/**
 * The call system (呼叫, andon): the call list with respond, close and cancel, the call types, and
 * the 呼叫 button the station terminal shows for its station.
 */
export const pages: Pages = {
  callSearch: () => import('./CallSearchList.tsx'),
  callClassify: () => import('./CallClassifyList.tsx'),
};

// loaded with the terminal that shows it, not with the app's first chunk
const LazyCallButton = lazy(() => import('./CallButton.tsx'));

/** The station terminal's 呼叫 button and dialog for its station. */
export const CallButton = (props: { stationId: number }) =>
  createElement(Suspense, { fallback: null }, createElement(LazyCallButton, props));
