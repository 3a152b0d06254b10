import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, createContext, useContext } from 'react';

/**
 * A page's chunk: its component, and optionally what it will ask first, started as soon as the
 * session is known when the page is opened by its address (before the shell and page render).
 */
export interface PageModule {
  default: ComponentType;
  prefetch?(client: QueryClient): unknown;
}

export type PageLoader = () => Promise<PageModule>;

/** Pages by route name; each module's face (`modules/<module>/index.ts`) exports its own. */
export type Pages = Readonly<Record<string, PageLoader>>;

/**
 * Whether a route's page exists. The registry is assembled above platform (`src/pages.ts`) and
 * provided by the app, so platform code and pages ask through this instead of importing it.
 */
export const HasPageContext = createContext<(name: string) => boolean>(() => false);

export const useHasPage = () => useContext(HasPageContext);
