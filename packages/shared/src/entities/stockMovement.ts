import { Type } from 'typebox';
import { stockDocKind } from '../enums/index.ts';
import { WAREHOUSE_BASE } from '../machines/warehouse.ts';
import { defineEntity } from './define.ts';
import { createdAtField, idField } from './information.ts';
import { shownText } from './produceOrder.ts';
import { materialColumns } from './stockDoc.ts';

/**
 * The stock ledger's movements (库存流水, DOMAIN "Stock ledger"): one per posted line and place,
 * signed (+ in, − out), with the balance it left. Never edited or deleted: a reversal is a new
 * movement pointing at the one it undoes. Read on the warehouse record's 流水 tab and exported.
 */
export const stockMovementEntity = defineEntity({
  name: 'stockMovement',
  label: '库存流水',
  route: 'warehouseRecord',
  buttons: ['Export'],
  defaultOrder: '-createdAt',
  api: { base: `${WAREHOUSE_BASE}stockMovement/`, name: 'StockMovement' },
  // the document a movement belongs to (its detail lists them by docId)
  extraRow: { docId: Type.Union([Type.Integer(), Type.Null()]) },
  fields: {
    id: idField,
    createdAt: { ...createdAtField, label: '过账时间' },
    docCode: { ...shownText('单据编号', 160), filter: ['like', 'eq'] },
    docKind: {
      label: '单据类别',
      type: 'enum',
      enum: stockDocKind,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    stockTypeName: shownText('出入库类型', 120),
    materialsName: {
      label: '物料',
      type: 'string',
      readOnly: true,
      ref: { entity: 'materials', by: 'code', idField: 'materialsId' },
      filter: ['like'],
      sort: true,
      width: 160,
    },
    ...materialColumns,
    warehouseName: {
      label: '仓库',
      type: 'string',
      readOnly: true,
      ref: { entity: 'warehouse', by: 'name', idField: 'warehouseId' },
      filter: ['like'],
      sort: true,
      width: 120,
    },
    locationName: shownText('库位', 110),
    batchCode: shownText('批次号', 150),
    quantity: { label: '数量', type: 'number', readOnly: true, filter: ['gt', 'lt'], sort: true, width: 100 },
    // what its key (material × warehouse × location × batch) holds after it, as the 批次库存 rows
    // of that key: the material's total is the inventory's, not a movement's
    balanceAfter: { label: '批次结存', type: 'number', readOnly: true, sort: true, width: 100 },
    isReversal: {
      label: '冲销',
      type: 'boolean',
      readOnly: true,
      filter: ['eq'],
      width: 70,
    },
    createdByName: shownText('操作人', 100),
  },
});
