import { authRoutes } from '../platform/auth.ts';
import type { RouteDef } from '../platform/route.ts';
import { settingRoutes } from './setting/routes.ts';
import { tenantRoutes } from './tenant/routes.ts';

/** Every endpoint of the product; the permission walk test iterates this list. */
export const allRoutes: readonly RouteDef[] = [...authRoutes, ...settingRoutes, ...tenantRoutes];
