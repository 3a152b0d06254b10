import { confirmStatus, salesOrderStatus } from '../enums/index.ts';
import { defineMachine } from './define.ts';
import { orderActions } from './orders.ts';

/** Sales calls live under sales/private/ (the spec names none; docs/sales.md). */
export const SALES_BASE = 'sales/private/';

/**
 * A sales order (DOMAIN "Sales order"): confirmed (which offers production orders for what stock
 * does not cover), shipped in parts by 发货, closed with a reason (the rest is dropped) and reopened,
 * or cancelled before anything shipped. Shipping sets the status from the quantities (1 or 2);
 * 撤销发货 takes one shipment back and sets it again (0, 1 or 2). 退货 takes goods back into stock
 * and leaves the status as it is (docs/sales.md "退货").
 * The database rules (nothing shipped, no linked production order confirmed) are the server's guards.
 */
export const salesOrderMachine = defineMachine({
  name: 'salesOrder',
  label: '销售订单',
  route: 'salesOrderList',
  numberField: 'salesOrderNumber',
  base: `${SALES_BASE}salesOrder/`,
  states: {
    status: { label: '发货状态', enum: salesOrderStatus },
    confirmStatus: { label: '确认状态', enum: confirmStatus },
  },
  actions: {
    ...orderActions({
      confirm: '确认后将为库存不足的数量生成生产订单，确定确认吗？',
      unconfirm: '取消确认将取消由本订单生成且未确认的生产订单，确定取消确认吗？',
      cancel: '取消将同时取消由本订单生成且未确认的生产订单，取消后不能恢复，确定取消吗？',
    }),
    ship: { label: '发货', button: 'Ship', own: true, when: { confirmStatus: [1], status: [0, 1] } },
    /**
     * One shipment (one stock document) taken back: its quantities return to the lines and the
     * stock to the warehouse (the document is reversed). A closed order is reopened first.
     */
    unship: {
      label: '撤销发货',
      button: 'Unship',
      own: true,
      reason: true,
      danger: true,
      when: { confirmStatus: [1], status: [1, 2] },
      confirm: '撤销发货将冲销该出库单，发货数量退回订单行，货物退回原仓库原批次，确定撤销吗？',
    },
    /**
     * Goods the customer sends back, part or all of what stands shipped: an inbound document into
     * a batch of their own; a closed order still takes its returns (the guard wants shipped goods).
     */
    returnGoods: {
      label: '退货',
      button: 'Return',
      own: true,
      reason: true,
      when: { confirmStatus: [1], status: [1, 2, 3] },
    },
  },
});
