import {
  type BomRelationNode,
  type FlowMaterial,
  type ProcessStep,
  processFlowApi,
  type VersionDetail,
  type VersionSummary,
} from '@factory/shared/api/processFlow';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { processFlowEntity } from '@factory/shared/entities/processFlow';
import type { RowOf } from '@factory/shared/entities/schema';
import { client } from '../../platform/call.ts';

export type { BomRelationNode, FlowMaterial, ProcessStep, VersionDetail, VersionSummary };

/** A row of the flow list, and the flow header the detail page shows (getProcessFlowDetail). */
export type Flow = RowOf<typeof processFlowEntity>;

/** A flow's detail: the generic entity call (the crud's own). */
export const flowDetail = entityEndpoints(processFlowEntity).detail;

/** The process flow calls beyond the declared entity's own (spec 001 §7.7), typed from their declarations. */
export const flows = client(processFlowApi);

export const flowKey = (id: number) => [flowDetail.path, id];
export const versionKey = (id: number) => [processFlowApi.versionDetail.path, id];
export const relationKey = (id: number) => [processFlowApi.bomRelation.path, id];
