import { SHIFT_SWITCH_OWN_ONLY, switchingApi } from '@factory/shared/api/switching';
import { userApi } from '@factory/shared/api/user';
import { eq, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit.ts';
import { fieldError, forbidden, notFound } from '../../platform/errors.ts';
import { handle } from '../../platform/route.ts';
import { frequencies, users } from './schema.ts';
import { userColumns } from './userQueries.ts';

/**
 * The signed-in user's own calls (self-centre and the header's user menu): their profile as the
 * user list shows it, and switching (spec 000 §7) their current shift, kept on the user row so the
 * next login starts there (switching the station is information's, beside the stations). Anyone
 * signed in may use them, for themselves only; the profile is saved with updateOwn beside the
 * other user calls.
 */
export const selfRoutes = [
  handle(userApi.ownDetail, {
    handler: async ({ tx, session }) => {
      const [row] = await tx.select(userColumns).from(users).where(eq(users.id, session.userId));
      if (!row) throw notFound('用户');
      return row;
    },
  }),
  handle(switchingApi.shift, {
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
];
