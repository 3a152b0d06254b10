import { type CountEntryBody, type CountLineRow, warehouseApi } from '@factory/shared/api/warehouse';
import { fromMicro, micro } from '@factory/shared/decimal';
import { stockCountEntity } from '@factory/shared/entities/stockCount';
import { stockCountMachine } from '@factory/shared/machines/warehouse';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Static } from 'typebox';
import { nowOf } from '../../platform/clock.ts';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { lookedUp } from '../../platform/list.ts';
import { type Actor, machineService, writeTrail } from '../../platform/machine.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import {
  batchNumbers,
  materials,
  units,
  warehouseAreas,
  warehouseLocations,
  warehouses,
} from '../information/index.ts';
import { users } from '../setting/index.ts';
import { releaseForLoss } from './allocation.ts';
import { bookingType } from './bookingType.ts';
import { stockBalances, stockCountLines, stockCounts, stockDocs } from './schema.ts';
import { postNow } from './stockDocs.ts';

const userName = (column: PgColumn) => lookedUp(column, users.name);

/** 盘点单: the header's calls; edited and deleted only as a draft (a cancelled one may be deleted). */
export const stockCount = crud({
  entity: stockCountEntity,
  table: stockCounts,
  document: { number: stockCounts.code },
  refs: {
    warehouseName: { id: warehouses.id, name: warehouses.name, code: warehouses.code },
    warehouseAreaName: { id: warehouseAreas.id, name: warehouseAreas.name, code: warehouseAreas.code },
  },
  columns: {
    version: stockCounts.version,
    // a blind count tells nobody how many lines differ from the book until it is submitted
    differenceCount: sql<number | null>`case when ${qualified(stockCounts.isBlind)}
      and ${qualified(stockCounts.status)} < 2 then null else ${qualified(stockCounts.differenceCount)} end`.mapWith(
      (v) => (v === null ? null : Number(v)),
    ),
    countedByName: userName(stockCounts.countedBy),
    postedByName: userName(stockCounts.postedBy),
    createdByName: userName(stockCounts.createdBy),
  },
  hooks: {
    async validate(tx, values, id) {
      let stored: Record<string, unknown> = {};
      if (id !== null) {
        const [row] = await tx.select().from(stockCounts).where(eq(stockCounts.id, id));
        if (row && row.status !== 0) throw conflict(`盘点单“${row.code}”已开始，不能修改`);
        stored = row ?? {};
      }
      const doc = { ...stored, ...values };
      if (!doc.warehouseAreaId) return;
      const [area] = await tx
        .select({ warehouseId: warehouseAreas.warehouseId })
        .from(warehouseAreas)
        .where(eq(warehouseAreas.id, Number(doc.warehouseAreaId)));
      if (area?.warehouseId !== Number(doc.warehouseId))
        throw fieldError('warehouseAreaId', '所选库区不在所选仓库中');
    },
    async saved(tx, id, _body, isNew, actorId) {
      if (isNew) await tx.update(stockCounts).set({ createdBy: actorId }).where(eq(stockCounts.id, id));
    },
    async removing(tx, id) {
      const [row] = await tx
        .select({ code: stockCounts.code, status: stockCounts.status })
        .from(stockCounts)
        .where(eq(stockCounts.id, id));
      if (row && row.status !== 0 && row.status !== 9) throw conflict(`盘点单“${row.code}”已开始，不能删除`);
    },
  },
});

const actorIdOf = (actor: Actor) => (actor === 'system' ? null : actor.userId);

/** Recounts a sheet's lines and the lines whose count differs from the book. */
async function refreshCounts(tx: Tx, id: number) {
  await tx
    .update(stockCounts)
    .set({
      lineCount: sql`(select count(*) from ${stockCountLines} l where l.count_id = ${stockCounts.id})`,
      differenceCount: sql`(select count(*) from ${stockCountLines} l where l.count_id = ${stockCounts.id}
        and l.counted_quantity is not null and l.counted_quantity <> l.book_quantity)`,
    })
    .where(eq(stockCounts.id, id));
}

/** The sheet's actions (stockCountMachine). */
export const stockCountActions = machineService({
  machine: stockCountMachine,
  table: stockCounts,
  number: stockCounts.code,
  hooks: {
    start: {
      // the book of its scope now, one line per place (material × location × batch) holding stock
      async effect(tx, row, _input, actor) {
        const areaId = row.warehouseAreaId as number | null;
        await tx.delete(stockCountLines).where(eq(stockCountLines.countId, row.id));
        await tx.execute(sql`
          insert into ${stockCountLines} (count_id, line_no, materials_id, location_id, batch_id, batch_code, book_quantity)
          select ${row.id}, row_number() over (order by l.code nulls first, m.code, bn.code nulls first, b.id),
            b.materials_id, nullif(b.location_id, 0), nullif(b.batch_id, 0), bn.code, b.on_hand
          from ${stockBalances} b
          join ${materials} m on m.id = b.materials_id
          left join ${warehouseLocations} l on l.id = b.location_id
          left join ${batchNumbers} bn on bn.id = b.batch_id
          where b.warehouse_id = ${row.warehouseId as number} and b.on_hand <> 0
            ${areaId ? sql`and l.warehouse_area_id = ${areaId}` : sql``}`);
        await refreshCounts(tx, row.id);
        return { startedAt: nowOf(tx), countedBy: actorIdOf(actor) };
      },
    },
    submit: {
      async guard(tx, row) {
        const [open] = await tx
          .select({ lineNo: stockCountLines.lineNo, name: materials.name })
          .from(stockCountLines)
          .innerJoin(materials, eq(materials.id, stockCountLines.materialsId))
          .where(and(eq(stockCountLines.countId, row.id), sql`${stockCountLines.countedQuantity} is null`))
          .orderBy(asc(stockCountLines.lineNo))
          .limit(1);
        if (open) throw conflict(`盘点单“${row.code}”第${open.lineNo}行“${open.name}”尚未录入实盘数量`);
      },
      effect: async (_tx, _row, _input, actor) => ({ countedBy: actorIdOf(actor) }),
    },
    approve: {
      async guard(_tx, row, _input, actor) {
        if (actor !== 'system' && actor.userId === row.countedBy)
          throw conflict(`盘点单“${row.code}”须由盘点人以外的人审核`);
      },
      // gains post as a stock-in, losses as a stock-out, each on the counted place and batch
      async effect(tx, row, _input, actor) {
        const lines = await tx
          .select()
          .from(stockCountLines)
          .where(eq(stockCountLines.countId, row.id))
          .orderBy(asc(stockCountLines.lineNo));
        const diff = (l: (typeof lines)[number]) =>
          micro(l.countedQuantity ?? l.bookQuantity) - micro(l.bookQuantity);
        const line = (l: (typeof lines)[number], q: bigint) => ({
          materialsId: l.materialsId,
          locationId: l.locationId,
          batchCode: l.batchCode,
          quantity: fromMicro(q < 0n ? -q : q),
          remark: `盘点 ${row.code} 第${l.lineNo}行`,
        });
        const gains = lines.filter((l) => diff(l) > 0n).map((l) => line(l, diff(l)));
        const losses = lines.filter((l) => diff(l) < 0n).map((l) => line(l, diff(l)));
        // unfrozen first: the adjustments post into the very scope this sheet froze
        await tx.update(stockCounts).set({ status: 3 }).where(eq(stockCounts.id, row.id));
        const userId = actorIdOf(actor) ?? (row.countedBy as number | null) ?? 0;
        const made: number[] = [];
        const base = { warehouseId: row.warehouseId, sourceNumber: row.code };
        if (gains.length)
          made.push(
            await postNow(tx, userId, {
              ...base,
              kind: 0,
              stockTypeId: await bookingType(tx, 0, 4),
              remark: '盘盈',
              lines: gains,
            }),
          );
        // stock that is not there cannot stay held for a preparation order
        await releaseForLoss(tx, row.warehouseId as number, losses);
        if (losses.length)
          made.push(
            await postNow(tx, userId, {
              ...base,
              kind: 1,
              stockTypeId: await bookingType(tx, 1, 2),
              remark: '盘亏',
              lines: losses,
            }),
          );
        const codes = made.length
          ? (
              await tx.select({ code: stockDocs.code }).from(stockDocs).where(inArray(stockDocs.id, made))
            ).map((d) => d.code)
          : [];
        return { postedAt: nowOf(tx), postedBy: actorIdOf(actor), adjustCodes: codes.join('、') || null };
      },
    },
  },
});

/** A count's lines as the counting screen shows them; a blind count hides the book until submitted. */
async function countLines(tx: Tx, id: number): Promise<CountLineRow[]> {
  const [count] = await tx
    .select({ isBlind: stockCounts.isBlind, status: stockCounts.status })
    .from(stockCounts)
    .where(eq(stockCounts.id, id));
  if (!count) throw notFound('盘点单');
  const hide = count.isBlind && count.status < 2;
  const rows = await tx
    .select({
      id: stockCountLines.id,
      materialsId: stockCountLines.materialsId,
      materialsCode: materials.code,
      materialsName: materials.name,
      materialsSpecifications: materials.specifications,
      unitName: units.name,
      locationId: stockCountLines.locationId,
      locationName: warehouseLocations.code,
      batchCode: stockCountLines.batchCode,
      book: stockCountLines.bookQuantity,
      counted: stockCountLines.countedQuantity,
      remark: stockCountLines.remark,
    })
    .from(stockCountLines)
    .innerJoin(materials, eq(materials.id, stockCountLines.materialsId))
    .leftJoin(units, eq(units.id, materials.mainUnitId))
    .leftJoin(warehouseLocations, eq(warehouseLocations.id, stockCountLines.locationId))
    .where(eq(stockCountLines.countId, id))
    .orderBy(asc(stockCountLines.lineNo));
  return rows.map(({ book, counted, ...r }) => ({
    ...r,
    bookQuantity: hide ? null : Number(book),
    countedQuantity: counted === null ? null : Number(counted),
    difference: hide || counted === null ? null : Number(fromMicro(micro(counted) - micro(book))),
  }));
}

/**
 * The counter's entries while counting: counted quantities of the lines, and stock found that the
 * book did not have (a new line with book 0, its location in the sheet's scope).
 */
async function saveCounts(tx: Tx, userId: number, body: Static<typeof CountEntryBody>) {
  const row = await stockCountActions.lock(tx, body.id);
  stockCountActions.checkVersion(row, body.version);
  if (row.status !== 1) throw conflict(`盘点单“${row.code}”不在盘点中，不能录入`);
  const [{ last }] = await tx
    .select({ last: sql<number>`coalesce(max(${stockCountLines.lineNo}), 0)::int` })
    .from(stockCountLines)
    .where(eq(stockCountLines.countId, row.id));
  let lineNo = last;
  for (const [i, l] of body.lines.entries()) {
    const counted = l.countedQuantity === null ? null : String(l.countedQuantity);
    if (l.id) {
      const updated = await tx
        .update(stockCountLines)
        .set({ countedQuantity: counted, remark: l.remark ?? null })
        .where(and(eq(stockCountLines.id, l.id), eq(stockCountLines.countId, row.id)))
        .returning({ id: stockCountLines.id });
      if (!updated.length) throw fieldError(`lines.${i}.id`, `第${i + 1}行不是该盘点单的明细`);
      continue;
    }
    if (!l.materialsId) throw fieldError(`lines.${i}.materialsId`, `第${i + 1}行：请选择物料`);
    if (l.locationId) {
      const [place] = await tx
        .select({ warehouseId: warehouseAreas.warehouseId, areaId: warehouseAreas.id })
        .from(warehouseLocations)
        .innerJoin(warehouseAreas, eq(warehouseAreas.id, warehouseLocations.warehouseAreaId))
        .where(eq(warehouseLocations.id, l.locationId));
      if (
        place?.warehouseId !== row.warehouseId ||
        (row.warehouseAreaId && place.areaId !== row.warehouseAreaId)
      )
        throw fieldError(`lines.${i}.locationId`, `第${i + 1}行库位不在盘点范围内`);
    } else if (row.warehouseAreaId) throw fieldError(`lines.${i}.locationId`, `第${i + 1}行：请选择库位`);
    const [material] = await tx
      .select({ id: materials.id })
      .from(materials)
      .where(eq(materials.id, l.materialsId));
    if (!material) throw fieldError(`lines.${i}.materialsId`, `第${i + 1}行所选物料不存在或已被删除`);
    lineNo += 1;
    await tx.insert(stockCountLines).values({
      countId: row.id,
      lineNo,
      materialsId: l.materialsId,
      locationId: l.locationId ?? null,
      batchCode: l.batchCode?.trim() || null,
      countedQuantity: counted,
      remark: l.remark ?? null,
    });
  }
  await refreshCounts(tx, row.id);
  const [next] = await tx
    .update(stockCounts)
    .set({ version: sql`${stockCounts.version} + 1`, updatedAt: nowOf(tx) })
    .where(eq(stockCounts.id, row.id))
    .returning({ version: stockCounts.version });
  await writeTrail(tx, userId, stockCountMachine.name, row.id, 'modify', {
    changes: [{ field: 'lines', label: '实盘数量', from: '', to: `录入${body.lines.length}行` }],
  });
  return { id: row.id, version: next.version };
}

export const stockCountRoutes: RouteDef[] = [
  ...stockCount.routes,
  ...stockCountActions.routes,
  handle(warehouseApi.countLines, { handler: ({ tx, query }) => countLines(tx, query.id) }),
  handle(warehouseApi.saveCounts, {
    handler: ({ tx, session, body }) => saveCounts(tx, session.userId, body),
  }),
];
