import { type PlanMeterRow, planMeterApi } from '@factory/shared/api/equipmentTask';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { inspectionPlanEntity, maintenancePlanEntity } from '@factory/shared/entities/equipmentTask';
import { checkKind } from '@factory/shared/enums';
import { taskMachines } from '@factory/shared/machines/equipmentTask';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { nowOf } from '../../platform/clock.ts';
import { type CrudOptions, crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { writeTrail } from '../../platform/machine.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { users } from '../setting/index.ts';
import { runStateColumns } from './runStates.ts';
import { equipment } from './schema.ts';
import { checkItems, checkPlanMeters, checkPlans, checkTasks } from './taskSchema.ts';

/** Names of an id array column of check_plan, in the array's order, joined by 、. */
const namesOf = (column: PgColumn, table: string, name: string) =>
  sql<string>`coalesce((select string_agg(x.${sql.raw(name)}, '、' order by k.n)
    from unnest(${qualified(column)}) with ordinality k(id, n) join ${sql.raw(table)} x on x.id = k.id), '')`;

/** The ids asked, once each, all existing in the tenant (items also of the plan's kind). */
async function checkIds(
  tx: Tx,
  asked: unknown,
  field: string,
  label: string,
  table: typeof equipment | typeof checkItems | typeof users,
): Promise<number[] | undefined> {
  if (asked === undefined || asked === null) return undefined;
  const ids = [...new Set(asked as number[])];
  if (!ids.length) return ids;
  const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  if (found.length !== ids.length) throw fieldError(field, `所选${label}不存在或已被删除`);
  return ids;
}

/**
 * A plan's rules beyond the declared ones: its kind on its list, equipment and items chosen (items
 * of the plan's kind), the interval of 每N天 and of 按运行小时, the end not before the start.
 */
async function checkPlan(
  tx: Tx,
  asked: Record<string, unknown>,
  id: number | null,
  body: Record<string, unknown>,
) {
  let values = asked;
  if (id !== null) {
    const [stored] = await tx.select().from(checkPlans).where(eq(checkPlans.id, id));
    values = { ...stored, ...Object.fromEntries(Object.entries(asked).filter(([, v]) => v !== undefined)) };
    values.equipmentIds = body.equipmentIds ?? stored?.equipmentIds;
    values.itemIds = body.itemIds ?? stored?.itemIds;
  } else {
    values = { ...values, equipmentIds: body.equipmentIds, itemIds: body.itemIds };
  }
  const kind = Number(values.kind);
  const equipmentIds = await checkIds(tx, values.equipmentIds, 'equipmentIds', '设备', equipment);
  if (!equipmentIds?.length) throw fieldError('equipmentIds', '请选择设备');
  const itemIds = await checkIds(tx, values.itemIds, 'itemIds', '检查项目', checkItems);
  if (!itemIds?.length) throw fieldError('itemIds', '请选择检查项目');
  const others = await tx
    .select({ name: checkItems.name, kind: checkItems.kind })
    .from(checkItems)
    .where(and(inArray(checkItems.id, itemIds), sql`${checkItems.kind} <> ${kind}`))
    .limit(1);
  if (others.length)
    throw fieldError(
      'itemIds',
      `检查项目“${others[0].name}”是${checkKind.label(others[0].kind)}项目，不能用于${checkKind.label(kind)}计划`,
    );
  await checkIds(tx, body.assigneeIds, 'assigneeIds', '执行人', users);
  if (Number(values.frequency) === 4 && !values.intervalDays)
    throw fieldError('intervalDays', '频次为“每N天”时请填写间隔天数');
  if (Number(values.frequency) === 5 && !values.intervalHours)
    throw fieldError('intervalHours', '频次为“按运行小时”时请填写间隔运行小时');
  if (values.endDate && String(values.endDate) < String(values.startDate))
    throw fieldError('endDate', '结束日期不能早于开始日期');
}

/** The id lists a save carries, written after the row (add, copy, modify). */
async function saveIds(
  tx: Tx,
  id: number,
  body: Record<string, unknown>,
  isNew: boolean,
  actorId: number | null,
) {
  const set: Partial<typeof checkPlans.$inferInsert> = {};
  for (const key of ['equipmentIds', 'itemIds', 'assigneeIds'] as const)
    if (Array.isArray(body[key])) set[key] = [...new Set(body[key] as number[])];
  if (isNew) set.createdBy = actorId;
  if (Object.keys(set).length) await tx.update(checkPlans).set(set).where(eq(checkPlans.id, id));
  // a run-hour plan edited counts again from each machine's next multiple of its (new) interval
  if (!isNew) await tx.delete(checkPlanMeters).where(eq(checkPlanMeters.planId, id));
}

/**
 * Voids the plan's tasks not yet started (DOMAIN: a disabled plan's tasks are void), each with its
 * trail row, as the system. Answers how many.
 */
export async function voidPendingTasks(tx: Tx, planId: number, reason: string): Promise<number> {
  const voided = await tx
    .update(checkTasks)
    .set({ status: 4, reason, version: sql`${checkTasks.version} + 1`, updatedAt: nowOf(tx) })
    .where(and(eq(checkTasks.planId, planId), eq(checkTasks.status, 1)))
    .returning({ id: checkTasks.id, kind: checkTasks.kind });
  for (const t of voided)
    await writeTrail(tx, null, taskMachines[t.kind].name, t.id, 'void', {
      from: { status: 1 },
      to: { status: 4 },
      reason,
    });
  return voided.length;
}

const planOptions = (entity: CrudOptions['entity'], kinds: number[]): CrudOptions => ({
  entity,
  table: checkPlans,
  scope:
    kinds.length === 1
      ? { where: eq(checkPlans.kind, kinds[0]), values: { kind: kinds[0] } }
      : { where: inArray(checkPlans.kind, kinds), values: {} },
  columns: {
    equipmentIds: checkPlans.equipmentIds,
    itemIds: checkPlans.itemIds,
    assigneeIds: checkPlans.assigneeIds,
    equipmentNames: namesOf(checkPlans.equipmentIds, 'equipment', 'name'),
    itemNames: namesOf(checkPlans.itemIds, 'check_item', 'name'),
    assigneeNames: namesOf(checkPlans.assigneeIds, 'users', 'name'),
  },
  usedBy: [{ column: checkTasks.planId, label: '点巡检工单' }],
  hooks: {
    async validate(tx, values, id, body) {
      if (kinds.length > 1 && values.kind !== undefined && !kinds.includes(Number(values.kind)))
        throw fieldError('kind', '保养计划请在“保养计划”中新增');
      await checkPlan(tx, kinds.length === 1 ? { ...values, kind: kinds[0] } : values, id, body);
    },
    saved: saveIds,
  },
});

/** A plan's machines with their run-hour counters and the reading each one's next task is due at. */
async function planMeterRows(tx: Tx, planId: number, kinds: number[]): Promise<PlanMeterRow[]> {
  const [plan] = await tx
    .select({ equipmentIds: checkPlans.equipmentIds })
    .from(checkPlans)
    .where(and(eq(checkPlans.id, planId), inArray(checkPlans.kind, kinds)));
  if (!plan) throw notFound('计划');
  if (!plan.equipmentIds.length) return [];
  return tx
    .select({
      equipmentId: equipment.id,
      equipmentCode: equipment.code,
      equipmentName: equipment.name,
      runHours: runStateColumns.runHours,
      nextHours: checkPlanMeters.nextHours,
    })
    .from(equipment)
    .leftJoin(
      checkPlanMeters,
      and(eq(checkPlanMeters.planId, planId), eq(checkPlanMeters.equipmentId, equipment.id)),
    )
    .where(inArray(equipment.id, plan.equipmentIds))
    .orderBy(equipment.code);
}

/**
 * The plan calls of one list; its 停用 also voids the plan's tasks not yet started (those under
 * way are finished or voided by hand).
 */
function planCalls(
  entity: typeof inspectionPlanEntity | typeof maintenancePlanEntity,
  kinds: number[],
  meters: (typeof planMeterApi)[keyof typeof planMeterApi],
) {
  const calls = crud(planOptions(entity, kinds));
  const disable = entityEndpoints(entity).disable;
  if (!disable) throw new Error(`${entity.name}: no disable call`);
  const routes: RouteDef[] = [
    ...calls.routes.filter((r) => r.endpoint !== disable),
    handle(disable, {
      handler: async ({ tx, session, query }) => {
        await calls.setEnabled(tx, session.userId, query.id, false);
        await voidPendingTasks(tx, query.id, '计划已停用');
        return true;
      },
    }),
    handle(meters, { handler: ({ tx, query }) => planMeterRows(tx, query.id, kinds) }),
  ];
  return { ...calls, routes };
}

/** 点巡检计划 (inspection-plan, kinds 0 and 1). */
export const inspectionPlan = planCalls(inspectionPlanEntity, [0, 1], planMeterApi.inspection);
/** 保养计划 (maintenance-plan, kind 2). */
export const maintenancePlan = planCalls(maintenancePlanEntity, [2], planMeterApi.maintenance);
