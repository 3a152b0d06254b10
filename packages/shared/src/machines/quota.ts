import { quotaStatus } from '../enums/index.ts';
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
