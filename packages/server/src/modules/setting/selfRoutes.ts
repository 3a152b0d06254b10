import {
  CurrentShift,
  CurrentStation,
  MODIFY_LINES,
  MODIFY_USER_INFO,
  ModifyLinesBody,
  ModifyUserInfoBody,
  SHIFT_SWITCH_OWN_ONLY,
  STATION_SWITCH_OWN_ONLY,
} from '@factory/shared/api/switching';
import { UserRow } from '@factory/shared/api/user';
import { eq, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit.ts';
import { fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { stations, userStations } from '../information/schema.ts';
import { emit } from '../notification/events.ts';
import { frequencies, users } from './schema.ts';
import { userColumns } from './userQueries.ts';

/**
 * The signed-in user's own calls (self-centre and the header's user menu): their profile as the
 * user list shows it, and switching (spec 000 §7) their current shift or station, kept on the user
 * row so the next login starts there. Anyone signed in may use them, for themselves only; the
 * profile is saved with updateOwn beside the other user calls.
 */
export const selfRoutes = [
  route({
    method: 'GET',
    url: 'authority/private/user/getOwnDetail',
    summary: '本人资料（个人中心）',
    access: { session: true },
    result: UserRow,
    handler: async ({ tx, session }) => {
      const [row] = await tx.select(userColumns).from(users).where(eq(users.id, session.userId));
      if (!row) throw notFound('用户');
      return row;
    },
  }),
  route({
    method: 'PUT',
    url: MODIFY_USER_INFO,
    summary: '切换本人的班次',
    access: { session: true },
    body: ModifyUserInfoBody,
    result: CurrentShift,
    handler: async ({ tx, session, body }) => {
      if (body.id !== session.userId || (body.userName !== undefined && body.userName !== session.userName))
        throw forbidden(SHIFT_SWITCH_OWN_ONLY);
      const [shift] = await tx
        .select({ id: frequencies.id, name: frequencies.name, enabled: frequencies.enabled })
        .from(frequencies)
        .where(eq(frequencies.id, body.frequencyId));
      if (!shift) throw fieldError('frequencyId', '所选班次不存在或已被删除');
      if (!shift.enabled) throw fieldError('frequencyId', `班次“${shift.name}”已停用，请选择其他班次`);
      await tx
        .update(users)
        .set({ frequencyId: shift.id, updatedAt: sql`now()` })
        .where(eq(users.id, session.userId));
      await audit(tx, session.userId, 'user', session.userId, 'switchShift', {
        frequencyId: shift.id,
        name: shift.name,
      });
      return { frequencyId: shift.id, frequencyName: shift.name };
    },
  }),
  route({
    method: 'PUT',
    url: MODIFY_LINES,
    summary: '切换本人的工位（设置了可用工位的用户只能在其中选择）',
    access: { session: true },
    body: ModifyLinesBody,
    result: CurrentStation,
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
        await emit(ctx, {
          type: 'stationChanged',
          title: '工位切换',
          message: session.stationName
            ? `${session.name}由工位“${session.stationName}”切换到“${station.name}”`
            : `${session.name}切换到工位“${station.name}”`,
        });
      }
      return { stationId: station.id, stationName: station.name };
    },
  }),
];
