import { mouldApi } from '@factory/shared/api/mould';
import { fromMicro, micro } from '@factory/shared/decimal';
import { formatFactoryTime } from '@factory/shared/factoryTime';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { equipment } from '../equipment/index.ts';
import { areas, materials, procedures } from '../information/index.ts';
import {
  asNumber,
  onReport,
  produceTasks,
  produceWorkOrders,
  type ReportEvent,
  reportWorks,
} from '../plans/index.ts';
import { mouldShots, moulds } from './schema.ts';

/**
 * Shots (DOMAIN "Shots"): a report naming a mould adds (good + defect + repair) ÷ cavities to its
 * counter. The counter is always Σ quantity ÷ cavities over the mould's reports, rounded up to the
 * millionth (the columns' scale): each report (and each withdrawal) writes the difference it makes
 * to that, so roundings never add up. Cavities are fixed once a mould has shots (moulds.ts).
 * The mould must be lent to the report's line and serve its procedure and the work order's product
 * (when it names any); a mould
 * past its design life still counts (reports continue), it just cannot be lent again.
 */

/** quantity ÷ cavities in millionths, rounded up to the millionth (away from zero). */
export function shotsOf(quantity: bigint, cavities: number): bigint {
  const c = BigInt(cavities);
  return quantity >= 0n ? (quantity + c - 1n) / c : -((-quantity + c - 1n) / c);
}

/** Σ quantity of the mould's reports so far, in millionths (the mould is locked). */
async function countedOf(tx: Tx, mouldId: number): Promise<bigint> {
  const [row] = await tx
    .select({ q: sql<string>`coalesce(sum(${mouldShots.quantity}), 0)::text` })
    .from(mouldShots)
    .where(eq(mouldShots.mouldId, mouldId));
  return micro(row.q);
}

/** What a report of `quantity` (negative: a withdrawal) changes the counter by, after `counted`. */
const shotDelta = (counted: bigint, quantity: bigint, cavities: number) =>
  shotsOf(counted + quantity, cavities) - shotsOf(counted, cavities);

async function count(tx: Tx, e: ReportEvent) {
  const [r] = await tx
    .select({
      mouldId: reportWorks.mouldId,
      good: reportWorks.goodQuantity,
      defect: reportWorks.defectQuantity,
      repair: reportWorks.repairQuantity,
      procedureId: reportWorks.procedureId,
      procedureName: procedures.name,
      areaId: produceWorkOrders.areaId,
      areaName: areas.name,
      materialsId: produceWorkOrders.materialsId,
      materialsName: materials.name,
    })
    .from(reportWorks)
    .innerJoin(produceWorkOrders, eq(produceWorkOrders.id, reportWorks.workOrderId))
    .innerJoin(procedures, eq(procedures.id, reportWorks.procedureId))
    .leftJoin(areas, eq(areas.id, produceWorkOrders.areaId))
    .innerJoin(materials, eq(materials.id, produceWorkOrders.materialsId))
    .where(eq(reportWorks.id, e.reportId));
  if (r?.mouldId == null) return;
  const [m] = await tx.select().from(moulds).where(eq(moulds.id, r.mouldId)).for('update');
  if (!m) throw fieldError('mouldId', '所选模具不存在或已被删除');
  if (m.status !== 2 || m.currentAreaId === null || m.currentAreaId !== r.areaId)
    throw fieldError(
      'mouldId',
      `模具“${m.code}”未借用到产线“${r.areaName ?? ''}”，不能用于报工，请先办理模具借用`,
    );
  if (m.procedureIds.length && !m.procedureIds.includes(r.procedureId))
    throw fieldError('mouldId', `模具“${m.code}”不适用工序“${r.procedureName}”，不能用于报工`);
  if (m.materialsIds.length && !m.materialsIds.includes(r.materialsId))
    throw fieldError('mouldId', `模具“${m.code}”不适用产品“${r.materialsName}”，不能用于报工`);
  const quantity = micro(r.good) + micro(r.defect) + micro(r.repair);
  const shots = shotDelta(await countedOf(tx, m.id), quantity, m.cavities);
  await tx.insert(mouldShots).values({
    mouldId: m.id,
    reportId: e.reportId,
    workOrderId: e.workOrderId,
    areaId: r.areaId,
    quantity: fromMicro(quantity),
    shots: fromMicro(shots),
    createdAt: nowOf(tx),
  });
  await tx
    .update(moulds)
    .set({ usedShots: sql`${moulds.usedShots} + ${fromMicro(shots)}::numeric` })
    .where(eq(moulds.id, m.id));
}

/** A withdrawn report takes back exactly the shots it added, whatever the mould's state now. */
async function countBack(tx: Tx, e: ReportEvent) {
  if (!e.reversalOf) return;
  const [orig] = await tx.select().from(mouldShots).where(eq(mouldShots.reportId, e.reversalOf.id));
  if (!orig) return;
  const [m] = await tx
    .select({ cavities: moulds.cavities })
    .from(moulds)
    .where(eq(moulds.id, orig.mouldId))
    .for('update');
  const quantity = -micro(orig.quantity);
  const shots = shotDelta(await countedOf(tx, orig.mouldId), quantity, m.cavities);
  await tx.insert(mouldShots).values({
    mouldId: orig.mouldId,
    reportId: e.reportId,
    workOrderId: e.workOrderId,
    areaId: orig.areaId,
    quantity: fromMicro(quantity),
    shots: fromMicro(shots),
    createdAt: nowOf(tx),
  });
  await tx
    .update(moulds)
    .set({ usedShots: sql`${moulds.usedShots} + ${fromMicro(shots)}::numeric` })
    .where(eq(moulds.id, orig.mouldId));
}

onReport('reported', 'mould.shots', count);
onReport('reversed', 'mould.shots', countBack);

const shotRows = (tx: Tx, mouldId: number) =>
  tx
    .select({
      id: mouldShots.id,
      reportId: mouldShots.reportId,
      reportCode: reportWorks.code,
      workOrderCode: produceWorkOrders.code,
      areaName: areas.name,
      quantity: asNumber(mouldShots.quantity),
      shots: asNumber(mouldShots.shots),
      createdAt: mouldShots.createdAt,
    })
    .from(mouldShots)
    .innerJoin(reportWorks, eq(reportWorks.id, mouldShots.reportId))
    .innerJoin(produceWorkOrders, eq(produceWorkOrders.id, mouldShots.workOrderId))
    .leftJoin(areas, eq(areas.id, mouldShots.areaId))
    .where(eq(mouldShots.mouldId, mouldId))
    .orderBy(desc(mouldShots.id))
    .limit(500);

export const shotRoutes: RouteDef[] = [
  handle(mouldApi.shots, {
    handler: async ({ tx, query }) => {
      const [m] = await tx.select({ id: moulds.id }).from(moulds).where(eq(moulds.id, query.id));
      if (!m) throw notFound('模具');
      const rows = await shotRows(tx, query.id);
      return rows.map((r) => ({ ...r, createdAt: formatFactoryTime(r.createdAt) }));
    },
  }),
  handle(mouldApi.onLine, {
    handler: async ({ tx, query }) => {
      const [task] = await tx
        .select({
          procedureId: produceTasks.procedureId,
          areaId: produceWorkOrders.areaId,
          materialsId: produceWorkOrders.materialsId,
        })
        .from(produceTasks)
        .innerJoin(produceWorkOrders, eq(produceWorkOrders.id, produceTasks.workOrderId))
        .where(eq(produceTasks.id, query.taskId));
      if (!task) throw notFound('工序任务');
      if (task.areaId === null) return [];
      return tx
        .select({
          id: moulds.id,
          code: moulds.code,
          name: moulds.name,
          cavities: moulds.cavities,
          usedShots: asNumber(sql`ceil(${moulds.usedShots})`),
          designLife: moulds.designLife,
          currentEquipmentName: equipment.name,
        })
        .from(moulds)
        .leftJoin(equipment, eq(equipment.id, moulds.currentEquipmentId))
        .where(
          and(
            eq(moulds.status, 2),
            eq(moulds.currentAreaId, task.areaId),
            sql`(cardinality(${moulds.procedureIds}) = 0 or ${task.procedureId} = any(${moulds.procedureIds}))`,
            sql`(cardinality(${moulds.materialsIds}) = 0 or ${task.materialsId} = any(${moulds.materialsIds}))`,
          ),
        )
        .orderBy(asc(moulds.code));
    },
  }),
];
