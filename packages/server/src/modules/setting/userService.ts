import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password.ts';
import { sessions } from '../../platform/schema.ts';
import { roles, userRoles, users } from './schema.ts';

export interface NewUser {
  userName: string;
  name: string;
  password: string;
  phone?: string | null;
  jobNumber?: string | null;
  roleIds?: number[];
}

/** Creates a user in the current tenant; the password is already decrypted and rule-checked. */
export async function createUser(tx: Tx, actorId: number | null, input: NewUser): Promise<number> {
  const existing = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userName, input.userName))
    .limit(1);
  if (existing.length) throw conflict(`用户名“${input.userName}”已存在`, 'userName');
  if (input.phone) {
    const byPhone = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phone, input.phone))
      .limit(1);
    if (byPhone.length) throw conflict(`手机号“${input.phone}”已被其他用户使用`, 'phone');
  }
  const [row] = await tx
    .insert(users)
    .values({
      userName: input.userName,
      name: input.name,
      phone: input.phone ?? null,
      jobNumber: input.jobNumber ?? null,
      passwordHash: await hashPassword(input.password),
    })
    .returning({ id: users.id });
  if (input.roleIds?.length) {
    await tx.insert(userRoles).values(input.roleIds.map((roleId) => ({ userId: row.id, roleId })));
  }
  await audit(tx, actorId, 'user', row.id, 'add', { userName: input.userName, name: input.name });
  return row.id;
}

export async function createRole(
  tx: Tx,
  actorId: number | null,
  input: { name: string; authority: string; remark?: string },
): Promise<number> {
  const existing = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, input.name)).limit(1);
  if (existing.length) throw conflict(`角色“${input.name}”已存在`, 'name');
  const [row] = await tx.insert(roles).values(input).returning({ id: roles.id });
  await audit(tx, actorId, 'role', row.id, 'add', { name: input.name });
  return row.id;
}

/** Ends sessions of users (all, or all but one): used by disable, password change and logout. */
export async function revokeSessions(tx: Tx, userIds: number[], exceptSessionId?: number): Promise<void> {
  if (!userIds.length) return;
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        inArray(sessions.userId, userIds),
        isNull(sessions.revokedAt),
        exceptSessionId ? sql`${sessions.id} <> ${exceptSessionId}` : undefined,
      ),
    );
}

/** Enables or disables a user; disabling ends the user's sessions at once. */
export async function setUserEnabled(
  tx: Tx,
  actorId: number,
  userId: number,
  enabled: boolean,
): Promise<boolean> {
  const updated = await tx
    .update(users)
    .set({ enabled, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!updated.length) return false;
  if (!enabled) await revokeSessions(tx, [userId]);
  await audit(tx, actorId, 'user', userId, enabled ? 'enable' : 'disable');
  return true;
}
