import { type PickBody, type PrepLineRow, warehouseApi } from '@factory/shared/api/warehouse';
import { fromMicro, least, micro } from '@factory/shared/decimal';
import { materialPrepEntity } from '@factory/shared/entities/materialPrep';
import { materialPrepMachine } from '@factory/shared/machines/warehouse';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import { nowOf } from '../../platform/clock.ts';
import { crud } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError } from '../../platform/errors.ts';
import { lookedUp } from '../../platform/list.ts';
import { machineService } from '../../platform/machine.ts';
import { takeCodes } from '../../platform/numbering.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { txHooks } from '../../platform/txHooks.ts';
import { areas, materials, procedures, units, warehouses } from '../information/index.ts';
import {
  noteIssued,
  notePreparation,
  onPlan,
  onWorkOrder,
  type PlanEvent,
  producePlanMaterials,
  producePlans,
  produceWorkOrders,
  productColumns,
  type WorkOrderEvent,
} from '../plans/index.ts';
import { heldByLine, holdFor, releaseAll, releaseForPick } from './allocation.ts';
import { bookingType } from './bookingType.ts';
import { materialPrepLines, materialPreps, stockDocs } from './schema.ts';
import { postNow } from './stockDocs.ts';

/** 备料单: list and export (they are made by releases, moved by their actions and picks). */
export const materialPrep = crud({
  entity: materialPrepEntity,
  table: materialPreps,
  // a work order's or a plan's order (the work-order detail, a plan's row)
  idFilters: { workOrderId: materialPreps.workOrderId, planId: materialPreps.planId },
  columns: {
    version: materialPreps.version,
    workOrderId: materialPreps.workOrderId,
    planId: materialPreps.planId,
    workOrderCode: lookedUp(materialPreps.workOrderId, produceWorkOrders.code),
    planCode: lookedUp(materialPreps.planId, producePlans.code),
    materialsName: lookedUp(materialPreps.materialsId, materials.name),
    ...productColumns(materialPreps.materialsId),
    areaName: lookedUp(materialPreps.areaId, areas.name),
    targetWarehouseName: lookedUp(materialPreps.targetWarehouseId, warehouses.name),
  },
});

/** A required quantity for part of a plan, rounded up at the columns' scale: q × part ÷ whole. */
const share = (q: string, part: string, whole: string) => {
  const num = micro(q) * micro(part);
  const den = micro(whole);
  return fromMicro((num + den - 1n) / den);
};

/**
 * A released work order's preparation order (DOMAIN): its plan's materials for its quantity, to
 * the line-side warehouse of its line when the line has one. Nothing to prepare: none is made.
 */
async function makePrep(tx: Tx, e: PlanEvent) {
  if (!e.workOrderId) return;
  const [wo] = await tx.select().from(produceWorkOrders).where(eq(produceWorkOrders.id, e.workOrderId));
  const [plan] = await tx.select().from(producePlans).where(eq(producePlans.id, e.planId));
  if (!wo || !plan) return;
  const needs = await tx
    .select()
    .from(producePlanMaterials)
    .where(eq(producePlanMaterials.planId, plan.id))
    .orderBy(asc(producePlanMaterials.id));
  if (!needs.length) return;
  const [lineSide] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.kind, 1), eq(warehouses.areaId, wo.areaId), eq(warehouses.enabled, true)))
    .orderBy(asc(warehouses.id))
    .limit(1);
  await insertPrep(
    tx,
    {
      workOrderId: wo.id,
      planId: plan.id,
      materialsId: wo.materialsId,
      quantity: wo.quantity,
      areaId: wo.areaId,
      targetWarehouseId: lineSide?.id ?? null,
    },
    needs.map((n) => ({
      materialsId: n.materialId,
      procedureId: n.procedureId,
      requiredQuantity: share(n.requiredQuantity, wo.quantity, plan.quantity),
    })),
  );
  await notePreparation(tx, plan.id, 0);
}

type PrepValues = Pick<
  typeof materialPreps.$inferInsert,
  'workOrderId' | 'planId' | 'materialsId' | 'quantity' | 'areaId' | 'targetWarehouseId' | 'status' | 'sentAt'
>;
type PrepLineValues = Pick<
  typeof materialPrepLines.$inferInsert,
  'materialsId' | 'procedureId' | 'requiredQuantity' | 'issuedQuantity'
>;

/** A new preparation order with its lines, numbered by the tenant's rule. */
async function insertPrep(tx: Tx, values: PrepValues, lines: PrepLineValues[]) {
  const [code] = await takeCodes(tx, materialPrepEntity.name);
  const [prep] = await tx
    .insert(materialPreps)
    .values({
      ...values,
      code,
      lineCount: lines.length,
      preparedCount: lines.filter((l) => micro(l.issuedQuantity ?? '0') >= micro(l.requiredQuantity)).length,
      createdAt: nowOf(tx),
      updatedAt: nowOf(tx),
    })
    .returning({ id: materialPreps.id });
  await tx.insert(materialPrepLines).values(lines.map((l, i) => ({ ...l, prepId: prep.id, lineNo: i + 1 })));
  return prep.id;
}

/** An order's status once its lines' issued quantities changed: prepared, preparing, or as it was. */
function statusBy(lines: { required: bigint; issued: bigint }[], before: number) {
  if (before === 0) return 0;
  if (lines.every((l) => l.issued >= l.required)) return 3;
  return lines.some((l) => l.issued > 0n) ? 2 : 1;
}

/**
 * A work order's preparation follows its quantity (docs/warehouse.md "Split and reduced work
 * orders"): taking part of it takes each line's share of the requirement. A split-off work order
 * gets an order of its own with those shares — sent if the original was — and, as issued, what the
 * original had issued beyond its new requirement: that material is at the same line side for this
 * very work. The holds are made again for what each order still lacks.
 */
async function takeFromPrep(tx: Tx, e: WorkOrderEvent) {
  if (!e.taken) return;
  const [prep] = await tx
    .select()
    .from(materialPreps)
    .where(and(eq(materialPreps.workOrderId, e.workOrderId), inArray(materialPreps.status, [0, 1, 2, 3])))
    .for('update');
  if (!prep) return;
  const lines = await tx
    .select()
    .from(materialPrepLines)
    .where(eq(materialPrepLines.prepId, prep.id))
    .orderBy(asc(materialPrepLines.lineNo))
    .for('update');
  const moved = lines.map((l) => {
    const part = micro(share(l.requiredQuantity, e.taken ?? '0', prep.quantity));
    const required = micro(l.requiredQuantity) - part;
    const beyond = micro(l.issuedQuantity) - required;
    const issuedAway = e.splitId && beyond > 0n ? least(beyond, part) : 0n;
    return { line: l, part, required, issued: micro(l.issuedQuantity) - issuedAway, issuedAway };
  });
  for (const m of moved)
    await tx
      .update(materialPrepLines)
      .set({ requiredQuantity: fromMicro(m.required), issuedQuantity: fromMicro(m.issued) })
      .where(eq(materialPrepLines.id, m.line.id));
  await tx
    .update(materialPreps)
    .set({
      quantity: fromMicro(micro(prep.quantity) - micro(e.taken)),
      status: statusBy(moved, prep.status),
      preparedCount: moved.filter((m) => m.issued >= m.required).length,
      version: sql`${materialPreps.version} + 1`,
      updatedAt: nowOf(tx),
    })
    .where(eq(materialPreps.id, prep.id));
  const sent = prep.status !== 0;
  if (sent) {
    await releaseAll(tx, prep.id);
    await holdFor(tx, prep.id);
  }
  if (!e.splitId) return;
  const [wo] = await tx
    .select({ materialsId: produceWorkOrders.materialsId, areaId: produceWorkOrders.areaId })
    .from(produceWorkOrders)
    .where(eq(produceWorkOrders.id, e.splitId));
  const split = await insertPrep(
    tx,
    {
      workOrderId: e.splitId,
      planId: prep.planId,
      materialsId: wo?.materialsId ?? prep.materialsId,
      quantity: e.taken,
      areaId: wo?.areaId ?? prep.areaId,
      targetWarehouseId: prep.targetWarehouseId,
      status: statusBy(
        moved.map((m) => ({ required: m.part, issued: m.issuedAway })),
        prep.status,
      ),
      sentAt: prep.sentAt,
    },
    moved.map((m) => ({
      materialsId: m.line.materialsId,
      procedureId: m.line.procedureId,
      requiredQuantity: fromMicro(m.part),
      issuedQuantity: fromMicro(m.issuedAway),
    })),
  );
  if (sent) await holdFor(tx, split);
}

/** A withdrawn plan's preparation orders are cancelled by the system; what was picked stays line-side. */
async function cancelPreps(tx: Tx, e: PlanEvent) {
  const open = await tx
    .select({ id: materialPreps.id })
    .from(materialPreps)
    .where(and(eq(materialPreps.planId, e.planId), inArray(materialPreps.status, [0, 1, 2])));
  for (const p of open) await materialPrepActions.act(tx, 'system', 'cancel', { id: p.id });
}

onPlan('released', 'warehouse.materialPrep', makePrep);
onPlan('withdrawn', 'warehouse.materialPrep', cancelPreps);
onWorkOrder('split', 'warehouse.materialPrep', takeFromPrep);
onWorkOrder('reduced', 'warehouse.materialPrep', takeFromPrep);
// a work order that has ended needs nothing more: what its order still held goes back
onWorkOrder('closed', 'warehouse.materialPrep', async (tx, e) => {
  const [prep] = await tx
    .select({ id: materialPreps.id })
    .from(materialPreps)
    .where(eq(materialPreps.workOrderId, e.workOrderId));
  if (prep) await releaseAll(tx, prep.id);
});

/** A pick to a work order, as the modules above the warehouse see it (the production quota's check). */
export interface IssueEvent {
  workOrderId: number;
  prepId: number;
  /** The stock document the pick posted. */
  stockDocId: number;
  userId: number;
  /** What this pick took, per material (summed over its lines). */
  lines: { materialsId: number; quantity: string }[];
}

const issueHooks = txHooks<'picked', IssueEvent>(['picked']);
/**
 * Joins a pick's transaction once it is posted and the order's issued quantities count it: a
 * listener that throws refuses the pick (purchase's 超定额领料 check).
 */
export const onIssue = issueHooks.on;

/**
 * A pick (领料): the lines' quantities from the chosen warehouse to the line-side warehouse (a
 * transfer booked as 生产领料), or out to the work itself when its line has none; posted at once.
 * No line takes more than it still needs. The order is then preparing, or prepared once every
 * line has what it needs, and its plan follows.
 */
async function pick(
  tx: Tx,
  row: Record<string, unknown> & { id: number },
  body: Static<typeof PickBody>,
  userId: number,
) {
  if (!body.lines.length) throw fieldError('lines', '请填写领料数量');
  const lines = await tx.select().from(materialPrepLines).where(eq(materialPrepLines.prepId, row.id));
  const byId = new Map(lines.map((l) => [l.id, l]));
  const taken = new Map<number, bigint>();
  for (const [i, p] of body.lines.entries()) {
    const line = byId.get(p.lineId);
    if (!line) throw fieldError(`lines.${i}.lineId`, `第${i + 1}行不是该备料单的明细`);
    const now = (taken.get(line.id) ?? 0n) + micro(String(p.quantity));
    const left = micro(line.requiredQuantity) - micro(line.issuedQuantity);
    if (now > left)
      throw fieldError(
        `lines.${i}.quantity`,
        `第${i + 1}行领料数量超出未领数量${fromMicro(left > 0n ? left : 0n)}`,
      );
    taken.set(line.id, now);
  }
  const target = row.targetWarehouseId as number | null;
  if (target === body.warehouseId) throw fieldError('warehouseId', '发料仓库不能是该产线的线边仓');
  const [wo] = await tx
    .select({ code: produceWorkOrders.code })
    .from(produceWorkOrders)
    .where(eq(produceWorkOrders.id, row.workOrderId as number));
  // what the order held for these lines is what the pick may take
  await releaseForPick(
    tx,
    body.lines.map((p) => ({ ...p, quantity: String(p.quantity), warehouseId: body.warehouseId })),
    new Map(lines.map((l) => [l.id, micro(l.requiredQuantity) - micro(l.issuedQuantity)])),
  );
  const stockDocId = await postNow(tx, userId, {
    kind: target ? 2 : 1,
    stockTypeId: await bookingType(tx, 1, 0),
    warehouseId: body.warehouseId,
    targetWarehouseId: target,
    sourceNumber: String(row.code),
    remark: `工单 ${wo?.code ?? ''} 备料`,
    lines: body.lines.map((p) => ({
      materialsId: byId.get(p.lineId)?.materialsId,
      quantity: String(p.quantity),
      batchCode: p.batchCode ?? null,
      locationId: p.locationId ?? null,
    })),
  });
  for (const [lineId, q] of taken) {
    const line = byId.get(lineId);
    if (!line) continue;
    await tx
      .update(materialPrepLines)
      .set({ issuedQuantity: sql`${materialPrepLines.issuedQuantity} + ${fromMicro(q)}::numeric` })
      .where(eq(materialPrepLines.id, lineId));
    if (row.planId) await noteIssued(tx, row.planId as number, line.materialsId, fromMicro(q));
  }
  const byMaterial = new Map<number, bigint>();
  for (const [lineId, q] of taken) {
    const m = byId.get(lineId)?.materialsId as number;
    byMaterial.set(m, (byMaterial.get(m) ?? 0n) + q);
  }
  await issueHooks.tell(tx, 'picked', {
    workOrderId: row.workOrderId as number,
    prepId: row.id,
    stockDocId,
    userId,
    lines: [...byMaterial].map(([materialsId, q]) => ({ materialsId, quantity: fromMicro(q) })),
  });
  const [{ prepared }] = await tx
    .select({
      prepared: sql<number>`count(*) filter (where ${materialPrepLines.issuedQuantity} >= ${materialPrepLines.requiredQuantity})::int`,
    })
    .from(materialPrepLines)
    .where(eq(materialPrepLines.prepId, row.id));
  const status = prepared >= lines.length ? 3 : 2;
  if (row.planId) await notePreparation(tx, row.planId as number, status);
  return { status, preparedCount: prepared };
}

/** The order's actions (materialPrepMachine): send to the warehouse, pick, cancel. */
export const materialPrepActions = machineService({
  machine: materialPrepMachine,
  table: materialPreps,
  number: materialPreps.code,
  hooks: {
    send: {
      effect: async (tx) => ({ sentAt: nowOf(tx) }),
      after: async (tx, row) => {
        await holdFor(tx, row.id);
        if (row.planId) await notePreparation(tx, row.planId as number, 1);
      },
    },
    // stock that came in since the order was sent: hold what its lines still lack
    hold: { after: (tx, row) => holdFor(tx, row.id).then(() => undefined) },
    cancel: { after: (tx, row) => releaseAll(tx, row.id) },
    pick: {
      async effect(tx, row, input, actor) {
        // a pick is a keeper's: the stock document names who made it
        if (actor === 'system') throw conflict('领料须由仓管员操作');
        const done = await pick(tx, row, input.body as Static<typeof PickBody>, actor.userId);
        return { status: done.status, preparedCount: done.preparedCount };
      },
    },
  },
});

/** A preparation order's lines with what is still to pick. */
async function prepLines(tx: Tx, id: number): Promise<PrepLineRow[]> {
  const rows = await tx
    .select({
      id: materialPrepLines.id,
      materialsId: materialPrepLines.materialsId,
      materialsCode: materials.code,
      materialsName: materials.name,
      materialsSpecifications: materials.specifications,
      unitName: units.name,
      procedureName: procedures.name,
      required: materialPrepLines.requiredQuantity,
      issued: materialPrepLines.issuedQuantity,
    })
    .from(materialPrepLines)
    .innerJoin(materials, eq(materials.id, materialPrepLines.materialsId))
    .leftJoin(units, eq(units.id, materials.mainUnitId))
    .leftJoin(procedures, eq(procedures.id, materialPrepLines.procedureId))
    .where(eq(materialPrepLines.prepId, id))
    .orderBy(asc(materialPrepLines.lineNo));
  const held = await heldByLine(tx, [id]);
  return rows.map(({ required, issued, ...r }) => {
    const left = micro(required) - micro(issued);
    return {
      ...r,
      requiredQuantity: Number(required),
      issuedQuantity: Number(issued),
      remainingQuantity: Number(fromMicro(left > 0n ? left : 0n)),
      heldQuantity: Number(fromMicro(held.get(r.id) ?? 0n)),
    };
  });
}

export const materialPrepRoutes: RouteDef[] = [
  ...materialPrep.routes,
  ...materialPrepActions.routes,
  handle(warehouseApi.prepLines, { handler: ({ tx, query }) => prepLines(tx, query.id) }),
  handle(warehouseApi.pick, {
    handler: async ({ tx, session, body }) => {
      const row = await materialPrepActions.act(tx, session, 'pick', {
        id: body.id,
        version: body.version,
        body,
      });
      // the pick's document: the newest posted under the order's number
      const [doc] = await tx
        .select({ code: stockDocs.code })
        .from(stockDocs)
        .where(eq(stockDocs.sourceNumber, String(row.code)))
        .orderBy(desc(stockDocs.id))
        .limit(1);
      return { id: row.id, version: row.version, status: row.status as number, docCode: doc?.code ?? '' };
    },
  }),
];
