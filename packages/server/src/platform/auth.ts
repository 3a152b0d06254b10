import { authApi, type UserInfo } from '@factory/shared/api/auth';
import { ErrorCode } from '@factory/shared/api/errors';
import { eq, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import { audit } from './audit.ts';
import type { Take } from './counters.ts';
import type { Tx } from './db.ts';
import { AppError, fieldError, rateLimited } from './errors.ts';
import { checkPasswordRule, decryptPassword, hashPassword, verifyPassword } from './password.ts';
import { handle } from './route.ts';
import { sessions } from './schema.ts';
import type { Services } from './services.ts';
import { newToken, resolveSession, revokeSessions, type SessionInfo, TOKEN_HEADER } from './session.ts';

type UserInfoT = Static<typeof UserInfo>;

const WRONG = '企业编码、用户名或密码错误';

/** The session user as the web client keeps it (spec 000 §3). */
export function userInfoOf(s: SessionInfo): UserInfoT {
  return {
    id: s.userId,
    name: s.name,
    userName: s.userName,
    avatar: s.avatar,
    frequencyId: s.frequencyId,
    frequencyName: s.frequencyName,
    stationId: s.stationId,
    stationName: s.stationName,
    authority: s.authority,
    permissions: s.permissionCodes as string[],
    fields: JSON.stringify(s.fields ?? {}),
    companyInfo: {
      memberCode: s.tenant.memberCode,
      companyName: s.tenant.companyName,
      companyLogo: s.tenant.logo,
      version: s.tenant.version,
      flags: s.tenant.flags,
    },
    mustChangePassword: s.mustChangePassword,
  };
}

const lockMinutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/**
 * Failures count against the user record, whichever identifier was typed (user name, phone …), so
 * a lock holds for every way in. A name that matches no user counts under that name, so probing
 * is throttled exactly like a real account and the answers do not tell which it was.
 */
const userKey = (tenantId: number, userId: number) => `login:user:${tenantId}:${userId}`;
const unknownKey = (tenant: number | string, who: string) => `login:name:${tenant}:${who.toLowerCase()}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

/** Refuses before any password work when the address has failed too often. */
async function checkAddress(services: Services, ip: string): Promise<void> {
  if ((await services.counters.get(ipKey(ip))) >= services.config.loginMaxFailuresPerIp) {
    throw rateLimited('登录失败次数过多，请稍后再试');
  }
}

/**
 * Takes one of the account's tries before its password is checked, atomically and on every node
 * at once, so a burst of N tries checks at most loginMaxFailures of them; refuses when none is left.
 */
async function takeTry(services: Services, acct: string): Promise<Take> {
  const { counters, config } = services;
  const slot = await counters.take(acct, config.loginMaxFailures, config.loginLockSeconds);
  if (!slot.taken) throw rateLimited(`密码错误次数过多，账号已锁定，请${lockMinutes(slot.ttl)}分钟后再试`);
  return slot;
}

/** A wrong password on a taken try: counts it against the address; returns the tries left, or throws the lock. */
async function countFailure(services: Services, slot: Take, ip: string): Promise<number> {
  const { counters, config } = services;
  await counters.hit(ipKey(ip), config.loginLockSeconds);
  if (slot.count >= config.loginMaxFailures) {
    throw rateLimited(`密码错误次数过多，账号已锁定，请${lockMinutes(config.loginLockSeconds)}分钟后再试`);
  }
  return config.loginMaxFailures - slot.count;
}

async function recordFailure(services: Services, slot: Take, ip: string): Promise<never> {
  const left = await countFailure(services, slot, ip);
  throw new AppError(ErrorCode.validation, `${WRONG}，还可尝试${left}次`);
}

async function login(
  services: Services,
  memberCode: string,
  who: { by: 'userName' | 'phone'; value: string },
  cipher: string,
  meta: { ip: string; userAgent?: string },
) {
  const password = await decryptPassword('password', cipher);
  const tenant = await services.tenantByCode(memberCode.trim());
  await checkAddress(services, meta.ip);
  if (!tenant) {
    const slot = await takeTry(services, unknownKey(`code:${memberCode.trim().toLowerCase()}`, who.value));
    await verifyPassword(undefined, password);
    return recordFailure(services, slot, meta.ip);
  }
  if (!tenant.enabled) throw new AppError(ErrorCode.forbidden, '该企业已停用，请联系服务商');
  const { token, hash } = newToken(tenant.id);
  const outcome = await services.db.withTenant(tenant.id, async (tx) => {
    const user = await services.ports.accounts.find(tx, who.by, who.value);
    const acct = user ? userKey(tenant.id, user.id) : unknownKey(tenant.id, who.value);
    const slot = await takeTry(services, acct);
    if (!(await verifyPassword(user?.passwordHash, password)) || !user) return { wrong: slot };
    // the right password gives the account its tries back, even when the user is disabled
    await services.counters.reset(acct);
    if (!user.enabled) return 'disabled' as const;
    await tx.insert(sessions).values({
      userId: user.id,
      tokenHash: hash,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300),
      expiresAt: sql`now() + make_interval(mins => ${services.config.sessionIdleMinutes}::int)`,
    });
    await audit(tx, user.id, 'session', null, 'login', { ip: meta.ip });
    return 'ok' as const;
  });
  if (typeof outcome === 'object') return recordFailure(services, outcome.wrong, meta.ip);
  if (outcome === 'disabled') throw new AppError(ErrorCode.forbidden, '该账号已被停用，请联系管理员');
  const session = await resolveSession(services, token);
  return { token, userInfo: userInfoOf(session) };
}

/** Checks the signed-in user's own password, throttled like a login (the lock screen is a login). */
async function checkOwnPassword(
  ctx: { services: Services; session: SessionInfo; tx: Tx },
  cipher: string,
  ip: string,
  field: string,
) {
  const plain = await decryptPassword(field, cipher);
  const acct = userKey(ctx.session.tenantId, ctx.session.userId);
  await checkAddress(ctx.services, ip);
  const slot = await takeTry(ctx.services, acct);
  const user = await ctx.services.ports.accounts.byId(ctx.tx, ctx.session.userId);
  if (!(await verifyPassword(user?.passwordHash, plain))) {
    const left = await countFailure(ctx.services, slot, ip);
    throw fieldError(field, `密码错误，还可尝试${left}次`);
  }
  await ctx.services.counters.reset(acct);
  return plain;
}

const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
  ip: req.ip,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
});

export const authRoutes = [
  handle(authApi.login, {
    tx: false,
    handler: ({ services, body, req }) =>
      login(
        services,
        body.memberCode,
        { by: 'userName', value: body.userName.trim() },
        body.password,
        meta(req),
      ),
  }),
  handle(authApi.loginByPhone, {
    tx: false,
    handler: ({ services, body, req }) =>
      login(services, body.memberCode, { by: 'phone', value: body.phone.trim() }, body.password, meta(req)),
  }),
  handle(authApi.logout, {
    handler: async ({ tx, session }) => {
      await tx.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.id, session.sessionId));
      await audit(tx, session.userId, 'session', session.sessionId, 'logout');
      return true;
    },
  }),
  handle(authApi.loginInfo, {
    tx: false,
    handler: async ({ session }) => userInfoOf(session),
  }),
  handle(authApi.userInfo, {
    tx: false,
    handler: async ({ services, req }) =>
      userInfoOf(await resolveSession(services, req.headers[TOKEN_HEADER] as string | undefined)),
  }),
  handle(authApi.updatePassword, {
    handler: async (ctx) => {
      const old = await checkOwnPassword(ctx, ctx.body.oldPassword, ctx.req.ip, 'oldPassword');
      const next = await decryptPassword('newPassword', ctx.body.newPassword, '新密码');
      checkPasswordRule('newPassword', next);
      if (next === old) throw fieldError('newPassword', '新密码不能与原密码相同');
      await ctx.services.ports.accounts.setPasswordHash(ctx.tx, ctx.session.userId, await hashPassword(next));
      // other devices must sign in again with the new password
      await revokeSessions(ctx.tx, [ctx.session.userId], ctx.session.sessionId);
      await audit(ctx.tx, ctx.session.userId, 'user', ctx.session.userId, 'updatePassword');
      return true;
    },
  }),
  handle(authApi.validPassword, {
    handler: async (ctx) => {
      await checkOwnPassword(ctx, ctx.query.password, ctx.req.ip, 'password');
      return true;
    },
  }),
  handle(authApi.validatePassword, {
    handler: async (ctx) => {
      await checkOwnPassword(ctx, ctx.body.password, ctx.req.ip, 'password');
      return true;
    },
  }),
];
