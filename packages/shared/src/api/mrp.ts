import { type Static, type TSchema, Type } from 'typebox';
import { defineEnum } from '../enums/defineEnum.ts';
import { endpoint } from './contract.ts';
import { IdQuery, RowId } from './list.ts';

/** MRP calls live under mrp/private/ (the spec names none; docs/mrp.md). */
const R = 'mrp/private/mrpRun/';
const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

/** The time buckets a run nets in (docs/mrp.md "Buckets"). */
export const mrpBucket = defineEnum(
  [
    { value: 0, label: '日' },
    { value: 1, label: '周' },
    { value: 2, label: '月' },
  ],
  0,
);

const OrderRef = Type.Object({ id: Type.Integer(), code: Type.String() });

/** The orders a run was asked for; null: everything open. */
export const MrpScopeRow = Type.Object({
  salesOrders: Type.Array(OrderRef),
  produceOrders: Type.Array(OrderRef),
});

/** A kept MRP run: who ran it, when, what it read and what it suggested. */
export const MrpRunRow = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  /** 0 running, 1 done, 2 failed. */
  status: Type.Integer(),
  error: nullable(Type.String()),
  scope: nullable(MrpScopeRow),
  /** 0 day, 1 week (from Monday), 2 calendar month. */
  bucket: Type.Integer(),
  /** Demands dated after it were left out; null: no horizon. */
  horizonEnd: nullable(Type.String()),
  demandCount: Type.Integer(),
  materialCount: Type.Integer(),
  plannedCount: Type.Integer(),
  requestCount: Type.Integer(),
  lateCount: Type.Integer(),
  durationMs: Type.Integer(),
  createdByName: nullable(Type.String()),
  createdAt: Type.String(),
});
export type MrpRunRow = Static<typeof MrpRunRow>;

/** What a planned order is for: its top demand (empty: safety stock or lot size) and the BOM path to it. */
export const MrpPegRow = Type.Object({
  demand: Type.String(),
  /** Material codes from the demand's material down to this one. */
  path: Type.Array(Type.String()),
  quantity: Type.Number(),
});

/** One planned order of a run: a purchase request (bought, outsourced) or a suggestion to make. */
export const MrpRunLineRow = Type.Object({
  id: Type.Integer(),
  materialsId: Type.Integer(),
  materialsCode: Type.String(),
  materialsName: Type.String(),
  unitName: nullable(Type.String()),
  /** 0 make, 1 buy, 2 outsource. */
  procurementType: Type.Integer(),
  quantity: Type.Number(),
  /** The first day of its bucket (today for the bucket holding today). */
  dueDate: Type.String(),
  /** Its bucket by name: 2026-11-27, 2026-W48 or 2026-12. */
  period: Type.String(),
  releaseDate: Type.String(),
  late: Type.Boolean(),
  pegs: Type.Array(MrpPegRow),
  requestId: nullable(Type.Integer()),
  requestCode: nullable(Type.String()),
  /** The material-requirements plan the planner made of it (made parts). */
  planId: nullable(Type.Integer()),
  planCode: nullable(Type.String()),
});
export type MrpRunLineRow = Static<typeof MrpRunLineRow>;

/** A material whose planned quantity changed from the previous run to this one. */
export const MrpChangeRow = Type.Object({
  materialsId: Type.Integer(),
  materialsCode: Type.String(),
  materialsName: Type.String(),
  before: Type.Number(),
  after: Type.Number(),
});

export const MrpCompare = Type.Object({
  previous: nullable(MrpRunRow),
  changes: Type.Array(MrpChangeRow),
});
export type MrpCompare = Static<typeof MrpCompare>;

/** Make suggestions of a run to turn into material-requirements plans (type 1). */
export const MrpToPlansBody = Type.Object(
  {
    id: RowId('MRP运算'),
    lineIds: Type.Array(RowId('自制建议'), {
      minItems: 1,
      maxItems: 100,
      uniqueItems: true,
      title: '自制建议',
    }),
  },
  { additionalProperties: false },
);

/** A plan made from a suggestion, with the production order it stands on. */
export const MrpPlanMade = Type.Object({
  lineId: Type.Integer(),
  planId: Type.Integer(),
  planCode: Type.String(),
  orderCode: Type.String(),
});

export const mrpApi = {
  calculate: endpoint({
    method: 'POST',
    path: `${R}calculate`,
    summary:
      'MRP计算：按选中的（不选则全部未完成的）销售订单、生产订单及其计划展开BOM，按日、周或月时段净算库存与在途（可限定计划展望期），生成采购需求（请购单）与自制建议',
    access: { keys: ['purchasingDemandCalculate'] },
    body: Type.Object(
      {
        salesOrderIds: Type.Optional(
          Type.Array(RowId('销售订单'), { maxItems: 200, uniqueItems: true, title: '销售订单' }),
        ),
        produceOrderIds: Type.Optional(
          Type.Array(RowId('生产订单'), { maxItems: 200, uniqueItems: true, title: '生产订单' }),
        ),
        /** 0 day (default), 1 week, 2 month. */
        bucket: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, title: '计划时段' })),
        /** Demands dated after it are left out; absent or null: no horizon. */
        horizonEnd: Type.Optional(nullable(Type.String({ format: 'date', title: '计划展望期至' }))),
      },
      { additionalProperties: false },
    ),
    result: MrpRunRow,
  }),
  runs: endpoint({
    method: 'GET',
    path: `${R}getMrpRunList`,
    summary: '最近的MRP运算记录（最多20次）',
    access: { keys: ['purchasingDemand'] },
    result: Type.Array(MrpRunRow),
  }),
  lines: endpoint({
    method: 'GET',
    path: `${R}getMrpRunLines`,
    summary: '某次MRP运算的计划订单：数量、需求日期、下达日期、延误与需求来源（追溯到订单与BOM路径）',
    access: { keys: ['purchasingDemand'] },
    query: IdQuery,
    result: Type.Array(MrpRunLineRow),
  }),
  compare: endpoint({
    method: 'GET',
    path: `${R}compareMrpRun`,
    summary: '与上一次成功的MRP运算比较：各物料计划数量的变化',
    access: { keys: ['purchasingDemand'] },
    query: IdQuery,
    result: MrpCompare,
  }),
  toPlans: endpoint({
    method: 'POST',
    path: `${R}createPlans`,
    summary:
      '按最近一次MRP运算的自制建议生成物料需求计划（计划类型1）：每条建议一张已确认的生产订单及其计划，按需求日期交货、下达日期开工',
    access: { keys: ['purchasingDemandPlan'] },
    body: MrpToPlansBody,
    result: Type.Array(MrpPlanMade),
  }),
};
