import { addPage, CRUD, CRUD_IO, group, ORDER_ACTIONS, page, sub } from './build.ts';

/** Absolute path of this module's lists, for `activeMenu`. */
const SALES = '/sales';

export const sales = group(
  'sales',
  'sales',
  '销售管理',
  [
    page('salesOrderList', 'sales-order-list', '销售订单', [
      ...CRUD_IO,
      'Copy',
      'Detail',
      'Print',
      ...ORDER_ACTIONS,
      'Close',
      'Reopen',
      'Ship',
      'Unship',
      'Return',
    ]),
    addPage('salesOrderAdd', 'sales-order-add', '新增销售订单', `${SALES}/sales-order-list`),
    sub('salesOrderDetail', 'sales-order-detail/:id', '销售订单详情', `${SALES}/sales-order-list`),
    page('salesDemandList', 'sales-demand-list', '销售需求', [...CRUD, 'Detail', 'Export']),
  ],
  { icon: 'ShoppingCartOutlined' },
);
