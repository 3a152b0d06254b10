import {
  type SalesDemandDetail,
  type SalesDemandQuery,
  type SalesDemandRow,
  salesApi,
} from '@factory/shared/api/sales';
import { type SQL, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { streamXlsx } from '../../platform/excel/export.ts';
import { factoryTimeText } from '../../platform/factoryTime.ts';
import { containing } from '../../platform/list.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { customers, materials, units, warehouses } from '../information/index.ts';
import { produceOrders, produceWorkOrders } from '../plans/index.ts';
import { stockBalances } from '../warehouse/index.ts';
import { salesOrderLines, salesOrders } from './schema.ts';

/** The factory's clock: periods are its weeks and months, delivery dates its days. */
const TZ = sql.raw(`'Asia/Shanghai'`);
const DAY = 86_400_000;
/** Uncovered demand due within this many days (or overdue) is urgent (red). */
const URGENT_DAYS = 7;

type Granularity = 'week' | 'month';
type Filters = Omit<SalesDemandQuery, 'currentPage' | 'pageSize'>;

/** The first day of a line's period, a factory date. */
const periodOf = (g: Granularity, column: SQL) =>
  sql`date_trunc(${sql.raw(`'${g}'`)}, ${column} at time zone ${TZ})::date`;

/** Open demand: confirmed lines of open or partly shipped orders with something left to ship. */
const OPEN_LINES = sql`o.confirm_status = 1 and o.status in (0, 1) and l.quantity > l.shipped_quantity`;

/**
 * What the product's open production orders still bring: per order quantity − stocked in (by its
 * normal work orders), for orders neither cancelled (9) nor finished (2, no more will come).
 */
const remainingOf = sql`greatest(po.quantity - coalesce((select sum(wo.stocked_quantity)
  from ${produceWorkOrders} wo where wo.order_id = po.id and wo.work_type = 0), 0), 0)`;
const OPEN_PRODUCTION = sql`po.plan_status not in (2, 9)`;

const periodName = (g: Granularity, isoWeek: string, start: string) =>
  g === 'week'
    ? `${isoWeek.slice(0, 4)}年第${Number(isoWeek.slice(5))}周`
    : `${start.slice(0, 4)}年${Number(start.slice(5, 7))}月`;

/**
 * 销售需求 (DOMAIN "Sales demand list"): per product and week or month, the open demand of
 * confirmed open lines, covered first by the product's available finished stock (over the
 * ordinary warehouses, on hand − allocated, given to the earliest periods first), then by its open
 * production (quantity − stocked of orders not cancelled or finished, in the same order), the rest
 * uncovered; uncovered and due within 7 days (or overdue) is urgent. The stock and production go
 * to the earliest periods whether the date range shows them or not.
 */
export async function salesDemand(tx: Tx, q: Filters): Promise<SalesDemandRow[]> {
  const g: Granularity = q.granularity === 'month' ? 'month' : 'week';
  if (q.beginTime && q.endTime && q.endTime < q.beginTime)
    throw fieldError('endTime', '结束日期不能早于开始日期');
  const now = nowOf(tx);
  const soon = new Date(now.getTime() + URGENT_DAYS * DAY);
  const keyword = q.keyword?.trim()
    ? sql`and (m.code ilike ${containing(q.keyword)} or m.name ilike ${containing(q.keyword)})`
    : sql``;
  const periodEnd =
    g === 'week' ? sql`r.period_start + 6` : sql`(r.period_start + interval '1 month')::date - 1`;
  const shown = [
    q.beginTime ? sql`${periodEnd} >= ${q.beginTime}::date` : undefined,
    q.endTime ? sql`r.period_start <= ${q.endTime}::date` : undefined,
    q.onlyUncovered === 1 ? sql`r.covered < r.demand` : undefined,
  ].filter(Boolean) as SQL[];
  const where = shown.length ? sql`where ${sql.join(shown, sql` and `)}` : sql``;
  const result = (await tx.execute(sql`
    with d as (
      select l.materials_id, ${periodOf(g, sql`l.delivery_time`)} as period_start,
        sum(l.quantity - l.shipped_quantity) as demand, min(l.delivery_time) as earliest,
        count(*) as line_count
      from ${salesOrderLines} l
      join ${salesOrders} o on o.id = l.order_id
      join ${materials} m on m.id = l.materials_id
      where ${OPEN_LINES} ${keyword}
      group by l.materials_id, 2),
    s as (
      select b.materials_id, greatest(sum(b.on_hand - b.allocated), 0) as stock
      from ${stockBalances} b join ${warehouses} w on w.id = b.warehouse_id
      where w.kind = 0 and b.materials_id in (select materials_id from d)
      group by b.materials_id),
    p as (
      select po.material_id as materials_id, sum(${remainingOf}) as production
      from ${produceOrders} po
      where ${OPEN_PRODUCTION} and po.material_id in (select materials_id from d)
      group by po.material_id),
    c as (
      select d.*, coalesce(s.stock, 0) as stock, coalesce(p.production, 0) as production,
        coalesce(sum(d.demand) over (partition by d.materials_id order by d.period_start
          rows between unbounded preceding and 1 preceding), 0) as before
      from d left join s on s.materials_id = d.materials_id
      left join p on p.materials_id = d.materials_id),
    r as (
      select c.*, least(c.demand, greatest(c.stock - c.before, 0)) as by_stock,
        least(c.demand, greatest(c.stock + c.production - c.before, 0)) as covered
      from c)
    select r.materials_id, m.code, m.name, m.specifications, u.name as unit,
      to_char(r.period_start, 'YYYY-MM-DD') as period_start,
      to_char(${periodEnd}, 'YYYY-MM-DD') as period_end,
      to_char(r.period_start, 'IYYY-IW') as iso_week,
      ${factoryTimeText(sql`r.earliest`)} as earliest,
      r.earliest < ${now.toISOString()}::timestamptz as overdue,
      r.earliest < ${soon.toISOString()}::timestamptz as soon,
      r.line_count, r.demand::text as demand, r.by_stock::text as by_stock,
      (r.covered - r.by_stock)::text as by_production, (r.demand - r.covered)::text as uncovered,
      r.stock::text as stock, r.production::text as production
    from r join ${materials} m on m.id = r.materials_id
    left join ${units} u on u.id = m.main_unit_id
    ${where}
    order by m.code, r.period_start`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => {
    const uncovered = Number(r.uncovered);
    const start = String(r.period_start);
    return {
      materialsId: Number(r.materials_id),
      materialsCode: String(r.code),
      materialsName: String(r.name),
      materialsSpecifications: (r.specifications as string | null) ?? null,
      materialsUnit: (r.unit as string | null) ?? null,
      periodStart: start,
      periodEnd: String(r.period_end),
      period: periodName(g, String(r.iso_week), start),
      earliestDelivery: String(r.earliest),
      lineCount: Number(r.line_count),
      demandQuantity: Number(r.demand),
      stockCovered: Number(r.by_stock),
      productionCovered: Number(r.by_production),
      uncovered,
      availableStock: Number(r.stock),
      openProduction: Number(r.production),
      urgent: uncovered > 0 && r.soon === true,
      overdue: r.overdue === true,
    };
  });
}

/** The open lines behind one row (product × period) and the product's open production orders. */
async function demandDetail(
  tx: Tx,
  q: { materialsId: number; granularity: Granularity; periodStart: string },
): Promise<SalesDemandDetail> {
  const lines = (await tx.execute(sql`
    select o.id as order_id, o.code, o.status, c.name as customer, l.id as line_id, l.line_no,
      ${factoryTimeText(sql`l.delivery_time`)} as delivery, l.quantity::text as quantity,
      l.shipped_quantity::text as shipped
    from ${salesOrderLines} l
    join ${salesOrders} o on o.id = l.order_id
    join ${customers} c on c.id = o.customer_id
    where ${OPEN_LINES} and l.materials_id = ${q.materialsId}
      and ${periodOf(q.granularity, sql`l.delivery_time`)} = ${q.periodStart}::date
    order by l.delivery_time, o.code, l.line_no`)) as unknown as { rows: Record<string, unknown>[] };
  const orders = (await tx.execute(sql`
    select po.id, po.code, po.source_code, ${factoryTimeText(sql`po.delivery_time`)} as delivery,
      po.quantity::text as quantity, (po.quantity - ${remainingOf})::text as stocked,
      ${remainingOf}::text as remaining, po.confirm_status, po.plan_status
    from ${produceOrders} po
    where ${OPEN_PRODUCTION} and po.material_id = ${q.materialsId}
    order by po.delivery_time, po.id`)) as unknown as { rows: Record<string, unknown>[] };
  return {
    lines: lines.rows.map((r) => ({
      orderId: Number(r.order_id),
      orderCode: String(r.code),
      orderStatus: Number(r.status),
      customerName: String(r.customer),
      lineId: Number(r.line_id),
      lineNo: Number(r.line_no),
      deliveryTime: String(r.delivery),
      quantity: Number(r.quantity),
      shippedQuantity: Number(r.shipped),
      openQuantity: Math.round((Number(r.quantity) - Number(r.shipped)) * 1e6) / 1e6,
    })),
    produceOrders: orders.rows.map((r) => ({
      id: Number(r.id),
      code: String(r.code),
      sourceCode: (r.source_code as string | null) ?? null,
      deliveryTime: String(r.delivery),
      quantity: Number(r.quantity),
      stockedQuantity: Number(r.stocked),
      remaining: Number(r.remaining),
      confirmStatus: Number(r.confirm_status),
      planStatus: Number(r.plan_status),
    })),
  };
}

const DEMAND_COLUMNS: [keyof SalesDemandRow, string][] = [
  ['materialsCode', '产品编码'],
  ['materialsName', '产品名称'],
  ['materialsSpecifications', '规格型号'],
  ['materialsUnit', '单位'],
  ['period', '周期'],
  ['periodStart', '开始日期'],
  ['periodEnd', '结束日期'],
  ['earliestDelivery', '最早交期'],
  ['lineCount', '订单行数'],
  ['demandQuantity', '未发货需求'],
  ['stockCovered', '库存覆盖'],
  ['productionCovered', '在制覆盖'],
  ['uncovered', '未覆盖'],
  ['availableStock', '成品可用库存'],
  ['openProduction', '在制未入库'],
];

export const demandRoutes: RouteDef[] = [
  handle(salesApi.demand, {
    handler: async ({ tx, query }) => {
      const rows = await salesDemand(tx, query);
      const from = (query.currentPage - 1) * query.pageSize;
      return { content: rows.slice(from, from + query.pageSize), total: rows.length };
    },
  }),
  handle(salesApi.demandDetail, { handler: ({ tx, query }) => demandDetail(tx, query) }),
  handle(salesApi.demandExport, {
    handler: async ({ tx, query, reply }) => {
      const rows = await salesDemand(tx, query);
      await streamXlsx(reply, {
        fileName: '销售需求',
        sheetName: '销售需求',
        columns: [
          ...DEMAND_COLUMNS.map(([key, header]) => ({ header, key, width: 14 })),
          { header: '紧急', key: 'urgentText', width: 8 },
        ],
        rows: rows.map((r) => ({ ...r, urgentText: r.urgent ? (r.overdue ? '已逾期' : '7天内到期') : '' })),
      });
    },
  }),
];
