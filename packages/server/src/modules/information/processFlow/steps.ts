import { processFlowApi, type StepBody } from '@factory/shared/api/processFlow';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { audit } from '../../../platform/audit.ts';
import { qualified } from '../../../platform/crud.ts';
import type { Tx } from '../../../platform/db.ts';
import { fieldError } from '../../../platform/errors.ts';
import { handle } from '../../../platform/route.ts';
import {
  areas,
  procedures,
  processFlowMaterials,
  processFlowStepAreas,
  processFlowStepStations,
  processFlowSteps,
  processFlowVersions,
  stations,
} from '../schema.ts';
import { byIds } from './common.ts';
import { lockedVersion, versionOf } from './versions.ts';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const decimalOrNull = (v: number | null | undefined) => (v === undefined || v === null ? null : String(v));

const stepId = qualified(processFlowSteps.id);
const stepColumns = {
  id: processFlowSteps.id,
  seq: processFlowSteps.seq,
  procedureId: processFlowSteps.procedureId,
  procedureCode: procedures.code,
  procedureName: procedures.name,
  processType: processFlowSteps.processType,
  standardMinutes: sql<number | null>`${processFlowSteps.standardMinutes}`.mapWith(num),
  setupMinutes: sql<number | null>`${processFlowSteps.setupMinutes}`.mapWith(num),
  transferQuantity: sql<number | null>`${processFlowSteps.transferQuantity}`.mapWith(num),
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
  if (gone.length) {
    // the BOM lines of a removed step stay with the version, no longer tied to a step
    await tx
      .update(processFlowMaterials)
      .set({ stepId: null })
      .where(inArray(processFlowMaterials.stepId, gone));
    await tx.delete(processFlowSteps).where(inArray(processFlowSteps.id, gone));
  }
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
      standardMinutes: decimalOrNull(s.standardMinutes),
      setupMinutes: decimalOrNull(s.setupMinutes),
      transferQuantity: decimalOrNull(s.transferQuantity),
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

/** A version's ordered steps: read, and saved as a whole. */
export const stepRoutes = [
  handle(processFlowApi.steps, {
    handler: async ({ tx, body }) => {
      await versionOf(tx, body.versionId);
      return stepsOf(tx, body.versionId);
    },
  }),
  handle(processFlowApi.saveSteps, {
    handler: async ({ tx, session, body }) => {
      await saveSteps(tx, session.userId, body.id, body.steps);
      return stepsOf(tx, body.id);
    },
  }),
];
