import { authRoutes } from '../platform/auth.ts';
import type { RouteDef } from '../platform/route.ts';
import { changelogRoutes } from './changelog/routes.ts';
import { equipmentRoutes } from './equipment/routes.ts';
import { fileRoutes } from './file/routes.ts';
import { bomImportRoutes } from './information/bomImport.ts';
import { bomRoutes } from './information/bomRoutes.ts';
import { equipmentClassRoutes } from './information/equipmentClassRoutes.ts';
import { materialsRoutes } from './information/materialsRoutes.ts';
import { paramRoutes } from './information/paramRoutes.ts';
import { partnerRoutes } from './information/partnerRoutes.ts';
import { processFlowRoutes } from './information/processFlowRoutes.ts';
import { informationRoutes } from './information/routes.ts';
import { warehouseRoutes } from './information/warehouseRoutes.ts';
import { marketRoutes } from './market/routes.ts';
import { notificationRoutes } from './notification/routes.ts';
import { codeRuleRoutes } from './setting/codeRuleRoutes.ts';
import { customFieldRoutes } from './setting/customFieldRoutes.ts';
import { frequencyRoutes } from './setting/frequencyRoutes.ts';
import { organizationRoutes } from './setting/organizationRoutes.ts';
import { roleRoutes } from './setting/roleRoutes.ts';
import { settingRoutes } from './setting/routes.ts';
import { selfRoutes } from './setting/selfRoutes.ts';
import { userRoutes } from './setting/userRoutes.ts';
import { userStationRoutes } from './setting/userStationRoutes.ts';
import { tenantRoutes } from './tenant/routes.ts';

/** Every endpoint of the product; the permission walk test iterates this list. */
export const allRoutes: readonly RouteDef[] = [
  ...authRoutes,
  ...settingRoutes,
  ...userRoutes,
  ...roleRoutes,
  ...tenantRoutes,
  ...fileRoutes,
  ...informationRoutes,
  ...paramRoutes,
  ...materialsRoutes,
  ...bomRoutes,
  ...bomImportRoutes,
  ...partnerRoutes,
  ...equipmentClassRoutes,
  ...equipmentRoutes,
  ...warehouseRoutes,
  ...processFlowRoutes,
  ...organizationRoutes,
  ...userStationRoutes,
  ...codeRuleRoutes,
  ...customFieldRoutes,
  ...marketRoutes,
  ...frequencyRoutes,
  ...selfRoutes,
  ...notificationRoutes,
  ...changelogRoutes,
];
