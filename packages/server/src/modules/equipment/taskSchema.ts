import { sql } from 'drizzle-orm';
import {
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
import { searchIndex, tenantId, tenantTable, timestamps } from '../../platform/schema.ts';
import { equipmentClasses } from '../information/index.ts';
import { users } from '../setting/index.ts';
import { equipment } from './registerSchema.ts';

/**
 * Check items, plans and the tasks they make (点检 / 巡检 / 保养, DOMAIN "Inspection");
 * docs/equipment-tasks.md.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });
const limit = (name: string) => numeric(name, { precision: 18, scale: 6 });
const intArray = (name: string) => integer(name).array().notNull().default(sql`'{}'::int[]`);

export const checkItems = tenantTable(
  'check_item',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** checkKind: 0 spot-check, 1 inspection, 2 upkeep. */
    kind: smallint('kind').notNull(),
    part: text('part'),
    method: text('method'),
    /** checkValueType: 0 OK/NG, 1 numeric within the limits, 2 text. */
    valueType: smallint('value_type').notNull().default(0),
    standard: text('standard'),
    lowerLimit: limit('lower_limit'),
    upperLimit: limit('upper_limit'),
    unit: text('unit'),
    needsPhoto: boolean('needs_photo').notNull().default(false),
    classId: integer('class_id').references(() => equipmentClasses.id),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('check_item_code_uq').on(t.tenantId, t.code),
    index('check_item_kind_idx').on(t.kind),
    searchIndex('check_item', t.code),
    searchIndex('check_item', t.name),
    searchIndex('check_item', t.part),
    searchIndex('check_item', t.method),
    searchIndex('check_item', t.standard),
  ],
);

export const checkPlans = tenantTable(
  'check_plan',
  {
    id: serial('id'),
    tenantId: tenantId(),
    name: text('name').notNull(),
    /** checkKind: 0 spot-check, 1 inspection (inspection-plan), 2 upkeep (maintenance-plan). */
    kind: smallint('kind').notNull(),
    equipmentIds: intArray('equipment_ids'),
    itemIds: intArray('item_ids'),
    /** Empty: the keepers of each equipment (My equipment). */
    assigneeIds: intArray('assignee_ids'),
    /** checkFrequency: 0 per shift, 1 daily, 2 weekly, 3 monthly, 4 every intervalDays days, 5 every intervalHours run hours. */
    frequency: smallint('frequency').notNull().default(1),
    intervalDays: integer('interval_days'),
    intervalHours: integer('interval_hours'),
    /** HH:mm (factory time) the slot of a day starts; per-shift slots start with the shifts. */
    slotTime: text('slot_time').notNull().default('08:00'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /** Due = slot start + this many hours. */
    windowHours: integer('window_hours').notNull().default(8),
    /** Skip the slot's task when the equipment is disabled or under fault repair then. */
    skipWhenIdle: boolean('skip_when_idle').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** The latest slot whose tasks exist: generation goes on from after it. */
    generatedUntil: at('generated_until'),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('check_plan_name_uq').on(t.tenantId, t.name),
    index('check_plan_enabled_idx').on(t.enabled, t.kind),
    searchIndex('check_plan', t.name),
  ],
);

export const checkTasks = tenantTable(
  'check_task',
  {
    id: serial('id'),
    tenantId: tenantId(),
    /** DJ / XJ / BY and the id: unique, made by the database so a batch of tasks needs no numbering round trip. */
    code: text('code')
      .notNull()
      .generatedAlwaysAs(
        sql`(case kind when 0 then 'DJ' when 1 then 'XJ' else 'BY' end) || lpad(id::text, 8, '0')`,
      ),
    kind: smallint('kind').notNull(),
    /** Null for a task added by hand. */
    planId: integer('plan_id').references(() => checkPlans.id),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id),
    slotStart: at('slot_start').notNull(),
    dueTime: at('due_time').notNull(),
    assigneeIds: intArray('assignee_ids'),
    /** A run-hour plan's task: the reading of the machine's run-hour counter it is due at. */
    meterHours: integer('meter_hours'),
    /** The check items to do, in order; copied into check_task_item when the task is started. */
    itemIds: intArray('item_ids'),
    /** checkTaskStatus: 0 skipped, 1 pending, 2 in progress, 3 done, 4 voided. */
    status: smallint('status').notNull().default(1),
    executorId: integer('executor_id').references(() => users.id),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
    isOnTime: boolean('is_on_time'),
    itemCount: integer('item_count').notNull().default(0),
    ngItemCount: integer('ng_item_count').notNull().default(0),
    /** Why it was skipped or voided. */
    reason: text('reason'),
    /** When its assignees were told it is overdue (once). */
    overdueNotifiedAt: at('overdue_notified_at'),
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    // exactly once per plan, equipment and slot, however many generators run
    uniqueIndex('check_task_slot_uq').on(t.tenantId, t.planId, t.equipmentId, t.slotStart),
    // a run-hour plan's tasks have no fixed slot: once per plan, equipment and counter reading
    uniqueIndex('check_task_meter_uq')
      .on(t.tenantId, t.planId, t.equipmentId, t.meterHours)
      .where(sql`meter_hours is not null`),
    uniqueIndex('check_task_code_uq').on(t.tenantId, t.code),
    index('check_task_kind_slot_idx').on(t.kind, t.slotStart),
    index('check_task_open_due_idx')
      .on(t.dueTime)
      .where(sql`status in (1, 2) and overdue_notified_at is null`),
    index('check_task_equipment_idx').on(t.equipmentId),
    searchIndex('check_task', t.code),
  ],
);

/**
 * Per run-hour plan and equipment: the counter reading the next task is due at, set when the plan
 * first sees the machine (the next multiple of the interval) and moved on as tasks are made.
 */
export const checkPlanMeters = tenantTable(
  'check_plan_meter',
  {
    tenantId: tenantId(),
    planId: integer('plan_id')
      .notNull()
      .references(() => checkPlans.id, { onDelete: 'cascade' }),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id),
    nextHours: integer('next_hours').notNull(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.equipmentId] })],
);

/** One item of a task: the check item as it was when the task was started, and its result. */
export const checkTaskItems = tenantTable(
  'check_task_item',
  {
    id: serial('id'),
    tenantId: tenantId(),
    taskId: integer('task_id')
      .notNull()
      .references(() => checkTasks.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => checkItems.id),
    sort: integer('sort').notNull().default(0),
    code: text('code').notNull(),
    name: text('name').notNull(),
    part: text('part'),
    method: text('method'),
    valueType: smallint('value_type').notNull(),
    standard: text('standard'),
    lowerLimit: limit('lower_limit'),
    upperLimit: limit('upper_limit'),
    unit: text('unit'),
    needsPhoto: boolean('needs_photo').notNull().default(false),
    /** checkResult: 0 OK, 1 NG; null until judged. */
    result: smallint('result'),
    value: limit('value'),
    text: text('text'),
    photoUrls: text('photo_urls').array().notNull().default(sql`'{}'::text[]`),
    remark: text('remark'),
  },
  (t) => [index('check_task_item_task_idx').on(t.taskId, t.sort)],
);
