import { boolean, date, index, integer, jsonb, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { quantity, tenantId, tenantTable } from '../../platform/schema.ts';
import { materials } from '../information/index.ts';
import { producePlans } from '../plans/index.ts';
import { purchaseRequests } from '../purchase/index.ts';
import { users } from '../setting/index.ts';

/** The orders a run was asked for, by id and number (numbers as they were, for the record). */
export interface MrpScope {
  salesOrders: { id: number; code: string }[];
  produceOrders: { id: number; code: string }[];
}

const at = (name: string) => timestamp(name, { withTimezone: true });

/** An MRP run, kept (DOMAIN "MRP": who, when, what it read, what it suggested; compared with the last). */
export const mrpRuns = tenantTable(
  'mrp_run',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    /** 0 running, 1 done, 2 failed (a BOM cycle: `error` names it). */
    status: smallint('status').notNull().default(0),
    error: text('error'),
    /** The orders it was run over (chosen by the planner); empty: everything open. */
    scope: jsonb('scope').$type<MrpScope>(),
    /** The time buckets it netted in: 0 day, 1 week (from Monday), 2 calendar month. */
    bucket: smallint('bucket').notNull().default(0),
    /** Demands dated after it were left out; null: no horizon. */
    horizonEnd: date('horizon_end', { mode: 'string' }),
    demandCount: integer('demand_count').notNull().default(0),
    materialCount: integer('material_count').notNull().default(0),
    plannedCount: integer('planned_count').notNull().default(0),
    requestCount: integer('request_count').notNull().default(0),
    lateCount: integer('late_count').notNull().default(0),
    durationMs: integer('duration_ms').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('mrp_run_created_idx').on(t.createdAt)],
);

/** A planned order of a run, with what it is for (pegs: top demand, BOM path by material id, quantity). */
export const mrpRunLines = tenantTable(
  'mrp_run_line',
  {
    id: serial('id'),
    tenantId: tenantId(),
    runId: integer('run_id')
      .notNull()
      .references(() => mrpRuns.id, { onDelete: 'cascade' }),
    materialsId: integer('materials_id')
      .notNull()
      .references(() => materials.id),
    /** 0 make, 1 buy, 2 outsource. */
    procurementType: smallint('procurement_type').notNull(),
    quantity: quantity('quantity').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    late: boolean('late').notNull().default(false),
    pegs: jsonb('pegs').$type<{ demand: string; path: number[]; quantity: string }[]>().notNull(),
    /** The purchase request it became (bought and outsourced parts). */
    requestId: integer('request_id').references(() => purchaseRequests.id),
    /** The material-requirements plan (type 1) the planner made of it (made parts). */
    planId: integer('plan_id').references(() => producePlans.id),
  },
  (t) => [index('mrp_run_line_run_idx').on(t.runId), index('mrp_run_line_material_idx').on(t.materialsId)],
);
