import {
  confirmStatus,
  distributeStatus,
  orderPlanStatus,
  pauseStatus,
  planProgressStatus,
  scheduleIssueStatus,
  taskStatus,
  workOrderStatus,
} from '../enums/index.ts';
import { defineMachine } from './define.ts';

/** The station terminal's page: its operators start, pause and continue from it. */
const TERMINAL = 'stationScheduling';

/** Production calls live under production/kiki/private/ (spec 000 §7). */
export const PRODUCTION_BASE = 'production/kiki/private/';

/**
 * A production order (DOMAIN "Production order"): confirmed before it is planned; its planning
 * status follows the plans (recomputed by the plans, not an action), 2 only by finish.
 */
export const produceOrderMachine = defineMachine({
  name: 'produceOrder',
  label: '订单',
  route: 'orderList',
  numberField: 'produceOrderNumber',
  base: `${PRODUCTION_BASE}produceOrder/`,
  states: {
    planStatus: { label: '计划状态', enum: orderPlanStatus },
    confirmStatus: { label: '确认状态', enum: confirmStatus },
  },
  actions: {
    confirm: {
      label: '确认',
      button: 'Confirm',
      when: { confirmStatus: [0], planStatus: [0] },
      set: { confirmStatus: 1 },
    },
    unconfirm: {
      label: '取消确认',
      button: 'Unconfirm',
      when: { confirmStatus: [1], planStatus: [0] },
      set: { confirmStatus: 0 },
    },
    finish: {
      label: '完成',
      button: 'Finish',
      when: { confirmStatus: [1], planStatus: [3, 1] },
      set: { planStatus: 2 },
      confirm: '完成后订单不再安排生产，确定完成吗？',
    },
    reopen: { label: '反完成', button: 'Reopen', when: { planStatus: [2] } },
    cancel: {
      label: '取消',
      button: 'Cancel',
      when: { planStatus: [0] },
      set: { planStatus: 9 },
      confirm: '确定取消该订单吗？取消后不能恢复',
      danger: true,
    },
  },
});

/**
 * A production plan (DOMAIN "Production plan"): released (下达) into its work order, withdrawn
 * (撤回) while nothing is reported; completes and reopens with its work orders, by the system.
 */
export const producePlanMachine = defineMachine({
  name: 'producePlan',
  label: '生产计划',
  route: 'planList',
  numberField: 'planNumber',
  base: `${PRODUCTION_BASE}producePlan/`,
  states: {
    scheduleStatus: { label: '排产下发状态', enum: scheduleIssueStatus },
    planProgress: { label: '计划进度', enum: planProgressStatus },
  },
  actions: {
    release: {
      label: '下达',
      button: 'Release',
      path: 'releaseProducePlan',
      when: { scheduleStatus: [0, 2] },
      confirm: '下达后将生成工单，确定下达吗？',
    },
    withdraw: {
      label: '撤回',
      button: 'Withdraw',
      when: { scheduleStatus: [1, 3], planProgress: [0] },
      confirm: '撤回后其工单将取消，确定撤回吗？',
      danger: true,
    },
    complete: { label: '完成', button: 'Finish', system: true, when: { scheduleStatus: [1, 3] } },
    reopen: { label: '重新打开', button: 'Finish', system: true, when: { scheduleStatus: [4, 5] } },
  },
});

/**
 * A work order (DOMAIN "Work order"): its status, whether it is distributed and whether it is
 * paused. Distribute, split and reduce carry bodies of their own; completing by itself when the
 * last task completes is the system's.
 */
export const workOrderMachine = defineMachine({
  name: 'workOrder',
  label: '工单',
  route: 'workList',
  numberField: 'produceWorkOrderNumber',
  base: `${PRODUCTION_BASE}produceWorkOrder/`,
  states: {
    status: { label: '工单状态', enum: workOrderStatus },
    isDistributed: { label: '派工状态', enum: distributeStatus },
    isPaused: { label: '暂停状态', enum: pauseStatus },
  },
  actions: {
    distribute: { label: '派工', button: 'Distribute', own: true, when: { status: [0, 1] } },
    withdraw: {
      label: '撤回派工',
      button: 'Withdraw',
      when: { status: [0], isDistributed: [1] },
      set: { isDistributed: 0 },
      confirm: '撤回后工位将不再看到该工单，确定撤回派工吗？',
    },
    start: { label: '开工', button: 'Start', when: { status: [0], isPaused: [0] }, set: { status: 1 } },
    pause: {
      label: '暂停',
      button: 'Pause',
      alsoKeys: [TERMINAL],
      when: { status: [1], isPaused: [0] },
      set: { isPaused: 1 },
    },
    continue: {
      label: '继续',
      button: 'Continue',
      alsoKeys: [TERMINAL],
      when: { status: [1], isPaused: [1] },
      set: { isPaused: 0 },
    },
    finish: {
      label: '完工',
      button: 'Finish',
      when: { status: [1] },
      set: { status: 2, isPaused: 0 },
      confirm: '确定完工吗？',
    },
    end: {
      label: '强制结束',
      button: 'End',
      when: { status: [0, 1] },
      set: { status: 3, isPaused: 0 },
      reason: true,
      danger: true,
    },
    cancel: {
      label: '取消',
      button: 'Cancel',
      when: { status: [0] },
      set: { status: 9, isDistributed: 0 },
      confirm: '确定取消该工单吗？取消后不能恢复',
      danger: true,
    },
    restart: { label: '重启', button: 'Restart', when: { status: [3] }, confirm: '确定重启该工单吗？' },
    reopen: {
      label: '反完工',
      button: 'Reopen',
      when: { status: [2] },
      set: { status: 1 },
      confirm: '确定反完工吗？',
    },
    split: { label: '拆分', button: 'Split', own: true, flag: 'splitWorkOrder', when: { status: [0, 1] } },
    reduce: { label: '减量', button: 'Reduce', own: true, flag: 'splitWorkOrder', when: { status: [0, 1] } },
    complete: {
      label: '完工',
      button: 'Finish',
      system: true,
      when: { status: [0, 1] },
      set: { status: 2, isPaused: 0 },
    },
  },
});

/**
 * A work order's task on one step (工序任务): started at a station (own call, it names the
 * station), reset while nothing is reported, skipped with a reason; completes by itself when its
 * predecessor is complete and everything it took in is reported.
 */
export const produceTaskMachine = defineMachine({
  name: 'produceTask',
  label: '工序任务',
  route: 'workList',
  numberField: 'taskNumber',
  base: `${PRODUCTION_BASE}produceTask/`,
  states: { status: { label: '任务状态', enum: taskStatus } },
  actions: {
    start: { label: '开工', button: 'Start', alsoKeys: [TERMINAL], own: true, when: { status: [0] } },
    reset: {
      label: '重置',
      button: 'Reset',
      when: { status: [1] },
      set: { status: 0 },
      confirm: '确定重置该工序任务吗？',
    },
    skip: { label: '跳过', button: 'Skip', when: { status: [0] }, set: { status: 2 }, reason: true },
    complete: { label: '完成', button: 'Finish', system: true, when: { status: [0, 1] }, set: { status: 2 } },
    reopen: { label: '重新打开', button: 'Finish', system: true, when: { status: [2] }, set: { status: 1 } },
  },
});
