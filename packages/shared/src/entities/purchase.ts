import { Type } from 'typebox';
import { purchaseOrderStatus, purchaseRequestSource, purchaseRequestStatus } from '../enums/index.ts';
import { VersionField } from '../machines/endpoints.ts';
import { PURCHASE_BASE } from '../machines/purchase.ts';
import { defineEntity, type FieldDecl } from './define.ts';
import { codeField, createdAtField, idField, remarkField } from './information.ts';
import { orderHeadFields, pricedLineFields } from './order.ts';
import { keptQuantity, MAX_PRODUCE_QUANTITY, shownText } from './produceOrder.ts';
import { materialColumns } from './stockDoc.ts';

/** The material a purchase line or request is for (any real material; the server refuses a virtual one). */
const materialField = {
  label: '物料',
  type: 'string',
  required: true,
  ref: {
    entity: 'materials',
    by: 'code',
    idField: 'materialsId',
    // a virtual material is a phantom of its BOM: nothing to buy
    filters: [{ fieldName: 'isVirtualMaterials', fieldType: 'integer', operator: 'eq', fieldValue: 0 }],
  },
  width: 180,
} as const satisfies FieldDecl;

const supplierField = <const R extends boolean>(required: R) =>
  ({
    label: '供应商',
    type: 'string',
    required,
    ref: { entity: 'supplier', by: 'name', idField: 'supplierId' },
    filter: ['like'],
    sort: true,
    width: 200,
  }) as const satisfies FieldDecl;

const purchaseQuantity = {
  label: '数量',
  type: 'number',
  required: true,
  min: 0.000001,
  max: MAX_PRODUCE_QUANTITY,
  width: 100,
} satisfies FieldDecl;

/**
 * Purchase requests (请购单, listed on MRP → 采购需求 purchasing-demand; DOMAIN "Purchase request"):
 * a material wanted by a date, keyed by hand or suggested by an MRP run, submitted to the buyer
 * and ordered (转采购订单) into purchase orders. Editable while to submit (`purchaseRequestMachine`).
 */
export const purchaseRequestEntity = defineEntity({
  name: 'purchaseRequest',
  label: '请购单',
  route: 'purchasingDemand',
  buttons: ['Add', 'Modify', 'Del', 'Detail', 'Export'],
  defaultOrder: '-createdAt',
  api: { base: `${PURCHASE_BASE}purchaseRequest/`, name: 'PurchaseRequest' },
  autoCode: { prefix: 'QG', dateFormat: 'YYYYMMDD', seqLength: 3, resetPeriod: 1 },
  extraRow: { version: Type.Integer() },
  extraBody: { version: Type.Optional(VersionField) },
  fields: {
    id: idField,
    code: { ...codeField('请购单号', 160, true), label: '请购单号' },
    source: {
      label: '来源',
      type: 'enum',
      enum: purchaseRequestSource,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 80,
    },
    materialsName: { ...materialField, filter: ['like'], sort: true },
    ...materialColumns,
    quantity: purchaseQuantity,
    requiredDate: {
      label: '需求日期',
      type: 'datetime',
      required: true,
      filter: ['between', 'gte', 'lte'],
      sort: true,
      width: 170,
    },
    supplierName: supplierField(false),
    orderedQuantity: keptQuantity('已下单数量', 110),
    status: {
      label: '状态',
      type: 'enum',
      enum: purchaseRequestStatus,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    createdByName: shownText('请购人', 100),
    remark: remarkField,
    createdAt: createdAtField,
  },
});

/**
 * Purchase orders (采购订单, purchase-order-list / add / detail; DOMAIN "Purchase order"): what is
 * bought from a supplier, line by line, and how much of each line has been received.
 * Editable until confirmed (`purchaseOrderMachine`); `version` guards two people editing at once.
 */
export const purchaseOrderEntity = defineEntity({
  name: 'purchaseOrder',
  label: '采购订单',
  route: 'purchaseOrderList',
  buttons: ['Add', 'Modify', 'Del', 'Detail', 'Export'],
  defaultOrder: '-createdAt',
  api: { base: `${PURCHASE_BASE}purchaseOrder/`, name: 'PurchaseOrder' },
  autoCode: { prefix: 'CG', dateFormat: 'YYYYMMDD', seqLength: 3, resetPeriod: 1 },
  extraRow: { version: Type.Integer() },
  extraBody: { version: Type.Optional(VersionField) },
  fields: {
    id: idField,
    code: { ...codeField('采购订单号', 160, true), label: '采购订单号' },
    supplierName: supplierField(true),
    buyerName: {
      label: '采购员',
      type: 'string',
      ref: { entity: 'user', by: 'name', idField: 'buyerId' },
      filter: ['like'],
      sort: true,
      width: 100,
    },
    ...orderHeadFields({
      status: purchaseOrderStatus,
      statusLabel: '收货状态',
      quantityLabel: '采购数量',
      fulfilled: 'receivedQuantity',
      fulfilledLabel: '已收货数量',
    }),
  },
  lines: {
    label: '物料明细',
    min: 1,
    max: 200,
    fields: {
      id: idField,
      materialsName: materialField,
      ...materialColumns,
      ...pricedLineFields,
      receivedQuantity: keptQuantity('已收货数量'),
      requestCode: { label: '请购单号', type: 'string', readOnly: true, width: 150 },
      remark: { ...remarkField, width: 160 },
    },
  },
});
