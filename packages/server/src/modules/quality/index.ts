import { procedureEntity } from '@factory/shared/entities/information';
import { materialsClassEntity, materialsEntity } from '@factory/shared/entities/materials';
import { supplierEntity } from '@factory/shared/entities/partner';
import { qualityInspectionPlanEntity } from '@factory/shared/entities/quality';
import type { ModuleFace } from '../../platform/module.ts';
import { defectItem, inspectionItem } from './items.ts';
import { nonconformingRoutes } from './nonconforming.ts';
import { inspectionOrderRoutes } from './orders.ts';
import { copyPlanRoute, qualityInspectionPlan } from './plans.ts';
import { recordRoutes } from './records.ts';
import { inspectionOrders, inspectionPlans } from './schema.ts';
import { spcChartRoute } from './spc.ts';
import './triggers.ts';

/**
 * Quality (DOMAIN "Quality and tracing"): the configuration — inspection items, defect items and
 * inspection plans with their item lines — and the inspection orders the events raise, with the
 * holds their verdicts keep (docs/quality.md).
 */
export const qualityModule: ModuleFace = {
  name: 'quality',
  routes: [
    ...inspectionItem.routes,
    ...defectItem.routes,
    ...qualityInspectionPlan.routes,
    copyPlanRoute,
    ...inspectionOrderRoutes,
    spcChartRoute,
    ...nonconformingRoutes,
    ...recordRoutes,
  ],
  references: [
    {
      target: materialsEntity,
      column: inspectionOrders.materialsId,
      label: '质检单',
      names: inspectionOrders.code,
    },
    {
      target: qualityInspectionPlanEntity,
      column: inspectionOrders.planId,
      label: '质检单',
      names: inspectionOrders.code,
    },
    {
      target: materialsEntity,
      column: inspectionPlans.materialsIds,
      label: '质检方案',
      names: inspectionPlans.name,
    },
    {
      target: materialsClassEntity,
      column: inspectionPlans.materialClassIds,
      label: '质检方案',
      names: inspectionPlans.name,
    },
    {
      target: procedureEntity,
      column: inspectionPlans.procedureIds,
      label: '质检方案',
      names: inspectionPlans.name,
    },
    {
      target: supplierEntity,
      column: inspectionPlans.supplierIds,
      label: '质检方案',
      names: inspectionPlans.name,
    },
  ],
};

export { defectItem, inspectionItem } from './items.ts';
export { nonconformingActions } from './nonconforming.ts';
export { inspectionOrderActions, type RaiseInput, raiseInspection } from './orders.ts';
export { copyPlan, type PlanQuery, planFor, qualityInspectionPlan } from './plans.ts';
export * from './schema.ts';
