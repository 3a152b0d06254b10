import { stockDocStatus } from '../enums/index.ts';
import { defineMachine } from './define.ts';

/** Warehouse calls live under warehouse/private/ (spec 001 §7.2). */
export const WAREHOUSE_BASE = 'warehouse/private/';

/**
 * A stock document (DOMAIN "Stock documents"): drafted, submitted for approval, posted to the
 * ledger by the approver (审核过账), reversed by negated movements (冲销). Only a posted document
 * has moved stock; a draft or submitted one may be cancelled (作废).
 */
export const stockDocMachine = defineMachine({
  name: 'stockDoc',
  label: '出入库单',
  route: 'warehouseRecord',
  numberField: 'code',
  base: `${WAREHOUSE_BASE}stockDoc/`,
  states: { status: { label: '状态', enum: stockDocStatus } },
  actions: {
    submit: { label: '提交', button: 'Submit', when: { status: [0] }, set: { status: 1 } },
    withdraw: { label: '撤回', button: 'Withdraw', when: { status: [1] }, set: { status: 0 } },
    approve: {
      label: '审核过账',
      button: 'Audit',
      when: { status: [1] },
      set: { status: 2 },
      confirm: '过账后库存立即变动，确定审核过账吗？',
    },
    reverse: {
      label: '冲销',
      button: 'Reverse',
      when: { status: [2] },
      set: { status: 3 },
      reason: true,
      confirm: '冲销将按原数量反向记账，确定冲销吗？',
      danger: true,
    },
    cancel: {
      label: '作废',
      button: 'Cancel',
      when: { status: [0, 1] },
      set: { status: 9 },
      confirm: '确定作废该单据吗？作废后不能恢复',
      danger: true,
    },
  },
});
