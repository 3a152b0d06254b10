import { Type } from 'typebox';
import { distributeStatus, pauseStatus, priority, workOrderStatus, workType } from '../enums/index.ts';
import { PRODUCTION_BASE } from '../machines/plans.ts';
import { defineEntity } from './define.ts';
import { createdAtField, idField } from './information.ts';
import { keptQuantity, minutes, productColumns, shownRef, shownText } from './produceOrder.ts';

/**
 * Work orders (工单, plans → works → work-list): made by releasing a plan, never by a form, so the
 * list offers no add, edit or import; every change is an action of `workOrderMachine`. The row is
 * the work-order progress row of spec 001 §3 (DOMAIN "Work-order progress row"): ratios and the
 * current procedure come from its tasks, durations are minutes.
 */
export const workOrderEntity = defineEntity({
  name: 'produceWorkOrder',
  label: '工单',
  route: 'workList',
  buttons: ['Detail', 'Export', 'Print'],
  defaultOrder: '-createdAt',
  api: { base: `${PRODUCTION_BASE}produceWorkOrder/`, name: 'ProduceWorkOrder' },
  autoCode: { prefix: 'WO', dateFormat: 'YYYYMMDD', seqLength: 3, resetPeriod: 1 },
  extraRow: {
    version: Type.Integer(),
    orderId: Type.Integer(),
    planId: Type.Union([Type.Integer(), Type.Null()]),
    originWorkOrderId: Type.Union([Type.Integer(), Type.Null()]),
  },
  fields: {
    id: idField,
    code: { ...shownText('工单编号', 160), sort: true },
    produceOrderNumber: shownText('订单编号', 150),
    planNumber: shownText('计划编号', 150),
    materialsName: shownRef('产品', 'materials', 'materialsId', 160),
    ...productColumns,
    areaName: shownRef('产线', 'area', 'areaId'),
    workType: {
      label: '工单类型',
      type: 'enum',
      enum: workType,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 90,
    },
    originWorkOrderNumber: shownText('原工单编号', 160, false),
    quantity: keptQuantity('工单数量'),
    reportWorkQuantity: keptQuantity('完工数量'),
    repairQuantity: keptQuantity('返修数量'),
    finishRatio: { label: '完成率', type: 'number', readOnly: true, sort: true, width: 90 },
    procedure: shownText('当前工序', 110),
    procedureRatio: { label: '当前工序完成率', type: 'number', readOnly: true, width: 120 },
    currentProcedureDuration: minutes('当前工序时长'),
    currentProcedureStation: shownText('当前工位', 120),
    currentProcedurePerson: shownText('当前人员', 100),
    status: {
      label: '工单状态',
      type: 'enum',
      enum: workOrderStatus,
      readOnly: true,
      filter: ['in', 'eq'],
      sort: true,
      width: 90,
    },
    isDistributed: {
      label: '派工状态',
      type: 'enum',
      enum: distributeStatus,
      readOnly: true,
      filter: ['eq'],
      sort: true,
      width: 90,
    },
    isPaused: {
      label: '暂停状态',
      type: 'enum',
      enum: pauseStatus,
      readOnly: true,
      filter: ['eq'],
      width: 90,
    },
    priority: {
      label: '优先级',
      type: 'enum',
      enum: priority,
      readOnly: true,
      filter: ['eq', 'in'],
      sort: true,
      width: 80,
    },
    planStartTime: {
      label: '计划开始时间',
      type: 'datetime',
      readOnly: true,
      filter: ['between', 'gte', 'lte'],
      sort: true,
      width: 170,
    },
    planEndTime: {
      label: '计划结束时间',
      type: 'datetime',
      readOnly: true,
      filter: ['between', 'gte', 'lte'],
      sort: true,
      width: 170,
    },
    actualStartTime: { label: '实际开始时间', type: 'datetime', readOnly: true, sort: true, width: 170 },
    finishedAt: { label: '完工时间', type: 'datetime', readOnly: true, sort: true, width: 170 },
    deliveryTime: {
      label: '交货日期',
      type: 'datetime',
      readOnly: true,
      filter: ['between', 'gte', 'lte'],
      sort: true,
      width: 170,
    },
    overTime: minutes('超期时长'),
    overActualTime: { ...minutes('交期超期时长'), list: false },
    longTime: minutes('已生产时长'),
    endReason: { label: '结束原因', type: 'string', readOnly: true, list: false, width: 200 },
    createdAt: createdAtField,
  },
});
