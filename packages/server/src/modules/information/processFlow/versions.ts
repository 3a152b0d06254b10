import { FIRST_VERSION, processFlowApi, type VersionSummary } from '@factory/shared/api/processFlow';
import { and, count, eq, sql } from 'drizzle-orm';
import { audit } from '../../../platform/audit.ts';
import { qualified } from '../../../platform/crud.ts';
import type { Tx } from '../../../platform/db.ts';
import { conflict, fieldError, notFound } from '../../../platform/errors.ts';
import { handle } from '../../../platform/route.ts';
import { processFlows, processFlowVersions } from '../schema.ts';

// Versions: exactly one main per flow. Every change to a flow's versions first locks the flow's
// row, so two of them (two set-main calls, a delete and a set-main) run one after the other and
// the second sees what the first did; the partial unique index never sees two mains.

type Version = { id: number; flowId: number; name: string; isMain: boolean };

export async function versionOf(tx: Tx, id: number): Promise<Version> {
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
export async function lockedVersion(tx: Tx, id: number) {
  const first = await versionOf(tx, id);
  const flow = await lockFlow(tx, first.flowId);
  return { version: await versionOf(tx, id), flow };
}

export async function mainVersionOf(tx: Tx, flowId: number): Promise<number> {
  const [main] = await tx
    .select({ id: processFlowVersions.id })
    .from(processFlowVersions)
    .where(and(eq(processFlowVersions.flowId, flowId), eq(processFlowVersions.isMain, true)));
  if (!main) throw notFound('主版本');
  return main.id;
}

/** A flow's new first version: empty, the main of a flow being copied, or one per imported flow. */
export async function addFirstVersions(tx: Tx, flowIds: number[]) {
  if (flowIds.length)
    await tx
      .insert(processFlowVersions)
      .values(flowIds.map((flowId) => ({ flowId, name: FIRST_VERSION, isMain: true })));
}

/**
 * Copies a version's steps (with their lines and stations) and materials into an empty version:
 * four set-based statements, steps matched by their place (seq is unique within a version).
 */
export async function copyVersion(tx: Tx, fromId: number, toId: number) {
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

/** A flow's versions: new (blank, copied, or the next V<n> from the main), renamed, deleted, made main. */
export const versionRoutes = [
  handle(processFlowApi.generateVersion, {
    handler: async ({ tx, session, query }) => {
      await lockFlow(tx, query.id);
      const id = await addVersion(tx, session.userId, {
        flowId: query.id,
        copyFromId: await mainVersionOf(tx, query.id),
      });
      return summaryOf(tx, id);
    },
  }),
  handle(processFlowApi.addVersion, {
    handler: async ({ tx, session, body }) => summaryOf(tx, await addVersion(tx, session.userId, body)),
  }),
  handle(processFlowApi.renameVersion, {
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
  handle(processFlowApi.deleteVersion, {
    handler: async ({ tx, session, query }) => {
      await deleteVersion(tx, session.userId, query.id);
      return true;
    },
  }),
  handle(processFlowApi.setMain, {
    handler: async ({ tx, session, query }) => {
      await setMainVersion(tx, session.userId, query.id);
      return true;
    },
  }),
];
