import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { customValues, tenantId, timestamps } from '../../platform/schema.ts';
import { organizations, users } from '../setting/schema.ts';

/** Production lines (产线) of the factory model. */
export const areas = pgTable(
  'area',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The workshop the line belongs to. */
    organizationId: integer('organization_id').references(() => organizations.id),
    remark: text('remark'),
    custom: customValues(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('area_code_uq').on(t.tenantId, t.code),
    uniqueIndex('area_name_uq').on(t.tenantId, t.name),
  ],
);

export const procedures = pgTable(
  'procedure',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    processType: smallint('process_type').notNull().default(0),
    standardMinutes: numeric('standard_minutes', { precision: 12, scale: 3 }),
    remark: text('remark'),
    custom: customValues(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('procedure_code_uq').on(t.tenantId, t.code),
    uniqueIndex('procedure_name_uq').on(t.tenantId, t.name),
  ],
);

export const stations = pgTable(
  'station',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    remark: text('remark'),
    custom: customValues(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('station_code_uq').on(t.tenantId, t.code),
    uniqueIndex('station_name_uq').on(t.tenantId, t.name),
    index('station_area_idx').on(t.areaId),
  ],
);

/** The procedures a station can do (setProcedureListForStation). */
export const stationProcedures = pgTable(
  'station_procedure',
  {
    tenantId: tenantId(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    procedureId: integer('procedure_id')
      .notNull()
      .references(() => procedures.id),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.procedureId] }),
    index('station_procedure_procedure_idx').on(t.procedureId),
  ],
);

/** The stations a user may work at (updateOneStation); users.station_id is the current one. */
export const userStations = pgTable(
  'user_station',
  {
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.stationId] }),
    index('user_station_station_idx').on(t.stationId),
  ],
);

/** The code + name identity most master data has, unique per tenant. */
/** The columns every coded master-data table starts with. */
export const codeName = () => ({
  id: serial('id').primaryKey(),
  tenantId: tenantId(),
  code: text('code').notNull(),
  name: text('name').notNull(),
});
const quantity = (name: string) => numeric(name, { precision: 18, scale: 6 });

// ---------------------------------------------------------------------------------------------
// Materials and their bill of materials

/** Units of measure (件, 台, 千克, 米 …). */
export const units = pgTable('unit', { ...codeName(), remark: text('remark'), ...timestamps() }, (t) => [
  uniqueIndex('unit_code_uq').on(t.tenantId, t.code),
  uniqueIndex('unit_name_uq').on(t.tenantId, t.name),
]);

/** Material classes, a tree (原材料 → 金属材料 → 铜材). */
export const materialClasses = pgTable(
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
  ],
);

/** Attributes a material can carry (颜色, 电压等级 …) with the values offered. */
export const materialAttributes = pgTable(
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
  ],
);

export const materials = pgTable(
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
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    custom: customValues(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('material_code_uq').on(t.tenantId, t.code),
    index('material_name_idx').on(t.tenantId, t.name),
    index('material_class_idx').on(t.classId),
  ],
);

/** A material's attribute values. */
export const materialAttributeValues = pgTable(
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
export const bomItems = pgTable(
  'bom_item',
  {
    id: serial('id').primaryKey(),
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

// ---------------------------------------------------------------------------------------------
// Warehouses: warehouse → area → location; packages, trays, stock-in/out types

export const warehouses = pgTable(
  'warehouse',
  {
    ...codeName(),
    /** 0 warehouse, 1 line-side warehouse (bound to a production line). */
    kind: smallint('kind').notNull().default(0),
    areaId: integer('area_id').references(() => areas.id),
    keeperId: integer('keeper_id').references(() => users.id),
    address: text('address'),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    custom: customValues(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('warehouse_code_uq').on(t.tenantId, t.code),
    uniqueIndex('warehouse_name_uq').on(t.tenantId, t.name),
    index('warehouse_area_idx').on(t.areaId),
  ],
);

export const warehouseAreas = pgTable(
  'warehouse_area',
  {
    ...codeName(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('warehouse_area_code_uq').on(t.tenantId, t.code),
    index('warehouse_area_wh_idx').on(t.warehouseId),
  ],
);

export const warehouseLocations = pgTable(
  'warehouse_location',
  {
    ...codeName(),
    warehouseAreaId: integer('warehouse_area_id')
      .notNull()
      .references(() => warehouseAreas.id),
    capacity: quantity('capacity'),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('warehouse_location_code_uq').on(t.tenantId, t.code),
    index('warehouse_location_area_idx').on(t.warehouseAreaId),
  ],
);

/** A packaging specification of a material; its levels (箱 → 托) are package_level rows. */
export const packages = pgTable(
  'package_info',
  {
    ...codeName(),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('package_info_code_uq').on(t.tenantId, t.code),
    index('package_info_material_idx').on(t.materialId),
  ],
);

export const packageLevels = pgTable(
  'package_level',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    /** 1 innermost. */
    level: smallint('level').notNull(),
    name: text('name').notNull(),
    /** Units of the level below (level 1: main units of the material) in one of these. */
    quantity: quantity('quantity').notNull(),
  },
  (t) => [uniqueIndex('package_level_uq').on(t.packageId, t.level)],
);

export const trays = pgTable(
  'tray',
  {
    ...codeName(),
    specifications: text('specifications'),
    maxLoad: quantity('max_load'),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    custom: customValues(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('tray_code_uq').on(t.tenantId, t.code)],
);

/** Stock-in and stock-out types (spec 001 §9 inbound/outbound types) a tenant offers. */
export const stockTypes = pgTable(
  'stock_type',
  {
    ...codeName(),
    /** 0 in, 1 out. */
    direction: smallint('direction').notNull(),
    /** The inboundType or outboundType value it books as. */
    bookAs: smallint('book_as').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('stock_type_code_uq').on(t.tenantId, t.code),
    uniqueIndex('stock_type_name_uq').on(t.tenantId, t.name),
  ],
);

// ---------------------------------------------------------------------------------------------
// Business partners, service customers and their sites, equipment classes

const partner = () => ({
  ...codeName(),
  shortName: text('short_name'),
  contact: text('contact'),
  phone: text('phone'),
  address: text('address'),
  enabled: boolean('enabled').notNull().default(true),
  remark: text('remark'),
  custom: customValues(),
  ...timestamps(),
});

export const suppliers = pgTable('supplier', partner(), (t) => [
  uniqueIndex('supplier_code_uq').on(t.tenantId, t.code),
  uniqueIndex('supplier_name_uq').on(t.tenantId, t.name),
]);

/** Sales customers (unit-info → customer-list). */
export const customers = pgTable('customer', partner(), (t) => [
  uniqueIndex('customer_code_uq').on(t.tenantId, t.code),
  uniqueIndex('customer_name_uq').on(t.tenantId, t.name),
]);

/** After-sales customers whose equipment the service team looks after (customer-info). */
export const serviceCustomers = pgTable(
  'service_customer',
  { ...partner(), industry: text('industry') },
  (t) => [
    uniqueIndex('service_customer_code_uq').on(t.tenantId, t.code),
    uniqueIndex('service_customer_name_uq').on(t.tenantId, t.name),
  ],
);

/** A service customer's sites (plants, substations) where its equipment stands. */
export const customerSites = pgTable(
  'customer_site',
  {
    ...codeName(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => serviceCustomers.id),
    contact: text('contact'),
    phone: text('phone'),
    address: text('address'),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('customer_site_code_uq').on(t.tenantId, t.code),
    index('customer_site_customer_idx').on(t.customerId),
  ],
);

/** Equipment classes, a tree (spec 001 §7.2 getEquipmentClassList, the reports' cascader). */
export const equipmentClasses = pgTable(
  'equipment_class',
  {
    ...codeName(),
    parentId: integer('parent_id').references((): AnyPgColumn => equipmentClasses.id),
    sort: integer('sort').notNull().default(0),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('equipment_class_code_uq').on(t.tenantId, t.code),
    index('equipment_class_parent_idx').on(t.parentId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Process flows (spec 001 §7.7): classes; flows making a finished material; versions with exactly
// one main; the ordered procedures of a version with their allowed lines and stations; the
// materials each version consumes, per step (the BOM list view)

export const processFlowClasses = pgTable(
  'process_flow_class',
  { ...codeName(), remark: text('remark'), ...timestamps() },
  (t) => [
    uniqueIndex('process_flow_class_code_uq').on(t.tenantId, t.code),
    uniqueIndex('process_flow_class_name_uq').on(t.tenantId, t.name),
  ],
);

export const processFlows = pgTable(
  'process_flow',
  {
    ...codeName(),
    classId: integer('class_id').references(() => processFlowClasses.id),
    /** The finished (or semi-finished) material the flow makes. */
    materialId: integer('material_id').references(() => materials.id),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    custom: customValues(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('process_flow_code_uq').on(t.tenantId, t.code),
    index('process_flow_material_idx').on(t.materialId),
    index('process_flow_class_idx').on(t.classId),
  ],
);

export const processFlowVersions = pgTable(
  'process_flow_version',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    flowId: integer('flow_id')
      .notNull()
      .references(() => processFlows.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('process_flow_version_name_uq').on(t.flowId, t.name),
    // at most one main version per flow; the service keeps it at exactly one
    uniqueIndex('process_flow_version_main_uq').on(t.flowId).where(sql`is_main`),
  ],
);

export const processFlowSteps = pgTable(
  'process_flow_step',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    versionId: integer('version_id')
      .notNull()
      .references(() => processFlowVersions.id, { onDelete: 'cascade' }),
    /** Order within the version, from 1. */
    seq: integer('seq').notNull(),
    procedureId: integer('procedure_id')
      .notNull()
      .references(() => procedures.id),
    /** 0 in-house, 1 outsourced (processType). */
    processType: smallint('process_type').notNull().default(0),
    standardMinutes: numeric('standard_minutes', { precision: 12, scale: 3 }),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('process_flow_step_seq_uq').on(t.versionId, t.seq),
    index('process_flow_step_procedure_idx').on(t.procedureId),
  ],
);

/** The lines a step may run on (the Gantt allows moving a plan only to these). */
export const processFlowStepAreas = pgTable(
  'process_flow_step_area',
  {
    tenantId: tenantId(),
    stepId: integer('step_id')
      .notNull()
      .references(() => processFlowSteps.id, { onDelete: 'cascade' }),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
  },
  (t) => [
    primaryKey({ columns: [t.stepId, t.areaId] }),
    index('process_flow_step_area_area_idx').on(t.areaId),
  ],
);

export const processFlowStepStations = pgTable(
  'process_flow_step_station',
  {
    tenantId: tenantId(),
    stepId: integer('step_id')
      .notNull()
      .references(() => processFlowSteps.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
  },
  (t) => [
    primaryKey({ columns: [t.stepId, t.stationId] }),
    index('process_flow_step_station_station_idx').on(t.stationId),
  ],
);

/** The BOM list view of a version: which material each step consumes, and how much per product. */
export const processFlowMaterials = pgTable(
  'process_flow_material',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    versionId: integer('version_id')
      .notNull()
      .references(() => processFlowVersions.id, { onDelete: 'cascade' }),
    stepId: integer('step_id').references(() => processFlowSteps.id, { onDelete: 'set null' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    quantity: quantity('quantity').notNull(),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('process_flow_material_uq').on(t.versionId, t.materialId),
    index('process_flow_material_material_idx').on(t.materialId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Procedure parameters, scrap reasons, batch numbers and package codes

/** A parameter recorded when a procedure is reported (temperature, vacuum, tension …). */
export const procedureParams = pgTable(
  'procedure_param',
  {
    ...codeName(),
    procedureId: integer('procedure_id')
      .notNull()
      .references(() => procedures.id),
    /** dataType: 0 integer, 1 decimal, 2 text, 3 date, 4 boolean. */
    dataType: smallint('data_type').notNull().default(1),
    unitName: text('unit_name'),
    standardValue: text('standard_value'),
    lowerLimit: numeric('lower_limit', { precision: 18, scale: 6 }),
    upperLimit: numeric('upper_limit', { precision: 18, scale: 6 }),
    required: boolean('required').notNull().default(false),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('procedure_param_code_uq').on(t.tenantId, t.code),
    uniqueIndex('procedure_param_name_uq').on(t.tenantId, t.procedureId, t.name),
    index('procedure_param_procedure_idx').on(t.procedureId),
  ],
);

export const scrapReasons = pgTable(
  'scrap_reason',
  { ...codeName(), category: text('category'), remark: text('remark'), ...timestamps() },
  (t) => [
    uniqueIndex('scrap_reason_code_uq').on(t.tenantId, t.code),
    uniqueIndex('scrap_reason_name_uq').on(t.tenantId, t.name),
  ],
);

/** A batch number given to a lot of a material (numbered by the batchNumber rule), for its labels. */
export const batchNumbers = pgTable(
  'batch_number',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    quantity: quantity('quantity'),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    producedOn: date('produced_on'),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('batch_number_code_uq').on(t.tenantId, t.code),
    index('batch_number_material_idx').on(t.materialId),
  ],
);

/** A package label's code: one per physical package of a packaging specification. */
export const packageCodes = pgTable(
  'package_code',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    code: text('code').notNull(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    /** The package level it labels (1 innermost). */
    level: smallint('level').notNull().default(1),
    batchNumberId: integer('batch_number_id').references(() => batchNumbers.id),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('package_code_code_uq').on(t.tenantId, t.code),
    index('package_code_package_idx').on(t.packageId),
  ],
);
