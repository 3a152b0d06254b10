import { authRoutes } from '../platform/auth.ts';
import type { ModuleFace } from '../platform/module.ts';
import type { RouteDef } from '../platform/route.ts';
import { callModule } from './call/index.ts';
import { changelog } from './changelog/index.ts';
import { equipmentModule } from './equipment/index.ts';
import { file } from './file/index.ts';
import { home } from './home/index.ts';
import { information } from './information/index.ts';
import { market } from './market/index.ts';
import { mouldModule } from './mould/index.ts';
import { mrp } from './mrp/index.ts';
import { notification } from './notification/index.ts';
import { outsourcing } from './outsourcing/index.ts';
import { plans } from './plans/index.ts';
import { purchase } from './purchase/index.ts';
import { qualityModule } from './quality/index.ts';
import { sales } from './sales/index.ts';
import { setting } from './setting/index.ts';
import { tenant } from './tenant/index.ts';
import { warehouse } from './warehouse/index.ts';

/**
 * The modules of the product, in the order they stand on each other (a module uses only faces
 * listed before it); the app installs them in this order, so tenant seeders run in it too.
 */
export const modules: readonly ModuleFace[] = [
  file,
  setting,
  tenant,
  information,
  plans,
  warehouse,
  equipmentModule,
  callModule,
  sales,
  mouldModule,
  outsourcing,
  purchase,
  mrp,
  qualityModule,
  home,
  notification,
  changelog,
  market,
];

/** Every endpoint of the product; the permission walk test iterates this list. */
export const allRoutes: readonly RouteDef[] = [...authRoutes, ...modules.flatMap((m) => m.routes)];
