import { Type } from 'typebox';
import { stockCountStatus } from '../enums/index.ts';
import { VersionField } from '../machines/endpoints.ts';
import { WAREHOUSE_BASE } from '../machines/warehouse.ts';
import { defineEntity } from './define.ts';
import { codeField, createdAtField, idField, remarkField } from './information.ts';
import { shownText } from './produceOrder.ts';

/**
 * Stock count sheets (盘点单, the 盘点 tab of inventory-account; DOMAIN "Stock count"): a
 * warehouse, or one area of it, counted. Its lines are made when counting starts (the book
 * quantities then) and counted on its own calls; `stockCountMachine` moves it.
 */
export const stockCountEntity = defineEntity({
  name: 'stockCount',
  label: '盘点单',
  route: 'inventoryAccount',
  buttons: ['Add', 'Modify', 'Del'],
  defaultOrder: '-createdAt',
  api: { base: `${WAREHOUSE_BASE}stockCount/`, name: 'StockCount' },
  autoCode: { prefix: 'PD', dateFormat: 'YYYYMMDD', seqLength: 3, resetPeriod: 1 },
  extraRow: { version: Type.Integer() },
  extraBody: { version: Type.Optional(VersionField) },
  fields: {
    id: idField,
    code: codeField('盘点单号', 150, true),
    warehouseName: {
      label: '仓库',
      type: 'string',
      required: true,
      ref: { entity: 'warehouse', by: 'name', idField: 'warehouseId' },
      filter: ['like'],
      sort: true,
      width: 130,
    },
    warehouseAreaName: {
      label: '库区',
      type: 'string',
      ref: { entity: 'warehouseArea', by: 'name', idField: 'warehouseAreaId' },
      placeholder: '不选则盘点整个仓库',
      filter: ['like'],
      sort: true,
      width: 120,
    },
    isBlind: { label: '盲盘', type: 'boolean', width: 70 },
    status: {
      label: '状态',
      type: 'enum',
      enum: stockCountStatus,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    lineCount: { label: '明细数', type: 'integer', readOnly: true, width: 80 },
    /** Lines whose count differs from the book; none on a blind count until it is submitted. */
    differenceCount: { label: '差异数', type: 'integer', readOnly: true, width: 80 },
    startedAt: {
      label: '开始时间',
      type: 'datetime',
      readOnly: true,
      sort: true,
      width: 170,
    },
    postedAt: {
      label: '过账时间',
      type: 'datetime',
      readOnly: true,
      filter: ['between', 'gte', 'lte'],
      sort: true,
      width: 170,
    },
    adjustCodes: shownText('调整单号', 220),
    countedByName: shownText('盘点人', 100),
    postedByName: shownText('审核人', 100),
    remark: remarkField,
    createdByName: shownText('创建人', 100),
    createdAt: createdAtField,
  },
});
