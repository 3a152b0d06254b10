import type { pointBillEntity } from '@factory/shared/entities/equipmentTask';
import type { RowOf } from '@factory/shared/entities/schema';
import { TASK_KINDS } from '@factory/shared/machines/equipmentTask';
import { routeHref } from '@factory/shared/routes';

/** A task row as the three bill lists show it (their declarations differ only in route and calls). */
export type CheckTask = RowOf<typeof pointBillEntity>;

/** The list and a task's page of a kind (0 点检, 1 巡检, 2 保养). */
export const billListHref = (kind: number) => routeHref(TASK_KINDS[kind].route);
export const billHref = (kind: number, id: number) => routeHref(TASK_KINDS[kind].detail, { id });

/** The plan lists: spot-check and inspection plans together, upkeep plans on their own. */
export const planListHref = (kind: number) =>
  routeHref(kind === 2 ? 'maintenancePlanList' : 'inspectionPlanList');
export const planHref = (kind: number, id: number) =>
  routeHref(kind === 2 ? 'maintenancePlanDetail' : 'inspectionPlanDetail', { id });
