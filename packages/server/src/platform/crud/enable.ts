import { IdQuery } from '@factory/shared/api/list';
import { eq, sql } from 'drizzle-orm';
import { audit } from '../audit.ts';
import type { Tx } from '../db.ts';
import { notFound } from '../errors.ts';
import { route } from '../route.ts';
import type { CrudContext } from './context.ts';

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

  const routes = c.onButton(
    'Enable',
    ...(['enable', 'disable'] as const).map((action) => {
      const enabled = action === 'enable';
      return route({
        method: 'GET',
        url: c.paths[action],
        summary: `${enabled ? '启用' : '停用'}${entity.label}`,
        access: { keys: c.keysOf(enabled ? 'Enable' : 'Disable') },
        query: IdQuery,
        handler: async ({ tx, session, query }) => {
          await setEnabled(tx, session.userId, query.id, enabled);
          return true;
        },
      });
    }),
  );
  return { routes, setEnabled };
}
