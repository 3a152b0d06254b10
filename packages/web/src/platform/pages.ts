import { type ComponentType, createContext, useContext } from 'react';

export type PageLoader = () => Promise<{ default: ComponentType }>;

/** Pages by route name; each module's face (`modules/<module>/index.ts`) exports its own. */
export type Pages = Readonly<Record<string, PageLoader>>;

/**
 * Whether a route's page exists. The registry is assembled above platform (`src/pages.ts`) and
 * provided by the app, so platform code and pages ask through this instead of importing it.
 */
export const HasPageContext = createContext<(name: string) => boolean>(() => false);

export const useHasPage = () => useContext(HasPageContext);
