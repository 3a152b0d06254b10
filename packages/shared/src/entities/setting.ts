import { Type } from 'typebox';
import { organizationLevel } from '../enums/index.ts';
import { defineEntity, type FieldDecl } from './define.ts';
import { codeField, createdAtField, idField, nameField, remarkField, statusField } from './information.ts';

/** The organisation framework (spec 001 §9): factory → workshop → production line. */
export const organizationEntity = defineEntity({
  name: 'organization',
  label: '组织',
  route: 'organization',
  defaultOrder: '+sort',
  api: { base: 'Organization/', name: 'Organization' },
  autoCode: { prefix: 'ORG', seqLength: 3 },
  fields: {
    id: idField,
    name: { ...nameField('组织名称', 200), unique: false },
    code: codeField('组织编码', 140, true),
    level: {
      label: '层级',
      type: 'enum',
      enum: organizationLevel,
      required: true,
      filter: ['eq'],
      width: 90,
    },
    parentName: {
      label: '上级组织',
      type: 'string',
      ref: { entity: 'organization', by: 'name', idField: 'parentId' },
      width: 160,
    },
    sort: { label: '排序', type: 'integer', min: 0, max: 100_000, sort: true, width: 80 },
    remark: remarkField,
    createdAt: { ...createdAtField, list: false },
  },
});

/** User groups (spec 001 §7.6): named sets of users that notifications and reports address. */
export const userGroupEntity = defineEntity({
  name: 'userGroup',
  extraRow: { userIds: Type.Array(Type.Integer()) },
  extraBody: {
    userIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000, title: '成员' })),
  },
  label: '用户组',
  route: 'userGroup',
  defaultOrder: '+code',
  api: { base: 'basicData/settings/private/userGroup/', name: 'UserGroup' },
  autoCode: { prefix: 'YHZ', seqLength: 3 },
  fields: {
    id: idField,
    code: codeField('用户组编码', 140, true),
    name: nameField('用户组名称'),
    memberNames: { label: '成员', type: 'string', form: false, width: 260 },
    memberCount: { label: '人数', type: 'integer', form: false, readOnly: true, sort: true, width: 80 },
    isEnabled: statusField,
    remark: remarkField,
    createdAt: createdAtField,
  },
});

/**
 * Roles (spec 000 §6): a named set of function permissions (the authority, saved by its own call
 * updatePermission, never by the form) and the users who hold it. No Enable button on the route,
 * so `enabled` stays as created and is not in the form.
 */
export const roleEntity = defineEntity({
  name: 'role',
  extraBody: { copyFromId: Type.Optional(Type.Integer({ minimum: 1, title: '复制自' })) },
  label: '角色',
  route: 'roleList',
  defaultOrder: '+id',
  api: { base: 'authority/private/role/', name: 'Role' },
  fields: {
    id: idField,
    name: nameField('角色名称'),
    userCount: { label: '用户数', type: 'integer', form: false, readOnly: true, sort: true, width: 90 },
    remark: remarkField,
    createdAt: createdAtField,
  },
});

/** A time of day as shifts keep it: 'HH:mm', 00:00–23:59. */
const timeOfDay = (label: string) =>
  ({
    label,
    type: 'string',
    required: true,
    time: true,
    pattern: { source: '^([01]\\d|2[0-3]):[0-5]\\d$', message: `${label}应为“时:分”格式，如 08:00` },
    sort: true,
    width: 100,
  }) satisfies FieldDecl;

/**
 * Shift frequencies (spec 001 §7.5): a named working time a user switches to. An end earlier than
 * the start means the shift ends the next day (夜班 22:00–06:00).
 */
export const frequencyEntity = defineEntity({
  name: 'frequency',
  label: '班次',
  route: 'shift',
  defaultOrder: '+code',
  api: { base: 'authority/private/frequency/', name: 'Frequency' },
  autoCode: { prefix: 'BC', seqLength: 3 },
  fields: {
    id: idField,
    code: codeField('班次编码', 140, true),
    name: { ...nameField('班次名称', 140), maxLength: 20 },
    startTime: timeOfDay('开始时间'),
    endTime: timeOfDay('结束时间'),
    isEnabled: statusField,
    remark: remarkField,
    createdAt: { ...createdAtField, list: false },
  },
});

const minutesOf = (time: string) => {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
};

/**
 * How long a shift lasts and whether it ends the next day; a start equal to the end is no shift
 * (refused when saved), so it answers undefined.
 */
export function shiftSpan(start: string, end: string): { minutes: number; overnight: boolean } | undefined {
  const from = minutesOf(start);
  const to = minutesOf(end);
  if (Number.isNaN(from) || Number.isNaN(to) || from === to) return undefined;
  // ending at 00:00 is ending at midnight, not crossing it: 中班 16:00–00:00 is not 跨天
  return { minutes: (to - from + 24 * 60) % (24 * 60), overnight: to < from && to !== 0 };
}

/** 8小时, 7小时30分, 45分钟. */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return `${m}分钟`;
  return m ? `${h}小时${m}分` : `${h}小时`;
}

export const SHIFT_SAME_TIME = '结束时间不能与开始时间相同';
