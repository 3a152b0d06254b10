import {
  type PartBillAdd,
  type PartNumsQuery,
  type PartNumsRow,
  partStockImportEntity,
  sparePartStockApi,
} from '@factory/shared/api/sparePartStock';
import { stockDocEntity } from '@factory/shared/entities/stockDoc';
import { actionKeys } from '@factory/shared/machines/define';
import { stockDocMachine } from '@factory/shared/machines/warehouse';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { EXPORT_BATCH, exportColumns, pageRows, sendXlsx, streamXlsx } from '../../platform/excel/export.ts';
import {
  errorWorkbook,
  type ImportWritten,
  type RowProblem,
  receiveImportFile,
  runImport,
  tableLookups,
  type ValidRow,
} from '../../platform/excel/import.ts';
import { templateWorkbook } from '../../platform/excel/template.ts';
import { factoryTimeText } from '../../platform/factoryTime.ts';
import { containing, type ListFields, orderOf } from '../../platform/list.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import type { SessionInfo } from '../../platform/session.ts';
import { sqlIn } from '../../platform/sqlIn.ts';
import {
  batchNumbers,
  equipmentClasses,
  materials,
  stockTypes,
  units,
  warehouses,
} from '../information/index.ts';
import {
  balances,
  bookingType,
  ids,
  pageOf,
  postNow,
  stockBalances,
  stockDoc,
  stockDocActions,
  stockDocs,
  stockMovements,
} from '../warehouse/index.ts';
import { spareParts } from './sparePartSchema.ts';
import { notSpare, partProblem, registered, spareWarehouse, spareWarehouseProblem } from './spareParts.ts';

/**
 * 备件库存 and 备件出入库 (docs/spare-parts.md): the warehouse's stock and documents narrowed to the
 * registered spare parts (spare_part) and the warehouses ticked 备件仓 — as the line-side screens
 * narrow them to line-side warehouses — plus the opening-stock import and the keeper's own
 * spare-part stock-ins and stock-outs, posted at once through the warehouse's postNow.
 */

/** The spare warehouses: ordinary warehouses (kind 0) ticked 备件仓. */
const SPARE_WAREHOUSES = sql`(select id from ${warehouses} where kind = 0 and is_spare)`;

// the figures of a row, named once for the select, the filter and the sort
const onHand = sql`coalesce(s.on_hand, 0)`;
const available = sql`coalesce(s.on_hand - s.allocated, 0)`;
/** The part's state over every 备件仓 (t: its totals): below safety stock, above the upper limit. */
const limitState = sql`case
  when coalesce(m.lower_limit, 0) > 0 and coalesce(t.available, 0) < m.lower_limit then 1
  when coalesce(m.upper_limit, 0) > 0 and coalesce(t.on_hand, 0) > m.upper_limit then 2
  else 0 end`;
/** The last movement into (sign >) or out of (<) the row's place, reversals not counted. */
const lastMove = (sign: '>' | '<') => sql`(select max(mv.created_at) from ${stockMovements} mv
  where mv.materials_id = k.materials_id and mv.warehouse_id = k.warehouse_id
    and mv.quantity ${sql.raw(sign)} 0 and mv.reversal_of is null)`;
const lastIn = lastMove('>');
const lastOut = lastMove('<');

const SORTS: ListFields = Object.fromEntries(
  Object.entries({
    materialsCode: sql`m.code`,
    materialsName: sql`m.name`,
    equipmentClassName: sql`ec.name`,
    warehouseName: sql`w.name`,
    currentQuantity: onHand,
    availableQuantity: available,
    lastInAt: lastIn,
    lastOutAt: lastOut,
  }).map(([key, column]) => [key, { column, type: 'string', sort: true }]),
);

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * 备件库存: per registered spare part × 备件仓 holding it, what is on hand, allocated and
 * available there, its batches and its last stock-in and stock-out there; with isShowZero, a
 * registered part the (chosen) 备件仓 hold none of shows once, without a warehouse. The limit
 * state compares the part's totals over every 备件仓 with the material's limits.
 */
async function partNums(
  tx: Tx,
  q: Omit<PartNumsQuery, 'currentPage' | 'pageSize'>,
  page?: { size: number; offset: number },
) {
  const chosen = ids(q.warehouseIdStr);
  const where = [
    q.isShowZero === 1 ? undefined : sql`k.warehouse_id is not null`,
    q.keyword?.trim()
      ? sql`(m.code ilike ${containing(q.keyword)} or m.name ilike ${containing(q.keyword)})`
      : undefined,
    q.equipmentClassId ? sql`sp.equipment_class_id = ${q.equipmentClassId}` : undefined,
    q.limitState === undefined ? undefined : sql`${limitState} = ${q.limitState}`,
  ].filter(Boolean) as SQL[];
  const order = [...orderOf(SORTS, q.order), sql`m.code`, sql`w.code nulls first`];
  const rows = await tx.execute<Record<string, unknown>>(sql`
    with stock as (
      select b.warehouse_id, b.materials_id, sum(b.on_hand) as on_hand, sum(b.allocated) as allocated,
        count(*) filter (where b.on_hand > 0) as batch_count
      from ${stockBalances} b
      where b.warehouse_id in ${SPARE_WAREHOUSES}
        and b.materials_id in (select materials_id from ${spareParts})
      group by b.warehouse_id, b.materials_id
      having sum(b.on_hand) > 0),
    total as (
      select materials_id, sum(on_hand) as on_hand, sum(on_hand - allocated) as available
      from stock group by materials_id),
    shown as (
      select * from stock ${chosen.length ? sql`where ${sqlIn(sql`warehouse_id`, chosen)}` : sql``}),
    place as (
      select sp.materials_id, s.warehouse_id from ${spareParts} sp
      join shown s on s.materials_id = sp.materials_id
      union all
      select sp.materials_id, null from ${spareParts} sp
      where not exists (select 1 from shown s where s.materials_id = sp.materials_id))
    select m.id, m.code, m.name, m.specifications, u.name as unit, ec.name as class_name,
      w.id as warehouse_id, w.name as warehouse_name,
      ${onHand} as on_hand, coalesce(s.allocated, 0) as allocated, coalesce(s.batch_count, 0) as batch_count,
      m.lower_limit, m.upper_limit, ${limitState} as limit_state,
      ${factoryTimeText(lastIn)} as last_in, ${factoryTimeText(lastOut)} as last_out,
      count(*) over () as total
    from place k
    join ${spareParts} sp on sp.materials_id = k.materials_id
    join ${materials} m on m.id = k.materials_id
    left join ${warehouses} w on w.id = k.warehouse_id
    left join shown s on s.warehouse_id = k.warehouse_id and s.materials_id = k.materials_id
    left join total t on t.materials_id = k.materials_id
    left join ${units} u on u.id = m.main_unit_id
    left join ${equipmentClasses} ec on ec.id = sp.equipment_class_id
    where ${where.length ? sql.join(where, sql` and `) : sql`true`}
    order by ${sql.join(order, sql`, `)}
    ${page ? sql`limit ${page.size} offset ${page.offset}` : sql``}`);
  const list = (rows as unknown as { rows: Record<string, unknown>[] }).rows;
  const content: PartNumsRow[] = list.map((r) => ({
    materialsId: Number(r.id),
    materialsCode: String(r.code),
    materialsName: String(r.name),
    materialsSpecifications: (r.specifications as string | null) ?? null,
    materialsUnit: (r.unit as string | null) ?? null,
    equipmentClassName: (r.class_name as string | null) ?? null,
    warehouseId: num(r.warehouse_id),
    warehouseName: (r.warehouse_name as string | null) ?? null,
    currentQuantity: Number(r.on_hand),
    allocatedQuantity: Number(r.allocated),
    availableQuantity: Math.round((Number(r.on_hand) - Number(r.allocated)) * 1e6) / 1e6,
    lowerLimit: num(r.lower_limit),
    upperLimit: num(r.upper_limit),
    limitState: Number(r.limit_state),
    batchCount: Number(r.batch_count),
    lastInAt: (r.last_in as string | null) ?? null,
    lastOutAt: (r.last_out as string | null) ?? null,
  }));
  return { content, total: list.length ? Number(list[0].total) : 0 };
}

const LIMIT_LABELS = ['正常', '低于安全库存', '高于上限'];

const STOCK_COLUMNS: [keyof PartNumsRow | 'limitLabel', string][] = [
  ['materialsCode', '备件编码'],
  ['materialsName', '备件名称'],
  ['materialsSpecifications', '规格型号'],
  ['materialsUnit', '单位'],
  ['equipmentClassName', '适用设备类别'],
  ['warehouseName', '仓库'],
  ['currentQuantity', '现存量'],
  ['allocatedQuantity', '已分配'],
  ['availableQuantity', '可用量'],
  ['lowerLimit', '安全库存'],
  ['upperLimit', '库存上限'],
  ['limitLabel', '库存状态'],
  ['batchCount', '批次数'],
  ['lastInAt', '最近入库'],
  ['lastOutAt', '最近出库'],
];

// ---- 期初库存 import ----

/** A quantity as the shortest text of its number (what the cell shows): at most 6 decimals. */
const QUANTITY = /^\d+(\.\d{1,6})?$/;

/** A checked row: the part holds its material id (looked up by code), the rest the cells' values. */
interface OpeningRow {
  materialsCode: number;
  warehouseName: string;
  batchCode?: string;
  quantity: number;
  remark?: string;
  /** Set by checkOpening. */
  warehouseId?: number;
}
const openingOf = (r: ValidRow) => r.data as unknown as OpeningRow;

function quantityRule(data: Record<string, unknown>): { key: string; message: string }[] {
  const q = data.quantity as number;
  if (!(q > 0)) return [{ key: 'quantity', message: '必须大于0' }];
  if (!QUANTITY.test(String(q))) return [{ key: 'quantity', message: '最多6位小数' }];
  return [];
}

/**
 * What a row alone cannot answer, looked up once for the file: the material registered as a
 * spare part; the warehouse by name (first) or code, a 备件仓 in service; a batch number that
 * exists, or comes earlier in the file, for the same part only (posting would refuse it).
 */
async function checkOpening(tx: Tx, rows: readonly ValidRow[]): Promise<RowProblem[]> {
  const data = rows.map(openingOf);
  const names = [...new Set(data.map((d) => d.warehouseName))];
  const batchCodes = [...new Set(data.flatMap((d) => (d.batchCode ? [d.batchCode] : [])))];
  const [found, parts, batches] = await Promise.all([
    tx
      .select({
        id: warehouses.id,
        code: warehouses.code,
        name: warehouses.name,
        kind: warehouses.kind,
        isSpare: warehouses.isSpare,
        enabled: warehouses.enabled,
      })
      .from(warehouses)
      .where(
        and(eq(warehouses.kind, 0), or(inArray(warehouses.name, names), inArray(warehouses.code, names))),
      ),
    registered(tx, [...new Set(data.map((d) => d.materialsCode))]),
    batchCodes.length
      ? tx
          .select({
            code: batchNumbers.code,
            materialId: batchNumbers.materialId,
            materialName: materials.name,
          })
          .from(batchNumbers)
          .innerJoin(materials, eq(materials.id, batchNumbers.materialId))
          .where(inArray(batchNumbers.code, batchCodes))
      : Promise.resolve([]),
  ]);
  const byName = new Map(found.map((w) => [w.name, w]));
  const byCode = new Map(found.map((w) => [w.code, w]));
  const batchOf = new Map(batches.map((b) => [b.code, b]));
  const problems: RowProblem[] = [];
  const firstUse = new Map<string, { rowNumber: number; materialId: number }>();
  for (const [i, { rowNumber }] of rows.entries()) {
    const d = data[i];
    const bad = (key: keyof OpeningRow, message: string) => problems.push({ rowNumber, key, message });
    const part = parts.get(d.materialsCode);
    if (part && !part.spare) bad('materialsCode', notSpare(part.name));
    const warehouse = byName.get(d.warehouseName) ?? byCode.get(d.warehouseName);
    const why = warehouse ? spareWarehouseProblem(warehouse) : `没有名称或编码为“${d.warehouseName}”的仓库`;
    if (why) bad('warehouseName', why);
    else d.warehouseId = warehouse?.id;
    if (d.batchCode !== undefined) {
      const batch = batchOf.get(d.batchCode);
      const first = firstUse.get(d.batchCode);
      if (batch && batch.materialId !== d.materialsCode)
        bad('batchCode', `批次号“${d.batchCode}”已用于物料“${batch.materialName}”`);
      else if (first && first.materialId !== d.materialsCode)
        bad('batchCode', `批次号“${d.batchCode}”在第${first.rowNumber}行已用于另一物料`);
      else if (!first) firstUse.set(d.batchCode, { rowNumber, materialId: d.materialsCode });
    }
  }
  return problems;
}

/**
 * The stock type opening stock books as: the tenant's enabled stock-in type named 期初 (or
 * 期初入库) where it keeps one, else its 其他入库 (what the seeded types offer for it).
 */
async function openingType(tx: Tx): Promise<number> {
  const [own] = await tx
    .select({ id: stockTypes.id })
    .from(stockTypes)
    .where(
      and(
        eq(stockTypes.direction, 0),
        eq(stockTypes.enabled, true),
        inArray(stockTypes.name, ['期初', '期初入库']),
      ),
    )
    .orderBy(stockTypes.id)
    .limit(1);
  return own?.id ?? bookingType(tx, 0, 4);
}

/** One posted stock-in per 备件仓, in the order the file first names them, lines in file order. */
async function writeOpening(tx: Tx, session: SessionInfo, rows: ValidRow[]): Promise<ImportWritten> {
  const groups = new Map<number, OpeningRow[]>();
  for (const d of rows.map(openingOf)) {
    const id = d.warehouseId as number;
    groups.set(id, [...(groups.get(id) ?? []), d]);
  }
  const stockTypeId = await openingType(tx);
  const made: { id: number; lines: number }[] = [];
  const max = stockDocEntity.lines.max;
  for (const [warehouseId, group] of groups)
    for (let from = 0; from < group.length; from += max) {
      const part = group.slice(from, from + max);
      const id = await postNow(tx, session.userId, {
        kind: 0,
        stockTypeId,
        warehouseId,
        remark: '备件期初库存',
        lines: part.map((d) => ({
          materialsId: d.materialsCode,
          batchCode: d.batchCode ?? null,
          quantity: d.quantity,
          remark: d.remark ?? null,
        })),
      });
      made.push({ id, lines: part.length });
    }
  const codes = await codesOf(
    tx,
    made.map((d) => d.id),
  );
  return { written: rows.length, documents: made.map((d) => ({ ...d, code: codes.get(d.id) ?? '' })) };
}

const codesOf = async (tx: Tx, docIds: number[]) =>
  new Map(
    (
      await tx
        .select({ id: stockDocs.id, code: stockDocs.code })
        .from(stockDocs)
        .where(inArray(stockDocs.id, docIds))
    ).map((d) => [d.id, d.code]),
  );

// ---- 备件出入库 ----

/** Stock documents of a 备件仓: out of one, or (a transfer) into one. */
const spareBills = sql`(${qualified(stockDocs.warehouseId)} in ${SPARE_WAREHOUSES}
  or ${qualified(stockDocs.targetWarehouseId)} in ${SPARE_WAREHOUSES})`;

/** A spare bill by id, or not found (a document of another warehouse is none of this page's). */
async function spareBill(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: stockDocs.id })
    .from(stockDocs)
    .where(and(eq(stockDocs.id, id), spareBills));
  if (!row) throw notFound('备件出入库单');
  return stockDoc.detail(tx, id);
}

/**
 * 备件入库 / 备件出库: the stock type of its direction, a 备件仓 in service, registered parts only;
 * made and posted at once as the user's (postNow), so short stock refuses it with the ledger's
 * words and nothing is written.
 */
async function addBill(tx: Tx, session: SessionInfo, body: PartBillAdd) {
  const [type] = await tx
    .select({ direction: stockTypes.direction, name: stockTypes.name, enabled: stockTypes.enabled })
    .from(stockTypes)
    .where(eq(stockTypes.id, body.stockTypeId));
  if (!type) throw fieldError('stockTypeId', '所选出入库类型不存在或已被删除');
  if (type.direction !== body.kind)
    throw fieldError(
      'stockTypeId',
      `“${type.name}”是${type.direction === 0 ? '入库' : '出库'}类型，与单据类别不符`,
    );
  if (!type.enabled) throw fieldError('stockTypeId', `出入库类型“${type.name}”已停用`);
  const [w] = await tx
    .select({
      name: warehouses.name,
      kind: warehouses.kind,
      isSpare: warehouses.isSpare,
      enabled: warehouses.enabled,
    })
    .from(warehouses)
    .where(eq(warehouses.id, body.warehouseId));
  const why = spareWarehouseProblem(w);
  if (why) throw fieldError('warehouseId', why);
  const parts = await registered(tx, [...new Set(body.lines.map((l) => l.materialsId))]);
  for (const [i, l] of body.lines.entries()) {
    const wrongPart = partProblem(parts.get(l.materialsId));
    if (wrongPart) throw fieldError(`lines.${i}.materialsId`, `第${i + 1}行${wrongPart}`);
  }
  const id = await postNow(tx, session.userId, {
    kind: body.kind,
    stockTypeId: body.stockTypeId,
    warehouseId: body.warehouseId,
    remark: body.remark?.trim() || (body.kind === 0 ? '备件入库' : '备件出库'),
    lines: body.lines.map((l) => ({
      materialsId: l.materialsId,
      batchCode: l.batchCode?.trim() || null,
      quantity: l.quantity,
      remark: l.remark?.trim() || null,
    })),
  });
  return { id, code: (await codesOf(tx, [id])).get(id) ?? '' };
}

/** The stock document's reversal, which this page's Del grants on spare bills (the user stays on its trail). */
const REVERSE_KEYS = actionKeys(stockDocMachine, 'reverse').map((k) => k.toLowerCase());

/**
 * One part's stock by 备件仓, location and batch (备件库存's 批次数), in the 备件仓 asked (none: all
 * of them); a material not registered as a spare part has none to show here.
 */
async function partBatches(tx: Tx, q: { materialsId: number; warehouseIdStr?: string }) {
  const chosen = ids(q.warehouseIdStr);
  const [places, part] = await Promise.all([
    tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(spareWarehouse, chosen.length ? inArray(warehouses.id, chosen) : undefined)),
    registered(tx, [q.materialsId]),
  ]);
  if (!places.length || !part.get(q.materialsId)?.spare) return [];
  return balances(tx, { materialsId: q.materialsId, warehouseIdStr: places.map((p) => p.id).join(',') });
}

/**
 * 冲销 of a posted spare bill through the warehouse's own reversal: a bill a module made (a
 * repair's 备件领用, madeFor) is refused there in the ledger's words, as is one whose stock-in has
 * been used since.
 */
async function reverseBill(tx: Tx, session: SessionInfo, id: number, reason: string | undefined) {
  await spareBill(tx, id);
  const actor = { ...session, permissions: new Set([...session.permissions, ...REVERSE_KEYS]) };
  const row = await stockDocActions.act(tx, actor, 'reverse', {
    id,
    reason: reason?.trim() || '备件出入库冲销',
  });
  return { id, status: Number(row.status) };
}

export const sparePartStockRoutes: RouteDef[] = [
  handle(sparePartStockApi.stock, { handler: ({ tx, query }) => partNums(tx, query, pageOf(query)) }),
  handle(sparePartStockApi.stockExport, {
    handler: async ({ tx, query, reply }) => {
      const { content } = await partNums(tx, query);
      await streamXlsx(reply, {
        fileName: '备件库存',
        sheetName: '备件库存',
        columns: STOCK_COLUMNS.map(([key, header]) => ({ header, key, width: 14 })),
        rows: content.map((r) => ({ ...r, limitLabel: LIMIT_LABELS[r.limitState] })),
      });
    },
  }),
  handle(sparePartStockApi.importTemplate, {
    handler: async ({ reply }) =>
      sendXlsx(
        reply,
        `${partStockImportEntity.label}导入模板`,
        await templateWorkbook(partStockImportEntity),
      ),
  }),
  handle(sparePartStockApi.importErrors, {
    handler: async ({ body, reply }) =>
      sendXlsx(
        reply,
        `${partStockImportEntity.label}导入错误清单`,
        await errorWorkbook(body, partStockImportEntity),
      ),
  }),
  handle(sparePartStockApi.import, {
    handler: async ({ tx, session, req, query }) => {
      const file = await receiveImportFile(req);
      return runImport({
        mode: query.mode,
        file: file.buffer,
        decl: partStockImportEntity,
        startRow: query.startRow,
        tx,
        hooks: {
          ...tableLookups(tx, {
            refs: {
              materialsCode: { id: materials.id, code: materials.code, where: eq(materials.enabled, true) },
            },
          }),
          checkRow: quantityRule,
          checkRows: (rows) => checkOpening(tx, rows),
        },
        write: (tx, rows) => writeOpening(tx, session, rows),
      });
    },
  }),
  handle(sparePartStockApi.batches, { handler: ({ tx, query }) => partBatches(tx, query) }),
  handle(sparePartStockApi.bills, { handler: ({ tx, query }) => stockDoc.list(tx, query, spareBills) }),
  handle(sparePartStockApi.billsExport, {
    handler: async ({ tx, query, reply }) => {
      await streamXlsx(reply, {
        fileName: '备件出入库单列表',
        sheetName: '备件出入库单',
        columns: exportColumns(stockDocEntity, query.columns),
        rows: pageRows(
          async (limit, offset) =>
            (
              await stockDoc.list(
                tx,
                {
                  searchVal: query.searchVal,
                  order: query.order,
                  pageSize: limit,
                  currentPage: offset / limit + 1,
                },
                spareBills,
              )
            ).content,
          EXPORT_BATCH,
        ),
      });
    },
  }),
  handle(sparePartStockApi.bill, { handler: ({ tx, query }) => spareBill(tx, query.id) }),
  handle(sparePartStockApi.add, { handler: ({ tx, session, body }) => addBill(tx, session, body) }),
  handle(sparePartStockApi.reverse, {
    handler: ({ tx, session, body }) => reverseBill(tx, session, body.id, body.reason),
  }),
];
