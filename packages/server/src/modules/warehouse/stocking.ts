import { warehouseApi } from '@factory/shared/api/warehouse';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError } from '../../platform/errors.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { warehouses } from '../information/index.ts';
import { noteStocked, stockableWorkOrders } from '../plans/index.ts';
import { bookingType } from './bookingType.ts';
import { stockDocs } from './schema.ts';
import { postNow } from './stockDocs.ts';

/**
 * Finished goods into stock (生产入库, `stocking` / `stockingBatch`; DOMAIN "Completed → stock-in"):
 * every work order of the plans with completed units not yet stocked gives one line, a new batch
 * of its own, on one production stock-in document posted at once; the work orders note what was
 * stocked, so the same units never go in twice.
 */
export async function stockFinished(
  tx: Tx,
  actorId: number,
  planIds: number[],
  place: { warehouseId: number; locationId?: number | null },
) {
  const [warehouse] = await tx
    .select({ kind: warehouses.kind, enabled: warehouses.enabled, name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.id, place.warehouseId));
  if (warehouse?.kind !== 0) throw fieldError('warehouseId', '所选仓库不存在或已被删除');
  if (!warehouse.enabled) throw fieldError('warehouseId', `仓库“${warehouse.name}”已停用`);
  const orders = await stockableWorkOrders(tx, planIds);
  if (!orders.length)
    throw conflict(planIds.length === 1 ? '该计划没有已完工未入库的数量' : '所选计划没有已完工未入库的数量');
  const planCodes = [...new Set(orders.map((o) => o.planCode))];
  const id = await postNow(tx, actorId, {
    kind: 0,
    stockTypeId: await bookingType(tx, 0, 1),
    warehouseId: place.warehouseId,
    sourceNumber: planCodes.length === 1 ? planCodes[0] : `${planCodes[0]}等${planCodes.length}个计划`,
    remark: '生产入库',
    lines: orders.map((o) => ({
      materialsId: o.materialId,
      quantity: o.stockable,
      locationId: place.locationId ?? null,
      remark: `工单 ${o.code}`,
    })),
  });
  for (const o of orders) await noteStocked(tx, o.id, o.stockable);
  const [doc] = await tx
    .select({
      id: stockDocs.id,
      code: stockDocs.code,
      lineCount: stockDocs.lineCount,
      total: stockDocs.totalQuantity,
    })
    .from(stockDocs)
    .where(eq(stockDocs.id, id));
  return { id: doc.id, code: doc.code, lineCount: doc.lineCount, totalQuantity: Number(doc.total) };
}

export const stockingRoutes: RouteDef[] = [
  handle(warehouseApi.stocking, {
    handler: ({ tx, session, body }) => stockFinished(tx, session.userId, [body.id], body),
  }),
  handle(warehouseApi.stockingBatch, {
    handler: ({ tx, session, body }) => stockFinished(tx, session.userId, body.ids, body),
  }),
];
