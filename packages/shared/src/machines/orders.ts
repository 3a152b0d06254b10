import type { MachineAction } from './define.ts';

type OrderField = 'status' | 'confirmStatus';

/**
 * What a customer's or a supplier's order does alike (sales and purchase, DOMAIN): confirmed and
 * unconfirmed while nothing moved, closed with a reason while goods still move (the rest is
 * dropped) and reopened, cancelled before anything moved. Status 0 is "nothing moved yet", 1
 * "part", 3 closed, 9 cancelled; what moves the goods (发货, 收货) is each order's own action. The
 * texts say what the action does to that kind of order.
 */
export function orderActions(ask: { confirm: string; unconfirm?: string; cancel: string }) {
  return {
    confirm: {
      label: '确认',
      button: 'Confirm',
      when: { confirmStatus: [0], status: [0] },
      set: { confirmStatus: 1 },
      confirm: ask.confirm,
    },
    unconfirm: {
      label: '取消确认',
      button: 'Unconfirm',
      when: { confirmStatus: [1], status: [0] },
      set: { confirmStatus: 0 },
      confirm: ask.unconfirm,
    },
    close: {
      label: '关闭',
      button: 'Close',
      when: { confirmStatus: [1], status: [0, 1] },
      set: { status: 3 },
      reason: true,
      danger: true,
    },
    reopen: { label: '重新打开', button: 'Reopen', when: { status: [3] }, confirm: '确定重新打开该订单吗？' },
    cancel: {
      label: '取消',
      button: 'Cancel',
      when: { status: [0] },
      set: { status: 9 },
      confirm: ask.cancel,
      danger: true,
    },
  } satisfies Record<string, MachineAction<OrderField>>;
}
