import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  numeric,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { quantity, searchIndex, tenantId, tenantTable, timestamps } from '../../platform/schema.ts';
import { equipment } from '../equipment/index.ts';
import { areas, warehouseLocations } from '../information/index.ts';
import { produceWorkOrders, reportWorks } from '../plans/index.ts';
import { users } from '../setting/index.ts';

/**
 * Moulds (DOMAIN "Moulds"): the moulds, their handling documents (模具处理单, audited on
 * `mouldHandleMachine`) and the shots each report work put on a mould. docs/mould.md.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });
/** Shots (模次): report quantities ÷ cavities, exact to the millionth. */
const shots = (name: string) => numeric(name, { precision: 20, scale: 6 });

export const moulds = tenantTable(
  'mould',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    cavities: integer('cavities').notNull().default(1),
    /** In shots; a repair back may extend it. */
    designLife: integer('design_life').notNull(),
    usedShots: shots('used_shots').notNull().default('0'),
    /** Percent of the design life at which the equipment keepers are told. */
    warnPct: smallint('warn_pct').notNull().default(90),
    /** The products (materials) and procedures it serves; empty: any. */
    materialsIds: integer('materials_ids').array().notNull().default(sql`'{}'::int[]`),
    procedureIds: integer('procedure_ids').array().notNull().default(sql`'{}'::int[]`),
    locationId: integer('location_id').references(() => warehouseLocations.id),
    currentAreaId: integer('current_area_id').references(() => areas.id),
    currentEquipmentId: integer('current_equipment_id').references(() => equipment.id),
    /** mouldStatus: 0 pending stock-in, 1 in stock, 2 lent, 3 under repair, 4 scrapped. */
    status: smallint('status').notNull().default(0),
    /** When the keepers were told it reached warnPct, and its design life (each once, until a life extension). */
    warnedAt: at('warned_at'),
    lifeEndNotifiedAt: at('life_end_notified_at'),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('mould_code_uq').on(t.tenantId, t.code),
    index('mould_area_idx').on(t.currentAreaId),
    index('mould_status_idx').on(t.status),
    searchIndex('mould', t.code),
    searchIndex('mould', t.name),
  ],
);

/** A handling document: one move of one mould, applied when passed. */
export const mouldHandles = tenantTable(
  'mould_handle',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    /** mouldHandleType: 0 stock-in, 1 lend, 2 return, 3 repair out, 4 repair back, 5 scrap. */
    handleType: smallint('handle_type').notNull(),
    mouldId: integer('mould_id')
      .notNull()
      .references(() => moulds.id),
    /** Lending: the line and its equipment the mould goes to. */
    areaId: integer('area_id').references(() => areas.id),
    equipmentId: integer('equipment_id').references(() => equipment.id),
    /** Who hands the mould over or takes it (经办人). */
    userId: integer('user_id').references(() => users.id),
    reason: text('reason'),
    /** Repair back: shots added to the design life, approved with the document. */
    lifeExtension: integer('life_extension'),
    /** The mould's shots when the document passed. */
    shotsAt: shots('shots_at'),
    /** auditStatus: −1 not submitted, 0 pending, 1 passed, 2 rejected. */
    auditStatus: smallint('audit_status').notNull().default(-1),
    rejectReason: text('reject_reason'),
    auditedBy: integer('audited_by').references(() => users.id),
    auditedAt: at('audited_at'),
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('mould_handle_code_uq').on(t.tenantId, t.code),
    index('mould_handle_mould_idx').on(t.mouldId),
    index('mould_handle_created_idx').on(t.createdAt),
    searchIndex('mould_handle', t.code),
  ],
);

/**
 * The shots one report work (or its reversal, negative) put on a mould: what the counter adds up,
 * so a reversal takes back exactly what its report added whatever the cavities are now.
 */
export const mouldShots = tenantTable(
  'mould_shot',
  {
    id: serial('id'),
    tenantId: tenantId(),
    mouldId: integer('mould_id')
      .notNull()
      .references(() => moulds.id),
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => reportWorks.id),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => produceWorkOrders.id),
    areaId: integer('area_id').references(() => areas.id),
    /** good + defect + repair of the report. */
    quantity: quantity('quantity').notNull(),
    shots: shots('shots').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('mould_shot_mould_idx').on(t.mouldId),
    uniqueIndex('mould_shot_report_uq').on(t.tenantId, t.reportId),
  ],
);
