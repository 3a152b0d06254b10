import { and } from 'drizzle-orm';
import { flattenCustom } from '../customFields.ts';
import { exportColumns, exportQuery, pageRows, streamXlsx } from '../excel/export.ts';
import { type CrudContext, serve } from './context.ts';

/** The export of the paged list (its filter, sort and shown columns) where the route has the Export button. */
export function exportCalls(c: CrudContext) {
  const { entity } = c;
  const routes = serve(c.endpoints.export, {
    handler: async ({ tx, session, query, reply }) => {
      const decl = await c.declWithCustom(tx);
      const { where, orderBy } = await exportQuery(await c.fieldsFor(tx), query, {
        defaultOrder: c.defaultOrder,
      });
      const caller = c.o.listWhere?.(session);
      await streamXlsx(reply, {
        fileName: `${entity.label}列表`,
        sheetName: entity.label,
        columns: exportColumns(decl, query.columns),
        rows: flattenCustom(
          pageRows((limit, offset) =>
            tx
              .select(c.rowColumns)
              .from(c.table)
              .where(c.inScope(and(where, caller)))
              .orderBy(...orderBy)
              .limit(limit)
              .offset(offset),
          ),
        ),
      });
    },
  });
  return { routes };
}
