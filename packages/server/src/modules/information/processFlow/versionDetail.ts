import { processFlowApi } from '@factory/shared/api/processFlow';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import { handle } from '../../../platform/route.ts';
import { processFlows, processFlowVersions } from '../schema.ts';
import { flowMaterialsOf } from './bom.ts';
import { stepsOf } from './steps.ts';

/** A version as a whole: its flow, its ordered steps and its materials. */
export async function versionDetail(tx: Tx, id: number) {
  const [v] = await tx
    .select({
      id: processFlowVersions.id,
      flowId: processFlowVersions.flowId,
      flowCode: processFlows.code,
      flowName: processFlows.name,
      materialId: processFlows.materialId,
      name: processFlowVersions.name,
      isMain: processFlowVersions.isMain,
      remark: processFlowVersions.remark,
    })
    .from(processFlowVersions)
    .innerJoin(processFlows, eq(processFlows.id, processFlowVersions.flowId))
    .where(eq(processFlowVersions.id, id));
  if (!v) throw notFound('工艺路线版本');
  return { ...v, steps: await stepsOf(tx, id), materials: await flowMaterialsOf(tx, id) };
}

/** The detail page's read of a version. */
export const versionDetailRoutes = [
  handle(processFlowApi.versionDetail, {
    handler: ({ tx, query }) => versionDetail(tx, query.id),
  }),
];
