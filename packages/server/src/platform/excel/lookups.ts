import { and, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db.ts';
import type { ImportHooks } from './check.ts';

/** Where a reference field's code or name is looked up: the referenced table's columns. */
export interface RefBinding {
  id: AnyPgColumn;
  code?: AnyPgColumn;
  name?: AnyPgColumn;
  /** Narrows the candidates, e.g. to enabled rows. */
  where?: SQL;
}

/**
 * The server half of an entity's import declaration: which columns back its reference and
 * unique fields. With it, `tableLookups` answers the check's look-ups, so a module adds an
 * importable entity by declaration alone.
 */
export interface ImportBinding {
  refs?: Record<string, RefBinding>;
  unique?: Record<string, AnyPgColumn>;
}

/**
 * `column = any($1)`: the whole list travels as one array parameter, so the statement stays the
 * same for 1 or 10 000 values (no parameter-count limit, one plan).
 */
const anyOf = (column: AnyPgColumn, values: unknown[]): SQL => sql`${column} = any(${sql.param(values)})`;

const tableOf = (column: AnyPgColumn) => column.table as PgTable;

function binding<T>(map: Record<string, T> | undefined, field: string, what: string): T {
  const found = map && Object.hasOwn(map, field) ? map[field] : undefined;
  if (!found) throw new Error(`import binding: no ${what} column for field ${field}`);
  return found;
}

/** Batched look-ups for checkImport, in the caller's tenant transaction (RLS applies). */
export function tableLookups(tx: Tx, b: ImportBinding): ImportHooks {
  return {
    async lookupRefs(field, by, values) {
      const ref = binding(b.refs, field, 'reference');
      const key = ref[by];
      if (!key) throw new Error(`import binding: field ${field} has no ${by} column`);
      const rows: { id: unknown; key: unknown }[] = await tx
        .select({ id: ref.id, key })
        .from(tableOf(key))
        .where(and(anyOf(key, values), ref.where));
      return new Map(rows.map((row) => [String(row.key), row.id]));
    },
    async existing(field, values) {
      const column = binding(b.unique, field, 'unique');
      const rows: { key: unknown }[] = await tx
        .select({ key: column })
        .from(tableOf(column))
        .where(anyOf(column, values));
      return new Set(rows.map((row) => row.key));
    },
  };
}
