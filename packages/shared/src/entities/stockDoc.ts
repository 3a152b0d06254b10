import { Type } from 'typebox';
import { stockDocKind, stockDocStatus } from '../enums/index.ts';
import { VersionField } from '../machines/endpoints.ts';
import { WAREHOUSE_BASE } from '../machines/warehouse.ts';
import { defineEntity, type FieldDecl } from './define.ts';
import { codeField, createdAtField, idField, remarkField } from './information.ts';
import { keptQuantity, productColumns, shownText } from './produceOrder.ts';

/** A material's code, specification and unit beside its name on a stock line. */
export const materialColumns = {
  ...productColumns,
  materialsCode: { ...productColumns.materialsCode, label: '物料编码' },
} as const;

/** Largest quantity of one stock line (a year of one material fits). */
export const MAX_STOCK_QUANTITY = 1_000_000_000;

/** A warehouse or location chosen on a stock document. */
const placeRef = <const I extends string>(label: string, entity: string, idField: I, required = false) =>
  ({
    label,
    type: 'string',
    required,
    ref: { entity, by: 'name', idField },
    filter: ['like'],
    sort: true,
    width: 130,
  }) satisfies FieldDecl;

/**
 * Stock documents (出入库单, warehouse-operate / warehouse-record; DOMAIN "Stock documents"): a
 * stock-in, stock-out or transfer with its material lines. Stock moves only when one is approved
 * (审核过账); a posted document is reversed (冲销) by negated movements, never edited
 * (`stockDocMachine`). One number series for all three kinds (CRK…), the kind tells them apart.
 */
export const stockDocEntity = defineEntity({
  name: 'stockDoc',
  label: '出入库单',
  route: 'warehouseRecord',
  // no standard Import: 批量入库 (BatchStockIn) makes stock-ins of a file's lines (stockInImportEntity)
  buttons: ['Add', 'Modify', 'Del', 'Detail', 'Export', 'Print'],
  defaultOrder: '-createdAt',
  api: { base: `${WAREHOUSE_BASE}stockDoc/`, name: 'StockDoc' },
  autoCode: { prefix: 'CRK', dateFormat: 'YYYYMMDD', seqLength: 3, resetPeriod: 1 },
  extraRow: {
    version: Type.Integer(),
    // what production made it for, which undoes it instead of 冲销 (stockDocSources); null: none
    sourceKind: Type.Union([Type.Integer(), Type.Null()]),
  },
  extraBody: { version: Type.Optional(VersionField) },
  fields: {
    id: idField,
    code: { ...codeField('单据编号', 160, true) },
    kind: {
      label: '单据类别',
      type: 'enum',
      enum: stockDocKind,
      required: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    stockTypeName: placeRef('出入库类型', 'stockType', 'stockTypeId'),
    warehouseName: placeRef('仓库', 'warehouse', 'warehouseId', true),
    targetWarehouseName: placeRef('调入仓库', 'warehouse', 'targetWarehouseId'),
    status: {
      label: '状态',
      type: 'enum',
      enum: stockDocStatus,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    supplierName: {
      label: '供应商',
      type: 'string',
      ref: { entity: 'supplier', by: 'name', idField: 'supplierId' },
      filter: ['like'],
      sort: true,
      width: 150,
      list: false,
    },
    sourceNumber: {
      label: '来源单号',
      type: 'string',
      maxLength: 64,
      filter: ['like'],
      sort: true,
      width: 150,
    },
    lineCount: { label: '行数', type: 'integer', readOnly: true, width: 70 },
    totalQuantity: keptQuantity('总数量'),
    postedAt: {
      label: '过账时间',
      type: 'datetime',
      readOnly: true,
      filter: ['between', 'gte', 'lte'],
      sort: true,
      width: 170,
    },
    postedByName: shownText('审核人', 100),
    createdByName: shownText('制单人', 100),
    remark: remarkField,
    createdAt: createdAtField,
  },
  lines: {
    label: '物料明细',
    min: 1,
    max: 500,
    fields: {
      id: idField,
      materialsName: {
        label: '物料',
        type: 'string',
        required: true,
        ref: { entity: 'materials', by: 'code', idField: 'materialsId' },
        width: 180,
      },
      ...materialColumns,
      batchCode: {
        label: '批次号',
        type: 'string',
        maxLength: 64,
        placeholder: '入库留空自动编号，出库留空先进先出',
        width: 150,
      },
      locationName: placeRef('库位', 'warehouseLocation', 'locationId'),
      targetLocationName: placeRef('调入库位', 'warehouseLocation', 'targetLocationId'),
      quantity: {
        label: '数量',
        type: 'number',
        required: true,
        min: 0.000001,
        max: MAX_STOCK_QUANTITY,
        width: 110,
      },
      remark: { ...remarkField, width: 160 },
    },
  },
});

/**
 * A row of the 批量入库 file (tenant flag batchStockIn): one line of a stock-in. The rows of one
 * stock-in type and warehouse become one document (docs/warehouse.md, "Batch stock-in"); the
 * warehouse, the location and the batch are looked up by the warehouse module, row by row.
 */
export const stockInImportEntity = defineEntity({
  name: 'stockInLine',
  label: '入库明细',
  route: 'warehouseRecord',
  defaultOrder: '+materialsCode',
  fields: {
    stockTypeName: {
      label: '入库类型',
      type: 'string',
      required: true,
      ref: { entity: 'stockType', by: 'name', idField: 'stockTypeId' },
      import: true,
    },
    warehouseName: {
      label: '仓库',
      type: 'string',
      required: true,
      maxLength: 64,
      importNote: '填写已有仓库的名称或编码',
      import: true,
    },
    locationCode: {
      label: '库位',
      type: 'string',
      maxLength: 64,
      importNote: '选填；填写该仓库中库位的编码',
      import: true,
    },
    materialsCode: {
      label: '物料',
      importHeader: '物料编码',
      type: 'string',
      required: true,
      ref: { entity: 'materials', by: 'code', idField: 'materialsId' },
      import: true,
    },
    batchCode: {
      label: '批次号',
      type: 'string',
      maxLength: 64,
      importNote: '选填；不填则审核过账时按批次号规则自动编号',
      import: true,
    },
    quantity: {
      label: '数量',
      type: 'number',
      required: true,
      max: MAX_STOCK_QUANTITY,
      importNote: '必须大于0，最多6位小数',
      import: true,
    },
    remark: remarkField,
  },
});
