import { type Static, type TSchema, Type } from 'typebox';
import { MAX_PRODUCE_QUANTITY } from '../entities/produceOrder.ts';
import { ReasonField, VersionField } from '../machines/endpoints.ts';
import { SALES_BASE } from '../machines/sales.ts';
import { endpoint } from './contract.ts';
import { IdQuery, RowId } from './list.ts';

const O = `${SALES_BASE}salesOrder/`;
const D = `${SALES_BASE}salesDemand/`;
const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

/** 发货: what leaves which finished-goods warehouse for which lines of the order, batch by batch. */
export const ShipBody = Type.Object(
  {
    id: RowId('销售订单'),
    version: VersionField,
    warehouseId: RowId('仓库'),
    lines: Type.Array(
      Type.Object(
        {
          lineId: RowId('订单行'),
          /** The batch to take; empty: first in, first out over the warehouse's batches. */
          batchCode: Type.Optional(nullable(Type.String({ maxLength: 64, title: '批次号' }))),
          quantity: Type.Number({ exclusiveMinimum: 0, maximum: MAX_PRODUCE_QUANTITY, title: '发货数量' }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 200, title: '发货明细' },
    ),
    remark: Type.Optional(nullable(Type.String({ maxLength: 500, title: '备注' }))),
  },
  { additionalProperties: false },
);
export type ShipBody = Static<typeof ShipBody>;

/** 撤销发货: one shipment of the order (its stock document) taken back, with why. */
export const UnshipBody = Type.Object(
  {
    id: RowId('销售订单'),
    version: VersionField,
    stockDocId: RowId('出库单'),
    reason: ReasonField('撤销发货'),
  },
  { additionalProperties: false },
);
export type UnshipBody = Static<typeof UnshipBody>;

/**
 * 退货: goods the customer sends back against lines that stand shipped, into one warehouse, with
 * why. Each line names the batch it was shipped from when known (tracing); the goods come in as a
 * batch of their own.
 */
export const ReturnBody = Type.Object(
  {
    id: RowId('销售订单'),
    version: VersionField,
    warehouseId: RowId('仓库'),
    lines: Type.Array(
      Type.Object(
        {
          lineId: RowId('订单行'),
          /** The batch it was shipped from; empty: not known. */
          batchCode: Type.Optional(nullable(Type.String({ maxLength: 64, title: '发货批次号' }))),
          quantity: Type.Number({ exclusiveMinimum: 0, maximum: MAX_PRODUCE_QUANTITY, title: '退货数量' }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 200, title: '退货明细' },
    ),
    reason: ReasonField('退货'),
    remark: Type.Optional(nullable(Type.String({ maxLength: 500, title: '备注' }))),
  },
  { additionalProperties: false },
);
export type ReturnBody = Static<typeof ReturnBody>;

/** A production order made for a line of the order (source 1), as the order's detail follows it. */
export const LinkedProduceOrder = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  lineId: Type.Integer(),
  quantity: Type.Number(),
  completedQuantity: Type.Number(),
  confirmStatus: Type.Integer(),
  planStatus: Type.Integer(),
});

/** One batch of one shipment of a line (the customer's tracing row). */
export const ShipmentRow = Type.Object({
  stockDocId: Type.Integer(),
  stockDocCode: Type.String(),
  lineId: Type.Integer(),
  materialsName: Type.String(),
  batchCode: nullable(Type.String()),
  warehouseName: Type.String(),
  quantity: Type.Number(),
  shippedAt: Type.String(),
  /** When the shipment was taken back (撤销发货), factory time; null while it stands. */
  reversedAt: nullable(Type.String()),
  reversedByName: nullable(Type.String()),
});

/** One line of one return (退货): the goods back in, the batch they came in as, the batch shipped from. */
export const ReturnRow = Type.Object({
  stockDocId: Type.Integer(),
  stockDocCode: Type.String(),
  lineId: Type.Integer(),
  materialsName: Type.String(),
  warehouseName: Type.String(),
  /** The batch the goods were shipped from, when the return named it. */
  shippedBatchCode: nullable(Type.String()),
  /** The batch they came back in as (a batch of their own). */
  batchCode: nullable(Type.String()),
  quantity: Type.Number(),
  reason: Type.String(),
  returnedAt: Type.String(),
  returnedByName: nullable(Type.String()),
});

/** What a line may still take back from one batch: shipped from it (standing) − returned naming it. */
export const ReturnableBatch = Type.Object({
  lineId: Type.Integer(),
  batchCode: Type.String(),
  shipped: Type.Number(),
  returned: Type.Number(),
});

/** Each line's product in finished-goods stock now (on hand − allocated). */
export const LineStock = Type.Object({ lineId: Type.Integer(), available: Type.Number() });

/** A batch of the order's products a shipment may take: finished-goods warehouse, batch, what is available. */
export const ShippableBatch = Type.Object({
  materialsId: Type.Integer(),
  warehouseId: Type.Integer(),
  warehouseName: Type.String(),
  batchCode: nullable(Type.String()),
  available: Type.Number(),
});

export const SalesOrderTrace = Type.Object({
  /** The tenant's over-ship tolerance in percent (basic config over_ship_rate). */
  overShipRate: Type.Number(),
  produceOrders: Type.Array(LinkedProduceOrder),
  shipments: Type.Array(ShipmentRow),
  returns: Type.Array(ReturnRow),
  returnable: Type.Array(ReturnableBatch),
  stock: Type.Array(LineStock),
  /** Oldest first (the order first in, first out takes them). */
  batches: Type.Array(ShippableBatch),
});
export type SalesOrderTrace = Static<typeof SalesOrderTrace>;

const DateText = (title: string) => Type.String({ format: 'date', title });

/** The sales demand list's filters (销售需求): product, period granularity, the periods' dates. */
export const SalesDemandFilters = {
  /** Product code or name, any part. */
  keyword: Type.Optional(Type.String({ maxLength: 64, title: '产品编码/名称' })),
  /** week: ISO weeks (Monday to Sunday); month: calendar months. */
  granularity: Type.Optional(
    Type.Union([Type.Literal('week'), Type.Literal('month')], { default: 'week', title: '周期' }),
  ),
  /** The periods shown are those touching [beginTime, endTime] (delivery dates, factory days). */
  beginTime: Type.Optional(DateText('开始日期')),
  endTime: Type.Optional(DateText('结束日期')),
  /** 1: only the periods with an uncovered quantity. */
  onlyUncovered: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { title: '仅看未覆盖' })),
};

export const SalesDemandQuery = Type.Object(
  {
    currentPage: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, title: '页码' }),
    pageSize: Type.Integer({ minimum: 1, maximum: 999, default: 20, title: '每页条数' }),
    ...SalesDemandFilters,
  },
  { additionalProperties: false },
);
export type SalesDemandQuery = Static<typeof SalesDemandQuery>;

/**
 * One product in one period: the open demand of confirmed open sales lines due in it, and how it
 * is covered — by available finished stock (earliest periods first), then by open production,
 * the rest uncovered.
 */
export const SalesDemandRow = Type.Object({
  materialsId: Type.Integer(),
  materialsCode: Type.String(),
  materialsName: Type.String(),
  materialsSpecifications: nullable(Type.String()),
  materialsUnit: nullable(Type.String()),
  /** The period's first and last day ('YYYY-MM-DD') and its name (2026年第49周, 2026年12月). */
  periodStart: Type.String(),
  periodEnd: Type.String(),
  period: Type.String(),
  /** The earliest delivery time of the period's open lines. */
  earliestDelivery: Type.String(),
  lineCount: Type.Integer(),
  /** Σ (quantity − shipped) of the open lines. */
  demandQuantity: Type.Number(),
  stockCovered: Type.Number(),
  productionCovered: Type.Number(),
  uncovered: Type.Number(),
  /** The product's available finished stock and open production now (the same on each of its rows). */
  availableStock: Type.Number(),
  openProduction: Type.Number(),
  /** Uncovered and due within 7 days (or overdue): shown in red. */
  urgent: Type.Boolean(),
  /** The earliest delivery has passed. */
  overdue: Type.Boolean(),
});
export type SalesDemandRow = Static<typeof SalesDemandRow>;

/** The rows behind one demand row: the product's period, as the list named it. */
export const SalesDemandLinesQuery = Type.Object(
  {
    materialsId: RowId('产品'),
    granularity: Type.Union([Type.Literal('week'), Type.Literal('month')], { title: '周期' }),
    periodStart: DateText('周期开始日期'),
  },
  { additionalProperties: false },
);

/** An open sales line behind a demand row. */
export const SalesDemandLine = Type.Object({
  orderId: Type.Integer(),
  orderCode: Type.String(),
  orderStatus: Type.Integer(),
  customerName: Type.String(),
  lineId: Type.Integer(),
  lineNo: Type.Integer(),
  deliveryTime: Type.String(),
  quantity: Type.Number(),
  shippedQuantity: Type.Number(),
  openQuantity: Type.Number(),
});

/** An open production order of the product (not cancelled, not finished): what it still brings. */
export const SalesDemandProduction = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  /** The sales order it was made for (source 1), else null. */
  sourceCode: nullable(Type.String()),
  deliveryTime: Type.String(),
  quantity: Type.Number(),
  stockedQuantity: Type.Number(),
  /** quantity − stocked. */
  remaining: Type.Number(),
  confirmStatus: Type.Integer(),
  planStatus: Type.Integer(),
});

export const SalesDemandDetail = Type.Object({
  lines: Type.Array(SalesDemandLine),
  produceOrders: Type.Array(SalesDemandProduction),
});
export type SalesDemandDetail = Static<typeof SalesDemandDetail>;

/** Sales calls beyond the standard and machine calls. */
export const salesApi = {
  ship: endpoint({
    method: 'POST',
    path: `${O}ship`,
    summary: '销售发货：按订单行与批次从成品仓出库（出库类型 销售）',
    access: { keys: ['salesOrderListShip'] },
    body: ShipBody,
    result: Type.Object(
      { id: RowId(), version: Type.Integer(), stockDocId: Type.Integer(), stockDocCode: Type.String() },
      { additionalProperties: true },
    ),
  }),
  unship: endpoint({
    method: 'POST',
    path: `${O}unship`,
    summary: '撤销发货：冲销该次发货的销售出库单，发货数量退回订单行',
    access: { keys: ['salesOrderListUnship'] },
    body: UnshipBody,
    result: Type.Object(
      { id: RowId(), version: Type.Integer(), status: Type.Integer() },
      { additionalProperties: true },
    ),
  }),
  returnGoods: endpoint({
    method: 'POST',
    path: `${O}returnGoods`,
    summary: '销售退货：已发货的产品退回入库（其他入库，单独批次），记入订单行已退货数量',
    access: { keys: ['salesOrderListReturn'] },
    body: ReturnBody,
    result: Type.Object(
      { id: RowId(), version: Type.Integer(), stockDocId: Type.Integer(), stockDocCode: Type.String() },
      { additionalProperties: true },
    ),
  }),
  demand: endpoint({
    method: 'GET',
    path: `${D}getSalesDemandListPage`,
    summary: '销售需求：各产品按周/月的未发货需求，及库存、在制生产的覆盖与缺口',
    access: { keys: ['salesDemandList'] },
    query: SalesDemandQuery,
    result: Type.Object({ content: Type.Array(SalesDemandRow), total: Type.Integer() }),
  }),
  demandDetail: endpoint({
    method: 'GET',
    path: `${D}getSalesDemandDetail`,
    summary: '销售需求明细：一个产品一个周期的未发货订单行，及该产品在制的生产订单',
    access: { keys: ['salesDemandListDetail'] },
    query: SalesDemandLinesQuery,
    result: SalesDemandDetail,
  }),
  /** Answers an .xlsx file, not the envelope. */
  demandExport: endpoint({
    method: 'GET',
    path: `${D}export`,
    summary: '导出销售需求',
    access: { keys: ['salesDemandListExport'] },
    query: Type.Object(SalesDemandFilters, { additionalProperties: false }),
  }),
  trace: endpoint({
    method: 'GET',
    path: `${O}getSalesOrderTrace`,
    summary: '销售订单跟踪：关联的生产订单、发货批次、退货记录与各行产品库存',
    access: { keys: ['salesOrderList', 'salesOrderDetail'] },
    query: IdQuery,
    result: SalesOrderTrace,
  }),
};
