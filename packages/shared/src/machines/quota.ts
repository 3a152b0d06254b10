import { auditStatus, quotaStatus } from '../enums/index.ts';
import { defineMachine } from './define.ts';
import { PURCHASE_BASE } from './purchase.ts';

/**
 * A production quota 生产定额 (DOMAIN "Production quota"; docs/quota.md): drafted, made effective
 * (生效 — the product's effective quota of the same version is obsoleted in the same transaction),
 * taken back to draft (撤回) to correct it, or obsoleted (作废) for good.
 */
export const quotaMachine = defineMachine({
  name: 'quota',
  label: '生产定额',
  route: 'certainNumberList',
  numberField: 'code',
  base: `${PURCHASE_BASE}quota/`,
  states: { status: { label: '状态', enum: quotaStatus } },
  actions: {
    effect: {
      label: '生效',
      button: 'Effective',
      when: { status: [0] },
      set: { status: 1 },
      confirm: '生效后领料按此定额检查，该产品同版本原生效的定额将作废，确定生效吗？',
    },
    withdraw: {
      label: '撤回',
      button: 'Withdraw',
      when: { status: [1] },
      set: { status: 0 },
      confirm: '撤回后该定额回到草稿，领料不再按它检查，确定撤回吗？',
    },
    obsolete: {
      label: '作废',
      button: 'Obsolete',
      when: { status: [1] },
      set: { status: 2 },
      confirm: '作废后不能恢复，确定作废该定额吗？',
      danger: true,
    },
  },
});

/** The warehouse's pick key (备料单 领料): a keeper refused for the quota files the application. */
export const PICK_KEY = 'warehouseAssignModify';

/**
 * An over-quota application 超定额领料申请 (DOMAIN "Production quota", audit status [S001 §4];
 * docs/quota.md): filed pending for a work order and a material, passed (its quantity is added to
 * what picks may reach), rejected with a reason, or withdrawn by its applicant while pending.
 * Passed and rejected are final; a withdrawn one is not submitted (−1) and stays for the record.
 */
export const quotaApplyMachine = defineMachine({
  name: 'quotaApply',
  label: '超定额申请',
  route: 'certainNumberList',
  numberField: 'code',
  base: `${PURCHASE_BASE}quotaApply/`,
  states: { auditStatus: { label: '审核状态', enum: auditStatus } },
  actions: {
    approve: {
      label: '通过',
      button: 'Approve',
      when: { auditStatus: [0] },
      set: { auditStatus: 1 },
      confirm: '通过后该工单可多领此数量的物料，确定通过吗？',
    },
    reject: {
      label: '驳回',
      button: 'Reject',
      when: { auditStatus: [0] },
      set: { auditStatus: 2 },
      reason: true,
      danger: true,
    },
    // the applicant's own (the server checks who): the key is the one that files it
    withdraw: {
      label: '撤回',
      button: 'Apply',
      alsoKeys: [PICK_KEY],
      when: { auditStatus: [0] },
      set: { auditStatus: -1 },
      confirm: '确定撤回该超定额申请吗？',
    },
  },
});
