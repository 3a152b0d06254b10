import { type FlowMaterialBody, processFlowApi } from '@factory/shared/api/processFlow';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { audit } from '../../../platform/audit.ts';
import type { Tx } from '../../../platform/db.ts';
import { fieldError } from '../../../platform/errors.ts';
import { handle } from '../../../platform/route.ts';
import { bomTree } from '../bomRoutes.ts';
import {
  materials,
  procedures,
  processFlowMaterials,
  processFlowSteps,
  processFlows,
  units,
} from '../schema.ts';
import { byIds } from './common.ts';
import { lockedVersion, versionOf } from './versions.ts';

// The BOM views of a version: the list of what it consumes at which step, and the product's
// exploded BOM marked with those steps.

const flowMaterialColumns = {
  id: processFlowMaterials.id,
  materialId: processFlowMaterials.materialId,
  code: materials.code,
  name: materials.name,
  specifications: materials.specifications,
  materialType: materials.materialType,
  unitName: units.name,
  stepId: processFlowMaterials.stepId,
  stepSeq: processFlowSteps.seq,
  procedureName: procedures.name,
  quantity: sql<number>`${processFlowMaterials.quantity}`.mapWith(Number),
  remark: processFlowMaterials.remark,
};

/** The BOM list view: what the version consumes, by step (materials at no step last). */
export function flowMaterialsOf(tx: Tx, versionId: number) {
  return tx
    .select(flowMaterialColumns)
    .from(processFlowMaterials)
    .innerJoin(materials, eq(materials.id, processFlowMaterials.materialId))
    .leftJoin(units, eq(units.id, materials.mainUnitId))
    .leftJoin(processFlowSteps, eq(processFlowSteps.id, processFlowMaterials.stepId))
    .leftJoin(procedures, eq(procedures.id, processFlowSteps.procedureId))
    .where(eq(processFlowMaterials.versionId, versionId))
    .orderBy(sql`${processFlowSteps.seq} nulls last`, asc(processFlowMaterials.id));
}

/**
 * Replaces a version's BOM list view (all lines or none): every material exists once, is not
 * virtual and is not the flow's own product; a line's step belongs to the version.
 */
export async function saveFlowMaterials(
  tx: Tx,
  actorId: number | null,
  versionId: number,
  items: FlowMaterialBody[],
) {
  const { flow } = await lockedVersion(tx, versionId);
  const found = await byIds(
    items.map((i) => i.materialId),
    (ids) =>
      tx
        .select({ id: materials.id, name: materials.name, isVirtual: materials.isVirtual })
        .from(materials)
        .where(inArray(materials.id, ids)),
  );
  const steps = new Set(
    (
      await tx
        .select({ id: processFlowSteps.id })
        .from(processFlowSteps)
        .where(eq(processFlowSteps.versionId, versionId))
    ).map((s) => s.id),
  );
  const seen = new Set<number>();
  items.forEach((item, i) => {
    const m = found.get(item.materialId);
    const at = `items.${i}`;
    if (!m) throw fieldError(`${at}.materialId`, '所选物料不存在或已被删除');
    if (seen.has(item.materialId)) throw fieldError(`${at}.materialId`, `物料“${m.name}”重复`);
    seen.add(item.materialId);
    if (item.materialId === flow.materialId)
      throw fieldError(`${at}.materialId`, `“${m.name}”是本工艺路线的产品，不能作为其物料`);
    if (m.isVirtual) throw fieldError(`${at}.materialId`, `“${m.name}”是虚拟物料，请改用其下的实际物料`);
    if (item.stepId !== undefined && item.stepId !== null && !steps.has(item.stepId))
      throw fieldError(`${at}.stepId`, `物料“${m.name}”所选的工序不属于该版本，请刷新后重试`);
  });
  await tx.delete(processFlowMaterials).where(eq(processFlowMaterials.versionId, versionId));
  if (items.length)
    await tx.insert(processFlowMaterials).values(
      items.map((item) => ({
        versionId,
        materialId: item.materialId,
        stepId: item.stepId ?? null,
        quantity: String(item.quantity),
        remark: item.remark?.trim() || null,
      })),
    );
  await audit(tx, actorId, 'processFlowVersion', versionId, 'saveMaterials', { items });
}

/** The product's exploded BOM, each material with the step of this version that consumes it. */
async function bomRelation(tx: Tx, versionId: number) {
  const version = await versionOf(tx, versionId);
  const [flow] = await tx
    .select({ materialId: processFlows.materialId })
    .from(processFlows)
    .where(eq(processFlows.id, version.flowId));
  if (!flow?.materialId) return [];
  const used = new Map((await flowMaterialsOf(tx, versionId)).map((m) => [m.materialId, m]));
  return (await bomTree(tx, flow.materialId)).map((node) => {
    const m = node.level === 0 ? undefined : used.get(node.materialId);
    return {
      ...node,
      stepId: m?.stepId ?? null,
      stepSeq: m?.stepSeq ?? null,
      procedureName: m?.procedureName ?? null,
      flowQuantity: m?.quantity ?? null,
    };
  });
}

/** The two BOM views of a version; the list view is saved as a whole. */
export const bomRoutes = [
  handle(processFlowApi.bomRelation, {
    handler: ({ tx, query }) => bomRelation(tx, query.id),
  }),
  handle(processFlowApi.bomList, {
    handler: async ({ tx, query }) => {
      await versionOf(tx, query.id);
      return flowMaterialsOf(tx, query.id);
    },
  }),
  handle(processFlowApi.saveBomList, {
    handler: async ({ tx, session, body }) => {
      await saveFlowMaterials(tx, session.userId, body.versionId, body.items);
      return flowMaterialsOf(tx, body.versionId);
    },
  }),
];
