import { formatFactoryTime } from '@factory/shared/factoryTime';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { batchNumbers, customers, materials, warehouses } from '../modules/information/index.ts';
import { produceOrders } from '../modules/plans/index.ts';
import {
  salesOrder,
  salesOrderActions,
  salesOrderLines,
  salesOrderProduces,
  salesOrders,
  salesShipments,
} from '../modules/sales/index.ts';
import { stockBalances, stockDocs, stockMovements } from '../modules/warehouse/index.ts';
import { setClock } from '../platform/clock.ts';
import type { Tx } from '../platform/db.ts';
import type { Actor } from '../platform/machine.ts';
import type { TenantInfo } from '../platform/services.ts';
import type { ShipFinished } from './stock.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The factory's clock: China Standard Time, UTC+8. */
const CST = 8 * HOUR;

/** That day's `hour` o'clock, factory time, `days` after `t`. */
const dayAt = (t: number, days: number, hour: number) =>
  new Date(Math.floor((t + CST) / DAY) * DAY - CST + days * DAY + hour * HOUR);

/** Tenants whose finished goods go out against sales orders. */
export const demoSales: ReadonlySet<string> = new Set(['transformer']);

/** A small deterministic generator (mulberry32): the same tenant gets the same orders. */
function generator(seed: string) {
  let a = 0;
  for (const ch of seed) a = (Math.imul(a, 31) + ch.charCodeAt(0)) | 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
}

/** A product's list price (yuan, tax included): a transformer's by its code, steady over the year. */
function priceOf(code: string): number {
  let h = 0;
  for (const ch of code) h = (Math.imul(h, 33) + ch.charCodeAt(0)) >>> 0;
  return 48_000 + (h % 40) * 2_500;
}

const actorOf = (tenant: TenantInfo, userId: number): Actor => ({
  userId,
  tenant,
  permissions: new Set(),
  isAdmin: true,
});

/** A sales order of one line through the service, as the salesperson keys it; answers its id and line. */
async function addOrder(
  tx: Tx,
  userId: number,
  o: {
    customerId: number;
    materialsId: number;
    code: string;
    quantity: number;
    delivery: Date;
    remark?: string | null;
  },
) {
  const id = await salesOrder.create(tx, userId, {
    customerId: o.customerId,
    remark: o.remark ?? null,
    lines: [
      {
        materialsId: o.materialsId,
        quantity: o.quantity,
        unitPrice: priceOf(o.code),
        taxRate: 13,
        deliveryTime: formatFactoryTime(o.delivery),
      },
    ],
  });
  const [line] = await tx
    .select({ id: salesOrderLines.id })
    .from(salesOrderLines)
    .where(eq(salesOrderLines.orderId, id));
  return { id, lineId: line.id };
}

/**
 * The year's shipments against sales orders: each production order shipped had a customer's sales
 * order two days before it, confirmed with that production order covering it (so no other was
 * made); the shipment goes out against it, and what production came short of is closed.
 */
export function salesShipper(tx: Tx, tenant: TenantInfo, userId: number): ShipFinished {
  const actor = actorOf(tenant, userId);
  /** The sales order of each production order, once made (a large order ships plan by plan). */
  const made = new Map<string, { id: number; lineId: number; quantity: number }>();
  return async ({ at, orderCode, warehouseId, lines }) => {
    let order = made.get(orderCode);
    if (!order) {
      const [po] = await tx
        .select({
          id: produceOrders.id,
          customerId: produceOrders.customerId,
          materialsId: produceOrders.materialsId,
          code: materials.code,
          quantity: produceOrders.quantity,
          deliveryTime: produceOrders.deliveryTime,
          createdAt: produceOrders.createdAt,
        })
        .from(produceOrders)
        .innerJoin(materials, eq(materials.id, produceOrders.materialsId))
        .where(eq(produceOrders.code, orderCode));
      if (!po?.customerId) return false;
      setClock(tx, new Date(po.createdAt.getTime() - 2 * DAY));
      const added = await addOrder(tx, userId, {
        customerId: po.customerId,
        materialsId: po.materialsId,
        code: po.code,
        quantity: Number(po.quantity),
        delivery: po.deliveryTime,
      });
      await tx
        .insert(salesOrderProduces)
        .values({ orderId: added.id, lineId: added.lineId, produceOrderId: po.id });
      await salesOrderActions.act(tx, actor, 'confirm', { id: added.id });
      order = { ...added, quantity: Number(po.quantity) };
      made.set(orderCode, order);
    }
    setClock(tx, new Date(at));
    const picks = [];
    for (const l of lines) {
      const quantity = Math.min(order.quantity, Number(l.quantity));
      if (quantity <= 0) break;
      picks.push({ lineId: order.lineId, batchCode: l.batchCode, quantity });
      order.quantity -= quantity;
    }
    if (!picks.length) return false;
    await salesOrderActions.act(tx, actor, 'ship', {
      id: order.id,
      body: { warehouseId, lines: picks, remark: null },
    });
    return true;
  };
}

/**
 * Sales orders partly shipped whose production finished with nothing more to stock: the rest is
 * dropped (关闭 with the reason), as the salesperson agrees with the customer.
 */
async function closeShort(tx: Tx, actor: Actor) {
  const short = await tx
    .select({ id: salesOrders.id })
    .from(salesOrders)
    .where(
      and(
        eq(salesOrders.status, 1),
        sql`not exists (select 1 from ${salesOrderProduces} l join ${produceOrders} po on po.id = l.produce_order_id
          where l.order_id = ${salesOrders.id} and (po.plan_status <> 2 or po.completed_quantity > ${salesOrders.shippedQuantity}))`,
      ),
    )
    .orderBy(salesOrders.id);
  for (const o of short)
    await salesOrderActions.act(tx, actor, 'close', {
      id: o.id,
      reason: '生产数量不足，余量经与客户协商不再发货',
    });
}

/** Why the demo's customers sent goods back, one return each. */
const RETURN_REASONS = ['运输途中外壳磕碰，客户退回返修', '客户现场验收发现渗油，退回检修'];

/**
 * The last shipped orders of two customers each send one unit back (退货, through the service) a
 * few days after it left, naming the batch it went out of: the returns wait in their own batches.
 */
async function returnSome(tx: Tx, actor: Actor, now: number) {
  const shipped = await tx
    .select({
      orderId: salesShipments.orderId,
      lineId: salesShipments.lineId,
      warehouseId: stockDocs.warehouseId,
      batchCode: batchNumbers.code,
      at: stockDocs.postedAt,
    })
    .from(salesShipments)
    .innerJoin(salesOrders, eq(salesOrders.id, salesShipments.orderId))
    .innerJoin(stockDocs, eq(stockDocs.id, salesShipments.stockDocId))
    .innerJoin(
      stockMovements,
      and(
        eq(stockMovements.docLineId, salesShipments.stockDocLineId),
        eq(stockMovements.docId, stockDocs.id),
      ),
    )
    .innerJoin(batchNumbers, eq(batchNumbers.id, stockMovements.batchId))
    .where(and(eq(salesOrders.status, 2), isNull(salesShipments.reversedAt)))
    .orderBy(desc(salesShipments.id))
    .limit(20);
  const taken = new Set<number>();
  for (const s of shipped) {
    if (taken.has(s.orderId) || taken.size === RETURN_REASONS.length) continue;
    setClock(tx, new Date(Math.min(now - 2 * HOUR, (s.at?.getTime() ?? now) + 3 * DAY)));
    await salesOrderActions.act(tx, actor, 'returnGoods', {
      id: s.orderId,
      reason: RETURN_REASONS[taken.size],
      body: {
        warehouseId: s.warehouseId,
        lines: [{ lineId: s.lineId, batchCode: s.batchCode, quantity: 1 }],
        remark: null,
      },
    });
    taken.add(s.orderId);
  }
}

/**
 * Today's sales: the goods waiting in the finished-goods warehouse are on confirmed orders of
 * their customers (to ship next); new orders from the grid, wind-power and railway customers for
 * the coming months, the first ones confirmed (production orders made for what stock does not
 * cover, waiting for the planner), the newest still unconfirmed; two returns of recent shipments.
 */
export async function seedOpenSales(tx: Tx, tenant: TenantInfo, userId: number, now = Date.now()) {
  const rng = generator(`${tenant.memberCode}-sales`);
  const actor = actorOf(tenant, userId);
  await closeShort(tx, actor);
  setClock(tx, dayAt(now, -3, 10));
  const waiting = await tx
    .select({
      materialsId: stockBalances.materialsId,
      code: materials.code,
      available: sql<string>`sum(${stockBalances.onHand} - ${stockBalances.allocated})`,
    })
    .from(stockBalances)
    .innerJoin(warehouses, eq(warehouses.id, stockBalances.warehouseId))
    .innerJoin(materials, eq(materials.id, stockBalances.materialsId))
    .where(and(eq(warehouses.kind, 0), eq(materials.materialType, 2)))
    .groupBy(stockBalances.materialsId, materials.code)
    .having(sql`sum(${stockBalances.onHand} - ${stockBalances.allocated}) > 0`)
    .orderBy(materials.code);
  for (const w of waiting) {
    const [last] = await tx
      .select({ customerId: produceOrders.customerId })
      .from(produceOrders)
      .where(eq(produceOrders.materialsId, w.materialsId))
      .orderBy(desc(produceOrders.id))
      .limit(1);
    if (!last?.customerId) continue;
    const order = await addOrder(tx, userId, {
      customerId: last.customerId,
      materialsId: w.materialsId,
      code: w.code,
      quantity: Math.floor(Number(w.available)),
      delivery: dayAt(now, rng.int(3, 10), 17),
      remark: '成品已入库，待安排发货',
    });
    await salesOrderActions.act(tx, actor, 'confirm', { id: order.id });
  }
  const products = await tx
    .selectDistinct({ id: materials.id, code: materials.code })
    .from(produceOrders)
    .innerJoin(materials, eq(materials.id, produceOrders.materialsId))
    .orderBy(materials.code);
  const buyers = await tx.select({ id: customers.id }).from(customers).orderBy(asc(customers.id));
  if (!products.length || !buyers.length) return;
  const fresh = 6;
  for (let i = 0; i < fresh; i++) {
    const p = products[rng.int(0, products.length - 1)];
    setClock(tx, dayAt(now, i - fresh, rng.int(9, 16)));
    const order = await addOrder(tx, userId, {
      customerId: buyers[rng.int(0, buyers.length - 1)].id,
      materialsId: p.id,
      code: p.code,
      quantity: rng.int(2, 12),
      delivery: dayAt(now, rng.int(30, 90), 17),
      remark: i % 3 === 0 ? '框架协议订单' : null,
    });
    if (i < 3) await salesOrderActions.act(tx, actor, 'confirm', { id: order.id });
  }
  await returnSome(tx, actor, now);
  setClock(tx, undefined);
}
