import { type CrudOptions, crudContext } from './crud/context.ts';
import { detailCalls } from './crud/detail.ts';
import { enableCalls } from './crud/enable.ts';
import { exportCalls } from './crud/export.ts';
import { importCalls } from './crud/import.ts';
import { listCalls } from './crud/list.ts';
import { removeCalls } from './crud/remove.ts';
import { nextCodeCalls, saveCalls } from './crud/save.ts';

export {
  type CrudContext,
  type CrudHooks,
  type CrudOptions,
  crudContext,
  namedTables,
  qualified,
  type RowProblem,
} from './crud/context.ts';
export { detailCalls } from './crud/detail.ts';
export { enableCalls } from './crud/enable.ts';
export { exportCalls } from './crud/export.ts';
export { importCalls } from './crud/import.ts';
export { listCalls } from './crud/list.ts';
export { removeCalls } from './crud/remove.ts';
export { nextCodeCalls, saveCalls } from './crud/save.ts';

/**
 * The standard calls of a declared entity (spec 000 §7's pattern) and the services behind them.
 * A module gives its declaration, its table and what is special (references, users of its rows,
 * hooks); list, select, detail, add/copy, update, delete, enable/disable, next code, export and
 * import come from here, each with the route's permission keys and one audit row per change.
 * Which calls beyond list/detail exist follows the route's buttons.
 *
 * Every part stands alone on `crudContext(options)` (`platform/crud/`): a module that wants
 * fewer calls composes the parts it wants, e.g. `listCalls(c)` and `detailCalls(c)`.
 */
export function crud(o: CrudOptions) {
  const c = crudContext(o);
  const list = listCalls(c);
  const detail = detailCalls(c);
  const save = saveCalls(c);
  const remove = removeCalls(c);
  const enable = enableCalls(c);
  // the order of the calls is the order of docs/api.md
  const parts = [list, detail, save, remove, enable, nextCodeCalls(c), exportCalls(c), importCalls(c)];
  return {
    routes: parts.flatMap((p) => p.routes),
    rowColumns: c.rowColumns,
    listFields: c.listFields,
    list: list.list,
    select: list.select,
    detail: detail.detail,
    create: save.create,
    update: save.update,
    remove: remove.remove,
    setEnabled: enable.setEnabled,
  };
}

export type Crud = ReturnType<typeof crud>;
