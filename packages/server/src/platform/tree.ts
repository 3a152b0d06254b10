import { getTableName, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from './db.ts';
import { fieldError } from './errors.ts';

/**
 * A validate hook for a self-referencing tree (classes): a node cannot move under itself or one
 * of its own descendants. One recursive query walks up from the new parent.
 */
export function noCycle(parentColumn: PgColumn, message: string) {
  const table = sql.identifier(getTableName(parentColumn.table));
  const parent = sql.identifier(parentColumn.name);
  return async (tx: Tx, values: Record<string, unknown>, id: number | null): Promise<void> => {
    const parentId = values.parentId as number | null | undefined;
    if (id === null || !parentId) return;
    const [loop] = await tx
      .select({ one: sql`1` })
      .from(
        sql`(with recursive up(id, parent_id) as (
          select id, ${parent} from ${table} where id = ${parentId}
          union all
          select t.id, t.${parent} from ${table} t join up on t.id = up.parent_id
        ) select id from up) as ancestors`,
      )
      .where(sql`ancestors.id = ${id}`)
      .limit(1);
    if (loop) throw fieldError('parentId', message);
  };
}
