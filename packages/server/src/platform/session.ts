import { createHash, randomBytes } from 'node:crypto';
import { isAdmin, permissionList } from '@factory/shared/permissions';
import { TENANT_FLAGS } from '@factory/shared/tenantFlags';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Tx, WriteKind } from './db.ts';
import { forbidden, unauthenticated } from './errors.ts';
import type { NotificationBus } from './realtime/bus.ts';
import { sessions } from './schema.ts';
import type { Services, TenantInfo } from './services.ts';
import { SessionCache } from './sessionCache.ts';

/** What the guard knows about the caller of a private endpoint. */
export interface SessionInfo {
  sessionId: number;
  tenantId: number;
  tenant: TenantInfo;
  userId: number;
  userName: string;
  name: string;
  avatar: string | null;
  frequencyId: number | null;
  /** The current shift's and station's names (the header shows them). */
  frequencyName: string | null;
  stationId: number | null;
  stationName: string | null;
  fields: Record<string, unknown>;
  authority: string;
  isAdmin: boolean;
  /** Lower-cased permission codes: (checked ∪ half) ∩ base_router. */
  permissions: ReadonlySet<string>;
  /** The same codes as the route tree spells them, for the web client (all of them for admin). */
  permissionCodes: readonly string[];
  /** The tenant's list page sizes (page_size_config). */
  pageSizes: readonly number[];
  /** An administrator set the password: only the calls that change it are open. */
  mustChangePassword: boolean;
}

export const TOKEN_HEADER = 'token';

/**
 * Tokens are `<tenant id>.<256 random bits>`; only their SHA-256 is stored, so a leaked table grants
 * nothing. The tenant in the clear lets the lookup, which runs before a tenant is known, find the
 * session by (tenant_id, token_hash): one tenant's rows, one shard once tenants are distributed.
 */
export function newToken(tenantId: number): { token: string; hash: string } {
  const token = `${tenantId}.${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const TOKEN_FORMAT = /^([1-9]\d{0,9})\.[A-Za-z0-9_-]{43}$/;

/** The tenant a token names, or undefined for anything that is not a token of ours. */
export function tokenTenant(token: string): number | undefined {
  const match = TOKEN_FORMAT.exec(token);
  const tenantId = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(tenantId) && tenantId <= 2_147_483_647 ? tenantId : undefined;
}

interface SessionRow extends Record<string, unknown> {
  session_id: number;
  /** When the session expires unless used again (epoch ms), as it stood before this lookup. */
  expires_ms: number;
  user_id: number;
  user_name: string;
  name: string;
  avatar: string | null;
  frequency_id: number | null;
  frequency_name: string | null;
  station_id: number | null;
  station_name: string | null;
  fields: Record<string, unknown>;
  user_enabled: boolean;
  must_change_password: boolean;
  tenant_id: number;
  member_code: string;
  company_name: string;
  logo: string | null;
  version: string | null;
  flags: Record<string, boolean>;
  config_version: number;
  tenant_enabled: boolean;
  authority: string;
}

/**
 * One statement, one round trip: finds the live session, slides its idle expiry at most once a
 * minute, and returns user (with the names of their current shift and station), tenant and the
 * user's roles' authority joined by '|||'. The tables it reads are SESSION_SOURCES.
 */
export const LOOKUP_SQL = `
  with s as (
    select id, tenant_id, user_id, last_seen_at < now() - interval '60 seconds' as stale,
      (extract(epoch from expires_at) * 1000)::float8 as expires_ms
    from session
    where tenant_id = $1 and token_hash = $2 and revoked_at is null and expires_at > now()
  ), touched as (
    update session set last_seen_at = now(), expires_at = now() + make_interval(mins => $3::int)
    where tenant_id = $1 and id = (select id from s where stale)
  )
  select s.id::int as session_id, s.expires_ms, u.id as user_id, u.user_name, u.name, u.avatar, u.frequency_id,
    f.name as frequency_name, u.station_id, st.name as station_name, u.fields, u.enabled as user_enabled,
    u.must_change_password,
    t.id as tenant_id, t.member_code, t.company_name, t.logo, t.version, t.flags, t.config_version,
    t.enabled as tenant_enabled,
    coalesce((select string_agg(r.authority, '|||' order by r.id) from user_roles ur
      join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
      where ur.tenant_id = u.tenant_id and ur.user_id = u.id and r.enabled and r.authority <> ''), '') as authority
  from s join users u on u.tenant_id = s.tenant_id and u.id = s.user_id
  join tenant t on t.id = s.tenant_id
  left join frequency f on f.id = u.frequency_id and f.tenant_id = u.tenant_id
  left join station st on st.id = u.station_id and st.tenant_id = u.tenant_id`;

/**
 * The tables LOOKUP_SQL reads, and basic_config, which the tenant's settings (web codes, page
 * sizes) come from: a committed write to any of them may change what a cached session says. A new
 * session row changes none.
 */
export const SESSION_SOURCES: ReadonlySet<string> = new Set([
  'session',
  'users',
  'user_roles',
  'roles',
  'frequency',
  'station',
  'tenant',
  'basic_config',
]);

export const changesSessions = (table: string, kind: WriteKind) =>
  SESSION_SOURCES.has(table) && !(table === 'session' && kind === 'insert');

/**
 * This node's session cache, kept true on every node: a committed write that may change sessions
 * (logout, disabling, a password, roles and their authority, station, shift, tenant and its
 * config) forgets that tenant's sessions here before the writer goes on, and on the other nodes
 * through the bus. Without a listening bus (no Redis, or Redis away) the cache keeps nothing.
 */
export function cacheSessions(db: Database, bus: NotificationBus): { cache: SessionCache; stop(): void } {
  const cache = new SessionCache(() => bus.listening());
  bus.onSessionChange((tenantId) => cache.invalidate(tenantId));
  const stop = db.onCommittedWrite(changesSessions, async (tenantId) => {
    cache.invalidate(tenantId);
    await bus.publishSessionChange(tenantId);
  });
  return { cache, stop };
}

export async function lookup(services: Services, token: string): Promise<SessionRow | undefined> {
  const tenantId = tokenTenant(token);
  if (tenantId === undefined) return undefined;
  const hash = hashToken(token);
  const cached = services.sessions.get(hash);
  if (cached) return cached as SessionRow;
  const ticket = services.sessions.ticket();
  const [row] = await services.db.prepared<SessionRow>('session_lookup', LOOKUP_SQL, [
    tenantId,
    hash,
    services.config.sessionIdleMinutes,
  ]);
  if (row) services.sessions.put(hash, row, ticket);
  return row;
}

/**
 * Permission sets are parsed once per (tenant config version, authority, admin) and reused; one
 * cache per Services (one database), so processes holding several (the tests) never mix tenants.
 */
const permissionCaches = new WeakMap<
  Services,
  Map<string, { set: ReadonlySet<string>; codes: readonly string[] }>
>();
const PERMISSION_CACHE_MAX = 5000;

export async function resolveSession(services: Services, token: string | undefined): Promise<SessionInfo> {
  if (!token || token.length > 200) throw unauthenticated();
  const row = await lookup(services, token);
  if (!row?.user_enabled || !row.tenant_enabled) throw unauthenticated();
  const tenant: TenantInfo = {
    id: row.tenant_id,
    memberCode: row.member_code,
    companyName: row.company_name,
    logo: row.logo,
    version: row.version,
    flags: row.flags ?? {},
    configVersion: row.config_version,
  };
  const admin = isAdmin({ userName: row.user_name });
  const cacheKey = `${tenant.id}:${tenant.configVersion}:${admin}:${row.authority}`;
  const settings = await services.tenantSettings(tenant);
  let permissionCache = permissionCaches.get(services);
  if (!permissionCache) {
    permissionCache = new Map();
    permissionCaches.set(services, permissionCache);
  }
  let permissions = permissionCache.get(cacheKey);
  if (!permissions) {
    const webCodes = settings.webCodes;
    const set = permissionList(row.authority, webCodes);
    permissions = { set, codes: admin ? [...webCodes] : webCodes.filter((c) => set.has(c.toLowerCase())) };
    if (permissionCache.size >= PERMISSION_CACHE_MAX) permissionCache.clear();
    permissionCache.set(cacheKey, permissions);
  }
  return {
    sessionId: row.session_id,
    tenantId: tenant.id,
    tenant,
    userId: row.user_id,
    userName: row.user_name,
    name: row.name,
    avatar: row.avatar,
    frequencyId: row.frequency_id,
    frequencyName: row.frequency_name,
    stationId: row.station_id,
    stationName: row.station_name,
    fields: row.fields ?? {},
    authority: row.authority,
    isAdmin: admin,
    permissions: permissions.set,
    permissionCodes: permissions.codes,
    pageSizes: settings.pageSizes,
    mustChangePassword: row.must_change_password,
  };
}

export const PROVIDER_FLAG = 'providerConsole';

/** The one guard: every route's declared access is enforced here, before its body is parsed. */
export function installGuard(app: FastifyInstance, services: Services): void {
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const access = req.routeOptions.config?.access;
    if (!access || 'public' in access) return;
    const session = await resolveSession(services, req.headers[TOKEN_HEADER] as string | undefined);
    req.session = session;
    if (session.mustChangePassword && !('whilePasswordPending' in access && access.whilePasswordPending))
      throw forbidden('请先修改初始密码，再进行其他操作');
    if (access.provider && !session.tenant.flags[PROVIDER_FLAG]) throw forbidden('仅服务商可以使用此功能');
    if (
      'keys' in access &&
      !session.isAdmin &&
      !access.keys.some((k) => session.permissions.has(k.toLowerCase()))
    ) {
      throw forbidden();
    }
  });
  // a tenant variation after the keys and the schema: a user without the keys, or a malformed
  // request, is told so whatever the tenant has
  app.addHook('preHandler', async (req: FastifyRequest) => {
    const access = req.routeOptions.config?.access;
    if (access && 'flag' in access && access.flag && !req.session?.tenant.flags[access.flag])
      throw forbidden(`当前企业未开通“${TENANT_FLAGS[access.flag].label}”`);
  });
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
