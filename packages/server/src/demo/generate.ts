import { DEMO_PASSWORD } from '@factory/shared/api/auth';
import type { TenantFlags } from '@factory/shared/tenantFlags';
import { sql } from 'drizzle-orm';
import { createRole, createUser } from '../modules/setting/index.ts';
import { hashPassword } from '../platform/password.ts';
import type { Services } from '../platform/services.ts';
import { createTenant } from '../platform/tenancy.ts';
import { seedCalls } from './calls.ts';
import { demoEquipment, seedEquipment } from './equipment.ts';
import { seedEquipmentReadings } from './equipmentReadings.ts';
import { seedEquipmentTasks } from './equipmentTasks.ts';
import { demoFactories, seedFactory } from './factory.ts';
import { seedMarketCatalogue } from './market.ts';
import { demoMaterials, seedMaterials } from './materials.ts';
import { demoMoulds, seedMoulds } from './mould.ts';
import { seedChangelog, seedNotificationRules } from './notifications.ts';
import { demoProcessFlows, seedProcessFlows } from './processFlows.ts';
import { demoProduction, seedProduction } from './production.ts';
import { seedMrpParameters, seedMrpRun, seedOpenPurchase } from './purchase.ts';
import { demoQuality, seedQuality } from './quality.ts';
import { demoQuotas, seedQuotaApplications, seedQuotas } from './quota.ts';
import { demoRepairs, seedRepairs } from './repairs.ts';
import { authorityFor, jobRoles } from './roles.ts';
import { demoSales, salesShipper, seedOpenSales } from './sales.ts';
import { seedHolidays, seedShifts } from './shifts.ts';
import { demoSpareParts, seedSpareParts } from './spareParts.ts';
import { demoStock, stockCompanion } from './stock.ts';
import { demoStorage, seedPackageCodes, seedStorage } from './storage.ts';

/** The demo tenants: together they show every tenant flag. Deterministic: same input, same rows. */
export const demoTenants: {
  memberCode: string;
  companyName: string;
  adminName: string;
  flags: TenantFlags;
  version: string;
}[] = [
  {
    memberCode: 'demo',
    companyName: '演示智造有限公司',
    adminName: '演示管理员',
    version: 'V3.2.0',
    flags: { hideLock: true, hideLogout: true, bomTab: true, inspectionTabs: true },
  },
  {
    memberCode: 'provider',
    companyName: '智造云服务商',
    adminName: '平台管理员',
    version: 'V3.2.0',
    flags: {
      providerConsole: true,
      changelogList: true,
      hideAppDownload: true,
      appMarketButton: true,
      logButtons: true,
    },
  },
  {
    memberCode: 'transformer',
    companyName: '华东变压器制造有限公司',
    adminName: '系统管理员',
    version: 'V3.2.0',
    flags: {
      workshopBoards: true,
      batchStockIn: true,
      splitWorkOrder: true,
      bomTab: true,
      inspectionTabs: true,
      releaseSlipLabel: true,
    },
  },
  {
    memberCode: 'machinery',
    companyName: '精工机械装备股份有限公司',
    adminName: '系统管理员',
    version: 'V3.2.0',
    // a small works whose keepers take fault reports as they come: no audit step (维修免审核)
    flags: { compactBoards: true, hideUserEquipment: true, logButtons: true, skipRepairAudit: true },
  },
];

/** The accounts every demo tenant has (all with DEMO_PASSWORD), for the start-up table. */
export function demoAccounts(): { userName: string; name: string; role: string }[] {
  return [
    { userName: 'admin', name: '管理员', role: '超级管理员' },
    ...jobRoles.flatMap((r) => r.users.map(([userName, name]) => ({ userName, name, role: r.name }))),
  ];
}

/** The provider's admin, as the author of the demo changelog. */
async function providerAdmin(services: Services) {
  const [row] = await services.db.systemQuery<{ tenant_id: number; id: number; name: string }>(
    sql`select u.tenant_id, u.id, u.name from users u join tenant t on t.id = u.tenant_id
      where t.flags->>'providerConsole' = 'true' and u.user_name = 'admin' limit 1`,
  );
  return { tenantId: row.tenant_id, userId: row.id, name: row.name };
}

/** Where seedDemo says how long each phase took (debug level): the server's logger, or nothing. */
export interface DemoLog {
  debug(fields: Record<string, unknown>, message: string): void;
}

/** Times the phases of the demo: `phase(name, fn)` runs fn and logs its milliseconds. */
function phases(log: DemoLog | undefined, tenant?: string) {
  return async <T>(phase: string, fn: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await fn();
    } finally {
      log?.debug({ tenant, phase, ms: Math.round(performance.now() - start) }, 'demo phase');
    }
  };
}

/** Writes the demo tenants through the same services the API uses, only into an empty database. */
export async function seedDemo(services: Services, log?: DemoLog): Promise<boolean> {
  const timed = phases(log);
  // global and idempotent: also fills a database whose demo was written before the market existed
  await timed('market', () => seedMarketCatalogue(services));
  const [{ n }] = await services.db.systemQuery<{ n: number }>(sql`select count(*)::int as n from tenant`);
  if (n > 0) return false;
  // one hash of the demo password serves every job-role account, as people.ts does for operators
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const t of demoTenants) {
    const phase = phases(log, t.memberCode);
    await phase('tenant', () =>
      createTenant(services, null, { ...t, adminPassword: DEMO_PASSWORD }, async (tx, tenantId, adminId) => {
        await phase('users', async () => {
          for (const role of jobRoles) {
            const roleId = await createRole(tx, adminId, {
              name: role.name,
              remark: role.remark,
              authority: authorityFor(role.grant),
            });
            for (const [userName, name] of role.users) {
              await createUser(tx, adminId, {
                userName,
                name,
                password: DEMO_PASSWORD,
                passwordHash,
                roleIds: [roleId],
              });
            }
          }
        });
        // before the factory, whose operators are put on the shifts
        await phase('shifts', async () => {
          await seedShifts(tx, adminId);
          await seedHolidays(tx, adminId);
        });
        const factory = demoFactories[t.memberCode];
        if (factory) await phase('factory', () => seedFactory(tx, adminId, factory));
        const catalogue = demoMaterials[t.memberCode];
        if (catalogue) await phase('materials', () => seedMaterials(tx, adminId, catalogue));
        const flows = demoProcessFlows[t.memberCode];
        if (flows) await phase('processFlows', () => seedProcessFlows(tx, adminId, flows));
        // the quality department's items, defects and plans, on the materials and procedures
        if (demoQuality.has(t.memberCode)) await phase('quality', () => seedQuality(tx, adminId));
        // after the materials, whose codes the packages name
        const storage = demoStorage[t.memberCode];
        if (storage) await phase('storage', () => seedStorage(tx, adminId, storage));
        // after the storage demo, whose equipment classes file the machines
        const register = demoEquipment[t.memberCode];
        if (register) await phase('equipment', () => seedEquipment(tx, adminId, register));
        // the spare parts the repairs after it take from stock
        if (demoSpareParts.has(t.memberCode)) await phase('spareParts', () => seedSpareParts(tx, adminId));
        if (t.memberCode === 'transformer')
          await phase('equipmentTasks', () =>
            seedEquipmentTasks(tx, { ...t, id: tenantId, logo: null, configVersion: 0 }, adminId),
          );
        if (t.memberCode === 'transformer')
          await phase('equipmentReadings', () => seedEquipmentReadings(tx, adminId));
        if (t.memberCode === 'transformer')
          await phase('calls', () =>
            seedCalls(tx, { ...t, id: tenantId, logo: null, configVersion: 0 }, adminId),
          );
        // the keepers' year of repairs, the reports its checks, readings and calls filed worked off
        if (demoRepairs.has(t.memberCode))
          await phase('repairs', () =>
            seedRepairs(tx, { ...t, id: tenantId, logo: null, configVersion: 0 }, adminId),
          );
        // after the flows, which say what can be planned on which line, and the customers
        const tenantInfo = { ...t, id: tenantId, logo: null, configVersion: 0 };
        // its raw materials' year in the warehouse moves with it: report work backflushes the line side
        const stock = demoStock[t.memberCode];
        // before the history, whose picks the quotas check
        if (demoQuotas.has(t.memberCode)) await phase('quotas', () => seedQuotas(tx, adminId));
        const warehouse = stock
          ? await phase('stock', () => stockCompanion(tx, tenantInfo, adminId, stock.weeks))
          : undefined;
        const history = demoProduction[t.memberCode];
        if (history)
          await phase('production', () =>
            seedProduction(tx, tenantInfo, adminId, history, warehouse?.companion),
          );
        // the keeper's asks for more than the quota on this week's open work orders
        if (history && demoQuotas.has(t.memberCode))
          await phase('quotaApplications', () => seedQuotaApplications(tx, tenantInfo, adminId));
        // finished goods go out against sales orders of the customers that ordered them
        const sells = demoSales.has(t.memberCode);
        if (warehouse)
          await phase('finishedGoods', () =>
            warehouse.finish(sells ? salesShipper(tx, tenantInfo, adminId) : undefined),
          );
        if (sells) await phase('openSales', () => seedOpenSales(tx, tenantInfo, adminId));
        // the buyer's desk today: requests to order, one order to price
        if (stock) {
          await phase('openPurchase', () => seedOpenPurchase(tx, tenantInfo, adminId));
          // the planner's MRP run of this morning, kept with what it suggested
          await phase('mrp', async () => {
            await seedMrpParameters(tx, adminId);
            await seedMrpRun(tx, tenantInfo, adminId);
          });
        }
        if (storage) await phase('packageCodes', () => seedPackageCodes(tx, adminId));
        // after the factory, the materials and the storage: its tank and fin moulds on the assembly line
        const moulds = demoMoulds[t.memberCode];
        if (moulds) await phase('moulds', () => seedMoulds(tx, tenantInfo, adminId, moulds));
        await phase('notificationRules', () => seedNotificationRules(tx, adminId));
      }),
    );
  }
  await timed('changelog', async () => seedChangelog(services, await providerAdmin(services)));
  return true;
}
