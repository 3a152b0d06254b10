import { type LineSideStockQuery, type LineSideStockRow, lineSideApi } from '@factory/shared/api/warehouse';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { streamXlsx } from '../../platform/excel/export.ts';
import { type ListFields, orderOf } from '../../platform/list.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { areas, materials, units, warehouses } from '../information/index.ts';
import { produceWorkOrders } from '../plans/index.ts';
import { materialPrepLines, materialPreps, stockBalances, stockMovements } from './schema.ts';
import {
  ACCOUNT_COLUMNS,
  account,
  balances,
  ids,
  inList,
  keywordOf,
  pageOf,
  stockMovement,
} from './stock.ts';

/** Line-side warehouses are the warehouse rows of kind 1 (sitWarehouseEntity). */
const LINE_SIDE = 1;

/** Work orders whose preparation still stands: not finished (2), ended (3) or cancelled (9). */
const DONE_WORK_ORDER = [2, 3, 9];

// the figures of a row, named once for the select, the filter and the sort
const onHand = sql`coalesce(s.on_hand, 0)`;
const available = sql`coalesce(s.on_hand - s.allocated, 0)`;
const need = sql`coalesce(n.need, 0)`;
const shortage = sql`greatest(${need} - ${onHand}, 0)`;

/** What the list sorts by: the declared keys (LINE_SIDE_SORTS) and their SQL. */
const SORTS: ListFields = Object.fromEntries(
  Object.entries({
    areaName: sql`a.name`,
    warehouseName: sql`w.name`,
    materialsCode: sql`m.code`,
    materialsName: sql`m.name`,
    currentQuantity: onHand,
    availableQuantity: available,
    needQuantity: need,
    shortageQuantity: shortage,
  }).map(([key, column]) => [key, { column, type: 'string', sort: true }]),
);

/**
 * Line-side stock (线边库存): per line-side warehouse × material, what is on hand (from the kept
 * balances) and what open work orders still need of it — Σ (required − consumed) over the lines of
 * the preparation orders into that warehouse that are not cancelled and whose work orders are not
 * finished, ended or cancelled — and the shortfall, need − on hand at least 0. A place shows when
 * it holds stock or something is needed there. Only warehouses of kind 1, whatever is asked.
 */
async function lineSideStock(
  tx: Tx,
  q: Omit<LineSideStockQuery, 'currentPage' | 'pageSize'>,
  page?: { size: number; offset: number },
) {
  const where = [
    sql`w.kind = ${LINE_SIDE}`,
    inList(sql`w.id`, ids(q.warehouseIdStr)),
    keywordOf(q.keyword),
    q.shortOnly === 1 ? sql`${need} > ${onHand}` : undefined,
  ].filter(Boolean) as SQL[];
  const order = [...orderOf(SORTS, q.order), sql`w.code`, sql`m.code`];
  const rows = await tx.execute<Record<string, unknown>>(sql`
    with stock as (
      select b.warehouse_id, b.materials_id, sum(b.on_hand) as on_hand, sum(b.allocated) as allocated,
        count(*) filter (where b.on_hand > 0) as batch_count
      from ${stockBalances} b
      where b.warehouse_id in (select id from ${warehouses} where kind = ${LINE_SIDE})
      group by b.warehouse_id, b.materials_id),
    need as (
      select p.target_warehouse_id as warehouse_id, l.materials_id,
        sum(greatest(l.required_quantity - l.consumed_quantity, 0)) as need,
        count(distinct p.work_order_id) filter (where l.required_quantity > l.consumed_quantity) as orders
      from ${materialPrepLines} l
      join ${materialPreps} p on p.id = l.prep_id
      join ${produceWorkOrders} o on o.id = p.work_order_id
      where p.target_warehouse_id is not null and p.status <> 9
        and o.status not in (${sql.join(
          DONE_WORK_ORDER.map((v) => sql`${v}`),
          sql`, `,
        )})
      group by p.target_warehouse_id, l.materials_id),
    place as (
      select warehouse_id, materials_id from stock where on_hand > 0
      union select warehouse_id, materials_id from need where need > 0)
    select w.id as warehouse_id, w.code as warehouse_code, w.name as warehouse_name, a.name as area_name,
      m.id, m.code, m.name, m.specifications, u.name as unit,
      ${onHand} as on_hand, coalesce(s.allocated, 0) as allocated, coalesce(s.batch_count, 0) as batch_count,
      ${need} as need, coalesce(n.orders, 0) as orders, ${shortage} as shortage,
      count(*) over () as total
    from place k
    join ${warehouses} w on w.id = k.warehouse_id
    join ${materials} m on m.id = k.materials_id
    left join stock s on s.warehouse_id = k.warehouse_id and s.materials_id = k.materials_id
    left join need n on n.warehouse_id = k.warehouse_id and n.materials_id = k.materials_id
    left join ${areas} a on a.id = w.area_id
    left join ${units} u on u.id = m.main_unit_id
    where ${sql.join(where, sql` and `)}
    order by ${sql.join(order, sql`, `)}
    ${page ? sql`limit ${page.size} offset ${page.offset}` : sql``}`);
  const list = (rows as unknown as { rows: Record<string, unknown>[] }).rows;
  const content: LineSideStockRow[] = list.map((r) => ({
    warehouseId: Number(r.warehouse_id),
    warehouseCode: String(r.warehouse_code),
    warehouseName: String(r.warehouse_name),
    areaName: (r.area_name as string | null) ?? null,
    materialsId: Number(r.id),
    materialsCode: String(r.code),
    materialsName: String(r.name),
    materialsSpecifications: (r.specifications as string | null) ?? null,
    materialsUnit: (r.unit as string | null) ?? null,
    currentQuantity: Number(r.on_hand),
    allocatedQuantity: Number(r.allocated),
    availableQuantity: Number(r.on_hand) - Number(r.allocated),
    needQuantity: Number(r.need),
    shortageQuantity: Number(r.shortage),
    workOrderCount: Number(r.orders),
    batchCount: Number(r.batch_count),
  }));
  return { content, total: list.length ? Number(list[0].total) : 0 };
}

const STOCK_COLUMNS: [keyof LineSideStockRow, string][] = [
  ['areaName', '产线'],
  ['warehouseName', '线边仓'],
  ['materialsCode', '物料编码'],
  ['materialsName', '物料名称'],
  ['materialsSpecifications', '规格型号'],
  ['materialsUnit', '单位'],
  ['currentQuantity', '现存量'],
  ['availableQuantity', '可用量'],
  ['needQuantity', '在制需求'],
  ['shortageQuantity', '缺料'],
  ['workOrderCount', '需求工单数'],
  ['batchCount', '批次数'],
];

/** Movements of line-side warehouses only (the list's own filters narrow further). */
const lineSideMovements = sql`${stockMovements.warehouseId} in (select id from ${warehouses} where kind = ${LINE_SIDE})`;

/** The line-side screens' calls (线边库存, 线边仓台账): the warehouse's views narrowed to kind 1. */
export const lineSideRoutes: RouteDef[] = [
  handle(lineSideApi.stock, { handler: ({ tx, query }) => lineSideStock(tx, query, pageOf(query)) }),
  handle(lineSideApi.stockExport, {
    handler: async ({ tx, query, reply }) => {
      const { content } = await lineSideStock(tx, query);
      await streamXlsx(reply, {
        fileName: '线边库存',
        sheetName: '线边库存',
        columns: STOCK_COLUMNS.map(([key, header]) => ({ header, key, width: 14 })),
        rows: content,
      });
    },
  }),
  handle(lineSideApi.balances, { handler: ({ tx, query }) => balances(tx, query, LINE_SIDE) }),
  handle(lineSideApi.movements, {
    handler: ({ tx, query }) => stockMovement.list(tx, query, lineSideMovements),
  }),
  handle(lineSideApi.account, {
    handler: ({ tx, query }) => account(tx, query, pageOf(query), LINE_SIDE),
  }),
  handle(lineSideApi.accountExport, {
    handler: async ({ tx, query, reply }) => {
      const { content } = await account(tx, query, undefined, LINE_SIDE);
      await streamXlsx(reply, {
        fileName: `线边仓台账${query.beginTime}至${query.endTime}`,
        sheetName: '线边仓台账',
        columns: ACCOUNT_COLUMNS.map(([key, header]) => ({ header, key, width: 14 })),
        rows: content,
      });
    },
  }),
];
