import { stockDocEntity } from '@factory/shared/entities/stockDoc';
import { stockDocMachine } from '@factory/shared/machines/warehouse';
import { eq, inArray, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import { crud } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, conflict, fieldError } from '../../platform/errors.ts';
import { type Actor, type DocRow, machineService } from '../../platform/machine.ts';
import { takeCodes } from '../../platform/numbering.ts';
import { preparedStatement } from '../../platform/prepared.ts';
import {
  batchNumbers,
  materials,
  stockTypes,
  suppliers,
  warehouseAreas,
  warehouseLocations,
  warehouses,
} from '../information/index.ts';
import { productColumns } from '../plans/index.ts';
import { actorName } from './actorName.ts';
import { type FifoRow, movementsOf, type Posting, post, takeFifo } from './ledger.ts';
import { stockBalances, stockDocLines, stockDocs } from './schema.ts';
import { refuseMadeByProduction, sourceKind } from './sourceGuard.ts';

/** 出入库单: the declared calls; edited and deleted only as a draft (docs/warehouse.md). */
export const stockDoc = crud({
  entity: stockDocEntity,
  table: stockDocs,
  document: { number: stockDocs.code },
  refs: {
    stockTypeName: { id: stockTypes.id, name: stockTypes.name, code: stockTypes.code },
    warehouseName: { id: warehouses.id, name: warehouses.name, code: warehouses.code },
    targetWarehouseName: { id: warehouses.id, name: warehouses.name, code: warehouses.code },
    supplierName: { id: suppliers.id, name: suppliers.name, code: suppliers.code },
  },
  columns: {
    version: stockDocs.version,
    postedByName: actorName(stockDocs.postedBy, stockDocs.postedAt),
    createdByName: actorName(stockDocs.createdBy),
    sourceKind,
  },
  lines: {
    table: stockDocLines,
    docId: stockDocLines.docId,
    refs: {
      materialsName: { id: materials.id, name: materials.name, code: materials.code },
      locationName: {
        id: warehouseLocations.id,
        name: warehouseLocations.code,
        code: warehouseLocations.code,
      },
      targetLocationName: {
        id: warehouseLocations.id,
        name: warehouseLocations.code,
        code: warehouseLocations.code,
      },
    },
    columns: productColumns(stockDocLines.materialsId),
  },
  hooks: {
    validate: checkDoc,
    async saved(tx, id, _body, isNew, actorId) {
      await tx
        .update(stockDocs)
        .set({
          lineCount: sql`(select count(*) from ${stockDocLines} l where l.doc_id = ${stockDocs.id})`,
          totalQuantity: sql`(select coalesce(sum(l.quantity), 0) from ${stockDocLines} l where l.doc_id = ${stockDocs.id})`,
          ...(isNew ? { createdBy: actorId } : {}),
        })
        .where(eq(stockDocs.id, id));
    },
    async removing(tx, id) {
      const [row] = await tx
        .select({ code: stockDocs.code, status: stockDocs.status })
        .from(stockDocs)
        .where(eq(stockDocs.id, id));
      if (row && row.status !== 0 && row.status !== 9)
        throw conflict(`单据“${row.code}”${row.status === 1 ? '已提交' : '已过账'}，不能删除`);
    },
  },
});

type Body = Record<string, unknown>;
type LineBody = { locationId?: unknown; targetLocationId?: unknown };

/**
 * The rules of a document as it is saved: a draft only; an in or out names a stock-in/out type of
 * its direction (kept with the inbound/outbound type it books as), a transfer names where to; each
 * line's location lies in the document's warehouse (its target location in the target warehouse).
 */
async function checkDoc(tx: Tx, values: Record<string, unknown>, id: number | null, body: Body) {
  let stored: Record<string, unknown> = {};
  if (id !== null) {
    const [row] = await tx.select().from(stockDocs).where(eq(stockDocs.id, id));
    if (row && row.status !== 0)
      throw conflict(`单据“${row.code}”已${row.status === 1 ? '提交' : '处理'}，不能修改`);
    stored = row ?? {};
  }
  const doc = { ...stored, ...values };
  const kind = Number(doc.kind);
  // a transfer may book as an outbound type (a pick to the line side is 生产领料); an in or out must
  const typeId = doc.stockTypeId ? Number(doc.stockTypeId) : null;
  if (kind === 2) {
    if (!doc.targetWarehouseId) throw fieldError('targetWarehouseId', '请选择调入仓库');
    values.supplierId = null;
  } else {
    if (!typeId) throw fieldError('stockTypeId', '请选择出入库类型');
    values.targetWarehouseId = null;
  }
  values.bookAs = null;
  if (typeId) {
    const [type] = await tx
      .select({
        direction: stockTypes.direction,
        bookAs: stockTypes.bookAs,
        enabled: stockTypes.enabled,
        name: stockTypes.name,
      })
      .from(stockTypes)
      .where(eq(stockTypes.id, typeId));
    if (!type) throw fieldError('stockTypeId', '所选出入库类型不存在或已被删除');
    if (type.direction !== (kind === 2 ? 1 : kind))
      throw fieldError(
        'stockTypeId',
        `“${type.name}”是${type.direction === 0 ? '入库' : '出库'}类型，与单据类别不符`,
      );
    if (!type.enabled && values.stockTypeId !== undefined)
      throw fieldError('stockTypeId', `出入库类型“${type.name}”已停用`);
    values.bookAs = type.bookAs;
  }
  const lines = Array.isArray(body.lines) ? (body.lines as LineBody[]) : undefined;
  if (!lines) return;
  const target = kind === 2 ? Number(doc.targetWarehouseId) : null;
  const locationIds = lines
    .flatMap((l) => [l.locationId, l.targetLocationId])
    .filter((v): v is number => typeof v === 'number');
  const whereOf = new Map(
    locationIds.length
      ? (
          await tx
            .select({ id: warehouseLocations.id, warehouseId: warehouseAreas.warehouseId })
            .from(warehouseLocations)
            .innerJoin(warehouseAreas, eq(warehouseAreas.id, warehouseLocations.warehouseAreaId))
            .where(inArray(warehouseLocations.id, locationIds))
        ).map((r) => [r.id, r.warehouseId])
      : [],
  );
  for (const [i, l] of lines.entries()) {
    const row = `第${i + 1}行`;
    if (typeof l.locationId === 'number' && whereOf.get(l.locationId) !== Number(doc.warehouseId))
      throw fieldError(`lines.${i}.locationId`, `${row}库位不在所选仓库中`);
    if (kind !== 2) continue;
    if (typeof l.targetLocationId === 'number' && whereOf.get(l.targetLocationId) !== target)
      throw fieldError(`lines.${i}.targetLocationId`, `${row}调入库位不在调入仓库中`);
    if (target === Number(doc.warehouseId) && (l.targetLocationId ?? null) === (l.locationId ?? null))
      throw fieldError(`lines.${i}.targetLocationId`, `${row}调入库位与调出库位相同`);
  }
}

/** What posting reads of a line. */
type Line = Pick<
  typeof stockDocLines.$inferSelect,
  'id' | 'materialsId' | 'batchCode' | 'locationId' | 'targetLocationId' | 'quantity'
>;

/** The factory's calendar day of the posting, for a new batch's production date. */
const dayOf = (tx: Tx) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(nowOf(tx));

/** A batch as a line's code found it (or this posting made it). */
type Batch = { id: number; materialId: number };

/**
 * The batch an in-line goes to: its own code (a new batch, or more of one the material already
 * has), else the next number of the batch-number rule, written back onto the line. `found` is the
 * batch of the line's code as the lines were read; `made` the batches this posting made so far.
 */
async function inBatch(
  tx: Tx,
  doc: DocRow,
  line: Line,
  index: number,
  found: Batch | undefined,
  made: Map<string, Batch>,
): Promise<number> {
  let code = line.batchCode;
  if (!code) {
    [code] = await takeCodes(tx, 'batchNumber');
    await tx.update(stockDocLines).set({ batchCode: code }).where(eq(stockDocLines.id, line.id));
    [found] = await tx
      .select({ id: batchNumbers.id, materialId: batchNumbers.materialId })
      .from(batchNumbers)
      .where(eq(batchNumbers.code, code));
  }
  found ??= made.get(code);
  if (found) {
    if (found.materialId !== line.materialsId)
      throw fieldError(`lines.${index}.batchCode`, `第${index + 1}行批次号“${code}”已用于其他物料`);
    return found.id;
  }
  const [row] = await tx
    .insert(batchNumbers)
    .values({
      code,
      materialId: line.materialsId,
      quantity: line.quantity,
      supplierId: (doc.supplierId as number | null) ?? null,
      producedOn: dayOf(tx),
      createdBy: (doc.createdBy as number | null) ?? null,
      createdAt: nowOf(tx),
    })
    .returning({ id: batchNumbers.id });
  made.set(code, { id: row.id, materialId: line.materialsId });
  return row.id;
}

/** The batch an out-line names (it must be the material's), or 0 (first in, first out over the batches). */
function outBatch(line: Line, index: number, found: Batch | undefined): number {
  if (!line.batchCode) return 0;
  if (!found || found.materialId !== line.materialsId)
    throw fieldError(`lines.${index}.batchCode`, `第${index + 1}行物料没有批次“${line.batchCode}”`);
  return found.id;
}

/**
 * A document's lines in the order they are posted (material, then line), each with the batch its
 * code names (batch codes are unique in a tenant) and, for an out or a transfer, the places of its
 * warehouse a first-in-first-out pick takes from (pickFifo's select: the line's location and batch
 * when it names them, holding stock not allocated, oldest first), locked line by line in that
 * order: ONE statement prepared once per connection, where a pick per line was one each.
 */
const linesStatement = preparedStatement('stock_doc_lines', (tx) =>
  tx
    .select({
      id: sql<number>`x.id`,
      index: sql<number>`x.idx`.mapWith(Number),
      materialsId: sql<number>`x.materials_id`,
      batchCode: sql<string | null>`x.batch_code`,
      locationId: sql<number | null>`x.location_id`,
      targetLocationId: sql<number | null>`x.target_location_id`,
      quantity: sql<string>`x.quantity`,
      batchId: sql<number | null>`x.bn_id`,
      batchMaterialId: sql<number | null>`x.bn_material_id`,
      pickLocationId: sql<number | null>`x.pick_location_id`,
      pickBatchId: sql<number | null>`x.pick_batch_id`,
      pickAvailable: sql<string | null>`x.pick_available`,
    })
    .from(
      sql`(select l.*, f.location_id as pick_location_id, f.batch_id as pick_batch_id,
          f.available as pick_available, f.first_in_at as pick_first_in_at, f.id as pick_id
        from (
          select l.id, l.materials_id, l.batch_code, l.location_id, l.target_location_id,
            l.quantity::text as quantity, bn.id as bn_id, bn.material_id as bn_material_id,
            row_number() over (order by l.line_no) - 1 as idx,
            row_number() over (order by l.materials_id, l.line_no) as ord
          from ${stockDocLines} l
          left join ${batchNumbers} bn on bn.code = l.batch_code
          where l.doc_id = ${sql.placeholder('doc')}
          order by l.materials_id, l.line_no) l
        left join lateral (
          select b.location_id, b.batch_id, (b.on_hand - b.allocated)::text as available, b.first_in_at, b.id
          from ${stockBalances} b
          where ${sql.placeholder('picks')}::boolean and b.materials_id = l.materials_id
            and b.warehouse_id = ${sql.placeholder('warehouse')}::int
            and (l.location_id is null or b.location_id = l.location_id)
            and (l.batch_code is null or b.batch_id = l.bn_id)
            and b.on_hand - b.allocated > 0
          order by b.first_in_at, b.id
          for update of b) f on true) x`,
    )
    .orderBy(sql`x.ord, x.pick_first_in_at, x.pick_id`),
);

/** What posting a document writes to the ledger (DOMAIN "Stock documents" table). */
async function postingsOf(tx: Tx, doc: DocRow): Promise<Posting[]> {
  const warehouseId = doc.warehouseId as number;
  const rows = await linesStatement(tx, { doc: doc.id, picks: doc.kind !== 0, warehouse: warehouseId });
  // the rows of one line follow one another, lines in material order (so two documents take their
  // rows' locks in one order), each line's places oldest first
  const lines: { l: (typeof rows)[number]; places: FifoRow[] }[] = [];
  for (const r of rows) {
    if (lines.at(-1)?.l.id !== r.id) lines.push({ l: r, places: [] });
    if (r.pickAvailable !== null)
      lines[lines.length - 1].places.push({
        locationId: r.pickLocationId as number,
        batchId: r.pickBatchId as number,
        available: r.pickAvailable,
      });
  }
  const postings: Posting[] = [];
  const made = new Map<string, Batch>();
  for (const { l, places } of lines) {
    const i = l.index;
    const found = l.batchId === null ? undefined : { id: l.batchId, materialId: l.batchMaterialId as number };
    if (doc.kind === 0) {
      const batchId = await inBatch(tx, doc, l, i, found, made);
      postings.push({
        materialsId: l.materialsId,
        warehouseId,
        locationId: l.locationId ?? 0,
        batchId,
        quantity: l.quantity,
        docLineId: l.id,
      });
      continue;
    }
    const batchId = outBatch(l, i, found);
    const takes = await takeFifo(
      tx,
      {
        materialsId: l.materialsId,
        warehouseId,
        locationId: l.locationId ?? undefined,
        batchId: batchId || undefined,
      },
      l.quantity,
      places,
    );
    for (const t of takes) {
      postings.push({ ...t, quantity: `-${t.quantity}`, docLineId: l.id });
      if (doc.kind === 2)
        postings.push({
          ...t,
          warehouseId: doc.targetWarehouseId as number,
          locationId: l.targetLocationId ?? 0,
          docLineId: l.id,
        });
    }
  }
  return postings;
}

const actorId = (actor: Actor) => (actor === 'system' ? null : actor.userId);

const sourceOf = (doc: DocRow) => ({
  docId: doc.id,
  docCode: String(doc.code),
  docKind: doc.kind as number,
  bookAs: (doc.bookAs as number | null) ?? null,
  stockTypeId: (doc.stockTypeId as number | null) ?? null,
});

/** The document's actions (stockDocMachine): approving posts it, reversing posts it back. */
export const stockDocActions = machineService({
  machine: stockDocMachine,
  table: stockDocs,
  number: stockDocs.code,
  hooks: {
    approve: {
      async effect(tx, doc, _input, actor) {
        await post(tx, sourceOf(doc), await postingsOf(tx, doc), actorId(actor));
        return { postedAt: nowOf(tx), postedBy: actorId(actor) };
      },
    },
    reverse: {
      // its source reverses it through reverseMadeFor; anyone else is told what to do instead
      guard: (tx, doc, input) =>
        input.body === bySource ? Promise.resolve() : refuseMadeByProduction(tx, doc),
      async effect(tx, doc, input, actor) {
        const moved = await movementsOf(tx, doc.id);
        const back: Posting[] = moved.map((m) => ({
          materialsId: m.materialsId,
          warehouseId: m.warehouseId,
          locationId: m.locationId ?? 0,
          batchId: m.batchId ?? 0,
          quantity: m.quantity.startsWith('-') ? m.quantity.slice(1) : `-${m.quantity}`,
          docLineId: m.docLineId,
          reversalOf: m.id,
        }));
        try {
          await post(tx, sourceOf(doc), back, actorId(actor));
        } catch (e) {
          // the module that posted it says it in its own words (reverseMadeFor)
          if (input.body === bySource) throw e;
          // what came in has been used since (the reversal would take stock that is not there),
          // or a count has frozen a place the reversal would touch
          if (e instanceof AppError)
            throw conflict(
              doc.kind === 0 && e.message.startsWith('库存不足')
                ? `单据“${doc.code}”入库的物料已被使用，不能冲销。${e.message}`
                : `单据“${doc.code}”不能冲销：${e.message}`,
            );
          throw e;
        }
        return undefined;
      },
    },
  },
});

/** The mark of a reversal asked by the module that posted the document (no request body equals it). */
const bySource = Object.freeze({});

/**
 * 冲销 of a document a module above the warehouse posted (`postNow`'s `madeFor`), asked by that
 * module as its own undo (a shipment taken back, a receipt reversed): the ledger's refusal (what
 * came in used since, a place frozen by a count) comes back as the ledger says it, for the caller
 * to put in its own words.
 */
export async function reverseMadeFor(tx: Tx, docId: number, reason: string): Promise<void> {
  // the source's own action checked the user's permission and keeps the user on its trail
  await stockDocActions.act(tx, 'system', 'reverse', { id: docId, reason, body: bySource });
}

/**
 * A document the system posts as soon as it is made (DOMAIN: production stock-in, and later
 * receipts, shipments, picks, backflush): made as the user's, submitted and approved by the
 * system, in the caller's transaction. `madeFor` names the module above the warehouse that alone
 * undoes it (`stockDocSources` 5 sales shipment, 6 purchase receipt, 7 sales return, 8 outsourcing
 * order's 委外发料, 9 a repair order's 备件领用).
 */
export async function postNow(
  tx: Tx,
  actorId: number,
  body: Record<string, unknown>,
  madeFor?: 5 | 6 | 7 | 8 | 9,
): Promise<number> {
  const id = await stockDoc.create(tx, actorId, body);
  if (madeFor) await tx.update(stockDocs).set({ madeFor }).where(eq(stockDocs.id, id));
  await stockDocActions.act(tx, 'system', 'submit', { id });
  await stockDocActions.act(tx, 'system', 'approve', { id });
  return id;
}
