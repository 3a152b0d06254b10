import { equipmentClassEntity, equipmentEntity } from '@factory/shared/entities/equipment';
import { areaEntity, stationEntity } from '@factory/shared/entities/information';
import { materialsEntity } from '@factory/shared/entities/materials';
import { warehouseEntity } from '@factory/shared/entities/warehouse';
import type { ModuleFace } from '../../platform/module.ts';
import { checkItem } from './checkItems.ts';
import { equipmentParam } from './params.ts';
import { inspectionPlan, maintenancePlan } from './plans.ts';
import { readingRoutes } from './readings.ts';
import { startReadingFeed } from './readingsMqtt.ts';
import { repairRoutes } from './repairs.ts';
import { equipmentRoutes } from './routes.ts';
import { runStateRoutes } from './runStates.ts';
import {
  equipment,
  equipmentParamStates,
  equipmentParams,
  equipmentRepairs,
  partApplicationLines,
  partApplications,
  spareParts,
  sparePartUsages,
} from './schema.ts';
import { sparePartStockRoutes } from './sparePartStock.ts';
import { sparePartRoutes } from './spareParts.ts';
import { scheduleCheckTasks } from './taskJobs.ts';
import { checkItems, checkTasks } from './taskSchema.ts';
import { taskRoutes } from './tasks.ts';

/**
 * Equipment (DOMAIN "Equipment maintenance"): the register and My equipment, fault reports and
 * repair orders with the spare parts they use (docs/equipment-repair.md), the spare-part account and
 * applications (docs/spare-parts.md).
 */
export const equipmentModule: ModuleFace = {
  name: 'equipment',
  routes: [
    ...equipmentRoutes,
    ...repairRoutes,
    ...equipmentParam.routes,
    ...readingRoutes,
    ...runStateRoutes,
    ...checkItem.routes,
    ...inspectionPlan.routes,
    ...maintenancePlan.routes,
    ...taskRoutes,
    ...sparePartRoutes,
    ...sparePartStockRoutes,
  ],
  // the check task sweep (docs/equipment-tasks.md), then the readings' MQTT feed
  async start(app, services) {
    await scheduleCheckTasks(services);
    return startReadingFeed(app, services);
  },
  references: [
    { target: equipmentEntity, column: checkTasks.equipmentId, label: '点巡检工单', names: checkTasks.code },
    { target: equipmentClassEntity, column: checkItems.classId, label: '点巡检项目', names: checkItems.code },
    {
      target: equipmentClassEntity,
      column: equipmentParams.classId,
      label: '设备参数',
      names: equipmentParams.name,
    },
    { target: equipmentEntity, column: equipmentParamStates.equipmentId, label: '设备参数读数' },
    { target: equipmentClassEntity, column: equipment.classId, label: '设备', names: equipment.name },
    { target: areaEntity, column: equipment.areaId, label: '设备', names: equipment.name },
    { target: stationEntity, column: equipment.stationId, label: '设备', names: equipment.name },
    {
      target: equipmentEntity,
      column: equipmentRepairs.equipmentId,
      label: '维修工单',
      names: equipmentRepairs.code,
    },
    { target: materialsEntity, column: sparePartUsages.materialsId, label: '备件使用记录' },
    { target: warehouseEntity, column: sparePartUsages.warehouseId, label: '备件使用记录' },
    { target: materialsEntity, column: spareParts.materialsId, label: '备件台账' },
    { target: equipmentClassEntity, column: spareParts.equipmentClassId, label: '备件台账' },
    { target: materialsEntity, column: partApplicationLines.materialsId, label: '备件申请' },
    { target: warehouseEntity, column: partApplicationLines.warehouseId, label: '备件申请' },
    {
      target: equipmentEntity,
      column: partApplications.equipmentId,
      label: '备件申请',
      names: partApplications.code,
    },
  ],
};

// check items, plans and their tasks (docs/equipment-tasks.md)
export { checkItem } from './checkItems.ts';
export { equipmentParam } from './params.ts';
export { inspectionPlan, maintenancePlan } from './plans.ts';
export { deviceParameterTrend, ingestReadings } from './readings.ts';
export { FLUSH_VALUES, startTelemetryFeed } from './readingsMqtt.ts';
export {
  dispatchRepair,
  equipmentRepair,
  equipmentRepairActions,
  type FaultReport,
  faultReason,
  fileFaultReport,
  followMachine,
} from './repairs.ts';
export { addUserEquipment, equipmentCrud } from './routes.ts';
export { ingestStates, setRunHours } from './runStates.ts';
export * from './schema.ts';
export { partApply, partApplyActions, sparePart } from './spareParts.ts';
export { generateTasks, noticeOverdue } from './taskJobs.ts';
export { taskServices } from './tasks.ts';
