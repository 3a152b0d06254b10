import { index, integer, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { quantity, searchIndex, tenantId, tenantTable, timestamps } from '../../platform/schema.ts';
import { equipmentClasses, materials, warehouses } from '../information/index.ts';
import { users } from '../setting/index.ts';
import { stockDocs } from '../warehouse/index.ts';
import { equipment } from './registerSchema.ts';

/**
 * Spare parts (DOMAIN "Spare parts"; docs/spare-parts.md): the account of which materials are
 * spare parts, and the applications for them. Their stock is the ledger's, in the warehouses
 * marked 备件仓; what each machine took is `spare_part_usage` (repairSchema).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** 备件台账: a material registered as a spare part (once), the class it serves, its cycle. */
export const spareParts = tenantTable(
  'spare_part',
  {
    id: serial('id'),
    tenantId: tenantId(),
    materialsId: integer('materials_id')
      .notNull()
      .references(() => materials.id),
    equipmentClassId: integer('equipment_class_id').references(() => equipmentClasses.id),
    /** Days between replacements (a bearing every 180 days), when it wears on a cycle. */
    replaceCycleDays: integer('replace_cycle_days'),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('spare_part_material_uq').on(t.tenantId, t.materialsId),
    index('spare_part_class_idx').on(t.equipmentClassId),
  ],
);

/**
 * 备件申请: parts asked for a repair order (sourceType 0) or an upkeep task (1) of one machine;
 * audited (auditStatus −1 not submitted, 0 pending, 1 passed, 2 rejected) and issued once
 * (issueStatus 1, the stock-out it posted).
 */
export const partApplications = tenantTable(
  'part_application',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    sourceType: smallint('source_type').notNull(),
    sourceId: integer('source_id').notNull(),
    /** The repair order's or task's number as entered and shown (the source's own, kept). */
    sourceCode: text('source_code').notNull(),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id),
    reason: text('reason'),
    auditStatus: smallint('audit_status').notNull().default(-1),
    issueStatus: smallint('issue_status').notNull().default(0),
    lineCount: smallint('line_count').notNull().default(0),
    applicantId: integer('applicant_id').references(() => users.id),
    approvedBy: integer('approved_by').references(() => users.id),
    approvedAt: at('approved_at'),
    rejectReason: text('reject_reason'),
    issuedBy: integer('issued_by').references(() => users.id),
    issuedAt: at('issued_at'),
    /** The first stock-out the issue posted (one per warehouse; the usages name each). */
    stockDocId: integer('stock_doc_id').references(() => stockDocs.id),
    version: integer('version').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('part_application_code_uq').on(t.tenantId, t.code),
    index('part_application_source_idx').on(t.sourceType, t.sourceId),
    index('part_application_equipment_idx').on(t.equipmentId),
    index('part_application_created_idx').on(t.createdAt),
    searchIndex('part_application', t.code),
    searchIndex('part_application', t.sourceCode),
    searchIndex('part_application', t.reason),
  ],
);

export const partApplicationLines = tenantTable(
  'part_application_line',
  {
    id: serial('id'),
    tenantId: tenantId(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => partApplications.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    materialsId: integer('materials_id')
      .notNull()
      .references(() => materials.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    quantity: quantity('quantity').notNull(),
    remark: text('remark'),
  },
  (t) => [
    index('part_application_line_app_idx').on(t.applicationId),
    index('part_application_line_material_idx').on(t.materialsId),
  ],
);
