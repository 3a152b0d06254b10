import { Type } from 'typebox';
import { materialPreparationStatus } from '../enums/index.ts';
import { WAREHOUSE_BASE } from '../machines/warehouse.ts';
import { defineEntity } from './define.ts';
import { codeField, createdAtField, idField, remarkField } from './information.ts';
import { productColumns, shownText } from './produceOrder.ts';

/**
 * Preparation orders (备料单, warehouse-assign; DOMAIN "Material preparation"): what a released
 * work order needs from the warehouse (its plan's materials for its quantity), picked to the
 * line-side warehouse of its line (`materialPrepMachine`).
 */
export const materialPrepEntity = defineEntity({
  name: 'materialPrep',
  label: '备料单',
  route: 'warehouseAssign',
  buttons: ['Export'],
  defaultOrder: '-createdAt',
  api: { base: `${WAREHOUSE_BASE}materialPrep/`, name: 'MaterialPrep' },
  autoCode: { prefix: 'BL', dateFormat: 'YYYYMMDD', seqLength: 3, resetPeriod: 1 },
  extraRow: {
    version: Type.Integer(),
    workOrderId: Type.Integer(),
    planId: Type.Union([Type.Integer(), Type.Null()]),
  },
  fields: {
    id: idField,
    code: codeField('备料单号', 150, true),
    status: {
      label: '备料状态',
      type: 'enum',
      enum: materialPreparationStatus,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    workOrderCode: shownText('工单编号', 160),
    planCode: shownText('计划编号', 150),
    materialsName: shownText('产品', 160),
    ...productColumns,
    quantity: { label: '工单数量', type: 'number', readOnly: true, sort: true, width: 90 },
    areaName: shownText('产线', 110),
    targetWarehouseName: shownText('线边仓', 130),
    lineCount: { label: '物料数', type: 'integer', readOnly: true, width: 80 },
    preparedCount: { label: '已备齐', type: 'integer', readOnly: true, width: 80 },
    sentAt: { label: '下发时间', type: 'datetime', readOnly: true, sort: true, width: 170 },
    remark: { ...remarkField, readOnly: true },
    createdAt: createdAtField,
  },
});
