import { treeParentOf } from '@factory/shared/entities/define';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../db.ts';
import { listPage, listPageFirst, selectPage } from '../list.ts';
import { handle } from '../route.ts';
import type { CrudContext } from './context.ts';

export interface ListCallOptions {
  /**
   * The page first, then its rows (`listPageFirst`): for rows that cost many look-ups each over a
   * large table (the work-order progress rows). The rows' statement is prepared once per
   * connection, so PostgreSQL plans it once instead of on every call. `rows` may read them another
   * way than `rowColumns` — the same values, by joins — as a select of the table without `where`.
   */
  // biome-ignore lint/suspicious/noExplicitAny: a drizzle select builder of the rows
  pageFirst?: boolean | { rows(tx: Tx): any };
  /** The paged list's total counts at most this many rows past the page's start (`ListPageOptions`). */
  countLimit?: number;
}

/** A picker's tree is read whole; more nodes than this are not a picker's job (the tree page pages). */
const TREE_MAX_NODES = 5000;

/** Names of the prepared row statements: one per crud context, the same on every connection. */
let preparedCount = 0;

/** The paged list (narrowed by who asks, see `listWhere`) and the select list of an entity. */
export function listCalls(c: CrudContext, opts: ListCallOptions = {}) {
  const { table, rowColumns, o, idCol } = c;

  const rowsName = `crud_rows_${c.entity.name}_${++preparedCount}`;
  /** The rows of some ids, prepared once per connection (the transaction handle of a pooled one is kept). */
  const rowsStatements = new WeakMap<Tx, { execute(values: { ids: number[] }): Promise<unknown[]> }>();
  const rowsOf = (tx: Tx, ids: number[]) => {
    let statement = rowsStatements.get(tx);
    if (!statement) {
      const rows =
        typeof opts.pageFirst === 'object' ? opts.pageFirst.rows(tx) : tx.select(rowColumns).from(table);
      statement = rows.where(sql`${idCol} = any(${sql.placeholder('ids')})`).prepare(rowsName) as {
        execute(values: { ids: number[] }): Promise<unknown[]>;
      };
      rowsStatements.set(tx, statement);
    }
    return statement.execute({ ids }) as Promise<Record<string, unknown>[]>;
  };

  const list = async (tx: Tx, query: Parameters<typeof listPage>[2], where?: SQL) => {
    const fields = await c.fieldsFor(tx);
    const page = { where: c.inScope(where), defaultOrder: c.defaultOrder, countLimit: opts.countLimit };
    return opts.pageFirst
      ? listPageFirst(
          ({ total }) => tx.select({ id: idCol, __total: total }).from(table),
          (ids) => rowsOf(tx, ids),
          fields,
          query,
          page,
        )
      : listPage(
          ({ total }) => tx.select({ ...rowColumns, __total: total }).from(table),
          fields,
          query,
          page,
        );
  };

  /** The select list (spec 000 §7: page, limit, searchVal → records, total), narrowed further by `where`. */
  const select = (tx: Tx, query: Parameters<typeof selectPage>[2], where?: SQL) =>
    selectPage(({ total }) => tx.select({ ...rowColumns, __total: total }).from(table), c.listFields, query, {
      where: c.inScope(and(o.selectWhere, where)),
      order: c.defaultOrder,
    });

  /** Every node of a tree-shaped entity, for a tree picker: id, name and parent only. */
  const tree = (tx: Tx) => {
    const parent = treeParentOf(c.entity);
    const name = c.colOf('name');
    const parentCol = parent ? c.colOf(parent) : undefined;
    if (!name || !parentCol) throw new Error(`${c.entity.name}: a tree needs name and ${parent} columns`);
    return tx
      .select({ id: idCol, name, parentId: parentCol })
      .from(table)
      .where(c.inScope(o.selectWhere))
      .orderBy(...c.defaultOrder)
      .limit(TREE_MAX_NODES);
  };

  const routes = [
    handle(c.endpoints.listPage, {
      handler: ({ tx, session, query }) => list(tx, query, o.listWhere?.(session)),
    }),
    handle(c.endpoints.list, { handler: ({ tx, query }) => select(tx, query) }),
    ...(c.endpoints.tree ? [handle(c.endpoints.tree, { handler: ({ tx }) => tree(tx) })] : []),
  ];
  return { routes, list, select };
}
