import { eq } from 'drizzle-orm';
import { audit } from '../audit.ts';
import type { Tx } from '../db.ts';
import { referencesTo, refuseIfUsed } from '../references.ts';
import { type CrudContext, serve } from './context.ts';

/** Deleting a row nothing uses (see `usedBy`); the delete call where the route has the Del button. */
export function removeCalls(c: CrudContext) {
  const { entity } = c;

  async function remove(tx: Tx, actorId: number, id: number): Promise<void> {
    const row = await c.detail(tx, id);
    const label = String(row.name ?? row.code ?? id);
    // its own module's users first, then what other modules registered (platform/references.ts)
    await refuseIfUsed(tx, [...(c.o.usedBy ?? []), ...referencesTo(entity.name)], id, label);
    await c.o.hooks?.removing?.(tx, id);
    await tx.delete(c.table).where(eq(c.idCol, id));
    await c.o.hooks?.removed?.(tx, row);
    await audit(tx, actorId, entity.name, id, 'delete', { name: label });
  }

  const routes = serve(c.endpoints.remove, {
    handler: async ({ tx, session, query }) => {
      await remove(tx, session.userId, query.id);
      return true;
    },
  });
  return { routes, remove };
}
