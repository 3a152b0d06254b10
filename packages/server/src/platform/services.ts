import { PAGE_SIZES } from '@factory/shared/api/list';
import { parseBaseRouter } from '@factory/shared/permissionTree';
import { webPermissionCodes } from '@factory/shared/routes';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Counters } from './counters.ts';
import type { Database, Tx } from './db.ts';
import { notFound } from './errors.ts';
import type { EventBus } from './events/bus.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { Ports, TenantSeed } from './ports.ts';
import type { NotificationHub } from './realtime/hub.ts';
import type { SessionCache } from './sessionCache.ts';

/** What every handler can reach besides its transaction. Built once per app. */
export interface Services {
  config: Config;
  db: Database;
  counters: Counters;
  /** The sockets this node holds and the fan-out to the other nodes (notifications). */
  notifications: NotificationHub;
  /** Sessions this node looked up lately, kept true across nodes (session.ts, cacheSessions). */
  sessions: SessionCache;
  /** Domain events: the subscribers and their delivery from the outbox. */
  events: EventBus;
  /** Background and scheduled work, on whichever node takes it first. */
  jobs: Jobs;
  /**
   * The tenant's settings every request may need, read from its basic config and cached per
   * config version: web permission codes (base_router) and list page sizes (page_size_config).
   */
  tenantSettings(tenant: Pick<TenantInfo, 'id' | 'configVersion'>): Promise<TenantSettings>;
  /** The registry row of a member code (case as stored), or undefined. */
  tenantByCode(memberCode: string): Promise<TenantRow | undefined>;
  /** For public calls that name their tenant by member code: runs fn in that tenant's transaction. */
  inTenantOf<T>(memberCode: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** What the modules fill of the platform's ports (user accounts for sign-in). */
  ports: Ports;
  /** The modules' seeders, in module order: what a new tenant starts with. */
  seeders: readonly ((tx: Tx, tenant: TenantSeed) => Promise<void>)[];
}

/** The tenant of a session, as the guard's lookup found it. */
export interface TenantInfo {
  id: number;
  memberCode: string;
  companyName: string;
  logo: string | null;
  version: string | null;
  flags: Record<string, boolean>;
  configVersion: number;
}

export interface TenantSettings {
  webCodes: readonly string[];
  pageSizes: readonly number[];
}

export interface TenantRow extends Record<string, unknown> {
  id: number;
  enabled: boolean;
}

export function createServices(
  config: Config,
  db: Database,
  counters: Counters,
  notifications: NotificationHub,
  sessions: SessionCache,
  modules: Pick<Services, 'ports' | 'seeders'>,
  background: Pick<Services, 'events' | 'jobs'>,
): Services {
  const cache = new Map<number, { version: number; settings: TenantSettings }>();
  const defaults = webPermissionCodes();
  return {
    config,
    db,
    counters,
    notifications,
    sessions,
    ...modules,
    ...background,
    async tenantSettings(tenant) {
      const hit = cache.get(tenant.id);
      if (hit && hit.version === tenant.configVersion) return hit.settings;
      const rows = await db.withTenant(tenant.id, (tx) =>
        tx.execute(
          sql`select code, value from basic_config where code in ('base_router', 'page_size_config')`,
        ),
      );
      const value = (code: string) =>
        (rows as unknown as { rows: { code: string; value: string }[] }).rows.find((r) => r.code === code)
          ?.value;
      const settings = {
        webCodes: parseBaseRouter(value('base_router')) ?? defaults,
        pageSizes: parsePageSizes(value('page_size_config')),
      };
      cache.set(tenant.id, { version: tenant.configVersion, settings });
      return settings;
    },
    async tenantByCode(memberCode) {
      const rows = await db.prepared<TenantRow>(
        'tenant_by_code',
        'select id, enabled from tenant where lower(member_code) = lower($1)',
        [memberCode.trim()],
      );
      return rows[0];
    },
    async inTenantOf(memberCode, fn) {
      const tenant = await this.tenantByCode(memberCode);
      if (!tenant?.enabled) throw notFound('企业');
      return db.withTenant(tenant.id, fn);
    },
  };
}

/** page_size_config holds the tenant's page-size options; the defaults when unset or unreadable. */
export function parsePageSizes(value: string | undefined): readonly number[] {
  try {
    const list = value ? JSON.parse(value) : undefined;
    if (Array.isArray(list) && list.length && list.every((n) => Number.isInteger(n) && n > 0)) return list;
  } catch {
    // unreadable: fall back
  }
  return PAGE_SIZES;
}
