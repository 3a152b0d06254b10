import { equipmentEntity } from '@factory/shared/entities/equipment';
import { areaEntity, procedureEntity } from '@factory/shared/entities/information';
import { materialsEntity } from '@factory/shared/entities/materials';
import { warehouseLocationEntity } from '@factory/shared/entities/warehouse';
import type { ModuleFace } from '../../platform/module.ts';
import { mould, mouldHandle, mouldHandleActions, mouldStockRoutes } from './moulds.ts';
import { MOULD_NOTICES_CRON, MOULD_NOTICES_JOB, sweepMouldNotices } from './notices.ts';
import { mouldHandles, moulds } from './schema.ts';
import { shotRoutes } from './shots.ts';

/**
 * Moulds (DOMAIN "Moulds"): the mould master, its handling documents on a declared audit machine
 * whose passing moves the mould (stock-in, lend to a line, return, repair, scrap), the shots report
 * work puts on a mould (through the plans module's report hook) and the life notices to the
 * equipment keepers. docs/mould.md.
 */
export const mouldModule: ModuleFace = {
  name: 'mould',
  routes: [
    ...mould.routes,
    ...mouldStockRoutes,
    ...mouldHandle.routes,
    ...mouldHandleActions.routes,
    ...shotRoutes,
  ],
  async start(_app, services) {
    await services.jobs.schedule(MOULD_NOTICES_JOB, MOULD_NOTICES_CRON, () => sweepMouldNotices(services));
    return undefined;
  },
  references: [
    { target: warehouseLocationEntity, column: moulds.locationId, label: '模具', names: moulds.code },
    // the products and procedures a mould serves: a lend checks them, so they stay while it does
    { target: materialsEntity, column: moulds.materialsIds, label: '模具', names: moulds.code },
    { target: procedureEntity, column: moulds.procedureIds, label: '模具', names: moulds.code },
    { target: areaEntity, column: moulds.currentAreaId, label: '模具', names: moulds.code },
    { target: equipmentEntity, column: moulds.currentEquipmentId, label: '模具', names: moulds.code },
    { target: areaEntity, column: mouldHandles.areaId, label: '模具处理单', names: mouldHandles.code },
    {
      target: equipmentEntity,
      column: mouldHandles.equipmentId,
      label: '模具处理单',
      names: mouldHandles.code,
    },
  ],
};

export { mould, mouldHandle, mouldHandleActions } from './moulds.ts';
export { sweepMoulds } from './notices.ts';
export * from './schema.ts';
export { shotsOf } from './shots.ts';
