import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  numeric,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { codeName, searchIndex, tenantId, tenantTable, timestamps } from '../../platform/schema.ts';
import { users } from '../setting/index.ts';

/**
 * Quality configuration (DOMAIN "Quality → Master data", "Inspection plan"; docs/quality.md):
 * inspection items, defect items, and the inspection plans with their item lines.
 */

const limit = (name: string) => numeric(name, { precision: 18, scale: 6 });
const intArray = (name: string) => integer(name).array().notNull().default(sql`'{}'::int[]`);

export const inspectionItems = tenantTable(
  'quality_inspection_item',
  {
    ...codeName(),
    category: text('category'),
    /** inspectionValueType: 0 OK/NG, 1 measured, 2 defect count. */
    valueType: smallint('value_type').notNull().default(0),
    method: text('method'),
    instrument: text('instrument'),
    standard: text('standard'),
    unit: text('unit'),
    standardValue: limit('standard_value'),
    lowerLimit: limit('lower_limit'),
    upperLimit: limit('upper_limit'),
    /** Its measured values feed the SPC charts. */
    isKey: boolean('is_key').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('quality_inspection_item_code_uq').on(t.tenantId, t.code),
    searchIndex('quality_inspection_item', t.code),
    searchIndex('quality_inspection_item', t.name),
    searchIndex('quality_inspection_item', t.category),
    searchIndex('quality_inspection_item', t.method),
    searchIndex('quality_inspection_item', t.instrument),
    searchIndex('quality_inspection_item', t.standard),
  ],
);

export const defectItems = tenantTable(
  'quality_defect_item',
  {
    ...codeName(),
    category: text('category'),
    /** defectSeverity: 0 critical, 1 major, 2 minor. */
    severity: smallint('severity').notNull().default(1),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('quality_defect_item_code_uq').on(t.tenantId, t.code),
    uniqueIndex('quality_defect_item_name_uq').on(t.tenantId, t.name),
    searchIndex('quality_defect_item', t.code),
    searchIndex('quality_defect_item', t.name),
    searchIndex('quality_defect_item', t.category),
  ],
);

export const inspectionPlans = tenantTable(
  'quality_inspection_plan',
  {
    id: serial('id'),
    tenantId: tenantId(),
    name: text('name').notNull(),
    /** inspectionType: 0 patrol, 1 self, 2 first article, 3 team, 4 incoming, 5 finished product. */
    inspectionType: smallint('inspection_type').notNull(),
    /** qualityType, following the inspection type: 1 process, 2 incoming, 3 shipment. */
    qualityType: smallint('quality_type').notNull(),
    materialsIds: intArray('materials_ids'),
    materialClassIds: intArray('material_class_ids'),
    procedureIds: intArray('procedure_ids'),
    /** Incoming plans only: empty means every supplier. */
    supplierIds: intArray('supplier_ids'),
    /** samplingMode: 0 full, 1 fixed n, 2 percent, 3 AQL (GB/T 2828.1, level II, normal, single). */
    samplingMode: smallint('sampling_mode').notNull().default(0),
    sampleSize: integer('sample_size'),
    samplePercent: numeric('sample_percent', { precision: 7, scale: 3 }),
    aql: numeric('aql', { precision: 8, scale: 3 }),
    /** First-article plans: units of the first report checked (1 unless set). */
    firstArticleQty: integer('first_article_qty'),
    itemCount: integer('item_count').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('quality_inspection_plan_name_uq').on(t.tenantId, t.name),
    index('quality_inspection_plan_type_idx').on(t.inspectionType),
    searchIndex('quality_inspection_plan', t.name),
  ],
);

/** An item a plan checks, in the plan's order, with the plan's own standard value and limits. */
export const inspectionPlanItems = tenantTable(
  'quality_inspection_plan_item',
  {
    id: serial('id'),
    tenantId: tenantId(),
    planId: integer('plan_id')
      .notNull()
      .references(() => inspectionPlans.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => inspectionItems.id),
    standardValue: limit('standard_value'),
    lowerLimit: limit('lower_limit'),
    upperLimit: limit('upper_limit'),
  },
  (t) => [
    index('quality_inspection_plan_item_plan_idx').on(t.planId),
    index('quality_inspection_plan_item_item_idx').on(t.itemId),
  ],
);

/**
 * An inspection order 质检单 (DOMAIN "Inspection order"; docs/quality.md "Inspection orders"): the
 * lot inspected, where it came from, the sampling it was raised with, its state and its verdict.
 * Pointers to production, stock and purchase rows are plain ids: this module stands above them and
 * reads them through their faces; the source document names the order, not the other way round.
 */
export const inspectionOrders = tenantTable(
  'quality_inspection_order',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    version: integer('version').notNull().default(1),
    /** inspectionType 0–5; qualityType follows it. */
    inspectionType: smallint('inspection_type').notNull(),
    qualityType: smallint('quality_type').notNull(),
    /** inspectionSource: 0 by hand, 1 first report of a step, 2 report of the last step, 3 purchase receipt. */
    sourceType: smallint('source_type').notNull().default(0),
    /** The report or the purchase receipt that raised it. */
    sourceId: integer('source_id'),
    sourceCode: text('source_code'),
    planId: integer('plan_id').references(() => inspectionPlans.id),
    materialsId: integer('materials_id').notNull(),
    batchId: integer('batch_id'),
    batchCode: text('batch_code'),
    workOrderId: integer('work_order_id'),
    taskId: integer('task_id'),
    procedureId: integer('procedure_id'),
    supplierId: integer('supplier_id'),
    lotQuantity: limit('lot_quantity').notNull(),
    /** samplingMode and AQL as raised; the sample size and Ac/Re they gave for the lot. */
    samplingMode: smallint('sampling_mode').notNull().default(0),
    aql: numeric('aql', { precision: 8, scale: 3 }),
    sampleQuantity: integer('sample_quantity').notNull(),
    acceptNumber: integer('accept_number').notNull().default(0),
    rejectNumber: integer('reject_number').notNull().default(1),
    /** qualityCheckStatus 1–5. */
    status: smallint('status').notNull().default(1),
    /** inspectionVerdict, once submitted: 0 pass, 1 reject. */
    verdict: smallint('verdict'),
    /** The verdict has been applied to what waits on the lot. */
    effective: boolean('effective').notNull().default(false),
    ngQuantity: integer('ng_quantity').notNull().default(0),
    /** Units the verdict keeps out of use (the lot on a sampled reject, the NG units on a full one). */
    rejectedQuantity: limit('rejected_quantity').notNull().default('0'),
    inspectorId: integer('inspector_id').references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    auditorId: integer('auditor_id').references(() => users.id),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    approverId: integer('approver_id').references(() => users.id),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('quality_inspection_order_code_uq').on(t.tenantId, t.code),
    index('quality_inspection_order_task_idx').on(t.taskId),
    index('quality_inspection_order_work_order_idx').on(t.workOrderId),
    index('quality_inspection_order_batch_idx').on(t.batchId),
    index('quality_inspection_order_source_idx').on(t.sourceType, t.sourceId),
    index('quality_inspection_order_completed_idx').on(t.completedAt),
    searchIndex('quality_inspection_order', t.code),
    searchIndex('quality_inspection_order', t.batchCode),
    searchIndex('quality_inspection_order', t.sourceCode),
  ],
);

/** An item an order checks: its plan's line as it was when the order was raised. */
export const inspectionOrderItems = tenantTable(
  'quality_inspection_order_item',
  {
    id: serial('id'),
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => inspectionOrders.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => inspectionItems.id),
    valueType: smallint('value_type').notNull(),
    standardValue: limit('standard_value'),
    lowerLimit: limit('lower_limit'),
    upperLimit: limit('upper_limit'),
  },
  (t) => [uniqueIndex('quality_inspection_order_item_uq').on(t.orderId, t.lineNo)],
);

/** One sample's result on one item of an order. */
export const inspectionResults = tenantTable(
  'quality_inspection_result',
  {
    id: serial('id'),
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => inspectionOrders.id, { onDelete: 'cascade' }),
    sampleNo: integer('sample_no').notNull(),
    lineNo: smallint('line_no').notNull(),
    value: limit('value'),
    /** checkResult: 0 OK, 1 NG. */
    judgement: smallint('judgement').notNull(),
  },
  (t) => [uniqueIndex('quality_inspection_result_uq').on(t.orderId, t.sampleNo, t.lineNo)],
);

/** A defect an order found: which, why (a scrap reason), how many. */
export const inspectionDefects = tenantTable(
  'quality_inspection_defect',
  {
    id: serial('id'),
    tenantId: tenantId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => inspectionOrders.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    defectItemId: integer('defect_item_id')
      .notNull()
      .references(() => defectItems.id),
    reasonId: integer('reason_id'),
    quantity: integer('quantity').notNull(),
    remark: text('remark'),
  },
  (t) => [
    index('quality_inspection_defect_order_idx').on(t.orderId),
    index('quality_inspection_defect_item_idx').on(t.defectItemId),
  ],
);

/**
 * A non-conforming record 不合格品 (DOMAIN "Non-conforming handling"; docs/quality.md): units a
 * rejected inspection keeps out of use, or a report's defects, where they are (`kind`), and how
 * much of it has been handled.
 */
export const nonconformings = tenantTable(
  'quality_nonconforming',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    version: integer('version').notNull().default(1),
    /** nonconformingSource: 0 a report's defects, 1 a rejected inspection. */
    source: smallint('source').notNull(),
    /** The report or the inspection order. */
    sourceId: integer('source_id').notNull(),
    sourceCode: text('source_code'),
    inspectionOrderId: integer('inspection_order_id').references(() => inspectionOrders.id),
    /** nonconformingKind: 0 work in progress, 1 finished units held on their work order, 2 a batch in stock. */
    kind: smallint('kind').notNull(),
    materialsId: integer('materials_id').notNull(),
    batchId: integer('batch_id'),
    batchCode: text('batch_code'),
    workOrderId: integer('work_order_id'),
    taskId: integer('task_id'),
    procedureId: integer('procedure_id'),
    supplierId: integer('supplier_id'),
    quantity: limit('quantity').notNull(),
    handledQuantity: limit('handled_quantity').notNull().default('0'),
    /** handlingStatus: 0 pending, 1 partly handled, 2 handled. */
    handlingStatus: smallint('handling_status').notNull().default(0),
    defectSummary: text('defect_summary'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('quality_nonconforming_code_uq').on(t.tenantId, t.code),
    index('quality_nonconforming_source_idx').on(t.source, t.sourceId),
    index('quality_nonconforming_work_order_idx').on(t.workOrderId),
    index('quality_nonconforming_batch_idx').on(t.batchId),
    searchIndex('quality_nonconforming', t.code),
    searchIndex('quality_nonconforming', t.batchCode),
    searchIndex('quality_nonconforming', t.sourceCode),
    searchIndex('quality_nonconforming', t.defectSummary),
  ],
);

/** One disposition (处置) of a record: which, how many, who decided, what it made. */
export const dispositions = tenantTable(
  'quality_disposition',
  {
    id: serial('id'),
    tenantId: tenantId(),
    ncId: integer('nc_id')
      .notNull()
      .references(() => nonconformings.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    /** disposition: 0 repair, 1 scrap, 2 concession, 3 return to supplier. */
    disposition: smallint('disposition').notNull(),
    quantity: limit('quantity').notNull(),
    /** The rework work order a repair made (plain id: production stands below). */
    reworkWorkOrderId: integer('rework_work_order_id'),
    /** The stock document a scrap or return posted. */
    stockDocId: integer('stock_doc_id'),
    madeCode: text('made_code'),
    remark: text('remark'),
    handledBy: integer('handled_by').references(() => users.id),
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('quality_disposition_nc_idx').on(t.ncId),
    index('quality_disposition_handled_idx').on(t.handledAt),
  ],
);
