import { Type } from 'typebox';
import { defineEnum } from '../enums/defineEnum.ts';
import { endpoint } from './contract.ts';
import { BigIdQuery, BigRowId } from './list.ts';

/**
 * The events that notify people (spec 000 §3 Notification task type). Services emit them through
 * one function; rules (setting → message-notificate) say who hears each one. Later modules add
 * their events here.
 */
export const notificationType = defineEnum([
  { value: 'equipmentRepairRecordCreated', label: '设备维修' },
  { value: 'equipmentRepairDispatched', label: '维修派工' },
  { value: 'userCreated', label: '新增用户' },
  { value: 'passwordReset', label: '密码重置' },
  { value: 'stationChanged', label: '工位切换' },
  { value: 'changelogAdded', label: '更新日志' },
  { value: 'workOrderDistributed', label: '工单派工' },
  { value: 'workOrderOverdue', label: '工单超期' },
  { value: 'orderDueSoon', label: '订单即将到期' },
  { value: 'stockOutOfLimit', label: '库存预警' },
  { value: 'mouldLifeWarning', label: '模具寿命预警' },
  { value: 'checkTaskOverdue', label: '点巡检工单逾期' },
  { value: 'outsourceOverdue', label: '委外逾期' },
  { value: 'quotaApplySubmitted', label: '超定额申请' },
  { value: 'quotaApplyAudited', label: '超定额申请审核' },
  { value: 'callMade', label: '呼叫' },
  { value: 'callEscalated', label: '呼叫升级' },
  { value: 'callResponded', label: '呼叫已响应' },
  { value: 'callClosed', label: '呼叫已关闭' },
]);
export type NotificationType = (typeof notificationType.values)[number];

export const NOTIFICATION_BASE = 'notification/private/notificationTask/';

export const NotificationTask = Type.Object({
  id: BigRowId(),
  type: Type.String(),
  title: Type.String(),
  message: Type.String(),
  creator: Type.String(),
  createTime: Type.String(),
  /** 1 read, 0 unread (the spec's flag). */
  isReaded: Type.Integer(),
  recipientId: Type.Integer(),
});

/** The newest this many are listed; older read ones stay in the table until deleted. */
export const NOTIFICATION_LIST_LIMIT = 500;

/** `?recipientId=` of batchRead and batchDelete: the caller's own id. */
export const RecipientQuery = Type.Object(
  { recipientId: Type.Integer({ minimum: 1, title: '接收人' }) },
  { additionalProperties: false },
);

/** One's own notifications (spec 000 §7 notificationTask): everyone sees and handles only their own. */
export const notificationApi = {
  list: endpoint({
    method: 'GET',
    path: `${NOTIFICATION_BASE}getNotificationTaskList`,
    summary: '我的消息（未读在前，最新的500条）',
    access: { session: true },
    query: Type.Object(
      { searchVal: Type.Optional(Type.String({ maxLength: 20_000, title: '查询条件' })) },
      { additionalProperties: false },
    ),
    result: Type.Array(NotificationTask),
  }),
  read: endpoint({
    method: 'GET',
    path: `${NOTIFICATION_BASE}read`,
    summary: '标记一条消息已读',
    access: { session: true },
    query: BigIdQuery,
  }),
  readAll: endpoint({
    method: 'GET',
    path: `${NOTIFICATION_BASE}batchRead`,
    summary: '全部标记已读',
    access: { session: true },
    query: RecipientQuery,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${NOTIFICATION_BASE}deleteOne`,
    summary: '删除一条消息',
    access: { session: true },
    query: BigIdQuery,
  }),
  clearRead: endpoint({
    method: 'GET',
    path: `${NOTIFICATION_BASE}batchDelete`,
    summary: '清空已读消息',
    access: { session: true },
    query: RecipientQuery,
  }),
};

/** The live channel (spec 000 §7): `/ws/{memberCode}/{userId}?token=`. */
export const wsPath = (memberCode: string, userId: number) =>
  `/ws/${encodeURIComponent(memberCode)}/${userId}`;

/** What the server pushes; the client reloads its list 500 ms after one (spec 000 §9). */
export interface NotificationPush {
  kind: 'notification';
  type: string;
  title: string;
}

/** Close codes the server uses when it refuses or drops a socket. 1000 means: do not reconnect. */
export const WS_CLOSE = { normal: 1000, goingAway: 1001, unauthenticated: 4401, forbidden: 4403 } as const;
export const NOTIFICATION_RELOAD_DELAY_MS = 500;
export const NOTIFICATION_BADGE_MAX = 99;
