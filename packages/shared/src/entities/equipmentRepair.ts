import { Type } from 'typebox';
import { SparePartLine } from '../api/equipmentRepair.ts';
import { repairOrderStatus, repairSource } from '../enums/index.ts';
import { VersionField } from '../machines/endpoints.ts';
import { EQUIPMENT_BASE } from '../machines/equipment.ts';
import { defineEntity, type FieldDecl } from './define.ts';
import {
  codeField,
  createdAtField,
  idField,
  nameField,
  remarkField,
  toggledStatusField,
} from './information.ts';
import { shownRef, shownText } from './produceOrder.ts';

/**
 * Fault reasons 故障原因 (maintenance-setting; DOMAIN "Fault report → repair order"): the list a
 * repairer picks from when finishing, and what the fault-reason reports count by. Disabled, never
 * deleted, once a repair names one.
 */
export const faultReasonEntity = defineEntity({
  name: 'faultReason',
  label: '故障原因',
  route: 'maintenanceSetting',
  defaultOrder: '+code',
  api: { base: `${EQUIPMENT_BASE}faultReason/`, name: 'FaultReason' },
  autoCode: { prefix: 'GZYY', seqLength: 3 },
  fields: {
    id: idField,
    code: codeField('原因编码', 120, true),
    name: nameField('故障原因', 200),
    category: {
      label: '原因类别',
      type: 'string',
      maxLength: 50,
      placeholder: '如 机械、电气、液压、气动、操作',
      filter: ['like'],
      sort: true,
      import: true,
      width: 110,
    },
    isEnabled: toggledStatusField,
    remark: remarkField,
    createdAt: { ...createdAtField, list: false },
  },
});

const datetime = (label: string, more: Partial<FieldDecl> = {}) =>
  ({ label, type: 'datetime', filter: ['between'], sort: true, width: 165, ...more }) satisfies FieldDecl;

const minutesField = (label: string) =>
  ({ label, type: 'number', readOnly: true, sort: true, width: 110 }) satisfies FieldDecl;

/** What a fault report says: the machine, when it failed, what was seen, whether it stopped. */
const reported = {
  equipmentName: {
    label: '设备',
    type: 'string',
    required: true,
    ref: { entity: 'equipment', by: 'name', idField: 'equipmentId' },
    filter: ['like'],
    sort: true,
    width: 140,
  },
  equipmentCode: shownText('设备编码', 110),
  faultTime: datetime('故障时间', { required: true }),
  phenomenon: {
    label: '故障现象',
    type: 'text',
    required: true,
    maxLength: 500,
    placeholder: '描述看到的现象，如 绕线张力波动大、真空泵异响、注油口渗油',
    filter: ['like'],
    width: 220,
  },
  isStopped: { label: '是否停机', type: 'boolean', filter: ['eq'], sort: true, width: 90 },
  picture: { label: '故障图片', type: 'string', maxLength: 500, upload: 'image', list: false, export: false },
} satisfies Record<string, FieldDecl>;

/** The order as lists show it besides what was reported. */
const tracked = {
  code: { ...codeField('维修单号', 170, true), label: '维修单号', readOnly: true },
  source: {
    label: '来源',
    type: 'enum',
    enum: repairSource,
    readOnly: true,
    filter: ['eq'],
    sort: true,
    width: 90,
  },
  status: {
    label: '状态',
    type: 'enum',
    enum: repairOrderStatus,
    readOnly: true,
    filter: ['eq', 'in'],
    sort: true,
    width: 90,
  },
  reporterName: shownRef('报修人', 'user', 'reporterId', 90),
  /** Named at 审核派工 or 改派: only they may take it (none: any repairer). */
  dispatchedNames: shownText('指派人员', 140),
  repairerNames: shownText('维修人员', 140),
} satisfies Record<string, FieldDecl>;

/** What the repair found and did. */
const repaired = {
  faultReasonName: {
    label: '故障原因',
    type: 'string',
    ref: { entity: 'faultReason', by: 'name', idField: 'faultReasonId' },
    filter: ['like'],
    sort: true,
    width: 140,
  },
  measures: { label: '维修内容', type: 'text', maxLength: 1000, filter: ['like'], width: 220 },
  startedAt: datetime('开始维修时间'),
  finishedAt: datetime('完工时间'),
} satisfies Record<string, FieldDecl>;

const extraRow = {
  version: Type.Integer(),
  repairerIds: Type.Array(Type.Integer()),
  dispatchedIds: Type.Array(Type.Integer()),
  /** Nobody has acted on the report yet: its reporter may still edit or withdraw it. */
  untouched: Type.Boolean(),
};

/**
 * Fault reports 故障报修 (equipment-fault list): a repair order seen from the people who report
 * faults — reported here (status 1, pending audit; 2 when the tenant skips the audit), edited or
 * withdrawn while nobody has acted on it (`untouched`), and passed to the repairers or rejected. Other sources (a task's NG check, an out-of-range reading,
 * a call) file them alike.
 */
export const equipmentFaultEntity = defineEntity({
  name: 'equipmentFault',
  label: '故障报修',
  route: 'equipmentFaultList',
  buttons: ['Add', 'Modify', 'Del', 'Detail', 'Export'],
  defaultOrder: '-createdAt',
  api: { base: `${EQUIPMENT_BASE}equipmentFault/`, name: 'EquipmentFault' },
  extraRow,
  extraBody: { version: Type.Optional(VersionField) },
  fields: {
    id: idField,
    code: tracked.code,
    ...reported,
    status: tracked.status,
    reporterName: tracked.reporterName,
    dispatchedNames: { ...tracked.dispatchedNames, list: false },
    repairerNames: { ...tracked.repairerNames, list: false },
    // what the repair found, for the reporter to read (set by the repair, not by this form)
    faultReasonName: { ...repaired.faultReasonName, readOnly: true, list: false },
    measures: { ...repaired.measures, readOnly: true, list: false },
    startedAt: { ...repaired.startedAt, readOnly: true, list: false },
    finishedAt: { ...repaired.finishedAt, readOnly: true, list: false },
    rejectReason: { label: '驳回原因', type: 'string', readOnly: true, width: 160, list: false },
    remark: remarkField,
    createdAt: { ...createdAtField, label: '报修时间' },
  },
});

/**
 * Repair orders 维修工单 (equipment-repair list; `equipmentRepairMachine`): every fault report
 * past its audit and every quick repair. Its add is the quick repair 快速维修: one form with the
 * fault, the repair's start and end, the reason and the measures, saved completed (6).
 */
export const equipmentRepairEntity = defineEntity({
  name: 'equipmentRepair',
  label: '维修工单',
  route: 'equipmentRepairList',
  buttons: ['Add', 'Detail', 'Export'],
  defaultOrder: '-createdAt',
  api: { base: `${EQUIPMENT_BASE}equipmentRepair/`, name: 'EquipmentRepair' },
  autoCode: { prefix: 'WX', dateFormat: 'YYYYMMDD', seqLength: 3, resetPeriod: 1 },
  extraRow,
  extraBody: {
    repairerIds: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 20, title: '维修人员' }),
    ),
    parts: Type.Optional(Type.Array(SparePartLine, { maxItems: 50, title: '更换备件' })),
  },
  fields: {
    id: idField,
    code: tracked.code,
    source: tracked.source,
    ...reported,
    status: tracked.status,
    ...repaired,
    reporterName: tracked.reporterName,
    dispatchedNames: tracked.dispatchedNames,
    repairerNames: tracked.repairerNames,
    verifierName: shownRef('验证人', 'user', 'verifierId', 90),
    completedAt: datetime('完成时间', { readOnly: true, list: false }),
    repairMinutes: minutesField('维修时长(分钟)'),
    downtimeMinutes: minutesField('停机时长(分钟)'),
    rejectReason: { label: '驳回原因', type: 'string', readOnly: true, width: 160, list: false },
    remark: remarkField,
    createdAt: { ...createdAtField, label: '报修时间' },
  },
});
