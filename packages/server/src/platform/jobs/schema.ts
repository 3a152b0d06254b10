import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The latest cron time each scheduled job has run for, so a node that starts can tell whether a
 * run was missed while every node was down (pg-boss's cron only fires what is due now).
 */
export const scheduledJobs = pgTable('scheduled_job', {
  name: text('name').primaryKey(),
  lastSlot: timestamp('last_slot', { withTimezone: true }).notNull(),
});
