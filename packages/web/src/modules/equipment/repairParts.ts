import type { equipmentFaultEntity, equipmentRepairEntity } from '@factory/shared/entities/equipmentRepair';
import type { RowOf } from '@factory/shared/entities/schema';
import { ADMIN_USER_NAME } from '@factory/shared/permissions';
import { routeHref } from '@factory/shared/routes';

export type EquipmentFault = RowOf<typeof equipmentFaultEntity>;
export type EquipmentRepair = RowOf<typeof equipmentRepairEntity>;

export const REPAIR_LIST_HREF = routeHref('equipmentRepairList');
export const FAULT_LIST_HREF = routeHref('equipmentFaultList');
export const repairHref = (r: Pick<EquipmentRepair, 'id'>) =>
  routeHref('equipmentRepairDetail', { id: r.id });
export const faultHref = (r: Pick<EquipmentFault, 'id'>) => routeHref('equipmentFaultDetail', { id: r.id });

/**
 * A fault report is edited and withdrawn only while nobody has acted on it — waiting for audit, or
 * (the audit skipped) waiting to be taken with nobody named — as the server says (`untouched`).
 */
export const isUntouched = (r: { untouched: boolean }) => r.untouched;

/** Steps only the repairers take (an administrator may act for them), and steps they never take. */
const BY_REPAIRERS = new Set(['giveBack', 'start', 'finish']);
const NOT_BY_REPAIRERS = new Set(['verify', 'reopen']);

/**
 * Whether the signed-in user is offered a repair's step: an order named to repairers is taken by
 * one of them, the repairers start, give back and finish it, someone else verifies it (an
 * administrator may act for the repairers; the server refuses the rest in the same words).
 */
export function offeredTo(
  action: string,
  repair: Pick<EquipmentRepair, 'repairerIds' | 'dispatchedIds'>,
  user: { id: number; userName: string } | null | undefined,
): boolean {
  if (!user) return false;
  const admin = user.userName === ADMIN_USER_NAME;
  if (action === 'accept')
    return admin || !repair.dispatchedIds.length || repair.dispatchedIds.includes(user.id);
  const repairer = repair.repairerIds.includes(user.id);
  if (BY_REPAIRERS.has(action)) return repairer || admin;
  if (NOT_BY_REPAIRERS.has(action)) return !repairer;
  return true;
}
