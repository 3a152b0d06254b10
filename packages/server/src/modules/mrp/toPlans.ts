import { type MrpToPlansBody, mrpApi } from '@factory/shared/api/mrp';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { Tx } from '../../platform/db.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/machine.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { materials } from '../information/index.ts';
import { allowedLines, planFlowOf, producePlans, quickOrder } from '../plans/index.ts';
import { mrpRunLines, mrpRuns } from './schema.ts';

/**
 * A run's make suggestions become material-requirements plans (plan type 1, docs/mrp.md): each an
 * order confirmed at once and its plan for the whole quantity, from the suggestion's release day to
 * its due day, on the first line the product's main flow allows. Only the latest
 * run's suggestions: an older run's were computed on what has changed since. All or nothing.
 */
export async function suggestionsToPlans(
  tx: Tx,
  actor: Exclude<Actor, 'system'>,
  { id, lineIds }: Static<typeof MrpToPlansBody>,
) {
  const [run] = await tx
    .select({ id: mrpRuns.id, code: mrpRuns.code })
    .from(mrpRuns)
    .where(eq(mrpRuns.id, id));
  if (!run) throw notFound('MRP运算记录');
  const [latest] = await tx
    .select({ id: mrpRuns.id })
    .from(mrpRuns)
    .where(eq(mrpRuns.status, 1))
    .orderBy(desc(mrpRuns.id))
    .limit(1);
  if (latest?.id !== run.id)
    throw conflict(`运算“${run.code}”不是最近一次成功的MRP运算，其建议已过时，请按最近一次运算生成计划`);
  const lines = await tx
    .select({
      id: mrpRunLines.id,
      materialsId: mrpRunLines.materialsId,
      name: materials.name,
      procurementType: mrpRunLines.procurementType,
      quantity: mrpRunLines.quantity,
      dueDate: mrpRunLines.dueDate,
      releaseDate: mrpRunLines.releaseDate,
      pegs: mrpRunLines.pegs,
      planCode: producePlans.code,
    })
    .from(mrpRunLines)
    .innerJoin(materials, eq(materials.id, mrpRunLines.materialsId))
    .leftJoin(producePlans, eq(producePlans.id, mrpRunLines.planId))
    .where(and(eq(mrpRunLines.runId, run.id), inArray(mrpRunLines.id, lineIds)));
  if (lines.length !== lineIds.length) throw notFound('自制建议');
  const made = [];
  // in the order asked, so the plans' numbers follow the planner's selection
  for (const lineId of lineIds) {
    const line = lines.find((l) => l.id === lineId) as (typeof lines)[number];
    if (line.procurementType !== 0)
      throw conflict(`“${line.name}”不是自制件，由请购单采购，不能生成生产计划`);
    if (line.planCode) throw conflict(`“${line.name}”的建议已生成生产计划 ${line.planCode}`);
    const flow = await planFlowOf(tx, line.materialsId).catch((e: unknown) => {
      throw e instanceof AppError ? conflict(`“${line.name}”没有启用的工艺路线主版本，不能生成生产计划`) : e;
    });
    const areaId = Math.min(...(await allowedLines(tx, flow.flowVersionId)));
    if (!Number.isFinite(areaId)) throw conflict(`“${line.name}”的工艺路线没有工序，不能生成生产计划`);
    // the demand it serves first names the order it is for; safety stock or a lot's rest names none
    const demand = line.pegs.find((g) => g.demand)?.demand;
    const due = `${line.dueDate} 17:00:00`;
    const plan = await quickOrder(tx, actor, {
      materialsId: line.materialsId,
      quantity: Number(line.quantity),
      deliveryTime: due,
      source: demand ? 1 : 0,
      sourceCode: demand ?? null,
      remark: `MRP运算 ${run.code} 的自制建议`,
      areaId,
      flowVersionId: flow.flowVersionId,
      planType: 1,
      // MRP's window (its lead time), not the flow's minutes: the scheduler places it later
      planStartTime: `${line.releaseDate} 08:00:00`,
      planEndTime: due,
    });
    await tx.update(mrpRunLines).set({ planId: plan.planId }).where(eq(mrpRunLines.id, line.id));
    made.push({ lineId: line.id, planId: plan.planId, planCode: plan.planCode, orderCode: plan.orderCode });
  }
  return made;
}

export const toPlansRoutes: RouteDef[] = [
  handle(mrpApi.toPlans, { handler: ({ tx, session, body }) => suggestionsToPlans(tx, session, body) }),
];
