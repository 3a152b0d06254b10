/**
 * Status lists of spec 001 §4, in the spec's order. The spec gives no colours; every status maps to
 * one of five meanings so a colour reads the same on every screen.
 */
import { defineEnum } from './defineEnum.ts';

export const statusColors = Object.freeze({
  /** Not started, pending its own owner, disabled, skipped. */
  idle: '#8c8c8c',
  /** Work under way (the product's primary colour). */
  active: '#5878fc',
  /** Done, passed, enabled, running normally. */
  done: '#52c41a',
  /** Waiting for another role: audit, acceptance, verification, confirmation, purchase. */
  waiting: '#fa8c16',
  /** Rejected, voided, force-ended, faulty. */
  stopped: '#f5222d',
});

const { idle, active, done, waiting, stopped } = statusColors;

export const enableStatus = defineEnum([
  { value: 1, label: '启用', color: done },
  { value: 0, label: '停用', color: idle },
]);

export const boundStatus = defineEnum([
  { value: 1, label: '已绑定', color: done },
  { value: 0, label: '未绑定', color: idle },
]);

export const repairOrderStatus = defineEnum([
  { value: 1, label: '待审核', color: waiting },
  // "Pending acceptance" sits between audit and repair, so it is a technician taking the job, not
  // the final check of finished work (that is 5, pending verification).
  { value: 2, label: '待接单', color: waiting },
  { value: 3, label: '待维修', color: idle },
  { value: 4, label: '维修中', color: active },
  { value: 5, label: '待验证', color: waiting },
  { value: 6, label: '已完成', color: done },
  { value: 7, label: '已驳回', color: stopped },
]);

/** Inspection, spot-check and upkeep tasks. */
export const checkTaskStatus = defineEnum([
  { value: 0, label: '已跳过', color: idle },
  { value: 1, label: '待执行', color: idle },
  { value: 2, label: '执行中', color: active },
  { value: 3, label: '已完成', color: done },
  { value: 4, label: '已作废', color: stopped },
]);

export const auditStatus = defineEnum([
  { value: 0, label: '待审核', color: waiting },
  { value: 1, label: '已通过', color: done },
  { value: 2, label: '已驳回', color: stopped },
  { value: -1, label: '未提交', color: idle },
]);

/** Whether a passed spare-part application has been issued from stock (备件申请 发放). */
export const partIssueStatus = defineEnum([
  { value: 0, label: '未发放', color: idle },
  { value: 1, label: '已发放', color: done },
]);

export const qualityCheckStatus = defineEnum([
  { value: 1, label: '待检验', color: idle },
  { value: 2, label: '检验中', color: active },
  { value: 3, label: '已完成', color: done },
  { value: 4, label: '已审核', color: done },
  { value: 5, label: '已批准', color: done },
]);

/** An inspection order's verdict (判定): the lot accepted or rejected by its sampling plan. */
export const inspectionVerdict = defineEnum([
  { value: 0, label: '合格', color: done },
  { value: 1, label: '不合格', color: stopped },
]);

/**
 * A batch's quality state (DOMAIN "Batch"): a received lot that needs incoming inspection waits
 * (待检) with its stock held; the verdict releases it (合格), keeps it held (不合格) or, once the
 * non-conforming handling accepts it by concession, releases it as 让步接收.
 */
export const batchQualityStatus = defineEnum([
  { value: 0, label: '待检', color: waiting },
  { value: 1, label: '合格', color: done },
  { value: 2, label: '不合格', color: stopped },
  { value: 3, label: '让步接收', color: active },
]);

export const reviewStatus = defineEnum([
  { value: 0, label: '待复核', color: waiting },
  { value: 1, label: '已复核', color: done },
  { value: 2, label: '已驳回', color: stopped },
]);

export const confirmStatus = defineEnum([
  { value: 0, label: '未确认', color: idle },
  { value: 1, label: '已确认', color: done },
]);

/** The spec's second confirm list, where the confirmer may also reject. */
export const confirmRejectStatus = defineEnum([
  { value: 0, label: '待确认', color: waiting },
  { value: 1, label: '已确认', color: done },
  { value: 2, label: '已驳回', color: stopped },
]);

export const planProgressStatus = defineEnum([
  { value: 0, label: '未开始', color: idle },
  { value: 1, label: '进行中', color: active },
  { value: 2, label: '已完成', color: done },
]);

export const taskStatus = defineEnum([
  { value: 0, label: '待开始', color: idle },
  { value: 1, label: '进行中', color: active },
  { value: 2, label: '已完成', color: done },
  { value: 3, label: '强制结束', color: stopped },
]);

/** Workflow order, as the spec lists it: partly planned (3) comes before fully planned (1). */
export const planningStatus = defineEnum([
  { value: 0, label: '未计划', color: idle },
  // Partly planned still needs the planner, unlike 1 where only execution remains.
  { value: 3, label: '部分计划', color: waiting },
  { value: 1, label: '全部计划未完成', color: active },
  { value: 2, label: '已完成', color: done },
]);

/** Scheduling (排产) and issuing to the shop floor (下发) are independent steps. */
export const scheduleIssueStatus = defineEnum([
  { value: 0, label: '未排产未下发', color: idle },
  { value: 1, label: '未排产已下发', color: active },
  { value: 2, label: '已排产未下发', color: waiting },
  { value: 3, label: '已排产已下发', color: active },
  { value: 4, label: '未排产已完成', color: done },
  { value: 5, label: '已排产已完成', color: done },
]);

/** A stock document (出入库单, DOMAIN "Stock documents"): only a posted one has moved stock. */
export const stockDocStatus = defineEnum([
  { value: 0, label: '草稿', color: idle },
  { value: 1, label: '待审核', color: waiting },
  { value: 2, label: '已过账', color: done },
  { value: 3, label: '已冲销', color: stopped },
  { value: 9, label: '已作废', color: stopped },
]);

/**
 * A sales order's shipping status (DOMAIN "Sales order"): shipments set 1 and 2, close 3 (the rest
 * dropped), cancel 9.
 */
export const salesOrderStatus = defineEnum([
  { value: 0, label: '未发货', color: idle },
  { value: 1, label: '部分发货', color: active },
  { value: 2, label: '已发货', color: done },
  { value: 3, label: '已关闭', color: stopped },
  { value: 9, label: '已取消', color: stopped },
]);

/** A stock count sheet (盘点, DOMAIN "Stock count"): counting freezes its scope until posted or cancelled. */
export const stockCountStatus = defineEnum([
  { value: 0, label: '草稿', color: idle },
  { value: 1, label: '盘点中', color: active },
  { value: 2, label: '待审核', color: waiting },
  { value: 3, label: '已过账', color: done },
  { value: 9, label: '已作废', color: stopped },
]);

export const materialPreparationStatus = defineEnum([
  { value: 0, label: '待下发', color: idle },
  { value: 1, label: '待备料', color: waiting },
  { value: 2, label: '备料中', color: active },
  { value: 3, label: '已备料', color: done },
  // the work order went away (plan withdrawn): what was issued stays line-side
  { value: 9, label: '已取消', color: stopped },
]);

export const handlingStatus = defineEnum([
  { value: 0, label: '待处理', color: idle },
  { value: 1, label: '部分处理', color: active },
  { value: 2, label: '已处理', color: done },
]);

/** Handling where partial handling does not exist. */
export const simpleHandlingStatus = defineEnum([
  { value: 0, label: '待处理', color: idle },
  { value: 1, label: '已处理', color: done },
]);

export const purchaseRequestStatus = defineEnum([
  { value: 0, label: '待提交', color: idle },
  { value: 1, label: '已提交', color: waiting },
  { value: 2, label: '已采购', color: done },
  { value: 9, label: '已取消', color: stopped },
]);

/** A purchase order's receiving (DOMAIN "Purchase order"); receipts set 1 and 2 from the quantities. */
export const purchaseOrderStatus = defineEnum([
  { value: 0, label: '未收货', color: idle },
  { value: 1, label: '部分收货', color: active },
  { value: 2, label: '已收货', color: done },
  { value: 3, label: '已关闭', color: stopped },
  { value: 9, label: '已取消', color: stopped },
]);

/** A production quota 生产定额 (DOMAIN "Production quota"): one effective per product and version. */
export const quotaStatus = defineEnum([
  { value: 0, label: '草稿', color: idle },
  { value: 1, label: '生效', color: done },
  { value: 2, label: '作废', color: stopped },
]);

/**
 * An outsourcing order 委外单 (DOMAIN "Outsourcing"): confirmed to a supplier, sent out, received
 * back in parts; 2–4 follow the quantities sent and received.
 */
export const outsourceOrderStatus = defineEnum([
  { value: 0, label: '待确认', color: idle },
  { value: 1, label: '已确认', color: waiting },
  { value: 2, label: '已发外', color: active },
  { value: 3, label: '部分收回', color: active },
  { value: 4, label: '已完成', color: done },
  { value: 9, label: '已取消', color: stopped },
]);

/** Past its planned return date with units still at the supplier (computed by the list). */
export const overdueFlag = defineEnum([
  { value: 0, label: '未逾期', color: idle },
  { value: 1, label: '逾期', color: stopped },
]);

/** Only the values the spec shows; 1 is not defined there. */
export const equipmentState = defineEnum([
  { value: 0, label: '空闲', color: idle },
  // Unavailable for production, but not a failure: attention rather than alarm.
  { value: 2, label: '维保中', color: waiting },
]);

export const runType = defineEnum([
  { value: 0, label: '正常运行', color: done },
  { value: 1, label: '故障维修', color: stopped },
]);

/** What the machine's own feed last said (docs/equipment-readings.md "Machine state"); none: it never reported. */
export const machineState = defineEnum([
  { value: 0, label: '离线', color: idle },
  { value: 1, label: '运行', color: done },
  { value: 2, label: '待机', color: waiting },
  { value: 3, label: '报警', color: stopped },
]);

/** Status filter of the work-order progress report; the report preselects every value (spec 001 §4). */
export const workOrderProgressFilter = defineEnum([
  { value: 0, label: '未开始', color: idle },
  { value: 1, label: '进行中', color: active },
]);

/**
 * A work order's status: the task list of spec 001 §4 plus 9 cancelled, which the spec's cancel
 * action needs and no list has (DOMAIN gap 1); hidden from lists by default.
 */
export const workOrderStatus = defineEnum([...taskStatus.items, { value: 9, label: '已取消', color: idle }]);

/** A production order's planning status, plus 9 cancelled (DOMAIN gap 1). */
export const orderPlanStatus = defineEnum([
  ...planningStatus.items,
  { value: 9, label: '已取消', color: idle },
]);

/** Distributed (派工) to stations and operators: a flag beside the status (DOMAIN gap 2). */
export const distributeStatus = defineEnum([
  { value: 0, label: '未派工', color: idle },
  { value: 1, label: '已派工', color: active },
]);

/** Paused by the shop floor; continue (继续) takes it up again (DOMAIN gap 3). */
export const pauseStatus = defineEnum([
  { value: 0, label: '未暂停', color: active },
  { value: 1, label: '已暂停', color: waiting },
]);

/**
 * A mould (模具, DOMAIN "Moulds"): made pending stock-in, moved only by its handling documents
 * (入库 0 → 1, 借用 1 → 2, 归还 2 → 1, 送修 1/2 → 3, 修复 3 → 1, 报废 1/3 → 4, final).
 */
export const mouldStatus = defineEnum([
  { value: 0, label: '待入库', color: idle },
  { value: 1, label: '在库', color: done },
  { value: 2, label: '借出', color: active },
  { value: 3, label: '维修中', color: waiting },
  { value: 4, label: '报废', color: stopped },
]);

/**
 * A call (呼叫, DOMAIN "Call system"): made from a station (0), responded by a receiver (1), closed
 * with its result (2), or cancelled by its caller before anyone responded (9).
 */
export const callStatus = defineEnum([
  { value: 0, label: '呼叫中', color: stopped },
  { value: 1, label: '已响应', color: active },
  { value: 2, label: '已关闭', color: done },
  { value: 9, label: '已取消', color: idle },
]);

/**
 * How far an unanswered call has escalated (docs/call.md): the highest level of its type's
 * 升级规则 that has been called (0 none yet).
 */
export const callEscalation = defineEnum([
  { value: 0, label: '未升级', color: idle },
  { value: 1, label: '已升级至第1级', color: waiting },
  { value: 2, label: '已升级至第2级', color: stopped },
  { value: 3, label: '已升级至第3级', color: stopped },
]);
