import { fromMicro, micro } from '../decimal.ts';
import { outsourceOrderStatus } from '../enums/index.ts';
import { defineMachine, type MachineRow } from './define.ts';

/** Outsourcing calls live under outsourcing/private/ (the spec names none; docs/outsourcing.md). */
export const OUTSOURCING_BASE = 'outsourcing/private/';

/** Sent and not back: an order with units at the supplier is not closed short. */
function unitsOut(row: MachineRow): string | undefined {
  const out =
    micro(String(row.sentQuantity ?? 0)) -
    micro(String(row.receivedGoodQuantity ?? 0)) -
    micro(String(row.receivedDefectQuantity ?? 0));
  return out > 0n
    ? `委外单“${String(row.code)}”还有 ${fromMicro(out)} 在外未收回，不能完成，请先收回`
    : undefined;
}

/**
 * An outsourcing order 委外单 (DOMAIN "Outsourcing"): a draft made at release (or by hand) is
 * confirmed to a supplier at a price, sent out (发外) and received back (收回) in parts, each
 * receipt written as the step's report; a receipt is reversed (撤销收回) with its report. Confirming
 * and cancelling are undone or done only before anything is sent; 完成 closes an order short once
 * all that was sent is back. The quantity rules (what the
 * task has available, what is still out) are the server's guards.
 */
export const outsourceOrderMachine = defineMachine({
  name: 'outsourceOrder',
  label: '委外单',
  route: 'outSourceLists',
  numberField: 'code',
  base: `${OUTSOURCING_BASE}outsourceOrder/`,
  states: { status: { label: '状态', enum: outsourceOrderStatus } },
  actions: {
    confirm: {
      label: '确认',
      button: 'Confirm',
      when: { status: [0] },
      set: { status: 1 },
      confirm: '确认后即可发外，确定确认该委外单吗？',
    },
    unconfirm: { label: '取消确认', button: 'Unconfirm', when: { status: [1] }, set: { status: 0 } },
    send: { label: '发外', button: 'Send', own: true, when: { status: [1, 2, 3] } },
    receive: { label: '收回', button: 'Receive', own: true, when: { status: [2, 3] } },
    unreceive: { label: '撤销收回', button: 'Reverse', own: true, reason: true, when: { status: [3, 4] } },
    // short-closes an order part sent and all back: the rest is not outsourced (made in-house or not at all)
    finish: {
      label: '完成',
      button: 'Finish',
      when: { status: [2, 3] },
      set: { status: 4 },
      reason: true,
      confirm: '完成后不再发外，委外数量改为已发外数量，确定完成该委外单吗？',
      unless: unitsOut,
    },
    cancel: {
      label: '取消',
      button: 'Cancel',
      when: { status: [0, 1] },
      set: { status: 9 },
      confirm: '取消后不能恢复，确定取消该委外单吗？',
      danger: true,
    },
  },
});
