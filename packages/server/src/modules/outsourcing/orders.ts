import {
  outsourcingApi,
  type ReceiveBackBody,
  type SendBody,
  type UnreceiveBackBody,
} from '@factory/shared/api/outsourcing';
import { fromMicro, micro } from '@factory/shared/decimal';
import { outsourceOrderEntity } from '@factory/shared/entities/outsourcing';
import { workOrderStatus } from '@factory/shared/enums';
import { formatFactoryTime } from '@factory/shared/factoryTime';
import { outsourceOrderMachine } from '@factory/shared/machines/outsourcing';
import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { lookedUp } from '../../platform/list.ts';
import { type Actor, type DocRow, machineService } from '../../platform/machine.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import type { SessionInfo } from '../../platform/session.ts';
import { outsourcingWarehouse, procedures, suppliers } from '../information/index.ts';
import {
  asNumber,
  onPlan,
  onWorkOrder,
  produceTasks,
  produceWorkOrders,
  reportWork,
  reportWorks,
  reverseReport,
} from '../plans/index.ts';
import { users } from '../setting/index.ts';
import { sendOutMaterials, stockDocs } from '../warehouse/index.ts';
import { outsourceOrders, outsourceReceipts, outsourceSends } from './schema.ts';

const o = outsourceOrders;
const LABEL = '委外单';
/** Work order statuses on which nothing more is made: finished, ended, cancelled. */
const CLOSED = [2, 3, 9];

/** A value of the order's work order (or its product), as a correlated look-up. */
const ofWorkOrder = (expr: string) =>
  sql.raw(`(select ${expr} from produce_work_order w where w.id = "outsource_order"."work_order_id")`);

/**
 * Sent and not all back, past the planned return date (the factory's today): the list's 逾期
 * flag and filter (DOMAIN "Overdue").
 */
const overdue = sql<number>`(case when ${qualified(o.status)} in (2, 3)
  and ${qualified(o.planReturnDate)} < (now() at time zone 'Asia/Shanghai')::date
  and ${qualified(o.sentQuantity)} > ${qualified(o.receivedGoodQuantity)} + ${qualified(o.receivedDefectQuantity)}
  then 1 else 0 end)`.mapWith(Number);

/** 委外单: the declared calls; edited and deleted only while a draft (docs/outsourcing.md). */
export const outsourceOrder = crud({
  entity: outsourceOrderEntity,
  table: outsourceOrders,
  document: { number: o.code },
  refs: { supplierName: { id: suppliers.id, name: suppliers.name, code: suppliers.code } },
  columns: {
    version: o.version,
    workOrderId: o.workOrderId,
    taskId: o.taskId,
    workOrderCode: lookedUp(o.workOrderId, produceWorkOrders.code),
    materialsName: sql<string>`${ofWorkOrder('(select m.name from material m where m.id = w.material_id)')}`,
    materialsCode: sql<string>`${ofWorkOrder('(select m.code from material m where m.id = w.material_id)')}`,
    materialsSpecifications: sql<
      string | null
    >`${ofWorkOrder('(select m.specifications from material m where m.id = w.material_id)')}`,
    unitName: sql<
      string | null
    >`${ofWorkOrder('(select u.name from material m join unit u on u.id = m.main_unit_id where m.id = w.material_id)')}`,
    procedureName: sql<string>`(select p.name from ${produceTasks} t join ${procedures} p on p.id = t.procedure_id
      where t.id = ${qualified(o.taskId)})`,
    isOverdue: overdue,
    createdByName: lookedUp(o.createdBy, users.name),
  },
  idFilters: { workOrderId: o.workOrderId, taskId: o.taskId },
  hooks: {
    async validate(tx, values, id, body) {
      if (id !== null) {
        const row = await stored(tx, id);
        if (row.status !== 0)
          throw conflict(
            `委外单“${row.code}”${statusLabel(row.status)}，不能修改${row.status === 1 ? '，请先取消确认' : ''}`,
          );
        if (
          (body.workOrderId !== undefined && body.workOrderId !== row.workOrderId) ||
          (body.taskId !== undefined && body.taskId !== row.taskId)
        )
          throw fieldError('taskId', '委外单的工单与工序不能修改，请删除后重新新增');
        return;
      }
      const workOrderId = Number(body.workOrderId);
      const taskId = Number(body.taskId);
      if (!body.workOrderId) throw fieldError('workOrderId', '请选择工单');
      if (!body.taskId) throw fieldError('taskId', '请选择委外工序');
      const task = await taskOf(tx, taskId);
      if (!task || task.workOrderId !== workOrderId) throw fieldError('taskId', '所选工序不是该工单的工序');
      if (task.processType !== 1) throw fieldError('taskId', `工序“${task.procedureName}”不是委外工序`);
      if (task.isSkipped) throw fieldError('taskId', `工序“${task.procedureName}”已跳过，不能委外`);
      if (CLOSED.includes(task.workOrderStatus))
        throw conflict(
          `工单“${task.workOrderCode}”${workOrderStatus.label(task.workOrderStatus, '')}，不能新增委外单`,
        );
      values.workOrderId = workOrderId;
      values.taskId = taskId;
    },
    async saved(tx, id, _body, isNew, actorId) {
      await tx
        .update(o)
        .set({
          amount: sql`round(${o.quantity} * ${o.unitPrice}, 2)`,
          ...(isNew ? { createdBy: actorId } : {}),
        })
        .where(eq(o.id, id));
    },
    async removing(tx, id) {
      const row = await stored(tx, id);
      if (row.status !== 0) throw conflict(`委外单“${row.code}”${statusLabel(row.status)}，不能删除`);
    },
  },
});

const statusLabel = (status: number) => outsourceOrderMachine.states.status.enum.label(status, '');

async function stored(tx: Tx, id: number) {
  const [row] = await tx.select().from(o).where(eq(o.id, id));
  if (!row) throw notFound(LABEL);
  return row;
}

/** A step with its work order's state, as adding an order checks it. */
async function taskOf(tx: Tx, taskId: number) {
  const [task] = await tx
    .select({
      id: produceTasks.id,
      workOrderId: produceTasks.workOrderId,
      processType: produceTasks.processType,
      isSkipped: produceTasks.isSkipped,
      procedureId: produceTasks.procedureId,
      procedureName: procedures.name,
      workOrderCode: produceWorkOrders.code,
      workOrderStatus: produceWorkOrders.status,
    })
    .from(produceTasks)
    .innerJoin(produceWorkOrders, eq(produceWorkOrders.id, produceTasks.workOrderId))
    .innerJoin(procedures, eq(procedures.id, produceTasks.procedureId))
    .where(eq(produceTasks.id, taskId));
  return task;
}

/** Units of the step at suppliers now: sent and not received back, over its orders not cancelled. */
const outstandingOf = (taskId: number) =>
  sql<string>`(select coalesce(sum(x.sent_quantity - x.received_good_quantity - x.received_defect_quantity), 0)
    from ${o} x where x.task_id = ${taskId} and x.status <> 9)`;

/**
 * What the step may send out now: what the steps before passed on (its in-quantity), less what is
 * reported on it already (receipts are reports) and what is out at suppliers. In millionths.
 */
async function availableOf(tx: Tx, taskId: number): Promise<{ available: bigint; outstanding: bigint }> {
  const [row] = await tx
    .select({
      inQuantity: produceTasks.inQuantity,
      reported: sql<string>`${produceTasks.goodQuantity} + ${produceTasks.defectQuantity} + ${produceTasks.repairQuantity}`,
      outstanding: outstandingOf(taskId),
    })
    .from(produceTasks)
    .where(eq(produceTasks.id, taskId));
  if (!row) throw notFound('工序任务');
  const outstanding = micro(row.outstanding);
  const available = micro(row.inQuantity) - micro(row.reported) - outstanding;
  return { available: available > 0n ? available : 0n, outstanding };
}

/** Refuses sending or receiving on a work order that is closed or paused (its task is held then too). */
async function lockWorkOrder(tx: Tx, row: DocRow, what: string) {
  const [wo] = await tx
    .select({
      code: produceWorkOrders.code,
      status: produceWorkOrders.status,
      isPaused: produceWorkOrders.isPaused,
    })
    .from(produceWorkOrders)
    .where(eq(produceWorkOrders.id, Number(row.workOrderId)))
    .for('update');
  if (CLOSED.includes(wo.status))
    throw conflict(`工单“${wo.code}”${workOrderStatus.label(wo.status, '')}，不能${what}`);
  if (wo.isPaused === 1) throw conflict(`工单“${wo.code}”已暂停，不能${what}`);
  // the step's counters are read under its lock: two sends of one step queue here
  await tx
    .select({ id: produceTasks.id })
    .from(produceTasks)
    .where(eq(produceTasks.id, Number(row.taskId)))
    .for('update');
}

const userOf = (actor: Actor, what: string): SessionInfo => {
  if (actor === 'system') throw conflict(`${what}须由用户操作`);
  return actor as SessionInfo;
};

const q = (v: bigint) => fromMicro(v);

/** 发外: units out to the supplier, within the order's quantity and what the step has available. */
async function send(tx: Tx, row: DocRow, input: { body?: unknown }, actor: Actor) {
  const body = input.body as SendBody;
  const session = userOf(actor, '发外');
  await lockWorkOrder(tx, row, '发外');
  const asked = micro(body.quantity);
  const sent = micro(String(row.sentQuantity));
  const quantity = micro(String(row.quantity));
  if (sent + asked > quantity)
    throw fieldError(
      'quantity',
      `发外数量超出委外数量：委外单“${row.code}”委外 ${q(quantity)}，已发外 ${q(sent)}，本次 ${q(asked)}`,
    );
  const { available } = await availableOf(tx, Number(row.taskId));
  if (asked > available)
    throw fieldError(
      'quantity',
      `发外数量超出可发数量 ${q(available)}（上道工序转入减已报工、已在外的数量）`,
    );
  const [made] = await tx
    .insert(outsourceSends)
    .values({
      orderId: row.id,
      quantity: q(asked),
      remark: body.remark?.trim() || null,
      createdBy: session.userId,
      createdAt: nowOf(tx),
    })
    .returning({ id: outsourceSends.id });
  const stockDocId = await moveMaterials(tx, row, session.userId, '发外');
  if (stockDocId) await tx.update(outsourceSends).set({ stockDocId }).where(eq(outsourceSends.id, made.id));
  return { sentQuantity: q(sent + asked), status: Number(row.status) === 1 ? 2 : Number(row.status) };
}

/**
 * The step's materials follow its units out (DOMAIN "Outsourcing"): for all the step has sent on
 * its orders, into this order's supplier's 委外仓 (the warehouse module's 委外发料). Called after a
 * send is written, and before a receipt so a pick made after the send still reaches the supplier.
 */
async function moveMaterials(tx: Tx, row: DocRow, userId: number, what: string) {
  const [sent] = await tx
    .select({ total: sql<string>`coalesce(sum(${outsourceSends.quantity}), 0)` })
    .from(outsourceSends)
    .innerJoin(o, eq(o.id, outsourceSends.orderId))
    .where(eq(o.taskId, Number(row.taskId)));
  return sendOutMaterials(tx, userId, {
    workOrderId: Number(row.workOrderId),
    taskId: Number(row.taskId),
    sent: sent.total,
    warehouseId: await outsourcingWarehouse(tx, Number(row.supplierId)),
    sourceNumber: String(row.code),
    what,
  });
}

/** The order's received quantities from the receipts that stand, and the status they give. */
async function refreshReceived(tx: Tx, row: DocRow) {
  const [sum] = await tx
    .select({
      good: sql<string>`coalesce(sum(${outsourceReceipts.goodQuantity}), 0)`,
      defect: sql<string>`coalesce(sum(${outsourceReceipts.defectQuantity}), 0)`,
    })
    .from(outsourceReceipts)
    .where(and(eq(outsourceReceipts.orderId, row.id), isNull(outsourceReceipts.reversedAt)));
  const received = micro(sum.good) + micro(sum.defect);
  const status = received === 0n ? 2 : received >= micro(String(row.quantity)) ? 4 : 3;
  return { receivedGoodQuantity: sum.good, receivedDefectQuantity: sum.defect, status };
}

/**
 * 收回: good and defective units back from the supplier, no more than are out on this order,
 * written as the step's report (the supplier named in its remark; the report's own rules and
 * listeners — backflush, the next step's input — apply) and kept as a receipt with the report.
 */
async function receive(tx: Tx, row: DocRow, input: { body?: unknown }, actor: Actor) {
  const body = input.body as ReceiveBackBody;
  const session = userOf(actor, '收回');
  const good = micro(body.goodQuantity);
  const defect = micro(body.defectQuantity ?? 0);
  if (good + defect <= 0n) throw fieldError('goodQuantity', '合格与不良数量合计须大于0');
  const out =
    micro(String(row.sentQuantity)) -
    micro(String(row.receivedGoodQuantity)) -
    micro(String(row.receivedDefectQuantity));
  if (good + defect > out)
    throw fieldError(
      'goodQuantity',
      `收回数量超出在外数量：委外单“${row.code}”在外 ${q(out > 0n ? out : 0n)}，本次 ${q(good + defect)}`,
    );
  const [supplier] = await tx
    .select({ name: suppliers.name })
    .from(suppliers)
    .where(eq(suppliers.id, Number(row.supplierId)));
  const note = body.remark?.trim();
  const remark = `委外收回 ${row.code} ${supplier?.name ?? ''}${note ? `：${note}` : ''}`.slice(0, 200);
  await moveMaterials(tx, row, session.userId, '收回');
  // the supplier's work has no station or shift of ours; its materials are at the supplier
  const made = await reportWork(
    tx,
    { ...session, stationId: null },
    {
      taskId: Number(row.taskId),
      goodQuantity: Number(q(good)),
      defectQuantity: Number(q(defect)),
      defects:
        defect > 0n && body.scrapReasonId
          ? [{ scrapReasonId: body.scrapReasonId, quantity: Number(q(defect)) }]
          : undefined,
      frequencyId: null,
      remark,
    },
    { feedWarehouseId: await outsourcingWarehouse(tx, Number(row.supplierId)) },
  );
  await tx.insert(outsourceReceipts).values({
    orderId: row.id,
    reportId: made.id,
    goodQuantity: q(good),
    defectQuantity: q(defect),
    remark: note || null,
    createdBy: session.userId,
    createdAt: nowOf(tx),
  });
  return refreshReceived(tx, row);
}

/** 撤销收回: one receipt's report reversed (the plans module's refusals apply), the order recounted. */
async function unreceive(tx: Tx, row: DocRow, input: { body?: unknown; reason?: string }, actor: Actor) {
  const body = input.body as UnreceiveBackBody;
  const session = userOf(actor, '撤销收回');
  const [receipt] = await tx
    .select({
      id: outsourceReceipts.id,
      reportId: outsourceReceipts.reportId,
      reversedAt: outsourceReceipts.reversedAt,
      reportCode: reportWorks.code,
    })
    .from(outsourceReceipts)
    .innerJoin(reportWorks, eq(reportWorks.id, outsourceReceipts.reportId))
    .where(and(eq(outsourceReceipts.id, body.receiptId), eq(outsourceReceipts.orderId, row.id)));
  if (!receipt) throw fieldError('receiptId', `所选记录不是委外单“${row.code}”的收回记录`);
  if (receipt.reversedAt) throw conflict(`收回记录（报工${receipt.reportCode}）已撤销，不能重复撤销`);
  const reason = input.reason?.trim() ?? '';
  await reverseReport(tx, session, receipt.reportId, `撤销委外收回：${reason}`.slice(0, 200));
  await tx
    .update(outsourceReceipts)
    .set({ reversedAt: nowOf(tx), reversedBy: session.userId, reverseReason: reason })
    .where(eq(outsourceReceipts.id, receipt.id));
  return refreshReceived(tx, row);
}

/** The order's actions (outsourceOrderMachine) with their guards and effects. */
export const outsourceOrderActions = machineService({
  machine: outsourceOrderMachine,
  table: outsourceOrders,
  number: o.code,
  hooks: {
    confirm: {
      async guard(tx, row) {
        if (row.supplierId === null) throw conflict(`委外单“${row.code}”未选择委外供应商，不能确认`);
        const [supplier] = await tx
          .select({ name: suppliers.name, enabled: suppliers.enabled })
          .from(suppliers)
          .where(eq(suppliers.id, Number(row.supplierId)));
        if (!supplier?.enabled)
          throw conflict(`委外单“${row.code}”的供应商“${supplier?.name ?? ''}”已停用，不能确认`);
        if (micro(String(row.unitPrice)) <= 0n) throw conflict(`委外单“${row.code}”未填写单价，不能确认`);
        const [wo] = await tx
          .select({ code: produceWorkOrders.code, status: produceWorkOrders.status })
          .from(produceWorkOrders)
          .where(eq(produceWorkOrders.id, Number(row.workOrderId)));
        if (CLOSED.includes(wo.status))
          throw conflict(`工单“${wo.code}”${workOrderStatus.label(wo.status, '')}，不能确认委外单`);
      },
    },
    send: { effect: (tx, row, input, actor) => send(tx, row, input, actor) },
    receive: { effect: (tx, row, input, actor) => receive(tx, row, input, actor) },
    unreceive: { effect: (tx, row, input, actor) => unreceive(tx, row, input, actor) },
    finish: {
      // cut to what went out, so the step's unsent units may go on another order or be made in-house
      effect: async (_tx, row) => {
        const sent = String(row.sentQuantity);
        // quantity × price in cents, half-up (as round(…, 2) on save)
        const cents = (micro(sent) * micro(String(row.unitPrice)) + 5_000_000_000n) / 10_000_000_000n;
        return { quantity: sent, amount: fromMicro(cents * 10_000n) };
      },
    },
  },
});

/**
 * Release (DOMAIN "Release creates one per outsourced task"): a draft for each outsourced step of
 * the new work order, for the work order's quantity, at the supplier and price the procedure was
 * last outsourced at (left empty the first time).
 */
export async function draftOrdersFor(tx: Tx, workOrderId: number): Promise<number[]> {
  const tasks = await tx
    .select({
      id: produceTasks.id,
      procedureId: produceTasks.procedureId,
      quantity: produceWorkOrders.quantity,
    })
    .from(produceTasks)
    .innerJoin(produceWorkOrders, eq(produceWorkOrders.id, produceTasks.workOrderId))
    .where(
      and(
        eq(produceTasks.workOrderId, workOrderId),
        eq(produceTasks.processType, 1),
        eq(produceTasks.isSkipped, false),
      ),
    )
    .orderBy(asc(produceTasks.seq));
  const ids: number[] = [];
  for (const task of tasks) {
    const [last] = await tx
      .select({ supplierId: o.supplierId, unitPrice: o.unitPrice })
      .from(o)
      .innerJoin(produceTasks, eq(produceTasks.id, o.taskId))
      .where(and(eq(produceTasks.procedureId, task.procedureId), isNotNull(o.supplierId), ne(o.status, 9)))
      .orderBy(desc(o.id))
      .limit(1);
    ids.push(
      await outsourceOrder.create(tx, null, {
        workOrderId,
        taskId: task.id,
        quantity: Number(task.quantity),
        supplierId: last?.supplierId ?? null,
        unitPrice: last ? Number(last.unitPrice) : null,
        remark: '工单下达时生成',
      }),
    );
  }
  return ids;
}

onPlan('released', 'outsourcing.order', async (tx, e) => {
  if (e.workOrderId) await draftOrdersFor(tx, e.workOrderId);
});

/**
 * A work order closes only with nothing out at a supplier (DOMAIN "Overdue": the work order cannot
 * finish), and then needs no more outsourcing: what was not sent yet is cancelled.
 */
onWorkOrder('closed', 'outsourcing.order', async (tx, e) => {
  const [out] = await tx
    .select({
      code: o.code,
      supplierName: suppliers.name,
      out: sql<string>`${o.sentQuantity} - ${o.receivedGoodQuantity} - ${o.receivedDefectQuantity}`,
      workOrderCode: produceWorkOrders.code,
    })
    .from(o)
    .innerJoin(produceWorkOrders, eq(produceWorkOrders.id, o.workOrderId))
    .leftJoin(suppliers, eq(suppliers.id, o.supplierId))
    .where(
      and(
        eq(o.workOrderId, e.workOrderId),
        sql`${o.sentQuantity} > ${o.receivedGoodQuantity} + ${o.receivedDefectQuantity}`,
      ),
    )
    .orderBy(asc(o.code))
    .limit(1);
  if (out)
    throw conflict(
      `工单“${out.workOrderCode}”还有 ${fromMicro(micro(out.out))} 在供应商“${out.supplierName ?? ''}”处未收回（委外单“${out.code}”），不能${CLOSING[e.status ?? 2] ?? '关闭'}，请先收回`,
    );
  const open = await tx
    .select({ id: o.id })
    .from(o)
    .where(and(eq(o.workOrderId, e.workOrderId), inArray(o.status, [0, 1])));
  for (const row of open) await outsourceOrderActions.act(tx, 'system', 'cancel', { id: row.id });
});
const CLOSING: Record<number, string> = { 2: '完工', 3: '结束', 9: '取消' };

/**
 * A split or a reduction takes `taken` off the work order (its quantity not yet written): its
 * orders not yet sent are cut to what it keeps, and a split-off work order gets drafts of its own.
 */
async function reshaped(tx: Tx, e: { workOrderId: number; taken?: string; splitId?: number }) {
  const [wo] = await tx
    .select({ quantity: produceWorkOrders.quantity })
    .from(produceWorkOrders)
    .where(eq(produceWorkOrders.id, e.workOrderId));
  const kept = fromMicro(micro(wo.quantity) - micro(e.taken ?? '0'));
  await tx
    .update(o)
    .set({
      quantity: sql`least(${o.quantity}, ${kept}::numeric)`,
      amount: sql`round(least(${o.quantity}, ${kept}::numeric) * ${o.unitPrice}, 2)`,
      version: sql`${o.version} + 1`,
    })
    .where(and(eq(o.workOrderId, e.workOrderId), inArray(o.status, [0, 1])));
  if (e.splitId) await draftOrdersFor(tx, e.splitId);
}
onWorkOrder('split', 'outsourcing.order', reshaped);
onWorkOrder('reduced', 'outsourcing.order', reshaped);

/** What the order's detail follows: its sends and receipts, what may be sent and what is out. */
async function trace(tx: Tx, id: number) {
  const row = await stored(tx, id);
  const sends = await tx
    .select({
      id: outsourceSends.id,
      quantity: asNumber(outsourceSends.quantity),
      stockDocCode: stockDocs.code,
      remark: outsourceSends.remark,
      createdAt: outsourceSends.createdAt,
      createdByName: users.name,
    })
    .from(outsourceSends)
    .leftJoin(stockDocs, eq(stockDocs.id, outsourceSends.stockDocId))
    .leftJoin(users, eq(users.id, outsourceSends.createdBy))
    .where(eq(outsourceSends.orderId, id))
    .orderBy(asc(outsourceSends.id));
  const receipts = await tx
    .select({
      id: outsourceReceipts.id,
      reportId: outsourceReceipts.reportId,
      reportCode: reportWorks.code,
      goodQuantity: asNumber(outsourceReceipts.goodQuantity),
      defectQuantity: asNumber(outsourceReceipts.defectQuantity),
      remark: outsourceReceipts.remark,
      createdAt: outsourceReceipts.createdAt,
      createdByName: users.name,
      reversedAt: outsourceReceipts.reversedAt,
      reverseReason: outsourceReceipts.reverseReason,
    })
    .from(outsourceReceipts)
    .innerJoin(reportWorks, eq(reportWorks.id, outsourceReceipts.reportId))
    .leftJoin(users, eq(users.id, outsourceReceipts.createdBy))
    .where(eq(outsourceReceipts.orderId, id))
    .orderBy(asc(outsourceReceipts.id));
  const { available } = await availableOf(tx, row.taskId);
  const out = micro(row.sentQuantity) - micro(row.receivedGoodQuantity) - micro(row.receivedDefectQuantity);
  return {
    sends: sends.map((s) => ({ ...s, createdAt: formatFactoryTime(s.createdAt) })),
    receipts: receipts.map((r) => ({
      ...r,
      createdAt: formatFactoryTime(r.createdAt),
      reversedAt: r.reversedAt ? formatFactoryTime(r.reversedAt) : null,
    })),
    available: Number(q(available)),
    outstanding: Number(q(out > 0n ? out : 0n)),
  };
}

/** The outsourced steps of a work order, for adding an order by hand. */
async function outsourcedTasks(tx: Tx, workOrderId: number) {
  const [wo] = await tx
    .select({ quantity: produceWorkOrders.quantity })
    .from(produceWorkOrders)
    .where(eq(produceWorkOrders.id, workOrderId));
  if (!wo) throw notFound('工单');
  return tx
    .select({
      id: produceTasks.id,
      seq: produceTasks.seq,
      procedureName: procedures.name,
      plannedQuantity: sql<number>`${wo.quantity}::numeric`.mapWith(Number),
      orderedQuantity: sql<number>`(select coalesce(sum(x.quantity), 0) from ${o} x
        where x.task_id = ${produceTasks.id} and x.status <> 9)`.mapWith(Number),
    })
    .from(produceTasks)
    .innerJoin(procedures, eq(procedures.id, produceTasks.procedureId))
    .where(
      and(
        eq(produceTasks.workOrderId, workOrderId),
        eq(produceTasks.processType, 1),
        eq(produceTasks.isSkipped, false),
      ),
    )
    .orderBy(asc(produceTasks.seq));
}

export const outsourcingRoutes: RouteDef[] = [
  outsourceOrderActions.ownRoute(outsourcingApi.send, 'send'),
  outsourceOrderActions.ownRoute(outsourcingApi.receive, 'receive'),
  outsourceOrderActions.ownRoute(outsourcingApi.unreceive, 'unreceive'),
  handle(outsourcingApi.trace, { handler: ({ tx, query }) => trace(tx, query.id) }),
  handle(outsourcingApi.tasks, { handler: ({ tx, query }) => outsourcedTasks(tx, query.workOrderId) }),
];
