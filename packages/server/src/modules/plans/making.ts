import { eq, inArray, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import { takeCodes } from '../../platform/numbering.ts';
import { processFlowStepAreas, processFlowStepStations, stations } from '../information/index.ts';
import { versionSteps } from './flowRules.ts';
import { taskTimesFromPlans } from './scheduling/run.ts';
import { produceTaskStations, produceTasks, produceWorkOrders } from './schema.ts';

/** What a new work order is made of: a released plan's facts, or a rework's. */
export interface NewWorkOrder {
  planId: number | null;
  orderId: number;
  materialsId: number;
  areaId: number;
  flowVersionId: number;
  quantity: string;
  priority: number;
  workType?: number;
  originWorkOrderId?: number | null;
  planStartTime?: Date | null;
  planEndTime?: Date | null;
  /** The code to use (a split's suffix); else the next number of the rule. */
  code?: string;
}

/** A task's code: its work order's number and its step (WO20261124001-02). */
export const taskCode = (workOrderCode: string, seq: number) =>
  `${workOrderCode}-${String(seq).padStart(2, '0')}`;

/**
 * Makes a work order and one task per step of its flow version, a snapshot taken now (a later
 * edit of the flow never changes it): procedure, in-house/outsourced, standard minutes, and the
 * stations the step allows on the work order's line. Step 1 may take the whole quantity; later
 * steps take what the step before passes.
 */
export async function createWorkOrder(tx: Tx, w: NewWorkOrder): Promise<{ id: number; code: string }> {
  const code = w.code ?? (await takeCodes(tx, 'produceWorkOrder'))[0];
  const [wo] = await tx
    .insert(produceWorkOrders)
    .values({
      code,
      planId: w.planId,
      orderId: w.orderId,
      materialsId: w.materialsId,
      areaId: w.areaId,
      flowVersionId: w.flowVersionId,
      workType: w.workType ?? 0,
      originWorkOrderId: w.originWorkOrderId ?? null,
      quantity: w.quantity,
      priority: w.priority,
      planStartTime: w.planStartTime ?? null,
      planEndTime: w.planEndTime ?? null,
      createdAt: nowOf(tx),
      updatedAt: nowOf(tx),
    })
    .returning({ id: produceWorkOrders.id, code: produceWorkOrders.code });
  const steps = await versionSteps(tx, w.flowVersionId);
  if (!steps.length) return wo;
  const tasks = await tx
    .insert(produceTasks)
    .values(
      steps.map((s, i) => ({
        workOrderId: wo.id,
        code: taskCode(code, s.seq),
        seq: s.seq,
        procedureId: s.procedureId,
        processType: s.processType,
        standardMinutes: s.standardMinutes,
        inQuantity: i === 0 ? w.quantity : '0',
      })),
    )
    .returning({ id: produceTasks.id, seq: produceTasks.seq });
  await snapshotStations(tx, w.areaId, steps, tasks);
  if (w.planId) await taskTimesFromPlans(tx, [w.planId]);
  return wo;
}

/**
 * The stations each task may run at: its step's stations on the work order's line when the step
 * runs on that line, else all its step's stations (a transformer's coils are wound in the winding
 * workshop whatever line its plan is booked on).
 */
export async function snapshotStations(
  tx: Tx,
  areaId: number,
  steps: readonly { id: number; seq: number }[],
  tasks: readonly { id: number; seq: number }[],
): Promise<void> {
  if (!steps.length) return;
  const allowed = await tx
    .select({
      stepId: processFlowStepStations.stepId,
      stationId: processFlowStepStations.stationId,
      onLine: sql<boolean>`${stations.areaId} = ${areaId}`,
      stepOnLine: sql<boolean>`exists (select 1 from ${processFlowStepAreas} a where a.step_id = ${processFlowStepStations.stepId} and a.area_id = ${areaId})`,
    })
    .from(processFlowStepStations)
    .innerJoin(stations, eq(stations.id, processFlowStepStations.stationId))
    .where(
      inArray(
        processFlowStepStations.stepId,
        steps.map((s) => s.id),
      ),
    );
  const stepOfSeq = new Map(steps.map((s) => [s.seq, s.id]));
  const rows = tasks.flatMap((t) =>
    allowed
      .filter((a) => a.stepId === stepOfSeq.get(t.seq) && (a.onLine || !a.stepOnLine))
      .map((a) => ({ taskId: t.id, stationId: a.stationId })),
  );
  if (rows.length) await tx.insert(produceTaskStations).values(rows);
}

/** A quantity as users read it: at most 6 decimals, no trailing zeros. */
