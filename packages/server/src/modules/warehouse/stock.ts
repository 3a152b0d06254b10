import {
  type AccountQuery,
  type AccountRow,
  type InventoryQuery,
  type InventoryRow,
  warehouseApi,
} from '@factory/shared/api/warehouse';
import { stockMovementEntity } from '@factory/shared/entities/stockMovement';
import { type SQL, sql } from 'drizzle-orm';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { streamXlsx } from '../../platform/excel/export.ts';
import { factoryTimeText } from '../../platform/factoryTime.ts';
import { containing, lookedUp } from '../../platform/list.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { sqlIn } from '../../platform/sqlIn.ts';
import {
  batchNumbers,
  materialClasses,
  materials,
  stockTypes,
  units,
  warehouseLocations,
  warehouses,
} from '../information/index.ts';
import { productColumns } from '../plans/index.ts';
import { actorName } from './actorName.ts';
import { materialPrepLines, stockAllocations, stockBalances, stockMovements } from './schema.ts';

export const ids = (text: string | undefined) => (text ? text.split(',').map(Number) : []);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
export const inList = (column: SQL, list: number[]) => (list.length ? sqlIn(column, list) : undefined);

/** The ledger's movements (库存流水): the list contract's filters, sorts and export. */
export const stockMovement = crud({
  entity: stockMovementEntity,
  table: stockMovements,
  idFilters: { docId: stockMovements.docId, materialsId: stockMovements.materialsId },
  refs: {
    materialsName: { id: materials.id, name: materials.name, code: materials.code },
    warehouseName: { id: warehouses.id, name: warehouses.name, code: warehouses.code },
  },
  columns: {
    docId: stockMovements.docId,
    ...productColumns(stockMovements.materialsId),
    stockTypeName: lookedUp(stockMovements.stockTypeId, stockTypes.name),
    locationName: lookedUp(stockMovements.locationId, warehouseLocations.code),
    batchCode: lookedUp(stockMovements.batchId, batchNumbers.code),
    isReversal: sql<boolean>`(${qualified(stockMovements.reversalOf)} is not null)`,
    createdByName: actorName(stockMovements.createdBy),
  },
});

/** Materials of a class and the classes under it. */
const inClass = (classId: number) => sql`m.class_id in (
  with recursive c as (
    select id from ${materialClasses} where id = ${classId}
    union all select k.id from ${materialClasses} k join c on k.parent_id = c.id)
  select id from c)`;

export const keywordOf = (keyword: string | undefined) =>
  keyword?.trim()
    ? sql`(m.code ilike ${containing(keyword)} or m.name ilike ${containing(keyword)})`
    : undefined;

/**
 * Stock per material over the chosen warehouses (库存, spec 001 §3 inventory row), from the kept
 * balances — never summed from the movements per request. A material with nothing anywhere shows
 * only with isShowZero.
 */
/** Balances on the locations of an area (库区); stock kept on no location is in no area. */
const inArea = (areaId: number | undefined) =>
  areaId
    ? sql`b.location_id in (select l.id from ${warehouseLocations} l where l.warehouse_area_id = ${areaId})`
    : undefined;

async function inventory(
  tx: Tx,
  q: Omit<InventoryQuery, 'currentPage' | 'pageSize'>,
  page?: { size: number; offset: number },
) {
  const warehouseIds = ids(q.warehouseIdStr);
  // which balances count: the chosen warehouses, the batches matching the typed number
  const counted = [
    inList(sql`b.warehouse_id`, warehouseIds),
    inArea(q.warehouseAreaId),
    q.batchCode?.trim()
      ? sql`b.batch_id in (select id from ${batchNumbers} where code ilike ${containing(q.batchCode)})`
      : undefined,
  ].filter(Boolean) as SQL[];
  const balanceOn = sql.join([sql`b.materials_id = m.id`, ...counted], sql` and `);
  const where = [
    sql`m.is_virtual = false`,
    q.materialsId ? sql`m.id = ${q.materialsId}` : undefined,
    q.materialsClassId ? inClass(q.materialsClassId) : undefined,
    keywordOf(q.keyword),
  ].filter(Boolean) as SQL[];
  const named = sql`m.id, m.code, m.name, m.specifications, mc.name as class_name, u.name as unit,
    au.name as aux_unit, m.conversion, m.upper_limit, m.lower_limit`;
  const names = sql`left join ${units} u on u.id = m.main_unit_id
    left join ${units} au on au.id = m.aux_unit_id
    left join ${materialClasses} mc on mc.id = m.class_id`;
  const limit = page ? sql`limit ${page.size} offset ${page.offset}` : sql``;
  let list: Record<string, unknown>[];
  let total: number;
  if (!q.limitState) {
    // ONE statement: the page first, walking materials in code order (a material shows when some
    // balance it has holds stock: on hand is never below zero), then the sums of just its rows,
    // and the total — counted only when the page is full or not the first, from the distinct
    // materials holding stock (stock_balance_stocked_idx, index only), then their filter
    const stocked =
      q.isShowZero === 1
        ? undefined
        : sql`exists (select 1 from ${stockBalances} b where ${balanceOn} and b.on_hand > 0)`;
    const cond = sql.join([...where, stocked].filter(Boolean) as SQL[], sql` and `);
    const matching = sql.join(where, sql` and `);
    const counting =
      q.isShowZero === 1
        ? sql`select count(*) from ${materials} m where ${matching}`
        : sql`select count(*) from (select distinct b.materials_id from ${stockBalances} b
            where ${sql.join([sql`b.on_hand > 0`, ...counted], sql` and `)}) s
          join ${materials} m on m.id = s.materials_id where ${matching}`;
    const totalOf = !page
      ? sql`null`
      : page.offset > 0
        ? sql`(${counting})`
        : sql`case when (select count(*) from "inventory_page") = ${page.size} then (${counting})
            else (select count(*) from "inventory_page") end`;
    list = (
      (await tx.execute(sql`
        with "inventory_page" as (
          select ${named} from ${materials} m ${names} where ${cond} order by m.code ${limit})
        select p.*, s.current, s.allocated, s.batch_count, ${totalOf} as total
        from "inventory_page" p
        left join lateral (
          select coalesce(sum(b.on_hand), 0) as current, coalesce(sum(b.allocated), 0) as allocated,
            count(*) filter (where b.on_hand > 0) as batch_count
          from ${stockBalances} b
          where ${sql.join([sql`b.materials_id = p.id`, ...counted], sql` and `)}) s on true
        order by p.code`)) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    total = !page
      ? list.length
      : list.length
        ? Number(list[0].total)
        : page.offset > 0
          ? Number(
              (
                (await tx.execute(sql`${counting}`)) as unknown as {
                  rows: { count: unknown }[];
                }
              ).rows[0].count,
            )
          : 0;
  } else {
    // 库存预警 filters on the sums themselves: every material's, then the page
    const having = [
      q.isShowZero === 1 ? undefined : sql`coalesce(sum(b.on_hand), 0) <> 0`,
      q.limitState === 1
        ? sql`coalesce(m.lower_limit, 0) > 0 and coalesce(sum(b.on_hand - b.allocated), 0) < m.lower_limit`
        : sql`coalesce(m.upper_limit, 0) > 0 and coalesce(sum(b.on_hand), 0) > m.upper_limit`,
    ].filter(Boolean) as SQL[];
    list = (
      (await tx.execute(sql`
        select ${named},
          coalesce(sum(b.on_hand), 0) as current, coalesce(sum(b.allocated), 0) as allocated,
          count(b.id) filter (where b.on_hand > 0) as batch_count,
          count(*) over () as total
        from ${materials} m
        left join ${stockBalances} b on ${balanceOn}
        ${names}
        where ${sql.join(where, sql` and `)}
        group by m.tenant_id, m.id, u.name, au.name, mc.name
        having ${sql.join(having, sql` and `)}
        order by m.code
        ${limit}`)) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    total = list.length ? Number(list[0].total) : 0;
  }
  const content: InventoryRow[] = list.map((r) => {
    const current = Number(r.current);
    const available = current - Number(r.allocated);
    const lower = num(r.lower_limit);
    const upper = num(r.upper_limit);
    return {
      materialsId: Number(r.id),
      materialsCode: String(r.code),
      materialsName: String(r.name),
      materialsSpecifications: (r.specifications as string | null) ?? null,
      className: (r.class_name as string | null) ?? null,
      materialsUnit: (r.unit as string | null) ?? null,
      auxUnitName: (r.aux_unit as string | null) ?? null,
      conversion: num(r.conversion),
      currentQuantity: current,
      allocatedQuantity: Number(r.allocated),
      availableQuantity: available,
      upperLimit: upper,
      lowerLimit: lower,
      limitState: lower && available < lower ? 1 : upper && current > upper ? 2 : 0,
      batchCount: Number(r.batch_count),
    };
  });
  return { content, total };
}

/**
 * A material's balances by warehouse, location and batch, oldest first (the order a stock-out
 * takes); with `warehouseKind`, only in warehouses of that kind (the line-side screens: 1).
 */
export async function balances(
  tx: Tx,
  q: {
    materialsId: number;
    warehouseIdStr?: string;
    warehouseAreaId?: number;
    availableOnly?: 0 | 1;
    prepId?: number;
  },
  warehouseKind?: number,
) {
  const warehouseIds = ids(q.warehouseIdStr);
  // for a pick: what its own preparation order holds there is available to it
  const own = q.prepId
    ? sql`coalesce((select sum(a.quantity) from ${stockAllocations} a join ${materialPrepLines} pl on pl.id = a.prep_line_id
        where a.balance_id = b.id and pl.prep_id = ${q.prepId}), 0)`
    : sql`0`;
  const rows = await tx.execute<Record<string, unknown>>(sql`
    select * from (select b.id, b.warehouse_id, w.name as warehouse_name, nullif(b.location_id, 0) as location_id, l.code as location_name,
      nullif(b.batch_id, 0) as batch_id, bn.code as batch_code, to_char(bn.produced_on, 'YYYY-MM-DD') as produced_on,
      bn.quality_status,
      b.on_hand, b.allocated - ${own} as allocated, b.first_in_at as first_in,
      ${factoryTimeText(sql`b.first_in_at`)} as first_in_at
    from ${stockBalances} b
    join ${warehouses} w on w.id = b.warehouse_id
    left join ${warehouseLocations} l on l.id = b.location_id
    left join ${batchNumbers} bn on bn.id = b.batch_id
    where b.materials_id = ${q.materialsId}
      ${warehouseIds.length ? sql`and ${inList(sql`b.warehouse_id`, warehouseIds)}` : sql``}
      ${warehouseKind === undefined ? sql`` : sql`and w.kind = ${warehouseKind}`}
      ${q.warehouseAreaId ? sql`and ${inArea(q.warehouseAreaId)}` : sql``}
      and b.on_hand > 0) b
    ${q.availableOnly === 1 ? sql`where b.on_hand - b.allocated > 0` : sql``}
    order by b.first_in, b.id`);
  const list = (rows as unknown as { rows: Record<string, unknown>[] }).rows;
  return list.map((r) => ({
    id: Number(r.id),
    warehouseId: Number(r.warehouse_id),
    warehouseName: String(r.warehouse_name),
    locationId: num(r.location_id),
    locationName: (r.location_name as string | null) ?? null,
    batchId: num(r.batch_id),
    batchCode: (r.batch_code as string | null) ?? null,
    producedOn: (r.produced_on as string | null) ?? null,
    ...(r.quality_status === null || r.quality_status === undefined
      ? {}
      : { qualityStatus: Number(r.quality_status) }),
    onHand: Number(r.on_hand),
    allocated: Number(r.allocated),
    available: Number(r.on_hand) - Number(r.allocated),
    firstInAt: (r.first_in_at as string | null) ?? null,
  }));
}

/** The factory day's start as an instant (the account's periods are factory dates). */
const dayStart = (date: string) => sql`(${date}::date)::timestamp at time zone 'Asia/Shanghai'`;

/**
 * The inventory account (库存台账) of a period: per material, the opening balance (Σ movements
 * before it), what came in and went out in it, and the closing balance; reversals count where
 * their sign puts them, so a reversed receipt nets out. With `warehouseKind`, only the movements
 * of warehouses of that kind (the line-side account: 1).
 */
export async function account(
  tx: Tx,
  q: Omit<AccountQuery, 'currentPage' | 'pageSize'>,
  page?: { size: number; offset: number },
  warehouseKind?: number,
) {
  if (q.endTime < q.beginTime) throw fieldError('endTime', '结束日期不能早于开始日期');
  const warehouseIds = ids(q.warehouseIdStr);
  const begin = dayStart(q.beginTime);
  const end = sql`(${dayStart(q.endTime)} + interval '1 day')`;
  const rows = await tx.execute<Record<string, unknown>>(sql`
    with moved as (
      select s.materials_id,
        coalesce(sum(s.quantity) filter (where s.created_at < ${begin}), 0) as opening,
        coalesce(sum(s.quantity) filter (where s.created_at >= ${begin} and s.quantity > 0), 0) as ins,
        coalesce(-sum(s.quantity) filter (where s.created_at >= ${begin} and s.quantity < 0), 0) as outs,
        count(*) filter (where s.created_at >= ${begin}) as moves
      from ${stockMovements} s
      where s.created_at < ${end} ${warehouseIds.length ? sql`and ${inList(sql`s.warehouse_id`, warehouseIds)}` : sql``}
        ${warehouseKind === undefined ? sql`` : sql`and s.warehouse_id in (select id from ${warehouses} where kind = ${warehouseKind})`}
      group by s.materials_id)
    select m.id, m.code, m.name, m.specifications, u.name as unit,
      coalesce(mv.opening, 0) as opening, coalesce(mv.ins, 0) as ins, coalesce(mv.outs, 0) as outs,
      coalesce(mv.moves, 0) as moves, count(*) over () as total
    from ${materials} m
    ${q.isShowZero === 1 ? sql`left` : sql``} join moved mv on mv.materials_id = m.id
    left join ${units} u on u.id = m.main_unit_id
    where m.is_virtual = false ${keywordOf(q.keyword) ? sql`and ${keywordOf(q.keyword)}` : sql``}
      ${q.isShowZero === 1 ? sql`` : sql`and (mv.opening <> 0 or mv.moves > 0)`}
    order by m.code
    ${page ? sql`limit ${page.size} offset ${page.offset}` : sql``}`);
  const list = (rows as unknown as { rows: Record<string, unknown>[] }).rows;
  const content: AccountRow[] = list.map((r) => {
    const opening = Number(r.opening);
    const ins = Number(r.ins);
    const outs = Number(r.outs);
    return {
      materialsId: Number(r.id),
      materialsCode: String(r.code),
      materialsName: String(r.name),
      materialsSpecifications: (r.specifications as string | null) ?? null,
      materialsUnit: (r.unit as string | null) ?? null,
      openingQuantity: opening,
      inQuantity: ins,
      outQuantity: outs,
      // rounded to the columns' scale: the sum of exact decimals read as floats
      closingQuantity: Math.round((opening + ins - outs) * 1e6) / 1e6,
      movementCount: Number(r.moves),
    };
  });
  return { content, total: list.length ? Number(list[0].total) : 0 };
}

export const pageOf = (q: { currentPage: number; pageSize: number }) => ({
  size: q.pageSize,
  offset: (q.currentPage - 1) * q.pageSize,
});

const INVENTORY_COLUMNS: [keyof InventoryRow, string][] = [
  ['materialsCode', '物料编码'],
  ['materialsName', '物料名称'],
  ['materialsSpecifications', '规格型号'],
  ['className', '物料分类'],
  ['materialsUnit', '单位'],
  ['currentQuantity', '现存量'],
  ['allocatedQuantity', '已分配'],
  ['availableQuantity', '可用量'],
  ['lowerLimit', '库存下限'],
  ['upperLimit', '库存上限'],
  ['batchCount', '批次数'],
];

export const ACCOUNT_COLUMNS: [keyof AccountRow, string][] = [
  ['materialsCode', '物料编码'],
  ['materialsName', '物料名称'],
  ['materialsSpecifications', '规格型号'],
  ['materialsUnit', '单位'],
  ['openingQuantity', '期初结存'],
  ['inQuantity', '本期入库'],
  ['outQuantity', '本期出库'],
  ['closingQuantity', '期末结存'],
  ['movementCount', '流水笔数'],
];

export const stockRoutes: RouteDef[] = [
  ...stockMovement.routes,
  handle(warehouseApi.inventory, {
    handler: ({ tx, query }) => inventory(tx, query, pageOf(query)),
  }),
  handle(warehouseApi.inventoryExport, {
    handler: async ({ tx, query, reply }) => {
      const { content } = await inventory(tx, query);
      await streamXlsx(reply, {
        fileName: '库存信息',
        sheetName: '库存',
        columns: INVENTORY_COLUMNS.map(([key, header]) => ({ header, key, width: 14 })),
        rows: content,
      });
    },
  }),
  handle(warehouseApi.balances, { handler: ({ tx, query }) => balances(tx, query) }),
  handle(warehouseApi.account, {
    handler: ({ tx, query }) => account(tx, query, pageOf(query)),
  }),
  handle(warehouseApi.accountExport, {
    handler: async ({ tx, query, reply }) => {
      const { content } = await account(tx, query);
      await streamXlsx(reply, {
        fileName: `库存台账${query.beginTime}至${query.endTime}`,
        sheetName: '库存台账',
        columns: ACCOUNT_COLUMNS.map(([key, header]) => ({ header, key, width: 14 })),
        rows: content,
      });
    },
  }),
];
