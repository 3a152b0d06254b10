import { randomBytes } from 'node:crypto';
import { fileUrl } from '@factory/shared/api/file';
import { userEntity } from '@factory/shared/entities/user';
import { ADMIN_USER_NAME } from '@factory/shared/permissions';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError, invalid, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/password.ts';
import { refuseWhileUsed } from '../../platform/references.ts';
import { revokeSessions } from '../../platform/session.ts';
import { files } from '../file/index.ts';
import { organizations, roles, userGroupMembers, userGroups, userRoles, users } from './schema.ts';

export interface NewUser {
  userName: string;
  name: string;
  password: string;
  phone?: string | null;
  jobNumber?: string | null;
  roleIds?: number[];
  /** One hash made for many users given the same starting password (batch import, demo data). */
  passwordHash?: string;
  /** An administrator gave the password: the user sets their own at the first login. */
  mustChangePassword?: boolean;
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
      passwordHash: input.passwordHash ?? (await hashPassword(input.password)),
      mustChangePassword: input.mustChangePassword ?? false,
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

/** Role ids must exist in this tenant (RLS hides other tenants' roles, so they are "unknown"). */
async function checkRoles(tx: Tx, roleIds: number[] | undefined): Promise<void> {
  if (!roleIds?.length) return;
  const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds));
  if (found.length !== new Set(roleIds).size) throw fieldError('roleIds', '所选角色不存在或已被删除');
}

async function checkUnique(
  tx: Tx,
  id: number | null,
  field: 'phone' | 'jobNumber',
  value: string | null | undefined,
) {
  if (!value) return;
  const column = field === 'phone' ? users.phone : users.jobNumber;
  const [other] = await tx.select({ id: users.id }).from(users).where(eq(column, value)).limit(1);
  if (other && other.id !== id) {
    throw conflict(field === 'phone' ? `手机号“${value}”已被其他用户使用` : `工号“${value}”已存在`, field);
  }
}

const blankToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v?.trim() ? v.trim() : null;

export const AVATAR_NOT_IMAGE = '头像须为本企业上传的图片，请重新上传';
const FILE_URL_PREFIX = fileUrl('');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An avatar must be the URL of an image uploaded to this tenant (row-level security hides other
 * tenants' files, so theirs are not found); answers its canonical form, null when cleared.
 */
async function checkAvatar(tx: Tx, value: string | null | undefined): Promise<string | null | undefined> {
  if (!value) return value;
  const id = value.startsWith(FILE_URL_PREFIX) ? value.slice(FILE_URL_PREFIX.length).toLowerCase() : '';
  const found = UUID.test(id)
    ? await tx
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.id, id), eq(files.kind, 'image')))
        .limit(1)
    : [];
  if (!found.length) throw fieldError('avatar', AVATAR_NOT_IMAGE);
  return fileUrl(id);
}

export interface UserChanges {
  name?: string;
  jobNumber?: string | null;
  phone?: string | null;
  email?: string | null;
  avatar?: string | null;
  roleIds?: number[];
  organizationId?: number | null;
  groupIds?: number[];
}

/** The organisation node must exist in this tenant. */
async function checkOrganization(tx: Tx, id: number | null | undefined): Promise<void> {
  if (!id) return;
  const [found] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, id));
  if (!found) throw fieldError('organizationId', '所选组织不存在或已被删除');
}

/** Replaces a user's user groups (the groups must exist in this tenant). */
async function setGroups(tx: Tx, userId: number, groupIds: number[] | undefined): Promise<void> {
  if (!groupIds) return;
  const ids = [...new Set(groupIds)];
  if (ids.length) {
    const found = await tx.select({ id: userGroups.id }).from(userGroups).where(inArray(userGroups.id, ids));
    if (found.length !== ids.length) throw fieldError('groupIds', '所选用户组不存在或已被删除');
  }
  await tx.delete(userGroupMembers).where(eq(userGroupMembers.userId, userId));
  if (ids.length) await tx.insert(userGroupMembers).values(ids.map((groupId) => ({ groupId, userId })));
}

/** Updates a user's profile and, when given, their roles; one transaction, one audit row. */
export async function updateUser(tx: Tx, actorId: number, id: number, input: UserChanges): Promise<boolean> {
  const changes = {
    ...(input.name !== undefined ? { name: input.name.trim() } : {}),
    ...(input.jobNumber !== undefined ? { jobNumber: blankToNull(input.jobNumber) } : {}),
    ...(input.phone !== undefined ? { phone: blankToNull(input.phone) } : {}),
    ...(input.email !== undefined ? { email: blankToNull(input.email) } : {}),
    ...(input.avatar !== undefined ? { avatar: await checkAvatar(tx, blankToNull(input.avatar)) } : {}),
    ...(input.organizationId !== undefined ? { organizationId: input.organizationId || null } : {}),
  };
  await checkOrganization(tx, changes.organizationId);
  await checkUnique(tx, id, 'phone', changes.phone);
  await checkUnique(tx, id, 'jobNumber', changes.jobNumber);
  await checkRoles(tx, input.roleIds);
  const updated = await tx
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  if (!updated.length) return false;
  if (input.roleIds) {
    await tx.delete(userRoles).where(eq(userRoles.userId, id));
    if (input.roleIds.length)
      await tx
        .insert(userRoles)
        .values([...new Set(input.roleIds)].map((roleId) => ({ userId: id, roleId })));
  }
  await setGroups(tx, id, input.groupIds);
  await audit(tx, actorId, 'user', id, 'modify', {
    ...changes,
    roleIds: input.roleIds,
    groupIds: input.groupIds,
  });
  return true;
}

export async function addUser(
  tx: Tx,
  actorId: number,
  input: NewUser & {
    email?: string | null;
    avatar?: string | null;
    enabled?: boolean;
    organizationId?: number | null;
    groupIds?: number[];
  },
): Promise<number> {
  await checkUnique(tx, null, 'jobNumber', blankToNull(input.jobNumber));
  await checkOrganization(tx, input.organizationId);
  const avatar = (await checkAvatar(tx, blankToNull(input.avatar))) ?? null;
  await checkRoles(tx, input.roleIds);
  const id = await createUser(tx, actorId, {
    ...input,
    userName: input.userName.trim(),
    name: input.name.trim(),
    phone: blankToNull(input.phone) ?? null,
    jobNumber: blankToNull(input.jobNumber) ?? null,
  });
  const extra = {
    email: blankToNull(input.email) ?? null,
    avatar,
    enabled: input.enabled ?? true,
    organizationId: input.organizationId || null,
  };
  await tx.update(users).set(extra).where(eq(users.id, id));
  await setGroups(tx, id, input.groupIds);
  return id;
}

/** Deletes a user; the admin account and the caller's own account cannot be deleted. */
export async function deleteUser(tx: Tx, actorId: number, id: number): Promise<void> {
  const [user] = await tx
    .select({ userName: users.userName, name: users.name })
    .from(users)
    .where(eq(users.id, id));
  if (!user) throw notFound('用户');
  if (user.userName === ADMIN_USER_NAME) throw invalid('超级管理员账号不能删除');
  if (id === actorId) throw invalid('不能删除当前登录的账号');
  await refuseWhileUsed(tx, userEntity.name, id, user.name);
  await revokeSessions(tx, [id]);
  await tx.delete(users).where(eq(users.id, id));
  await audit(tx, actorId, 'user', id, 'delete', { userName: user.userName });
}

/**
 * Resets a password to a new random one that meets the rule; the admin passes it on once, and the
 * user replaces it at the next login.
 */
export async function resetPassword(tx: Tx, actorId: number, id: number): Promise<string> {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz';
  const digits = '23456789';
  const pick = (set: string, n: number) => Array.from(randomBytes(n), (b) => set[b % set.length]).join('');
  const password = `${pick(letters, 6)}${pick(digits, 4)}`;
  const updated = await tx
    .update(users)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: true, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  if (!updated.length) throw notFound('用户');
  await revokeSessions(tx, [id]);
  await audit(tx, actorId, 'user', id, 'resetPassword');
  return password;
}

/**
 * Suggests the next free user name with a prefix: user001, user002 … (the position must be cast:
 * `substring(x from $1)` with an untyped parameter is the regular-expression form).
 */
export async function newUserName(tx: Tx, prefix: string): Promise<string> {
  const pattern = `^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[0-9]+$`;
  const [row] = await tx
    .select({
      n: sql<number>`coalesce(max(substring(${users.userName} from ${prefix.length + 1}::int)::int), 0)`.mapWith(
        Number,
      ),
    })
    .from(users)
    .where(sql`${users.userName} ~ ${pattern}`);
  return `${prefix}${String((row?.n ?? 0) + 1).padStart(3, '0')}`;
}
