import { type Static, type TSchema, Type } from 'typebox';
import { MAX_PRODUCE_QUANTITY } from '../entities/produceOrder.ts';
import { VersionField } from '../machines/endpoints.ts';
import { SALES_BASE } from '../machines/sales.ts';
import { endpoint } from './contract.ts';
import { IdQuery, RowId } from './list.ts';

const O = `${SALES_BASE}salesOrder/`;
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
  produceOrders: Type.Array(LinkedProduceOrder),
  shipments: Type.Array(ShipmentRow),
  stock: Type.Array(LineStock),
  /** Oldest first (the order first in, first out takes them). */
  batches: Type.Array(ShippableBatch),
});
export type SalesOrderTrace = Static<typeof SalesOrderTrace>;

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
  trace: endpoint({
    method: 'GET',
    path: `${O}getSalesOrderTrace`,
    summary: '销售订单跟踪：关联的生产订单、发货批次与各行产品库存',
    access: { keys: ['salesOrderList', 'salesOrderDetail'] },
    query: IdQuery,
    result: SalesOrderTrace,
  }),
};
