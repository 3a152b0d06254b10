import { asc, eq, inArray } from 'drizzle-orm';
import { areas, materials, procedures, warehouseLocations } from '../modules/information/index.ts';
import { mould, mouldHandle, mouldHandleActions } from '../modules/mould/index.ts';
import type { Tx } from '../platform/db.ts';
import type { Actor } from '../platform/machine.ts';
import type { TenantInfo } from '../platform/services.ts';

/**
 * The moulds of a tenant's demo (DOMAIN "Moulds"): name, cavities, design life (shots), the
 * procedure codes and material codes it serves, and what its handling documents did — 'lent' to
 * the line named, 'stocked' in, 'repair' stocked in and sent out for repair (pending audit),
 * 'new' with its stock-in document not yet submitted.
 */
interface DemoMould {
  name: string;
  cavities: number;
  designLife: number;
  procedures: readonly string[];
  materials: readonly string[];
  story: 'lent' | 'stocked' | 'repair' | 'new';
}

interface MouldModel {
  /** The line moulds are lent to. */
  line: string;
  moulds: readonly DemoMould[];
}

const transformer: MouldModel = {
  line: '总装一线',
  moulds: [
    {
      name: '油箱上盖冲压模',
      cavities: 1,
      designLife: 50_000,
      procedures: ['GX011'],
      materials: ['WGJ-JG-001'],
      story: 'lent',
    },
    {
      name: '油箱波纹片成型模',
      cavities: 2,
      designLife: 80_000,
      procedures: ['GX011'],
      materials: ['WGJ-JG-001'],
      story: 'lent',
    },
    {
      name: '散热片成型模',
      cavities: 4,
      designLife: 120_000,
      procedures: ['GX011'],
      materials: ['WGJ-JG-002'],
      story: 'stocked',
    },
    {
      name: '油箱法兰冲孔模',
      cavities: 2,
      designLife: 60_000,
      procedures: ['GX011'],
      materials: ['WGJ-JG-001'],
      story: 'repair',
    },
    {
      name: '散热片成型模（备模）',
      cavities: 4,
      designLife: 120_000,
      procedures: ['GX011'],
      materials: ['WGJ-JG-002'],
      story: 'new',
    },
  ],
};

/** Tenants with moulds (the transformer works stamps its tanks and radiator fins). */
export const demoMoulds: Readonly<Record<string, MouldModel>> = { transformer };

const idsOf = async (tx: Tx, table: typeof procedures | typeof materials, codes: readonly string[]) =>
  (
    await tx
      .select({ id: table.id })
      .from(table)
      .where(inArray(table.code, [...codes]))
  ).map((r) => r.id);

/**
 * Writes the moulds through the mould module's services: each made, and its documents written,
 * submitted and passed as the mould keeper and the equipment manager would.
 */
export async function seedMoulds(tx: Tx, tenant: TenantInfo, adminId: number, m: MouldModel): Promise<void> {
  const actor: Actor = { userId: adminId, tenant, permissions: new Set(), isAdmin: true };
  const [line] = await tx.select({ id: areas.id }).from(areas).where(eq(areas.name, m.line));
  const [location] = await tx
    .select({ id: warehouseLocations.id })
    .from(warehouseLocations)
    .orderBy(asc(warehouseLocations.code))
    .limit(1);
  const handle = async (
    mouldId: number,
    handleType: number,
    pass: boolean,
    more: Record<string, unknown> = {},
  ) => {
    const id = await mouldHandle.create(tx, adminId, { mouldId, handleType, userId: adminId, ...more });
    if (!pass) return;
    await mouldHandleActions.act(tx, actor, 'submit', { id });
    await mouldHandleActions.act(tx, actor, 'approve', { id });
  };
  for (const d of m.moulds) {
    const mouldId = await mould.create(tx, adminId, {
      name: d.name,
      cavities: d.cavities,
      designLife: d.designLife,
      warnPct: 90,
      locationId: location?.id ?? null,
      procedureIds: await idsOf(tx, procedures, d.procedures),
      materialsIds: await idsOf(tx, materials, d.materials),
    });
    if (d.story === 'new') {
      await handle(mouldId, 0, false, { reason: '新模具到货，待验收入库' });
      continue;
    }
    await handle(mouldId, 0, true, { reason: '新模具验收合格入库' });
    if (d.story === 'lent' && line)
      await handle(mouldId, 1, true, { areaId: line.id, reason: '油箱总装生产领用' });
    if (d.story === 'repair') {
      const id = await mouldHandle.create(tx, adminId, {
        mouldId,
        handleType: 3,
        userId: adminId,
        reason: '冲孔刃口崩缺，送模具厂修磨',
      });
      await mouldHandleActions.act(tx, actor, 'submit', { id });
    }
  }
}
