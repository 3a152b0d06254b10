import { materialsEntity } from '@factory/shared/entities/materials';
import { customerEntity } from '@factory/shared/entities/partner';
import type { ModuleFace } from '../../platform/module.ts';
import { DUE_NOTICES_CRON, DUE_NOTICES_JOB, sweepDueNotices } from './notices.ts';
import { produceOrder, produceOrderActions } from './orders.ts';
import { planRoutes } from './planRoutes.ts';
import { produceOrders } from './schema.ts';
import { workOrderRoutes } from './workOrderRoutes.ts';
import { workOrderActions } from './workOrders.ts';

/**
 * Production execution (plans in the route tree): orders, plans, work orders with their tasks,
 * report work, the station terminal, piece rate. Every status change goes through the machines
 * of `shared/src/machines/plans.ts` and leaves its audit trail.
 */
export const plans: ModuleFace = {
  name: 'plans',
  routes: [
    ...produceOrder.routes,
    ...produceOrderActions.routes,
    ...planRoutes,
    ...workOrderActions.routes,
    ...workOrderRoutes,
  ],
  async start(_app, services) {
    await services.jobs.schedule(DUE_NOTICES_JOB, DUE_NOTICES_CRON, () => sweepDueNotices(services));
    return undefined;
  },
  references: [
    {
      target: materialsEntity,
      column: produceOrders.materialsId,
      label: '生产订单',
      names: produceOrders.code,
    },
    {
      target: customerEntity,
      column: produceOrders.customerId,
      label: '生产订单',
      names: produceOrders.code,
    },
  ],
};

export { asNumber, productColumns } from './common.ts';
export { createWorkOrder } from './making.ts';
export { produceOrder, produceOrderActions, refreshOrderPlanning, syncOrder } from './orders.ts';
export { onPlan, type PlanEvent, producePlan, producePlanActions, syncPlan } from './plans.ts';
export { onReport, type ReportEvent, report as reportWork, reverse as reverseReport } from './reports.ts';
export * from './schema.ts';
export { noteIssued, notePreparation, noteStocked, type Stockable, stockableWorkOrders } from './stocking.ts';
export { workOrderActions } from './workOrders.ts';
