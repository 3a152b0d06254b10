import {
  qualitySpcApi,
  SPC_DEFAULT_SUBGROUP,
  SPC_MAX_SUBGROUPS,
  type SpcChart,
  type SpcChartQuery,
} from '@factory/shared/api/qualitySpc';
import { formatFactoryTime, parseFactoryTime } from '@factory/shared/factoryTime';
import { SUBGROUPS_ADVISED, xbarRChart } from '@factory/shared/quality/spc';
import { and, asc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { invalid, notFound } from '../../platform/errors.ts';
import { handle } from '../../platform/route.ts';
import { inspectionItems, inspectionOrderItems, inspectionOrders, inspectionResults } from './schema.ts';

/** qualityCheckStatus from which an order's results count: submitted (3), audited, approved. */
const SUBMITTED = 3;
const MEASURED = 1;

const num = (v: string | null) => (v === null ? null : Number(v));

/**
 * The X̄–R chart of a measured key item (docs/quality.md "SPC"): its values in submitted orders,
 * in the order they were completed and then by sample, taken n at a time; the newest values that
 * do not fill a subgroup wait for the next order, and only the latest SPC_MAX_SUBGROUPS are shown.
 */
export async function spcChart(tx: Tx, q: SpcChartQuery): Promise<SpcChart> {
  const n = q.subgroupSize ?? SPC_DEFAULT_SUBGROUP;
  const [item] = await tx
    .select({
      id: inspectionItems.id,
      code: inspectionItems.code,
      name: inspectionItems.name,
      unit: inspectionItems.unit,
      valueType: inspectionItems.valueType,
      isKey: inspectionItems.isKey,
      standardValue: inspectionItems.standardValue,
      lowerLimit: inspectionItems.lowerLimit,
      upperLimit: inspectionItems.upperLimit,
    })
    .from(inspectionItems)
    .where(eq(inspectionItems.id, q.itemId));
  if (!item) throw notFound('检验项目');
  if (item.valueType !== MEASURED) throw invalid(`检验项目“${item.name}”不是计量型，不能做SPC分析`);
  if (!item.isKey) throw invalid(`检验项目“${item.name}”不是SPC关键项，请先在检验项目中设为SPC关键项`);
  const begin = q.beginTime ? parseFactoryTime(q.beginTime) : undefined;
  const end = q.endTime ? parseFactoryTime(q.endTime) : undefined;
  if (begin && end && begin > end) throw invalid('开始时间不能晚于结束时间');

  const sameLine = and(
    eq(inspectionOrderItems.orderId, inspectionResults.orderId),
    eq(inspectionOrderItems.lineNo, inspectionResults.lineNo),
  );
  const where = and(
    eq(inspectionOrderItems.itemId, item.id),
    eq(inspectionOrderItems.valueType, MEASURED),
    gte(inspectionOrders.status, SUBMITTED),
    isNotNull(inspectionOrders.completedAt),
    isNotNull(inspectionResults.value),
    q.materialsId ? eq(inspectionOrders.materialsId, q.materialsId) : undefined,
    begin ? gte(inspectionOrders.completedAt, begin) : undefined,
    end ? lte(inspectionOrders.completedAt, end) : undefined,
  );
  const [{ total }] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(inspectionResults)
    .innerJoin(inspectionOrderItems, sameLine)
    .innerJoin(inspectionOrders, eq(inspectionOrders.id, inspectionResults.orderId))
    .where(where);
  const full = Math.floor(total / n);
  if (full < 2)
    throw invalid(`该检验项目在所选范围内的计量数据不足，至少需要2个子组（每组${n}个值），现有${total}个值`);
  const older = Math.max(0, full - SPC_MAX_SUBGROUPS);
  const charted = full - older;
  const rows = await tx
    .select({
      value: inspectionResults.value,
      orderCode: inspectionOrders.code,
      completedAt: inspectionOrders.completedAt,
      standardValue: inspectionOrderItems.standardValue,
      lowerLimit: inspectionOrderItems.lowerLimit,
      upperLimit: inspectionOrderItems.upperLimit,
    })
    .from(inspectionResults)
    .innerJoin(inspectionOrderItems, sameLine)
    .innerJoin(inspectionOrders, eq(inspectionOrders.id, inspectionResults.orderId))
    .where(where)
    .orderBy(
      asc(inspectionOrders.completedAt),
      asc(inspectionOrders.id),
      asc(inspectionResults.sampleNo),
      asc(inspectionResults.lineNo),
    )
    .offset(older * n)
    .limit(charted * n);

  const groups = Array.from({ length: charted }, (_, g) => rows.slice(g * n, (g + 1) * n));
  const ownLimits = item.lowerLimit !== null || item.upperLimit !== null;
  // an item whose limits depend on the product: the newest order line charted that gives them
  const line = ownLimits ? undefined : rows.findLast((r) => r.lowerLimit !== null || r.upperLimit !== null);
  const spec: SpcChart['spec'] = ownLimits
    ? {
        lower: num(item.lowerLimit),
        upper: num(item.upperLimit),
        standard: num(item.standardValue),
        source: 'item',
        orderCode: null,
      }
    : line
      ? {
          lower: num(line.lowerLimit),
          upper: num(line.upperLimit),
          standard: num(line.standardValue),
          source: 'order',
          orderCode: line.orderCode,
        }
      : { lower: null, upper: null, standard: null, source: 'none', orderCode: null };

  const chart = xbarRChart(
    groups.map((g) => g.map((r) => Number(r.value))),
    { lower: spec.lower, upper: spec.upper },
  );
  return {
    item: { id: item.id, code: item.code, name: item.name, unit: item.unit },
    subgroupSize: n,
    spec,
    subgroups: groups.map((g, i) => ({
      orderCodes: [...new Set(g.map((r) => r.orderCode))],
      completedAt: formatFactoryTime(g[g.length - 1].completedAt as Date),
      values: g.map((r) => Number(r.value)),
      mean: chart.points[i].mean,
      range: chart.points[i].range,
    })),
    xbar: chart.xbar,
    r: chart.r,
    flags: chart.flags,
    sigma: chart.sigma,
    cp: chart.cp,
    cpk: chart.cpk,
    grade: chart.grade,
    trial: charted < SUBGROUPS_ADVISED,
    counts: { values: total, subgroups: charted, trailing: total - full * n, older },
  };
}

export const spcChartRoute = handle(qualitySpcApi.chart, {
  handler: ({ tx, query }) => spcChart(tx, query),
});
