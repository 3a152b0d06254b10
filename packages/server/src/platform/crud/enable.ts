import { eq, sql } from 'drizzle-orm';
import { audit } from '../audit.ts';
import type { Tx } from '../db.ts';
import { notFound } from '../errors.ts';
import { type CrudContext, serve } from './context.ts';

/** Enabling and disabling a row; the two calls where the route has the Enable button. */
export function enableCalls(c: CrudContext) {
  const { entity } = c;

  async function setEnabled(tx: Tx, actorId: number, id: number, enabled: boolean): Promise<void> {
    const updated = await tx
      .update(c.table)
      .set({ enabled, updatedAt: sql`now()` } as never)
      .where(c.inScope(eq(c.idCol, id)))
      .returning({ id: c.idCol });
    if (!updated.length) throw notFound(entity.label);
    await audit(tx, actorId, entity.name, id, enabled ? 'enable' : 'disable');
  }

  const routes = [true, false].flatMap((enabled) =>
    serve(enabled ? c.endpoints.enable : c.endpoints.disable, {
      handler: async ({ tx, session, query }) => {
        await setEnabled(tx, session.userId, query.id, enabled);
        return true;
      },
    }),
  );
  return { routes, setEnabled };
}
