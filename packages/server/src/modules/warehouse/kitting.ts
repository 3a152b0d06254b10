import { type KittingResult, warehouseApi } from '@factory/shared/api/warehouse';
import { fromMicro, micro } from '@factory/shared/decimal';
import { kittingEntity } from '@factory/shared/entities/kitting';
import { formatFactoryTime } from '@factory/shared/factoryTime';
import { eq, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import { crud } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { factoryTimeText } from '../../platform/factoryTime.ts';
import { lookedUp } from '../../platform/list.ts';
import { takeCodes } from '../../platform/numbering.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { sqlIn } from '../../platform/sqlIn.ts';
import { areas, materials, units } from '../information/index.ts';
import { produceOrders, producePlanMaterials, producePlans, produceWorkOrders } from '../plans/index.ts';
import { users } from '../setting/index.ts';
import { kittings, materialPrepLines, materialPreps, stockAllocations, stockBalances } from './schema.ts';

/** Saved analyses: list, detail, delete and export. */
export const kitting = crud({
  entity: kittingEntity,
  table: kittings,
  columns: {
    createdByName: lookedUp(kittings.createdBy, users.name),
  },
});

type Rows<T> = { rows: T[] };
/** Millionths as a number: exact below 2^53 (a division is rounded once, as parsing the decimal is). */
const num = (v: bigint) =>
  v <= 9_007_199_254_740_991n && v >= -9_007_199_254_740_991n ? Number(v) / 1e6 : Number(fromMicro(v));

/**
 * Kitting (齐套, DOMAIN "Kitting", docs/warehouse.md): the plans in the order they will run
 * (planned start, then the order's priority, then plan order). Each plan needs required − issued
 * of each material; what its own preparation orders hold (预占) covers it first, then each
 * material's free supply — what is available in every warehouse, line-side ones included, less
 * what open work orders were issued to their line side and have not used yet — is given to the
 * plans in turn. A plan is kitted when nothing it needs is short; the units it can make are the
 * least over its materials of (issued + covered) ÷ usage per unit, whole units, at most its
 * quantity. Four statements: the plans, their material lines, their holds, and each material once
 * with its names, its place in code order and its free supply.
 */
export async function calculateKitting(
  tx: Tx,
  planIds?: number[],
): Promise<Omit<KittingResult, 'id' | 'code'>> {
  const chosen = planIds?.length ? sqlIn(sql`p.id`, planIds) : sql`p.schedule_status in (0, 1, 2, 3)`;
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
  const planLines = ids.length
    ? (
        (await tx.execute(sql`
          select pm.plan_id, pm.material_id, pm.required_quantity::text as required,
            pm.issued_quantity::text as issued
          from ${producePlanMaterials} pm
          where ${sqlIn(sql`pm.plan_id`, ids)}
          order by pm.plan_id, pm.id`)) as unknown as Rows<{
          plan_id: number;
          material_id: number;
          required: string;
          issued: string;
        }>
      ).rows
    : [];
  const materialIds = [...new Set(planLines.map((l) => Number(l.material_id)))];
  const supply = new Map<number, bigint>();
  const named = new Map<
    number,
    { code: string; name: string; specifications: string | null; unit: string | null; rank: number }
  >();
  if (materialIds.length) {
    const rows = (
      (await tx.execute(sql`
        select m.id, m.code, m.name, m.specifications, u.name as unit,
          row_number() over (order by m.code) as rank,
          greatest(0, coalesce((select sum(b.on_hand - b.allocated) from ${stockBalances} b where b.materials_id = m.id), 0)
            - coalesce((select sum(greatest(pl.issued_quantity - pl.consumed_quantity, 0))
                from ${materialPrepLines} pl
                join ${materialPreps} p on p.id = pl.prep_id
                join ${produceWorkOrders} w on w.id = p.work_order_id
                where pl.materials_id = m.id and p.target_warehouse_id is not null and p.status in (1, 2, 3)
                  and w.status in (0, 1)), 0))::text as available
        from ${materials} m
        left join ${units} u on u.id = m.main_unit_id
        where ${sqlIn(sql`m.id`, materialIds)}`)) as unknown as Rows<{
        id: number;
        code: string;
        name: string;
        specifications: string | null;
        unit: string | null;
        rank: number | string;
        available: string | null;
      }>
    ).rows;
    for (const r of rows) {
      named.set(Number(r.id), {
        code: r.code,
        name: r.name,
        specifications: r.specifications,
        unit: r.unit,
        rank: Number(r.rank),
      });
      if (r.available !== null) supply.set(Number(r.id), micro(r.available));
    }
  }
  // what each plan's preparation orders hold on the shelves is its own, before the free supply
  const held = new Map<string, bigint>();
  if (ids.length) {
    const rows = (
      (await tx.execute(sql`
        select p.plan_id, pl.materials_id, sum(a.quantity)::text as held
        from ${stockAllocations} a
        join ${materialPrepLines} pl on pl.id = a.prep_line_id
        join ${materialPreps} p on p.id = pl.prep_id
        where ${sqlIn(sql`p.plan_id`, ids)}
        group by p.plan_id, pl.materials_id`)) as unknown as Rows<{
        plan_id: number;
        materials_id: number;
        held: string;
      }>
    ).rows;
    for (const r of rows) held.set(`${r.plan_id}:${r.materials_id}`, micro(r.held));
  }
  const left = new Map(materialIds.map((id) => [id, supply.get(id) ?? 0n]));
  // each plan's lines in its materials' code order (as the screens list them)
  const byPlan = new Map<number, ((typeof planLines)[number] & { m: number })[]>();
  for (const l of planLines) {
    const plan = Number(l.plan_id);
    let list = byPlan.get(plan);
    if (!list) {
      list = [];
      byPlan.set(plan, list);
    }
    list.push({ ...l, m: Number(l.material_id) });
  }
  const rankOf = (m: number) => named.get(m)?.rank ?? 0;
  for (const list of byPlan.values()) list.sort((a, b) => rankOf(a.m) - rankOf(b.m));

  const outLines: KittingResult['lines'] = [];
  const totals = new Map<number, { need: bigint; short: bigint; plans: number }>();
  const outPlans: KittingResult['plans'] = plans.map((p) => {
    const quantity = micro(String(p.quantity));
    let kitted = quantity;
    let short = 0;
    for (const l of byPlan.get(Number(p.id)) ?? []) {
      const m = l.m;
      const required = micro(l.required);
      const issued = micro(l.issued);
      const need = required > issued ? required - issued : 0n;
      const own = held.get(`${p.id}:${m}`) ?? 0n;
      const ownUsed = own < need ? own : need;
      const have = left.get(m) ?? 0n;
      const rest = need - ownUsed;
      const fromFree = have < rest ? (have > 0n ? have : 0n) : rest;
      left.set(m, have - fromFree);
      const allocated = ownUsed + fromFree;
      const shortage = need - allocated;
      if (shortage > 0n) short += 1;
      // whole units the covered part makes: (issued + allocated) × quantity ÷ required
      if (required > 0n) {
        const units = ((issued + allocated) * quantity) / required / 1_000_000n;
        const makes = units * 1_000_000n;
        if (makes < kitted) kitted = makes;
      }
      const material = named.get(m);
      outLines.push({
        planId: Number(p.id),
        materialsId: m,
        materialsCode: String(material?.code),
        materialsName: String(material?.name),
        unitName: material?.unit ?? null,
        required: num(required),
        issued: num(issued),
        need: num(need),
        allocated: num(allocated),
        shortage: num(shortage),
      });
      const t = totals.get(m) ?? { need: 0n, short: 0n, plans: 0 };
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
  const outMaterials: KittingResult['materials'] = [...totals].map(([m, t]) => {
    const material = named.get(m);
    return {
      materialsId: m,
      materialsCode: String(material?.code),
      materialsName: String(material?.name),
      materialsSpecifications: material?.specifications ?? null,
      unitName: material?.unit ?? null,
      need: num(t.need),
      supply: num(supply.get(m) ?? 0n),
      shortage: num(t.short),
      planCount: t.plans,
    };
  });
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
