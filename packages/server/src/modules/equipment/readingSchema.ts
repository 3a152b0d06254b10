import {
  doublePrecision,
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
import { equipment } from './registerSchema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Equipment parameters (设备参数) per class; the code is the key a machine reports the value under. */
export const equipmentParams = tenantTable(
  'equipment_param',
  {
    id: serial('id'),
    tenantId: tenantId(),
    classId: integer('class_id')
      .notNull()
      .references(() => equipmentClasses.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    unit: text('unit'),
    /** dataType: 0 integer, 1 decimal, 2 text, 3 date, 4 boolean. */
    dataType: smallint('data_type').notNull().default(1),
    lowerLimit: numeric('lower_limit', { precision: 18, scale: 6 }),
    upperLimit: numeric('upper_limit', { precision: 18, scale: 6 }),
    /** Consecutive out-of-range samples that raise a fault report. */
    alarmSamples: integer('alarm_samples').notNull().default(3),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('equipment_param_code_uq').on(t.tenantId, t.classId, t.code),
    index('equipment_param_class_idx').on(t.classId),
    searchIndex('equipment_param', t.code),
    searchIndex('equipment_param', t.name),
  ],
);

/**
 * Raw readings, one row per equipment, parameter and instant; the key dedupes a resent sample and
 * is the index every trend and page reads (equipment, parameter, time range). No foreign keys:
 * ingestion resolves the ids itself and a key check per row would halve its speed; the state
 * table below holds the references that keep equipment and parameters with readings undeleted.
 */
export const equipmentReadings = tenantTable(
  'equipment_reading',
  {
    tenantId: tenantId(),
    equipmentId: integer('equipment_id').notNull(),
    paramId: integer('param_id').notNull(),
    ts: at('ts').notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.equipmentId, t.paramId, t.ts] })],
);

/**
 * Hourly rollup of the raw readings, kept up by the same statement that stores them (only rows
 * really inserted count, so a resent batch does not count twice): long trends read it.
 */
export const equipmentReadingHours = tenantTable(
  'equipment_reading_hour',
  {
    tenantId: tenantId(),
    equipmentId: integer('equipment_id').notNull(),
    paramId: integer('param_id').notNull(),
    hour: at('hour').notNull(),
    minValue: doublePrecision('min_value').notNull(),
    maxValue: doublePrecision('max_value').notNull(),
    sumValue: doublePrecision('sum_value').notNull(),
    count: integer('count').notNull(),
    lastTs: at('last_ts').notNull(),
    lastValue: doublePrecision('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.equipmentId, t.paramId, t.hour] })],
);

/**
 * Per equipment and parameter: the latest reading and the run of consecutive out-of-range samples
 * (the alarm rule); `alarmedAt` is set while the run has raised its fault report.
 */
export const equipmentParamStates = tenantTable(
  'equipment_param_state',
  {
    tenantId: tenantId(),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id),
    paramId: integer('param_id')
      .notNull()
      .references(() => equipmentParams.id),
    lastTs: at('last_ts').notNull(),
    lastValue: doublePrecision('last_value').notNull(),
    outCount: integer('out_count').notNull().default(0),
    alarmedAt: at('alarmed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.equipmentId, t.paramId] }),
    index('equipment_param_state_param_idx').on(t.paramId),
  ],
);

/**
 * Per equipment: the machine state its feed last reported (machineState: 0 offline, 1 running,
 * 2 idle, 3 alarm), since when, and the run-hour counter: seconds in state 1 up to `stateSince`
 * (the time since is added when read), counted on from the hour meter's reading when set by hand.
 */
export const equipmentRunStates = tenantTable(
  'equipment_run_state',
  {
    tenantId: tenantId(),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id),
    /** Null while the machine has no feed (its counter was only set by hand). */
    machineState: smallint('machine_state'),
    stateSince: at('state_since').notNull(),
    runSeconds: doublePrecision('run_seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.equipmentId] })],
);

/** Every state change the feed reported (deduped on the instant), for the machine's timeline. */
export const equipmentStateChanges = tenantTable(
  'equipment_state_change',
  {
    tenantId: tenantId(),
    equipmentId: integer('equipment_id').notNull(),
    ts: at('ts').notNull(),
    machineState: smallint('machine_state').notNull(),
  },
  (t) => [primaryKey({ columns: [t.equipmentId, t.ts] })],
);
