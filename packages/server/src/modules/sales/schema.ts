import { index, integer, numeric, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { quantity, searchIndex, tenantId, tenantTable, timestamps } from '../../platform/schema.ts';
import { batchNumbers, customers, materials } from '../information/index.ts';
import { produceOrders } from '../plans/index.ts';
import { users } from '../setting/index.ts';
import { stockDocLines, stockDocs } from '../warehouse/index.ts';

/**
 * Sales (DOMAIN "Sales order"): orders with their lines, the production orders a confirmation
 * made for a line's shortfall, the shipments (outbound stock documents of type 1 sales) against
 * the lines and the returns (inbound documents of type 4) of what was shipped. State columns carry `salesOrderMachine`'s field names; `version` is bumped by
 * every action and edit.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

export const salesOrders = tenantTable(
  'sales_order',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    deliveryAddress: text('delivery_address'),
    salesmanId: integer('salesman_id').references(() => users.id),
    /** confirmStatus: 0 unconfirmed, 1 confirmed. */
    confirmStatus: smallint('confirm_status').notNull().default(0),
    /** salesOrderStatus: 0 open, 1 partly shipped, 2 shipped, 3 closed, 9 cancelled. */
    status: smallint('status').notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
    totalQuantity: quantity('total_quantity').notNull().default('0'),
    shippedQuantity: quantity('shipped_quantity').notNull().default('0'),
    totalAmount: money('total_amount').notNull().default('0'),
    earliestDelivery: at('earliest_delivery'),
    closeReason: text('close_reason'),
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('sales_order_code_uq').on(t.tenantId, t.code),
    index('sales_order_customer_idx').on(t.customerId),
    index('sales_order_created_idx').on(t.createdAt),
    searchIndex('sales_order', t.code),
    searchIndex('sales_order', t.deliveryAddress),
  ],
);

/** A line of a sales order: a product, how many, at what price, by when; what was shipped of it. */
export const salesOrderLines = tenantTable(
  'sales_order_line',
  {
    id: serial('id'),
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => salesOrders.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    materialsId: integer('materials_id')
      .notNull()
      .references(() => materials.id),
    quantity: quantity('quantity').notNull(),
    unitPrice: numeric('unit_price', { precision: 18, scale: 6 }).notNull().default('0'),
    /** Percent (13 for 13 %). */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('0'),
    /** quantity × unitPrice, 2 decimals half-up, written on save. */
    amount: money('amount').notNull().default('0'),
    deliveryTime: at('delivery_time').notNull(),
    shippedQuantity: quantity('shipped_quantity').notNull().default('0'),
    /** Σ returned (退货): shipped stays as it was, net shipped = shipped − returned. */
    returnedQuantity: quantity('returned_quantity').notNull().default('0'),
    remark: text('remark'),
  },
  (t) => [
    index('sales_order_line_order_idx').on(t.orderId),
    index('sales_order_line_material_idx').on(t.materialsId),
  ],
);

/** A production order made for a line's shortfall when the order was confirmed (source 1). */
export const salesOrderProduces = tenantTable(
  'sales_order_produce',
  {
    id: serial('id'),
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => salesOrders.id),
    lineId: integer('line_id')
      .notNull()
      .references(() => salesOrderLines.id),
    produceOrderId: integer('produce_order_id')
      .notNull()
      .references(() => produceOrders.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('sales_order_produce_order_idx').on(t.orderId),
    index('sales_order_produce_line_idx').on(t.lineId),
    index('sales_order_produce_po_idx').on(t.produceOrderId),
  ],
);

/**
 * What one shipment (an outbound stock document of type 1 sales) took for one sales line. The
 * batches it took are the document's stock movements (by `stockDocLineId`): with the customer of
 * the order they are the tracing row of DOMAIN (customer, batch).
 */
export const salesShipments = tenantTable(
  'sales_shipment',
  {
    id: serial('id'),
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => salesOrders.id),
    lineId: integer('line_id')
      .notNull()
      .references(() => salesOrderLines.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    stockDocId: integer('stock_doc_id')
      .notNull()
      .references(() => stockDocs.id),
    stockDocLineId: integer('stock_doc_line_id')
      .notNull()
      .references(() => stockDocLines.id),
    quantity: quantity('quantity').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
    /** When the shipment was taken back (its stock document reversed); the line no longer counts it. */
    reversedAt: at('reversed_at'),
    reversedBy: integer('reversed_by').references(() => users.id),
  },
  (t) => [
    index('sales_shipment_order_idx').on(t.orderId),
    index('sales_shipment_line_idx').on(t.lineId),
    index('sales_shipment_customer_idx').on(t.customerId),
    index('sales_shipment_doc_idx').on(t.stockDocId),
  ],
);

/**
 * What one return (退货, an inbound stock document of type 4 其他入库) took back for one sales
 * line: the batch it was shipped from when the keeper knew it, and the document line whose batch
 * (a new one) holds the goods now.
 */
export const salesReturns = tenantTable(
  'sales_return',
  {
    id: serial('id'),
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => salesOrders.id),
    lineId: integer('line_id')
      .notNull()
      .references(() => salesOrderLines.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    stockDocId: integer('stock_doc_id')
      .notNull()
      .references(() => stockDocs.id),
    stockDocLineId: integer('stock_doc_line_id')
      .notNull()
      .references(() => stockDocLines.id),
    /** The batch the goods had been shipped from; null: not known. */
    shippedBatchId: integer('shipped_batch_id').references(() => batchNumbers.id),
    quantity: quantity('quantity').notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('sales_return_order_idx').on(t.orderId),
    index('sales_return_line_idx').on(t.lineId),
    index('sales_return_doc_idx').on(t.stockDocId),
  ],
);
