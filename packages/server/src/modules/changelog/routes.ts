import { type ChangelogAdd, type ChangelogEntry, changelogApi } from '@factory/shared/api/changelog';
import { desc, eq, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import { notFound } from '../../platform/errors.ts';
import { type EmitContext, emitEvent } from '../../platform/events/bus.ts';
import { handle } from '../../platform/route.ts';
import { updateLogRecords } from './schema.ts';

const entry = {
  id: updateLogRecords.id,
  updateTime: updateLogRecords.updateTime,
  content: updateLogRecords.content,
};

/**
 * Writes an entry and, in the same owner transaction, the `changelog.added` event, by which every
 * enabled user of every enabled tenant is notified.
 */
export async function addChangelogEntry(
  ctx: EmitContext,
  body: Static<typeof ChangelogAdd>,
): Promise<Static<typeof ChangelogEntry>> {
  const [row] = await ctx.tx
    .insert(updateLogRecords)
    .values({ updateTime: body.updateTime, content: body.content, createdBy: ctx.session.name })
    .returning(entry);
  await emitEvent(ctx, 'changelog.added', {
    id: row.id,
    updateTime: row.updateTime,
    content: row.content,
  });
  return row;
}

/**
 * The product changelog (spec 000 §2, §7 updateLogRecord): the provider's own list, read by any
 * signed-in user (the web loads it where the tenant's changelogList flag says) and written only
 * from the provider's console with the changelog keys.
 */
export const changelogRoutes = [
  handle(changelogApi.list, {
    handler: ({ tx }) =>
      tx
        .select(entry)
        .from(updateLogRecords)
        .orderBy(desc(updateLogRecords.updateTime), desc(updateLogRecords.id)),
  }),
  handle(changelogApi.add, {
    // the entry and every tenant's notifications are one transaction: all written or none
    tx: 'system',
    handler: (ctx) => addChangelogEntry(ctx, ctx.body),
  }),
  handle(changelogApi.update, {
    handler: async ({ tx, body }) => {
      const [row] = await tx
        .update(updateLogRecords)
        .set({ updateTime: body.updateTime, content: body.content, updatedAt: sql`now()` })
        .where(eq(updateLogRecords.id, body.id))
        .returning(entry);
      if (!row) throw notFound('更新日志');
      return row;
    },
  }),
  handle(changelogApi.remove, {
    handler: async ({ tx, query }) => {
      const done = await tx
        .delete(updateLogRecords)
        .where(eq(updateLogRecords.id, query.id))
        .returning({ id: updateLogRecords.id });
      if (!done.length) throw notFound('更新日志');
      return true;
    },
  }),
];
