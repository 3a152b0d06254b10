import { Type } from 'typebox';
import { defineEvents, type PayloadOf } from './define.ts';

/**
 * Every domain event the product emits: what happened, said once. A service emits one with
 * `emitEvent(ctx, name, payload)`; modules subscribe to what concerns them (notifications, and
 * later statistics, integrations …). The actor (who did it) travels with every event, so payloads
 * carry only what the event is about. Declaring an event is one entry here.
 */
export const events = defineEvents({
  'user.created': {
    label: '新增用户',
    scope: 'tenant',
    payload: Type.Object({ userId: Type.Integer(), userName: Type.String(), name: Type.String() }),
  },
  'user.imported': {
    label: '导入用户',
    scope: 'tenant',
    payload: Type.Object({
      count: Type.Integer(),
      /** The first users imported ('姓名（用户名）'), for the summary. */
      names: Type.Array(Type.String()),
    }),
  },
  'user.passwordReset': {
    label: '密码重置',
    scope: 'tenant',
    payload: Type.Object({ userId: Type.Integer(), name: Type.String() }),
  },
  'user.stationChanged': {
    label: '工位切换',
    scope: 'tenant',
    payload: Type.Object({
      userId: Type.Integer(),
      stationId: Type.Integer(),
      stationName: Type.String(),
      /** The station left, when there was one. */
      previousStationName: Type.Optional(Type.String()),
    }),
  },
  'workOrder.distributed': {
    label: '工单派工',
    scope: 'tenant',
    payload: Type.Object({
      workOrderId: Type.Integer(),
      code: Type.String(),
      materialsName: Type.String(),
      /** The operators it was distributed to. */
      userIds: Type.Array(Type.Integer()),
    }),
  },
  'workOrder.overdue': {
    label: '工单超期',
    scope: 'tenant',
    payload: Type.Object({
      workOrderId: Type.Integer(),
      code: Type.String(),
      planEndTime: Type.String(),
      /** Who planned it: the user who released its plan, when known. */
      plannerId: Type.Optional(Type.Integer()),
    }),
  },
  'produceOrder.dueSoon': {
    label: '订单即将到期',
    scope: 'tenant',
    payload: Type.Object({
      orderId: Type.Integer(),
      code: Type.String(),
      deliveryTime: Type.String(),
      /** Who entered the order, when known. */
      plannerId: Type.Optional(Type.Integer()),
    }),
  },
  'stock.outOfLimit': {
    label: '库存预警',
    scope: 'tenant',
    payload: Type.Object({
      materialsId: Type.Integer(),
      code: Type.String(),
      name: Type.String(),
      /** 1 available below the lower limit, 2 on hand above the upper limit. */
      kind: Type.Union([Type.Literal(1), Type.Literal(2)]),
      quantity: Type.Number(),
      limit: Type.Number(),
      unit: Type.String(),
      /** The keepers of the warehouses (those holding it; every keeper when none holds it). */
      keeperIds: Type.Array(Type.Integer()),
    }),
  },
  'outsourceOrder.overdue': {
    label: '委外逾期',
    scope: 'tenant',
    payload: Type.Object({
      orderId: Type.Integer(),
      code: Type.String(),
      workOrderCode: Type.String(),
      supplierName: Type.String(),
      planReturnDate: Type.String(),
      /** Sent and not back yet. */
      outQuantity: Type.Number(),
      /** Who made the order and who sent it out. */
      recipientIds: Type.Array(Type.Integer()),
    }),
  },
  'equipmentRepair.reported': {
    label: '设备报修',
    scope: 'tenant',
    payload: Type.Object({
      repairId: Type.Integer(),
      code: Type.String(),
      equipmentCode: Type.String(),
      equipmentName: Type.String(),
      phenomenon: Type.String(),
      isStopped: Type.Boolean(),
      /** Where it starts: 1 waits for audit, 2 waits for a repairer (the tenant skips the audit). */
      status: Type.Integer(),
      /** The machine's keepers (every equipment keeper when it has none). */
      keeperIds: Type.Array(Type.Integer()),
    }),
  },
  'equipmentRepair.dispatched': {
    label: '维修派工',
    scope: 'tenant',
    payload: Type.Object({
      repairId: Type.Integer(),
      code: Type.String(),
      equipmentCode: Type.String(),
      equipmentName: Type.String(),
      phenomenon: Type.String(),
      /** The repairers named (审核派工 or 改派): only they may take it. */
      dispatchedIds: Type.Array(Type.Integer()),
    }),
  },
  'mould.lifeWarning': {
    label: '模具寿命预警',
    scope: 'tenant',
    payload: Type.Object({
      mouldId: Type.Integer(),
      code: Type.String(),
      name: Type.String(),
      /** 1 the counter reached designLife × warnPct, 2 it reached the design life while lent. */
      kind: Type.Union([Type.Literal(1), Type.Literal(2)]),
      usedShots: Type.Number(),
      designLife: Type.Integer(),
      warnPct: Type.Integer(),
      /** The keepers of its equipment (every equipment keeper when it has none or they are none). */
      keeperIds: Type.Array(Type.Integer()),
    }),
  },
  'checkTask.overdue': {
    label: '点巡检工单逾期',
    scope: 'tenant',
    payload: Type.Object({
      taskId: Type.Integer(),
      code: Type.String(),
      /** checkKind: 0 点检, 1 巡检, 2 保养. */
      kind: Type.Integer(),
      equipmentName: Type.String(),
      /** As the factory reads it (2026-11-27 16:00). */
      dueTime: Type.String(),
      assigneeIds: Type.Array(Type.Integer()),
    }),
  },
  'quotaApply.submitted': {
    label: '超定额申请',
    scope: 'tenant',
    payload: Type.Object({
      applyId: Type.Integer(),
      code: Type.String(),
      workOrderCode: Type.String(),
      materialsName: Type.String(),
      /** With its unit ('10 kg'). */
      quantity: Type.String(),
      reason: Type.String(),
      /** Who may pass it (the approve key's holders). */
      approverIds: Type.Array(Type.Integer()),
    }),
  },
  'quotaApply.audited': {
    label: '超定额申请审核',
    scope: 'tenant',
    payload: Type.Object({
      applyId: Type.Integer(),
      code: Type.String(),
      workOrderCode: Type.String(),
      materialsName: Type.String(),
      quantity: Type.String(),
      passed: Type.Boolean(),
      rejectReason: Type.Optional(Type.String()),
      applicantId: Type.Integer(),
    }),
  },
  'call.made': {
    label: '呼叫',
    scope: 'tenant',
    payload: Type.Object({
      callId: Type.Integer(),
      code: Type.String(),
      typeName: Type.String(),
      stationName: Type.String(),
      areaName: Type.String(),
      equipmentName: Type.Optional(Type.String()),
      remark: Type.Optional(Type.String()),
      responseMinutes: Type.Integer(),
      /** The type's users and its groups' members. */
      receiverIds: Type.Array(Type.Integer()),
    }),
  },
  'call.escalated': {
    label: '呼叫升级',
    scope: 'tenant',
    payload: Type.Object({
      callId: Type.Integer(),
      code: Type.String(),
      typeName: Type.String(),
      stationName: Type.String(),
      /** The level called (1…3) and how long the call had waited by then. */
      level: Type.Integer(),
      waitedMinutes: Type.Integer(),
      /** The level's users and its groups' members. */
      recipientIds: Type.Array(Type.Integer()),
    }),
  },
  'call.responded': {
    label: '呼叫已响应',
    scope: 'tenant',
    payload: Type.Object({
      callId: Type.Integer(),
      code: Type.String(),
      typeName: Type.String(),
      stationName: Type.String(),
      /** The caller, and the other receivers (someone is on the way). */
      recipientIds: Type.Array(Type.Integer()),
    }),
  },
  'call.closed': {
    label: '呼叫已关闭',
    scope: 'tenant',
    payload: Type.Object({
      callId: Type.Integer(),
      code: Type.String(),
      typeName: Type.String(),
      stationName: Type.String(),
      result: Type.String(),
      /** A fault report filed for its equipment. */
      repairCode: Type.Optional(Type.String()),
      callerId: Type.Integer(),
    }),
  },
  'changelog.added': {
    label: '更新日志',
    scope: 'system',
    payload: Type.Object({ id: Type.Integer(), updateTime: Type.String(), content: Type.String() }),
  },
});

export type EventName = keyof typeof events;
export type EventPayload<N extends EventName> = PayloadOf<(typeof events)[N]>;
