import { Type } from 'typebox';
import { auditStatus, mouldHandleType, mouldStatus } from '../enums/index.ts';
import { VersionField } from '../machines/endpoints.ts';
import { MOULD_BASE } from '../machines/mould.ts';
import { defineEntity, type FieldDecl } from './define.ts';
import { codeField, createdAtField, idField, nameField, remarkField } from './information.ts';
import { shownRef, shownText } from './produceOrder.ts';

/** Largest design life of a mould, in shots (模次). */
export const MAX_DESIGN_LIFE = 100_000_000;
/** Most cavities (穴数) a mould may have. */
export const MAX_CAVITIES = 1_000;

const ids = (title: string) =>
  Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 200, title }));

/** The counter as lists show it: shots used, rounded up (the exact value is kept, docs/mould.md). */
const shots = (label: string, width = 100) =>
  ({ label, type: 'number', readOnly: true, sort: true, width }) satisfies FieldDecl;

const statusField = {
  label: '模具状态',
  type: 'enum',
  enum: mouldStatus,
  readOnly: true,
  filter: ['eq', 'in'],
  sort: true,
  width: 90,
} satisfies FieldDecl;

/**
 * Moulds (模具定义, mould-define; DOMAIN "Moulds"): an asset, not ledger stock. Made pending
 * stock-in; its status, line and equipment change only through its handling documents, its
 * counter only through report work. The products and procedures it serves are id lists
 * (`materialsIds`, `procedureIds`) with their names shown.
 */
export const mouldEntity = defineEntity({
  name: 'mould',
  label: '模具',
  route: 'mouldDefine',
  defaultOrder: '+code',
  api: { base: `${MOULD_BASE}mould/`, name: 'Mould' },
  autoCode: { prefix: 'MJ', seqLength: 4 },
  extraRow: {
    materialsIds: Type.Array(Type.Integer()),
    procedureIds: Type.Array(Type.Integer()),
    /** The counter exactly (six decimals), as text. */
    usedShotsExact: Type.String(),
  },
  extraBody: { materialsIds: ids('适用产品'), procedureIds: ids('适用工序') },
  fields: {
    id: idField,
    code: codeField('模具编码', 140, true),
    name: { ...nameField('模具名称', 160), unique: false },
    cavities: {
      label: '穴数',
      type: 'integer',
      required: true,
      min: 1,
      max: MAX_CAVITIES,
      sort: true,
      import: true,
      width: 70,
    },
    designLife: {
      label: '设计寿命(模次)',
      type: 'integer',
      required: true,
      min: 1,
      max: MAX_DESIGN_LIFE,
      sort: true,
      import: true,
      width: 130,
    },
    usedShots: shots('已用模次'),
    warnPct: {
      label: '预警比例(%)',
      type: 'integer',
      min: 1,
      max: 100,
      placeholder: '不填为 90：已用模次达到设计寿命的该比例时提醒设备员',
      sort: true,
      import: true,
      width: 100,
    },
    materialsNames: { label: '适用产品', type: 'string', readOnly: true, width: 200 },
    procedureNames: { label: '适用工序', type: 'string', readOnly: true, width: 160 },
    locationName: {
      label: '存放库位',
      type: 'string',
      ref: { entity: 'warehouseLocation', by: 'code', idField: 'locationId' },
      filter: ['like'],
      sort: true,
      width: 110,
    },
    currentAreaName: shownRef('当前产线', 'area', 'currentAreaId', 120),
    currentEquipmentName: shownRef('当前设备', 'equipment', 'currentEquipmentId', 120),
    status: statusField,
    remark: remarkField,
    createdAt: createdAtField,
  },
});

/**
 * 模具库存 (mould-stock): each mould's place and counter, read from the moulds (no table of its
 * own): where it is (库位, line and equipment, repair, scrapped) and how much of its life is used.
 */
export const mouldStockEntity = defineEntity({
  name: 'mouldStock',
  label: '模具库存',
  route: 'mouldStock',
  buttons: ['Detail', 'Export'],
  defaultOrder: '+code',
  api: { base: `${MOULD_BASE}mouldStock/`, name: 'MouldStock' },
  fields: {
    id: idField,
    code: shownText('模具编码', 140),
    name: shownText('模具名称', 160),
    status: statusField,
    place: shownText('所在位置', 200),
    locationName: shownRef('存放库位', 'warehouseLocation', 'locationId', 110),
    currentAreaName: shownRef('当前产线', 'area', 'currentAreaId', 120),
    currentEquipmentName: shownRef('当前设备', 'equipment', 'currentEquipmentId', 120),
    cavities: { label: '穴数', type: 'integer', readOnly: true, sort: true, width: 70 },
    usedShots: shots('已用模次'),
    designLife: shots('设计寿命(模次)', 130),
    remainingShots: shots('剩余模次'),
    usedPct: shots('寿命已用(%)', 110),
    warnPct: shots('预警比例(%)'),
    createdAt: { ...createdAtField, list: false },
  },
});

/**
 * 模具处理单 (mould-handle, mould-inStock; DOMAIN "Moulds"): one move of one mould — stock-in,
 * lend to a line (and its equipment), return, repair out, repair back (with an optional life
 * extension approved with it), scrap — audited on `mouldHandleMachine`; passing it moves the mould.
 * Edited and deleted only while not submitted or rejected.
 */
export const mouldHandleEntity = defineEntity({
  name: 'mouldHandle',
  label: '模具处理单',
  route: 'mouldStock',
  buttons: ['Add', 'Modify', 'Del', 'Detail', 'Export'],
  defaultOrder: '-createdAt',
  api: { base: `${MOULD_BASE}mouldHandle/`, name: 'MouldHandle' },
  autoCode: { prefix: 'MC', dateFormat: 'YYYYMMDD', seqLength: 3, resetPeriod: 1 },
  extraRow: { version: Type.Integer(), mouldStatus: Type.Integer() },
  extraBody: { version: Type.Optional(VersionField) },
  fields: {
    id: idField,
    code: { ...codeField('处理单号', 160, true), label: '处理单号' },
    handleType: {
      label: '处理类型',
      type: 'enum',
      enum: mouldHandleType,
      required: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    mouldName: {
      label: '模具',
      type: 'string',
      required: true,
      ref: { entity: 'mould', by: 'code', idField: 'mouldId' },
      filter: ['like'],
      sort: true,
      width: 160,
    },
    mouldCode: shownText('模具编码', 130),
    areaName: {
      label: '借用产线',
      type: 'string',
      ref: { entity: 'area', by: 'name', idField: 'areaId' },
      filter: ['like'],
      sort: true,
      width: 120,
    },
    equipmentName: {
      label: '借用设备',
      type: 'string',
      ref: { entity: 'equipment', by: 'name', idField: 'equipmentId' },
      filter: ['like'],
      width: 120,
    },
    userName: {
      label: '经办人',
      type: 'string',
      ref: { entity: 'user', by: 'name', idField: 'userId' },
      filter: ['like'],
      sort: true,
      width: 100,
    },
    reason: { label: '处理原因', type: 'string', maxLength: 200, width: 180 },
    lifeExtension: {
      label: '延长寿命(模次)',
      type: 'integer',
      min: 0,
      max: MAX_DESIGN_LIFE,
      placeholder: '修复时审批通过的寿命延长，可不填',
      width: 120,
      list: false,
    },
    shotsAt: shots('处理时模次'),
    auditStatus: {
      label: '审核状态',
      type: 'enum',
      enum: auditStatus,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    rejectReason: { label: '驳回原因', type: 'string', readOnly: true, width: 160, list: false },
    auditorName: shownRef('审核人', 'user', 'auditedBy', 100),
    auditedAt: { label: '审核时间', type: 'datetime', readOnly: true, sort: true, width: 170, list: false },
    remark: remarkField,
    createdAt: createdAtField,
  },
});
