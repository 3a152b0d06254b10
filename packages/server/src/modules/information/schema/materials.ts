import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  numeric,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  codeName,
  customValues,
  quantity,
  searchIndex,
  tenantId,
  tenantTable,
  timestamps,
} from '../../../platform/schema.ts';

// Materials and their bill of materials.

/** Units of measure (件, 台, 千克, 米 …). */
export const units = tenantTable(
  'unit',
  {
    ...codeName(),
    /** Decimals the unit counts in (台 0, kg 3); null: not said. MRP orders precision-0 units whole. */
    precision: smallint('precision'),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('unit_code_uq').on(t.tenantId, t.code),
    uniqueIndex('unit_name_uq').on(t.tenantId, t.name),
    searchIndex('unit', t.code),
    searchIndex('unit', t.name),
  ],
);

/** Material classes, a tree (原材料 → 金属材料 → 铜材). */
export const materialClasses = tenantTable(
  'material_class',
  {
    ...codeName(),
    parentId: integer('parent_id').references((): AnyPgColumn => materialClasses.id),
    sort: integer('sort').notNull().default(0),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('material_class_code_uq').on(t.tenantId, t.code),
    index('material_class_parent_idx').on(t.parentId),
    searchIndex('material_class', t.code),
    searchIndex('material_class', t.name),
  ],
);

/** Attributes a material can carry (颜色, 电压等级 …) with the values offered. */
export const materialAttributes = tenantTable(
  'material_attribute',
  {
    ...codeName(),
    /** Offered values joined by '、'; empty means free text. */
    options: text('options'),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('material_attribute_code_uq').on(t.tenantId, t.code),
    uniqueIndex('material_attribute_name_uq').on(t.tenantId, t.name),
    searchIndex('material_attribute', t.code),
    searchIndex('material_attribute', t.name),
    searchIndex('material_attribute', t.options),
  ],
);

export const materials = tenantTable(
  'material',
  {
    ...codeName(),
    specifications: text('specifications'),
    /** 0 raw material, 1 semi-finished, 2 finished product, 3 auxiliary (materialType). */
    materialType: smallint('material_type').notNull().default(0),
    classId: integer('class_id').references(() => materialClasses.id),
    mainUnitId: integer('main_unit_id')
      .notNull()
      .references(() => units.id),
    auxUnitId: integer('aux_unit_id').references(() => units.id),
    /** How many auxiliary units one main unit is. */
    conversion: quantity('conversion'),
    isVirtual: boolean('is_virtual').notNull().default(false),
    upperLimit: quantity('upper_limit'),
    lowerLimit: quantity('lower_limit'),
    // MRP parameters (docs/mrp.md): how the material is supplied and in what lots
    /** procurementType: 0 make, 1 buy, 2 outsource; null: by material type (raw and auxiliary bought). */
    procurementType: smallint('procurement_type'),
    /** Working days from release to receipt. */
    leadTimeDays: integer('lead_time_days').notNull().default(0),
    /** lotSizeRule: 0 lot for lot, 1 fixed lot, 2 minimum + multiple, 3 cover n days. */
    lotSizeRule: smallint('lot_size_rule').notNull().default(0),
    fixedLotQty: quantity('fixed_lot_qty'),
    minOrderQty: quantity('min_order_qty'),
    orderMultiple: quantity('order_multiple'),
    periodDays: integer('period_days'),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    custom: customValues(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('material_code_uq').on(t.tenantId, t.code),
    index('material_name_idx').on(t.tenantId, t.name),
    index('material_class_idx').on(t.classId),
    searchIndex('material', t.code),
    searchIndex('material', t.name),
    searchIndex('material', t.specifications),
  ],
);

/** A material's attribute values. */
export const materialAttributeValues = tenantTable(
  'material_attribute_value',
  {
    tenantId: tenantId(),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => materialAttributes.id),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.materialId, t.attributeId] }),
    index('material_attribute_value_attr_idx').on(t.attributeId),
  ],
);

/** One line of a bill of materials: `quantity` of the child per one parent, plus the loss rate. */
export const bomItems = tenantTable(
  'bom_item',
  {
    id: serial('id'),
    tenantId: tenantId(),
    parentId: integer('parent_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => materials.id),
    quantity: quantity('quantity').notNull(),
    /** Percent lost in making, 0–100. */
    lossRate: numeric('loss_rate', { precision: 8, scale: 4 }).notNull().default('0'),
    sort: integer('sort').notNull().default(0),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('bom_item_parent_child_uq').on(t.parentId, t.childId),
    index('bom_item_child_idx').on(t.childId),
  ],
);
