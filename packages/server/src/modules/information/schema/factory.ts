import {
  date,
  index,
  integer,
  numeric,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customValues, searchIndex, tenantId, tenantTable, timestamps } from '../../../platform/schema.ts';
import { organizations, users } from '../../setting/index.ts';

// The factory model: production lines, procedures, stations and who works where.

/** Production lines (产线) of the factory model. */
export const areas = tenantTable(
  'area',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** The workshop the line belongs to. */
    organizationId: integer('organization_id').references(() => organizations.id),
    /** Speed against the standard times (scheduling); empty means 1. */
    efficiency: numeric('efficiency', { precision: 6, scale: 3 }),
    remark: text('remark'),
    custom: customValues(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('area_code_uq').on(t.tenantId, t.code),
    uniqueIndex('area_name_uq').on(t.tenantId, t.name),
    searchIndex('area', t.code),
    searchIndex('area', t.name),
  ],
);

export const procedures = tenantTable(
  'procedure',
  {
    id: serial('id'),
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
    searchIndex('procedure', t.code),
    searchIndex('procedure', t.name),
  ],
);

export const stations = tenantTable(
  'station',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
    /** Speed against the standard times, times its line's (scheduling); empty means 1. */
    efficiency: numeric('efficiency', { precision: 6, scale: 3 }),
    remark: text('remark'),
    custom: customValues(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('station_code_uq').on(t.tenantId, t.code),
    uniqueIndex('station_name_uq').on(t.tenantId, t.name),
    index('station_area_idx').on(t.areaId),
    searchIndex('station', t.code),
    searchIndex('station', t.name),
  ],
);

/** The procedures a station can do (setProcedureListForStation). */
export const stationProcedures = tenantTable(
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
export const userStations = tenantTable(
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

/**
 * The factory's calendar exceptions (工作日历, docs/scheduling.md "Calendar"): a day not worked
 * (a holiday) or worked though it is one, for the whole factory or one line.
 */
export const workCalendarDays = tenantTable(
  'work_calendar_day',
  {
    id: serial('id'),
    tenantId: tenantId(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Empty: the whole factory. */
    areaId: integer('area_id').references(() => areas.id),
    /** workCalendarKind: 0 not worked (holiday), 1 worked though the factory rests. */
    kind: smallint('kind').notNull().default(0),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('work_calendar_day_uq').on(t.tenantId, t.day, t.areaId)],
);
