import { type DisposeBody, type DispositionRow, nonconformingApi } from '@factory/shared/api/quality';
import { fromMicro, least, micro } from '@factory/shared/decimal';
import { nonconformingEntity } from '@factory/shared/entities/quality';
import { formatFactoryTime } from '@factory/shared/factoryTime';
import { nonconformingMachine } from '@factory/shared/machines/quality';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { nowOf } from '../../platform/clock.ts';
import { crudContext, detailCalls, exportCalls, listCalls, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { lookedUp } from '../../platform/list.ts';
import { type Actor, type DocRow, machineService } from '../../platform/machine.ts';
import { takeCodes } from '../../platform/numbering.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { batchNumbers, materials, procedures, scrapReasons, suppliers } from '../information/index.ts';
import {
  concedeAtStep,
  holdFinished,
  produceWorkOrders,
  reportWorkDefects,
  reworkStep,
  writeOffFinished,
} from '../plans/index.ts';
import { noteReturned } from '../purchase/index.ts';
import { users } from '../setting/index.ts';
import { bookingType, postNow, releaseBatch, stockBalances, stockDocs } from '../warehouse/index.ts';
import { defectItems, dispositions, inspectionDefects, inspectionOrders, nonconformings } from './schema.ts';

/** nonconformingKind: where the units are. */
export const KIND = { wip: 0, finished: 1, stock: 2 } as const;
/** disposition values. */
const DISPOSE = { repair: 0, scrap: 1, concession: 2, returnGoods: 3 } as const;
type Action = keyof typeof DISPOSE;

const summed = (d: number) =>
  sql<number>`(select coalesce(sum(x.quantity), 0)::float8 from ${dispositions} x
    where x.nc_id = ${qualified(nonconformings.id)} and x.disposition = ${d})`;

const context = crudContext({
  entity: nonconformingEntity,
  table: nonconformings,
  columns: {
    version: nonconformings.version,
    workOrderId: nonconformings.workOrderId,
    inspectionOrderId: nonconformings.inspectionOrderId,
    materialsName: lookedUp(nonconformings.materialsId, materials.name),
    materialsCode: lookedUp(nonconformings.materialsId, materials.code),
    workOrderCode: lookedUp(nonconformings.workOrderId, produceWorkOrders.code),
    procedureName: lookedUp(nonconformings.procedureId, procedures.name),
    supplierName: lookedUp(nonconformings.supplierId, suppliers.name),
    quantity: sql<number>`${qualified(nonconformings.quantity)}::float8`,
    handledQuantity: sql<number>`${qualified(nonconformings.handledQuantity)}::float8`,
    repairQuantity: summed(DISPOSE.repair),
    scrapQuantity: summed(DISPOSE.scrap),
    concessionQuantity: summed(DISPOSE.concession),
    returnQuantity: summed(DISPOSE.returnGoods),
  },
  idFilters: {
    workOrderId: nonconformings.workOrderId,
    inspectionOrderId: nonconformings.inspectionOrderId,
    batchId: nonconformings.batchId,
  },
});

/** What a record is opened with. */
interface Opening {
  source: 0 | 1;
  sourceId: number;
  sourceCode: string | null;
  inspectionOrderId?: number | null;
  kind: number;
  materialsId: number;
  batchId?: number | null;
  batchCode?: string | null;
  workOrderId?: number | null;
  taskId?: number | null;
  procedureId?: number | null;
  supplierId?: number | null;
  quantity: string;
  defectSummary: string | null;
  /** Born handled (a report's repair, sent to its rework work order as it was reported). */
  handled?: { quantity: string; status: number };
}

async function open(tx: Tx, { handled, ...o }: Opening): Promise<number> {
  const [code] = await takeCodes(tx, nonconformingEntity.name);
  const [row] = await tx
    .insert(nonconformings)
    .values({
      ...o,
      code,
      handledQuantity: handled?.quantity ?? '0',
      handlingStatus: handled?.status ?? 0,
      createdAt: nowOf(tx),
      updatedAt: nowOf(tx),
    })
    .returning({ id: nonconformings.id });
  return row.id;
}

/** '绕组变形 2；绝缘破损 1': what was found, for the list. */
const summary = (rows: { name: string | null; quantity: string | number }[]) =>
  rows.map((r) => `${r.name ?? '未注明'} ${Number(r.quantity)}`).join('；') || null;

/**
 * A rejected inspection whose verdict takes effect opens a record of what it keeps out of use
 * (DOMAIN: sampled — the lot; full inspection — the NG units): a batch in stock, the finished
 * units held on their work order, or work at a step.
 */
export async function openFromInspection(tx: Tx, order: DocRow, rejected: string) {
  if (micro(rejected) <= 0n) return;
  const found = await tx
    .select({ name: defectItems.name, quantity: inspectionDefects.quantity })
    .from(inspectionDefects)
    .innerJoin(defectItems, eq(defectItems.id, inspectionDefects.defectItemId))
    .where(eq(inspectionDefects.orderId, order.id))
    .orderBy(asc(inspectionDefects.lineNo));
  await open(tx, {
    source: 1,
    sourceId: order.id,
    sourceCode: String(order.code),
    inspectionOrderId: order.id,
    kind: order.batchId ? KIND.stock : order.sourceType === 2 ? KIND.finished : KIND.wip,
    materialsId: order.materialsId as number,
    batchId: order.batchId as number | null,
    batchCode: order.batchCode as string | null,
    workOrderId: order.workOrderId as number | null,
    taskId: order.taskId as number | null,
    procedureId: order.procedureId as number | null,
    supplierId: order.supplierId as number | null,
    quantity: rejected,
    defectSummary: summary(found),
  });
}

/**
 * A report's defects open a record at its step (work in progress), named by their scrap reasons;
 * its repair quantity, already sent to the rework work order the report made, a record born
 * handled by that repair (DOMAIN: report 39 counts it).
 */
export async function openFromReport(
  tx: Tx,
  r: {
    reportId: number;
    code: string;
    defects: string;
    repaired: string;
    reworkWorkOrderId: number | null;
    reworkCode: string | null;
    userId: number;
    materialsId: number;
    workOrderId: number;
    taskId: number;
    procedureId: number;
  },
) {
  const at = {
    source: 0 as const,
    sourceId: r.reportId,
    sourceCode: r.code,
    kind: KIND.wip,
    materialsId: r.materialsId,
    workOrderId: r.workOrderId,
    taskId: r.taskId,
    procedureId: r.procedureId,
  };
  if (micro(r.defects) > 0n) {
    const found = await tx
      .select({ name: scrapReasons.name, quantity: reportWorkDefects.quantity })
      .from(reportWorkDefects)
      .leftJoin(scrapReasons, eq(scrapReasons.id, reportWorkDefects.scrapReasonId))
      .where(eq(reportWorkDefects.reportId, r.reportId));
    await open(tx, { ...at, quantity: r.defects, defectSummary: summary(found) });
  }
  if (micro(r.repaired) > 0n && r.reworkWorkOrderId) {
    const id = await open(tx, {
      ...at,
      quantity: r.repaired,
      defectSummary: '报工返修',
      handled: { quantity: r.repaired, status: 2 },
    });
    await tx.insert(dispositions).values({
      ncId: id,
      lineNo: 1,
      disposition: DISPOSE.repair,
      quantity: r.repaired,
      reworkWorkOrderId: r.reworkWorkOrderId,
      madeCode: r.reworkCode,
      handledBy: r.userId,
      handledAt: nowOf(tx),
    });
  }
}

/**
 * A reversed report's records go with it while nothing of them was handled but the repair the
 * reversal itself undid (its rework work order, cancelled by production before it tells us).
 */
export async function dropFromReport(tx: Tx, reportId: number, reportCode: string) {
  const rows = await tx
    .select({
      id: nonconformings.id,
      code: nonconformings.code,
      handled: sql<string>`(select coalesce(sum(d.quantity), 0)::text from ${dispositions} d
        where d.nc_id = ${qualified(nonconformings.id)} and not exists (select 1 from ${produceWorkOrders} w
          where w.id = d.rework_work_order_id and w.status = 9))`,
    })
    .from(nonconformings)
    .where(and(eq(nonconformings.source, 0), eq(nonconformings.sourceId, reportId)))
    .for('update');
  const handled = rows.find((r) => micro(r.handled) > 0n);
  if (handled) throw conflict(`报工“${reportCode}”的不良品已处置（${handled.code}），不能撤销`);
  for (const r of rows) await tx.delete(nonconformings).where(eq(nonconformings.id, r.id));
}

/** Which dispositions fit where the units are, and the refusal of one that does not. */
const FITS: Record<number, Record<Action, string | undefined>> = {
  [KIND.wip]: {
    repair: undefined,
    scrap: undefined,
    concession: undefined,
    returnGoods: '在制品不良不能退供应商，请返修、报废或让步接收',
  },
  [KIND.finished]: {
    repair: undefined,
    scrap: undefined,
    concession: undefined,
    returnGoods: '自制品不能退供应商，请返修、报废或让步接收',
  },
  [KIND.stock]: {
    repair: '来料不合格批次不能返修，请让步接收、报废或退供应商',
    scrap: undefined,
    concession: undefined,
    returnGoods: undefined,
  },
};

/**
 * Posts the units of a rejected batch out of stock (报废 or 退供应商, other outbound), from the
 * places that hold the batch, after giving back their quality hold.
 */
async function postOut(
  tx: Tx,
  row: DocRow,
  quantity: string,
  actorId: number,
  remark: string,
  source: string,
) {
  const batchId = row.batchId as number;
  await releaseBatch(tx, batchId, quantity);
  // what the release made available, warehouse by warehouse; each out takes it first in, first out
  const places = await tx
    .select({
      warehouseId: stockBalances.warehouseId,
      available: sql<string>`sum(${stockBalances.onHand} - ${stockBalances.allocated})::text`,
    })
    .from(stockBalances)
    .where(and(eq(stockBalances.batchId, batchId), sql`${stockBalances.onHand} > ${stockBalances.allocated}`))
    .groupBy(stockBalances.warehouseId)
    .orderBy(asc(stockBalances.warehouseId));
  let left = micro(quantity);
  const total = places.reduce((s, p) => s + micro(p.available), 0n);
  if (total < left)
    throw conflict(`批次“${row.batchCode}”在库 ${fromMicro(total)}，不足处置数量 ${quantity}`);
  const stockTypeId = await bookingType(tx, 1, 2);
  const codes: string[] = [];
  let firstId: number | null = null;
  for (const p of places) {
    if (left <= 0n) break;
    const take = least(micro(p.available), left);
    left -= take;
    const id = await postNow(tx, actorId, {
      kind: 1,
      stockTypeId,
      warehouseId: p.warehouseId,
      supplierId: row.supplierId as number | null,
      sourceNumber: source,
      remark: `${remark} ${row.code}`,
      lines: [
        {
          materialsId: row.materialsId as number,
          batchCode: row.batchCode as string,
          quantity: fromMicro(take),
          remark,
        },
      ],
    });
    firstId ??= id;
    const [doc] = await tx.select({ code: stockDocs.code }).from(stockDocs).where(eq(stockDocs.id, id));
    codes.push(doc.code);
  }
  return { stockDocId: firstId, madeCode: codes.join('、') };
}

const actorIdOf = (actor: Actor) => (actor === 'system' ? 0 : actor.userId);

/**
 * One disposition (docs/quality.md "Non-conforming handling"): how much of what is left, whether
 * it fits where the units are, what it writes there, and the record's handled quantity and status.
 */
async function dispose(tx: Tx, row: DocRow, action: Action, body: DisposeBody, actor: Actor) {
  const refusal = FITS[row.kind as number][action];
  if (refusal) throw conflict(refusal);
  const q = micro(String(body.quantity));
  const left = micro(String(row.quantity)) - micro(String(row.handledQuantity));
  if (q > left) throw fieldError('quantity', `处置数量不能超过未处理数量 ${fromMicro(left)}`);
  const remark = body.remark?.trim() || null;
  if (action === 'concession' && !remark)
    throw fieldError('remark', '请填写让步接收的说明（批准人及让步理由）');
  const quantity = fromMicro(q);
  const userId = actorIdOf(actor);
  const made: { reworkWorkOrderId?: number; stockDocId?: number | null; madeCode?: string } = {};
  const kind = row.kind as number;
  if (action === 'repair') {
    if (!row.taskId) throw conflict(`不合格品“${row.code}”没有关联工序任务，不能返修，请报废或让步接收`);
    const rework = await reworkStep(tx, row.taskId as number, quantity, `返修自不合格品${row.code}`);
    made.reworkWorkOrderId = rework.id;
    made.madeCode = rework.code;
    if (kind === KIND.finished) await writeOffFinished(tx, row.workOrderId as number, quantity);
  } else if (action === 'scrap') {
    if (kind === KIND.stock)
      Object.assign(made, await postOut(tx, row, quantity, userId, '不合格品报废', String(row.code)));
    else if (kind === KIND.finished) await writeOffFinished(tx, row.workOrderId as number, quantity);
  } else if (action === 'concession') {
    if (kind === KIND.stock) {
      await releaseBatch(tx, row.batchId as number, quantity);
      await tx
        .update(batchNumbers)
        .set({ qualityStatus: 3 })
        .where(eq(batchNumbers.id, row.batchId as number));
    } else if (kind === KIND.finished) await holdFinished(tx, row.workOrderId as number, fromMicro(-q));
    else if (row.taskId) await concedeAtStep(tx, row.taskId as number, quantity);
  } else {
    const [order] = await tx
      .select({ sourceType: inspectionOrders.sourceType, sourceId: inspectionOrders.sourceId })
      .from(inspectionOrders)
      .where(eq(inspectionOrders.id, row.inspectionOrderId as number));
    if (order?.sourceType !== 3 || !order.sourceId)
      throw conflict(`不合格品“${row.code}”不是采购收货的批次，不能退供应商`);
    const poCode = await noteReturned(tx, order.sourceId, quantity);
    Object.assign(made, await postOut(tx, row, quantity, userId, '退供应商', poCode));
  }
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${dispositions.lineNo}), 0)::int + 1` })
    .from(dispositions)
    .where(eq(dispositions.ncId, row.id));
  await tx.insert(dispositions).values({
    ncId: row.id,
    lineNo: next,
    disposition: DISPOSE[action],
    quantity,
    reworkWorkOrderId: made.reworkWorkOrderId ?? null,
    stockDocId: made.stockDocId ?? null,
    madeCode: made.madeCode ?? null,
    remark,
    handledBy: userId || null,
    handledAt: nowOf(tx),
  });
  const handled = micro(String(row.handledQuantity)) + q;
  return {
    handledQuantity: fromMicro(handled),
    handlingStatus: handled >= micro(String(row.quantity)) ? 2 : 1,
  };
}

const hook = (action: Action) => ({
  effect: (tx: Tx, row: DocRow, input: { body?: unknown }, actor: Actor) =>
    dispose(tx, row, action, input.body as DisposeBody, actor),
});

export const nonconformingActions = machineService({
  machine: nonconformingMachine,
  table: nonconformings,
  number: nonconformings.code,
  hooks: {
    repair: hook('repair'),
    scrap: hook('scrap'),
    concession: hook('concession'),
    returnGoods: hook('returnGoods'),
  },
});

async function dispositionsOf(tx: Tx, id: number): Promise<DispositionRow[]> {
  const [nc] = await tx
    .select({ id: nonconformings.id })
    .from(nonconformings)
    .where(eq(nonconformings.id, id));
  if (!nc) throw notFound('不合格品');
  const rows = await tx
    .select({
      lineNo: dispositions.lineNo,
      disposition: dispositions.disposition,
      quantity: sql<number>`${dispositions.quantity}::float8`,
      remark: dispositions.remark,
      handledByName: lookedUp(dispositions.handledBy as PgColumn, users.name),
      handledAt: dispositions.handledAt,
      madeCode: dispositions.madeCode,
    })
    .from(dispositions)
    .where(eq(dispositions.ncId, id))
    .orderBy(asc(dispositions.lineNo));
  return rows.map((r) => ({ ...r, handledAt: formatFactoryTime(r.handledAt) }));
}

export const nonconformingRoutes: RouteDef[] = [
  ...listCalls(context).routes,
  ...detailCalls(context).routes,
  ...exportCalls(context).routes,
  ...nonconformingActions.routes,
  nonconformingActions.ownRoute(nonconformingApi.repair, 'repair'),
  nonconformingActions.ownRoute(nonconformingApi.scrap, 'scrap'),
  nonconformingActions.ownRoute(nonconformingApi.concession, 'concession'),
  nonconformingActions.ownRoute(nonconformingApi.returnGoods, 'returnGoods'),
  handle(nonconformingApi.dispositions, { handler: ({ tx, query }) => dispositionsOf(tx, query.id) }),
];
