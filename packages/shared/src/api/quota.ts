import { type Static, type TSchema, Type } from 'typebox';
import { PURCHASE_BASE } from '../machines/purchase.ts';
import { endpoint } from './contract.ts';
import { IdQuery, RowId } from './list.ts';

const Q = `${PURCHASE_BASE}quota/`;
const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

/** 按BOM生成定额: the product (and the version whose BOM list view to read). */
export const ProposeQuery = Type.Object(
  {
    materialsId: RowId('产品'),
    processFlowVersionId: Type.Optional(RowId('工艺版本')),
  },
  { additionalProperties: false },
);

/** A material the product takes per unit, as its BOM says: quotaPerUnit = qtyPer × (1 + lossRate %). */
export const ProposedLine = Type.Object({
  materialsId: Type.Integer(),
  materialsCode: Type.String(),
  materialsName: Type.String(),
  materialsSpecifications: nullable(Type.String()),
  unitName: nullable(Type.String()),
  /** Per unit of product, before the loss (through the phantoms above it). */
  qtyPer: Type.Number(),
  /** Percent. */
  lossRate: Type.Number(),
  quotaPerUnit: Type.Number(),
  /** The virtual material (phantom) it was exploded through, if any. */
  via: nullable(Type.String()),
});
export type ProposedLine = Static<typeof ProposedLine>;

export const QuotaVersion = Type.Object({ id: Type.Integer(), name: Type.String(), isMain: Type.Boolean() });

export const Proposal = Type.Object({
  /** The versions of the product's process flows, the main first. */
  versions: Type.Array(QuotaVersion),
  lines: Type.Array(ProposedLine),
  /** Where the lines came from: the version's BOM list view, or the product's BOM. */
  source: Type.Union([Type.Literal('bom'), Type.Literal('version')]),
});
export type Proposal = Static<typeof Proposal>;

/** One material of one work order: what the quota allows against what was issued and used. */
export const VarianceRow = Type.Object({
  workOrderId: Type.Integer(),
  workOrderCode: Type.String(),
  workOrderQuantity: Type.Number(),
  completedQuantity: Type.Number(),
  materialsId: Type.Integer(),
  materialsCode: Type.String(),
  materialsName: Type.String(),
  unitName: nullable(Type.String()),
  /** Work-order quantity × quota per unit. */
  quotaQuantity: Type.Number(),
  /** With the tolerance: what a pick may reach. */
  allowedQuantity: Type.Number(),
  /** Picked to the work order (its preparation order's stock movements, reversals netted). */
  issuedQuantity: Type.Number(),
  /** Backflushed by report work from the line side. */
  consumedQuantity: Type.Number(),
  /** issued − quota: above 0 is over the quota. */
  variance: Type.Number(),
  /** variance ÷ quota in percent; null when the quota is 0. */
  variancePct: nullable(Type.Number()),
});
export type VarianceRow = Static<typeof VarianceRow>;

/** A pick that went beyond the quota with a reason (超定额领料). */
export const OverrunRow = Type.Object({
  id: Type.Integer(),
  workOrderCode: Type.String(),
  materialsName: Type.String(),
  stockDocCode: nullable(Type.String()),
  allowedQuantity: Type.Number(),
  issuedBefore: Type.Number(),
  quantity: Type.Number(),
  reason: Type.String(),
  createdByName: nullable(Type.String()),
  createdAt: Type.String(),
});
export type OverrunRow = Static<typeof OverrunRow>;

export const QuotaVariance = Type.Object({
  rows: Type.Array(VarianceRow),
  overruns: Type.Array(OverrunRow),
  /** More work orders than shown: the newest are. */
  truncated: Type.Boolean(),
});
export type QuotaVariance = Static<typeof QuotaVariance>;

/** Production quota calls beyond the standard and machine calls. */
export const quotaApi = {
  propose: endpoint({
    method: 'GET',
    path: `${Q}proposeQuotaLines`,
    summary: '按BOM生成定额明细：单位定额 = 用量 ×（1 + 损耗率），虚拟件展开到其下层；并列出产品的工艺版本',
    access: { keys: ['certainNumberListAdd', 'certainNumberListModify'] },
    query: ProposeQuery,
    result: Proposal,
  }),
  variance: endpoint({
    method: 'GET',
    path: `${Q}getQuotaVariance`,
    summary: '定额差异：该产品各工单按定额应领与实际领用、耗用的对比，及超定额领料记录',
    access: { keys: ['certainNumberList', 'certainNumberDetail'] },
    query: IdQuery,
    result: QuotaVariance,
  }),
};
