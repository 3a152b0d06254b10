import { boolean, date, index, integer, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  codeName,
  customValues,
  searchIndex,
  tenantId,
  tenantTable,
  timestamps,
} from '../../platform/schema.ts';
import { areas, equipmentClasses, stations } from '../information/index.ts';
import { users } from '../setting/index.ts';

/**
 * The equipment register (设备台账): a minimal one that the equipment module extends with
 * inspections, upkeep and repairs.
 */
export const equipment = tenantTable(
  'equipment',
  {
    ...codeName(),
    classId: integer('class_id').references(() => equipmentClasses.id),
    /** equipmentKind: 0 production, 1 non-production. */
    kind: smallint('kind').notNull().default(0),
    model: text('model'),
    location: text('location'),
    /** The maker's serial number (出厂编号). */
    sn: text('sn'),
    maker: text('maker'),
    /** The line (area) and station it stands at, when it serves one. */
    areaId: integer('area_id').references(() => areas.id),
    stationId: integer('station_id').references(() => stations.id),
    commissionDate: date('commission_date', { mode: 'string' }),
    warrantyEnd: date('warranty_end', { mode: 'string' }),
    /** An uploaded photo of the machine. */
    picture: text('picture'),
    /** equipmentState: 0 idle, 2 under maintenance (a repair being done, an upkeep in progress). */
    state: smallint('state').notNull().default(0),
    /** runType: 0 running, 1 fault repair (a stopping fault report is open). */
    runType: smallint('run_type').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    custom: customValues(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('equipment_code_uq').on(t.tenantId, t.code),
    index('equipment_class_idx').on(t.classId),
    searchIndex('equipment', t.code),
    searchIndex('equipment', t.location),
    searchIndex('equipment', t.model),
    searchIndex('equipment', t.name),
    searchIndex('equipment', t.sn),
    searchIndex('equipment', t.maker),
  ],
);

/** My equipment (spec 000 §7): the equipment a user looks after. */
export const userEquipment = tenantTable(
  'user_equipment',
  {
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    equipmentId: integer('equipment_id')
      .notNull()
      .references(() => equipment.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.equipmentId] }),
    index('user_equipment_equipment_idx').on(t.equipmentId),
  ],
);
