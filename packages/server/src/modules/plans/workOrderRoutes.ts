import type { RouteDef } from '../../platform/route.ts';

/** Work orders, tasks and report work: filled by the work-order work of this session. */
export const workOrderRoutes: RouteDef[] = [];
