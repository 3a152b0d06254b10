import { qualityApi } from '@factory/shared/api/quality';
import { bodyKey, formFields } from '@factory/shared/entities/define';
import {
  FIRST_ARTICLE_INSPECTION,
  INCOMING_INSPECTION,
  limitProblem,
  MEASURED,
  PLAN_AQL_VALUES,
  PROCESS_INSPECTION_TYPES,
  qualityInspectionPlanEntity,
  qualityTypeOf,
} from '@factory/shared/entities/quality';
import { inspectionType as inspectionTypes } from '@factory/shared/enums';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { lookedUp } from '../../platform/list.ts';
import { handle } from '../../platform/route.ts';
import { materialClasses, materials, procedures, suppliers } from '../information/index.ts';
import { inspectionItems, inspectionPlanItems, inspectionPlans } from './schema.ts';

/** Names of an id array column of a plan, in the array's order, joined by 、. */
const namesOf = (column: PgColumn, table: string) =>
  sql<string>`coalesce((select string_agg(x.name, '、' order by k.n)
    from unnest(${qualified(column)}) with ordinality k(id, n) join ${sql.raw(table)} x on x.id = k.id), '')`;

/** The scope lists a plan keeps, with the table their ids point into and what the user calls them. */
const SCOPES = [
  { key: 'materialsIds', table: materials, label: '物料' },
  { key: 'materialClassIds', table: materialClasses, label: '物料分类' },
  { key: 'procedureIds', table: procedures, label: '工序' },
  { key: 'supplierIds', table: suppliers, label: '供应商' },
] as const;
type ScopeKey = (typeof SCOPES)[number]['key'];

/** The ids asked, once each, all existing in the tenant. */
async function checkIds(tx: Tx, asked: unknown, field: string, label: string, table: PgTable) {
  const ids = [...new Set((asked ?? []) as number[])];
  if (!ids.length) return ids;
  const id = (table as unknown as { id: PgColumn }).id;
  const found = await tx.select({ id }).from(table).where(inArray(id, ids));
  if (found.length !== ids.length) throw fieldError(field, `所选${label}不存在或已被删除`);
  return ids;
}

const given = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * A plan's rules beyond the declared ones (docs/quality.md): the quality type follows the
 * inspection type; it applies to materials, material classes or procedures (process checks by
 * procedure, incoming and finished-product checks by material; suppliers for incoming only); the
 * sampling mode's own value is given and the other modes' cleared; a first-article plan checks 1
 * unit unless told; every item line names an enabled item once, and only a measured item's line
 * has a standard value and limits, in order (an empty one takes the item's).
 */
async function checkPlan(
  tx: Tx,
  values: Record<string, unknown>,
  id: number | null,
  body: Record<string, unknown>,
) {
  const stored =
    id === null ? undefined : (await tx.select().from(inspectionPlans).where(eq(inspectionPlans.id, id)))[0];
  const value = (key: string) =>
    Object.hasOwn(values, key) ? values[key] : (stored as Record<string, unknown> | undefined)?.[key];
  const type = Number(value('inspectionType'));
  values.qualityType = qualityTypeOf(type);

  const scope = {} as Record<ScopeKey, number[]>;
  for (const s of SCOPES)
    scope[s.key] = Array.isArray(body[s.key])
      ? await checkIds(tx, body[s.key], s.key, s.label, s.table)
      : ((stored?.[s.key] ?? []) as number[]);
  const process = PROCESS_INSPECTION_TYPES.includes(type);
  const typeName = inspectionTypes.label(type);
  if (!process && scope.procedureIds.length)
    throw fieldError('procedureIds', `${typeName}方案按物料或物料分类适用，不能选择工序`);
  if (type !== INCOMING_INSPECTION && scope.supplierIds.length)
    throw fieldError('supplierIds', '只有来料检验方案可以指定供应商');
  if (!scope.materialsIds.length && !scope.materialClassIds.length && !scope.procedureIds.length)
    throw fieldError(
      process ? 'procedureIds' : 'materialsIds',
      process ? '请选择适用的物料、物料分类或工序' : '请选择适用的物料或物料分类',
    );

  const mode = Number(value('samplingMode'));
  const need = (key: string, message: string) => {
    if (!given(value(key))) throw fieldError(key, message);
  };
  if (mode === 1) need('sampleSize', '抽样方式为“固定数量”时请填写样本数量');
  if (mode === 2) need('samplePercent', '抽样方式为“按比例”时请填写抽样比例');
  if (mode === 3) {
    need('aql', '抽样方式为“按AQL”时请选择AQL');
    if (!PLAN_AQL_VALUES.includes(Number(value('aql'))))
      throw fieldError('aql', 'AQL须为GB/T 2828.1的标准值（0.010～1000）');
  }
  if (mode !== 1) values.sampleSize = null;
  if (mode !== 2) values.samplePercent = null;
  if (mode !== 3) values.aql = null;
  if (type !== FIRST_ARTICLE_INSPECTION) values.firstArticleQty = null;
  else if (!given(value('firstArticleQty'))) values.firstArticleQty = 1;

  if (Array.isArray(body.lines)) await checkLines(tx, body.lines as Record<string, unknown>[]);
}

/** Every line names an enabled item once; its values, with the item's filling the empty ones, fit the item. */
async function checkLines(tx: Tx, lines: Record<string, unknown>[]) {
  const itemIds = [...new Set(lines.map((l) => l.itemId as number))];
  const items = new Map(
    (
      await tx
        .select({
          id: inspectionItems.id,
          name: inspectionItems.name,
          valueType: inspectionItems.valueType,
          enabled: inspectionItems.enabled,
          standardValue: inspectionItems.standardValue,
          lowerLimit: inspectionItems.lowerLimit,
          upperLimit: inspectionItems.upperLimit,
        })
        .from(inspectionItems)
        .where(inArray(inspectionItems.id, itemIds))
    ).map((i) => [i.id, i]),
  );
  const seen = new Set<unknown>();
  for (const [n, line] of lines.entries()) {
    const row = `第${n + 1}行`;
    const item = items.get(line.itemId as number);
    if (!item) continue; // the crud's reference check has named it
    if (seen.has(item.id)) throw fieldError(`lines.${n}.itemId`, `${row}检验项目“${item.name}”重复`);
    seen.add(item.id);
    if (!item.enabled)
      throw fieldError(`lines.${n}.itemId`, `${row}检验项目“${item.name}”已停用，请移除或先启用该项目`);
    const pick = (key: 'standardValue' | 'lowerLimit' | 'upperLimit') =>
      given(line[key]) ? line[key] : item.valueType === MEASURED ? item[key] : null;
    const problem = limitProblem(item.valueType, {
      standardValue: pick('standardValue'),
      lowerLimit: pick('lowerLimit'),
      upperLimit: pick('upperLimit'),
    });
    if (problem) throw fieldError(`lines.${n}.${problem.field}`, `${row}${problem.message}`);
    if (item.valueType === MEASURED && !given(pick('lowerLimit')) && !given(pick('upperLimit')))
      throw fieldError(`lines.${n}.lowerLimit`, `${row}“${item.name}”是计量项目，请填写下限或上限`);
  }
}

/** After a save: the scope lists, the item lines' empty values from their items, the count, who made it. */
async function savePlan(
  tx: Tx,
  id: number,
  body: Record<string, unknown>,
  isNew: boolean,
  actorId: number | null,
) {
  const set: Partial<typeof inspectionPlans.$inferInsert> = {
    itemCount: sql`(select count(*)::int from ${inspectionPlanItems} l where l.plan_id = ${id})` as never,
  };
  for (const s of SCOPES) if (Array.isArray(body[s.key])) set[s.key] = [...new Set(body[s.key] as number[])];
  if (isNew) set.createdBy = actorId;
  await tx.update(inspectionPlans).set(set).where(eq(inspectionPlans.id, id));
  // a line keeps its own values; what it left empty is the item's as the plan is saved
  if (Array.isArray(body.lines))
    await tx.execute(sql`
      update ${inspectionPlanItems} l set
        standard_value = coalesce(l.standard_value, i.standard_value),
        lower_limit = coalesce(l.lower_limit, i.lower_limit),
        upper_limit = coalesce(l.upper_limit, i.upper_limit)
      from ${inspectionItems} i
      where i.id = l.item_id and l.plan_id = ${id} and i.value_type = ${MEASURED}`);
}

const itemValue = (column: PgColumn) => lookedUp(inspectionPlanItems.itemId, column);

/** 质检方案 (quality-inspection-plan): the declared calls with the plan's rules and its item lines. */
export const qualityInspectionPlan = crud({
  entity: qualityInspectionPlanEntity,
  table: inspectionPlans,
  columns: {
    materialsIds: inspectionPlans.materialsIds,
    materialClassIds: inspectionPlans.materialClassIds,
    procedureIds: inspectionPlans.procedureIds,
    supplierIds: inspectionPlans.supplierIds,
    materialNames: namesOf(inspectionPlans.materialsIds, 'material'),
    materialClassNames: namesOf(inspectionPlans.materialClassIds, 'material_class'),
    procedureNames: namesOf(inspectionPlans.procedureIds, 'procedure'),
    supplierNames: namesOf(inspectionPlans.supplierIds, 'supplier'),
  },
  lines: {
    table: inspectionPlanItems,
    docId: inspectionPlanItems.planId,
    refs: {
      itemName: { id: inspectionItems.id, name: inspectionItems.name, code: inspectionItems.code },
    },
    columns: {
      itemCode: itemValue(inspectionItems.code),
      category: itemValue(inspectionItems.category),
      valueType: sql<number>`(select i.value_type from ${inspectionItems} i where i.id = ${qualified(inspectionPlanItems.itemId)})`,
      unit: itemValue(inspectionItems.unit),
    },
  },
  hooks: { validate: checkPlan, saved: savePlan },
});

/** A copy of a plan under a new name: its scope, sampling and item lines; disabled until checked. */
export async function copyPlan(tx: Tx, actorId: number, id: number, name: string): Promise<number> {
  const source = await qualityInspectionPlan.detail(tx, id);
  const body: Record<string, unknown> = {};
  for (const [key, f] of formFields(qualityInspectionPlanEntity)) {
    const k = bodyKey(key, f);
    if (key !== 'isEnabled' && source[k] !== null && source[k] !== undefined) body[k] = source[k];
  }
  for (const s of SCOPES) body[s.key] = source[s.key];
  body.name = name;
  body.lines = (source.lines as Record<string, unknown>[]).map((l) => ({
    itemId: l.itemId,
    standardValue: l.standardValue,
    lowerLimit: l.lowerLimit,
    upperLimit: l.upperLimit,
  }));
  const copy = await qualityInspectionPlan.create(tx, actorId, body);
  await qualityInspectionPlan.setEnabled(tx, actorId, copy, false);
  return copy;
}

export const copyPlanRoute = handle(qualityApi.copyPlan, {
  handler: async ({ tx, session, body }) =>
    qualityInspectionPlan.detail(tx, await copyPlan(tx, session.userId, body.id, body.name)) as never,
});

/** What an inspection is of: its type, and the material, procedure and supplier it concerns. */
export interface PlanQuery {
  inspectionType: number;
  materialsId?: number | null;
  procedureId?: number | null;
  supplierId?: number | null;
}

/** Whether rank `a` comes before `b`, compared place by place. */
function outranks(a: readonly number[], b: readonly number[]) {
  for (const [i, v] of a.entries()) if (v !== b[i]) return v > b[i];
  return false;
}

/** Most levels of material classes climbed looking for a plan (a loop is not a design). */
const MAX_CLASS_DEPTH = 20;

/**
 * The enabled plan of the inspection type that applies, most specific first (docs/quality.md): a
 * plan applies when each scope it names matches — the material listed, or its class or a class
 * above it; the procedure listed; for incoming, the supplier listed. Of those, one listing the
 * material wins over one listing its class (the nearer class first), over one not narrowing by
 * material; then one naming the procedure, then the supplier; then the newest. Undefined when none.
 */
export async function planFor(tx: Tx, q: PlanQuery): Promise<{ id: number; name: string } | undefined> {
  const plans = await tx
    .select({
      id: inspectionPlans.id,
      name: inspectionPlans.name,
      materialsIds: inspectionPlans.materialsIds,
      materialClassIds: inspectionPlans.materialClassIds,
      procedureIds: inspectionPlans.procedureIds,
      supplierIds: inspectionPlans.supplierIds,
    })
    .from(inspectionPlans)
    .where(and(eq(inspectionPlans.inspectionType, q.inspectionType), eq(inspectionPlans.enabled, true)));
  if (!plans.length) return undefined;
  // the material's class and the classes above it, nearest first
  const classDepth = new Map<number, number>();
  if (q.materialsId) {
    const found = await tx.execute(sql`
      with recursive up(id, parent_id, depth) as (
        select c.id, c.parent_id, 0 from ${materialClasses} c
          join ${materials} m on m.class_id = c.id where m.id = ${q.materialsId}
        union all
        select c.id, c.parent_id, up.depth + 1 from ${materialClasses} c join up on c.id = up.parent_id
        where up.depth < ${MAX_CLASS_DEPTH}
      ) select id, depth from up`);
    for (const r of (found as unknown as { rows: { id: number; depth: number }[] }).rows)
      if (!classDepth.has(Number(r.id))) classDepth.set(Number(r.id), Number(r.depth));
  }
  let best: { id: number; name: string; rank: number[] } | undefined;
  for (const p of plans) {
    const byMaterial = p.materialsIds.length > 0 || p.materialClassIds.length > 0;
    const listed = !!q.materialsId && p.materialsIds.includes(q.materialsId);
    const depths = p.materialClassIds.map((c) => classDepth.get(c)).filter((d) => d !== undefined);
    const nearest = depths.length ? Math.min(...depths) : undefined;
    if (byMaterial && !listed && nearest === undefined) continue;
    if (p.procedureIds.length && !(q.procedureId && p.procedureIds.includes(q.procedureId))) continue;
    if (p.supplierIds.length && !(q.supplierId && p.supplierIds.includes(q.supplierId))) continue;
    const rank = [
      listed ? 2 : nearest !== undefined ? 1 : 0,
      listed || nearest === undefined ? 0 : MAX_CLASS_DEPTH - nearest,
      p.procedureIds.length ? 1 : 0,
      p.supplierIds.length ? 1 : 0,
      p.id,
    ];
    if (!best || outranks(rank, best.rank)) best = { id: p.id, name: p.name, rank };
  }
  return best && { id: best.id, name: best.name };
}
