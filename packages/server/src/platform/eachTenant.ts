import { sql } from 'drizzle-orm';
import type { Tx } from './db.ts';
import type { Services } from './services.ts';

/** What a sweep does in one tenant: its transaction, and a hook for after that commits. */
export type TenantSweep = (
  tx: Tx,
  tenantId: number,
  afterCommit: (fn: () => void | Promise<void>) => void,
) => Promise<void>;

/**
 * Runs a scheduled sweep (due-date notices …) in every enabled tenant, each in its own tenant
 * transaction, so module code still reaches the database only through a transaction it is handed;
 * what it defers runs once that tenant's transaction has committed.
 */
export async function eachTenant(services: Pick<Services, 'db'>, sweep: TenantSweep): Promise<void> {
  const tenants = await services.db.systemQuery<{ id: number }>(
    sql`select id from tenant where enabled order by id`,
  );
  for (const { id } of tenants) {
    const after: (() => void | Promise<void>)[] = [];
    await services.db.withTenant(id, (tx) => sweep(tx, id, (fn) => after.push(fn)));
    for (const fn of after) await fn();
  }
}
