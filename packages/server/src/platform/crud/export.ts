import { ExportQuery } from '@factory/shared/api/import';
import { and } from 'drizzle-orm';
import { flattenCustom } from '../customFields.ts';
import { exportColumns, exportQuery, pageRows, streamXlsx } from '../excel/export.ts';
import { route } from '../route.ts';
import type { CrudContext } from './context.ts';

/** The export of the paged list (its filter, sort and shown columns) where the route has the Export button. */
export function exportCalls(c: CrudContext) {
  const { entity } = c;
  const routes = c.onButton(
    'Export',
    route({
      method: 'GET',
      url: c.paths.export,
      summary: `导出${entity.label}（当前查询条件、排序与显示列）`,
      access: { keys: c.keysOf('Export') },
      query: ExportQuery,
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
    }),
  );
  return { routes };
}
