import { Type } from 'typebox';
import { notificationType } from '../api/notification.ts';
import { defineEntity } from './define.ts';
import { createdAtField, idField, nameField, remarkField, statusField } from './information.ts';

const names = (label: string) => ({ label, type: 'string' as const, form: false as const, width: 200 });

/**
 * Notification rules (setting → system-setting-info → message-notificate): which event notifies
 * which users, the holders of which roles and the members of which user groups.
 */
const idList = (title: string) =>
  Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000, title }));

export const notificationRuleEntity = defineEntity({
  name: 'notificationRule',
  extraRow: {
    userIds: Type.Array(Type.Integer()),
    roleIds: Type.Array(Type.Integer()),
    groupIds: Type.Array(Type.Integer()),
  },
  extraBody: { userIds: idList('通知用户'), roleIds: idList('通知角色'), groupIds: idList('通知用户组') },
  label: '消息通知',
  route: 'messageNotificateList',
  defaultOrder: '+id',
  api: { base: 'notification/private/notificationRule/', name: 'NotificationRule' },
  fields: {
    id: idField,
    name: nameField('规则名称'),
    event: {
      label: '触发事件',
      type: 'enum',
      enum: notificationType,
      required: true,
      filter: ['eq'],
      sort: true,
      width: 120,
    },
    userNames: names('通知用户'),
    roleNames: names('通知角色'),
    groupNames: names('通知用户组'),
    isEnabled: statusField,
    remark: remarkField,
    createdAt: createdAtField,
  },
});
