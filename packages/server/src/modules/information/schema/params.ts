import {
  boolean,
  date,
  index,
  integer,
  numeric,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  codeName,
  quantity,
  searchIndex,
  tenantId,
  tenantTable,
  timestamps,
} from '../../../platform/schema.ts';
import { users } from '../../setting/index.ts';
import { procedures } from './factory.ts';
import { materials } from './materials.ts';
import { suppliers } from './partners.ts';
import { packages } from './warehouses.ts';

// Procedure parameters, scrap reasons, batch numbers and package codes.

/** A parameter recorded when a procedure is reported (temperature, vacuum, tension …). */
export const procedureParams = tenantTable(
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
    searchIndex('procedure_param', t.code),
    searchIndex('procedure_param', t.name),
  ],
);

export const scrapReasons = tenantTable(
  'scrap_reason',
  { ...codeName(), category: text('category'), remark: text('remark'), ...timestamps() },
  (t) => [
    uniqueIndex('scrap_reason_code_uq').on(t.tenantId, t.code),
    uniqueIndex('scrap_reason_name_uq').on(t.tenantId, t.name),
    searchIndex('scrap_reason', t.category),
    searchIndex('scrap_reason', t.code),
    searchIndex('scrap_reason', t.name),
  ],
);

/** A batch number given to a lot of a material (numbered by the batchNumber rule), for its labels. */
export const batchNumbers = tenantTable(
  'batch_number',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    quantity: quantity('quantity'),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    producedOn: date('produced_on'),
    /**
     * batchQualityStatus: 0 pending inspection, 1 passed, 2 rejected, 3 concession. A pending or
     * rejected batch's stock is held (warehouse `holdBatch`) until its verdict or handling.
     */
    qualityStatus: smallint('quality_status').notNull().default(1),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('batch_number_code_uq').on(t.tenantId, t.code),
    index('batch_number_material_idx').on(t.materialId),
    searchIndex('batch_number', t.code),
  ],
);

/** A package label's code: one per physical package of a packaging specification. */
export const packageCodes = tenantTable(
  'package_code',
  {
    id: serial('id'),
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
    searchIndex('package_code', t.code),
  ],
);
