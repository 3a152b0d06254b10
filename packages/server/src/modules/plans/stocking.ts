import { and, asc, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { producePlanMaterials, producePlans, produceWorkOrders } from './schema.ts';

/** A work order with finished goods not yet stocked in: completed − stocked − held − written off. */
export interface Stockable {
  id: number;
  code: string;
  planCode: string;
  materialId: number;
  stockable: string;
}

/**
 * The work orders of plans with completed quantity not yet stocked in (DOMAIN: stockable =
 * completed − stocked, less what a finished-product inspection holds), locked so two stock-ins of
 * one plan never take the same units.
 */
export async function stockableWorkOrders(tx: Tx, planIds: number[]): Promise<Stockable[]> {
  if (!planIds.length) return [];
  return tx
    .select({
      id: produceWorkOrders.id,
      code: produceWorkOrders.code,
      planCode: sql<string>`(select p.code from ${producePlans} p where p.id = ${produceWorkOrders.planId})`,
      materialId: produceWorkOrders.materialsId,
      stockable: sql<string>`(${produceWorkOrders.completedQuantity} - ${produceWorkOrders.stockedQuantity}
        - ${produceWorkOrders.heldQuantity} - ${produceWorkOrders.writtenOffQuantity})::text`,
    })
    .from(produceWorkOrders)
    .where(
      and(
        inArray(produceWorkOrders.planId, planIds),
        sql`${produceWorkOrders.completedQuantity} > ${produceWorkOrders.stockedQuantity}
          + ${produceWorkOrders.heldQuantity} + ${produceWorkOrders.writtenOffQuantity}`,
      ),
    )
    .orderBy(asc(produceWorkOrders.planId), asc(produceWorkOrders.id))
    .for('update');
}

/**
 * Completed units of a work order its finished-product inspection holds (`quantity` > 0) or
 * releases (< 0): held units are not stockable (DOMAIN "Completed → stock-in": only accepted
 * quantity is stockable).
 */
export async function holdFinished(tx: Tx, workOrderId: number, quantity: string): Promise<void> {
  await tx
    .update(produceWorkOrders)
    .set({ heldQuantity: sql`greatest(${produceWorkOrders.heldQuantity} + ${quantity}::numeric, 0)` })
    .where(sql`${produceWorkOrders.id} = ${workOrderId}`);
}

/**
 * Completed units a finished-product inspection held, taken out by non-conforming handling
 * (scrapped, or sent back for rework): no longer held, never stockable.
 */
export async function writeOffFinished(tx: Tx, workOrderId: number, quantity: string): Promise<void> {
  await tx
    .update(produceWorkOrders)
    .set({
      heldQuantity: sql`greatest(${produceWorkOrders.heldQuantity} - ${quantity}::numeric, 0)`,
      writtenOffQuantity: sql`${produceWorkOrders.writtenOffQuantity} + ${quantity}::numeric`,
    })
    .where(sql`${produceWorkOrders.id} = ${workOrderId}`);
}

/** Notes a work order's units stocked in (the warehouse's production stock-in posted them). */
export async function noteStocked(tx: Tx, workOrderId: number, quantity: string): Promise<void> {
  await tx
    .update(produceWorkOrders)
    .set({ stockedQuantity: sql`${produceWorkOrders.stockedQuantity} + ${quantity}::numeric` })
    .where(sql`${produceWorkOrders.id} = ${workOrderId}`);
}

/** The plan follows its preparation order's status (DOMAIN: `preparationStatus` mirrors it). */
export async function notePreparation(tx: Tx, planId: number, status: number): Promise<void> {
  await tx.update(producePlans).set({ preparationStatus: status }).where(sql`${producePlans.id} = ${planId}`);
}

/** A pick issued material against a plan's materials list (its issued quantity grows). */
export async function noteIssued(
  tx: Tx,
  planId: number,
  materialId: number,
  quantity: string,
): Promise<void> {
  await tx
    .update(producePlanMaterials)
    .set({ issuedQuantity: sql`${producePlanMaterials.issuedQuantity} + ${quantity}::numeric` })
    .where(
      sql`${producePlanMaterials.planId} = ${planId} and ${producePlanMaterials.materialId} = ${materialId}`,
    );
}
