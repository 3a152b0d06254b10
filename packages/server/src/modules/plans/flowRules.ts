import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError } from '../../platform/errors.ts';
import {
  areas,
  bomItems,
  materials,
  procedures,
  processFlowMaterials,
  processFlowStepAreas,
  processFlowSteps,
  processFlows,
  processFlowVersions,
} from '../information/index.ts';

/** A version of a product's flow as a plan takes it. */
export interface PlanFlow {
  flowId: number;
  flowVersionId: number;
}

/**
 * The flow version a plan of this product runs: the one asked for (it must be a version of an
 * enabled flow of the product), else the main version of the product's enabled flow.
 */
export async function planFlowOf(tx: Tx, materialId: number, versionId?: number | null): Promise<PlanFlow> {
  const [found] = await tx
    .select({ flowId: processFlows.id, flowVersionId: processFlowVersions.id })
    .from(processFlowVersions)
    .innerJoin(processFlows, eq(processFlows.id, processFlowVersions.flowId))
    .where(
      and(
        eq(processFlows.materialId, materialId),
        eq(processFlows.enabled, true),
        versionId ? eq(processFlowVersions.id, versionId) : eq(processFlowVersions.isMain, true),
      ),
    )
    .orderBy(asc(processFlows.id))
    .limit(1);
  if (found) return found;
  if (versionId) throw fieldError('flowVersionId', '所选工艺版本不属于该产品的启用工艺路线');
  throw conflict('该产品没有启用的工艺路线主版本，请先在工艺路线中维护');
}

/**
 * The lines a version allows (the flow's areaList, docs/production.md): every line any of its
 * steps names — a transformer's steps run in several workshops, and its plan is booked on one of
 * them. A version whose steps name no line allows every line; one with no step allows nothing.
 */
export async function allowedLines(tx: Tx, versionId: number): Promise<Set<number>> {
  const steps = await tx
    .select({ id: processFlowSteps.id })
    .from(processFlowSteps)
    .where(eq(processFlowSteps.versionId, versionId));
  if (!steps.length) return new Set();
  const named = await tx
    .selectDistinct({ areaId: processFlowStepAreas.areaId })
    .from(processFlowStepAreas)
    .innerJoin(processFlowSteps, eq(processFlowSteps.id, processFlowStepAreas.stepId))
    .where(eq(processFlowSteps.versionId, versionId));
  const ids = named.length ? named : await tx.select({ areaId: areas.id }).from(areas);
  return new Set(ids.map((a) => a.areaId));
}

/** Refuses a line the version does not allow, in the Gantt's words (spec 000 §4). */
export async function checkLine(tx: Tx, versionId: number, areaId: number): Promise<void> {
  const lines = await allowedLines(tx, versionId);
  if (!lines.size) throw conflict('该工艺版本没有工序，不能安排生产');
  if (!lines.has(areaId)) throw fieldError('areaId', '该工艺没有此产线');
}

/** A step's standard minutes a unit: its own, else its procedure's. */
const stepMinutes = sql<
  string | null
>`coalesce(${processFlowSteps.standardMinutes}, ${procedures.standardMinutes})`;

/** Minutes one unit takes through every step of the version (Σ standard minutes). */
export async function minutesPerUnit(tx: Tx, versionId: number): Promise<number> {
  const [row] = await tx
    .select({ m: sql<string | null>`sum(${stepMinutes})` })
    .from(processFlowSteps)
    .innerJoin(procedures, eq(procedures.id, processFlowSteps.procedureId))
    .where(eq(processFlowSteps.versionId, versionId));
  return Number(row?.m ?? 0);
}

/** A material line of a plan before it is written. */
export interface MaterialNeed {
  materialId: number;
  procedureId: number | null;
  requiredQuantity: string;
}

/**
 * A plan's materials (docs/production.md): the version's BOM list view when it has lines (it
 * says at which step each is consumed), else the product's first BOM level with its loss rate;
 * each × the plan quantity, rounded up to 6 decimals.
 */
export async function explodeMaterials(
  tx: Tx,
  versionId: number,
  productId: number,
  quantity: string | number,
): Promise<MaterialNeed[]> {
  const q = sql`${String(quantity)}::numeric`;
  const viewed = await tx
    .select({
      materialId: processFlowMaterials.materialId,
      procedureId: processFlowSteps.procedureId,
      requiredQuantity: sql<string>`ceil(${processFlowMaterials.quantity} * ${q} * 1000000) / 1000000`,
    })
    .from(processFlowMaterials)
    .leftJoin(processFlowSteps, eq(processFlowSteps.id, processFlowMaterials.stepId))
    .where(eq(processFlowMaterials.versionId, versionId))
    .orderBy(asc(processFlowMaterials.id));
  if (viewed.length) return viewed.map((v) => ({ ...v, procedureId: v.procedureId ?? null }));
  const lines = await tx
    .select({
      materialId: bomItems.childId,
      requiredQuantity: sql<string>`ceil(${bomItems.quantity} * (100 + ${bomItems.lossRate}) / 100 * ${q} * 1000000) / 1000000`,
    })
    .from(bomItems)
    .innerJoin(materials, eq(materials.id, bomItems.childId))
    .where(and(eq(bomItems.parentId, productId), eq(materials.isVirtual, false)))
    .orderBy(asc(bomItems.sort), asc(bomItems.id));
  return lines.map((l) => ({ ...l, procedureId: null }));
}

/** The steps of a version in order, for the tasks a release makes. */
export function versionSteps(tx: Tx, versionId: number) {
  return tx
    .select({
      id: processFlowSteps.id,
      seq: processFlowSteps.seq,
      procedureId: processFlowSteps.procedureId,
      processType: processFlowSteps.processType,
      standardMinutes: stepMinutes,
    })
    .from(processFlowSteps)
    .innerJoin(procedures, eq(procedures.id, processFlowSteps.procedureId))
    .where(eq(processFlowSteps.versionId, versionId))
    .orderBy(asc(processFlowSteps.seq));
}
