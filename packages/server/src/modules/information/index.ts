import { organizationEntity } from '@factory/shared/entities/setting';
import { userEntity } from '@factory/shared/entities/user';
import type { ModuleFace } from '../../platform/module.ts';
import { bomImportRoutes } from './bomImport.ts';
import { bomRoutes } from './bomRoutes.ts';
import { equipmentClassRoutes } from './equipmentClassRoutes.ts';
import { materialsRoutes } from './materialsRoutes.ts';
import { paramRoutes } from './paramRoutes.ts';
import { partnerRoutes } from './partnerRoutes.ts';
import { processFlowRoutes } from './processFlowRoutes.ts';
import { informationRoutes } from './routes.ts';
import { areas, warehouses } from './schema.ts';
import { seedStockTypes } from './stockTypeSeed.ts';
import { userStationRoutes } from './userStationRoutes.ts';
import { warehouseRoutes } from './warehouseRoutes.ts';

/**
 * Basic information: the factory model (lines, procedures, stations), materials and BOMs, process
 * flows, warehouses, partners, equipment classes and the labels of production.
 */
export const information: ModuleFace = {
  name: 'information',
  routes: [
    ...informationRoutes,
    ...userStationRoutes,
    ...paramRoutes,
    ...materialsRoutes,
    ...bomRoutes,
    ...bomImportRoutes,
    ...partnerRoutes,
    ...equipmentClassRoutes,
    ...warehouseRoutes,
    ...processFlowRoutes,
  ],
  seedTenant: (tx) => seedStockTypes(tx),
  references: [
    { target: organizationEntity, column: areas.organizationId, label: '产线' },
    {
      target: userEntity,
      column: warehouses.keeperId,
      label: '仓库',
      names: warehouses.name,
      message: (name, named) => `“${name}”是${named}的仓管员，请先在仓库中更换仓管员`,
    },
  ],
};

export { saveBomLines } from './bomRoutes.ts';
export { equipmentClass } from './equipmentClassRoutes.ts';
export { material, materialsAttribute, materialsClass, unit } from './materialsRoutes.ts';
export { generatePackageCodes, scrapReason } from './paramRoutes.ts';
export { customer, customerSite, serviceCustomer, supplier } from './partnerRoutes.ts';
export {
  addVersion,
  processFlow,
  processFlowClass,
  saveFlowMaterials,
  saveSteps,
  setMainVersion,
  stepsOf,
} from './processFlowRoutes.ts';
export { area, procedure, station } from './routes.ts';
export * from './schema.ts';
export { setUserStations } from './userStationRoutes.ts';
export {
  outsourcingWarehouse,
  packageInfo,
  sitWarehouse,
  stockType,
  tray,
  warehouse,
  warehouseArea,
  warehouseLocation,
} from './warehouseRoutes.ts';
