import { formatFactoryTime } from '@factory/shared/factoryTime';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { material, materials, suppliers, units } from '../modules/information/index.ts';
import { calculate, mrpRunLines, suggestionsToPlans } from '../modules/mrp/index.ts';
import { planFlowOf } from '../modules/plans/index.ts';
import {
  orderRequests,
  purchaseOrder,
  purchaseOrderActions,
  purchaseOrderLines,
  purchaseRequest,
  purchaseRequestActions,
} from '../modules/purchase/index.ts';
import { users } from '../modules/setting/index.ts';
import { stockBalances } from '../modules/warehouse/index.ts';
import { setClock } from '../platform/clock.ts';
import type { Tx } from '../platform/db.ts';
import type { Actor } from '../platform/machine.ts';
import type { TenantInfo } from '../platform/services.ts';
import { qualityInspector } from './inspections.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Which supplier (by short name) sells a material, by what its code and name say. */
const SUPPLIED_BY: readonly (readonly [RegExp, string])[] = [
  [/铜/, '某铜业'],
  [/硅钢|钢板|油箱|散热器|外壳|紧固件|铭牌/, '宝钢硅钢'],
  [/绝缘|纸|纤维|绑扎|胶条/, '魏德曼绝缘'],
  [/油|漆/, '某变压器油'],
  [/套管/, '某套管'],
  [/开关|阀|温控|油位/, '某分接开关'],
];

/** Working days each supplier needs from order to delivery, by short name (MRP lead time). */
const LEAD_DAYS: Record<string, number> = {
  某铜业: 5,
  宝钢硅钢: 10,
  魏德曼绝缘: 7,
  某变压器油: 5,
  某套管: 15,
  某分接开关: 12,
};

/** A unit price (yuan, tax included) for a material: by its unit, steady over the year. */
function priceOf(code: string, unit: string | null): number {
  let h = 0;
  for (const ch of code) h = (Math.imul(h, 33) + ch.charCodeAt(0)) >>> 0;
  const base: Record<string, number> = { kg: 38, 米: 6, 张: 18, 个: 45, 套: 380, 台: 1_600, 升: 11 };
  return Math.round((base[unit ?? ''] ?? 25) * (1 + (h % 60) / 100) * 100) / 100;
}

/**
 * The bought materials' MRP parameters, as the planner keys them on the materials: each its
 * supplier's lead time; silicon steel bought in coils (at least 500 kg, in hundreds), copper in
 * 200 kg reels; the rest ten days' needs at a time.
 */
export async function seedMrpParameters(tx: Tx, adminId: number): Promise<void> {
  const sellers = new Map(
    (await tx.select({ id: suppliers.id, shortName: suppliers.shortName }).from(suppliers)).map((s) => [
      s.id,
      s.shortName ?? '',
    ]),
  );
  const supplierOf = await suppliersOf(tx);
  const bought = await tx
    .select({ id: materials.id, name: materials.name, unit: units.name })
    .from(materials)
    .leftJoin(units, eq(units.id, materials.mainUnitId))
    .where(inArray(materials.materialType, [0, 3]))
    .orderBy(asc(materials.code));
  for (const m of bought) {
    const supplier = sellers.get(supplierOf(m.id) ?? 0) ?? '';
    const lot = /硅钢/.test(m.name)
      ? { lotSizeRule: 2, minOrderQty: 500, orderMultiple: 100 }
      : /铜线|扁线/.test(m.name) && m.unit === 'kg'
        ? { lotSizeRule: 1, fixedLotQty: 200 }
        : { lotSizeRule: 3, periodDays: 10 };
    await material.update(tx, adminId, m.id, {
      procurementType: 1,
      leadTimeDays: LEAD_DAYS[supplier] ?? 7,
      ...lot,
    });
  }
}

/** Who supplies each material: the supplier its code and name point to, else one in turn. */
async function suppliersOf(tx: Tx): Promise<(materialsId: number) => number | undefined> {
  const sellers = await tx
    .select({ id: suppliers.id, shortName: suppliers.shortName })
    .from(suppliers)
    .orderBy(asc(suppliers.id));
  const stuff = new Map(
    (await tx.select({ id: materials.id, code: materials.code, name: materials.name }).from(materials)).map(
      (m) => [m.id, m],
    ),
  );
  return (materialsId) => {
    const m = stuff.get(materialsId);
    if (!m || !sellers.length) return undefined;
    const named = SUPPLIED_BY.find(([re]) => re.test(`${m.code}${m.name}`))?.[1];
    return (sellers.find((s) => s.shortName === named) ?? sellers[materialsId % sellers.length]).id;
  };
}

export type Delivery = { materialsId: number; quantity: number; locationId?: number | null };

/**
 * The buying side of the stock demo (DOMAIN "Purchase"): raw materials come in against purchase
 * orders to the supplier of each material, ordered `leadDays` before they arrive and confirmed
 * the same day, received into the raw-material warehouse on arrival — whole, in part, or not yet
 * (still open) — through the purchase module's own services, as the buyer and the keeper would.
 */
export async function purchaser(
  tx: Tx,
  tenant: TenantInfo,
  buyerId: number,
  keeperId: number,
  warehouseId: number,
) {
  const buyer: Actor = { userId: buyerId, tenant, permissions: new Set(), isAdmin: true };
  const keeper: Actor = { userId: keeperId, tenant, permissions: new Set(), isAdmin: true };
  // the incoming inspection of what a plan covers, done on arrival so the stock is released
  const inspector = await qualityInspector(tx, tenant, `${tenant.memberCode}:incoming`);
  const supplierOf = await suppliersOf(tx);
  const stuff = new Map(
    (
      await tx
        .select({ id: materials.id, code: materials.code, unit: units.name })
        .from(materials)
        .leftJoin(units, eq(units.id, materials.mainUnitId))
    ).map((m) => [m.id, m]),
  );
  let batch = 0;

  /** One supplier's order for these lines, confirmed; answers its id and lines in order. */
  async function order(supplierId: number, lines: Delivery[], orderedAt: Date, due: Date) {
    setClock(tx, orderedAt);
    const id = await purchaseOrder.create(tx, buyerId, {
      supplierId,
      buyerId,
      lines: lines.map((l) => {
        const m = stuff.get(l.materialsId);
        return {
          materialsId: l.materialsId,
          quantity: l.quantity,
          unitPrice: priceOf(m?.code ?? '', m?.unit ?? null),
          taxRate: 13,
          deliveryTime: formatFactoryTime(due),
        };
      }),
    });
    setClock(tx, new Date(orderedAt.getTime() + HOUR));
    await purchaseOrderActions.act(tx, buyer, 'confirm', { id });
    const rows = await tx
      .select({ id: purchaseOrderLines.id })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.orderId, id))
      .orderBy(asc(purchaseOrderLines.lineNo));
    return { id, lineIds: rows.map((r) => r.id) };
  }

  return {
    /**
     * The lines arrive at `at`, ordered `leadDays` before from each material's supplier: `share`
     * of each line is received (1 whole, 0 nothing yet — the order stays open); a lot its
     * incoming inspection covers is inspected on arrival (unless not `inspect`: it waits) and
     * fails with `failRate`.
     */
    async deliver(at: Date, lines: Delivery[], leadDays: number, share = 1, failRate = 0, inspect = true) {
      const bySupplier = new Map<number, Delivery[]>();
      for (const l of lines) {
        const s = supplierOf(l.materialsId);
        if (s !== undefined) bySupplier.set(s, [...(bySupplier.get(s) ?? []), l]);
      }
      let k = 0;
      for (const [supplierId, own] of bySupplier) {
        const when = new Date(at.getTime() + k++ * 25 * 60_000);
        const placed = await order(supplierId, own, new Date(when.getTime() - leadDays * DAY), when);
        if (share <= 0) continue;
        setClock(tx, when);
        const produced = new Date(when.getTime() - (10 + (batch % 20)) * DAY);
        batch++;
        await purchaseOrderActions.act(tx, keeper, 'receive', {
          id: placed.id,
          body: {
            warehouseId,
            lines: own.map((l, i) => ({
              lineId: placed.lineIds[i],
              quantity: share >= 1 ? l.quantity : Math.max(1, Math.floor(l.quantity * share)),
              locationId: l.locationId ?? null,
              supplierBatch: `S${formatFactoryTime(produced).slice(2, 10).replaceAll('-', '')}-${(batch % 9) + 1}`,
              productionDate: formatFactoryTime(produced).slice(0, 10),
            })),
          },
        });
        if (inspect) await inspector?.inspectRaised('receipt', when.getTime(), failRate);
      }
      setClock(tx, undefined);
    },
  };
}

/**
 * What the buyer has in hand today: requests for the materials running lowest against their
 * lower limit (or their fortnight's use), some submitted, one ordered into an order still to
 * confirm, the newest still to submit.
 */
export async function seedOpenPurchase(
  tx: Tx,
  tenant: TenantInfo,
  buyerId: number,
  now = Date.now(),
): Promise<void> {
  // the planner asks for what the shelves will lack
  const [planner] = await tx.select({ id: users.id }).from(users).where(eq(users.userName, 'jihua01'));
  const requesterId = planner?.id ?? buyerId;
  const actor: Actor = { userId: requesterId, tenant, permissions: new Set(), isAdmin: true };
  const candidates = await tx
    .select({ id: materials.id, lowerLimit: materials.lowerLimit })
    .from(materials)
    .where(inArray(materials.materialType, [0, 3]))
    .orderBy(asc(materials.code));
  const onHand = new Map(
    (
      await tx
        .select({ id: stockBalances.materialsId, q: stockBalances.onHand })
        .from(stockBalances)
        .where(
          inArray(
            stockBalances.materialsId,
            candidates.map((c) => c.id),
          ),
        )
    ).map((r) => [r.id, Number(r.q)]),
  );
  const chosen = candidates
    .map((c) => ({ ...c, have: onHand.get(c.id) ?? 0 }))
    .sort((a, b) => a.have - b.have || a.id - b.id)
    .slice(0, 6);
  const ids: number[] = [];
  for (const [i, c] of chosen.entries()) {
    setClock(tx, new Date(now - (6 - i) * 5 * HOUR));
    const want = Math.max(Number(c.lowerLimit ?? 0) * 2 - c.have, 50);
    const id = await purchaseRequest.create(tx, requesterId, {
      materialsId: c.id,
      quantity: Math.ceil(want / 10) * 10,
      // 08:00 of a day one to three weeks out
      requiredDate: `${formatFactoryTime(new Date(now + (7 + i * 2) * DAY)).slice(0, 10)} 08:00:00`,
      remark: i < 2 ? '库存低于下限，请尽快采购' : null,
    });
    if (i < 4) await purchaseRequestActions.act(tx, actor, 'submit', { id });
    ids.push(id);
  }
  setClock(tx, undefined);
  // the buyer has turned the first one into an order, not yet priced with the supplier
  const supplierId = ids.length ? (await suppliersOf(tx))(chosen[0].id) : undefined;
  if (supplierId !== undefined) await orderRequests(tx, buyerId, { ids: [ids[0]], supplierId });
}

/** This morning's MRP run, by the planner, over everything open (its requests join the buyer's desk). */
export async function seedMrpRun(
  tx: Tx,
  tenant: TenantInfo,
  adminId: number,
  now = Date.now(),
): Promise<void> {
  const [planner] = await tx.select({ id: users.id }).from(users).where(eq(users.userName, 'jihua01'));
  const actor: Exclude<Actor, 'system'> = {
    userId: planner?.id ?? adminId,
    tenant,
    permissions: new Set(),
    isAdmin: true,
  };
  setClock(tx, new Date(now - 90 * 60_000));
  const run = await calculate(tx, actor.userId);
  // then plans the two most urgent make suggestions whose product has a flow to make it by
  setClock(tx, new Date(now - 60 * 60_000));
  const suggestions = await tx
    .select({ id: mrpRunLines.id, materialsId: mrpRunLines.materialsId })
    .from(mrpRunLines)
    .where(and(eq(mrpRunLines.runId, run.id), eq(mrpRunLines.procurementType, 0)))
    .orderBy(asc(mrpRunLines.releaseDate), asc(mrpRunLines.id));
  const lineIds: number[] = [];
  for (const s of suggestions) {
    if (lineIds.length === 2) break;
    if (
      await planFlowOf(tx, s.materialsId).then(
        () => true,
        () => false,
      )
    )
      lineIds.push(s.id);
  }
  if (lineIds.length) await suggestionsToPlans(tx, actor, { id: run.id, lineIds });
  setClock(tx, undefined);
}
