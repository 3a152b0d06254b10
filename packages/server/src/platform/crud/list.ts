import { and, type SQL } from 'drizzle-orm';
import type { Tx } from '../db.ts';
import { listPage, selectPage } from '../list.ts';
import { handle } from '../route.ts';
import type { CrudContext } from './context.ts';

/** The paged list (narrowed by who asks, see `listWhere`) and the select list of an entity. */
export function listCalls(c: CrudContext) {
  const { table, rowColumns, o } = c;

  const list = async (tx: Tx, query: Parameters<typeof listPage>[2], where?: SQL) =>
    listPage(
      ({ total }) => tx.select({ ...rowColumns, __total: total }).from(table),
      await c.fieldsFor(tx),
      query,
      {
        where: c.inScope(where),
        defaultOrder: c.defaultOrder,
      },
    );

  /** The select list (spec 000 §7: page, limit, searchVal → records, total), narrowed further by `where`. */
  const select = (tx: Tx, query: Parameters<typeof selectPage>[2], where?: SQL) =>
    selectPage(({ total }) => tx.select({ ...rowColumns, __total: total }).from(table), c.listFields, query, {
      where: c.inScope(and(o.selectWhere, where)),
      order: c.defaultOrder,
    });

  const routes = [
    handle(c.endpoints.listPage, {
      handler: ({ tx, session, query }) => list(tx, query, o.listWhere?.(session)),
    }),
    handle(c.endpoints.list, { handler: ({ tx, query }) => select(tx, query) }),
  ];
  return { routes, list, select };
}
