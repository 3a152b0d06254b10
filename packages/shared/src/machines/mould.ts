import { auditStatus } from '../enums/index.ts';
import { defineMachine } from './define.ts';

/** Mould calls live under mould/private/ (the spec names none; docs/mould.md). */
export const MOULD_BASE = 'mould/private/';

/**
 * A mould handling document (模具处理单, DOMAIN "Moulds"): written and edited while not submitted
 * (or after a rejection), submitted for audit, withdrawn while pending, and passed or rejected.
 * Passing applies its move to the mould (stock-in, lend, return, repair out and back, scrap); the
 * mould's state rules (lend only from stock and within its design life, …) are the server's guard
 * on approve, so a document that no longer fits its mould is refused, never half applied.
 */
export const mouldHandleMachine = defineMachine({
  name: 'mouldHandle',
  label: '模具处理单',
  route: 'mouldStock',
  numberField: 'handleNumber',
  base: `${MOULD_BASE}mouldHandle/`,
  states: { auditStatus: { label: '审核状态', enum: auditStatus } },
  actions: {
    submit: {
      label: '提交',
      button: 'Submit',
      when: { auditStatus: [-1, 2] },
      set: { auditStatus: 0 },
      confirm: '提交后将等待审核，确定提交吗？',
    },
    withdraw: {
      label: '撤回',
      button: 'Withdraw',
      when: { auditStatus: [0] },
      set: { auditStatus: -1 },
      confirm: '确定撤回该处理单吗？',
    },
    approve: {
      label: '审核通过',
      button: 'Approve',
      when: { auditStatus: [0] },
      set: { auditStatus: 1 },
      confirm: '审核通过后模具状态将随之变更，确定通过吗？',
    },
    reject: {
      label: '驳回',
      button: 'Reject',
      when: { auditStatus: [0] },
      set: { auditStatus: 2 },
      reason: true,
      danger: true,
    },
  },
});
