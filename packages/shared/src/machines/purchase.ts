import { confirmStatus, purchaseOrderStatus, purchaseRequestStatus } from '../enums/index.ts';
import { defineMachine } from './define.ts';
import { orderActions } from './orders.ts';

/** Purchase calls live under purchase/private/ (the spec names none; docs/purchase.md). */
export const PURCHASE_BASE = 'purchase/private/';

/**
 * A purchase request 请购单 (DOMAIN "Purchase request"), listed on MRP → 采购需求: submitted for
 * the buyer, withdrawn or cancelled while nothing of it is ordered. Ordering it (转采购订单) is
 * its own call and sets 2 purchased once the ordered quantity covers it.
 */
export const purchaseRequestMachine = defineMachine({
  name: 'purchaseRequest',
  label: '请购单',
  route: 'purchasingDemand',
  numberField: 'code',
  base: `${PURCHASE_BASE}purchaseRequest/`,
  states: { status: { label: '状态', enum: purchaseRequestStatus } },
  actions: {
    submit: { label: '提交', button: 'Submit', when: { status: [0] }, set: { status: 1 } },
    withdraw: { label: '撤回', button: 'Withdraw', when: { status: [1] }, set: { status: 0 } },
    cancel: {
      label: '取消',
      button: 'Cancel',
      when: { status: [0, 1] },
      set: { status: 9 },
      confirm: '取消后不能恢复，确定取消该请购单吗？',
      danger: true,
    },
  },
});

/**
 * A purchase order (DOMAIN "Purchase order"): confirmed before goods are received against it,
 * received in parts (收货, which sets 1 or 2 from the quantities; a receipt is reversed by 冲销收货),
 * closed with a reason (the rest is not expected) and reopened, or cancelled before anything came.
 * The database rules (nothing received) are the server's guards.
 */
export const purchaseOrderMachine = defineMachine({
  name: 'purchaseOrder',
  label: '采购订单',
  route: 'purchaseOrderList',
  numberField: 'code',
  base: `${PURCHASE_BASE}purchaseOrder/`,
  states: {
    status: { label: '收货状态', enum: purchaseOrderStatus },
    confirmStatus: { label: '确认状态', enum: confirmStatus },
  },
  actions: {
    ...orderActions({
      confirm: '确认后即可按订单收货，确定确认吗？',
      cancel: '取消后不能恢复，转自请购单的数量退回请购单，确定取消吗？',
    }),
    receive: { label: '收货', button: 'Receive', own: true, when: { confirmStatus: [1], status: [0, 1] } },
    unreceive: {
      label: '冲销收货',
      button: 'Reverse',
      own: true,
      when: { confirmStatus: [1], status: [1, 2] },
    },
  },
});
