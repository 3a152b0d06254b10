import { boolean, index, integer, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  codeName,
  customValues,
  searchIndex,
  tenantId,
  tenantTable,
  timestamps,
} from '../../platform/schema.ts';
import { equipmentClasses } from '../information/index.ts';
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
    /** equipmentState: 0 idle, 2 under maintenance. */
    state: smallint('state').notNull().default(0),
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
