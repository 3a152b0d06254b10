import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { quantity, searchIndex, tenantId, tenantTable, timestamps } from '../../platform/schema.ts';
import { batchNumbers, materials, processFlowVersions, suppliers } from '../information/index.ts';
import { produceWorkOrders } from '../plans/index.ts';
import { users } from '../setting/index.ts';
import { stockDocLines, stockDocs } from '../warehouse/index.ts';

/**
 * Purchase (DOMAIN "Purchase"): requests for a material (by hand or from an MRP run), orders to a
 * supplier with their lines, the requests each line was made from, and the receipts (inbound
 * stock documents of type 0 purchase, one new batch each) against the lines. State columns carry
 * their machines' field names; `version` is bumped by every action and edit.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => numeric(name, { precision: 18, scale: 2 });

/** 请购单: one material wanted by a date, perhaps from a supplier; ordered in one or more orders. */
export const purchaseRequests = tenantTable(
  'purchase_request',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    /** purchaseRequestSource: 0 by hand, 1 MRP. */
    source: smallint('source').notNull().default(0),
    /** The MRP run that suggested it (the MRP module's). */
    mrpRunId: integer('mrp_run_id'),
    materialsId: integer('materials_id')
      .notNull()
      .references(() => materials.id),
    quantity: quantity('quantity').notNull(),
    requiredDate: at('required_date').notNull(),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    orderedQuantity: quantity('ordered_quantity').notNull().default('0'),
    /** purchaseRequestStatus: 0 to submit, 1 submitted, 2 purchased, 9 cancelled. */
    status: smallint('status').notNull().default(0),
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('purchase_request_code_uq').on(t.tenantId, t.code),
    index('purchase_request_material_idx').on(t.materialsId),
    index('purchase_request_status_idx').on(t.status),
    index('purchase_request_created_idx').on(t.createdAt),
    index('purchase_request_run_idx').on(t.mrpRunId),
    searchIndex('purchase_request', t.code),
  ],
);

export const purchaseOrders = tenantTable(
  'purchase_order',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    buyerId: integer('buyer_id').references(() => users.id),
    /** confirmStatus: 0 unconfirmed, 1 confirmed. */
    confirmStatus: smallint('confirm_status').notNull().default(0),
    /** purchaseOrderStatus: 0 open, 1 partly received, 2 received, 3 closed, 9 cancelled. */
    status: smallint('status').notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
    totalQuantity: quantity('total_quantity').notNull().default('0'),
    receivedQuantity: quantity('received_quantity').notNull().default('0'),
    totalAmount: money('total_amount').notNull().default('0'),
    earliestDelivery: at('earliest_delivery'),
    closeReason: text('close_reason'),
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('purchase_order_code_uq').on(t.tenantId, t.code),
    index('purchase_order_supplier_idx').on(t.supplierId),
    index('purchase_order_created_idx').on(t.createdAt),
    searchIndex('purchase_order', t.code),
  ],
);

/** A line of a purchase order: a material, how many, at what price, by when; what was received. */
export const purchaseOrderLines = tenantTable(
  'purchase_order_line',
  {
    id: serial('id'),
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
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
    /** Received and not reversed. */
    receivedQuantity: quantity('received_quantity').notNull().default('0'),
    /** Sent back to the supplier (incoming inspection's return, once quality lands). */
    returnedQuantity: quantity('returned_quantity').notNull().default('0'),
    /** The request the line was made from, when it was converted from one. */
    requestId: integer('request_id').references(() => purchaseRequests.id),
    remark: text('remark'),
  },
  (t) => [
    index('purchase_order_line_order_idx').on(t.orderId),
    index('purchase_order_line_material_idx').on(t.materialsId),
    index('purchase_order_line_request_idx').on(t.requestId),
  ],
);

/**
 * 收货: what one receipt (an inbound stock document of type 0 purchase) took in for one order line,
 * into a batch of its own with the supplier's batch and production date.
 */
export const purchaseReceipts = tenantTable(
  'purchase_receipt',
  {
    id: serial('id'),
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    lineId: integer('line_id')
      .notNull()
      .references(() => purchaseOrderLines.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    stockDocId: integer('stock_doc_id')
      .notNull()
      .references(() => stockDocs.id),
    stockDocLineId: integer('stock_doc_line_id')
      .notNull()
      .references(() => stockDocLines.id),
    batchId: integer('batch_id').references(() => batchNumbers.id),
    quantity: quantity('quantity').notNull(),
    supplierBatch: text('supplier_batch'),
    productionDate: date('production_date'),
    /** An incoming inspection is due for it (docs/purchase.md; raised once quality lands). */
    needsInspection: boolean('needs_inspection').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
    /** When the receipt was reversed (its stock document 冲销); the line no longer counts it. */
    reversedAt: at('reversed_at'),
    reversedBy: integer('reversed_by').references(() => users.id),
  },
  (t) => [
    index('purchase_receipt_order_idx').on(t.orderId),
    index('purchase_receipt_line_idx').on(t.lineId),
    index('purchase_receipt_doc_idx').on(t.stockDocId),
    index('purchase_receipt_batch_idx').on(t.batchId),
  ],
);

/**
 * 生产定额 (DOMAIN "Production quota"): how much of each material one unit of a made product may
 * take, for one version of its flow or (no version) for all. One effective (status 1) per product
 * and version: the partial unique indexes refuse a second, the service obsoletes the old first.
 */
export const quotas = tenantTable(
  'quota',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    materialsId: integer('materials_id')
      .notNull()
      .references(() => materials.id),
    processFlowVersionId: integer('process_flow_version_id').references(() => processFlowVersions.id),
    effectiveFrom: date('effective_from').notNull(),
    /** quotaStatus: 0 draft, 1 effective, 2 obsolete. */
    status: smallint('status').notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('quota_code_uq').on(t.tenantId, t.code),
    index('quota_material_idx').on(t.materialsId),
    index('quota_created_idx').on(t.createdAt),
    uniqueIndex('quota_effective_version_uq')
      .on(t.materialsId, t.processFlowVersionId)
      .where(sql`status = 1 and process_flow_version_id is not null`),
    uniqueIndex('quota_effective_uq')
      .on(t.materialsId)
      .where(sql`status = 1 and process_flow_version_id is null`),
    searchIndex('quota', t.code),
  ],
);

/** A material of a quota: per unit of product, and how far beyond it a pick may go. */
export const quotaLines = tenantTable(
  'quota_line',
  {
    id: serial('id'),
    tenantId: tenantId(),
    quotaId: integer('quota_id')
      .notNull()
      .references(() => quotas.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    materialsId: integer('materials_id')
      .notNull()
      .references(() => materials.id),
    quotaPerUnit: quantity('quota_per_unit').notNull(),
    /** Percent (2 for 2 %). */
    tolerancePct: numeric('tolerance_pct', { precision: 5, scale: 2 }).notNull().default('0'),
    remark: text('remark'),
  },
  (t) => [index('quota_line_quota_idx').on(t.quotaId), index('quota_line_material_idx').on(t.materialsId)],
);

/**
 * 超定额领料申请: a work order may be issued `quantity` more of a material than its quota allows,
 * once passed (auditStatus 1); filed pending (0), rejected (2) or withdrawn by its applicant (−1).
 */
export const quotaApplications = tenantTable(
  'quota_application',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => produceWorkOrders.id),
    /** The work order's product: the quota's page lists its product's applications. */
    productId: integer('product_id')
      .notNull()
      .references(() => materials.id),
    materialsId: integer('materials_id')
      .notNull()
      .references(() => materials.id),
    quantity: quantity('quantity').notNull(),
    reason: text('reason').notNull(),
    /** auditStatus: −1 withdrawn, 0 pending, 1 passed, 2 rejected. */
    auditStatus: smallint('audit_status').notNull().default(0),
    applicantId: integer('applicant_id').references(() => users.id),
    approvedBy: integer('approved_by').references(() => users.id),
    approvedAt: at('approved_at'),
    rejectReason: text('reject_reason'),
    version: integer('version').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('quota_application_code_uq').on(t.tenantId, t.code),
    index('quota_application_work_order_idx').on(t.workOrderId, t.materialsId),
    index('quota_application_product_idx').on(t.productId),
    index('quota_application_created_idx').on(t.createdAt),
    searchIndex('quota_application', t.code),
    searchIndex('quota_application', t.reason),
  ],
);

/**
 * 超定额领料: a pick beyond the quota's own allowance (quantity × quotaPerUnit × tolerance), let
 * through by the work order's passed applications, which it names.
 */
export const quotaOverruns = tenantTable(
  'quota_overrun',
  {
    id: serial('id'),
    tenantId: tenantId(),
    quotaId: integer('quota_id')
      .notNull()
      .references(() => quotas.id, { onDelete: 'cascade' }),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => produceWorkOrders.id),
    materialsId: integer('materials_id')
      .notNull()
      .references(() => materials.id),
    /** The pick's stock document. */
    stockDocId: integer('stock_doc_id').references(() => stockDocs.id),
    allowedQuantity: quantity('allowed_quantity').notNull(),
    issuedBefore: quantity('issued_before').notNull(),
    quantity: quantity('quantity').notNull(),
    /** The applications' reasons (before approval existed: the picker's own). */
    reason: text('reason').notNull(),
    /** The passed applications of the work order and material when it was picked. */
    applicationIds: integer('application_ids').array().notNull().default(sql`'{}'::int[]`),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('quota_overrun_quota_idx').on(t.quotaId),
    index('quota_overrun_work_order_idx').on(t.workOrderId),
  ],
);
