import { type Static, type TSchema, Type } from 'typebox';
import { processFlowEntity, VersionSummary } from '../entities/processFlow.ts';
import { endpoint } from './contract.ts';
import { IdQuery } from './list.ts';
import { BomNode } from './materials.ts';

/** Limits of one version: its steps, each step's lines and stations, its material lines. */
export const MAX_STEPS = 200;
export const MAX_STEP_AREAS = 100;
export const MAX_STEP_STATIONS = 200;
export const MAX_FLOW_MATERIALS = 1000;
export const VERSION_NAME_MAX = 20;
/** The name of a flow's first version, and the pattern new ones continue (V2, V3 …). */
export const FIRST_VERSION = 'V1';

const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);
const Named = Type.Object({ id: Type.Integer(), name: Type.String() });
const VersionName = Type.String({ minLength: 1, maxLength: VERSION_NAME_MAX, title: '版本名称' });
const VersionId = Type.Integer({ minimum: 1, title: '版本' });

export { VersionSummary };

/** A step of a version: the procedure in its place, how it is done, where it may run. */
export const ProcessStep = Type.Object({
  id: Type.Integer(),
  /** 1…n in the version. */
  seq: Type.Integer(),
  procedureId: Type.Integer(),
  procedureCode: Type.String(),
  procedureName: Type.String(),
  /** 0 自制, 1 委外 (processType). */
  processType: Type.Integer(),
  standardMinutes: nullable(Type.Number()),
  /** 准备时间: set-up minutes once per plan before its first unit (scheduling). */
  setupMinutes: nullable(Type.Number()),
  /** 转序批量: units passed on to the next step at a time; empty: the whole plan at once. */
  transferQuantity: nullable(Type.Number()),
  remark: nullable(Type.String()),
  /** The lines a plan of this step may run on (the Gantt moves plans only among these). */
  areaList: Type.Array(Named),
  stationList: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), areaId: Type.Integer() })),
});
export type ProcessStep = Static<typeof ProcessStep>;

/** A line of a version's BOM list view: a material it consumes, at which step, how much per product. */
export const FlowMaterial = Type.Object({
  id: Type.Integer(),
  materialId: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  specifications: nullable(Type.String()),
  materialType: Type.Integer(),
  unitName: nullable(Type.String()),
  stepId: nullable(Type.Integer()),
  stepSeq: nullable(Type.Integer()),
  procedureName: nullable(Type.String()),
  quantity: Type.Number(),
  remark: nullable(Type.String()),
});
export type FlowMaterial = Static<typeof FlowMaterial>;

/** getProcessFlowVersionDetail: the version with its flow, ordered steps and materials. */
export const VersionDetail = Type.Object({
  id: Type.Integer(),
  flowId: Type.Integer(),
  flowCode: Type.String(),
  flowName: Type.String(),
  materialId: nullable(Type.Integer()),
  name: Type.String(),
  isMain: Type.Boolean(),
  remark: nullable(Type.String()),
  steps: Type.Array(ProcessStep),
  materials: Type.Array(FlowMaterial),
});
export type VersionDetail = Static<typeof VersionDetail>;

/**
 * A node of the BOM relation view: the product's exploded BOM (getBomTree's node) with the step of
 * this version that consumes the material and the quantity the BOM list view gives it, if any.
 */
export const BomRelationNode = Type.Object({
  ...BomNode.properties,
  stepId: nullable(Type.Integer()),
  stepSeq: nullable(Type.Integer()),
  procedureName: nullable(Type.String()),
  flowQuantity: nullable(Type.Number()),
});
export type BomRelationNode = Static<typeof BomRelationNode>;

/** One step as the steps editor sends it; `id` keeps an existing step (and the materials at it). */
export const StepBody = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1, title: '工序步骤' })),
    procedureId: Type.Integer({ minimum: 1, title: '工序' }),
    processType: Type.Integer({ minimum: 0, maximum: 1, title: '加工类型' }),
    standardMinutes: Type.Optional(
      nullable(Type.Number({ minimum: 0, maximum: 100_000, title: '标准工时(分钟)' })),
    ),
    setupMinutes: Type.Optional(
      nullable(Type.Number({ minimum: 0, maximum: 100_000, title: '准备时间(分钟)' })),
    ),
    transferQuantity: Type.Optional(
      nullable(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000_000, title: '转序批量' })),
    ),
    remark: Type.Optional(nullable(Type.String({ maxLength: 200, title: '备注' }))),
    areaIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: MAX_STEP_AREAS, title: '产线' }),
    stationIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: MAX_STEP_STATIONS, title: '工位' }),
  },
  { additionalProperties: false },
);
export type StepBody = Static<typeof StepBody>;

/** processFlowVersion/updateOne: a version's steps as a whole, in order (renumbered 1…n). */
export const VersionStepsBody = Type.Object(
  { id: VersionId, steps: Type.Array(StepBody, { maxItems: MAX_STEPS, title: '工序' }) },
  { additionalProperties: false },
);

/** getProcedureList: the ordered steps of a version. */
export const ProcedureListBody = Type.Object({ versionId: VersionId }, { additionalProperties: false });

/** addProcessFlowVersion: a new version of a flow, empty or a copy of one of its versions. */
export const AddVersionBody = Type.Object(
  {
    flowId: Type.Integer({ minimum: 1, title: '工艺路线' }),
    /** Left out: the next V<n>. */
    name: Type.Optional(VersionName),
    copyFromId: Type.Optional(Type.Integer({ minimum: 1, title: '复制自版本' })),
    remark: Type.Optional(nullable(Type.String({ maxLength: 200, title: '备注' }))),
  },
  { additionalProperties: false },
);

/** reNameVersion?id&name. */
export const RenameVersionQuery = Type.Object(
  { id: VersionId, name: VersionName },
  { additionalProperties: false },
);

/** batchDelete: these flows, all or none. */
export const BatchDeleteBody = Type.Object(
  {
    ids: Type.Array(Type.Integer({ minimum: 1 }), {
      minItems: 1,
      maxItems: 500,
      title: '工艺路线',
    }),
  },
  { additionalProperties: false },
);

/** One line of updateBomListView. */
export const FlowMaterialBody = Type.Object(
  {
    materialId: Type.Integer({ minimum: 1, title: '物料' }),
    stepId: Type.Optional(nullable(Type.Integer({ minimum: 1, title: '工序' }))),
    quantity: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000_000, title: '用量' }),
    remark: Type.Optional(nullable(Type.String({ maxLength: 200, title: '备注' }))),
  },
  { additionalProperties: false },
);
export type FlowMaterialBody = Static<typeof FlowMaterialBody>;

/** updateBomListView: a version's BOM list view, replacing what it had. */
export const BomListViewBody = Type.Object(
  {
    versionId: VersionId,
    items: Type.Array(FlowMaterialBody, { maxItems: MAX_FLOW_MATERIALS, title: '物料清单' }),
  },
  { additionalProperties: false },
);

const F = processFlowEntity.api?.base ?? '';
/** The spec keeps a version's detail and its steps' save under the version's path. */
const V = 'basicData/production/private/processFlowVersion/';
/** Reading a flow's versions belongs to the list and to the detail page. */
const READ = { keys: ['processList', 'processDetail'] };
const MODIFY = { keys: ['processListModify'] };

/** A flow's calls beyond the generic ones: batch delete, versions, steps, BOM views (spec 001 §7.7). */
export const processFlowApi = {
  batchDelete: endpoint({
    method: 'POST',
    path: `${F}batchDelete`,
    summary: '批量删除工艺路线（连同其版本、工序与物料；全部成功或全部不删）',
    access: { keys: ['processListDel'] },
    body: BatchDeleteBody,
  }),
  generateVersion: endpoint({
    method: 'GET',
    path: `${F}generateNewVersion`,
    summary: '生成新版本：复制主版本的工序、产线、工位与物料，命名为下一个 V<n>',
    access: MODIFY,
    query: IdQuery,
    result: VersionSummary,
  }),
  addVersion: endpoint({
    method: 'POST',
    path: `${F}addProcessFlowVersion`,
    summary: '新增版本（空白，或复制该工艺路线的某个版本）',
    access: MODIFY,
    body: AddVersionBody,
    result: VersionSummary,
  }),
  renameVersion: endpoint({
    method: 'GET',
    path: `${F}reNameVersion`,
    summary: '版本重命名（同一工艺路线内不重名）',
    access: MODIFY,
    query: RenameVersionQuery,
    result: VersionSummary,
  }),
  deleteVersion: endpoint({
    method: 'DELETE',
    path: `${F}deleteVersion`,
    summary: '删除版本（主版本与唯一的版本不能删除）',
    access: MODIFY,
    query: IdQuery,
  }),
  setMain: endpoint({
    method: 'DELETE',
    path: `${F}setVersionToMain`,
    summary: '设为主版本（原主版本在同一事务中取消）',
    access: { keys: ['processListSetMainVersion'] },
    query: IdQuery,
  }),
  versionDetail: endpoint({
    method: 'GET',
    path: `${V}getProcessFlowVersionDetail`,
    summary: '版本详情：有序工序（工序、加工类型、标准工时、产线、工位）与物料',
    // planners read which lines a version allows when they plan (plan-add, quick add)
    access: { keys: [...READ.keys, 'orderListAdd', 'orderListQuickAdd', 'planListAdd', 'planListModify'] },
    query: IdQuery,
    result: VersionDetail,
  }),
  steps: endpoint({
    method: 'POST',
    path: `${F}getProcedureList`,
    summary: '版本的有序工序',
    access: READ,
    body: ProcedureListBody,
    result: Type.Array(ProcessStep),
  }),
  saveSteps: endpoint({
    method: 'PUT',
    path: `${V}updateOne`,
    summary: '保存版本的工序（整体替换，按顺序编号 1…n；全部成功或全部不写）',
    access: MODIFY,
    body: VersionStepsBody,
    result: Type.Array(ProcessStep),
  }),
  bomRelation: endpoint({
    method: 'GET',
    path: `${F}getBomRelationView`,
    summary: 'BOM关系视图：产品的多级BOM，标出本版本消耗各物料的工序',
    access: READ,
    query: IdQuery,
    result: Type.Array(BomRelationNode),
  }),
  bomList: endpoint({
    method: 'GET',
    path: `${F}getBomListView`,
    summary: 'BOM清单视图：本版本各工序消耗的物料与单位用量',
    access: READ,
    query: IdQuery,
    result: Type.Array(FlowMaterial),
  }),
  saveBomList: endpoint({
    method: 'POST',
    path: `${F}updateBomListView`,
    summary: '保存BOM清单视图（整体替换，全部成功或全部不写）',
    access: MODIFY,
    body: BomListViewBody,
    result: Type.Array(FlowMaterial),
  }),
  /** Answers an .xlsx file, not the envelope. */
  exportBomList: endpoint({
    method: 'GET',
    path: `${F}exportBomListView`,
    summary: '导出BOM清单视图',
    access: { keys: ['processListExport'] },
    query: IdQuery,
  }),
};
