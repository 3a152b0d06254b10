import { processFlowApi, type VersionSummary } from '@factory/shared/api/processFlow';
import { processFlowEntity } from '@factory/shared/entities/processFlow';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { crud, qualified } from '../../../platform/crud.ts';
import { fieldError } from '../../../platform/errors.ts';
import { lookedUp } from '../../../platform/list.ts';
import { handle } from '../../../platform/route.ts';
import { MADE_TYPES } from '../materialsRoutes.ts';
import { materials, processFlowClasses, processFlows, processFlowVersions } from '../schema.ts';
import { addFirstVersions, copyVersion, mainVersionOf } from './versions.ts';

const outerFlow = qualified(processFlows.id);
/** 工艺路线: the standard calls; a new flow gets its V1 main version, a copy the source's main steps. */
export const processFlow = crud({
  entity: processFlowEntity,
  table: processFlows,
  refs: {
    // a flow makes a product: a finished or semi-finished material (getFinishedMaterials), not a virtual one
    materialName: {
      id: materials.id,
      name: materials.name,
      code: materials.code,
      where: and(inArray(materials.materialType, MADE_TYPES), eq(materials.isVirtual, false)),
    },
    className: { id: processFlowClasses.id, name: processFlowClasses.name, code: processFlowClasses.code },
  },
  columns: {
    materialCode: lookedUp(processFlows.materialId, materials.code),
    specifications: lookedUp(processFlows.materialId, materials.specifications),
    mainVersionId: sql<
      number | null
    >`(select v.id from process_flow_version v where v.flow_id = ${outerFlow} and v.is_main)`,
    mainVersionName: sql<
      string | null
    >`(select v.name from process_flow_version v where v.flow_id = ${outerFlow} and v.is_main)`,
    versionCount: sql<number>`(select count(*) from process_flow_version v where v.flow_id = ${outerFlow})::int`,
    stepCount: sql<number>`(select count(*) from process_flow_step s join process_flow_version v on v.id = s.version_id where v.flow_id = ${outerFlow} and v.is_main)::int`,
    versionList: sql<
      VersionSummary[]
    >`coalesce((select json_agg(json_build_object('id', v.id, 'name', v.name, 'isMain', v.is_main, 'stepCount', (select count(*) from process_flow_step s where s.version_id = v.id)) order by v.id) from process_flow_version v where v.flow_id = ${outerFlow}), '[]'::json)`,
  },
  selectWhere: eq(processFlows.enabled, true),
  hooks: {
    validate: async (_tx, _values, id, body) => {
      if (id !== null && body.copyFromId !== undefined)
        throw fieldError('copyFromId', '只有复制工艺路线时才能带上其工序');
    },
    saved: async (tx, id, body, isNew) => {
      if (!isNew) return;
      const from = body.copyFromId as number | undefined;
      await addFirstVersions(tx, [id]);
      if (from === undefined) return;
      const [source] = await tx
        .select({ id: processFlowVersions.id })
        .from(processFlowVersions)
        .where(and(eq(processFlowVersions.flowId, from), eq(processFlowVersions.isMain, true)));
      if (!source) throw fieldError('copyFromId', '要复制的工艺路线不存在或已被删除');
      await copyVersion(tx, source.id, await mainVersionOf(tx, id));
    },
    imported: addFirstVersions,
  },
});

/** The flows' standard calls and their batch delete. */
export const flowRoutes = [
  ...processFlow.routes,
  handle(processFlowApi.batchDelete, {
    handler: async ({ tx, session, body }) => {
      for (const id of new Set(body.ids)) await processFlow.remove(tx, session.userId, id);
      return true;
    },
  }),
];
