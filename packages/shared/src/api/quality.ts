import { type Static, type TSchema, Type } from 'typebox';
import { entityEndpoints } from '../entities/endpoints.ts';
import { MAX_ORDER_SAMPLES, MAX_PLAN_ITEMS, qualityInspectionPlanEntity } from '../entities/quality.ts';
import { VersionField } from '../machines/endpoints.ts';
import { inspectionOrderMachine, nonconformingMachine, QUALITY_BASE } from '../machines/quality.ts';
import { endpoint } from './contract.ts';
import { IdQuery, RowId } from './list.ts';

const PLAN_BASE = `${QUALITY_BASE}inspectionPlan/`;
const ORDER_BASE = inspectionOrderMachine.base;
const ORDER_ROUTE = inspectionOrderMachine.route;

const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

/** 复制质检方案: the new plan's name; scope, sampling and item lines come from the source. */
export const CopyPlanBody = Type.Object(
  {
    id: RowId(),
    name: Type.String({ minLength: 1, maxLength: 50, title: '方案名称' }),
  },
  { additionalProperties: false },
);

/** An item an inspection order checks: the plan's line as it was when the order was raised. */
export const OrderItemRow = Type.Object({
  lineNo: Type.Integer(),
  itemId: Type.Integer(),
  code: Type.String(),
  name: Type.String(),
  category: nullable(Type.String()),
  /** inspectionValueType: 0 OK/NG, 1 measured, 2 defect count. */
  valueType: Type.Integer(),
  unit: nullable(Type.String()),
  method: nullable(Type.String()),
  instrument: nullable(Type.String()),
  standardValue: nullable(Type.Number()),
  lowerLimit: nullable(Type.Number()),
  upperLimit: nullable(Type.Number()),
  /** Samples judged NG on this item so far. */
  ngCount: Type.Integer(),
});
export type OrderItemRow = Static<typeof OrderItemRow>;

/** One sample's result on one item; a measured or counted value is judged by the line's limits. */
export const SampleResult = Type.Object({
  sampleNo: Type.Integer(),
  lineNo: Type.Integer(),
  value: nullable(Type.Number()),
  /** checkResult: 0 OK, 1 NG. */
  judgement: nullable(Type.Integer()),
});
export type SampleResult = Static<typeof SampleResult>;

/** A defect found: which, why (a scrap reason), how many. */
export const OrderDefectRow = Type.Object({
  defectItemId: Type.Integer(),
  defectName: Type.String(),
  /** defectSeverity: 0 critical (rejects the lot), 1 major, 2 minor. */
  severity: Type.Integer(),
  reasonId: nullable(Type.Integer()),
  reasonName: nullable(Type.String()),
  quantity: Type.Integer(),
  remark: nullable(Type.String()),
});
export type OrderDefectRow = Static<typeof OrderDefectRow>;

/** The inspection sheet of an order: its items, its samples' results and the defects found. */
export const InspectionSheet = Type.Object({
  sampleQuantity: Type.Integer(),
  items: Type.Array(OrderItemRow),
  results: Type.Array(SampleResult),
  defects: Type.Array(OrderDefectRow),
});
export type InspectionSheet = Static<typeof InspectionSheet>;

/** Most result cells one save carries (samples × items). */
export const MAX_RESULT_CELLS = 20_000;

/**
 * 录入结果: the cells given are written (a null value and judgement clears a cell); a measured or
 * counted item's judgement follows its value and limits, an OK/NG item's is given. `defects`, when
 * given, replaces the defects found.
 */
export const SaveResultsBody = Type.Object(
  {
    id: RowId(),
    version: VersionField,
    results: Type.Array(
      Type.Object(
        {
          sampleNo: Type.Integer({ minimum: 1, maximum: MAX_ORDER_SAMPLES, title: '样本号' }),
          lineNo: Type.Integer({ minimum: 1, maximum: MAX_PLAN_ITEMS, title: '检验项目行' }),
          value: Type.Optional(nullable(Type.Number({ minimum: -1e9, maximum: 1e9, title: '实测值' }))),
          judgement: Type.Optional(
            nullable(Type.Union([Type.Literal(0), Type.Literal(1)], { title: '判定' })),
          ),
        },
        { additionalProperties: false },
      ),
      { maxItems: MAX_RESULT_CELLS, title: '检验结果' },
    ),
    defects: Type.Optional(
      Type.Array(
        Type.Object(
          {
            defectItemId: RowId('不良项目'),
            reasonId: Type.Optional(nullable(RowId('不良原因'))),
            quantity: Type.Integer({ minimum: 1, maximum: 1_000_000, title: '数量' }),
            remark: Type.Optional(nullable(Type.String({ maxLength: 200, title: '备注' }))),
          },
          { additionalProperties: false },
        ),
        { maxItems: 100, title: '不良明细' },
      ),
    ),
  },
  { additionalProperties: false },
);
export type SaveResultsBody = Static<typeof SaveResultsBody>;

/** Quality calls beyond the entities' standard ones and the machines' (docs/quality.md). */
export const qualityApi = {
  copyPlan: endpoint({
    method: 'POST',
    path: `${PLAN_BASE}copyQualityInspectionPlan`,
    summary: '复制质检方案（适用范围、抽样与检验项目一并复制，新方案为停用状态）',
    access: { keys: ['qualityInspectionPlanListCopy'] },
    body: CopyPlanBody,
    result: entityEndpoints(qualityInspectionPlanEntity).detail.result,
  }),
  sheet: endpoint({
    method: 'GET',
    path: `${ORDER_BASE}getInspectionSheet`,
    summary: '质检单的检验项目、各样本结果与不良明细',
    access: { keys: [ORDER_ROUTE, `${ORDER_ROUTE}Detail`] },
    query: IdQuery,
    result: InspectionSheet,
  }),
  record: endpoint({
    method: 'POST',
    path: `${ORDER_BASE}record`,
    summary: '录入检验结果（待检验的质检单转为检验中）',
    access: { keys: [`${ORDER_ROUTE}Inspect`] },
    body: SaveResultsBody,
    result: Type.Object({ id: Type.Integer(), version: Type.Integer(), status: Type.Integer() }),
  }),
};

/** 处置: how many of the record's units, and a note (required for a concession: who accepted and why). */
export const DisposeBody = Type.Object(
  {
    id: RowId(),
    version: VersionField,
    quantity: Type.Number({ minimum: 0.000001, maximum: 100_000_000, title: '处置数量' }),
    remark: Type.Optional(Type.String({ maxLength: 200, title: '处置说明' })),
  },
  { additionalProperties: false },
);
export type DisposeBody = Static<typeof DisposeBody>;

/** One disposition of a record: what, how many, who, when, and what it made. */
export const DispositionRow = Type.Object({
  lineNo: Type.Integer(),
  /** disposition: 0 repair, 1 scrap, 2 concession, 3 return to supplier. */
  disposition: Type.Integer(),
  quantity: Type.Number(),
  remark: nullable(Type.String()),
  handledByName: nullable(Type.String()),
  handledAt: Type.String(),
  /** The rework work order a repair made, or the stock document a scrap or return posted. */
  madeCode: nullable(Type.String()),
});
export type DispositionRow = Static<typeof DispositionRow>;

const NC_BASE = nonconformingMachine.base;
const dispose = (action: string, label: string, button: string, summary: string) =>
  endpoint({
    method: 'POST',
    path: `${NC_BASE}${action}`,
    summary: `${label}：${summary}`,
    access: { keys: [`unquality${button}`] },
    body: DisposeBody,
    result: Type.Object({ id: Type.Integer(), version: Type.Integer(), handlingStatus: Type.Integer() }),
  });

/** The non-conforming records' calls beyond the entity's list, detail and export. */
export const nonconformingApi = {
  dispositions: endpoint({
    method: 'GET',
    path: `${NC_BASE}getDispositionList`,
    summary: '不合格品的处置记录',
    access: { keys: ['unquality', 'unqualityDetail'] },
    query: IdQuery,
    result: Type.Array(DispositionRow),
  }),
  repair: dispose('repair', '返修', 'Repair', '在制品或完工待入库的不合格品生成返修工单（工单类型 返修）'),
  scrap: dispose('scrap', '报废', 'Scrap', '库存批次过账报废出库；在制品与完工待入库的记报废'),
  concession: dispose(
    'concession',
    '让步接收',
    'Concession',
    '库存批次放行（批次让步接收）；完工品可入库；在制品转下道工序',
  ),
  returnGoods: dispose(
    'returnToSupplier',
    '退供应商',
    'Return',
    '来料不合格批次过账退货出库，计入采购订单行的退货数量',
  ),
};
