import { defineEntity } from './define.ts';
import { codeField, createdAtField, idField, remarkField } from './information.ts';

/** Batch numbers for material lots (information → print-label → batch-number); numbered by rule. */
export const batchNumberEntity = defineEntity({
  name: 'batchNumber',
  label: '批次号',
  route: 'batchNumber',
  defaultOrder: '-id',
  api: { base: 'basicData/label/private/batchNumber/', name: 'BatchNumber' },
  autoCode: { prefix: 'PC', dateFormat: 'YYYYMMDD', seqLength: 4, resetPeriod: 1 },
  fields: {
    id: { ...idField, sort: true },
    code: { ...codeField('批次号', 180, true), pattern: undefined },
    materialsName: {
      label: '物料',
      type: 'string',
      required: true,
      ref: { entity: 'materials', by: 'code', idField: 'materialId' },
      filter: ['like'],
      sort: true,
      width: 180,
    },
    quantity: { label: '数量', type: 'number', min: 0, width: 100 },
    supplierName: {
      label: '供应商',
      type: 'string',
      ref: { entity: 'supplier', by: 'name', idField: 'supplierId' },
      filter: ['like'],
      width: 180,
    },
    producedOn: { label: '生产日期', type: 'date', filter: ['between'], sort: true, width: 120 },
    remark: remarkField,
    createdAt: createdAtField,
  },
});

/** Codes for physical packages (information → print-label → package-code), made in batches. */
export const packageCodeEntity = defineEntity({
  name: 'packageCode',
  label: '包装码',
  route: 'packageCode',
  defaultOrder: '-id',
  api: { base: 'basicData/label/private/packageCode/', name: 'PackageCode' },
  autoCode: { prefix: 'BZM', dateFormat: 'YYMMDD', seqLength: 5, resetPeriod: 1 },
  fields: {
    id: { ...idField, sort: true },
    code: { ...codeField('包装码', 180, true), pattern: undefined },
    packageName: {
      label: '包装规格',
      type: 'string',
      required: true,
      ref: { entity: 'packageInfo', by: 'name', idField: 'packageId' },
      filter: ['like'],
      sort: true,
      width: 180,
    },
    level: { label: '包装层级', type: 'integer', min: 1, max: 9, width: 90 },
    batchNumberName: {
      label: '批次号',
      type: 'string',
      ref: { entity: 'batchNumber', by: 'code', idField: 'batchNumberId' },
      filter: ['like'],
      width: 180,
    },
    remark: remarkField,
    createdAt: createdAtField,
  },
});
