import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
