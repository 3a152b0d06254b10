import { produceOrderEntity } from '@factory/shared/entities/produceOrder';
import { produceOrderMachine } from '@factory/shared/machines/plans';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import { crud } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';
import { type DocRow, machineService } from '../../platform/machine.ts';
import { customers, materials, processFlows, processFlowVersions } from '../information/index.ts';
import { productColumns } from './common.ts';
import { produceOrders, producePlans, produceWorkOrders } from './schema.ts';

/** Products a production order may make: finished or semi-finished, not virtual. */
const MADE_TYPES = [1, 2];

/** 生产订单: the declared calls; editable and deletable only while unconfirmed (docs/production.md). */
export const produceOrder = crud({
  entity: produceOrderEntity,
  table: produceOrders,
  document: { number: produceOrders.code },
  refs: {
    materialsName: {
      id: materials.id,
      name: materials.name,
      code: materials.code,
      where: and(inArray(materials.materialType, MADE_TYPES), eq(materials.isVirtual, false)),
    },
    customerName: { id: customers.id, name: customers.name, code: customers.code },
  },
  columns: { ...productColumns(produceOrders.materialsId), version: produceOrders.version },
  usedBy: [{ column: producePlans.produceOrderId, label: '生产计划', names: producePlans.code }],
  hooks: {
    async validate(tx, _values, id) {
      if (id !== null) await refuseUnlessDraft(tx, id, '修改');
    },
    removing: (tx, id) => refuseUnlessDraft(tx, id, '删除'),
  },
});

/** An order is changed or deleted only before it is confirmed: plans stand on what was confirmed. */
async function refuseUnlessDraft(tx: Tx, id: number, what: string) {
  const [row] = await tx
    .select({
      code: produceOrders.code,
      confirmStatus: produceOrders.confirmStatus,
      planStatus: produceOrders.planStatus,
    })
    .from(produceOrders)
    .where(eq(produceOrders.id, id));
  if (!row) return;
  if (row.planStatus === 9) throw conflict(`订单“${row.code}”已取消，不能${what}`);
  if (row.confirmStatus === 1) throw conflict(`订单“${row.code}”已确认，不能${what}，请先取消确认`);
}

async function refuseWithPlans(tx: Tx, row: DocRow, action: string) {
  const [plan] = await tx
    .select({ code: producePlans.code })
    .from(producePlans)
    .where(eq(producePlans.produceOrderId, row.id))
    .limit(1);
  if (plan) throw conflict(`订单“${row.code}”已有生产计划“${plan.code}”，不能${action}`);
}

/**
 * The planning status an order's plans give it (DOMAIN): nothing planned 0, less than its quantity
 * 3 partly, at least its quantity 1 all planned. Finished (2) and cancelled (9) stay.
 */
export async function refreshOrderPlanning(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(produceOrders)
    .set({
      plannedQuantity: sql`(select coalesce(sum(p.quantity), 0) from ${producePlans} p where p.order_id = ${produceOrders.id})`,
      planStatus: sql`case
        when ${produceOrders.planStatus} in (2, 9) then ${produceOrders.planStatus}
        when (select coalesce(sum(p.quantity), 0) from ${producePlans} p where p.order_id = ${produceOrders.id}) = 0 then 0
        when (select coalesce(sum(p.quantity), 0) from ${producePlans} p where p.order_id = ${produceOrders.id}) < ${produceOrders.quantity} then 3
        else 1 end`,
      version: sql`${produceOrders.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(produceOrders.id, orderId));
}

/** The order's actions (produceOrderMachine) with their guards and effects. */
export const produceOrderActions = machineService({
  machine: produceOrderMachine,
  table: produceOrders,
  number: produceOrders.code,
  hooks: {
    confirm: {
      // a plan follows the product's main process-flow version: without one nothing can be planned
      async guard(tx, row) {
        const [main] = await tx
          .select({ id: processFlowVersions.id })
          .from(processFlowVersions)
          .innerJoin(processFlows, eq(processFlows.id, processFlowVersions.flowId))
          .where(
            and(
              eq(processFlows.materialId, row.materialsId as number),
              eq(processFlows.enabled, true),
              eq(processFlowVersions.isMain, true),
            ),
          )
          .limit(1);
        if (!main) throw conflict(`订单“${row.code}”的产品没有启用的工艺路线主版本，请先在工艺路线中维护`);
      },
    },
    unconfirm: { guard: (tx, row) => refuseWithPlans(tx, row, '取消确认') },
    cancel: { guard: (tx, row) => refuseWithPlans(tx, row, '取消') },
    finish: {
      async guard(tx, row) {
        const [open] = await tx
          .select({ code: produceWorkOrders.code })
          .from(produceWorkOrders)
          .where(and(eq(produceWorkOrders.orderId, row.id), notInArray(produceWorkOrders.status, [2, 3, 9])))
          .limit(1);
        if (open) throw conflict(`订单“${row.code}”的工单“${open.code}”尚未完工，不能完成`);
      },
      effect: async (tx) => ({ finishedAt: nowOf(tx) }),
    },
    reopen: {
      effect: async (_tx, row) => ({
        finishedAt: null,
        planStatus: Number(row.plannedQuantity) >= Number(row.quantity) ? 1 : 3,
      }),
    },
  },
});

/**
 * An order follows its work orders (DOMAIN): its completed quantity is Σ the completed quantity
 * of its normal work orders; when every work order is completed, ended or cancelled and what was
 * completed reaches its quantity, it finishes by itself (as the system); a reopened work order
 * reopens a finished order. Called after every change of a work order's status or counters.
 */
export async function syncOrder(tx: Tx, orderId: number): Promise<void> {
  const [order] = await tx.select().from(produceOrders).where(eq(produceOrders.id, orderId)).for('update');
  if (!order) return;
  const [sums] = await tx
    .select({
      completed: sql<string>`coalesce(sum(${produceWorkOrders.completedQuantity}) filter (where ${produceWorkOrders.workType} = 0), 0)`,
      open: sql<number>`count(*) filter (where ${produceWorkOrders.status} in (0, 1))`.mapWith(Number),
      closed: sql<number>`count(*) filter (where ${produceWorkOrders.status} in (2, 3))`.mapWith(Number),
    })
    .from(produceWorkOrders)
    .where(eq(produceWorkOrders.orderId, orderId));
  if (Number(sums.completed) !== Number(order.completedQuantity))
    await tx
      .update(produceOrders)
      .set({ completedQuantity: sums.completed, version: sql`${produceOrders.version} + 1` })
      .where(eq(produceOrders.id, orderId));
  const done = sums.open === 0 && sums.closed > 0 && Number(sums.completed) >= Number(order.quantity);
  if (done && (order.planStatus === 1 || order.planStatus === 3))
    await produceOrderActions.act(tx, 'system', 'finish', { id: orderId });
  else if (sums.open > 0 && order.planStatus === 2)
    await produceOrderActions.act(tx, 'system', 'reopen', { id: orderId });
}
