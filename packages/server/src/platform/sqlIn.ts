import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** `column in (…ids)`, each id a parameter, for hand-written SQL; an empty list matches nothing. */
export const sqlIn = (column: SQL | SQLWrapper, ids: readonly number[]): SQL =>
  ids.length
    ? sql`${column} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;
