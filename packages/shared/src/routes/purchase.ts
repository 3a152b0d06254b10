import { addPage, CRUD_IO, group, ORDER_ACTIONS, page, sub } from './build.ts';

/** Absolute path of this module's lists, for `activeMenu`. */
const PUR = '/purchase';

export const purchase = group(
  'purchase',
  'purchase',
  '采购管理',
  [
    page('purchaseOrderList', 'purchase-order-list', '采购订单', [
      ...CRUD_IO,
      'Copy',
      'Detail',
      'Print',
      ...ORDER_ACTIONS,
      'Close',
      'Reopen',
      'Receive',
      'Reverse',
    ]),
    // Production quota: how much of each material a unit of a product may take (docs/quota.md).
    page('certainNumberList', 'certain-number-list', '生产定额', [
      ...CRUD_IO,
      'Detail',
      'Effective',
      'Withdraw',
      'Obsolete',
      // 超定额领料申请: filed (and withdrawn by the applicant), passed or rejected
      'Apply',
      'Approve',
      'Reject',
    ]),
    sub('certainNumberDetail', 'certain-number-detail/:id', '生产定额详情', `${PUR}/certain-number-list`),
    addPage('certainNumberAdd', 'certain-number-add', '新增生产定额', `${PUR}/certain-number-list`),
    addPage('purchaseOrderAdd', 'purchase-order-add', '新增采购订单', `${PUR}/purchase-order-list`),
    sub('purchaseOrderDetail', 'purchase-order-detail/:id', '采购订单详情', `${PUR}/purchase-order-list`),
  ],
  { icon: 'ShoppingOutlined' },
);
