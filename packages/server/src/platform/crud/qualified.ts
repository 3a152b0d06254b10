import { getTableName, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A column as SQL text qualified by its table, for correlated subqueries (drizzle leaves it bare). */
export const qualified = (column: PgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
