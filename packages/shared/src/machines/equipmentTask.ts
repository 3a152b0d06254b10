import { checkTaskStatus } from '../enums/index.ts';
import { defineMachine } from './define.ts';
import { EQUIPMENT_BASE } from './equipment.ts';

/** Where each kind of task (点检 0, 巡检 1, 保养 2) is listed, and its calls' prefix. */
export const TASK_KINDS = [
  { kind: 0, label: '点检工单', route: 'pointBillsList', detail: 'pointBillsDetail', name: 'PointBill' },
  {
    kind: 1,
    label: '巡检工单',
    route: 'inspectionBillsList',
    detail: 'inspectionBillsDetail',
    name: 'InspectionBill',
  },
  {
    kind: 2,
    label: '保养工单',
    route: 'maintenanceBillsList',
    detail: 'maintenanceBillsDetail',
    name: 'MaintenanceBill',
  },
] as const;

export type TaskKind = (typeof TASK_KINDS)[number];

/** The calls' prefix of one kind of task (equipment/private/pointBill/). */
export const taskBase = (k: TaskKind) => `${EQUIPMENT_BASE}${k.name[0].toLowerCase()}${k.name.slice(1)}/`;

/**
 * A check task (DOMAIN "Inspection"), one machine per kind so each list's buttons guard its own
 * kind: pending (1) is started by its assignee (2) and finished with every item judged (3, its own
 * call carrying the results); a pending task may be skipped (0) and an open one voided (4), each
 * with a reason; a pending one may be handed to other people (改派). The system skips a task whose
 * equipment is stopped when the plan says so, and voids open tasks when their plan is disabled.
 */
const taskMachine = (k: TaskKind) =>
  defineMachine({
    name: `${k.name[0].toLowerCase()}${k.name.slice(1)}`,
    label: k.label,
    route: k.route,
    numberField: 'taskNumber',
    base: taskBase(k),
    states: { status: { label: '工单状态', enum: checkTaskStatus } },
    actions: {
      start: {
        label: '开始执行',
        button: 'Start',
        when: { status: [1] },
        set: { status: 2 },
      },
      finish: {
        label: '提交',
        button: 'Finish',
        when: { status: [2] },
        set: { status: 3 },
        own: true,
      },
      distribute: {
        label: '改派',
        button: 'Distribute',
        when: { status: [1] },
        own: true,
      },
      skip: {
        label: '跳过',
        button: 'Skip',
        when: { status: [1] },
        set: { status: 0 },
        reason: true,
        confirm: '跳过后该工单不再执行，确定跳过吗？',
      },
      void: {
        label: '作废',
        button: 'Cancel',
        when: { status: [1, 2] },
        set: { status: 4 },
        reason: true,
        danger: true,
      },
    },
  });

export const pointBillMachine = taskMachine(TASK_KINDS[0]);
export const inspectionBillMachine = taskMachine(TASK_KINDS[1]);
export const maintenanceBillMachine = taskMachine(TASK_KINDS[2]);

/** The machine of a kind of task (0 点检, 1 巡检, 2 保养). */
export const taskMachines = [pointBillMachine, inspectionBillMachine, maintenanceBillMachine] as const;
