import type { ModuleFace } from '../../platform/module.ts';
import { tenantRoutes } from './routes.ts';

/** The provider's tenant screens over the platform's tenant registry. */
export const tenant: ModuleFace = { name: 'tenant', routes: tenantRoutes };
