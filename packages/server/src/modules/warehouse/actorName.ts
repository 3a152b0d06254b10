import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { qualified } from '../../platform/crud.ts';
import { users } from '../setting/index.ts';

/**
 * Who did it, as the warehouse's lists and exports name them: the user, or 系统 where no user did
 * (a movement the system posted, a document `postNow` approved), as the audit trail says it.
 * With `done`, only once that happened: a draft has no 审核人.
 */
export function actorName(user: PgColumn, done?: PgColumn): SQL<string | null> {
  const named = sql`coalesce((select u.name from ${users} u where u.id = ${qualified(user)}), '系统')`;
  return done ? sql`(case when ${qualified(done)} is null then null else ${named} end)` : sql`(${named})`;
}
