import { areaEntity, stationEntity } from '@factory/shared/entities/information';
import { materialsEntity } from '@factory/shared/entities/materials';
import { customerEntity } from '@factory/shared/entities/partner';
import type { ModuleFace } from '../../platform/module.ts';
import { workCalendarDays } from '../information/index.ts';
import { DUE_NOTICES_CRON, DUE_NOTICES_JOB, sweepDueNotices } from './notices.ts';
import { produceOrder, produceOrderActions } from './orders.ts';
import { planRoutes } from './planRoutes.ts';
import { workCalendar } from './scheduling/calendarDays.ts';
import { planOperations, produceOrders } from './schema.ts';
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
    ...workCalendar.routes,
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
    { target: stationEntity, column: planOperations.stationId, label: '排产计划' },
    { target: areaEntity, column: workCalendarDays.areaId, label: '工作日历' },
  ],
};

export { asNumber, productColumns } from './common.ts';
export { allowedLines, planFlowOf } from './flowRules.ts';
export { createWorkOrder } from './making.ts';
export { produceOrder, produceOrderActions, refreshOrderPlanning, syncOrder } from './orders.ts';
export { quickOrder } from './planRoutes.ts';
export { onPlan, type PlanEvent, producePlan, producePlanActions, syncPlan } from './plans.ts';
export {
  concedeAtStep,
  onReport,
  type ReportEvent,
  report as reportWork,
  reverse as reverseReport,
  reworkStep,
} from './reports.ts';
export { DAY, dayOf, minutesOfDay, WorkCalendar } from './scheduling/calendar.ts';
export { workCalendar } from './scheduling/calendarDays.ts';
export { runSchedule } from './scheduling/run.ts';
export {
  dispatchSchedule,
  eddSchedule,
  type Job,
  makespanLowerBound,
  type Schedule,
  type Station,
  schedule as scheduleJobs,
} from './scheduling/scheduler.ts';
export * from './schema.ts';
export {
  holdFinished,
  noteIssued,
  notePreparation,
  noteStocked,
  type Stockable,
  stockableWorkOrders,
  writeOffFinished,
} from './stocking.ts';
export { onWorkOrder, type WorkOrderEvent, workOrderActions } from './workOrders.ts';
