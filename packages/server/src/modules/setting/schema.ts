import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchIndex, tenantId, tenantTable, timestamps } from '../../platform/schema.ts';

export interface ColumnPreference {
  key: string;
  checked: boolean;
  index: number;
  width?: number;
}

export const users = tenantTable(
  'users',
  {
    id: serial('id'),
    tenantId: tenantId(),
    userName: text('user_name').notNull(),
    name: text('name').notNull(),
    jobNumber: text('job_number'),
    phone: text('phone'),
    email: text('email'),
    avatar: text('avatar'),
    passwordHash: text('password_hash').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /**
     * Set when an administrator created the account or reset its password: until the user sets a
     * password of their own, the session may do nothing else.
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The shift the user is on (switch shift); kept for the next login. */
    frequencyId: integer('frequency_id').references((): AnyPgColumn => frequencies.id),
    stationId: integer('station_id'),
    organizationId: integer('organization_id').references((): AnyPgColumn => organizations.id),
    /** My equipment: lists show only the equipment on the user's own list. */
    showMyEquipmentOnly: boolean('show_my_equipment_only').notNull().default(false),
    /** Per-page column preferences: page key → column list (spec 000 §3). */
    fields: jsonb('fields').$type<Record<string, ColumnPreference[]>>().notNull().default({}),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_user_name_uq').on(t.tenantId, t.userName),
    uniqueIndex('users_phone_uq').on(t.tenantId, t.phone),
    searchIndex('users', t.email),
    searchIndex('users', t.jobNumber),
    searchIndex('users', t.name),
    searchIndex('users', t.phone),
    searchIndex('users', t.userName),
  ],
);

/**
 * Shift frequencies (spec 001 §7.5): a named working time; a shift may cross midnight (22:00 →
 * 06:00). Only enabled ones are offered when a user switches shift.
 */
export const frequencies = tenantTable(
  'frequency',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** HH:mm */
    startTime: text('start_time').notNull(),
    /** HH:mm; earlier than the start means the shift ends the next day. */
    endTime: text('end_time').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('frequency_code_uq').on(t.tenantId, t.code),
    uniqueIndex('frequency_name_uq').on(t.tenantId, t.name),
    searchIndex('frequency', t.code),
    searchIndex('frequency', t.name),
  ],
);

export const roles = tenantTable(
  'roles',
  {
    id: serial('id'),
    tenantId: tenantId(),
    name: text('name').notNull(),
    /** The spec's authority format: JSON parts {checked, half} joined by '|||'. */
    authority: text('authority').notNull().default(''),
    remark: text('remark'),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('roles_name_uq').on(t.tenantId, t.name), searchIndex('roles', t.name)],
);

export const userRoles = tenantTable(
  'user_roles',
  {
    tenantId: tenantId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** The organisation framework: factory (0) → workshop (1) → production line (2). */
export const organizations = tenantTable(
  'organization',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    level: smallint('level').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => organizations.id),
    sort: integer('sort').notNull().default(0),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('organization_code_uq').on(t.tenantId, t.code),
    index('organization_parent_idx').on(t.parentId),
    searchIndex('organization', t.code),
    searchIndex('organization', t.name),
  ],
);

export const userGroups = tenantTable(
  'user_group',
  {
    id: serial('id'),
    tenantId: tenantId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('user_group_code_uq').on(t.tenantId, t.code),
    uniqueIndex('user_group_name_uq').on(t.tenantId, t.name),
    searchIndex('user_group', t.code),
    searchIndex('user_group', t.name),
  ],
);

export const userGroupMembers = tenantTable(
  'user_group_member',
  {
    tenantId: tenantId(),
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('user_group_member_user_idx').on(t.userId)],
);
