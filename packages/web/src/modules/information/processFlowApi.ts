import type {
  BomRelationNode,
  FlowMaterial,
  ProcessStep,
  VersionDetail,
  VersionSummary,
} from '@factory/shared/api/processFlow';
import { entityPaths } from '@factory/shared/entities/define';
import { processFlowEntity } from '@factory/shared/entities/processFlow';

export type { BomRelationNode, FlowMaterial, ProcessStep, VersionDetail, VersionSummary };

/** A row of the flow list, and the flow header the detail page shows (getProcessFlowDetail). */
export type Flow = {
  id: number;
  code: string;
  name: string;
  materialId: number;
  materialName: string;
  materialCode: string | null;
  specifications: string | null;
  classId: number | null;
  className: string | null;
  isEnabled: number;
  mainVersionId: number | null;
  mainVersionName: string | null;
  versionCount: number;
  stepCount: number;
  versionList: VersionSummary[];
  remark: string | null;
  createdAt: string;
} & Record<string, unknown>;

const F = processFlowEntity.api?.base ?? '';
const V = 'basicData/production/private/processFlowVersion/';

/** The process flow calls beyond the declared entity's own (spec 001 §7.7). */
export const flowPaths = {
  ...entityPaths(processFlowEntity),
  batchDelete: `${F}batchDelete`,
  generateVersion: `${F}generateNewVersion`,
  addVersion: `${F}addProcessFlowVersion`,
  renameVersion: `${F}reNameVersion`,
  deleteVersion: `${F}deleteVersion`,
  setMain: `${F}setVersionToMain`,
  versionDetail: `${V}getProcessFlowVersionDetail`,
  saveSteps: `${V}updateOne`,
  bomRelation: `${F}getBomRelationView`,
  bomList: `${F}getBomListView`,
  saveBomList: `${F}updateBomListView`,
  exportBomList: `${F}exportBomListView`,
};

export const flowKey = (id: number) => [flowPaths.detail, id];
export const versionKey = (id: number) => [flowPaths.versionDetail, id];
export const relationKey = (id: number) => [flowPaths.bomRelation, id];
