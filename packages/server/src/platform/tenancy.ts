import type { TenantFlags } from '@factory/shared/tenantFlags';
import { asc, eq, sql } from 'drizzle-orm';
import { audit } from './audit.ts';
import { enterTenant, type Tx } from './db.ts';
import { conflict, notFound } from './errors.ts';
import { type ListPageQueryInput, listFields, listPage } from './list.ts';
import { basicConfig, tenants } from './schema.ts';
import type { Services } from './services.ts';

/**
 * The tenant registry is the one place that works across tenants, so it lives in the platform:
 * the provider's screens call it, and it enters each tenant's row-level security itself when it
 * writes that tenant's rows.
 */
export interface NewTenant {
  memberCode: string;
  companyName: string;
  logo?: string | null;
  version?: string | null;
  flags?: TenantFlags;
  adminName: string;
  /** Plain text, already decrypted and rule-checked. */
  adminPassword: string;
}

export type TenantRow = typeof tenants.$inferSelect;

export const tenantFields = listFields({
  memberCode: { column: tenants.memberCode, type: 'string', filter: ['eq', 'like'], sort: true },
  companyName: { column: tenants.companyName, type: 'string', filter: ['eq', 'like'], sort: true },
  enabled: { column: tenants.enabled, type: 'boolean', filter: ['eq'], sort: true },
  createdAt: { column: tenants.createdAt, type: 'date', filter: ['gte', 'lte', 'between'], sort: true },
});

export function tenantView(t: TenantRow) {
  return {
    id: t.id,
    memberCode: t.memberCode,
    companyName: t.companyName,
    logo: t.logo,
    version: t.version,
    enabled: t.enabled,
    flags: t.flags,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

/** Creates a tenant with its basic config and first admin user, all in one transaction. */
export async function createTenant(
  services: Services,
  actorId: number | null,
  input: NewTenant,
  /** Runs inside the new tenant, in the same transaction (the demo adds its data here). */
  then?: (tx: Tx, tenantId: number, adminId: number) => Promise<void>,
): Promise<TenantRow> {
  return services.db.withSystem(async (tx) => {
    const clash = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(sql`lower(${tenants.memberCode}) = lower(${input.memberCode})`);
    if (clash.length) throw conflict(`企业编码“${input.memberCode}”已被使用`, 'memberCode');
    const [row] = await tx
      .insert(tenants)
      .values({
        memberCode: input.memberCode,
        companyName: input.companyName,
        logo: input.logo ?? null,
        version: input.version ?? null,
        flags: input.flags ?? {},
      })
      .returning();
    await enterTenant(tx, row.id);
    for (const seed of services.seeders) await seed(tx, input);
    const adminId = await services.ports.accounts.createAdmin(tx, actorId, {
      name: input.adminName,
      password: input.adminPassword,
    });
    await audit(tx, actorId, 'tenant', row.id, 'add', { memberCode: input.memberCode });
    await then?.(tx, row.id, adminId);
    return row;
  });
}

export async function listTenants(services: Services, query: ListPageQueryInput) {
  const page = await services.db.withSystem((tx) =>
    listPage<TenantRow>(
      ({ total }) => tx.select({ ...tenantColumns, __total: total }).from(tenants),
      tenantFields,
      query,
      {
        defaultOrder: [asc(tenants.id)],
      },
    ),
  );
  return { content: page.content.map(tenantView), total: page.total };
}

export async function getTenant(services: Services, id: number) {
  const [row] = await services.db.withSystem((tx) => tx.select().from(tenants).where(eq(tenants.id, id)));
  if (!row) throw notFound('租户');
  return tenantView(row);
}

/** Edits the registry and the tenant's own basic config copy of its profile together. */
export async function updateTenant(
  services: Services,
  actorId: number,
  actorTenantId: number,
  input: {
    id: number;
    companyName?: string;
    logo?: string | null;
    version?: string | null;
    flags?: TenantFlags;
    enabled?: boolean;
  },
) {
  return services.db.withSystem(async (tx) => {
    const [before] = await tx.select().from(tenants).where(eq(tenants.id, input.id));
    if (!before) throw notFound('租户');
    if (input.enabled === false && input.id === actorTenantId) throw conflict('不能停用服务商自身的租户');
    const [row] = await tx
      .update(tenants)
      .set({
        ...(input.companyName !== undefined ? { companyName: input.companyName } : {}),
        ...(input.logo !== undefined ? { logo: input.logo } : {}),
        ...(input.version !== undefined ? { version: input.version } : {}),
        ...(input.flags !== undefined ? { flags: input.flags } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(tenants.id, input.id))
      .returning();
    await enterTenant(tx, row.id);
    const profile: [string, string | null | undefined][] = [
      ['companyName', input.companyName],
      ['companyLogo', input.logo],
      ['version', input.version],
    ];
    for (const [code, value] of profile) {
      if (value !== undefined)
        await tx
          .update(basicConfig)
          .set({ value: value ?? '' })
          .where(eq(basicConfig.code, code));
    }
    await tx.execute(sql`select app_tenant_config_changed()`);
    await audit(
      tx,
      actorId,
      'tenant',
      row.id,
      input.enabled === undefined ? 'modify' : input.enabled ? 'enable' : 'disable',
      {
        actorTenantId,
      },
    );
    return tenantView(row);
  });
}

const tenantColumns = {
  id: tenants.id,
  memberCode: tenants.memberCode,
  companyName: tenants.companyName,
  logo: tenants.logo,
  version: tenants.version,
  enabled: tenants.enabled,
  flags: tenants.flags,
  configVersion: tenants.configVersion,
  createdAt: tenants.createdAt,
  updatedAt: tenants.updatedAt,
};

/**
 * The flags of the tenant a transaction is in, for services that run without a session (a
 * reading's fault report) or whose hooks see only the transaction.
 */
export async function flagsOfTenant(tx: Tx): Promise<TenantFlags> {
  const [row] = await tx
    .select({ flags: tenants.flags })
    .from(tenants)
    .where(eq(tenants.id, sql`nullif(current_setting('app.tenant_id', true), '')::int`));
  return row?.flags ?? {};
}
