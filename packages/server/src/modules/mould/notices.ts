import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import { eachTenant } from '../../platform/eachTenant.ts';
import { emitEvent } from '../../platform/events/bus.ts';
import type { Services } from '../../platform/services.ts';
import { userEquipment } from '../equipment/index.ts';
import { moulds } from './schema.ts';

/** The mould life sweep: every 5 minutes, once across the nodes. */
export const MOULD_NOTICES_JOB = 'mould-life-notices';
export const MOULD_NOTICES_CRON = '*/5 * * * *';

/** The keepers of the equipment a mould is on; every equipment keeper when it is on none or it has none. */
async function keepersOf(tx: Tx, equipmentId: number | null): Promise<number[]> {
  if (equipmentId !== null) {
    const own = await tx
      .select({ userId: userEquipment.userId })
      .from(userEquipment)
      .where(eq(userEquipment.equipmentId, equipmentId));
    if (own.length) return own.map((k) => k.userId).sort((a, b) => a - b);
  }
  const all = await tx.selectDistinct({ userId: userEquipment.userId }).from(userEquipment);
  return all.map((k) => k.userId).sort((a, b) => a - b);
}

/**
 * One tenant's sweep (DOMAIN "Shots"): a mould (not scrapped) whose counter reached designLife ×
 * warnPct is told to the equipment keepers once; one still lent to a line when it reaches its
 * design life is told again, once. A repair back that extends the life makes them due again.
 * Answers how many notices it sent.
 */
export async function sweepMoulds(
  tx: Tx,
  tenantId: number,
  services: Pick<Services, 'events'>,
  afterCommit: (fn: () => void | Promise<void>) => void,
): Promise<number> {
  const reachedWarn = sql`${moulds.usedShots} * 100 >= ${moulds.designLife}::numeric * ${moulds.warnPct}`;
  const reachedLife = sql`${moulds.usedShots} >= ${moulds.designLife}`;
  const due = await tx
    .select()
    .from(moulds)
    .where(
      and(
        sql`${moulds.status} <> 4`,
        or(
          and(isNull(moulds.warnedAt), reachedWarn),
          and(isNull(moulds.lifeEndNotifiedAt), eq(moulds.status, 2), reachedLife),
        ),
      ),
    )
    .orderBy(moulds.code)
    .limit(500)
    .for('update');
  const ctx = { tx, session: { tenantId, userId: null, name: '系统' }, services, afterCommit };
  let sent = 0;
  for (const m of due) {
    const used = Number(m.usedShots);
    const atLife = m.status === 2 && used >= m.designLife && m.lifeEndNotifiedAt === null;
    const keeperIds = await keepersOf(tx, m.currentEquipmentId);
    await emitEvent(ctx, 'mould.lifeWarning', {
      mouldId: m.id,
      code: m.code,
      name: m.name,
      kind: atLife ? 2 : 1,
      usedShots: Math.ceil(used),
      designLife: m.designLife,
      warnPct: m.warnPct,
      keeperIds,
    });
    sent++;
    await tx
      .update(moulds)
      .set({ warnedAt: m.warnedAt ?? nowOf(tx), ...(atLife ? { lifeEndNotifiedAt: nowOf(tx) } : {}) })
      .where(eq(moulds.id, m.id));
  }
  return sent;
}

/** The sweep over every enabled tenant; events are dispatched after each tenant's commit. */
export const sweepMouldNotices = (services: Pick<Services, 'db' | 'events'>) =>
  eachTenant(services, async (tx, tenantId, afterCommit) => {
    await sweepMoulds(tx, tenantId, services, afterCommit);
  });
