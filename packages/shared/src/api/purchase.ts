import { type Static, type TSchema, Type } from 'typebox';
import { MAX_PRODUCE_QUANTITY } from '../entities/produceOrder.ts';
import { VersionField } from '../machines/endpoints.ts';
import { PURCHASE_BASE } from '../machines/purchase.ts';
import { endpoint } from './contract.ts';
import { IdQuery, RowId } from './list.ts';

const O = `${PURCHASE_BASE}purchaseOrder/`;
const R = `${PURCHASE_BASE}purchaseRequest/`;
const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

/** 收货: what arrives for which lines of the order, into which warehouse and location, each a batch of its own. */
export const ReceiveBody = Type.Object(
  {
    id: RowId('采购订单'),
    version: VersionField,
    warehouseId: RowId('仓库'),
    lines: Type.Array(
      Type.Object(
        {
          lineId: RowId('订单行'),
          quantity: Type.Number({ exclusiveMinimum: 0, maximum: MAX_PRODUCE_QUANTITY, title: '收货数量' }),
          locationId: Type.Optional(nullable(RowId('库位'))),
          /** Empty: the batch-number rule numbers it. */
          batchCode: Type.Optional(nullable(Type.String({ maxLength: 64, title: '批次号' }))),
          supplierBatch: Type.Optional(nullable(Type.String({ maxLength: 64, title: '供应商批次' }))),
          productionDate: Type.Optional(nullable(Type.String({ format: 'date', title: '生产日期' }))),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 200, title: '收货明细' },
    ),
    remark: Type.Optional(nullable(Type.String({ maxLength: 500, title: '备注' }))),
  },
  { additionalProperties: false },
);
export type ReceiveBody = Static<typeof ReceiveBody>;

/** 冲销收货: one receipt (its stock document, all its lines) taken back, with why. */
export const UnreceiveBody = Type.Object(
  {
    id: RowId('采购订单'),
    version: VersionField,
    stockDocId: RowId('收货单'),
    reason: Type.String({ minLength: 1, maxLength: 200, title: '冲销原因' }),
  },
  { additionalProperties: false },
);
export type UnreceiveBody = Static<typeof UnreceiveBody>;

/** One batch received against a line (the order's receiving history). */
export const ReceiptRow = Type.Object({
  id: Type.Integer(),
  stockDocId: Type.Integer(),
  stockDocCode: Type.String(),
  lineId: Type.Integer(),
  materialsName: Type.String(),
  batchCode: nullable(Type.String()),
  supplierBatch: nullable(Type.String()),
  productionDate: nullable(Type.String()),
  warehouseName: Type.String(),
  locationCode: nullable(Type.String()),
  quantity: Type.Number(),
  /** An incoming inspection was raised for the batch (its plan covers the material). */
  needsInspection: Type.Boolean(),
  /** batchQualityStatus of the batch: 0 pending, 1 passed, 2 rejected, 3 concession. */
  qualityStatus: Type.Integer(),
  receivedAt: Type.String(),
  receivedByName: nullable(Type.String()),
  reversedAt: nullable(Type.String()),
});

export const PurchaseOrderTrace = Type.Object({
  receipts: Type.Array(ReceiptRow),
  /** The tenant's over-receipt tolerance in percent (basic config over_receipt_rate). */
  overReceiptRate: Type.Number(),
});
export type PurchaseOrderTrace = Static<typeof PurchaseOrderTrace>;

/** 转采购订单: submitted requests of one supplier made into one unconfirmed order, a line each. */
export const OrderRequestsBody = Type.Object(
  {
    ids: Type.Array(RowId('请购单'), { minItems: 1, maxItems: 200, uniqueItems: true, title: '请购单' }),
    /** The supplier of the order; requests naming another supplier are refused. */
    supplierId: RowId('供应商'),
  },
  { additionalProperties: false },
);
export type OrderRequestsBody = Static<typeof OrderRequestsBody>;

/** Purchase calls beyond the standard and machine calls. */
export const purchaseApi = {
  receive: endpoint({
    method: 'POST',
    path: `${O}receive`,
    summary: '采购收货：按订单行收货入库（入库类型 采购），每行一个新批次',
    access: { keys: ['purchaseOrderListReceive'] },
    body: ReceiveBody,
    result: Type.Object(
      { id: RowId(), version: Type.Integer(), stockDocId: Type.Integer(), stockDocCode: Type.String() },
      { additionalProperties: true },
    ),
  }),
  unreceive: endpoint({
    method: 'POST',
    path: `${O}reverseReceipt`,
    summary: '冲销收货：整张收货单反向记账，订单行的已收数量随之减少（批次未被使用时）',
    access: { keys: ['purchaseOrderListReverse'] },
    body: UnreceiveBody,
    result: Type.Object({ id: RowId(), version: Type.Integer() }, { additionalProperties: true }),
  }),
  trace: endpoint({
    method: 'GET',
    path: `${O}getPurchaseOrderTrace`,
    summary: '采购订单跟踪：各次收货的批次、库位与冲销',
    access: { keys: ['purchaseOrderList', 'purchaseOrderDetail'] },
    query: IdQuery,
    result: PurchaseOrderTrace,
  }),
  orderRequests: endpoint({
    method: 'POST',
    path: `${R}orderRequests`,
    summary: '请购单转采购订单：同一供应商的已提交请购单合并为一张未确认的采购订单',
    access: { keys: ['purchasingDemandOrder'] },
    body: OrderRequestsBody,
    result: Type.Object({ id: Type.Integer(), code: Type.String() }),
  }),
};
