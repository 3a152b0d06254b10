import { addPage, CRUD, group, page, sub } from './build.ts';

/** Absolute path of this module's lists, for `activeMenu`. */
const WH = '/warehouse/inventory-info';

export const warehouse = group(
  'warehouse',
  'warehouse',
  '仓库管理',
  [
    group('inventoryInfo', 'inventory-info', '库存管理', [
      page('inventory', 'inventory', '库存信息', ['Export', 'Print', 'Detail']),
      // No Detail button: its key would equal the route name warehouseAssignDetail, which already grants it.
      page('warehouseAssign', 'warehouse-assign', '备料单', [
        ...CRUD,
        'Export',
        'Print',
        'Confirm',
        'Cancel',
      ]),
      sub('warehouseAssignDetail', 'warehouse-assign-detail/:id', '备料单详情', `${WH}/warehouse-assign`),
      // Submit … Cancel: the stock document's actions (stockDocMachine)
      page('warehouseRecord', 'warehouse-record', '出入库记录', [
        'Add',
        'Modify',
        'Del',
        'Detail',
        'Import',
        'Export',
        'Print',
        'BatchStockIn',
        'Submit',
        'Withdraw',
        'Audit',
        'Reverse',
        'Cancel',
      ]),
      addPage('warehouseOperate', 'warehouse-operate', '出入库操作', `${WH}/warehouse-record`),
      sub('warehouseOperateDetail', 'warehouse-operate-detail/:id', '出入库单详情', `${WH}/warehouse-record`),
      // Add … Cancel: the stock count sheets of its 盘点 tab (stockCountMachine)
      page('inventoryAccount', 'inventory-account', '库存台账', [
        'Export',
        'Add',
        'Modify',
        'Del',
        'Start',
        'Submit',
        'Reject',
        'Audit',
        'Cancel',
      ]),
      // Goods receipt of purchase orders; `purchase` is taken by the purchasing module.
      page('warehousePurchase', 'purchase', '采购入库', [...CRUD, 'Detail', 'Export', 'Print', 'Confirm']),
    ]),
  ],
  { icon: 'ShopOutlined' },
);
