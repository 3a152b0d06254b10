import { group, page } from './build.ts';

export const siteWarehouse = group(
  'siteWarehouse',
  'site-warehouse',
  '线边仓',
  [
    page('warehouses', 'warehouses', '线边库存', ['Detail', 'Import', 'Export']),
    page('sitWarehouseAccount', 'sit-warehouse-account', '线边仓台账', ['Export']),
  ],
  { icon: 'InboxOutlined' },
);
