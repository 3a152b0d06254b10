import { Type } from 'typebox';
import { checkFrequency, checkKind, checkTaskStatus, checkValueType } from '../enums/index.ts';
import { VersionField } from '../machines/endpoints.ts';
import { EQUIPMENT_BASE } from '../machines/equipment.ts';
import { TASK_KINDS, type TaskKind, taskBase } from '../machines/equipmentTask.ts';
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

/** Most equipment one plan covers, items one plan or task checks, people one task goes to. */
export const MAX_PLAN_EQUIPMENT = 500;
export const MAX_CHECK_ITEMS = 100;
export const MAX_ASSIGNEES = 50;

const ids = (title: string, max: number) =>
  Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: max, title });

const limit = (label: string) =>
  ({ label, type: 'number', min: -1e9, max: 1e9, import: true, width: 90 }) satisfies FieldDecl;

const text = (label: string, maxLength: number, width: number) =>
  ({ label, type: 'string', maxLength, filter: ['like'], import: true, width }) satisfies FieldDecl;

/**
 * Check items (点巡检项目, project-setting; DOMAIN "Inspection"): what is checked on a machine and
 * how it is judged — OK/NG, a measured value within limits (outside them is NG), or a written
 * note. One list for the three kinds (点检, 巡检, 保养); the class narrows which equipment's plans
 * offer it.
 */
export const checkItemEntity = defineEntity({
  name: 'checkItem',
  label: '点巡检项目',
  route: 'projectSetting',
  defaultOrder: '+code',
  api: { base: `${EQUIPMENT_BASE}checkItem/`, name: 'CheckItem' },
  fields: {
    id: idField,
    code: codeField('项目编码', 130),
    name: { ...nameField('项目名称', 160), unique: false },
    kind: {
      label: '项目类型',
      type: 'enum',
      enum: checkKind,
      required: true,
      filter: ['eq', 'in'],
      sort: true,
      import: true,
      width: 90,
    },
    part: text('检查部位', 50, 120),
    method: text('检查方法', 100, 140),
    valueType: {
      label: '结果类型',
      type: 'enum',
      enum: checkValueType,
      required: true,
      filter: ['eq'],
      sort: true,
      import: true,
      width: 90,
    },
    standard: text('检查标准', 200, 180),
    lowerLimit: limit('下限'),
    upperLimit: limit('上限'),
    unit: { label: '单位', type: 'string', maxLength: 20, import: true, width: 70 },
    needsPhoto: { label: '需拍照', type: 'boolean', filter: ['eq'], import: true, width: 80 },
    className: {
      label: '设备分类',
      type: 'string',
      ref: { entity: 'equipmentClass', by: 'name', idField: 'classId' },
      filter: ['like'],
      sort: true,
      import: true,
      width: 120,
    },
    remark: remarkField,
    createdAt: { ...createdAtField, list: false },
  },
});

const planFields = (kindField: FieldDecl) =>
  ({
    id: idField,
    name: nameField('计划名称', 180),
    kind: kindField,
    frequency: {
      label: '频次',
      type: 'enum',
      enum: checkFrequency,
      required: true,
      filter: ['eq'],
      sort: true,
      import: true,
      width: 80,
    },
    intervalDays: {
      label: '间隔天数',
      type: 'integer',
      min: 1,
      max: 366,
      placeholder: '频次为“每N天”时填写 N',
      import: true,
      width: 90,
    },
    intervalHours: {
      label: '间隔运行小时',
      type: 'integer',
      min: 1,
      max: 100_000,
      placeholder: '频次为“按运行小时”时填写：设备每累计运行多少小时生成一次',
      import: true,
      list: false,
      width: 110,
    },
    slotTime: {
      label: '生成时刻',
      type: 'string',
      time: true,
      pattern: { source: '^([01]\\d|2[0-3]):[0-5]\\d$', message: '生成时刻应为“时:分”格式，如 08:00' },
      placeholder: '不填为 08:00；每班的工单在各班次开始时生成',
      import: true,
      width: 90,
    },
    startDate: {
      label: '开始日期',
      type: 'date',
      required: true,
      filter: ['between', 'gte', 'lte'],
      sort: true,
      import: true,
      width: 110,
    },
    endDate: {
      label: '结束日期',
      type: 'date',
      filter: ['between', 'gte', 'lte'],
      sort: true,
      import: true,
      width: 110,
    },
    windowHours: {
      label: '完成时限(小时)',
      type: 'integer',
      min: 1,
      max: 24 * 366,
      placeholder: '不填为 8：工单生成后多少小时内须完成',
      import: true,
      width: 110,
    },
    skipWhenIdle: {
      label: '停机跳过',
      type: 'boolean',
      placeholder: '设备停用时自动跳过',
      filter: ['eq'],
      import: true,
      width: 90,
    },
    equipmentNames: { label: '设备', type: 'string', readOnly: true, filter: ['like'], width: 200 },
    itemNames: { label: '检查项目', type: 'string', readOnly: true, width: 200, list: false },
    assigneeNames: { label: '执行人', type: 'string', readOnly: true, filter: ['like'], width: 140 },
    generatedUntil: {
      label: '已生成至',
      type: 'datetime',
      readOnly: true,
      sort: true,
      width: 170,
      list: false,
    },
    isEnabled: toggledStatusField,
    remark: remarkField,
    createdAt: { ...createdAtField, list: false },
  }) satisfies Record<string, FieldDecl>;

const planExtraRow = {
  equipmentIds: Type.Array(Type.Integer()),
  itemIds: Type.Array(Type.Integer()),
  assigneeIds: Type.Array(Type.Integer()),
};
const planExtraBody = {
  equipmentIds: Type.Optional(ids('设备', MAX_PLAN_EQUIPMENT)),
  itemIds: Type.Optional(ids('检查项目', MAX_CHECK_ITEMS)),
  assigneeIds: Type.Optional(ids('执行人', MAX_ASSIGNEES)),
};

/**
 * Spot-check and inspection plans (点检 / 巡检计划, inspection-plan; DOMAIN "Inspection"): which
 * equipment, which items, how often, for whom. Enabled plans make their tasks by themselves
 * (docs/equipment-tasks.md); disabling one voids its tasks not yet started.
 */
export const inspectionPlanEntity = defineEntity({
  name: 'inspectionPlan',
  label: '点巡检计划',
  route: 'inspectionPlanList',
  defaultOrder: '-createdAt',
  api: { base: `${EQUIPMENT_BASE}inspectionPlan/`, name: 'InspectionPlan' },
  extraRow: planExtraRow,
  extraBody: planExtraBody,
  fields: planFields({
    label: '计划类型',
    type: 'enum',
    enum: checkKind,
    required: true,
    filter: ['eq'],
    sort: true,
    import: true,
    width: 90,
  }),
});

/** Upkeep plans (保养计划, maintenance-plan): as the inspection plans, of kind 2 only. */
export const maintenancePlanEntity = defineEntity({
  name: 'maintenancePlan',
  label: '保养计划',
  route: 'maintenancePlanList',
  defaultOrder: '-createdAt',
  api: { base: `${EQUIPMENT_BASE}maintenancePlan/`, name: 'MaintenancePlan' },
  extraRow: planExtraRow,
  extraBody: planExtraBody,
  fields: planFields({
    label: '计划类型',
    type: 'enum',
    enum: checkKind,
    readOnly: true,
    list: false,
    width: 90,
  }),
});

/** A task as the lists show it, one declaration per kind (its route's buttons guard it). */
const taskEntity = (k: TaskKind) =>
  defineEntity({
    name: `${k.name[0].toLowerCase()}${k.name.slice(1)}`,
    label: k.label,
    route: k.route,
    buttons: ['Add', 'Del', 'Detail', 'Export', 'Print'],
    defaultOrder: '-slotStart',
    api: { base: taskBase(k), name: k.name },
    extraRow: {
      version: Type.Integer(),
      planId: Type.Union([Type.Integer(), Type.Null()]),
      assigneeIds: Type.Array(Type.Integer()),
    },
    extraBody: {
      version: Type.Optional(VersionField),
      itemIds: Type.Optional(ids('检查项目', MAX_CHECK_ITEMS)),
      assigneeIds: Type.Optional(ids('执行人', MAX_ASSIGNEES)),
    },
    fields: {
      id: idField,
      code: { ...shownText('工单编号', 130), filter: ['like', 'eq'] },
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
      planName: shownText('计划', 160),
      status: {
        label: '工单状态',
        type: 'enum',
        enum: checkTaskStatus,
        readOnly: true,
        filter: ['eq', 'in'],
        sort: true,
        width: 90,
      },
      slotStart: {
        label: '计划时间',
        type: 'datetime',
        readOnly: true,
        filter: ['between', 'gte', 'lte'],
        sort: true,
        width: 170,
      },
      dueTime: {
        label: '截止时间',
        type: 'datetime',
        required: true,
        filter: ['between', 'gte', 'lte'],
        sort: true,
        width: 170,
      },
      assigneeNames: { label: '执行人', type: 'string', readOnly: true, filter: ['like'], width: 140 },
      executorName: shownRef('实际执行人', 'user', 'executorId', 100),
      startedAt: { label: '开始时间', type: 'datetime', readOnly: true, sort: true, width: 170, list: false },
      finishedAt: { label: '完成时间', type: 'datetime', readOnly: true, sort: true, width: 170 },
      isOnTime: { label: '按时完成', type: 'boolean', readOnly: true, filter: ['eq'], width: 90 },
      itemCount: { label: '项目数', type: 'integer', readOnly: true, width: 70 },
      ngItemCount: { label: 'NG项', type: 'integer', readOnly: true, filter: ['gte'], sort: true, width: 70 },
      reason: { label: '跳过/作废原因', type: 'string', readOnly: true, width: 160, list: false },
      remark: remarkField,
      createdAt: { ...createdAtField, list: false },
    },
  });

export const pointBillEntity = taskEntity(TASK_KINDS[0]);
export const inspectionBillEntity = taskEntity(TASK_KINDS[1]);
export const maintenanceBillEntity = taskEntity(TASK_KINDS[2]);

/** The task list declaration of a kind (0 点检, 1 巡检, 2 保养). */
export const taskEntities = [pointBillEntity, inspectionBillEntity, maintenanceBillEntity] as const;
