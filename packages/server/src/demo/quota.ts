import { and, asc, eq, exists, sql } from 'drizzle-orm';
import { bomItems, materials, processFlows } from '../modules/information/index.ts';
import { produceWorkOrders } from '../modules/plans/index.ts';
import {
  fileQuotaApplication,
  proposeQuota,
  quota,
  quotaActions,
  quotaApplyActions,
  quotaLines,
  quotas,
} from '../modules/purchase/index.ts';
import { users } from '../modules/setting/index.ts';
import { setClock } from '../platform/clock.ts';
import type { Tx } from '../platform/db.ts';
import type { TenantInfo } from '../platform/services.ts';
import { sessionOf } from './production.ts';

const DAY = 24 * 3_600_000;

/** The tenants whose planner keeps production quotas. */
export const demoQuotas: ReadonlySet<string> = new Set(['transformer']);

/** Tolerance the planner allows on every line (%): cut losses vary a little from coil to coil. */
const TOLERANCE = 3;

/**
 * The transformer works' production quotas (生产定额), keyed by the planner a year ago, before
 * the year of production the demo writes: for each finished product with a process flow, the
 * quota its BOM proposes for the flow's main version (用量 × (1 + 损耗率)) with a 3 % tolerance,
 * made effective. The first product's first quota, keyed without the tolerance, was replaced
 * the next day (作废), as the planner found the cut losses vary. The preparation orders the history
 * picks take what the plan's BOM requires, within these quotas, so no pick is refused.
 */
export async function seedQuotas(tx: Tx, adminId: number, now = Date.now()): Promise<void> {
  const products = await tx
    .selectDistinct({ id: materials.id, name: materials.name })
    .from(materials)
    .innerJoin(processFlows, eq(processFlows.materialId, materials.id))
    .where(
      and(
        eq(materials.materialType, 2),
        eq(materials.isVirtual, false),
        exists(tx.select({ one: sql`1` }).from(bomItems).where(eq(bomItems.parentId, materials.id))),
      ),
    )
    .orderBy(asc(materials.id));
  for (const [i, p] of products.entries()) {
    const start = new Date(now - 370 * DAY);
    const { versions } = await proposeQuota(tx, p.id);
    const main = versions.find((v) => v.isMain) ?? versions[0];
    const proposal = await proposeQuota(tx, p.id, main?.id ?? null);
    if (!proposal.lines.length) continue;
    const write = async (tolerancePct: number, at: Date, remark: string) => {
      setClock(tx, at);
      const id = await quota.create(tx, adminId, {
        materialsId: p.id,
        processFlowVersionId: main?.id ?? null,
        effectiveFrom: at.toISOString().slice(0, 10),
        remark,
        lines: proposal.lines.map((l) => ({
          materialsId: l.materialsId,
          quotaPerUnit: l.quotaPerUnit,
          tolerancePct,
          remark: l.via ? `经虚拟件“${l.via}”展开` : null,
        })),
      });
      await quotaActions.act(tx, 'system', 'effect', { id });
    };
    if (i === 0) await write(0, start, '按BOM生成，未留允差');
    await write(TOLERANCE, new Date(start.getTime() + (i === 0 ? DAY : 0)), `按BOM生成，允差${TOLERANCE}%`);
  }
  setClock(tx, undefined);
}

/**
 * This week's over-quota applications (超定额申请) on the works' open work orders: the keeper asked
 * yesterday for more of the first quota material of the oldest one (a wire broke twice at 绕线)
 * and the administrator passed it; this morning's ask for the newest one still waits.
 * Filed and passed through the purchase module's services.
 */
export async function seedQuotaApplications(
  tx: Tx,
  tenant: TenantInfo,
  adminId: number,
  now = Date.now(),
): Promise<void> {
  const people = await tx
    .select({ id: users.id, userName: users.userName, name: users.name })
    .from(users)
    .where(sql`${users.userName} = 'cangguan01' or ${users.id} = ${adminId}`);
  const keeper = people.find((u) => u.userName === 'cangguan01');
  const admin = people.find((u) => u.id === adminId);
  if (!keeper || !admin) return;
  // open work orders whose product's effective quota lists a material, with that material
  const open = await tx
    .select({
      id: produceWorkOrders.id,
      materialsId: quotaLines.materialsId,
      quantity: produceWorkOrders.quantity,
    })
    .from(produceWorkOrders)
    .innerJoin(quotas, and(eq(quotas.materialsId, produceWorkOrders.materialsId), eq(quotas.status, 1)))
    .innerJoin(quotaLines, and(eq(quotaLines.quotaId, quotas.id), eq(quotaLines.lineNo, 1)))
    .where(eq(produceWorkOrders.status, 1))
    .orderBy(asc(produceWorkOrders.id));
  if (open.length < 2) return;
  const [oldest, newest] = [open[0], open[open.length - 1]];
  const day = (offset: number, hour: number) =>
    new Date(Math.floor((now + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000 + offset * DAY + hour * 3_600_000);
  const as = (u: { id: number; userName: string; name: string }) =>
    sessionOf(tenant, { ...u, stationId: null, frequencyId: null }, u.id === adminId);
  setClock(tx, day(-1, 15.5));
  const passed = await fileQuotaApplication(tx, as(keeper), {
    workOrderId: oldest.id,
    materialsId: oldest.materialsId,
    quantity: Math.max(1, Math.ceil(Number(oldest.quantity) * 0.5)),
    reason: '绕线时导线断线两次，重绕损耗超出定额，需补领',
  });
  setClock(tx, day(-1, 16.25));
  await quotaApplyActions.act(tx, as(admin), 'approve', { id: passed.id, version: passed.version });
  setClock(tx, day(0, 8.75));
  await fileQuotaApplication(tx, as(keeper), {
    workOrderId: newest.id,
    materialsId: newest.materialsId,
    quantity: Math.max(1, Math.ceil(Number(newest.quantity) * 0.3)),
    reason: '试验发现匝间短路，返修需补领',
  });
  setClock(tx, undefined);
}
