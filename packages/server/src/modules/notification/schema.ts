import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchIndex, tenantId, tenantTable, timestamps } from '../../platform/schema.ts';
import { users } from '../setting/index.ts';

/**
 * One notification for one recipient (spec 000 §3 Notification task). A recipient reads and
 * deletes only their own; deleting the user deletes their notifications.
 */
export const notificationTasks = tenantTable(
  'notification_task',
  {
    id: bigserial('id', { mode: 'number' }),
    tenantId: tenantId(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The event that caused it (notificationType): equipmentRepairRecordCreated, userCreated … */
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** Who caused it, by name as shown (the user may be renamed or deleted later). */
    creator: text('creator').notNull(),
    creatorId: integer('creator_id'),
    isReaded: boolean('is_readed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_task_recipient_idx').on(t.tenantId, t.recipientId, t.isReaded, t.id)],
);

/**
 * Which event notifies whom (setting → message-notificate): users, roles and user groups, by id.
 * Ids that no longer exist are skipped when the rule is resolved.
 */
export const notificationRules = tenantTable(
  'notification_rule',
  {
    id: serial('id'),
    tenantId: tenantId(),
    name: text('name').notNull(),
    event: text('event').notNull(),
    userIds: integer('user_ids').array().notNull().default(sql`'{}'::int[]`),
    roleIds: integer('role_ids').array().notNull().default(sql`'{}'::int[]`),
    groupIds: integer('group_ids').array().notNull().default(sql`'{}'::int[]`),
    enabled: boolean('enabled').notNull().default(true),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('notification_rule_name_uq').on(t.tenantId, t.name),
    index('notification_rule_event_idx').on(t.tenantId, t.event),
    searchIndex('notification_rule', t.name),
  ],
);
