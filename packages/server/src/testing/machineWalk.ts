import { actionNames, allStates, type MachineDecl, refusal } from '@factory/shared/machines/define';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import { AppError } from '../platform/errors.ts';
import type { MachineService } from '../platform/machine.ts';
import type { Harness } from './harness.ts';

class Rollback extends Error {}

/** What one (state, action) pair came to: passed, or refused with this message. */
export interface WalkStep {
  state: Record<string, number>;
  action: string;
  refused?: string;
}

/**
 * Walks every (state, action) pair of a machine on one real document: puts the document in each
 * combination of its state fields' values, takes each action as the system would (no permission
 * or flag in the way; guards and effects run) and rolls back. An action the declaration forbids
 * from that state must be refused with exactly `refusal()`'s message; one it allows must never get
 * a state refusal (a guard may still refuse for the data, in its own words). An action with a call
 * of its own gets the body its route would have validated (`bodies`).
 */
export async function walkMachine<A extends string>(
  h: Harness,
  tenantId: number,
  service: MachineService<A>,
  table: PgTable,
  id: number,
  bodies: Partial<Record<A, unknown>> = {},
): Promise<WalkStep[]> {
  const m: MachineDecl = service.machine;
  const columns = table as unknown as Record<string, PgColumn>;
  const [{ number }] = await h.db.withTenant(tenantId, (tx) =>
    tx.select({ number: columns.code }).from(table).where(eq(columns.id, id)),
  );
  const named = (state: Record<string, number>) => ({ ...state, [m.numberField]: number });
  const stateRefusals = new Set(
    allStates(m).flatMap((s) => actionNames(m).map((a) => refusal(m, a, named(s)) ?? '')),
  );
  const steps: WalkStep[] = [];
  for (const state of allStates(m))
    for (const action of actionNames(m)) {
      const step: WalkStep = { state, action };
      await h.db
        .withTenant(tenantId, async (tx) => {
          await tx
            .update(table)
            .set(state as never)
            .where(eq(columns.id, id));
          try {
            await service.act(tx, 'system', action as A, { id, reason: '走查', body: bodies[action as A] });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            step.refused = error.message;
          }
          throw new Rollback();
        })
        .catch((error) => {
          if (!(error instanceof Rollback)) throw error;
        });
      const expected = refusal(m, action, named(state));
      const where = `${m.name} ${action} from ${JSON.stringify(state)}`;
      if (expected) expect(step.refused, where).toBe(expected);
      else
        expect(
          step.refused !== undefined && stateRefusals.has(step.refused),
          `${where}: ${step.refused}`,
        ).toBe(false);
      steps.push(step);
    }
  return steps;
}
