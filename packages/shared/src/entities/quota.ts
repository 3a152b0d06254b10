import { Type } from 'typebox';
import { materialsApi } from '../api/materials.ts';
import { auditStatus, quotaStatus } from '../enums/index.ts';
import { VersionField } from '../machines/endpoints.ts';
import { PURCHASE_BASE } from '../machines/purchase.ts';
import { defineEntity } from './define.ts';
import { codeField, createdAtField, idField, remarkField } from './information.ts';
import { productColumns, shownRef, shownText } from './produceOrder.ts';
import { MAX_STOCK_QUANTITY, materialColumns } from './stockDoc.ts';

/** Largest quantity of one material per unit of product (a transformer's tonnes of oil fit). */
export const MAX_QUOTA_PER_UNIT = 1_000_000;

const nullableId = Type.Union([Type.Integer(), Type.Null()]);

/**
 * Production quotas (生产定额, purchase → certain-number; DOMAIN "Production quota"): how much of
 * each material one unit of a made product may take, proposed from its BOM with the loss rate,
 * with a tolerance in percent. One effective quota per product and process-flow version
 * (`quotaMachine`); picks to its work orders are checked against it. Editable while a draft.
 */
export const quotaEntity = defineEntity({
  name: 'quota',
  label: '生产定额',
  route: 'certainNumberList',
  buttons: ['Add', 'Modify', 'Del', 'Detail', 'Export'],
  defaultOrder: '-createdAt',
  api: { base: `${PURCHASE_BASE}quota/`, name: 'Quota' },
  autoCode: { prefix: 'DE', dateFormat: 'YYYYMMDD', seqLength: 3, resetPeriod: 1 },
  extraRow: { version: Type.Integer(), processFlowVersionId: nullableId },
  extraBody: {
    version: Type.Optional(VersionField),
    /** Left out or null: the quota holds for every version of the product's flow. */
    processFlowVersionId: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647, title: '工艺版本' }), Type.Null()]),
    ),
  },
  fields: {
    id: idField,
    code: { ...codeField('定额单号', 160, true), label: '定额单号' },
    materialsName: {
      label: '产品',
      type: 'string',
      required: true,
      ref: {
        entity: 'materials',
        by: 'code',
        idField: 'materialsId',
        select: materialsApi.finished,
        filters: [{ fieldName: 'isVirtualMaterials', fieldType: 'integer', operator: 'eq', fieldValue: 0 }],
      },
      filter: ['like'],
      sort: true,
      width: 180,
    },
    ...productColumns,
    // shown, not searched: a product has few versions (V1.0, V2.0), the product is the filter
    versionName: { ...shownText('工艺版本', 100), filter: undefined, form: false },
    effectiveFrom: {
      label: '生效日期',
      type: 'date',
      required: true,
      filter: ['between', 'gte', 'lte'],
      sort: true,
      width: 120,
    },
    status: {
      label: '状态',
      type: 'enum',
      enum: quotaStatus,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 80,
    },
    lineCount: { label: '物料数', type: 'integer', readOnly: true, width: 80 },
    createdByName: shownText('制单人', 100),
    remark: remarkField,
    createdAt: createdAtField,
  },
  lines: {
    label: '定额明细',
    min: 1,
    max: 200,
    fields: {
      id: idField,
      materialsName: {
        label: '物料',
        type: 'string',
        required: true,
        ref: {
          entity: 'materials',
          by: 'code',
          idField: 'materialsId',
          // a virtual material is a phantom: its own parts carry the quota
          filters: [{ fieldName: 'isVirtualMaterials', fieldType: 'integer', operator: 'eq', fieldValue: 0 }],
        },
        width: 200,
      },
      ...materialColumns,
      quotaPerUnit: {
        label: '单位定额',
        type: 'number',
        required: true,
        min: 0.000001,
        max: MAX_QUOTA_PER_UNIT,
        width: 120,
      },
      tolerancePct: { label: '允差(%)', type: 'number', required: true, min: 0, max: 100, width: 90 },
      remark: { ...remarkField, width: 160 },
    },
  },
});

/**
 * Over-quota applications (超定额领料申请, DOMAIN "Production quota": "超定额领料 needs a reason and
 * approval"; docs/quota.md): one work order may be issued this much more of one material than its
 * quota allows, once passed (`quotaApplyMachine`). Filed from the pick dialog through their own
 * call, never edited: a wrong one is withdrawn or rejected and filed again.
 */
export const quotaApplyEntity = defineEntity({
  name: 'quotaApply',
  label: '超定额申请',
  route: 'certainNumberList',
  buttons: [],
  defaultOrder: '-createdAt',
  api: { base: `${PURCHASE_BASE}quotaApply/`, name: 'QuotaApply' },
  autoCode: { prefix: 'CE', dateFormat: 'YYYYMMDD', seqLength: 3, resetPeriod: 1 },
  // who filed it: only they withdraw it
  extraRow: { version: Type.Integer(), applicantId: nullableId },
  fields: {
    id: idField,
    code: { ...codeField('申请单号', 160, true), label: '申请单号', readOnly: true },
    workOrderCode: {
      label: '工单',
      type: 'string',
      readOnly: true,
      ref: { entity: 'produceWorkOrder', by: 'code', idField: 'workOrderId' },
      filter: ['like'],
      sort: true,
      width: 150,
    },
    productName: shownRef('产品', 'materials', 'productId', 160),
    materialsName: shownRef('物料', 'materials', 'materialsId', 180),
    ...materialColumns,
    quantity: {
      label: '超定额数量',
      type: 'number',
      readOnly: true,
      min: 0.000001,
      max: MAX_STOCK_QUANTITY,
      sort: true,
      width: 110,
    },
    reason: { label: '申请原因', type: 'string', readOnly: true, filter: ['like'], width: 200 },
    auditStatus: {
      label: '审核状态',
      type: 'enum',
      enum: auditStatus,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    applicantName: shownRef('申请人', 'user', 'applicantId', 100),
    createdAt: { ...createdAtField, label: '申请时间' },
    approverName: shownRef('审核人', 'user', 'approvedBy', 100),
    approvedAt: { label: '审核时间', type: 'datetime', readOnly: true, sort: true, width: 170 },
    rejectReason: { label: '驳回原因', type: 'string', readOnly: true, width: 160 },
  },
});
