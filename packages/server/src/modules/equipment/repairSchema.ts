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
import { codeName, quantity, searchIndex, tenantId, tenantTable, timestamps } from '../../platform/schema.ts';
import { equipmentClasses, materials, warehouses } from '../information/index.ts';
import { users } from '../setting/index.ts';
import { stockDocs } from '../warehouse/index.ts';
import { equipment } from './registerSchema.ts';

/**
 * Faults and repairs (DOMAIN "Fault report → repair order"; docs/equipment-repair.md): the fault
 * reasons, the repair orders (fault reports and quick repairs, on `equipmentRepairMachine`) and
 * the spare parts their repairs used.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** 故障原因: picked when a repair is finished, counted by the fault-reason reports. */
export const faultReasons = tenantTable(
  'fault_reason',
  {
    ...codeName(),
    category: text('category'),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('fault_reason_code_uq').on(t.tenantId, t.code),
    searchIndex('fault_reason', t.code),
    searchIndex('fault_reason', t.name),
    searchIndex('fault_reason', t.category),
  ],
);

/** A repair order 维修工单: a fault report from its audit to its verification, or a quick repair. */
export const equipmentRepairs = tenantTable(
  'equipment_repair',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    /** repairSource: 0 fault report, 1 quick repair. */
    source: smallint('source').notNull().default(0),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id),
    reporterId: integer('reporter_id').references(() => users.id),
    faultTime: at('fault_time').notNull(),
    phenomenon: text('phenomenon').notNull(),
    /** A photo of the fault as the reporter took it (an uploaded file's URL). */
    picture: text('picture'),
    /** The fault stopped the machine: its run type is 故障维修 until no stopping order is open. */
    isStopped: boolean('is_stopped').notNull().default(false),
    /** What filed it besides a person: an NG check task, a call (their modules' ids). */
    taskId: integer('task_id'),
    callId: integer('call_id'),
    /** repairOrderStatus: 1 pending audit … 6 completed, 7 rejected. */
    status: smallint('status').notNull().default(1),
    /** Named at audit: only they may accept (empty: any holder of Accept, the pool). */
    dispatchedIds: integer('dispatched_ids').array().notNull().default(sql`'{}'::integer[]`),
    repairerIds: integer('repairer_ids').array().notNull().default(sql`'{}'::integer[]`),
    faultReasonId: integer('fault_reason_id').references(() => faultReasons.id),
    measures: text('measures'),
    rejectReason: text('reject_reason'),
    auditedBy: integer('audited_by').references(() => users.id),
    verifierId: integer('verifier_id').references(() => users.id),
    acceptedAt: at('accepted_at'),
    /** First start of repairing (response = this − created). */
    startedAt: at('started_at'),
    /** When the current spell of repairing began (a failed verification opens another). */
    spellStartedAt: at('spell_started_at'),
    finishedAt: at('finished_at'),
    completedAt: at('completed_at'),
    /** Σ time in 维修中, in minutes; a quick repair's entered start to end. */
    repairMinutes: numeric('repair_minutes', { precision: 12, scale: 1 }),
    /** Created (a quick repair: the fault time) to completed, in minutes. */
    downtimeMinutes: numeric('downtime_minutes', { precision: 12, scale: 1 }),
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('equipment_repair_code_uq').on(t.tenantId, t.code),
    index('equipment_repair_equipment_idx').on(t.equipmentId, t.status),
    index('equipment_repair_created_idx').on(t.createdAt),
    index('equipment_repair_task_idx').on(t.taskId),
    searchIndex('equipment_repair', t.code),
    searchIndex('equipment_repair', t.phenomenon),
    searchIndex('equipment_repair', t.measures),
  ],
);

/**
 * 备件使用 (DOMAIN "Spare parts" usage fact): what a repair (source type 0) or an upkeep task (1)
 * took from stock for a machine, one row per material and warehouse of its stock-out; the spare
 * part reports count these, net of returns (negative rows).
 */
export const sparePartUsages = tenantTable(
  'spare_part_usage',
  {
    id: serial('id'),
    tenantId: tenantId(),
    materialsId: integer('materials_id')
      .notNull()
      .references(() => materials.id),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    quantity: quantity('quantity').notNull(),
    /** sparePartSource: 0 repair, 1 upkeep. */
    sourceType: smallint('source_type').notNull(),
    /** The repair order or the upkeep task. */
    sourceId: integer('source_id').notNull(),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id),
    equipmentClassId: integer('equipment_class_id').references(() => equipmentClasses.id),
    stockDocId: integer('stock_doc_id')
      .notNull()
      .references(() => stockDocs.id),
    usedAt: at('used_at').notNull(),
  },
  (t) => [
    index('spare_part_usage_source_idx').on(t.sourceType, t.sourceId),
    index('spare_part_usage_equipment_idx').on(t.equipmentId),
    index('spare_part_usage_material_idx').on(t.materialsId, t.usedAt),
  ],
);
