import { Type } from 'typebox';
import { sparePartApi } from '../api/sparePart.ts';
import { auditStatus, partIssueStatus, sparePartSource } from '../enums/index.ts';
import { VersionField } from '../machines/endpoints.ts';
import { EQUIPMENT_BASE } from '../machines/equipment.ts';
import { defineEntity, type FieldDecl } from './define.ts';
import { codeField, createdAtField, idField, remarkField } from './information.ts';
import { shownRef, shownText } from './produceOrder.ts';
import { MAX_STOCK_QUANTITY, materialColumns } from './stockDoc.ts';

const nullableId = Type.Union([Type.Integer(), Type.Null()]);

/** A stock limit of the part's material (物料的库存上下限: one truth, edited here or there). */
const limitField = (label: string) =>
  ({
    label,
    type: 'number',
    min: 0,
    max: MAX_STOCK_QUANTITY,
    sort: true,
    import: true,
    width: 100,
  }) satisfies FieldDecl;

/** The spare warehouses a part is kept and issued from (仓库建模 with 备件仓 ticked). */
export const spareWarehouseRef = {
  label: '仓库',
  type: 'string',
  required: true,
  ref: {
    entity: 'warehouse',
    by: 'name',
    idField: 'warehouseId',
    filters: [{ fieldName: 'isSpare', fieldType: 'boolean', operator: 'eq', fieldValue: 1 }],
  },
  width: 130,
} as const satisfies FieldDecl;

/**
 * The spare-part account 备件台账 (part-account; DOMAIN "Spare parts", docs/spare-parts.md): which
 * materials are spare parts, the equipment class they serve, their replacement cycle and safety
 * stock. Registering a material here is what makes it issuable to repairs and upkeep; its stock is
 * what the spare warehouses hold of it.
 */
export const sparePartEntity = defineEntity({
  name: 'sparePart',
  label: '备件',
  route: 'partAccount',
  defaultOrder: '+materialsCode',
  api: { base: `${EQUIPMENT_BASE}sparePart/`, name: 'SparePart' },
  extraRow: { materialsId: Type.Integer() },
  fields: {
    id: idField,
    materialsName: {
      label: '备件',
      type: 'string',
      required: true,
      ref: {
        entity: 'materials',
        by: 'code',
        idField: 'materialsId',
        filters: [{ fieldName: 'isVirtualMaterials', fieldType: 'integer', operator: 'eq', fieldValue: 0 }],
      },
      filter: ['like'],
      sort: true,
      import: true,
      importHeader: '物料编码',
      width: 180,
    },
    ...materialColumns,
    equipmentClassName: {
      label: '适用设备分类',
      type: 'string',
      ref: { entity: 'equipmentClass', by: 'name', idField: 'equipmentClassId' },
      filter: ['like'],
      sort: true,
      import: true,
      width: 130,
    },
    replaceCycleDays: {
      label: '更换周期(天)',
      type: 'integer',
      min: 1,
      max: 3650,
      sort: true,
      import: true,
      width: 110,
    },
    lowerLimit: limitField('安全库存'),
    upperLimit: limitField('库存上限'),
    stockQuantity: {
      label: '备件库存',
      type: 'number',
      form: false,
      readOnly: true,
      sort: true,
      width: 100,
    },
    usedQuantity: {
      label: '累计领用',
      type: 'number',
      form: false,
      readOnly: true,
      sort: true,
      width: 100,
    },
    remark: remarkField,
    createdAt: { ...createdAtField, list: false },
  },
});

/**
 * Spare-part applications 备件申请 (part-apply; DOMAIN "Spare parts", audit status of spec 001 §4):
 * a repairer or upkeep executor asks for parts against a repair order (source type 0) or an upkeep
 * task (1); saved not submitted (−1), submitted for audit (0), passed (1) or rejected (2); a passed
 * one is issued by the keeper, which posts the stock-out (备件领用) and books the parts to the
 * machine (`partApplyMachine`). Edited and deleted only while not submitted or rejected.
 */
export const partApplyEntity = defineEntity({
  name: 'partApply',
  label: '备件申请',
  route: 'partApply',
  buttons: ['Add', 'Modify', 'Del', 'Detail', 'Export'],
  defaultOrder: '-createdAt',
  api: { base: `${EQUIPMENT_BASE}partApply/`, name: 'PartApply' },
  autoCode: { prefix: 'BJSQ', dateFormat: 'YYYYMMDD', seqLength: 3, resetPeriod: 1 },
  extraRow: {
    version: Type.Integer(),
    applicantId: nullableId,
    sourceId: Type.Integer(),
    stockDocId: nullableId,
  },
  extraBody: { version: Type.Optional(VersionField) },
  fields: {
    id: idField,
    code: { ...codeField('申请单号', 170, true), label: '申请单号', readOnly: true },
    sourceType: {
      label: '来源类型',
      type: 'enum',
      enum: sparePartSource,
      required: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    sourceCode: {
      label: '来源单号',
      type: 'string',
      required: true,
      maxLength: 64,
      placeholder: '维修工单号或保养工单号',
      filter: ['like'],
      sort: true,
      width: 170,
    },
    equipmentName: shownRef('设备', 'equipment', 'equipmentId', 150),
    equipmentCode: shownText('设备编码', 120, false),
    reason: { label: '申请原因', type: 'string', maxLength: 200, filter: ['like'], width: 200 },
    auditStatus: {
      label: '审核状态',
      type: 'enum',
      enum: auditStatus,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    issueStatus: {
      label: '发放状态',
      type: 'enum',
      enum: partIssueStatus,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    lineCount: { label: '备件数', type: 'integer', readOnly: true, width: 70 },
    applicantName: shownRef('申请人', 'user', 'applicantId', 100),
    createdAt: { ...createdAtField, label: '申请时间' },
    approverName: shownRef('审核人', 'user', 'approvedBy', 100),
    approvedAt: { label: '审核时间', type: 'datetime', readOnly: true, sort: true, width: 170 },
    rejectReason: { label: '驳回原因', type: 'string', readOnly: true, width: 160 },
    issuerName: shownRef('发放人', 'user', 'issuedBy', 100),
    issuedAt: { label: '发放时间', type: 'datetime', readOnly: true, sort: true, width: 170 },
    stockDocCode: shownText('出库单号', 160, false),
  },
  lines: {
    label: '申请明细',
    min: 1,
    max: 50,
    fields: {
      id: idField,
      materialsName: {
        label: '备件',
        type: 'string',
        required: true,
        ref: { entity: 'materials', by: 'code', idField: 'materialsId', select: sparePartApi.materials },
        width: 200,
      },
      ...materialColumns,
      warehouseName: spareWarehouseRef,
      quantity: {
        label: '申请数量',
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
