import { fromMicro, micro } from '@factory/shared/decimal';
import { purchaseRequestEntity } from '@factory/shared/entities/purchase';
import { purchaseRequestMachine } from '@factory/shared/machines/purchase';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { crud } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError } from '../../platform/errors.ts';
import { lookedUp } from '../../platform/list.ts';
import { type DocRow, machineService } from '../../platform/machine.ts';
import { materials, suppliers } from '../information/index.ts';
import { productColumns } from '../plans/index.ts';
import { users } from '../setting/index.ts';
import { purchaseOrderLines, purchaseOrders, purchaseRequests } from './schema.ts';

/** A material that can be bought: a real one (a virtual material is a phantom of its BOM). */
export async function refuseVirtual(tx: Tx, materialsId: unknown, field: string, row = '') {
  if (typeof materialsId !== 'number') return;
  const [m] = await tx
    .select({ name: materials.name, isVirtual: materials.isVirtual })
    .from(materials)
    .where(eq(materials.id, materialsId));
  if (m?.isVirtual) throw fieldError(field, `${row}“${m.name}”是虚拟件，不能采购`);
}

/** 请购单: the declared calls; edited only while to submit, deleted only while nothing is ordered. */
export const purchaseRequest = crud({
  entity: purchaseRequestEntity,
  table: purchaseRequests,
  document: { number: purchaseRequests.code },
  refs: {
    materialsName: { id: materials.id, name: materials.name, code: materials.code },
    supplierName: { id: suppliers.id, name: suppliers.name, code: suppliers.code },
  },
  columns: {
    version: purchaseRequests.version,
    ...productColumns(purchaseRequests.materialsId),
    createdByName: lookedUp(purchaseRequests.createdBy, users.name),
  },
  hooks: {
    async validate(tx, values, id) {
      if (id !== null) {
        const [row] = await tx
          .select({ code: purchaseRequests.code, status: purchaseRequests.status })
          .from(purchaseRequests)
          .where(eq(purchaseRequests.id, id));
        if (row && row.status !== 0)
          throw conflict(
            `请购单“${row.code}”${purchaseRequestMachine.states.status.enum.label(row.status, '')}，不能修改`,
          );
      }
      await refuseVirtual(tx, values.materialsId, 'materialsId');
    },
    async saved(tx, id, _body, isNew, actorId) {
      if (isNew)
        await tx.update(purchaseRequests).set({ createdBy: actorId }).where(eq(purchaseRequests.id, id));
    },
    async removing(tx, id) {
      const [row] = await tx
        .select({ code: purchaseRequests.code, ordered: purchaseRequests.orderedQuantity })
        .from(purchaseRequests)
        .where(eq(purchaseRequests.id, id));
      if (row && micro(row.ordered) > 0n) throw conflict(`请购单“${row.code}”已下采购订单，不能删除`);
    },
  },
});

/** Withdraw and cancel stand on nothing being ordered yet. */
function refuseOrdered(action: string) {
  return async (_tx: Tx, row: DocRow) => {
    if (micro(String(row.orderedQuantity)) > 0n)
      throw conflict(
        `请购单“${row.code}”已下单 ${fromMicro(micro(String(row.orderedQuantity)))}，不能${action}`,
      );
  };
}

/** The request's actions (purchaseRequestMachine) with their guards. */
export const purchaseRequestActions = machineService({
  machine: purchaseRequestMachine,
  table: purchaseRequests,
  number: purchaseRequests.code,
  hooks: {
    submit: {
      async guard(tx, row) {
        await refuseVirtual(tx, row.materialsId, 'materialsId');
      },
    },
    withdraw: { guard: refuseOrdered('撤回') },
    cancel: { guard: refuseOrdered('取消') },
  },
});

/**
 * What the requests' orders now hold (lines of orders not cancelled) becomes their ordered
 * quantity; covered → 2 purchased, no longer covered (a line cut, an order cancelled) → back to
 * 1 submitted for the rest to be ordered.
 */
export async function refreshRequests(tx: Tx, requestIds: number[]): Promise<void> {
  const ids = [...new Set(requestIds)];
  if (!ids.length) return;
  await tx
    .update(purchaseRequests)
    .set({
      orderedQuantity: sql`(select coalesce(sum(l.quantity), 0) from ${purchaseOrderLines} l
        join ${purchaseOrders} o on o.id = l.order_id
        where l.request_id = ${purchaseRequests.id} and o.status <> 9)`,
      version: sql`${purchaseRequests.version} + 1`,
    })
    .where(inArray(purchaseRequests.id, ids));
  await tx
    .update(purchaseRequests)
    .set({
      status: sql`case when ${purchaseRequests.orderedQuantity} >= ${purchaseRequests.quantity} then 2 else 1 end`,
    })
    .where(
      and(inArray(purchaseRequests.id, ids), ne(purchaseRequests.status, 9), ne(purchaseRequests.status, 0)),
    );
}

/** The requests a purchase order's lines were made from. */
export async function requestsOf(tx: Tx, orderId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: purchaseOrderLines.requestId })
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.orderId, orderId), sql`${purchaseOrderLines.requestId} is not null`));
  return rows.map((r) => r.id as number);
}
