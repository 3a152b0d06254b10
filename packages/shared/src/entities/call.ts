import { Type } from 'typebox';
import { callStatus } from '../enums/index.ts';
import { CALL_BASE } from '../machines/call.ts';
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

/** Longest a call type's target response may be: one day. */
export const MAX_RESPONSE_MINUTES = 1_440;

const idList = (title: string) =>
  Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 500, title }));

/**
 * 呼叫类型 (call classify; DOMAIN "Call system"): what a station calls for (设备, 物料, 质量, 工艺 …),
 * who is called (users and the members of user groups), how fast they should respond and whether
 * closing an equipment call files a fault report. Switched on and off with 启用/停用.
 */
export const callTypeEntity = defineEntity({
  name: 'callType',
  label: '呼叫类型',
  route: 'callClassify',
  defaultOrder: '+code',
  api: { base: `${CALL_BASE}callType/`, name: 'CallType' },
  autoCode: { prefix: 'HJLX', seqLength: 3 },
  extraRow: {
    receiverUserIds: Type.Array(Type.Integer()),
    receiverGroupIds: Type.Array(Type.Integer()),
  },
  extraBody: {
    receiverUserIds: idList('接收人'),
    receiverGroupIds: idList('接收用户组'),
  },
  fields: {
    id: idField,
    code: codeField('类型编码', 120, true),
    name: nameField('类型名称', 140),
    receiverUserNames: { label: '接收人', type: 'string', form: false, width: 200 },
    receiverGroupNames: { label: '接收用户组', type: 'string', form: false, width: 160 },
    responseMinutes: {
      label: '响应时限(分钟)',
      type: 'integer',
      required: true,
      min: 1,
      max: MAX_RESPONSE_MINUTES,
      placeholder: '呼叫后应在多少分钟内响应',
      sort: true,
      import: true,
      width: 120,
    },
    createsRepairOrder: {
      label: '关闭时生成维修单',
      type: 'boolean',
      placeholder: '设备呼叫关闭时，为所选设备生成故障报修',
      filter: ['eq'],
      width: 140,
    },
    isEnabled: toggledStatusField,
    remark: remarkField,
    createdAt: createdAtField,
  },
});

const at = (label: string, list = true) =>
  ({
    label,
    type: 'datetime',
    readOnly: true,
    filter: ['between', 'gte', 'lte'],
    sort: true,
    width: 170,
    list,
  }) satisfies FieldDecl;

const minutesTaken = (label: string) =>
  ({ label, type: 'number', readOnly: true, sort: true, width: 120 }) satisfies FieldDecl;

/**
 * 呼叫 (call search; DOMAIN "Call system"): one call from one station, numbered HJ + day + sequence,
 * on `callMachine`. Made through its own call (the station terminal's 呼叫 or the list's 新增呼叫),
 * never edited; the times and people of each step are written by its actions.
 */
export const callEntity = defineEntity({
  name: 'call',
  label: '呼叫',
  route: 'callSearch',
  buttons: ['Detail', 'Export'],
  defaultOrder: '-calledAt',
  api: { base: `${CALL_BASE}call/`, name: 'Call' },
  autoCode: { prefix: 'HJ', dateFormat: 'YYYYMMDD', seqLength: 3, resetPeriod: 1 },
  extraRow: {
    version: Type.Integer(),
    callerId: Type.Integer(),
    responderId: Type.Union([Type.Integer(), Type.Null()]),
    equipmentId: Type.Union([Type.Integer(), Type.Null()]),
    /** Who may respond and close without the keys: the type's users and its groups' members. */
    receiverIds: Type.Array(Type.Integer()),
    /** The type's target, for the badge of a late response. */
    targetMinutes: Type.Integer(),
    createsRepairOrder: Type.Boolean(),
    /** The fault report its close filed, if any. */
    repairCode: Type.Union([Type.String(), Type.Null()]),
  },
  fields: {
    id: idField,
    code: { ...shownText('呼叫单号', 160), filter: ['like', 'eq'] },
    typeName: shownRef('呼叫类型', 'callType', 'typeId', 110),
    status: {
      label: '呼叫状态',
      type: 'enum',
      enum: callStatus,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    stationName: shownRef('工位', 'station', 'stationId', 120),
    areaName: shownRef('产线', 'area', 'areaId', 110),
    equipmentName: shownRef('设备', 'equipment', 'equipmentId', 130),
    workOrderCode: { ...shownRef('工单', 'produceWorkOrder', 'workOrderId', 150), list: false },
    callerName: shownRef('呼叫人', 'user', 'callerId', 90),
    calledAt: at('呼叫时间'),
    responderName: shownRef('响应人', 'user', 'responderId', 90),
    respondedAt: at('响应时间'),
    responseMinutes: minutesTaken('响应用时(分钟)'),
    isLate: {
      label: '响应超时',
      type: 'boolean',
      readOnly: true,
      filter: ['eq'],
      width: 90,
    },
    closerName: { ...shownRef('关闭人', 'user', 'closerId', 90), list: false },
    closedAt: at('关闭时间'),
    handlingMinutes: minutesTaken('处理用时(分钟)'),
    result: { label: '处理结果', type: 'text', readOnly: true, width: 220 },
    remark: { ...remarkField, label: '呼叫说明', readOnly: true, import: false },
  },
});
