import { CRUD, CRUD_IO, group, page, sub, TOGGLE } from './build.ts';

/** Absolute path of this module's lists, for `activeMenu`. */
const INFO = '/information';

export const information = group(
  'information',
  'information',
  '基础信息',
  [
    group('productionInfo', 'production-info', '生产信息', [
      page('factoryModel', 'factory-model', '工厂建模', CRUD_IO),
      page('sitWarehouse', 'sit-warehouse', '线边仓设置', [...CRUD, ...TOGGLE, 'Export']),
      page('stationList', 'station', '工位', [...CRUD_IO, 'Copy', 'SetProcedure']),
    ]),
    group('factoryInfo', 'factory-info', '工艺信息', [
      page('processList', 'process-list', '工艺路线', [
        ...CRUD_IO,
        'Copy',
        ...TOGGLE,
        'Detail',
        'SetMainVersion',
      ]),
      sub('processDetail', 'process-detail/:id', '工艺路线详情', `${INFO}/factory-info/process-list`),
      page('procedureList', 'procedure-list', '工序', [...CRUD_IO, 'Copy', 'Detail']),
      sub('procedureDetail', 'procedure-detail/:id', '工序详情', `${INFO}/factory-info/procedure-list`),
    ]),
    group('materialsInfo', 'materials-info', '物料管理', [
      page('materialsList', 'materials-list', '物料信息', [...CRUD_IO, 'Copy', ...TOGGLE, 'Detail', 'Print']),
      sub('materialsDetail', 'materials-detail/:id', '物料详情', `${INFO}/materials-info/materials-list`),
      // materials-setting: the bill of materials of each product.
      page('materialsSettingList', 'materials-setting-list', '物料清单', [...CRUD_IO, 'Copy']),
      sub('editBom', 'edit-bom/:id', '编辑BOM', `${INFO}/materials-info/materials-setting-list`, {
        noCache: true,
      }),
      page('materialsAttribute', 'materials-attribute', '物料属性', CRUD),
      // Not in the spec's tree, which names no screen for them: the class tree and the units of
      // measure every material refers to, each with its own permissions.
      page('materialsClass', 'materials-class', '物料分类', CRUD),
      page('materialsUnit', 'materials-unit', '计量单位', CRUD_IO),
    ]),
    group('warehouseInfo', 'warehouse-info', '仓储信息', [
      page('warehouseModel', 'model', '仓库建模', CRUD_IO),
      page('packageInfo', 'package-info', '包装信息', [...CRUD, 'Detail', 'Export', 'Print']),
      sub('packageDetail', 'package-detail/:id', '包装详情', `${INFO}/warehouse-info/package-info`),
      page('trayInfo', 'tray-info', '托盘信息', [...CRUD_IO, 'Print']),
      // Stock-in / stock-out types (the spec's spare-part-set).
      page('sparePartSet', 'spare-part-set', '出入库类型', [...CRUD, ...TOGGLE]),
    ]),
    group('unitInfo', 'unit-info', '往来单位', [
      page('supplierList', 'supplier-list', '供应商', [...CRUD_IO, ...TOGGLE]),
      page('customerList', 'customer-list', '客户', [...CRUD_IO, ...TOGGLE]),
    ]),
    // After-sales customers and their sites (the cascader of the service modules).
    group('customerInfo', 'customer-info', '客户信息', [
      page('serviceCustomerList', 'service-customer-list', '服务客户', CRUD_IO),
      page('customerSiteList', 'customer-site-list', '客户现场', CRUD_IO),
    ]),
    group('printLabel', 'print-label', '标签打印', [
      page('batchNumber', 'batch-number', '批次号', ['Add', 'Del', 'Print', 'Export']),
      page('packageCode', 'package-code', '包装码', ['Add', 'Del', 'Print', 'Export']),
    ]),
    group('params', 'params', '参数设置', [
      page('procedureParams', 'procedure-params', '工序参数', CRUD_IO),
      // Spelling `scarp` kept from the spec so paths and keys match the existing permission data.
      page('scarpReason', 'scarp-reason', '报废原因', CRUD),
    ]),
  ],
  { icon: 'DatabaseOutlined' },
);
