import { Type } from 'typebox';
import { materialsApi } from '../api/materials.ts';
import { confirmStatus, orderPlanStatus, orderSource, priority } from '../enums/index.ts';
import { VersionField } from '../machines/endpoints.ts';
import { PRODUCTION_BASE } from '../machines/plans.ts';
import { defineEntity, type FieldDecl } from './define.ts';
import { codeField, createdAtField, idField, remarkField } from './information.ts';

/** Largest quantity of one order, plan or work order (a factory's year of one product fits). */
export const MAX_PRODUCE_QUANTITY = 100_000_000;

/** A quantity column the system keeps (planned, completed, reported). */
export const keptQuantity = (label: string, width = 100) =>
  ({ label, type: 'number', readOnly: true, sort: true, width }) satisfies FieldDecl;

/** A text column the system fills (numbers of other documents, names), filterable by part. */
export const shownText = (label: string, width = 140, list = true) =>
  ({ label, type: 'string', readOnly: true, filter: ['like'], sort: true, width, list }) satisfies FieldDecl;

/** A duration in minutes the list computes (overTime, longTime). */
export const minutes = (label: string) =>
  ({ label, type: 'number', readOnly: true, sort: true, width: 110 }) satisfies FieldDecl;

/** A reference the system set (the line a plan chose): shown by name, filtered by name or id. */
export const shownRef = (label: string, entity: string, idField: string, width = 130) =>
  ({
    label,
    type: 'string',
    readOnly: true,
    ref: { entity, by: 'name', idField },
    filter: ['like'],
    sort: true,
    width,
  }) satisfies FieldDecl;

/** The product columns every production document shows beside its product's name. */
export const productColumns = {
  materialsCode: {
    label: '产品编码',
    type: 'string',
    readOnly: true,
    filter: ['like'],
    sort: true,
    width: 130,
  },
  materialsSpecifications: {
    label: '规格型号',
    type: 'string',
    readOnly: true,
    filter: ['like'],
    width: 150,
  },
  unitName: { label: '单位', type: 'string', readOnly: true, width: 70 },
} satisfies Record<string, FieldDecl>;

/**
 * Production orders (生产订单, plans → orders): what the factory is to make, for whom and by when.
 * Confirmed before planning; its planning status follows its plans (`produceOrderMachine`).
 * Editable until confirmed; `version` guards two people editing at once.
 */
export const produceOrderEntity = defineEntity({
  name: 'produceOrder',
  label: '订单',
  route: 'orderList',
  defaultOrder: '-createdAt',
  api: { base: `${PRODUCTION_BASE}produceOrder/`, name: 'ProduceOrder' },
  autoCode: { prefix: 'MO', dateFormat: 'YYYYMMDD', seqLength: 3, resetPeriod: 1 },
  customFields: true,
  extraRow: { version: Type.Integer() },
  extraBody: { version: Type.Optional(VersionField) },
  fields: {
    id: idField,
    code: { ...codeField('订单编号', 150, true), label: '订单编号' },
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
      importHeader: '产品编码',
      filter: ['like'],
      sort: true,
      import: true,
      width: 160,
    },
    ...productColumns,
    quantity: {
      label: '订单数量',
      type: 'number',
      required: true,
      min: 0.000001,
      max: MAX_PRODUCE_QUANTITY,
      sort: true,
      import: true,
      width: 100,
    },
    plannedQuantity: keptQuantity('已计划数量'),
    completedQuantity: keptQuantity('完工数量'),
    deliveryTime: {
      label: '交货日期',
      type: 'datetime',
      required: true,
      filter: ['between', 'gte', 'lte'],
      sort: true,
      import: true,
      width: 170,
    },
    priority: {
      label: '优先级',
      type: 'enum',
      enum: priority,
      filter: ['eq', 'in'],
      sort: true,
      import: true,
      width: 80,
    },
    customerName: {
      label: '客户',
      type: 'string',
      ref: { entity: 'customer', by: 'name', idField: 'customerId' },
      filter: ['like'],
      sort: true,
      import: true,
      width: 160,
    },
    source: {
      label: '订单来源',
      type: 'enum',
      enum: orderSource,
      filter: ['eq'],
      sort: true,
      import: true,
      width: 110,
    },
    sourceCode: {
      label: '来源单号',
      type: 'string',
      maxLength: 50,
      filter: ['like'],
      import: true,
      width: 140,
    },
    confirmStatus: {
      label: '确认状态',
      type: 'enum',
      enum: confirmStatus,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    planStatus: {
      label: '计划状态',
      type: 'enum',
      enum: orderPlanStatus,
      readOnly: true,
      filter: ['in', 'eq'],
      sort: true,
      width: 120,
    },
    finishedAt: { label: '完成时间', type: 'datetime', readOnly: true, list: false, sort: true, width: 170 },
    remark: remarkField,
    createdAt: createdAtField,
  },
});
