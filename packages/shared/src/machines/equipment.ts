import { auditStatus, partIssueStatus, repairOrderStatus } from '../enums/index.ts';
import { defineMachine } from './define.ts';

/** Equipment calls live under equipment/private/ (the register's own path, spec 000 §7). */
export const EQUIPMENT_BASE = 'equipment/private/';

/**
 * A repair order 维修工单 (DOMAIN "Fault report → repair order"; docs/equipment-repair.md): a fault
 * report waits for audit (1) and is passed to the repairers (2), optionally naming who may take it,
 * or rejected (7); a tenant that skips the audit (`skipRepairAudit`) has the system pass every
 * report as it is filed. Who may take one at 2 can be changed (改派); a repairer takes it (3) or
 * gives it back, starts (4) and finishes it with the reason, measures and spare parts used (5);
 * the reporter or a keeper — not a repairer — verifies it done (6) or sends it back to repairing.
 * The fault list's 派工 and 驳回 keys take the audit too. A quick repair is saved completed and
 * takes no action.
 */
export const equipmentRepairMachine = defineMachine({
  name: 'equipmentRepair',
  label: '维修工单',
  route: 'equipmentRepairList',
  numberField: 'code',
  base: `${EQUIPMENT_BASE}equipmentRepair/`,
  states: { status: { label: '状态', enum: repairOrderStatus } },
  actions: {
    // its dialog names the repairers (指派维修人员), none leaving it to any of them
    audit: {
      label: '审核派工',
      button: 'Distribute',
      alsoKeys: ['equipmentFaultListDistribute'],
      own: true,
      when: { status: [1] },
      set: { status: 2 },
    },
    skipAudit: {
      label: '免审核',
      button: 'Distribute',
      system: true,
      when: { status: [1] },
      set: { status: 2 },
    },
    redispatch: {
      label: '改派',
      button: 'Distribute',
      alsoKeys: ['equipmentFaultListDistribute'],
      own: true,
      when: { status: [2] },
    },
    reject: {
      label: '驳回',
      button: 'Cancel',
      alsoKeys: ['equipmentFaultListCancel'],
      when: { status: [1] },
      set: { status: 7 },
      reason: true,
      danger: true,
    },
    accept: {
      label: '接单',
      button: 'Accept',
      when: { status: [2] },
      set: { status: 3 },
      confirm: '接单后由您负责维修，确定接单吗？',
    },
    giveBack: { label: '退单', button: 'Withdraw', when: { status: [3] }, set: { status: 2 }, reason: true },
    start: {
      label: '开始维修',
      button: 'Start',
      when: { status: [3] },
      set: { status: 4 },
      confirm: '开始维修后设备将处于维保中，确定开始吗？',
    },
    finish: { label: '维修完工', button: 'Finish', own: true, when: { status: [4] }, set: { status: 5 } },
    verify: {
      label: '验证通过',
      button: 'Verify',
      when: { status: [5] },
      set: { status: 6 },
      confirm: '确认设备已修复、可以正常使用吗？',
    },
    reopen: {
      label: '验证不通过',
      button: 'Verify',
      when: { status: [5] },
      set: { status: 4 },
      reason: true,
      danger: true,
    },
  },
});

/**
 * A spare-part application 备件申请 (DOMAIN "Spare parts"; docs/spare-parts.md): saved not
 * submitted (−1), submitted for audit (0) and withdrawn back, passed (1) or rejected with a reason
 * (2, corrected and submitted again); a passed one is issued once by the keeper (发放), which posts
 * the stock-out of its parts.
 */
export const partApplyMachine = defineMachine({
  name: 'partApply',
  label: '备件申请',
  route: 'partApply',
  numberField: 'code',
  base: `${EQUIPMENT_BASE}partApply/`,
  states: {
    auditStatus: { label: '审核状态', enum: auditStatus },
    issueStatus: { label: '发放状态', enum: partIssueStatus },
  },
  actions: {
    submit: { label: '提交', button: 'Submit', when: { auditStatus: [-1, 2] }, set: { auditStatus: 0 } },
    withdraw: {
      label: '撤回',
      button: 'Withdraw',
      when: { auditStatus: [0] },
      set: { auditStatus: -1 },
      confirm: '撤回后可修改再提交，确定撤回该备件申请吗？',
    },
    approve: {
      label: '审核通过',
      button: 'Approve',
      when: { auditStatus: [0] },
      set: { auditStatus: 1 },
      confirm: '通过后仓管员即可按申请发放备件，确定通过吗？',
    },
    reject: {
      label: '驳回',
      button: 'Reject',
      when: { auditStatus: [0] },
      set: { auditStatus: 2 },
      reason: true,
      danger: true,
    },
    issue: {
      label: '发放',
      button: 'Issue',
      when: { auditStatus: [1], issueStatus: [0] },
      set: { issueStatus: 1 },
      confirm: '发放后申请的备件从备件仓出库（备件领用）并记入该设备，确定发放吗？',
    },
  },
});
