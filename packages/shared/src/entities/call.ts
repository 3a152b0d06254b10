import { Type } from 'typebox';
import { callEscalation, callStatus } from '../enums/index.ts';
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

/** A works escalates to its supervisor, its manager, its director: three levels at most. */
export const MAX_ESCALATION_LEVELS = 3;

/** One level of a type's 升级规则: who else is called when nobody has responded this long after the call. */
export interface EscalationLevel {
  afterMinutes: number;
  userIds: number[];
  groupIds: number[];
}

/** A level as the form sends it (ids may be left out: a level with only a group). */
const EscalationLevelBody = Type.Object(
  {
    afterMinutes: Type.Integer({ minimum: 1, maximum: MAX_RESPONSE_MINUTES, title: '超时分钟' }),
    userIds: idList('升级接收人'),
    groupIds: idList('升级用户组'),
  },
  { additionalProperties: false },
);

/**
 * What is wrong with a type's levels, in the words the form shows (undefined: nothing). Each level
 * calls someone, comes after the type's target response time (escalating before the target is
 * still running would call the managers for a call that is not late), and later than the level
 * before it.
 */
export function escalationProblem(
  levels: readonly Partial<EscalationLevel>[],
  responseMinutes: number | undefined,
): string | undefined {
  if (levels.length > MAX_ESCALATION_LEVELS) return `升级规则最多${MAX_ESCALATION_LEVELS}级`;
  for (const [i, l] of levels.entries()) {
    const n = i + 1;
    if (typeof l.afterMinutes !== 'number') return `请输入第${n}级的超时分钟`;
    if (responseMinutes !== undefined && l.afterMinutes <= responseMinutes)
      return `第${n}级升级时间须大于响应时限（${responseMinutes}分钟）`;
    const before = levels[i - 1]?.afterMinutes;
    if (typeof before === 'number' && l.afterMinutes <= before) return `第${n}级升级时间须大于第${i}级`;
    if (!l.userIds?.length && !l.groupIds?.length) return `第${n}级请至少选择一个升级接收人或用户组`;
  }
  return undefined;
}

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
    /** The levels with the users and groups that still exist, each with their names (same order). */
    escalation: Type.Array(
      Type.Object({
        afterMinutes: Type.Integer(),
        userIds: Type.Array(Type.Integer()),
        groupIds: Type.Array(Type.Integer()),
        userNames: Type.Array(Type.String()),
        groupNames: Type.Array(Type.String()),
      }),
    ),
  },
  extraBody: {
    receiverUserIds: idList('接收人'),
    receiverGroupIds: idList('接收用户组'),
    escalation: Type.Optional(
      Type.Array(EscalationLevelBody, { maxItems: MAX_ESCALATION_LEVELS, title: '升级规则' }),
    ),
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
    escalationText: { label: '升级规则', type: 'string', form: false, width: 240 },
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
    /**
     * Who may respond and close without the keys: the type's users and its groups' members, and
     * those of the escalation levels the call has reached.
     */
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
    escalatedLevel: {
      label: '升级级别',
      type: 'enum',
      enum: callEscalation,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 120,
    },
    escalatedAt: at('升级时间', false),
    closerName: { ...shownRef('关闭人', 'user', 'closerId', 90), list: false },
    closedAt: at('关闭时间'),
    handlingMinutes: minutesTaken('处理用时(分钟)'),
    result: { label: '处理结果', type: 'text', readOnly: true, width: 220 },
    remark: { ...remarkField, label: '呼叫说明', readOnly: true, import: false },
  },
});
