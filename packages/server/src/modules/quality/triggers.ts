import { fromMicro, micro } from '@factory/shared/decimal';
import { and, desc, eq, sql } from 'drizzle-orm';
import { qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';
import { batchNumbers } from '../information/index.ts';
import {
  holdFinished,
  onReport,
  produceTasks,
  produceWorkOrders,
  type ReportEvent,
  reportWorks,
} from '../plans/index.ts';
import { noteInspection, onReceipt, type ReceiptEvent } from '../purchase/index.ts';
import { holdBatch, releaseBatch } from '../warehouse/index.ts';
import { dropFromReport, openFromReport } from './nonconforming.ts';
import { dropUnbegun, ordersFrom, raiseInspection, SOURCE } from './orders.ts';
import { planFor } from './plans.ts';
import { inspectionOrders } from './schema.ts';

/**
 * The events that raise inspection orders, in the transaction of the fact (docs/quality.md
 * "Triggers"), and what a pending or rejected order holds back meanwhile.
 */

const FIRST_ARTICLE = 2;
const FINISHED = 5;
const INCOMING = 4;

/**
 * 采购收货: each received batch of a material an incoming plan covers (for its supplier) gets an
 * incoming inspection order, the batch waits (待检) and its stock is held until the verdict.
 */
async function received(tx: Tx, e: ReceiptEvent) {
  const raised: number[] = [];
  for (const r of e.receipts) {
    const order = await raiseInspection(tx, null, {
      inspectionType: INCOMING,
      materialsId: r.materialsId,
      supplierId: e.supplierId,
      lotQuantity: r.quantity,
      sourceType: SOURCE.receipt,
      sourceId: r.id,
      sourceCode: e.stockDocCode,
      batchId: r.batchId,
      batchCode: r.batchCode,
    });
    if (!order) continue;
    await tx.update(batchNumbers).set({ qualityStatus: 0 }).where(eq(batchNumbers.id, r.batchId));
    await holdBatch(tx, r.batchId);
    raised.push(r.id);
  }
  await noteInspection(tx, raised);
}

/** 冲销收货: the receipt's orders go with it while none has begun, and the batch's hold is given back. */
async function reversing(tx: Tx, e: ReceiptEvent) {
  for (const r of e.receipts) {
    const orders = await ordersFrom(tx, [SOURCE.receipt], r.id);
    await dropUnbegun(tx, orders, `收货单“${e.stockDocCode}”`);
    if (orders.length) await releaseBatch(tx, r.batchId);
  }
}

/** The report written and its step, work order and product. */
async function reportOf(tx: Tx, reportId: number) {
  const [r] = await tx
    .select({
      code: reportWorks.code,
      quantity: sql<string>`(${reportWorks.goodQuantity} + ${reportWorks.defectQuantity} + ${reportWorks.repairQuantity})::text`,
      good: sql<string>`${reportWorks.goodQuantity}::text`,
      defects: sql<string>`${reportWorks.defectQuantity}::text`,
      repaired: sql<string>`${reportWorks.repairQuantity}::text`,
      reworkWorkOrderId: reportWorks.reworkWorkOrderId,
      reworkCode: sql<
        string | null
      >`(select w.code from ${produceWorkOrders} w where w.id = ${qualified(reportWorks.reworkWorkOrderId)})`,
      taskId: produceTasks.id,
      taskCode: produceTasks.code,
      procedureId: produceTasks.procedureId,
      workOrderId: produceWorkOrders.id,
      materialsId: produceWorkOrders.materialsId,
      isLast: sql<boolean>`not exists (select 1 from ${produceTasks} t
        where t.work_order_id = ${qualified(produceTasks.workOrderId)} and t.seq > ${qualified(produceTasks.seq)})`,
    })
    .from(reportWorks)
    .innerJoin(produceTasks, eq(produceTasks.id, reportWorks.taskId))
    .innerJoin(produceWorkOrders, eq(produceWorkOrders.id, produceTasks.workOrderId))
    .where(eq(reportWorks.id, reportId));
  return r;
}

/**
 * The first-article gate (DOMAIN "Report work": reports beyond the first-article quantity wait): a
 * step under a first-article plan raises its order with its first report; further reports are
 * refused until the step's latest first-article order has passed and taken effect. A rejected one
 * asks for a new first-article check (raised by hand on the step).
 */
async function firstArticle(
  tx: Tx,
  report: NonNullable<Awaited<ReturnType<typeof reportOf>>>,
  reportId: number,
) {
  const [latest] = await tx
    .select({
      code: inspectionOrders.code,
      verdict: inspectionOrders.verdict,
      effective: inspectionOrders.effective,
    })
    .from(inspectionOrders)
    .where(
      and(eq(inspectionOrders.taskId, report.taskId), eq(inspectionOrders.inspectionType, FIRST_ARTICLE)),
    )
    .orderBy(desc(inspectionOrders.id))
    .limit(1);
  if (latest) {
    if (latest.effective && latest.verdict === 0) return;
    throw conflict(
      latest.effective && latest.verdict === 1
        ? `工序任务“${report.taskCode}”首检不合格（${latest.code}），请调整后重新首检，首检合格后才能继续报工`
        : `工序任务“${report.taskCode}”的首检单“${latest.code}”尚未判定合格，暂不能继续报工`,
    );
  }
  await raiseInspection(tx, null, {
    inspectionType: FIRST_ARTICLE,
    materialsId: report.materialsId,
    procedureId: report.procedureId,
    workOrderId: report.workOrderId,
    taskId: report.taskId,
    lotQuantity: report.quantity,
    sourceType: SOURCE.firstReport,
    sourceId: reportId,
    sourceCode: report.code,
  });
}

/**
 * 报工: the first-article gate of the step; and a report of the last step of a product under a
 * finished-product plan raises its finished inspection, holding the units it completed (not
 * stockable until passed).
 */
async function reported(tx: Tx, e: ReportEvent) {
  const report = await reportOf(tx, e.reportId);
  if (!report) return;
  await openFromReport(tx, { ...report, reportId: e.reportId, userId: e.userId });
  if (
    await planFor(tx, {
      inspectionType: FIRST_ARTICLE,
      materialsId: report.materialsId,
      procedureId: report.procedureId,
    })
  )
    await firstArticle(tx, report, e.reportId);
  if (!report.isLast || micro(report.good) <= 0n) return;
  const order = await raiseInspection(tx, null, {
    inspectionType: FINISHED,
    materialsId: report.materialsId,
    workOrderId: report.workOrderId,
    taskId: report.taskId,
    procedureId: report.procedureId,
    lotQuantity: report.good,
    sourceType: SOURCE.lastReport,
    sourceId: e.reportId,
    sourceCode: report.code,
  });
  if (order) await holdFinished(tx, report.workOrderId, report.good);
}

/** 撤销报工: the orders the report raised go with it while none has begun (and their hold). */
async function reversed(tx: Tx, e: ReportEvent) {
  if (!e.reversalOf) return;
  await dropFromReport(tx, e.reversalOf.id, e.reversalOf.code);
  const orders = await ordersFrom(tx, [SOURCE.firstReport, SOURCE.lastReport], e.reversalOf.id);
  await dropUnbegun(tx, orders, `报工“${e.reversalOf.code}”`);
  for (const o of orders)
    if (o.sourceType === SOURCE.lastReport && o.workOrderId)
      await holdFinished(tx, o.workOrderId, fromMicro(-micro(o.lotQuantity)));
}

onReceipt('received', 'quality.incoming', received);
onReceipt('reversing', 'quality.incoming', reversing);
onReport('reported', 'quality.inspections', reported);
onReport('reversed', 'quality.inspections', reversed);
