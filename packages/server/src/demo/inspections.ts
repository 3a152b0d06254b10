import type { SaveResultsBody } from '@factory/shared/api/quality';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { scrapReasons } from '../modules/information/index.ts';
import {
  defectItems,
  inspectionItems,
  inspectionOrderActions,
  inspectionOrderItems,
  inspectionOrders,
  nonconformingActions,
  nonconformings,
  raiseInspection,
} from '../modules/quality/index.ts';
import { users } from '../modules/setting/index.ts';
import { setClock } from '../platform/clock.ts';
import type { Tx } from '../platform/db.ts';
import type { Actor } from '../platform/machine.ts';
import type { TenantInfo } from '../platform/services.ts';
import { generator } from './random.ts';

/** inspectionSource: what raised the orders the inspector is asked to inspect. */
export type Source = 'receipt' | 'report';
const SOURCE_TYPES: Record<Source, number[]> = { receipt: [3], report: [1, 2] };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Non-conforming records younger than this still wait for their handling today. */
const STILL_OPEN = 10 * DAY;

/** The defect a failed check of an item is written up as, by the item's name. */
const DEFECT_OF: readonly [RegExp, string][] = [
  [/绕组外观/, '绕组变形'],
  [/绝缘电阻/, '绝缘破损'],
  [/局部放电/, '局部放电超标'],
  [/铁损|空载损耗/, '铁心毛刺超标'],
  [/厚度|导电率|直流电阻|负载损耗/, '尺寸超差'],
  [/涂层/, '漆膜起泡'],
  [/铭牌/, '铭牌错误'],
  [/外观|表面/, '外观划伤'],
];

interface Line {
  lineNo: number;
  name: string;
  valueType: number;
  standardValue: number | null;
  lowerLimit: number | null;
  upperLimit: number | null;
}

/**
 * The quality inspector of the demo (王芳, zhijian01): inspects, soon after the fact, every order
 * a receipt or a report has just raised, through the quality module's own services — measured
 * values spread around the standard within the limits, now and then a failing one — and submits
 * it. A failed first-article check is followed, once the setter has adjusted, by a new one that
 * passes, so the step's work goes on.
 */
export async function qualityInspector(tx: Tx, tenant: TenantInfo, seed: string) {
  const [who] = await tx.select({ id: users.id }).from(users).where(eq(users.userName, 'zhijian01'));
  if (!who) return undefined;
  const actor: Actor = { userId: who.id, tenant, permissions: new Set(), isAdmin: true };
  const defects = new Map(
    (await tx.select({ id: defectItems.id, name: defectItems.name }).from(defectItems)).map((d) => [
      d.name,
      d.id,
    ]),
  );
  const [reason] = await tx
    .select({ id: scrapReasons.id })
    .from(scrapReasons)
    .orderBy(asc(scrapReasons.id))
    .limit(1);
  const { next, int } = generator(seed);

  /** A value of a measured item: around its standard, inside its limits unless it is to fail. */
  const measured = (l: Line, fail: boolean) => {
    const lo = l.lowerLimit;
    const hi = l.upperLimit;
    const centre =
      l.standardValue ??
      (lo !== null && hi !== null ? (lo + hi) / 2 : lo !== null ? lo * 1.8 : (hi ?? 1) * 0.82);
    const spread = lo !== null && hi !== null ? (hi - lo) / 8 : Math.abs(centre) * 0.04;
    if (fail) return Number((lo !== null ? lo - spread : (hi ?? centre) + spread).toFixed(3));
    // the sum of three uniforms: bell-shaped, within ±3 spreads
    const v = centre + spread * (next() + next() + next() - 1.5) * 2;
    const inside = Math.min(hi ?? Number.POSITIVE_INFINITY, Math.max(lo ?? Number.NEGATIVE_INFINITY, v));
    return Number(inside.toFixed(3));
  };

  /** Enters every sample's every item and submits; `failing` samples fail on one item. */
  async function inspect(id: number, at: number, failing: number) {
    const [order] = await tx
      .select({ n: inspectionOrders.sampleQuantity })
      .from(inspectionOrders)
      .where(eq(inspectionOrders.id, id));
    const lines = (
      await tx
        .select({
          lineNo: inspectionOrderItems.lineNo,
          name: inspectionItems.name,
          valueType: inspectionOrderItems.valueType,
          standardValue: inspectionOrderItems.standardValue,
          lowerLimit: inspectionOrderItems.lowerLimit,
          upperLimit: inspectionOrderItems.upperLimit,
        })
        .from(inspectionOrderItems)
        .innerJoin(inspectionItems, eq(inspectionItems.id, inspectionOrderItems.itemId))
        .where(eq(inspectionOrderItems.orderId, id))
        .orderBy(asc(inspectionOrderItems.lineNo))
    ).map((l) => ({
      ...l,
      standardValue: l.standardValue === null ? null : Number(l.standardValue),
      lowerLimit: l.lowerLimit === null ? null : Number(l.lowerLimit),
      upperLimit: l.upperLimit === null ? null : Number(l.upperLimit),
    }));
    if (!lines.length) return;
    const failed = failing > 0 ? lines[int(0, lines.length - 1)] : undefined;
    const results: SaveResultsBody['results'] = [];
    for (let s = 1; s <= order.n; s++)
      for (const l of lines) {
        const fail = failed === l && s <= failing;
        if (l.valueType === 0) results.push({ sampleNo: s, lineNo: l.lineNo, judgement: fail ? 1 : 0 });
        else if (l.valueType === 2) results.push({ sampleNo: s, lineNo: l.lineNo, value: fail ? 2 : 0 });
        else results.push({ sampleNo: s, lineNo: l.lineNo, value: measured(l, fail) });
      }
    const defect = failed && [...DEFECT_OF].find(([re]) => re.test(failed.name))?.[1];
    const defectId = (defect && defects.get(defect)) ?? defects.values().next().value;
    const by = (t: number) => new Date(Math.min(t, Date.now() - MINUTE));
    setClock(tx, by(at + int(15, 45) * MINUTE));
    await inspectionOrderActions.act(tx, actor, 'record', {
      id,
      body: {
        id,
        results,
        defects:
          failed && defectId
            ? [{ defectItemId: defectId, reasonId: reason?.id ?? null, quantity: failing }]
            : [],
      },
    });
    setClock(tx, by(at + int(50, 80) * MINUTE));
    await inspectionOrderActions.act(tx, actor, 'submit', { id });
  }

  /**
   * The review of what failed (MRB), a few hours after the fact: a rejected lot of material goes
   * back to its supplier, a finished transformer over its guaranteed values is accepted by the
   * customer at a discount, scrap at a step is written off; the last ten days' still wait.
   */
  async function settle(at: number) {
    if (Date.now() - at < STILL_OPEN) return;
    const open = await tx
      .select({
        id: nonconformings.id,
        kind: nonconformings.kind,
        quantity: nonconformings.quantity,
      })
      .from(nonconformings)
      .where(eq(nonconformings.handlingStatus, 0))
      .orderBy(asc(nonconformings.id));
    for (const nc of open) {
      setClock(tx, new Date(at + int(2, 5) * 60 * MINUTE));
      const body = { id: nc.id, quantity: Number(nc.quantity) };
      if (nc.kind === 2)
        await nonconformingActions.act(tx, actor, 'returnGoods', {
          id: nc.id,
          body: { ...body, remark: '来料检验不合格，整批退供应商' },
        });
      else if (nc.kind === 1)
        await nonconformingActions.act(tx, actor, 'concession', {
          id: nc.id,
          body: { ...body, remark: '韩雪批准：超差在合同允许范围内，经客户同意让步接收' },
        });
      else
        await nonconformingActions.act(tx, actor, 'scrap', {
          id: nc.id,
          body: { ...body, remark: '不良品报废' },
        });
    }
  }

  return {
    /**
     * Inspects the orders `source` has just raised, `at` the fact's time: a receipt lot fails
     * with `failRate`, a first article or a finished lot likewise (the finished one on one unit).
     */
    async inspectRaised(source: Source, at: number, failRate = 0) {
      const raised = await tx
        .select({
          id: inspectionOrders.id,
          type: inspectionOrders.inspectionType,
          reject: inspectionOrders.rejectNumber,
          materialsId: inspectionOrders.materialsId,
          workOrderId: inspectionOrders.workOrderId,
          taskId: inspectionOrders.taskId,
          procedureId: inspectionOrders.procedureId,
        })
        .from(inspectionOrders)
        .where(
          and(eq(inspectionOrders.status, 1), inArray(inspectionOrders.sourceType, SOURCE_TYPES[source])),
        )
        .orderBy(asc(inspectionOrders.id));
      for (const o of raised) {
        const fail = next() < failRate;
        await inspect(o.id, at, fail ? (o.type === 4 ? o.reject : 1) : 0);
        if (!fail || o.type !== 2) continue;
        // the setter adjusts the winder and asks for a new first-article check, which passes
        const again = at + int(60, 120) * MINUTE;
        setClock(tx, new Date(again));
        const second = await raiseInspection(tx, actor.userId, {
          inspectionType: 2,
          materialsId: o.materialsId,
          workOrderId: o.workOrderId,
          taskId: o.taskId,
          procedureId: o.procedureId,
          lotQuantity: '1',
          sourceType: 0,
          remark: '首检不合格，调整后重新首检',
        });
        if (second) await inspect(second.id, again, 0);
      }
      await settle(at);
    },
  };
}

export type QualityInspector = NonNullable<Awaited<ReturnType<typeof qualityInspector>>>;
