import type { Tx } from '../db.ts';
import { handle } from '../route.ts';
import type { CrudContext } from './context.ts';

/** One row by id, as the API shows it; a document with lines also carries its lines. */
export function detailCalls(c: CrudContext) {
  async function detail(tx: Tx, id: number): Promise<Record<string, unknown>> {
    const row = await c.detail(tx, id);
    if (!c.lines) return row;
    const lines = await c.lines.read(tx, [id]);
    return { ...row, lines: lines.get(id) ?? [] };
  }
  const routes = [handle(c.endpoints.detail, { handler: ({ tx, query }) => detail(tx, query.id) })];
  return { routes, detail };
}
