import { Type } from 'typebox';
import { outsourceOrderStatus, overdueFlag } from '../enums/index.ts';
import { VersionField } from '../machines/endpoints.ts';
import { OUTSOURCING_BASE } from '../machines/outsourcing.ts';
import { defineEntity } from './define.ts';
import { codeField, createdAtField, idField, remarkField } from './information.ts';
import { keptQuantity, MAX_PRODUCE_QUANTITY, productColumns, shownText } from './produceOrder.ts';

const id = (title: string) => Type.Integer({ minimum: 1, maximum: 2_147_483_647, title });

/**
 * Outsourcing orders (委外加工, plans → out-source-lists; DOMAIN "Outsourcing"): one outsourced
 * step (process type 1) of a work order given to a supplier — made as a draft when the work order
 * is released, or by hand for a released work order's outsourced step; confirmed at a price, sent
 * out and received back as the step's reports (`outsourceOrderMachine`). The work order and its
 * step are chosen on adding only (`workOrderId`, `taskId`); the supplier may stay empty while a
 * draft. `version` guards two people editing or acting at once.
 */
export const outsourceOrderEntity = defineEntity({
  name: 'outsourceOrder',
  label: '委外单',
  route: 'outSourceLists',
  buttons: ['Add', 'Modify', 'Del', 'Detail', 'Export'],
  defaultOrder: '-createdAt',
  api: { base: `${OUTSOURCING_BASE}outsourceOrder/`, name: 'OutsourceOrder' },
  autoCode: { prefix: 'WW', dateFormat: 'YYYYMMDD', seqLength: 3, resetPeriod: 1 },
  extraRow: {
    version: Type.Integer(),
    workOrderId: Type.Integer(),
    taskId: Type.Integer(),
  },
  extraBody: {
    version: Type.Optional(VersionField),
    /** Adding only: the work order (released, not closed) and its outsourced step. */
    workOrderId: Type.Optional(id('工单')),
    taskId: Type.Optional(id('委外工序')),
  },
  fields: {
    id: idField,
    code: { ...codeField('委外单号', 160, true), label: '委外单号' },
    supplierName: {
      label: '委外供应商',
      type: 'string',
      ref: { entity: 'supplier', by: 'name', idField: 'supplierId' },
      filter: ['like'],
      sort: true,
      width: 200,
    },
    workOrderCode: shownText('工单编号', 160),
    materialsName: shownText('产品名称', 160),
    materialsCode: productColumns.materialsCode,
    // shown on demand (column settings): the list leaves room for the quantities and states
    materialsSpecifications: { ...productColumns.materialsSpecifications, list: false },
    unitName: { ...productColumns.unitName, list: false },
    procedureName: shownText('委外工序', 110),
    quantity: {
      label: '委外数量',
      type: 'number',
      required: true,
      min: 0.000001,
      max: MAX_PRODUCE_QUANTITY,
      sort: true,
      width: 100,
    },
    unitPrice: {
      label: '单价(元)',
      type: 'number',
      min: 0,
      max: 100_000_000,
      placeholder: '确认前须填写',
      sort: true,
      width: 100,
    },
    amount: { label: '金额(元)', type: 'number', readOnly: true, sort: true, width: 110 },
    planReturnDate: {
      label: '计划回厂日期',
      type: 'date',
      filter: ['between', 'gte', 'lte'],
      sort: true,
      width: 120,
    },
    sentQuantity: keptQuantity('已发外数量', 110),
    receivedGoodQuantity: keptQuantity('收回合格数', 110),
    receivedDefectQuantity: keptQuantity('收回不良数', 110),
    status: {
      label: '状态',
      type: 'enum',
      enum: outsourceOrderStatus,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    isOverdue: {
      label: '逾期',
      type: 'enum',
      enum: overdueFlag,
      readOnly: true,
      filter: ['eq'],
      sort: true,
      width: 80,
    },
    createdByName: shownText('创建人', 100),
    remark: remarkField,
    createdAt: createdAtField,
  },
});
