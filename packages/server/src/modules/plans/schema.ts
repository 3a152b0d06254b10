import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  numeric,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  customValues,
  quantity,
  searchIndex,
  tenantId,
  tenantTable,
  timestamps,
} from '../../platform/schema.ts';
import {
  areas,
  customers,
  materials,
  procedures,
  processFlows,
  processFlowVersions,
  scrapReasons,
  stations,
} from '../information/index.ts';
import { frequencies, users } from '../setting/index.ts';

/**
 * Production execution (DOMAIN "Production execution"): orders, their plans and the plans'
 * materials, work orders with one task per step of the flow version they were released with, and
 * the reports of work on those tasks. State columns carry the machine's field names
 * (`shared/src/machines/plans.ts`); `version` is bumped by every action and edit, so a second
 * person acting on what they read earlier is told to reload.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });
const version = () => integer('version').notNull().default(0);

export const produceOrders = tenantTable(
  'produce_order',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    /** orderSource: 0 new, 1 sales or production order, 2 ERP. */
    source: smallint('source').notNull().default(0),
    /** The upstream order's number or the ERP's code. */
    sourceCode: text('source_code'),
    customerId: integer('customer_id').references(() => customers.id),
    materialsId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    quantity: quantity('quantity').notNull(),
    deliveryTime: at('delivery_time').notNull(),
    /** priority: 0 normal, 1 urgent, 2 extra urgent. */
    priority: smallint('priority').notNull().default(0),
    confirmStatus: smallint('confirm_status').notNull().default(0),
    /** orderPlanStatus, recomputed from its plans; 2 only by finish, 9 by cancel. */
    planStatus: smallint('plan_status').notNull().default(0),
    plannedQuantity: quantity('planned_quantity').notNull().default('0'),
    completedQuantity: quantity('completed_quantity').notNull().default('0'),
    finishedAt: at('finished_at'),
    /** When the planner was told the delivery date is near with plans not completed (once). */
    dueNoticedAt: at('due_noticed_at'),
    remark: text('remark'),
    custom: customValues(),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('produce_order_code_uq').on(t.tenantId, t.code),
    index('produce_order_material_idx').on(t.materialsId),
    index('produce_order_customer_idx').on(t.customerId),
    index('produce_order_delivery_idx').on(t.deliveryTime),
    // the workbench counts the open ones (to confirm, to plan) without reading every order
    index('produce_order_status_idx').on(t.planStatus, t.confirmStatus),
    searchIndex('produce_order', t.code),
    searchIndex('produce_order', t.sourceCode),
  ],
);

export const producePlans = tenantTable(
  'produce_plan',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    produceOrderId: integer('order_id')
      .notNull()
      .references(() => produceOrders.id),
    materialsId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    quantity: quantity('quantity').notNull(),
    /** planType: 0 master production, 1 material requirements. */
    planType: smallint('plan_type').notNull().default(0),
    flowId: integer('flow_id')
      .notNull()
      .references(() => processFlows.id),
    flowVersionId: integer('flow_version_id')
      .notNull()
      .references(() => processFlowVersions.id),
    /** The line (areaId of the spec), one the version's steps allow. */
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    planStartTime: at('plan_start_time'),
    planEndTime: at('plan_end_time'),
    actualStartTime: at('actual_start_time'),
    scheduleStatus: smallint('schedule_status').notNull().default(0),
    planProgress: smallint('plan_progress').notNull().default(0),
    preparationStatus: smallint('preparation_status').notNull().default(0),
    /** Sequence on its line (scheduling). */
    sortOrder: integer('sort_order').notNull().default(0),
    isLocked: boolean('is_locked').notNull().default(false),
    remark: text('remark'),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('produce_plan_code_uq').on(t.tenantId, t.code),
    index('produce_plan_order_idx').on(t.produceOrderId),
    index('produce_plan_area_idx').on(t.areaId, t.sortOrder),
    index('produce_plan_material_idx').on(t.materialsId),
    index('produce_plan_flow_version_idx').on(t.flowVersionId),
    // the workbench counts the open ones (to schedule, to release, overdue) without reading every plan
    index('produce_plan_schedule_idx').on(t.scheduleStatus),
    searchIndex('produce_plan', t.code),
  ],
);

/** A plan's materials (计划用料): the BOM exploded for its quantity, editable until release. */
export const producePlanMaterials = tenantTable(
  'produce_plan_material',
  {
    id: serial('id'),
    tenantId: tenantId(),
    planId: integer('plan_id')
      .notNull()
      .references(() => producePlans.id, { onDelete: 'cascade' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    procedureId: integer('procedure_id').references(() => procedures.id),
    requiredQuantity: quantity('required_quantity').notNull(),
    issuedQuantity: quantity('issued_quantity').notNull().default('0'),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('produce_plan_material_uq').on(t.planId, t.materialId),
    index('produce_plan_material_material_idx').on(t.materialId),
  ],
);

export const produceWorkOrders = tenantTable(
  'produce_work_order',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    /** Null for rework, which has no plan of its own. */
    planId: integer('plan_id').references(() => producePlans.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => produceOrders.id),
    materialsId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    flowVersionId: integer('flow_version_id')
      .notNull()
      .references(() => processFlowVersions.id),
    /** workType: 0 normal, 1 rework. */
    workType: smallint('work_type').notNull().default(0),
    originWorkOrderId: integer('origin_work_order_id').references((): AnyPgColumn => produceWorkOrders.id),
    quantity: quantity('quantity').notNull(),
    priority: smallint('priority').notNull().default(0),
    /** workOrderStatus: 0 pending, 1 in progress, 2 completed, 3 force-ended, 9 cancelled. */
    status: smallint('status').notNull().default(0),
    isDistributed: smallint('is_distributed').notNull().default(0),
    isPaused: smallint('is_paused').notNull().default(0),
    /** The last step's good quantity. */
    completedQuantity: quantity('completed_quantity').notNull().default('0'),
    stockedQuantity: quantity('stocked_quantity').notNull().default('0'),
    /**
     * Completed units a finished-product inspection holds (raised and not passed, or rejected and
     * not yet handled): not stockable. Written by the quality module through `holdFinished`.
     */
    heldQuantity: quantity('held_quantity').notNull().default('0'),
    /** Completed units non-conforming handling took out: scrapped, or sent back for rework. */
    writtenOffQuantity: quantity('written_off_quantity').notNull().default('0'),
    planStartTime: at('plan_start_time'),
    planEndTime: at('plan_end_time'),
    actualStartTime: at('actual_start_time'),
    finishedAt: at('finished_at'),
    endReason: text('end_reason'),
    /** When the planner was told it passed its planned end unfinished (once). */
    overdueNoticedAt: at('overdue_noticed_at'),
    remark: text('remark'),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('produce_work_order_code_uq').on(t.tenantId, t.code),
    index('produce_work_order_plan_idx').on(t.planId),
    index('produce_work_order_order_idx').on(t.orderId),
    index('produce_work_order_status_idx').on(t.status, t.planEndTime),
    // the list (docs/production.md "Speed"): its sorts walk these and stop after the page, and
    // its total counts status (and product) filters from the index alone
    index('produce_work_order_plan_end_idx').on(
      t.planEndTime.desc().nullsLast(),
      t.createdAt.desc().nullsLast(),
      t.id,
    ),
    index('produce_work_order_created_idx').on(t.createdAt.desc().nullsLast(), t.id),
    index('produce_work_order_status_material_idx').on(t.status, t.materialsId),
    index('produce_work_order_area_idx').on(t.areaId),
    index('produce_work_order_material_idx').on(t.materialsId),
    index('produce_work_order_origin_idx').on(t.originWorkOrderId),
    searchIndex('produce_work_order', t.code),
  ],
);

/** A work order's task on one step, a snapshot of the flow version's step at release. */
export const produceTasks = tenantTable(
  'produce_task',
  {
    id: serial('id'),
    tenantId: tenantId(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => produceWorkOrders.id, { onDelete: 'cascade' }),
    /** The work order's number and the step's sequence (WO20261124001-02), naming it in messages. */
    code: text('code').notNull(),
    seq: integer('seq').notNull(),
    procedureId: integer('procedure_id')
      .notNull()
      .references(() => procedures.id),
    /** processType: 0 in-house, 1 outsourced. */
    processType: smallint('process_type').notNull().default(0),
    /** Minutes per unit, from the step. */
    standardMinutes: numeric('standard_minutes', { precision: 12, scale: 3 }),
    /** What this step may take: step 1 the work order's quantity, later steps what the previous passed. */
    inQuantity: quantity('in_quantity').notNull().default('0'),
    goodQuantity: quantity('good_quantity').notNull().default('0'),
    defectQuantity: quantity('defect_quantity').notNull().default('0'),
    repairQuantity: quantity('repair_quantity').notNull().default('0'),
    status: smallint('status').notNull().default(0),
    isSkipped: boolean('is_skipped').notNull().default(false),
    /** Why it was skipped (跳过), as the user said. */
    skipReason: text('skip_reason'),
    actualStartTime: at('actual_start_time'),
    finishedAt: at('finished_at'),
    currentStationId: integer('current_station_id').references(() => stations.id),
    currentUserId: integer('current_user_id').references(() => users.id),
    /** Where and when the scheduler placed it (its plan's operation of the same step). */
    planStationId: integer('plan_station_id').references(() => stations.id),
    planStartTime: at('plan_start_time'),
    planEndTime: at('plan_end_time'),
    version: version(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('produce_task_seq_uq').on(t.workOrderId, t.seq),
    index('produce_task_procedure_idx').on(t.procedureId),
    index('produce_task_station_idx').on(t.currentStationId),
  ],
);

/** The stations a task may run at (snapshot of the step's), and those it was distributed to. */
export const produceTaskStations = tenantTable(
  'produce_task_station',
  {
    tenantId: tenantId(),
    taskId: integer('task_id')
      .notNull()
      .references(() => produceTasks.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    distributed: boolean('distributed').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.stationId] }),
    index('produce_task_station_station_idx').on(t.stationId),
  ],
);

/** The operators a task was distributed to. */
export const produceTaskUsers = tenantTable(
  'produce_task_user',
  {
    tenantId: tenantId(),
    taskId: integer('task_id')
      .notNull()
      .references(() => produceTasks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index('produce_task_user_user_idx').on(t.userId)],
);

/** When a work order was paused and continued: man-hours leave these intervals out. */
export const produceWorkOrderPauses = tenantTable(
  'produce_work_order_pause',
  {
    id: serial('id'),
    tenantId: tenantId(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => produceWorkOrders.id, { onDelete: 'cascade' }),
    pausedAt: at('paused_at').notNull().defaultNow(),
    continuedAt: at('continued_at'),
  },
  (t) => [index('produce_work_order_pause_wo_idx').on(t.workOrderId)],
);

/**
 * A report of work (报工) on a task. A withdrawal is a new row with negated quantities pointing at
 * the original (`reversalOf`); the original is kept and marked `reversedAt`.
 */
export const reportWorks = tenantTable(
  'report_work',
  {
    id: bigserial('id', { mode: 'number' }),
    tenantId: tenantId(),
    code: text('code').notNull(),
    taskId: integer('task_id')
      .notNull()
      .references(() => produceTasks.id),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => produceWorkOrders.id),
    procedureId: integer('procedure_id')
      .notNull()
      .references(() => procedures.id),
    stationId: integer('station_id').references(() => stations.id),
    frequencyId: integer('frequency_id').references(() => frequencies.id),
    shiftDate: date('shift_date').notNull(),
    goodQuantity: quantity('good_quantity').notNull().default('0'),
    defectQuantity: quantity('defect_quantity').notNull().default('0'),
    repairQuantity: quantity('repair_quantity').notNull().default('0'),
    startTime: at('start_time'),
    endTime: at('end_time'),
    workHours: numeric('work_hours', { precision: 12, scale: 3 }),
    reversalOf: bigint('reversal_of', { mode: 'number' }).references((): AnyPgColumn => reportWorks.id),
    /** The rework work order its repair quantity made (a reversal cancels it). */
    reworkWorkOrderId: integer('rework_work_order_id').references(() => produceWorkOrders.id),
    reversedAt: at('reversed_at'),
    /**
     * The mould the work ran on (DOMAIN "Shots"); the mould module, above this one, owns the mould
     * table and checks and counts it, so no foreign key here. A reversal carries the original's.
     */
    mouldId: integer('mould_id'),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_work_code_uq').on(t.tenantId, t.code),
    index('report_work_task_idx').on(t.taskId),
    index('report_work_work_order_idx').on(t.workOrderId),
    index('report_work_shift_date_idx').on(t.shiftDate),
    index('report_work_station_idx').on(t.stationId),
    index('report_work_reversal_idx').on(t.reversalOf),
    index('report_work_rework_idx').on(t.reworkWorkOrderId),
    searchIndex('report_work', t.code),
  ],
);

/** The operators of a report and their shares (equal by default), for piece rate and man-hours. */
export const reportWorkUsers = tenantTable(
  'report_work_user',
  {
    tenantId: tenantId(),
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => reportWorks.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    share: numeric('share', { precision: 9, scale: 6 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.userId] }), index('report_work_user_user_idx').on(t.userId)],
);

/** A report's defect quantity by reason (the scrap reasons of basic information). */
export const reportWorkDefects = tenantTable(
  'report_work_defect',
  {
    tenantId: tenantId(),
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => reportWorks.id, { onDelete: 'cascade' }),
    scrapReasonId: integer('scrap_reason_id')
      .notNull()
      .references(() => scrapReasons.id),
    quantity: quantity('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.scrapReasonId] }),
    index('report_work_defect_reason_idx').on(t.scrapReasonId),
  ],
);

/** Piece rate (计件单价): per procedure, optionally per product; a product's rate wins. */
export const pieceRates = tenantTable(
  'piece_rate',
  {
    id: serial('id'),
    tenantId: tenantId(),
    procedureId: integer('procedure_id')
      .notNull()
      .references(() => procedures.id),
    materialsId: integer('material_id').references(() => materials.id),
    unitPrice: numeric('unit_price', { precision: 18, scale: 4 }).notNull(),
    defectDeduction: numeric('defect_deduction', { precision: 18, scale: 4 }).notNull().default('0'),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    index('piece_rate_procedure_idx').on(t.procedureId, t.materialsId),
    index('piece_rate_material_idx').on(t.materialsId),
  ],
);

/**
 * The schedule of a plan, step by step (docs/scheduling.md): the station and the time the scheduler
 * gave each step. Kept for plans not yet released as well, so the next run books around them; a
 * released plan's tasks carry the same times. No station: an outsourced step.
 */
export const planOperations = tenantTable(
  'plan_operation',
  {
    id: serial('id'),
    tenantId: tenantId(),
    planId: integer('plan_id')
      .notNull()
      .references(() => producePlans.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    procedureId: integer('procedure_id')
      .notNull()
      .references(() => procedures.id),
    stationId: integer('station_id').references(() => stations.id),
    startTime: at('start_time').notNull(),
    endTime: at('end_time').notNull(),
  },
  (t) => [
    uniqueIndex('plan_operation_seq_uq').on(t.planId, t.seq),
    index('plan_operation_station_idx').on(t.stationId, t.endTime),
  ],
);
