import { Type } from 'typebox';
import { materialsApi } from '../api/materials.ts';
import { confirmStatus, salesOrderStatus } from '../enums/index.ts';
import { VersionField } from '../machines/endpoints.ts';
import { SALES_BASE } from '../machines/sales.ts';
import { defineEntity } from './define.ts';
import { codeField, createdAtField, idField, remarkField } from './information.ts';
import { keptQuantity, MAX_PRODUCE_QUANTITY, productColumns } from './produceOrder.ts';

/** Largest unit price of a sales line (yuan). */
export const MAX_UNIT_PRICE = 100_000_000;

/** A line's amount: quantity × unit price, 2 decimals half-up (DOMAIN "Sales order"). */
export const lineAmount = (quantity: number, unitPrice: number): number => {
  const cents = Math.round(Math.abs(quantity * unitPrice) * 100 + 1e-7);
  return (Math.sign(quantity * unitPrice) * cents) / 100;
};

/**
 * Sales orders (销售订单, sales-order-list / add / detail; DOMAIN "Sales order"): what a customer
 * ordered, line by line, and how much of each line is covered by production and shipped.
 * Editable until confirmed (`salesOrderMachine`); `version` guards two people editing at once.
 */
export const salesOrderEntity = defineEntity({
  name: 'salesOrder',
  label: '销售订单',
  route: 'salesOrderList',
  buttons: ['Add', 'Modify', 'Del', 'Detail', 'Export'],
  defaultOrder: '-createdAt',
  api: { base: `${SALES_BASE}salesOrder/`, name: 'SalesOrder' },
  autoCode: { prefix: 'SO', dateFormat: 'YYYYMMDD', seqLength: 3, resetPeriod: 1 },
  extraRow: { version: Type.Integer() },
  extraBody: { version: Type.Optional(VersionField) },
  fields: {
    id: idField,
    code: { ...codeField('销售订单号', 160, true), label: '销售订单号' },
    customerName: {
      label: '客户',
      type: 'string',
      required: true,
      ref: { entity: 'customer', by: 'name', idField: 'customerId' },
      filter: ['like'],
      sort: true,
      width: 200,
    },
    deliveryAddress: {
      label: '收货地点',
      type: 'string',
      maxLength: 200,
      filter: ['like'],
      width: 180,
      list: false,
    },
    salesmanName: {
      label: '业务员',
      type: 'string',
      ref: { entity: 'user', by: 'name', idField: 'salesmanId' },
      filter: ['like'],
      sort: true,
      width: 100,
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
    status: {
      label: '发货状态',
      type: 'enum',
      enum: salesOrderStatus,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 100,
    },
    lineCount: { label: '行数', type: 'integer', readOnly: true, width: 70 },
    totalQuantity: keptQuantity('订货数量'),
    shippedQuantity: keptQuantity('已发货数量', 110),
    totalAmount: { label: '含税金额', type: 'number', readOnly: true, sort: true, width: 120 },
    earliestDelivery: {
      label: '最早交期',
      type: 'datetime',
      readOnly: true,
      filter: ['between', 'gte', 'lte'],
      sort: true,
      width: 170,
    },
    closeReason: { label: '关闭原因', type: 'string', readOnly: true, width: 160, list: false },
    remark: remarkField,
    createdAt: createdAtField,
  },
  lines: {
    label: '产品明细',
    min: 1,
    max: 200,
    fields: {
      id: idField,
      materialsName: {
        label: '产品',
        type: 'string',
        required: true,
        ref: { entity: 'materials', by: 'code', idField: 'materialsId', select: materialsApi.finished },
        width: 180,
      },
      ...productColumns,
      quantity: {
        label: '数量',
        type: 'number',
        required: true,
        min: 0.000001,
        max: MAX_PRODUCE_QUANTITY,
        width: 100,
      },
      unitPrice: {
        label: '含税单价',
        type: 'number',
        required: true,
        min: 0,
        max: MAX_UNIT_PRICE,
        width: 110,
      },
      taxRate: { label: '税率(%)', type: 'number', min: 0, max: 100, width: 80 },
      amount: { label: '金额', type: 'number', readOnly: true, width: 110 },
      deliveryTime: { label: '交货日期', type: 'datetime', required: true, width: 170 },
      linkedProduceQuantity: keptQuantity('已下生产数量', 110),
      producedQuantity: keptQuantity('已完工数量'),
      shippedQuantity: keptQuantity('已发货数量'),
      remark: { ...remarkField, width: 160 },
    },
  },
});
