import { date, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from '../../platform/schema.ts';

/**
 * The product's changelog (spec 000 §2 Changelog dialog): the provider's, not a tenant's, so it
 * has no tenant_id; the provider's console writes it and every tenant with the flag reads it.
 */
export const updateLogRecords = pgTable('update_log_record', {
  id: serial('id').primaryKey(),
  updateTime: date('update_time', { mode: 'string' }).notNull(),
  content: text('content').notNull(),
  createdBy: text('created_by'),
  ...timestamps(),
});
