import { Type } from 'typebox';
import { materialsApi } from '../api/materials.ts';
import { salesOrderStatus } from '../enums/index.ts';
import { VersionField } from '../machines/endpoints.ts';
import { SALES_BASE } from '../machines/sales.ts';
import { defineEntity } from './define.ts';
import { codeField, idField, remarkField } from './information.ts';
import { orderHeadFields, pricedLineFields } from './order.ts';
import { keptQuantity, productColumns } from './produceOrder.ts';

/** Moved beside the order fields both orders share; kept here for the sales screens. */
export { lineAmount, MAX_UNIT_PRICE } from './order.ts';

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
    ...orderHeadFields({
      status: salesOrderStatus,
      statusLabel: '发货状态',
      quantityLabel: '订货数量',
      fulfilled: 'shippedQuantity',
      fulfilledLabel: '已发货数量',
    }),
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
      ...pricedLineFields,
      linkedProduceQuantity: keptQuantity('已下生产数量', 110),
      producedQuantity: keptQuantity('已完工数量'),
      shippedQuantity: keptQuantity('已发货数量'),
      returnedQuantity: keptQuantity('已退货数量'),
      remark: { ...remarkField, width: 160 },
    },
  },
});
