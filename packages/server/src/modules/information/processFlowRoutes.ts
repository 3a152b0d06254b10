import { IdQuery } from '@factory/shared/api/list';
import {
  AddVersionBody,
  BatchDeleteBody,
  BomListViewBody,
  BomRelationNode,
  FIRST_VERSION,
  FlowMaterial,
  type FlowMaterialBody,
  ProcedureListBody,
  ProcessStep,
  RenameVersionQuery,
  type StepBody,
  VersionDetail,
  VersionStepsBody,
  VersionSummary,
} from '@factory/shared/api/processFlow';
import { processFlowClassEntity, processFlowEntity } from '@factory/shared/entities/processFlow';
import { materialType } from '@factory/shared/enums';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import { audit } from '../../platform/audit.ts';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { streamXlsx, type XlsxColumn } from '../../platform/excel/export.ts';
import { route } from '../../platform/route.ts';
import { bomTree } from './bomRoutes.ts';
import { MADE_TYPES } from './materialsRoutes.ts';
import {
  areas,
  materials,
  procedures,
  processFlowClasses,
  processFlowMaterials,
  processFlowStepAreas,
  processFlowStepStations,
  processFlowSteps,
  processFlows,
  processFlowVersions,
  stations,
  units,
} from './schema.ts';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const processFlowClass = crud({
  entity: processFlowClassEntity,
  table: processFlowClasses,
  columns: {
    flowCount: sql<number>`(select count(*) from process_flow f where f.class_id = ${qualified(processFlowClasses.id)})::int`,
  },
  usedBy: [{ column: processFlows.classId, label: '工艺路线', names: processFlows.name }],
});

const outerFlow = qualified(processFlows.id);
const ofMaterial = (column: string) =>
  sql<
    string | null
  >`(select m.${sql.identifier(column)} from material m where m.id = ${qualified(processFlows.materialId)})`;

/** A flow's new first version: empty, the main of a flow being copied, or one per imported flow. */
async function addFirstVersions(tx: Tx, flowIds: number[]) {
  if (flowIds.length)
    await tx
      .insert(processFlowVersions)
      .values(flowIds.map((flowId) => ({ flowId, name: FIRST_VERSION, isMain: true })));
}

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
    materialCode: ofMaterial('code'),
    specifications: ofMaterial('specifications'),
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
  extraRow: {
    mainVersionId: Type.Union([Type.Integer(), Type.Null()]),
    versionList: Type.Array(VersionSummary),
  },
  // a copy takes the source's main version (steps, lines, stations, materials) as its V1
  extraBody: { copyFromId: Type.Optional(Type.Integer({ minimum: 1, title: '复制自' })) },
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

// ---------------------------------------------------------------------------------------------
// Versions: exactly one main per flow. Every change to a flow's versions first locks the flow's
// row, so two of them (two set-main calls, a delete and a set-main) run one after the other and
// the second sees what the first did; the partial unique index never sees two mains.

type Version = { id: number; flowId: number; name: string; isMain: boolean };

async function versionOf(tx: Tx, id: number): Promise<Version> {
  const [v] = await tx
    .select({
      id: processFlowVersions.id,
      flowId: processFlowVersions.flowId,
      name: processFlowVersions.name,
      isMain: processFlowVersions.isMain,
    })
    .from(processFlowVersions)
    .where(eq(processFlowVersions.id, id));
  if (!v) throw notFound('工艺路线版本');
  return v;
}

async function lockFlow(tx: Tx, flowId: number) {
  const [flow] = await tx
    .select({
      id: processFlows.id,
      code: processFlows.code,
      name: processFlows.name,
      materialId: processFlows.materialId,
    })
    .from(processFlows)
    .where(eq(processFlows.id, flowId))
    .for('update');
  if (!flow) throw notFound('工艺路线');
  return flow;
}

/** A version, its flow locked for the change that follows (re-read after the lock: it may have changed). */
async function lockedVersion(tx: Tx, id: number) {
  const first = await versionOf(tx, id);
  const flow = await lockFlow(tx, first.flowId);
  return { version: await versionOf(tx, id), flow };
}

async function mainVersionOf(tx: Tx, flowId: number): Promise<number> {
  const [main] = await tx
    .select({ id: processFlowVersions.id })
    .from(processFlowVersions)
    .where(and(eq(processFlowVersions.flowId, flowId), eq(processFlowVersions.isMain, true)));
  if (!main) throw notFound('主版本');
  return main.id;
}

/**
 * Copies a version's steps (with their lines and stations) and materials into an empty version:
 * four set-based statements, steps matched by their place (seq is unique within a version).
 */
async function copyVersion(tx: Tx, fromId: number, toId: number) {
  await tx.execute(sql`
    insert into process_flow_step (version_id, seq, procedure_id, process_type, standard_minutes, remark)
    select ${toId}, seq, procedure_id, process_type, standard_minutes, remark
    from process_flow_step where version_id = ${fromId}`);
  const pairs = sql`process_flow_step o join process_flow_step n on n.version_id = ${toId} and n.seq = o.seq`;
  await tx.execute(sql`
    insert into process_flow_step_area (step_id, area_id)
    select n.id, l.area_id from process_flow_step_area l join ${pairs} on o.id = l.step_id
    where o.version_id = ${fromId}`);
  await tx.execute(sql`
    insert into process_flow_step_station (step_id, station_id)
    select n.id, l.station_id from process_flow_step_station l join ${pairs} on o.id = l.step_id
    where o.version_id = ${fromId}`);
  await tx.execute(sql`
    insert into process_flow_material (version_id, step_id, material_id, quantity, remark)
    select ${toId}, n.id, m.material_id, m.quantity, m.remark
    from process_flow_material m
    left join ${pairs} on o.id = m.step_id
    where m.version_id = ${fromId}
    order by m.id`);
}

/** The next free V<n>: past the highest V-number and the number of versions. */
async function nextVersionName(tx: Tx, flowId: number): Promise<string> {
  const names = new Set(
    (
      await tx
        .select({ name: processFlowVersions.name })
        .from(processFlowVersions)
        .where(eq(processFlowVersions.flowId, flowId))
    ).map((v) => v.name.toUpperCase()),
  );
  let n = names.size;
  for (const name of names) {
    const m = /^V(\d{1,6})$/.exec(name);
    if (m) n = Math.max(n, Number(m[1]));
  }
  while (names.has(`V${n + 1}`)) n++;
  return `V${n + 1}`;
}

async function checkVersionName(tx: Tx, flowId: number, name: string, id: number | null) {
  const [same] = await tx
    .select({ id: processFlowVersions.id })
    .from(processFlowVersions)
    .where(
      and(
        eq(processFlowVersions.flowId, flowId),
        sql`lower(${processFlowVersions.name}) = lower(${name})`,
        id === null ? undefined : sql`${processFlowVersions.id} <> ${id}`,
      ),
    )
    .limit(1);
  if (same) throw conflict(`版本名称“${name}”已存在`, 'name');
}

const summaryColumns = {
  id: processFlowVersions.id,
  name: processFlowVersions.name,
  isMain: processFlowVersions.isMain,
  stepCount: sql<number>`(select count(*) from process_flow_step s where s.version_id = ${qualified(processFlowVersions.id)})::int`,
};

async function summaryOf(tx: Tx, id: number): Promise<VersionSummary> {
  const [v] = await tx.select(summaryColumns).from(processFlowVersions).where(eq(processFlowVersions.id, id));
  if (!v) throw notFound('工艺路线版本');
  return v;
}

/** A new version of a flow (not main): empty, or a copy of one of its versions. */
export async function addVersion(
  tx: Tx,
  actorId: number | null,
  o: { flowId: number; name?: string; copyFromId?: number; remark?: string | null },
): Promise<number> {
  await lockFlow(tx, o.flowId);
  const name = o.name?.trim() || (await nextVersionName(tx, o.flowId));
  await checkVersionName(tx, o.flowId, name, null);
  if (o.copyFromId !== undefined) {
    const from = await versionOf(tx, o.copyFromId).catch(() => undefined);
    if (!from || from.flowId !== o.flowId)
      throw fieldError('copyFromId', '要复制的版本不存在或不属于该工艺路线');
  }
  const [row] = await tx
    .insert(processFlowVersions)
    .values({ flowId: o.flowId, name, isMain: false, remark: o.remark?.trim() || null })
    .returning({ id: processFlowVersions.id });
  if (o.copyFromId !== undefined) await copyVersion(tx, o.copyFromId, row.id);
  await audit(tx, actorId, 'processFlowVersion', row.id, 'add', { ...o, name });
  return row.id;
}

/** Makes a version the flow's main version; the previous main stops being it in the same transaction. */
export async function setMainVersion(tx: Tx, actorId: number | null, id: number): Promise<void> {
  const { version } = await lockedVersion(tx, id);
  if (version.isMain) return;
  await tx
    .update(processFlowVersions)
    .set({ isMain: false, updatedAt: sql`now()` })
    .where(and(eq(processFlowVersions.flowId, version.flowId), eq(processFlowVersions.isMain, true)));
  await tx
    .update(processFlowVersions)
    .set({ isMain: true, updatedAt: sql`now()` })
    .where(eq(processFlowVersions.id, id));
  await audit(tx, actorId, 'processFlowVersion', id, 'setMain', { flowId: version.flowId });
}

/**
 * Deletes a version with its steps and materials. The main version is refused (plans and work
 * orders are made from it: another version must become main first, a deliberate act), and so is
 * the last version, which is always the main one.
 */
async function deleteVersion(tx: Tx, actorId: number, id: number): Promise<void> {
  const { version } = await lockedVersion(tx, id);
  const [{ n }] = await tx
    .select({ n: count() })
    .from(processFlowVersions)
    .where(eq(processFlowVersions.flowId, version.flowId));
  if (n <= 1) throw conflict(`“${version.name}”是该工艺路线唯一的版本，不能删除`);
  if (version.isMain) throw conflict(`“${version.name}”是主版本，不能删除；请先把其他版本设为主版本`);
  await tx.delete(processFlowVersions).where(eq(processFlowVersions.id, id));
  await audit(tx, actorId, 'processFlowVersion', id, 'delete', { name: version.name });
}

// ---------------------------------------------------------------------------------------------
// Steps

const stepId = qualified(processFlowSteps.id);
const stepColumns = {
  id: processFlowSteps.id,
  seq: processFlowSteps.seq,
  procedureId: processFlowSteps.procedureId,
  procedureCode: procedures.code,
  procedureName: procedures.name,
  processType: processFlowSteps.processType,
  standardMinutes: sql<number | null>`${processFlowSteps.standardMinutes}`.mapWith(num),
  remark: processFlowSteps.remark,
  areaList: sql<
    { id: number; name: string }[]
  >`coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name) order by a.code) from process_flow_step_area l join area a on a.id = l.area_id where l.step_id = ${stepId}), '[]'::json)`,
  stationList: sql<
    { id: number; name: string; areaId: number }[]
  >`coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name, 'areaId', s.area_id) order by s.code) from process_flow_step_station l join station s on s.id = l.station_id where l.step_id = ${stepId}), '[]'::json)`,
};

/** A version's steps in order, each with its procedure, lines and stations. */
export function stepsOf(tx: Tx, versionId: number) {
  return tx
    .select(stepColumns)
    .from(processFlowSteps)
    .innerJoin(procedures, eq(procedures.id, processFlowSteps.procedureId))
    .where(eq(processFlowSteps.versionId, versionId))
    .orderBy(asc(processFlowSteps.seq));
}

/** Rows of these ids, by id (a check's look-up in one query). */
async function byIds<T extends { id: number }>(ids: number[], load: (ids: number[]) => Promise<T[]>) {
  const unique = [...new Set(ids)];
  return new Map((unique.length ? await load(unique) : []).map((r) => [r.id, r]));
}

/**
 * Saves a version's steps as a whole, in the given order (seq 1…n). A step with `id` is kept
 * (the materials at it stay there), one without is new, and the version's other steps go (their
 * materials stay in the list, at no step). Every line must exist; every station must exist, be on
 * one of the step's lines and be able to do the step's procedure. Nothing is written unless every
 * step passes.
 */
export async function saveSteps(tx: Tx, actorId: number | null, versionId: number, steps: StepBody[]) {
  const { version } = await lockedVersion(tx, versionId);
  const existing = new Set(
    (
      await tx
        .select({ id: processFlowSteps.id })
        .from(processFlowSteps)
        .where(eq(processFlowSteps.versionId, versionId))
    ).map((s) => s.id),
  );
  const procs = await byIds(
    steps.map((s) => s.procedureId),
    (ids) =>
      tx
        .select({ id: procedures.id, name: procedures.name })
        .from(procedures)
        .where(inArray(procedures.id, ids)),
  );
  const lines = await byIds(
    steps.flatMap((s) => s.areaIds),
    (ids) => tx.select({ id: areas.id, name: areas.name }).from(areas).where(inArray(areas.id, ids)),
  );
  const places = await byIds(
    steps.flatMap((s) => s.stationIds),
    (ids) =>
      tx
        .select({
          id: stations.id,
          name: stations.name,
          areaId: stations.areaId,
          procedureIds: sql<
            number[]
          >`coalesce((select array_agg(sp.procedure_id) from station_procedure sp where sp.station_id = ${qualified(stations.id)}), '{}')`,
        })
        .from(stations)
        .where(inArray(stations.id, ids)),
  );
  const kept = new Set<number>();
  steps.forEach((s, i) => {
    const at = `steps.${i}`;
    const proc = procs.get(s.procedureId);
    if (!proc) throw fieldError(`${at}.procedureId`, `第${i + 1}道工序：所选工序不存在或已被删除`);
    const step = `第${i + 1}道工序“${proc.name}”`;
    if (s.id !== undefined) {
      if (!existing.has(s.id) || kept.has(s.id))
        throw fieldError(`${at}.id`, `${step}不属于该版本或重复，请刷新后重试`);
      kept.add(s.id);
    }
    for (const areaId of s.areaIds)
      if (!lines.has(areaId)) throw fieldError(`${at}.areaIds`, `${step}：所选产线不存在或已被删除`);
    for (const stationId of s.stationIds) {
      const st = places.get(stationId);
      if (!st) throw fieldError(`${at}.stationIds`, `${step}：所选工位不存在或已被删除`);
      if (!s.areaIds.includes(st.areaId))
        throw fieldError(`${at}.stationIds`, `${step}：工位“${st.name}”不在该工序所选的产线上`);
      if (!st.procedureIds.map(Number).includes(s.procedureId))
        throw fieldError(
          `${at}.stationIds`,
          `${step}：工位“${st.name}”不能做该工序，请先在工位中设置其可做工序`,
        );
    }
  });

  const gone = [...existing].filter((id) => !kept.has(id));
  if (gone.length) await tx.delete(processFlowSteps).where(inArray(processFlowSteps.id, gone));
  // out of the way first: seq is unique within the version and kept steps change places
  if (kept.size)
    await tx
      .update(processFlowSteps)
      .set({ seq: sql`-${processFlowSteps.id}` })
      .where(inArray(processFlowSteps.id, [...kept]));
  const ids: number[] = [];
  for (const [i, s] of steps.entries()) {
    const values = {
      seq: i + 1,
      procedureId: s.procedureId,
      processType: s.processType,
      standardMinutes:
        s.standardMinutes === undefined || s.standardMinutes === null ? null : String(s.standardMinutes),
      remark: s.remark?.trim() || null,
    };
    if (s.id !== undefined) {
      await tx.update(processFlowSteps).set(values).where(eq(processFlowSteps.id, s.id));
      ids.push(s.id);
    } else {
      const [row] = await tx
        .insert(processFlowSteps)
        .values({ versionId, ...values })
        .returning({ id: processFlowSteps.id });
      ids.push(row.id);
    }
  }
  if (kept.size) {
    await tx.delete(processFlowStepAreas).where(inArray(processFlowStepAreas.stepId, [...kept]));
    await tx.delete(processFlowStepStations).where(inArray(processFlowStepStations.stepId, [...kept]));
  }
  const areaLinks = steps.flatMap((s, i) =>
    [...new Set(s.areaIds)].map((areaId) => ({ stepId: ids[i], areaId })),
  );
  const stationLinks = steps.flatMap((s, i) =>
    [...new Set(s.stationIds)].map((stationId) => ({ stepId: ids[i], stationId })),
  );
  if (areaLinks.length) await tx.insert(processFlowStepAreas).values(areaLinks);
  if (stationLinks.length) await tx.insert(processFlowStepStations).values(stationLinks);
  await tx
    .update(processFlowVersions)
    .set({ updatedAt: sql`now()` })
    .where(eq(processFlowVersions.id, version.id));
  await audit(tx, actorId, 'processFlowVersion', versionId, 'saveSteps', { steps });
}

// ---------------------------------------------------------------------------------------------
// The BOM views of a version

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

const bomListFile: XlsxColumn[] = [
  { header: '序号', key: 'no', width: 6 },
  { header: '物料编码', key: 'code', width: 20 },
  { header: '物料名称', key: 'name', width: 24 },
  { header: '规格型号', key: 'specifications', width: 26 },
  { header: '物料类型', key: 'materialType', width: 10, cell: (v) => materialType.label(v, String(v)) },
  { header: '单位', key: 'unitName', width: 8 },
  { header: '工序', key: 'step', width: 22 },
  { header: '单位用量', key: 'quantity', width: 12 },
  { header: '备注', key: 'remark', width: 24 },
];

async function versionDetail(tx: Tx, id: number) {
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

const F = 'basicData/production/private/processFlow/';
const V = 'basicData/production/private/processFlowVersion/';
/** Reading a flow's versions belongs to the list and to the detail page. */
const READ = { keys: ['processList', 'processDetail'] };
const MODIFY = { keys: ['processListModify'] };

export const processFlowRoutes = [
  ...processFlowClass.routes,
  ...processFlow.routes,
  route({
    method: 'POST',
    url: `${F}batchDelete`,
    summary: '批量删除工艺路线（连同其版本、工序与物料；全部成功或全部不删）',
    access: { keys: ['processListDel'] },
    body: BatchDeleteBody,
    handler: async ({ tx, session, body }) => {
      for (const id of new Set(body.ids)) await processFlow.remove(tx, session.userId, id);
      return true;
    },
  }),
  route({
    method: 'GET',
    url: `${F}generateNewVersion`,
    summary: '生成新版本：复制主版本的工序、产线、工位与物料，命名为下一个 V<n>',
    access: MODIFY,
    query: IdQuery,
    result: VersionSummary,
    handler: async ({ tx, session, query }) => {
      await lockFlow(tx, query.id);
      const id = await addVersion(tx, session.userId, {
        flowId: query.id,
        copyFromId: await mainVersionOf(tx, query.id),
      });
      return summaryOf(tx, id);
    },
  }),
  route({
    method: 'POST',
    url: `${F}addProcessFlowVersion`,
    summary: '新增版本（空白，或复制该工艺路线的某个版本）',
    access: MODIFY,
    body: AddVersionBody,
    result: VersionSummary,
    handler: async ({ tx, session, body }) => summaryOf(tx, await addVersion(tx, session.userId, body)),
  }),
  route({
    method: 'GET',
    url: `${F}reNameVersion`,
    summary: '版本重命名（同一工艺路线内不重名）',
    access: MODIFY,
    query: RenameVersionQuery,
    result: VersionSummary,
    handler: async ({ tx, session, query }) => {
      const { version } = await lockedVersion(tx, query.id);
      const name = query.name.trim();
      if (!name) throw fieldError('name', '请输入版本名称');
      await checkVersionName(tx, version.flowId, name, version.id);
      await tx
        .update(processFlowVersions)
        .set({ name, updatedAt: sql`now()` })
        .where(eq(processFlowVersions.id, version.id));
      await audit(tx, session.userId, 'processFlowVersion', version.id, 'rename', {
        from: version.name,
        name,
      });
      return summaryOf(tx, version.id);
    },
  }),
  route({
    method: 'DELETE',
    url: `${F}deleteVersion`,
    summary: '删除版本（主版本与唯一的版本不能删除）',
    access: MODIFY,
    query: IdQuery,
    handler: async ({ tx, session, query }) => {
      await deleteVersion(tx, session.userId, query.id);
      return true;
    },
  }),
  route({
    method: 'DELETE',
    url: `${F}setVersionToMain`,
    summary: '设为主版本（原主版本在同一事务中取消）',
    access: { keys: ['processListSetMainVersion'] },
    query: IdQuery,
    handler: async ({ tx, session, query }) => {
      await setMainVersion(tx, session.userId, query.id);
      return true;
    },
  }),
  route({
    method: 'GET',
    url: `${V}getProcessFlowVersionDetail`,
    summary: '版本详情：有序工序（工序、加工类型、标准工时、产线、工位）与物料',
    access: READ,
    query: IdQuery,
    result: VersionDetail,
    handler: ({ tx, query }) => versionDetail(tx, query.id),
  }),
  route({
    method: 'POST',
    url: `${F}getProcedureList`,
    summary: '版本的有序工序',
    access: READ,
    body: ProcedureListBody,
    result: Type.Array(ProcessStep),
    handler: async ({ tx, body }) => {
      await versionOf(tx, body.versionId);
      return stepsOf(tx, body.versionId);
    },
  }),
  route({
    method: 'PUT',
    url: `${V}updateOne`,
    summary: '保存版本的工序（整体替换，按顺序编号 1…n；全部成功或全部不写）',
    access: MODIFY,
    body: VersionStepsBody,
    result: Type.Array(ProcessStep),
    handler: async ({ tx, session, body }) => {
      await saveSteps(tx, session.userId, body.id, body.steps);
      return stepsOf(tx, body.id);
    },
  }),
  route({
    method: 'GET',
    url: `${F}getBomRelationView`,
    summary: 'BOM关系视图：产品的多级BOM，标出本版本消耗各物料的工序',
    access: READ,
    query: IdQuery,
    result: Type.Array(BomRelationNode),
    handler: ({ tx, query }) => bomRelation(tx, query.id),
  }),
  route({
    method: 'GET',
    url: `${F}getBomListView`,
    summary: 'BOM清单视图：本版本各工序消耗的物料与单位用量',
    access: READ,
    query: IdQuery,
    result: Type.Array(FlowMaterial),
    handler: async ({ tx, query }) => {
      await versionOf(tx, query.id);
      return flowMaterialsOf(tx, query.id);
    },
  }),
  route({
    method: 'POST',
    url: `${F}updateBomListView`,
    summary: '保存BOM清单视图（整体替换，全部成功或全部不写）',
    access: MODIFY,
    body: BomListViewBody,
    result: Type.Array(FlowMaterial),
    handler: async ({ tx, session, body }) => {
      await saveFlowMaterials(tx, session.userId, body.versionId, body.items);
      return flowMaterialsOf(tx, body.versionId);
    },
  }),
  route({
    method: 'GET',
    url: `${F}exportBomListView`,
    summary: '导出BOM清单视图',
    access: { keys: ['processListExport'] },
    query: IdQuery,
    handler: async ({ tx, query, reply }) => {
      const v = await versionDetail(tx, query.id);
      await streamXlsx(reply, {
        fileName: `${v.flowCode} ${v.flowName} ${v.name} 物料清单`,
        sheetName: '物料清单',
        columns: bomListFile,
        rows: v.materials.map((m, i) => ({
          ...m,
          no: i + 1,
          step: m.stepSeq === null ? '' : `${m.stepSeq}. ${m.procedureName}`,
        })),
      });
    },
  }),
];
