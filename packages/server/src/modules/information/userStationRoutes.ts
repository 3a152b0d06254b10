import { STATION_SWITCH_OWN_ONLY, switchingApi } from '@factory/shared/api/switching';
import { userApi } from '@factory/shared/api/user';
import { eq, inArray, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { emitEvent } from '../../platform/events/bus.ts';
import { handle } from '../../platform/route.ts';
import { users } from '../setting/index.ts';
import { stations, userStations } from './schema.ts';

/**
 * Who works where: the stations a user may work at, and a user switching their own current station
 * (spec 000 §7 modifyLines, kept on the user row so the next login starts there).
 */

/**
 * Sets the stations a user may work at (spec 001 §7.4 updateOneStation). The user's current
 * station stays when it is still among them, else it becomes the first of the new list, or none.
 */
export async function setUserStations(tx: Tx, actorId: number, userId: number, stationIds: number[]) {
  const ids = [...new Set(stationIds)];
  const [user] = await tx.select({ stationId: users.stationId }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('用户');
  if (ids.length) {
    const found = await tx.select({ id: stations.id }).from(stations).where(inArray(stations.id, ids));
    if (found.length !== ids.length) throw fieldError('stationIds', '所选工位不存在或已被删除');
  }
  await tx.delete(userStations).where(eq(userStations.userId, userId));
  if (ids.length) await tx.insert(userStations).values(ids.map((stationId) => ({ userId, stationId })));
  const current = user.stationId && ids.includes(user.stationId) ? user.stationId : (ids[0] ?? null);
  if (current !== user.stationId)
    await tx.update(users).set({ stationId: current }).where(eq(users.id, userId));
  await audit(tx, actorId, 'user', userId, 'setStation', { stationIds: ids });
}

export const userStationRoutes = [
  handle(switchingApi.station, {
    handler: async (ctx) => {
      const { tx, session, body } = ctx;
      if (body.id !== session.userId) throw forbidden(STATION_SWITCH_OWN_ONLY);
      const [station] = await tx
        .select({ id: stations.id, name: stations.name })
        .from(stations)
        .where(eq(stations.id, body.stationId));
      if (!station) throw fieldError('stationId', '所选工位不存在或已被删除');
      const allowed = await tx
        .select({ stationId: userStations.stationId })
        .from(userStations)
        .where(eq(userStations.userId, session.userId));
      if (allowed.length && !allowed.some((a) => a.stationId === station.id))
        throw fieldError('stationId', `工位“${station.name}”不在您的可用工位中，请选择分配给您的工位`);
      if (station.id !== session.stationId) {
        await tx
          .update(users)
          .set({ stationId: station.id, updatedAt: sql`now()` })
          .where(eq(users.id, session.userId));
        await audit(tx, session.userId, 'user', session.userId, 'switchStation', {
          stationId: station.id,
          name: station.name,
        });
        await emitEvent(ctx, 'user.stationChanged', {
          userId: session.userId,
          stationId: station.id,
          stationName: station.name,
          ...(session.stationName ? { previousStationName: session.stationName } : {}),
        });
      }
      return { stationId: station.id, stationName: station.name };
    },
  }),
  handle(userApi.setStations, {
    handler: async ({ tx, session, body }) => {
      await setUserStations(tx, session.userId, body.id, body.stationIds);
      return true;
    },
  }),
];
