import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { quantity, searchIndex, tenantId, tenantTable, timestamps } from '../../platform/schema.ts';
import {
  batchNumbers,
  materials,
  stockTypes,
  suppliers,
  warehouseAreas,
  warehouseLocations,
  warehouses,
} from '../information/index.ts';
import { users } from '../setting/index.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A stock document (出入库单): stock-in, stock-out or transfer, with its lines. It moves stock only
 * when posted (status 2); `version` guards two keepers acting at once.
 */
export const stockDocs = tenantTable(
  'stock_doc',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    /** stockDocKind: 0 in, 1 out, 2 transfer. */
    kind: smallint('kind').notNull(),
    stockTypeId: integer('stock_type_id').references(() => stockTypes.id),
    /** The inbound or outbound type its stock type books as (spec 001 §9), kept as posted. */
    bookAs: smallint('book_as'),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    targetWarehouseId: integer('target_warehouse_id').references(() => warehouses.id),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    sourceNumber: text('source_number'),
    /**
     * What a module above the warehouse posted it for, which only that module undoes
     * (`stockDocSources`: 5 a sales shipment, 6 a purchase receipt, 7 a sales return, 8 an
     * outsourcing order's 委外发料); null for the rest.
     */
    madeFor: smallint('made_for'),
    /** stockDocStatus: 0 draft, 1 submitted, 2 posted, 3 reversed, 9 cancelled. */
    status: smallint('status').notNull().default(0),
    version: integer('version').notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
    totalQuantity: quantity('total_quantity').notNull().default('0'),
    postedAt: at('posted_at'),
    postedBy: integer('posted_by').references(() => users.id),
    createdBy: integer('created_by').references(() => users.id),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('stock_doc_code_uq').on(t.tenantId, t.code),
    index('stock_doc_created_idx').on(t.createdAt),
    index('stock_doc_status_idx').on(t.status),
    // the documents of a source: a report's backflush, a plan's stock-in
    index('stock_doc_source_idx').on(t.tenantId, t.sourceNumber),
    searchIndex('stock_doc', t.code),
    searchIndex('stock_doc', t.sourceNumber),
  ],
);

/** A line of a stock document: what material, from or to which batch and location, how much. */
export const stockDocLines = tenantTable(
  'stock_doc_line',
  {
    id: serial('id'),
    tenantId: tenantId(),
    docId: integer('doc_id')
      .notNull()
      .references(() => stockDocs.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    materialsId: integer('materials_id')
      .notNull()
      .references(() => materials.id),
    /** In: the batch to open or add to (numbered when empty); out: the batch to take (FIFO when empty). */
    batchCode: text('batch_code'),
    locationId: integer('location_id').references(() => warehouseLocations.id),
    targetLocationId: integer('target_location_id').references(() => warehouseLocations.id),
    quantity: quantity('quantity').notNull(),
    remark: text('remark'),
  },
  (t) => [
    index('stock_doc_line_doc_idx').on(t.docId),
    index('stock_doc_line_material_idx').on(t.materialsId),
  ],
);

/**
 * Stock on hand per material × warehouse × location × batch (DOMAIN "Balance"): changed only by
 * posting movements, never below zero nor below what is allocated (checked by the posting's
 * conditional update, and by the table as the last word).
 */
export const stockBalances = tenantTable(
  'stock_balance',
  {
    id: serial('id'),
    tenantId: tenantId(),
    materialsId: integer('materials_id')
      .notNull()
      .references(() => materials.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    /** 0: no location (a warehouse without locations); a key column, so never null. */
    locationId: integer('location_id').notNull().default(0),
    /** 0: no batch. */
    batchId: integer('batch_id').notNull().default(0),
    onHand: quantity('on_hand').notNull().default('0'),
    allocated: quantity('allocated').notNull().default('0'),
    /** When stock of this key first came in: first-in-first-out takes the oldest. */
    firstInAt: at('first_in_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_balance_key_uq').on(t.tenantId, t.materialsId, t.warehouseId, t.locationId, t.batchId),
    index('stock_balance_warehouse_idx').on(t.warehouseId),
    // the materials holding stock, by warehouse, read from the index alone: the inventory list's
    // "has stock" test and its total (docs/warehouse.md "Speed"). Its predicate makes a balance
    // update that changes on hand a non-HOT update (every index gets the new version)
    index('stock_balance_stocked_idx').on(t.materialsId, t.warehouseId).where(sql`${t.onHand} > 0`),
    check(
      'stock_balance_not_negative',
      sql`${t.onHand} >= 0 and ${t.allocated} >= 0 and ${t.allocated} <= ${t.onHand}`,
    ),
  ],
);

/**
 * The ledger (库存流水, DOMAIN "Movement"): one immutable row per posted line and place, signed,
 * with the balance it left. A reversal is a new row pointing at the one it undoes.
 */
export const stockMovements = tenantTable(
  'stock_movement',
  {
    id: bigserial('id', { mode: 'number' }),
    tenantId: tenantId(),
    materialsId: integer('materials_id')
      .notNull()
      .references(() => materials.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    locationId: integer('location_id').references(() => warehouseLocations.id),
    batchId: integer('batch_id').references(() => batchNumbers.id),
    /** + in, − out, in main units. */
    quantity: quantity('quantity').notNull(),
    /** The balance of its key after it. */
    balanceAfter: quantity('balance_after').notNull(),
    docKind: smallint('doc_kind').notNull(),
    bookAs: smallint('book_as'),
    stockTypeId: integer('stock_type_id').references(() => stockTypes.id),
    docId: integer('doc_id').references(() => stockDocs.id),
    docCode: text('doc_code').notNull(),
    docLineId: integer('doc_line_id'),
    reversalOf: bigint('reversal_of', { mode: 'number' }).references((): AnyPgColumn => stockMovements.id),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('stock_movement_created_idx').on(t.createdAt),
    index('stock_movement_material_idx').on(t.materialsId, t.createdAt),
    index('stock_movement_doc_idx').on(t.docId),
    index('stock_movement_batch_idx').on(t.batchId),
    searchIndex('stock_movement', t.docCode),
  ],
);

/**
 * A material whose stock is out of its limits and whose keepers were told (DOMAIN "Limits": one
 * notice per crossing): 1 below the lower limit, 2 above the upper limit. Removed when the stock is
 * back within the limit, so the next crossing is told again.
 */
export const stockLimitNotices = tenantTable(
  'stock_limit_notice',
  {
    tenantId: tenantId(),
    materialsId: integer('materials_id')
      .notNull()
      .references(() => materials.id),
    kind: smallint('kind').notNull(),
    quantity: quantity('quantity').notNull(),
    noticedAt: at('noticed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.materialsId, t.kind] })],
);

/**
 * A stock count sheet (盘点单): a warehouse or one of its areas; while counting (1) or waiting for
 * approval (2) nothing is posted there. Its adjustments are ordinary stock documents.
 */
export const stockCounts = tenantTable(
  'stock_count',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    warehouseAreaId: integer('warehouse_area_id').references(() => warehouseAreas.id),
    isBlind: boolean('is_blind').notNull().default(false),
    /** stockCountStatus: 0 draft, 1 counting, 2 submitted, 3 posted, 9 cancelled. */
    status: smallint('status').notNull().default(0),
    version: integer('version').notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
    differenceCount: integer('difference_count').notNull().default(0),
    startedAt: at('started_at'),
    countedBy: integer('counted_by').references(() => users.id),
    postedAt: at('posted_at'),
    postedBy: integer('posted_by').references(() => users.id),
    adjustCodes: text('adjust_codes'),
    createdBy: integer('created_by').references(() => users.id),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('stock_count_code_uq').on(t.tenantId, t.code),
    index('stock_count_open_idx').on(t.warehouseId, t.status),
    searchIndex('stock_count', t.adjustCodes),
    searchIndex('stock_count', t.code),
  ],
);

/** A place of a count sheet: its book quantity when counting started, and what was counted. */
export const stockCountLines = tenantTable(
  'stock_count_line',
  {
    id: serial('id'),
    tenantId: tenantId(),
    countId: integer('count_id')
      .notNull()
      .references(() => stockCounts.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    materialsId: integer('materials_id')
      .notNull()
      .references(() => materials.id),
    locationId: integer('location_id').references(() => warehouseLocations.id),
    batchId: integer('batch_id').references(() => batchNumbers.id),
    batchCode: text('batch_code'),
    bookQuantity: quantity('book_quantity').notNull().default('0'),
    countedQuantity: quantity('counted_quantity'),
    remark: text('remark'),
  },
  (t) => [index('stock_count_line_count_idx').on(t.countId)],
);

/** A saved kitting analysis (齐套分析): its figures, and the whole result as calculated then. */
export const kittings = tenantTable(
  'kitting',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    planCount: integer('plan_count').notNull(),
    kittedCount: integer('kitted_count').notNull(),
    shortMaterialCount: integer('short_material_count').notNull(),
    result: jsonb('result').notNull(),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('kitting_code_uq').on(t.tenantId, t.code),
    index('kitting_created_idx').on(t.createdAt),
    searchIndex('kitting', t.code),
  ],
);

/**
 * A work order's preparation order (备料单): made at release from its plan's materials, picked
 * to the line-side warehouse of its line (`targetWarehouseId`; none: issued straight to the work).
 */
export const materialPreps = tenantTable(
  'material_prep',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    workOrderId: integer('work_order_id').notNull(),
    planId: integer('plan_id'),
    /** The work order's product, quantity and line when it was released. */
    materialsId: integer('materials_id')
      .notNull()
      .references(() => materials.id),
    quantity: quantity('quantity').notNull(),
    areaId: integer('area_id'),
    targetWarehouseId: integer('target_warehouse_id').references(() => warehouses.id),
    /** materialPreparationStatus: 0 to issue, 1 to prepare, 2 preparing, 3 prepared, 9 cancelled. */
    status: smallint('status').notNull().default(0),
    version: integer('version').notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
    preparedCount: integer('prepared_count').notNull().default(0),
    sentAt: at('sent_at'),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('material_prep_code_uq').on(t.tenantId, t.code),
    uniqueIndex('material_prep_work_order_uq').on(t.tenantId, t.workOrderId),
    index('material_prep_plan_idx').on(t.planId),
    index('material_prep_status_idx').on(t.status),
    searchIndex('material_prep', t.code),
  ],
);

/** What a work order needs of one material, and what was picked of it. */
export const materialPrepLines = tenantTable(
  'material_prep_line',
  {
    id: serial('id'),
    tenantId: tenantId(),
    prepId: integer('prep_id')
      .notNull()
      .references(() => materialPreps.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    materialsId: integer('materials_id')
      .notNull()
      .references(() => materials.id),
    procedureId: integer('procedure_id'),
    requiredQuantity: quantity('required_quantity').notNull(),
    issuedQuantity: quantity('issued_quantity').notNull().default('0'),
    /** What report work has backflushed of it from the line side (DOMAIN "Line-side warehouse"). */
    consumedQuantity: quantity('consumed_quantity').notNull().default('0'),
    /** What sends out to suppliers have moved of it into their outsourcing warehouses (委外发料). */
    outQuantity: quantity('out_quantity').notNull().default('0'),
  },
  (t) => [index('material_prep_line_prep_idx').on(t.prepId)],
);

/**
 * Holds (预占, docs/warehouse.md "Holds"): stock of a storage place set aside for a
 * preparation line until it is picked; the balance's allocated is the sum of its holds, kept in the
 * same statements, so no other stock-out can take it.
 */
export const stockAllocations = tenantTable(
  'stock_allocation',
  {
    id: serial('id'),
    tenantId: tenantId(),
    /** The preparation line holding it; none: a quality hold of the balance's batch (`holdBatch`). */
    prepLineId: integer('prep_line_id').references(() => materialPrepLines.id, { onDelete: 'cascade' }),
    balanceId: integer('balance_id')
      .notNull()
      .references(() => stockBalances.id),
    quantity: quantity('quantity').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_allocation_uq').on(t.tenantId, t.prepLineId, t.balanceId),
    uniqueIndex('stock_allocation_quality_uq').on(t.balanceId).where(sql`${t.prepLineId} is null`),
    index('stock_allocation_balance_idx').on(t.balanceId),
    check('stock_allocation_positive', sql`${t.quantity} > 0`),
  ],
);
