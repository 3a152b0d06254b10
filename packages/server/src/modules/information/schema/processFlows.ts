import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  numeric,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  codeName,
  customValues,
  quantity,
  searchIndex,
  tenantId,
  tenantTable,
  timestamps,
} from '../../../platform/schema.ts';
import { areas, procedures, stations } from './factory.ts';
import { materials } from './materials.ts';

/**
 * Process flows (spec 001 §7.7): classes; flows making a finished material; versions with exactly
 * one main; the ordered procedures of a version with their allowed lines and stations; the
 * materials each version consumes, per step (the BOM list view)
 */

export const processFlowClasses = tenantTable(
  'process_flow_class',
  { ...codeName(), remark: text('remark'), ...timestamps() },
  (t) => [
    uniqueIndex('process_flow_class_code_uq').on(t.tenantId, t.code),
    uniqueIndex('process_flow_class_name_uq').on(t.tenantId, t.name),
    searchIndex('process_flow_class', t.code),
    searchIndex('process_flow_class', t.name),
  ],
);

export const processFlows = tenantTable(
  'process_flow',
  {
    ...codeName(),
    classId: integer('class_id').references(() => processFlowClasses.id),
    /** The finished (or semi-finished) material the flow makes. */
    materialId: integer('material_id').references(() => materials.id),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    custom: customValues(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('process_flow_code_uq').on(t.tenantId, t.code),
    index('process_flow_material_idx').on(t.materialId),
    index('process_flow_class_idx').on(t.classId),
    searchIndex('process_flow', t.code),
    searchIndex('process_flow', t.name),
  ],
);

export const processFlowVersions = tenantTable(
  'process_flow_version',
  {
    id: serial('id'),
    tenantId: tenantId(),
    flowId: integer('flow_id')
      .notNull()
      .references(() => processFlows.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('process_flow_version_name_uq').on(t.flowId, t.name),
    // at most one main version per flow; the service keeps it at exactly one
    uniqueIndex('process_flow_version_main_uq').on(t.flowId).where(sql`is_main`),
  ],
);

export const processFlowSteps = tenantTable(
  'process_flow_step',
  {
    id: serial('id'),
    tenantId: tenantId(),
    versionId: integer('version_id')
      .notNull()
      .references(() => processFlowVersions.id, { onDelete: 'cascade' }),
    /** Order within the version, from 1. */
    seq: integer('seq').notNull(),
    procedureId: integer('procedure_id')
      .notNull()
      .references(() => procedures.id),
    /** 0 in-house, 1 outsourced (processType). */
    processType: smallint('process_type').notNull().default(0),
    standardMinutes: numeric('standard_minutes', { precision: 12, scale: 3 }),
    /** Set-up minutes once per plan before the first unit (scheduling). */
    setupMinutes: numeric('setup_minutes', { precision: 12, scale: 3 }),
    /**
     * 转序批量: the step passes its work on in batches of this many units, so the next step may
     * start once the first batch is done here (scheduling); empty: the whole plan at once.
     */
    transferQuantity: numeric('transfer_quantity', { precision: 18, scale: 6 }),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('process_flow_step_seq_uq').on(t.versionId, t.seq),
    index('process_flow_step_procedure_idx').on(t.procedureId),
  ],
);

/** The lines a step may run on (the Gantt allows moving a plan only to these). */
export const processFlowStepAreas = tenantTable(
  'process_flow_step_area',
  {
    tenantId: tenantId(),
    stepId: integer('step_id')
      .notNull()
      .references(() => processFlowSteps.id, { onDelete: 'cascade' }),
    areaId: integer('area_id')
      .notNull()
      .references(() => areas.id),
  },
  (t) => [
    primaryKey({ columns: [t.stepId, t.areaId] }),
    index('process_flow_step_area_area_idx').on(t.areaId),
  ],
);

export const processFlowStepStations = tenantTable(
  'process_flow_step_station',
  {
    tenantId: tenantId(),
    stepId: integer('step_id')
      .notNull()
      .references(() => processFlowSteps.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
  },
  (t) => [
    primaryKey({ columns: [t.stepId, t.stationId] }),
    index('process_flow_step_station_station_idx').on(t.stationId),
  ],
);

/** The BOM list view of a version: which material each step consumes, and how much per product. */
export const processFlowMaterials = tenantTable(
  'process_flow_material',
  {
    id: serial('id'),
    tenantId: tenantId(),
    versionId: integer('version_id')
      .notNull()
      .references(() => processFlowVersions.id, { onDelete: 'cascade' }),
    /** Cleared by the service when its step is removed (a tenant key cannot be set null by the database). */
    stepId: integer('step_id').references(() => processFlowSteps.id),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    quantity: quantity('quantity').notNull(),
    remark: text('remark'),
  },
  (t) => [
    uniqueIndex('process_flow_material_uq').on(t.versionId, t.materialId),
    index('process_flow_material_material_idx').on(t.materialId),
  ],
);
