import { and, asc, eq, exists, sql } from 'drizzle-orm';
import { bomItems, materials, processFlows } from '../modules/information/index.ts';
import { proposeQuota, quota, quotaActions } from '../modules/purchase/index.ts';
import { setClock } from '../platform/clock.ts';
import type { Tx } from '../platform/db.ts';

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
