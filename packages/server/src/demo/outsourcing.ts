import { formatFactoryDate } from '@factory/shared/factoryTime';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { scrapReasons, suppliers } from '../modules/information/index.ts';
import { outsourceOrder, outsourceOrderActions, outsourceOrders } from '../modules/outsourcing/index.ts';
import { reportWork } from '../modules/plans/index.ts';
import type { Tx } from '../platform/db.ts';
import type { SessionInfo } from '../platform/session.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The factory's clock: China Standard Time, UTC+8. */
const CST = 8 * HOUR;
const midnight = (t: number) => Math.floor((t + CST) / DAY) * DAY - CST;

/** Who does an outsourced procedure (by a word of its name), by the supplier's short name, and at what unit price. */
const WHO: readonly (readonly [string, string, number])[] = [
  // the paint maker also sprays tanks: its paint is what the tanks are sprayed with
  ['喷漆', '某变压器油', 180],
  ['热处理', '某特钢', 65],
];
/** Days the supplier promises the units back in. */
const PROMISED_DAYS = 3;
/**
 * How far back the suppliers have fallen behind: late sends of these days are not back today. The
 * outsourced steps come late in the flows, so the last sends of the year are weeks old.
 */
const LATE_DAYS = 120;

/** The random draws the outsourcing story takes, apart from production's own sequence. */
export interface DemoRng {
  next(): number;
  int(lo: number, hi: number): number;
}

/** One outsourced step as production reaches it: its units ready at `ready`, back by `back` as planned. */
export interface OutsourcedStep {
  workOrderId: number;
  taskId: number;
  procedure: string;
  quantity: number;
  ready: number;
  back: number;
}

/**
 * The outsourcing of the demo's outsourced steps (委外), written through the outsourcing services:
 * the draft the release made is given its supplier, price and promised return, confirmed and sent
 * when the units are ready (the planner at the office), and received back as the step's report,
 * now and then with one defect; of the last jobs some are not back yet, so today units are still
 * out past their promise (逾期). Its own random sequence leaves production's.
 */
export function outsourcingDemo(
  tx: Tx,
  planner: SessionInfo,
  rng: DemoRng,
  officeAt: (t: number) => number,
  now: number,
  schedule: (t: number, run: () => Promise<void>) => void,
) {
  const sellers = new Map<string, number | undefined>();
  /** The supplier and price for a procedure: by its name, else the first supplier; none without suppliers. */
  async function supplierFor(procedure: string) {
    const [, shortName, price] = WHO.find(([word]) => procedure.includes(word)) ?? ['', '', 120];
    if (!sellers.has(shortName)) {
      const [named] = shortName
        ? await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.shortName, shortName))
        : [];
      const [first] = await tx
        .select({ id: suppliers.id })
        .from(suppliers)
        .orderBy(asc(suppliers.id))
        .limit(1);
      sellers.set(shortName, (named ?? first)?.id);
    }
    return { supplierId: sellers.get(shortName), price };
  }

  /** Why a unit comes back bad: knocked in transport (a reason the demo keys); none without it. */
  let reason: number | null | undefined;
  async function reasonId() {
    if (reason === undefined) {
      const [found] = await tx
        .select({ id: scrapReasons.id })
        .from(scrapReasons)
        .where(eq(scrapReasons.name, '外观磕碰'));
      reason = found?.id ?? null;
    }
    return reason;
  }

  /** The step's open order (the release's draft), or a new one (a work order made without a release). */
  async function orderOf(s: OutsourcedStep) {
    const [open] = await tx
      .select({ id: outsourceOrders.id })
      .from(outsourceOrders)
      .where(and(eq(outsourceOrders.taskId, s.taskId), inArray(outsourceOrders.status, [0, 1])))
      .orderBy(asc(outsourceOrders.id))
      .limit(1);
    if (open) return open.id;
    return outsourceOrder.create(tx, planner.userId, {
      workOrderId: s.workOrderId,
      taskId: s.taskId,
      quantity: s.quantity,
    });
  }

  const version = async (id: number) =>
    (
      await tx
        .select({ version: outsourceOrders.version })
        .from(outsourceOrders)
        .where(eq(outsourceOrders.id, id))
    )[0].version;

  /**
   * Plans the step's trip to the supplier: answers when the units are back and how many good
   * (what the next step takes in), and schedules the sending and the receipt.
   */
  function step(s: OutsourcedStep): { back: number; good: number } {
    const sendAt = officeAt(s.ready);
    const promised = midnight(sendAt) + PROMISED_DAYS * DAY;
    // the paint shop fell behind with the last jobs: some are still there today, past their promise
    const late = sendAt > now - LATE_DAYS * DAY && rng.next() < 0.6;
    const back = late ? officeAt(Math.max(s.back, now + rng.int(2, 6) * DAY)) : s.back;
    const defect = s.quantity >= 2 && rng.next() < 0.08 ? 1 : 0;
    let orderId: number | undefined;
    schedule(sendAt, async () => {
      const { supplierId, price } = await supplierFor(s.procedure);
      if (supplierId === undefined) return;
      const id = await orderOf(s);
      await outsourceOrder.update(tx, planner.userId, id, {
        version: await version(id),
        supplierId,
        unitPrice: price,
        quantity: s.quantity,
        planReturnDate: formatFactoryDate(new Date(promised)),
      });
      await outsourceOrderActions.act(tx, planner, 'confirm', { id, version: await version(id) });
      await outsourceOrderActions.act(tx, planner, 'send', {
        id,
        version: await version(id),
        body: { quantity: s.quantity },
      });
      orderId = id;
    });
    const remark = defect ? (s.procedure.includes('漆') ? '回厂检验一台漆面磕碰' : '回厂检验一件磕碰') : null;
    schedule(back, async () => {
      const why = defect ? await reasonId() : null;
      const defects = why ? [{ scrapReasonId: why, quantity: defect }] : [];
      if (orderId === undefined) {
        // a tenant with no supplier at all: the units simply come back, reported by the planner
        await reportWork(
          tx,
          { ...planner, stationId: null },
          {
            taskId: s.taskId,
            goodQuantity: s.quantity - defect,
            defectQuantity: defect,
            defects,
            frequencyId: null,
            remark,
          },
        );
        return;
      }
      await outsourceOrderActions.act(tx, planner, 'receive', {
        id: orderId,
        version: await version(orderId),
        body: { goodQuantity: s.quantity - defect, defectQuantity: defect, scrapReasonId: why, remark },
      });
    });
    return { back, good: s.quantity - defect };
  }

  return { step };
}
