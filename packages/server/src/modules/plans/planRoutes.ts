import type { RouteDef } from '../../platform/route.ts';

/** Production plans: filled by the plans work of this session. */
export const planRoutes: RouteDef[] = [];
