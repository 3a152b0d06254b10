import type { Tx } from './db.ts';
import { auditLog } from './schema.ts';

/** Every change writes one audit row, in the same transaction as the change. */
export async function audit(
  tx: Tx,
  userId: number | null,
  entity: string,
  entityId: string | number | null,
  action: string,
  detail?: unknown,
): Promise<void> {
  await tx.insert(auditLog).values({
    userId,
    entity,
    entityId: entityId === null ? null : String(entityId),
    action,
    detail: detail === undefined ? null : (detail as object),
  });
}
