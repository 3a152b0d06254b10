import { type InspectionSheet, qualityApi, type SaveResultsBody } from '@factory/shared/api/quality';
import { fromMicro, least, micro } from '@factory/shared/decimal';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import {
  MAX_ORDER_SAMPLES,
  qualityInspectionOrderEntity,
  qualityTypeOf,
} from '@factory/shared/entities/quality';
import { inspectionOrderMachine } from '@factory/shared/machines/quality';
import {
  type SamplePlan,
  SamplingError,
  type SamplingMode,
  sampleSizeOf,
} from '@factory/shared/quality/sampling';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { nowOf } from '../../platform/clock.ts';
import {
  crudContext,
  detailCalls,
  exportCalls,
  listCalls,
  qualified,
  removeCalls,
} from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { lookedUp } from '../../platform/list.ts';
import { type Actor, type DocRow, machineService } from '../../platform/machine.ts';
import { takeCodes } from '../../platform/numbering.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { flagsOfTenant } from '../../platform/tenancy.ts';
import { batchNumbers, materials, procedures, scrapReasons, suppliers } from '../information/index.ts';
import { holdFinished, produceTasks, produceWorkOrders } from '../plans/index.ts';
import { users } from '../setting/index.ts';
import { holdBatch, releaseBatch } from '../warehouse/index.ts';
import { openFromInspection } from './nonconforming.ts';
import { planFor } from './plans.ts';
import {
  defectItems,
  inspectionDefects,
  inspectionItems,
  inspectionOrderItems,
  inspectionOrders,
  inspectionPlanItems,
  inspectionPlans,
  inspectionResults,
} from './schema.ts';

/** inspectionSource values (DOMAIN "Triggers"). */
export const SOURCE = { hand: 0, firstReport: 1, lastReport: 2, receipt: 3 } as const;

const userName = (column: PgColumn) => lookedUp(column, users.name);

const context = crudContext({
  entity: qualityInspectionOrderEntity,
  table: inspectionOrders,
  document: { number: inspectionOrders.code },
  refs: {
    materialsName: { id: materials.id, name: materials.name, code: materials.code },
    planName: { id: inspectionPlans.id, name: inspectionPlans.name },
    workOrderCode: { id: produceWorkOrders.id, name: produceWorkOrders.code },
    procedureName: { id: procedures.id, name: procedures.name, code: procedures.code },
    supplierName: { id: suppliers.id, name: suppliers.name, code: suppliers.code },
  },
  columns: {
    version: inspectionOrders.version,
    effective: inspectionOrders.effective,
    taskId: inspectionOrders.taskId,
    inspectorId: inspectionOrders.inspectorId,
    materialsCode: lookedUp(inspectionOrders.materialsId, materials.code),
    materialsSpecifications: lookedUp(inspectionOrders.materialsId, materials.specifications),
    inspectorName: userName(inspectionOrders.inspectorId),
    auditorName: userName(inspectionOrders.auditorId),
    approverName: userName(inspectionOrders.approverId),
    lotQuantity: sql<number>`${qualified(inspectionOrders.lotQuantity)}::float8`,
    rejectedQuantity: sql<number>`${qualified(inspectionOrders.rejectedQuantity)}::float8`,
  },
  idFilters: {
    workOrderId: inspectionOrders.workOrderId,
    taskId: inspectionOrders.taskId,
    batchId: inspectionOrders.batchId,
  },
  hooks: {
    // an order an event raised goes when its source is undone; one begun is kept as a record
    async removing(tx, id) {
      const [row] = await tx
        .select({
          code: inspectionOrders.code,
          status: inspectionOrders.status,
          sourceType: inspectionOrders.sourceType,
        })
        .from(inspectionOrders)
        .where(eq(inspectionOrders.id, id));
      if (!row) return;
      if (row.status !== 1) throw conflict(`质检单“${row.code}”已开始检验，不能删除`);
      if (row.sourceType !== SOURCE.hand)
        throw conflict(
          `质检单“${row.code}”由${sourceLabel(row.sourceType)}生成，撤销来源单据时随之删除，不能单独删除`,
        );
    },
  },
});

const sourceLabel = (t: number) => (t === SOURCE.receipt ? '采购收货' : '报工');

/** What an order is raised for (by an event, or by hand). */
export interface RaiseInput {
  inspectionType: number;
  /** The plan to follow; none: the one `planFor` picks (none applying: no order). */
  planId?: number | null;
  materialsId: number;
  /** Decimal text; sampling counts it in whole units (rounded up). */
  lotQuantity: string;
  sourceType: number;
  sourceId?: number | null;
  sourceCode?: string | null;
  batchId?: number | null;
  batchCode?: string | null;
  workOrderId?: number | null;
  taskId?: number | null;
  procedureId?: number | null;
  supplierId?: number | null;
  remark?: string | null;
}

/** Whole units of a lot for the sampling tables (a lot of 2.5 coils counts 3). */
const unitsOf = (lot: string) => Number((micro(lot) + 999_999n) / 1_000_000n);

/**
 * Raises an inspection order (DOMAIN "Inspection order"): the plan's items as they are now, the
 * sample size and Ac/Re its sampling gives for the lot, numbered by the tenant's rule. Answers
 * undefined when no plan is given and none applies.
 */
export async function raiseInspection(
  tx: Tx,
  actorId: number | null,
  input: RaiseInput,
): Promise<{ id: number; code: string } | undefined> {
  const planId =
    input.planId ??
    (
      await planFor(tx, {
        inspectionType: input.inspectionType,
        materialsId: input.materialsId,
        procedureId: input.procedureId,
        supplierId: input.supplierId,
      })
    )?.id;
  if (!planId) return undefined;
  const [plan] = await tx.select().from(inspectionPlans).where(eq(inspectionPlans.id, planId));
  if (!plan) throw fieldError('planId', '所选质检方案不存在或已被删除');
  const units = unitsOf(input.lotQuantity);
  const firstArticle = input.inspectionType === 2 && plan.firstArticleQty !== null;
  // Table 1 starts at a lot of 2: a single unit is inspected whole
  const mode = (
    firstArticle ? 1 : plan.samplingMode === 3 && units < 2 ? 0 : plan.samplingMode
  ) as SamplingMode;
  let sampling: SamplePlan;
  try {
    sampling = firstArticle
      ? sampleSizeOf(1, { lotSize: units, fixed: plan.firstArticleQty ?? 1 })
      : sampleSizeOf(mode, {
          lotSize: units,
          fixed: plan.sampleSize ?? undefined,
          percent: plan.samplePercent === null ? undefined : Number(plan.samplePercent),
          aql: plan.aql === null ? undefined : Number(plan.aql),
        });
  } catch (e) {
    if (e instanceof SamplingError) throw fieldError('lotQuantity', e.message);
    throw e;
  }
  if (sampling.sampleSize > MAX_ORDER_SAMPLES)
    throw fieldError(
      'lotQuantity',
      `样本量 ${sampling.sampleSize} 超过单张质检单上限 ${MAX_ORDER_SAMPLES}，请分批检验`,
    );
  const [code] = await takeCodes(tx, qualityInspectionOrderEntity.name);
  const [order] = await tx
    .insert(inspectionOrders)
    .values({
      code,
      inspectionType: input.inspectionType,
      qualityType: qualityTypeOf(input.inspectionType),
      sourceType: input.sourceType,
      sourceId: input.sourceId ?? null,
      sourceCode: input.sourceCode ?? null,
      planId,
      materialsId: input.materialsId,
      batchId: input.batchId ?? null,
      batchCode: input.batchCode ?? null,
      workOrderId: input.workOrderId ?? null,
      taskId: input.taskId ?? null,
      procedureId: input.procedureId ?? null,
      supplierId: input.supplierId ?? null,
      lotQuantity: input.lotQuantity,
      samplingMode: mode,
      aql: mode === 3 ? plan.aql : null,
      sampleQuantity: sampling.sampleSize,
      acceptNumber: sampling.accept,
      rejectNumber: sampling.reject,
      remark: input.remark ?? null,
      createdBy: actorId,
      createdAt: nowOf(tx),
      updatedAt: nowOf(tx),
    })
    .returning({ id: inspectionOrders.id });
  await tx.execute(sql`
    insert into ${inspectionOrderItems} (tenant_id, order_id, line_no, item_id, value_type, standard_value, lower_limit, upper_limit)
    select l.tenant_id, ${order.id}, l.line_no, l.item_id, i.value_type, l.standard_value, l.lower_limit, l.upper_limit
    from ${inspectionPlanItems} l join ${inspectionItems} i on i.id = l.item_id
    where l.plan_id = ${planId}`);
  return { id: order.id, code };
}

/** 手工开单: the add form's body; the plan, sample size and items follow as for an event. */
async function raiseByHand(tx: Tx, actorId: number, body: Record<string, unknown>) {
  const type = Number(body.inspectionType);
  const materialsId = Number(body.materialsId);
  const [material] = await tx
    .select({ id: materials.id })
    .from(materials)
    .where(eq(materials.id, materialsId));
  if (!material) throw fieldError('materialsId', '所选物料不存在或已被删除');
  let taskId: number | null = null;
  const workOrderId = (body.workOrderId as number | undefined) ?? null;
  const procedureId = (body.procedureId as number | undefined) ?? null;
  if (workOrderId) {
    const [wo] = await tx
      .select({ id: produceWorkOrders.id })
      .from(produceWorkOrders)
      .where(eq(produceWorkOrders.id, workOrderId));
    if (!wo) throw fieldError('workOrderId', '所选工单不存在或已被删除');
    if (procedureId) {
      const [task] = await tx
        .select({ id: produceTasks.id })
        .from(produceTasks)
        .where(and(eq(produceTasks.workOrderId, workOrderId), eq(produceTasks.procedureId, procedureId)))
        .orderBy(asc(produceTasks.seq))
        .limit(1);
      if (!task) throw fieldError('procedureName', '所选工单没有该工序');
      taskId = task.id;
    }
  }
  const batchCode = (body.batchCode as string | undefined)?.trim() || null;
  let batchId: number | null = null;
  if (batchCode) {
    const [batch] = await tx
      .select({ id: batchNumbers.id, materialId: batchNumbers.materialId })
      .from(batchNumbers)
      .where(eq(batchNumbers.code, batchCode));
    if (batch && batch.materialId !== materialsId)
      throw fieldError('batchCode', `批次“${batchCode}”不是所选物料的批次`);
    batchId = batch?.id ?? null;
  }
  const planId = (body.planId as number | undefined) ?? null;
  if (planId) {
    const [plan] = await tx
      .select({
        type: inspectionPlans.inspectionType,
        enabled: inspectionPlans.enabled,
        name: inspectionPlans.name,
      })
      .from(inspectionPlans)
      .where(eq(inspectionPlans.id, planId));
    if (!plan) throw fieldError('planName', '所选质检方案不存在或已被删除');
    if (!plan.enabled) throw fieldError('planName', `质检方案“${plan.name}”已停用`);
    if (plan.type !== type) throw fieldError('planName', `质检方案“${plan.name}”不是该检验类型的方案`);
  }
  const raised = await raiseInspection(tx, actorId, {
    inspectionType: type,
    planId,
    materialsId,
    lotQuantity: String(body.lotQuantity),
    sourceType: SOURCE.hand,
    batchId,
    batchCode,
    workOrderId,
    taskId,
    procedureId,
    supplierId: (body.supplierId as number | undefined) ?? null,
    remark: (body.remark as string | undefined)?.trim() || null,
  });
  if (!raised)
    throw fieldError('planName', '没有适用于该物料（工序）的启用质检方案，请选择方案或先在质检方案中配置');
  return raised;
}

/** The NG judgement of a measured or counted value against its line (docs/quality.md "Results"). */
export function judge(
  valueType: number,
  value: number,
  line: { lowerLimit: string | null; upperLimit: string | null },
): 0 | 1 {
  const lower = line.lowerLimit === null ? undefined : Number(line.lowerLimit);
  const upper = line.upperLimit === null ? undefined : Number(line.upperLimit);
  if (valueType === 2) return value > (upper ?? 0) ? 1 : 0;
  return (lower !== undefined && value < lower) || (upper !== undefined && value > upper) ? 1 : 0;
}

/** 录入结果: the cells given, written or cleared; the defects found, replaced when given. */
async function record(tx: Tx, row: DocRow, body: SaveResultsBody, actorId: number | null) {
  const lines = new Map(
    (
      await tx
        .select({
          lineNo: inspectionOrderItems.lineNo,
          valueType: inspectionOrderItems.valueType,
          lowerLimit: inspectionOrderItems.lowerLimit,
          upperLimit: inspectionOrderItems.upperLimit,
          name: inspectionItems.name,
        })
        .from(inspectionOrderItems)
        .innerJoin(inspectionItems, eq(inspectionItems.id, inspectionOrderItems.itemId))
        .where(eq(inspectionOrderItems.orderId, row.id))
    ).map((l) => [l.lineNo, l]),
  );
  const n = row.sampleQuantity as number;
  const write: { sampleNo: number; lineNo: number; value: string | null; judgement: number }[] = [];
  const clear: { sampleNo: number; lineNo: number }[] = [];
  for (const [i, cell] of body.results.entries()) {
    const at = `results.${i}`;
    const line = lines.get(cell.lineNo);
    if (!line) throw fieldError(`${at}.lineNo`, `第${i + 1}个结果的检验项目不在该质检单中`);
    if (cell.sampleNo > n) throw fieldError(`${at}.sampleNo`, `样本号 ${cell.sampleNo} 超出样本量 ${n}`);
    const value = cell.value ?? null;
    const where = `样本${cell.sampleNo}的“${line.name}”`;
    if (line.valueType === 0) {
      if (cell.judgement === undefined || cell.judgement === null) {
        clear.push(cell);
        continue;
      }
      write.push({ ...cell, value: null, judgement: cell.judgement });
      continue;
    }
    if (value === null) {
      clear.push(cell);
      continue;
    }
    if (line.valueType === 2 && (!Number.isInteger(value) || value < 0))
      throw fieldError(`${at}.value`, `${where}是缺陷数，应为非负整数`);
    write.push({ ...cell, value: String(value), judgement: judge(line.valueType, value, line) });
  }
  if (clear.length)
    await tx.delete(inspectionResults).where(
      and(
        eq(inspectionResults.orderId, row.id),
        sql`(${inspectionResults.sampleNo}, ${inspectionResults.lineNo}) in (${sql.join(
          clear.map((c) => sql`(${c.sampleNo}, ${c.lineNo})`),
          sql`, `,
        )})`,
      ),
    );
  // in slices: a sheet of 1 250 samples × 10 items is 12 500 cells
  for (let k = 0; k < write.length; k += 1000)
    await tx
      .insert(inspectionResults)
      .values(write.slice(k, k + 1000).map((c) => ({ orderId: row.id, ...c })))
      .onConflictDoUpdate({
        target: [
          inspectionResults.tenantId,
          inspectionResults.orderId,
          inspectionResults.sampleNo,
          inspectionResults.lineNo,
        ],
        set: { value: sql`excluded.value`, judgement: sql`excluded.judgement` },
      });
  if (body.defects) {
    const defectIds = [...new Set(body.defects.map((d) => d.defectItemId))];
    const found = defectIds.length
      ? await tx.select({ id: defectItems.id }).from(defectItems).where(inArray(defectItems.id, defectIds))
      : [];
    const reasonIds = [...new Set(body.defects.flatMap((d) => (d.reasonId ? [d.reasonId] : [])))];
    const reasons = reasonIds.length
      ? await tx.select({ id: scrapReasons.id }).from(scrapReasons).where(inArray(scrapReasons.id, reasonIds))
      : [];
    for (const [i, d] of body.defects.entries()) {
      if (!found.some((f) => f.id === d.defectItemId))
        throw fieldError(`defects.${i}.defectItemId`, `不良明细第${i + 1}行所选不良项目不存在或已被删除`);
      if (d.reasonId && !reasons.some((r) => r.id === d.reasonId))
        throw fieldError(`defects.${i}.reasonId`, `不良明细第${i + 1}行所选不良原因不存在或已被删除`);
    }
    await tx.delete(inspectionDefects).where(eq(inspectionDefects.orderId, row.id));
    if (body.defects.length)
      await tx.insert(inspectionDefects).values(
        body.defects.map((d, i) => ({
          orderId: row.id,
          lineNo: i + 1,
          defectItemId: d.defectItemId,
          reasonId: d.reasonId ?? null,
          quantity: d.quantity,
          remark: d.remark?.trim() || null,
        })),
      );
  }
  return {
    ngQuantity: await defectivesOf(tx, row.id),
    ...(row.status === 1 ? { inspectorId: actorId, startedAt: nowOf(tx) } : {}),
  };
}

/** Samples with at least one NG item: the defectives the sampling plan's Ac/Re judge. */
async function defectivesOf(tx: Tx, orderId: number): Promise<number> {
  const [r] = await tx
    .select({ n: sql<number>`count(distinct ${inspectionResults.sampleNo})::int` })
    .from(inspectionResults)
    .where(and(eq(inspectionResults.orderId, orderId), eq(inspectionResults.judgement, 1)));
  return r.n;
}

/**
 * The verdict (docs/quality.md "Verdict"): rejected when the defective samples reach Re or a
 * critical defect was found; what it keeps out of use: the lot when sampled, only the NG units
 * when every unit was inspected.
 */
async function verdictOf(tx: Tx, row: DocRow) {
  const ng = await defectivesOf(tx, row.id);
  const [critical] = await tx
    .select({ name: defectItems.name })
    .from(inspectionDefects)
    .innerJoin(defectItems, eq(defectItems.id, inspectionDefects.defectItemId))
    .where(and(eq(inspectionDefects.orderId, row.id), eq(defectItems.severity, 0)))
    .limit(1);
  const verdict = ng >= (row.rejectNumber as number) || critical ? 1 : 0;
  const lot = micro(String(row.lotQuantity));
  const full = BigInt(row.sampleQuantity as number) * 1_000_000n >= lot;
  const rejected = verdict === 0 ? 0n : full ? BigInt(ng) * 1_000_000n : lot;
  return { verdict, ngQuantity: ng, rejectedQuantity: fromMicro(least(rejected, lot)) };
}

/** Where in the audit chain the verdict takes effect for this tenant: 3 submit, 4 audit, 5 approval. */
async function effectiveAt(tx: Tx): Promise<3 | 4 | 5> {
  const flags = await flagsOfTenant(tx);
  return flags.qualityApproval ? 5 : flags.qualityAudit ? 4 : 3;
}

/**
 * The verdict applied to what waits on the lot (docs/quality.md "What a verdict holds"): a batch
 * passed is released (合格) and its stock given back, one rejected stays held (不合格); a finished
 * lot passed becomes stockable, a rejected one keeps its NG units (or the whole lot) held; a
 * first-article verdict is read by the report gate.
 */
async function applyVerdict(tx: Tx, row: DocRow, verdict: number, rejected: string) {
  const batchId = row.batchId as number | null;
  if (batchId) {
    await tx
      .update(batchNumbers)
      .set({ qualityStatus: verdict === 0 ? 1 : 2 })
      .where(eq(batchNumbers.id, batchId));
    if (verdict === 0) await releaseBatch(tx, batchId);
    else if (row.sourceType === SOURCE.hand) await holdBatch(tx, batchId);
  }
  if (row.sourceType === SOURCE.lastReport && row.workOrderId) {
    const freed = micro(String(row.lotQuantity)) - micro(rejected);
    if (freed > 0n) await holdFinished(tx, row.workOrderId as number, fromMicro(-freed));
  }
  if (verdict === 1) await openFromInspection(tx, row, rejected);
  return { effective: true };
}

const actorIdOf = (actor: Actor) => (actor === 'system' ? null : actor.userId);

/** Someone other than the inspector audits and approves. */
function notInspector(what: string) {
  return async (_tx: Tx, row: DocRow, _input: unknown, actor: Actor) => {
    if (actor !== 'system' && actor.userId === row.inspectorId)
      throw conflict(`质检单“${row.code}”须由检验员以外的人${what}`);
  };
}

/** Applies the verdict at the tenant's level of the audit chain, once. */
const takeEffect = (level: 3 | 4 | 5) => async (tx: Tx, row: DocRow) =>
  !row.effective && (await effectiveAt(tx)) === level
    ? applyVerdict(tx, row, row.verdict as number, String(row.rejectedQuantity))
    : {};

export const inspectionOrderActions = machineService({
  machine: inspectionOrderMachine,
  table: inspectionOrders,
  number: inspectionOrders.code,
  hooks: {
    record: {
      effect: (tx, row, input, actor) => record(tx, row, input.body as SaveResultsBody, actorIdOf(actor)),
    },
    submit: {
      async guard(tx, row) {
        const [missing] = await tx
          .execute<{ sample_no: number; name: string }>(sql`
          select s.n as sample_no, i.name from generate_series(1, ${row.sampleQuantity as number}) s(n)
          cross join ${inspectionOrderItems} l join ${inspectionItems} i on i.id = l.item_id
          where l.order_id = ${row.id} and not exists (select 1 from ${inspectionResults} r
            where r.order_id = l.order_id and r.sample_no = s.n and r.line_no = l.line_no)
          order by s.n, l.line_no limit 1`)
          .then((r) => (r as unknown as { rows: { sample_no: number; name: string }[] }).rows);
        if (missing)
          throw conflict(`质检单“${row.code}”样本${missing.sample_no}的“${missing.name}”尚未录入结果`);
      },
      async effect(tx, row, _input, actor) {
        const v = await verdictOf(tx, row);
        const now = nowOf(tx);
        const done = {
          ...v,
          completedAt: now,
          inspectorId: (row.inspectorId as number | null) ?? actorIdOf(actor),
        };
        return (await effectiveAt(tx)) === 3
          ? { ...done, ...(await applyVerdict(tx, row, v.verdict, v.rejectedQuantity)) }
          : done;
      },
    },
    audit: {
      guard: notInspector('审核'),
      effect: async (tx, row, _input, actor) => ({
        auditorId: actorIdOf(actor),
        auditedAt: nowOf(tx),
        ...(await takeEffect(4)(tx, row)),
      }),
    },
    approve: {
      guard: notInspector('批准'),
      effect: async (tx, row, _input, actor) => ({
        approverId: actorIdOf(actor),
        approvedAt: nowOf(tx),
        ...(await takeEffect(5)(tx, row)),
      }),
    },
    sendBack: {
      effect: async () => ({ verdict: null, completedAt: null, auditorId: null, auditedAt: null }),
    },
  },
});

/** The inspection sheet: items, results, defects. */
async function sheetOf(tx: Tx, id: number): Promise<InspectionSheet> {
  const [order] = await tx
    .select({ n: inspectionOrders.sampleQuantity })
    .from(inspectionOrders)
    .where(eq(inspectionOrders.id, id));
  if (!order) throw notFound('质检单');
  const num = (v: string | null) => (v === null ? null : Number(v));
  const items = await tx
    .select({
      lineNo: inspectionOrderItems.lineNo,
      itemId: inspectionOrderItems.itemId,
      code: inspectionItems.code,
      name: inspectionItems.name,
      category: inspectionItems.category,
      valueType: inspectionOrderItems.valueType,
      unit: inspectionItems.unit,
      method: inspectionItems.method,
      instrument: inspectionItems.instrument,
      standardValue: inspectionOrderItems.standardValue,
      lowerLimit: inspectionOrderItems.lowerLimit,
      upperLimit: inspectionOrderItems.upperLimit,
      ngCount: sql<number>`(select count(*)::int from ${inspectionResults} r
        where r.order_id = ${id} and r.line_no = ${qualified(inspectionOrderItems.lineNo)} and r.judgement = 1)`,
    })
    .from(inspectionOrderItems)
    .innerJoin(inspectionItems, eq(inspectionItems.id, inspectionOrderItems.itemId))
    .where(eq(inspectionOrderItems.orderId, id))
    .orderBy(asc(inspectionOrderItems.lineNo));
  const results = await tx
    .select({
      sampleNo: inspectionResults.sampleNo,
      lineNo: inspectionResults.lineNo,
      value: inspectionResults.value,
      judgement: inspectionResults.judgement,
    })
    .from(inspectionResults)
    .where(eq(inspectionResults.orderId, id))
    .orderBy(asc(inspectionResults.sampleNo), asc(inspectionResults.lineNo));
  const defects = await tx
    .select({
      defectItemId: inspectionDefects.defectItemId,
      defectName: defectItems.name,
      severity: defectItems.severity,
      reasonId: inspectionDefects.reasonId,
      reasonName: scrapReasons.name,
      quantity: inspectionDefects.quantity,
      remark: inspectionDefects.remark,
    })
    .from(inspectionDefects)
    .innerJoin(defectItems, eq(defectItems.id, inspectionDefects.defectItemId))
    .leftJoin(scrapReasons, eq(scrapReasons.id, inspectionDefects.reasonId))
    .where(eq(inspectionDefects.orderId, id))
    .orderBy(asc(inspectionDefects.lineNo));
  return {
    sampleQuantity: order.n,
    items: items.map((i) => ({
      ...i,
      standardValue: num(i.standardValue),
      lowerLimit: num(i.lowerLimit),
      upperLimit: num(i.upperLimit),
    })),
    results: results.map((r) => ({ ...r, value: num(r.value) })),
    defects,
  };
}

/** The orders an event raised from one source (a report, a receipt), newest first. */
export async function ordersFrom(tx: Tx, sourceTypes: number[], sourceId: number) {
  return tx
    .select({
      id: inspectionOrders.id,
      code: inspectionOrders.code,
      status: inspectionOrders.status,
      sourceType: inspectionOrders.sourceType,
      workOrderId: inspectionOrders.workOrderId,
      batchId: inspectionOrders.batchId,
      lotQuantity: inspectionOrders.lotQuantity,
    })
    .from(inspectionOrders)
    .where(and(inArray(inspectionOrders.sourceType, sourceTypes), eq(inspectionOrders.sourceId, sourceId)))
    .orderBy(desc(inspectionOrders.id))
    .for('update');
}

/** Deletes orders not begun (their source was undone); refuses naming the first begun. */
export async function dropUnbegun(
  tx: Tx,
  orders: { id: number; code: string; status: number }[],
  what: string,
) {
  const begun = orders.find((o) => o.status !== 1);
  if (begun) throw conflict(`${what}已生成质检单“${begun.code}”并开始检验，不能撤销`);
  if (orders.length)
    await tx.delete(inspectionOrders).where(
      inArray(
        inspectionOrders.id,
        orders.map((o) => o.id),
      ),
    );
}

const addEndpoint = entityEndpoints(qualityInspectionOrderEntity).add;
if (!addEndpoint) throw new Error('qualityInspectionOrder: the route has no Add button');

export const inspectionOrderRoutes: RouteDef[] = [
  ...listCalls(context).routes,
  ...detailCalls(context).routes,
  handle(addEndpoint, {
    handler: async ({ tx, session, body }) => {
      const raised = await raiseByHand(tx, session.userId, body as unknown as Record<string, unknown>);
      return (await detailCalls(context).detail(tx, raised.id)) as never;
    },
  }),
  ...removeCalls(context).routes,
  ...exportCalls(context).routes,
  ...inspectionOrderActions.routes,
  inspectionOrderActions.ownRoute(qualityApi.record, 'record'),
  handle(qualityApi.sheet, { handler: ({ tx, query }) => sheetOf(tx, query.id) }),
];
