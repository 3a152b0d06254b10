import { and, eq, gt, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { eachTenant } from '../../platform/eachTenant.ts';
import { emitEvent } from '../../platform/events/bus.ts';
import { auditLog } from '../../platform/schema.ts';
import type { Services } from '../../platform/services.ts';
import { produceOrders, produceWorkOrders } from './schema.ts';

/** The due-date sweep: every 15 minutes, once across the nodes. */
export const DUE_NOTICES_JOB = 'production-due-notices';
export const DUE_NOTICES_CRON = '*/15 * * * *';
/** An order is due soon this long before its delivery date. */
const DUE_SOON_MS = 3 * 24 * 3600_000;
/** Rows one sweep tells per tenant and kind; the next sweep takes the rest. */
const BATCH = 200;

const shown = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')`;

/** Who did `action` first on each document of `entity` (the planner who released, who entered). */
async function firstActors(
  tx: Tx,
  entity: string,
  action: string,
  ids: number[],
): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ id: auditLog.entityId, userId: sql<number | null>`min(${auditLog.userId})` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, entity),
        eq(auditLog.action, action),
        inArray(
          auditLog.entityId,
          ids.map((i) => String(i)),
        ),
      ),
    )
    .groupBy(auditLog.entityId);
  return new Map(rows.flatMap((r) => (r.userId === null ? [] : [[Number(r.id), Number(r.userId)]])));
}

/**
 * One tenant's sweep (DOMAIN notifications): work orders past their planned end and not completed
 * → the planner who released their plan; orders due within 3 days whose plans are not completed →
 * the planner who entered them. Each is told once (the noticed mark), in one transaction with the
 * events it emits.
 */
export async function sweepTenant(
  tx: Tx,
  tenantId: number,
  services: Pick<Services, 'events'>,
  now: Date,
  afterCommit: (fn: () => void | Promise<void>) => void,
) {
  const ctx = { tx, session: { tenantId, userId: null, name: '系统' }, services, afterCommit };
  const late = await tx
    .select({
      id: produceWorkOrders.id,
      code: produceWorkOrders.code,
      planId: produceWorkOrders.planId,
      planEndTime: shown(produceWorkOrders.planEndTime),
    })
    .from(produceWorkOrders)
    .where(
      and(
        inArray(produceWorkOrders.status, [0, 1]),
        lt(produceWorkOrders.planEndTime, now),
        isNull(produceWorkOrders.overdueNoticedAt),
      ),
    )
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const planners = await firstActors(
    tx,
    'producePlan',
    'release',
    late.flatMap((w) => (w.planId === null ? [] : [w.planId])),
  );
  for (const w of late) {
    const plannerId = w.planId === null ? undefined : planners.get(w.planId);
    await emitEvent(ctx, 'workOrder.overdue', {
      workOrderId: w.id,
      code: w.code,
      planEndTime: w.planEndTime,
      ...(plannerId ? { plannerId } : {}),
    });
  }
  if (late.length)
    await tx
      .update(produceWorkOrders)
      .set({ overdueNoticedAt: now })
      .where(
        inArray(
          produceWorkOrders.id,
          late.map((w) => w.id),
        ),
      );

  const due = await tx
    .select({
      id: produceOrders.id,
      code: produceOrders.code,
      deliveryTime: shown(produceOrders.deliveryTime),
    })
    .from(produceOrders)
    .where(
      and(
        eq(produceOrders.confirmStatus, 1),
        notInArray(produceOrders.planStatus, [2, 9]),
        gt(produceOrders.deliveryTime, now),
        lt(produceOrders.deliveryTime, new Date(now.getTime() + DUE_SOON_MS)),
        isNull(produceOrders.dueNoticedAt),
      ),
    )
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const entered = await firstActors(
    tx,
    'produceOrder',
    'add',
    due.map((o) => o.id),
  );
  for (const o of due) {
    const plannerId = entered.get(o.id);
    await emitEvent(ctx, 'produceOrder.dueSoon', {
      orderId: o.id,
      code: o.code,
      deliveryTime: o.deliveryTime,
      ...(plannerId ? { plannerId } : {}),
    });
  }
  if (due.length)
    await tx
      .update(produceOrders)
      .set({ dueNoticedAt: now })
      .where(
        inArray(
          produceOrders.id,
          due.map((o) => o.id),
        ),
      );
  return { overdue: late.length, dueSoon: due.length };
}

/** The sweep over every enabled tenant; events are dispatched after each tenant's commit. */
export const sweepDueNotices = (services: Pick<Services, 'db' | 'events'>, now = new Date()) =>
  eachTenant(services, async (tx, tenantId, afterCommit) => {
    await sweepTenant(tx, tenantId, services, now, afterCommit);
  });
