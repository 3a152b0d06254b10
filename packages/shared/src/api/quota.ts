import { type Static, type TSchema, Type } from 'typebox';
import { MAX_STOCK_QUANTITY } from '../entities/stockDoc.ts';
import { PURCHASE_BASE } from '../machines/purchase.ts';
import { PICK_KEY } from '../machines/quota.ts';
import { endpoint } from './contract.ts';
import type { FieldError } from './errors.ts';
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

/** A pick beyond the quota's own allowance, let through by passed applications (超定额领料). */
export const OverrunRow = Type.Object({
  id: Type.Integer(),
  workOrderCode: Type.String(),
  materialsName: Type.String(),
  stockDocCode: nullable(Type.String()),
  allowedQuantity: Type.Number(),
  issuedBefore: Type.Number(),
  quantity: Type.Number(),
  /** The passed applications' reasons. */
  reason: Type.String(),
  /** The passed applications that let it through. */
  applicationCodes: Type.Array(Type.String()),
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

/** 超定额申请: one work order may take this much more of one material, once passed. */
export const ApplyBody = Type.Object(
  {
    workOrderId: RowId('工单'),
    materialsId: RowId('物料'),
    quantity: Type.Number({ minimum: 0.000001, maximum: MAX_STOCK_QUANTITY, title: '超定额数量' }),
    reason: Type.String({ minLength: 1, maxLength: 200, title: '申请原因' }),
  },
  { additionalProperties: false },
);

export const ApplyResult = Type.Object({ id: Type.Integer(), code: Type.String(), version: Type.Integer() });

/** The field of a pick's refusal for the quota (code 7): the web offers the application with it. */
export const OVER_QUOTA_FIELD = 'overQuota';

/**
 * A pick refused for the quota, as the refusal's field error carries it: what the application
 * needs (work order, material, the excess over the allowance) and the ones still pending.
 */
export interface OverQuotaRefusal extends FieldError {
  field: typeof OVER_QUOTA_FIELD;
  workOrderId: number;
  workOrderCode: string;
  materialsId: number;
  materialsName: string;
  unitName: string | null;
  /** What this pick asks beyond the allowance (passed applications included). */
  excess: number;
  /** Applications of this work order and material waiting for approval. */
  pendingCodes: string[];
}

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
  apply: endpoint({
    method: 'POST',
    path: `${PURCHASE_BASE}quotaApply/addQuotaApply`,
    summary: '提交超定额领料申请（待审核）：工单、物料、超定额数量与原因；通知审核人',
    access: { keys: ['certainNumberListApply', PICK_KEY] },
    body: ApplyBody,
    result: ApplyResult,
  }),
};
