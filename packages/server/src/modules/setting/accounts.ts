import { ADMIN_USER_NAME } from '@factory/shared/permissions';
import { eq, inArray, sql } from 'drizzle-orm';
import type { UserAccounts } from '../../platform/ports.ts';
import { users } from './schema.ts';
import { createUser } from './userService.ts';

const account = { id: users.id, passwordHash: users.passwordHash, enabled: users.enabled };

/** The user accounts as the platform's sign-in and tenant creation see them. */
export const accounts: UserAccounts = {
  async find(tx, by, value) {
    const [row] = await tx
      .select(account)
      .from(users)
      .where(eq(by === 'phone' ? users.phone : users.userName, value))
      .limit(1);
    return row;
  },
  async byId(tx, userId) {
    const [row] = await tx.select(account).from(users).where(eq(users.id, userId));
    return row;
  },
  async setPasswordHash(tx, userId, passwordHash) {
    // a password of the user's own: whatever an administrator set is replaced
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  },
  async names(tx, ids) {
    if (!ids.length) return new Map();
    const rows = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r.name]));
  },
  createAdmin: (tx, actorId, { name, password }) =>
    createUser(tx, actorId, { userName: ADMIN_USER_NAME, name, password }),
};
