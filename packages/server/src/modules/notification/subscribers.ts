import type { EventName } from '@factory/shared/events/catalog';
import type { DomainEvent, EventBus, HandlerContext } from '../../platform/events/bus.ts';
import type { NotificationHub } from '../../platform/realtime/hub.ts';
import { type NotificationEvent, notify, notifyAllTenants } from './events.ts';

/** The name the notification subscriber's handlings are recorded under. */
const HANDLER = 'notification';

/** What each tenant event tells people; the rules (setting → 消息通知) say who, by its type. */
const notices: { [N in EventName]?: (e: DomainEvent<N>) => NotificationEvent } = {
  'user.created': ({ actor, payload: p }) => ({
    type: 'userCreated',
    title: '新增用户',
    message: `${actor.name}新增了用户“${p.name}”（${p.userName}）`,
  }),
  // an import tells the people a single add would, once for the whole file
  'user.imported': ({ actor, payload: p }) => ({
    type: 'userCreated',
    title: '导入用户',
    message: `${actor.name}导入了${p.count}个用户：${p.names.join('、')}${p.count > p.names.length ? ' 等' : ''}`,
  }),
  'user.passwordReset': ({ actor, payload: p }) => ({
    type: 'passwordReset',
    title: '密码已重置',
    message: `${actor.name}重置了用户“${p.name}”的密码，请使用新密码登录并及时修改`,
    recipientIds: [p.userId],
  }),
  'user.stationChanged': ({ actor, payload: p }) => ({
    type: 'stationChanged',
    title: '工位切换',
    message: p.previousStationName
      ? `${actor.name}由工位“${p.previousStationName}”切换到“${p.stationName}”`
      : `${actor.name}切换到工位“${p.stationName}”`,
  }),
  'workOrder.distributed': ({ actor, payload: p }) => ({
    type: 'workOrderDistributed',
    title: '工单派工',
    message: `${actor.name}把工单“${p.code}”（${p.materialsName}）派给了您，请到工位终端查看`,
    recipientIds: p.userIds,
  }),
  'workOrder.overdue': ({ payload: p }) => ({
    type: 'workOrderOverdue',
    title: '工单超期',
    message: `工单“${p.code}”计划于${p.planEndTime}完工，现已超期仍未完工`,
    recipientIds: p.plannerId ? [p.plannerId] : [],
  }),
  'produceOrder.dueSoon': ({ payload: p }) => ({
    type: 'orderDueSoon',
    title: '订单即将到期',
    message: `订单“${p.code}”将于${p.deliveryTime}交货，生产计划尚未完成`,
    recipientIds: p.plannerId ? [p.plannerId] : [],
  }),
  'stock.outOfLimit': ({ payload: p }) => ({
    type: 'stockOutOfLimit',
    title: '库存预警',
    message:
      p.kind === 1
        ? `物料“${p.name}”（${p.code}）可用库存 ${p.quantity}${p.unit} 低于下限 ${p.limit}${p.unit}，请及时补货`
        : `物料“${p.name}”（${p.code}）库存 ${p.quantity}${p.unit} 高于上限 ${p.limit}${p.unit}，请控制入库`,
    recipientIds: p.keeperIds,
  }),
  'outsourceOrder.overdue': ({ payload: p }) => ({
    type: 'outsourceOverdue',
    title: '委外逾期',
    message: `委外单“${p.code}”（工单 ${p.workOrderCode}）应于${p.planReturnDate}收回，供应商“${p.supplierName}”处还有 ${p.outQuantity} 未收回，请催收`,
    recipientIds: p.recipientIds,
  }),
  'equipmentRepair.reported': ({ actor, payload: p }) => ({
    type: 'equipmentRepairRecordCreated',
    title: '设备维修',
    message: `${actor.name}报修设备“${p.equipmentName}”（${p.equipmentCode}）${p.isStopped ? '，已停机' : ''}：${p.phenomenon}。维修单号 ${p.code}，${p.status === 2 ? '已免审核，请及时接单' : '请及时审核派工'}`,
    recipientIds: p.keeperIds,
  }),
  'equipmentRepair.dispatched': ({ actor, payload: p }) => ({
    type: 'equipmentRepairDispatched',
    title: '维修派工',
    message: `${actor.name}把维修工单“${p.code}”派给了您：设备“${p.equipmentName}”（${p.equipmentCode}），${p.phenomenon}。请及时接单`,
    recipientIds: p.dispatchedIds,
  }),
  'checkTask.overdue': ({ payload: p }) => ({
    type: 'checkTaskOverdue',
    title: '工单逾期',
    message: `${['点检', '巡检', '保养'][p.kind] ?? ''}工单“${p.code}”（${p.equipmentName}）应于${p.dueTime}前完成，请尽快执行`,
    recipientIds: p.assigneeIds,
  }),
  'mould.lifeWarning': ({ payload: p }) => ({
    type: 'mouldLifeWarning',
    title: '模具寿命预警',
    message:
      p.kind === 1
        ? `模具“${p.name}”（${p.code}）已用模次 ${p.usedShots}，已达设计寿命 ${p.designLife} 的 ${p.warnPct}%，请安排保养或备模`
        : `模具“${p.name}”（${p.code}）已用模次 ${p.usedShots}，已达设计寿命 ${p.designLife}，仍在产线使用，请及时送修或报废`,
    recipientIds: p.keeperIds,
  }),
  'quotaApply.submitted': ({ actor, payload: p }) => ({
    type: 'quotaApplySubmitted',
    title: '超定额申请',
    message: `${actor.name}提交了超定额申请“${p.code}”：工单 ${p.workOrderCode} 的“${p.materialsName}”多领 ${p.quantity}，原因：${p.reason}，请审核`,
    recipientIds: p.approverIds,
  }),
  'quotaApply.audited': ({ actor, payload: p }) => ({
    type: 'quotaApplyAudited',
    title: p.passed ? '超定额申请已通过' : '超定额申请已驳回',
    message: p.passed
      ? `您的超定额申请“${p.code}”（工单 ${p.workOrderCode}，“${p.materialsName}”${p.quantity}）已由${actor.name}审核通过，可以领料`
      : `您的超定额申请“${p.code}”（工单 ${p.workOrderCode}，“${p.materialsName}”${p.quantity}）被${actor.name}驳回：${p.rejectReason ?? ''}`,
    recipientIds: [p.applicantId],
  }),
  'call.made': ({ actor, payload: p }) => ({
    type: 'callMade',
    title: `${p.typeName}呼叫：${p.stationName}`,
    message: `${actor.name}在${p.areaName ? `${p.areaName} ` : ''}${p.stationName}发起${p.typeName}呼叫“${p.code}”${p.equipmentName ? `（设备：${p.equipmentName}）` : ''}${p.remark ? `：${p.remark}` : ''}，请在${p.responseMinutes}分钟内到呼叫查询响应`,
    recipientIds: p.receiverIds,
  }),
  'call.escalated': ({ payload: p }) => ({
    type: 'callEscalated',
    title: `呼叫升级：${p.stationName}`,
    message: `呼叫升级：工位“${p.stationName}”的${p.typeName}呼叫${p.code}已等待${p.waitedMinutes}分钟未响应（第${p.level}级升级），请到呼叫查询响应`,
    recipientIds: p.recipientIds,
  }),
  'call.responded': ({ actor, payload: p }) => ({
    type: 'callResponded',
    title: '呼叫已响应',
    message: `${p.stationName}的${p.typeName}呼叫“${p.code}”已由${actor.name}响应，正在处理`,
    recipientIds: p.recipientIds,
  }),
  'call.closed': ({ actor, payload: p }) => ({
    type: 'callClosed',
    title: '呼叫已关闭',
    message: `${p.stationName}的${p.typeName}呼叫“${p.code}”已由${actor.name}关闭：${p.result}${p.repairCode ? `，已生成维修单“${p.repairCode}”` : ''}`,
    recipientIds: [p.callerId],
  }),
};

/** A notification shows the first lines of a long entry; the dialog has the rest. */
const summary = (content: string) => (content.length > 200 ? `${content.slice(0, 200)}…` : content);

/**
 * Notifications as one subscriber of the domain events: each event it knows becomes notification
 * tasks in the handler's transaction, pushed to the recipients' sockets after that commits.
 */
export function subscribeNotifications(events: EventBus, hub: Pick<NotificationHub, 'send'>): void {
  for (const name of Object.keys(notices) as EventName[]) {
    const notice = notices[name] as (e: DomainEvent) => NotificationEvent;
    events.subscribe(name, HANDLER, async ({ event, tx, afterCommit }: HandlerContext<EventName>) => {
      await notify({ tx, tenantId: event.tenantId, actor: event.actor, hub, afterCommit }, notice(event));
    });
  }
  events.subscribe('changelog.added', HANDLER, async ({ event, tx, afterCommit }) => {
    await notifyAllTenants(
      { tx, actor: event.actor, hub, afterCommit },
      {
        type: 'changelogAdded',
        title: `系统更新（${event.payload.updateTime}）`,
        message: summary(event.payload.content),
      },
    );
  });
}
