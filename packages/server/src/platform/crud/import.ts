import { bodyKey, type EntityDecl, fieldsOf, formFields } from '@factory/shared/entities/define';
import { audit } from '../audit.ts';
import { customImportValue } from '../customFields.ts';
import type { Tx } from '../db.ts';
import { sendXlsx } from '../excel/export.ts';
import {
  errorWorkbook,
  insertRows,
  insertRowsReturning,
  receiveImportFile,
  runImport,
  tableLookups,
  type ValidRow,
} from '../excel/import.ts';
import { templateWorkbook } from '../excel/template.ts';
import { noteCodes, takeCodes } from '../numbering.ts';
import { type CrudContext, ENABLED, serve, type Values } from './context.ts';

/**
 * The import of an entity where the route has the Import button: the template, the check and
 * the write of a file (all rows or none, numbered and run through the row rules like an add),
 * and the list of a check's errors as a workbook.
 */
export function importCalls(c: CrudContext) {
  const { entity, table, o, colOf, propOf } = c;
  /** A checked import row as table values: references hold the looked-up id, custom fields go to `custom`. */
  function importValues(decl: EntityDecl, { data }: ValidRow): Values {
    const values: Values = { ...(entity.customFields ? { custom: {} } : {}), ...o.scope?.values };
    for (const [key, f] of fieldsOf(decl)) {
      if (!f.import || f.readOnly) continue;
      const v = data[key] ?? null;
      if (f.custom) {
        if (v !== null) (values.custom as Values)[key] = customImportValue(f, v);
      } else if (key === ENABLED) values.enabled = v === null ? true : v === 1;
      else if (f.ref?.idField) values[f.ref.idField] = v;
      else {
        const column = colOf(propOf(key));
        // insertRows writes NULL for a missing value: give columns with a default their default
        values[propOf(key)] = v === null && column?.notNull && column.hasDefault ? column.default : v;
      }
    }
    return values;
  }

  const binding = () => ({
    refs: o.refs,
    unique: Object.fromEntries(
      fieldsOf(entity)
        .filter(([key, f]) => f.unique && f.import && colOf(propOf(key)))
        .map(([key]) => [key, c.cols[propOf(key)]]),
    ),
  });
  // an import row's field values (references already their ids) through the entity's row rules
  const rowRule = o.hooks?.checkRow;
  const importRule = rowRule
    ? (data: Values) =>
        rowRule(c.bodyView((key) => data[key] ?? null)).map((p) => ({
          key: formFields(entity).find(([key, f]) => bodyKey(key, f) === p.field)?.[0] ?? p.field,
          message: p.message,
        }))
    : undefined;

  /** Numbers the rows left without a code and notes every code as taken. */
  async function numberCodes(tx: Tx, values: Values[]) {
    const blank = values.filter((v) => !v.code);
    const codes = await takeCodes(tx, entity.name, blank.length);
    blank.forEach((v, i) => {
      v.code = codes[i];
    });
    await noteCodes(
      tx,
      entity.name,
      values.map((v) => String(v.code)),
    );
  }

  const routes = [
    ...serve(c.endpoints.importTemplate, {
      handler: async ({ tx, reply }) =>
        sendXlsx(reply, `${entity.label}导入模板`, await templateWorkbook(await c.declWithCustom(tx))),
    }),
    ...serve(c.endpoints.importErrors, {
      handler: async ({ tx, body, reply }) =>
        sendXlsx(reply, `${entity.label}导入错误清单`, await errorWorkbook(body, await c.declWithCustom(tx))),
    }),
    ...serve(c.endpoints.import, {
      handler: async ({ tx, session, req, query }) => {
        const file = await receiveImportFile(req);
        const decl = await c.declWithCustom(tx);
        return runImport({
          mode: query.mode,
          file: file.buffer,
          decl,
          startRow: query.startRow,
          tx,
          hooks: { ...tableLookups(tx, binding()), checkRow: importRule },
          write: async (tx, rows) => {
            const values = rows.map((row) => importValues(decl, row));
            if (entity.autoCode) await numberCodes(tx, values);
            const imported = o.hooks?.imported;
            const count = values.length;
            if (imported) {
              const rows = await insertRowsReturning(tx, table, values, { id: c.idCol });
              await imported(
                tx,
                rows.map((r) => Number(r.id)),
              );
            } else await insertRows(tx, table, values);
            await audit(tx, session.userId, entity.name, null, 'import', { count });
            return count;
          },
        });
      },
    }),
  ];
  return { routes };
}
