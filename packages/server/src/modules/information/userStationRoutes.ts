import { UserStationBody } from '@factory/shared/api/information';
import { eq, inArray } from 'drizzle-orm';
import { audit } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { stations, userStations } from '../information/schema.ts';
import { users } from './schema.ts';

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
  route({
    method: 'PUT',
    url: 'authority/private/user/updateOneStation',
    summary: '设置用户可在的工位',
    access: { keys: ['userListSetStation', 'roleListSetStation'] },
    body: UserStationBody,
    handler: async ({ tx, session, body }) => {
      await setUserStations(tx, session.userId, body.id, body.stationIds);
      return true;
    },
  }),
];
