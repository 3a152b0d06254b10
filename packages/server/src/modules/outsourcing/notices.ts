import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { eachTenant } from '../../platform/eachTenant.ts';
import { emitEvent } from '../../platform/events/bus.ts';
import type { Services } from '../../platform/services.ts';
import { suppliers } from '../information/index.ts';
import { produceWorkOrders } from '../plans/index.ts';
import { outsourceOrders as o, outsourceSends } from './schema.ts';

/** The overdue sweep: every 15 minutes, once across the nodes; each order is told once a day. */
export const OVERDUE_NOTICES_JOB = 'outsourcing-overdue-notices';
export const OVERDUE_NOTICES_CRON = '*/15 * * * *';
/** The factory's working day starts here: a day's notices are not sent in the night before it. */
const FROM_HOUR = 8;

/** The factory's date and hour (Asia/Shanghai, no daylight saving) of `now`. */
function factoryDay(now: Date): { date: string; hour: number } {
  const local = new Date(now.getTime() + 8 * 3600_000);
  return { date: local.toISOString().slice(0, 10), hour: local.getUTCHours() };
}

/**
 * One tenant's sweep (DOMAIN "Outsourcing → Overdue"): an order sent and not all back past its
 * planned return date is told, once each factory day from 08:00 until it is back, to whoever
 * made it and whoever sent it out (the planners chasing it).
 */
export async function sweepOverdue(
  tx: Tx,
  tenantId: number,
  services: Pick<Services, 'events'>,
  now: Date,
  afterCommit: (fn: () => void | Promise<void>) => void,
): Promise<number> {
  const today = factoryDay(now);
  if (today.hour < FROM_HOUR) return 0;
  const late = await tx
    .select({
      id: o.id,
      code: o.code,
      createdBy: o.createdBy,
      planReturnDate: o.planReturnDate,
      out: sql<string>`trim_scale(${o.sentQuantity} - ${o.receivedGoodQuantity} - ${o.receivedDefectQuantity})::text`,
      supplierName: suppliers.name,
      workOrderCode: produceWorkOrders.code,
      senderIds: sql<number[] | null>`(select array_agg(distinct s.created_by) from ${outsourceSends} s
        where s.order_id = ${o.id} and s.created_by is not null)`,
    })
    .from(o)
    .innerJoin(produceWorkOrders, eq(produceWorkOrders.id, o.workOrderId))
    .leftJoin(suppliers, eq(suppliers.id, o.supplierId))
    .where(
      and(
        inArray(o.status, [2, 3]),
        lt(o.planReturnDate, today.date),
        sql`${o.sentQuantity} > ${o.receivedGoodQuantity} + ${o.receivedDefectQuantity}`,
        or(isNull(o.overdueNoticedOn), lt(o.overdueNoticedOn, today.date)),
      ),
    )
    .orderBy(asc(o.code))
    .limit(200)
    .for('update', { of: o, skipLocked: true });
  const ctx = { tx, session: { tenantId, userId: null, name: '系统' }, services, afterCommit };
  for (const w of late) {
    const recipientIds = [...new Set([w.createdBy, ...(w.senderIds ?? [])].filter((u) => u !== null))];
    await emitEvent(ctx, 'outsourceOrder.overdue', {
      orderId: w.id,
      code: w.code,
      workOrderCode: w.workOrderCode,
      supplierName: w.supplierName ?? '',
      planReturnDate: String(w.planReturnDate),
      outQuantity: Number(w.out),
      recipientIds: recipientIds.map(Number).sort((a, b) => a - b),
    });
  }
  if (late.length)
    await tx
      .update(o)
      .set({ overdueNoticedOn: today.date })
      .where(
        inArray(
          o.id,
          late.map((w) => w.id),
        ),
      );
  return late.length;
}

/** The sweep over every enabled tenant; events are dispatched after each tenant's commit. */
export const sweepOverdueNotices = (services: Pick<Services, 'db' | 'events'>, now = new Date()) =>
  eachTenant(services, async (tx, tenantId, afterCommit) => {
    await sweepOverdue(tx, tenantId, services, now, afterCommit);
  });
