import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A timestamp as the API shows times: factory time (Asia/Shanghai), to the second. */
export const factoryTimeText = (column: SQL | PgColumn | SQL.Aliased) =>
  sql<string | null>`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;
