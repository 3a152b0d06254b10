import { sql } from 'drizzle-orm';
import { boolean, index, integer, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  codeName,
  customValues,
  quantity,
  searchIndex,
  tenantId,
  tenantTable,
  timestamps,
} from '../../../platform/schema.ts';
import { users } from '../../setting/index.ts';
import { areas } from './factory.ts';
import { materials } from './materials.ts';
import { suppliers } from './partners.ts';

/**
 * Warehouses: warehouse → area → location; packages, trays, stock-in/out types
 */

export const warehouses = tenantTable(
  'warehouse',
  {
    ...codeName(),
    /**
     * 0 warehouse, 1 line-side warehouse (bound to a production line), 2 outsourcing warehouse 委外仓
     * (our stock at a supplier, made on the first send out to it).
     */
    kind: smallint('kind').notNull().default(0),
    areaId: integer('area_id').references(() => areas.id),
    /** The supplier an outsourcing warehouse (kind 2) stands at. */
    supplierId: integer('supplier_id').references(() => suppliers.id),
    keeperId: integer('keeper_id').references(() => users.id),
    /** 备件仓: spare parts are kept here and issued from here to repairs and upkeep. */
    isSpare: boolean('is_spare').notNull().default(false),
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
    // one outsourcing warehouse per supplier, also when two sends make it at once
    uniqueIndex('warehouse_supplier_uq').on(t.tenantId, t.supplierId).where(sql`kind = 2`),
    searchIndex('warehouse', t.address),
    searchIndex('warehouse', t.code),
    searchIndex('warehouse', t.name),
  ],
);

export const warehouseAreas = tenantTable(
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
    searchIndex('warehouse_area', t.code),
    searchIndex('warehouse_area', t.name),
  ],
);

export const warehouseLocations = tenantTable(
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
    searchIndex('warehouse_location', t.code),
    searchIndex('warehouse_location', t.name),
  ],
);

/** A packaging specification of a material; its levels (箱 → 托) are package_level rows. */
export const packages = tenantTable(
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
    searchIndex('package_info', t.code),
    searchIndex('package_info', t.name),
  ],
);

export const packageLevels = tenantTable(
  'package_level',
  {
    id: serial('id'),
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

export const trays = tenantTable(
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
  (t) => [
    uniqueIndex('tray_code_uq').on(t.tenantId, t.code),
    searchIndex('tray', t.code),
    searchIndex('tray', t.name),
    searchIndex('tray', t.specifications),
  ],
);

/** Stock-in and stock-out types (spec 001 §9 inbound/outbound types) a tenant offers. */
export const stockTypes = tenantTable(
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
    searchIndex('stock_type', t.code),
    searchIndex('stock_type', t.name),
  ],
);
