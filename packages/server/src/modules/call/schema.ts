import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchIndex, tenantId, tenantTable, timestamps } from '../../platform/schema.ts';
import { equipment } from '../equipment/index.ts';
import { areas, stations } from '../information/index.ts';
import { produceWorkOrders } from '../plans/index.ts';
import { users } from '../setting/index.ts';

/** The call system (DOMAIN "Call system"): call types and the calls. docs/call.md. */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** 呼叫类型: who is called for what, how fast, and whether closing files a fault report. */
export const callTypes = tenantTable(
  'call_type',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Users called; stale ids of deleted users drop out when read. */
    receiverUserIds: integer('receiver_user_ids').array().notNull().default(sql`'{}'::int[]`),
    /** User groups whose members are called. */
    receiverGroupIds: integer('receiver_group_ids').array().notNull().default(sql`'{}'::int[]`),
    responseMinutes: integer('response_minutes').notNull(),
    createsRepairOrder: boolean('creates_repair_order').notNull().default(false),
    /** Who else is called when nobody responds: levels in rising afterMinutes (from the call). */
    escalation: jsonb('escalation')
      .$type<{ afterMinutes: number; userIds: number[]; groupIds: number[] }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('call_type_code_uq').on(t.tenantId, t.code),
    uniqueIndex('call_type_name_uq').on(t.tenantId, t.name),
    searchIndex('call_type', t.code),
    searchIndex('call_type', t.name),
  ],
);

/**
 * 呼叫: one call from one station on `callMachine` (status 0 calling, 1 responded, 2 closed,
 * 9 cancelled). The partial unique index keeps one open call per station and type.
 */
export const calls = tenantTable(
  'call',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => callTypes.id),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    /** The station's line when called. */
    areaId: integer('area_id').references(() => areas.id),
    equipmentId: integer('equipment_id').references(() => equipment.id),
    workOrderId: integer('work_order_id').references(() => produceWorkOrders.id),
    callerId: integer('caller_id')
      .notNull()
      .references(() => users.id),
    status: smallint('status').notNull().default(0),
    calledAt: at('called_at').notNull(),
    respondedAt: at('responded_at'),
    responderId: integer('responder_id').references(() => users.id),
    closedAt: at('closed_at'),
    closerId: integer('closer_id').references(() => users.id),
    /** Seconds from the call to its response, and from the response to its close. */
    responseSeconds: integer('response_seconds'),
    handlingSeconds: integer('handling_seconds'),
    result: text('result'),
    /** How many escalation levels of its type have been called, and when the last one was. */
    escalatedLevel: smallint('escalated_level').notNull().default(0),
    escalatedAt: at('escalated_at'),
    /** What the caller said (呼叫说明). */
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('call_code_uq').on(t.tenantId, t.code),
    uniqueIndex('call_open_uq').on(t.tenantId, t.stationId, t.typeId).where(sql`status in (0, 1)`),
    index('call_called_idx').on(t.tenantId, t.calledAt),
    index('call_status_idx').on(t.tenantId, t.status),
    index('call_type_idx').on(t.typeId),
    searchIndex('call', t.code),
  ],
);
