import { type Static, type TSchema, Type } from 'typebox';
import { QUALITY_BASE } from '../machines/quality.ts';
import { SUBGROUP_MAX, SUBGROUP_MIN } from '../quality/spc.ts';
import { endpoint } from './contract.ts';
import { RowId } from './list.ts';

/**
 * SPC of a measured key inspection item (docs/quality.md "SPC"): the X̄–R chart over the values
 * submitted inspection orders recorded, with its limits, flags and the process capability. The
 * numbers are `xbarRChart`'s (`quality/spc.ts`); this is the call that feeds it from the orders.
 */

const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);
const Time = (title: string) => Type.String({ format: 'date-time', title });

/** Subgroup size when none is asked for (the usual X̄–R choice). */
export const SPC_DEFAULT_SUBGROUP = 5;
/** The chart shows at most the latest this many subgroups. */
export const SPC_MAX_SUBGROUPS = 200;

export const SpcChartQuery = Type.Object(
  {
    itemId: RowId('检验项目'),
    materialsId: Type.Optional(RowId('物料')),
    /** Orders completed (submitted) in [beginTime, endTime], factory time. */
    beginTime: Type.Optional(Time('开始时间')),
    endTime: Type.Optional(Time('结束时间')),
    subgroupSize: Type.Optional(
      Type.Integer({
        minimum: SUBGROUP_MIN,
        maximum: SUBGROUP_MAX,
        default: SPC_DEFAULT_SUBGROUP,
        title: '子组大小',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SpcChartQuery = Static<typeof SpcChartQuery>;

const Limits = Type.Object({ center: Type.Number(), ucl: Type.Number(), lcl: Type.Number() });

/** n consecutive values of the item, in time order; its orders and when the last was completed. */
export const SpcSubgroup = Type.Object({
  /** The orders its values came from (one, or two where a subgroup spans an order's end). */
  orderCodes: Type.Array(Type.String()),
  /** Completion time of the order of its last value, 'YYYY-MM-DD HH:mm:ss'. */
  completedAt: Type.String(),
  values: Type.Array(Type.Number()),
  mean: Type.Number(),
  range: Type.Number(),
});
export type SpcSubgroup = Static<typeof SpcSubgroup>;

export const SpcChart = Type.Object({
  item: Type.Object({
    id: Type.Integer(),
    code: Type.String(),
    name: Type.String(),
    unit: nullable(Type.String()),
  }),
  subgroupSize: Type.Integer(),
  /**
   * The specification limits Cp/Cpk are taken against: the item's own, else (an item whose limits
   * depend on the product) the line of the most recent order charted that gives one.
   */
  spec: Type.Object({
    lower: nullable(Type.Number()),
    upper: nullable(Type.Number()),
    standard: nullable(Type.Number()),
    /** Where they came from: the item, an order's line, or none given. */
    source: Type.Union([Type.Literal('item'), Type.Literal('order'), Type.Literal('none')]),
    /** The order whose line gave them (source 'order'). */
    orderCode: nullable(Type.String()),
  }),
  /** In time order, oldest first. */
  subgroups: Type.Array(SpcSubgroup),
  xbar: Limits,
  r: Limits,
  /** Points the Nelson rules flag: the chart, the subgroup (0-based index into `subgroups`), the rule. */
  flags: Type.Array(
    Type.Object({
      chart: Type.Union([Type.Literal('xbar'), Type.Literal('r')]),
      index: Type.Integer(),
      rule: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
    }),
  ),
  /** σ = R̄ / d₂. */
  sigma: Type.Number(),
  /** Null when a limit it needs is missing or σ is 0. */
  cp: nullable(Type.Number()),
  cpk: nullable(Type.Number()),
  grade: nullable(Type.Union([Type.Literal('A+'), Type.Literal('A'), Type.Literal('B'), Type.Literal('C')])),
  /** Fewer subgroups than SUBGROUPS_ADVISED: trial limits. */
  trial: Type.Boolean(),
  counts: Type.Object({
    /** Measured values of the item found in the range. */
    values: Type.Integer(),
    /** Subgroups charted. */
    subgroups: Type.Integer(),
    /** The newest values that do not fill a subgroup, left out. */
    trailing: Type.Integer(),
    /** Older subgroups beyond the latest SPC_MAX_SUBGROUPS, left out. */
    older: Type.Integer(),
  }),
});
export type SpcChart = Static<typeof SpcChart>;

export const qualitySpcApi = {
  chart: endpoint({
    method: 'GET',
    path: `${QUALITY_BASE}inspectionItem/getSpcChart`,
    summary:
      'SPC控制图：计量型关键检验项目在已提交质检单中的测量值，按时间顺序每n个为一组的X̄–R图、控制限、判异点与过程能力（Cp/Cpk）',
    // the item list's route has no Detail button: seeing the items is enough
    access: { keys: ['inspectionProject'] },
    query: SpcChartQuery,
    result: SpcChart,
  }),
};
