import { handle } from '../route.ts';
import type { CrudContext } from './context.ts';

/** One row by id, as the API shows it. */
export function detailCalls(c: CrudContext) {
  const routes = [handle(c.endpoints.detail, { handler: ({ tx, query }) => c.detail(tx, query.id) })];
  return { routes, detail: c.detail };
}
