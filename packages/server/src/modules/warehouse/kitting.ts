import { type KittingResult, warehouseApi } from '@factory/shared/api/warehouse';
import { kittingEntity } from '@factory/shared/entities/kitting';
import { formatFactoryTime } from '@factory/shared/factoryTime';
import { eq, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { factoryTimeText } from '../../platform/factoryTime.ts';
import { takeCodes } from '../../platform/numbering.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { areas, materials, units } from '../information/index.ts';
import { produceOrders, producePlanMaterials, producePlans } from '../plans/index.ts';
import { users } from '../setting/index.ts';
import { fromMicro, micro } from './ledger.ts';
import { kittings, stockBalances } from './schema.ts';

/** Saved analyses: list, detail, delete and export. */
export const kitting = crud({
  entity: kittingEntity,
  table: kittings,
  columns: {
    createdByName: sql`(select u.name from ${users} u where u.id = ${qualified(kittings.createdBy)})`,
  },
});

type Rows<T> = { rows: T[] };
const num = (v: bigint) => Number(fromMicro(v));

/**
 * Kitting (齐套, DOMAIN "Kitting"): the plans in the order they will run (planned start, then the
 * order's priority, then plan order); each material's supply — what is available in every
 * warehouse, line-side ones included — is given to them in turn, each taking what it still needs
 * (required − issued). A plan is kitted when nothing it needs is short; the units it can make are
 * the least over its materials of (issued + allocated) ÷ usage per unit, whole units, at most its
 * quantity.
 */
export async function calculateKitting(
  tx: Tx,
  planIds?: number[],
): Promise<Omit<KittingResult, 'id' | 'code'>> {
  const chosen = planIds?.length
    ? sql`p.id in (${sql.join(
        planIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`p.schedule_status in (0, 1, 2, 3)`;
  const plans = (
    (await tx.execute(sql`
      select p.id, p.code, p.quantity::text as quantity, m.code as product_code, m.name as product_name,
        a.name as area_name, ${factoryTimeText(sql`p.plan_start_time`)} as plan_start_time
      from ${producePlans} p
      join ${materials} m on m.id = p.material_id
      left join ${produceOrders} o on o.id = p.order_id
      left join ${areas} a on a.id = p.area_id
      where ${chosen}
      order by p.plan_start_time nulls last, o.priority desc nulls last, p.id`)) as unknown as Rows<
      Record<string, string | number | null>
    >
  ).rows;
  const ids = plans.map((p) => Number(p.id));
  const lines = ids.length
    ? (
        (await tx.execute(sql`
          select pm.plan_id, pm.material_id, pm.required_quantity::text as required, pm.issued_quantity::text as issued,
            m.code, m.name, m.specifications, u.name as unit
          from ${producePlanMaterials} pm
          join ${materials} m on m.id = pm.material_id
          left join ${units} u on u.id = m.main_unit_id
          where pm.plan_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
          order by pm.plan_id, m.code`)) as unknown as Rows<Record<string, string | number | null>>
      ).rows
    : [];
  const materialIds = [...new Set(lines.map((l) => Number(l.material_id)))];
  const supply = new Map<number, bigint>();
  if (materialIds.length) {
    const rows = (
      (await tx.execute(sql`
        select materials_id, sum(on_hand - allocated)::text as available from ${stockBalances}
        where materials_id in (${sql.join(
          materialIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        group by materials_id`)) as unknown as Rows<{ materials_id: number; available: string }>
    ).rows;
    for (const r of rows) supply.set(Number(r.materials_id), micro(r.available));
  }
  const left = new Map(materialIds.map((id) => [id, supply.get(id) ?? 0n]));
  const byPlan = new Map<number, typeof lines>();
  for (const l of lines) byPlan.set(Number(l.plan_id), [...(byPlan.get(Number(l.plan_id)) ?? []), l]);

  const outLines: KittingResult['lines'] = [];
  const totals = new Map<
    number,
    { need: bigint; short: bigint; plans: number; row: (typeof lines)[number] }
  >();
  const outPlans: KittingResult['plans'] = plans.map((p) => {
    const quantity = micro(String(p.quantity));
    let kitted = quantity;
    let short = 0;
    for (const l of byPlan.get(Number(p.id)) ?? []) {
      const m = Number(l.material_id);
      const required = micro(String(l.required));
      const issued = micro(String(l.issued));
      const need = required > issued ? required - issued : 0n;
      const have = left.get(m) ?? 0n;
      const allocated = have < need ? (have > 0n ? have : 0n) : need;
      left.set(m, have - allocated);
      const shortage = need - allocated;
      if (shortage > 0n) short += 1;
      // whole units the covered part makes: (issued + allocated) × quantity ÷ required
      if (required > 0n) {
        const units = ((issued + allocated) * quantity) / required / 1_000_000n;
        const makes = units * 1_000_000n;
        if (makes < kitted) kitted = makes;
      }
      outLines.push({
        planId: Number(p.id),
        materialsId: m,
        materialsCode: String(l.code),
        materialsName: String(l.name),
        unitName: (l.unit as string | null) ?? null,
        required: num(required),
        issued: num(issued),
        need: num(need),
        allocated: num(allocated),
        shortage: num(shortage),
      });
      const t = totals.get(m) ?? { need: 0n, short: 0n, plans: 0, row: l };
      t.need += need;
      t.short += shortage;
      t.plans += 1;
      totals.set(m, t);
    }
    return {
      planId: Number(p.id),
      planCode: String(p.code),
      productCode: String(p.product_code),
      productName: String(p.product_name),
      areaName: (p.area_name as string | null) ?? null,
      planStartTime: (p.plan_start_time as string | null) ?? null,
      quantity: num(quantity),
      kittedQuantity: num(kitted),
      isKitted: short === 0,
      shortMaterialCount: short,
    };
  });
  const outMaterials: KittingResult['materials'] = [...totals].map(([m, t]) => ({
    materialsId: m,
    materialsCode: String(t.row.code),
    materialsName: String(t.row.name),
    materialsSpecifications: (t.row.specifications as string | null) ?? null,
    unitName: (t.row.unit as string | null) ?? null,
    need: num(t.need),
    supply: num(supply.get(m) ?? 0n),
    shortage: num(t.short),
    planCount: t.plans,
  }));
  outMaterials.sort((a, b) => b.shortage - a.shortage || a.materialsCode.localeCompare(b.materialsCode));
  return {
    calculatedAt: formatFactoryTime(nowOf(tx)),
    plans: outPlans,
    lines: outLines,
    materials: outMaterials,
  };
}

export const kittingRoutes: RouteDef[] = [
  ...kitting.routes,
  handle(warehouseApi.kittingCalculate, {
    handler: async ({ tx, session, body }) => {
      const result = await calculateKitting(tx, body.planIds);
      if (!body.save) return { id: null, code: null, ...result };
      const [code] = await takeCodes(tx, kittingEntity.name);
      const [row] = await tx
        .insert(kittings)
        .values({
          code,
          planCount: result.plans.length,
          kittedCount: result.plans.filter((p) => p.isKitted).length,
          shortMaterialCount: result.materials.filter((m) => m.shortage > 0).length,
          result,
          remark: body.remark?.trim() || null,
          createdBy: session.userId,
          createdAt: nowOf(tx),
        })
        .returning({ id: kittings.id });
      return { id: row.id, code, ...result };
    },
  }),
  handle(warehouseApi.kittingResult, {
    handler: async ({ tx, query }) => {
      const [row] = await tx
        .select({ id: kittings.id, code: kittings.code, result: kittings.result })
        .from(kittings)
        .where(eq(kittings.id, query.id));
      if (!row) throw notFound('齐套分析');
      return { ...(row.result as Omit<KittingResult, 'id' | 'code'>), id: row.id, code: row.code };
    },
  }),
];
