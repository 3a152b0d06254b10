/**
 * The route tree of spec 000 §2 as data. The web router, the side menu, the tag bar, the guard, the
 * role editor and the server's permission table (`base_router`) are all derived from it, so names
 * here are a contract: they are route permissions and the prefix of every button permission key.
 *
 * Conventions (checked by routes.test.ts):
 * - `name` is unique, camelCase, the path segment(s) in camelCase; prefixed with the module where two
 *   would collide or a bare word would mean nothing on its own (`callSearch`, `warehouseModel`).
 *   `ApplyMarket` keeps the spec's spelling; permission keys are compared case-insensitively.
 * - Under the main shell: module → group → page, never deeper. Hidden add/detail pages are siblings
 *   of their list page and set `activeMenu` to the list's absolute path.
 * - Ids are plain `:id` params (react-router 7 has no regex params); the routes whose ids must be
 *   digits are listed in `numericIdRoutes` and checked with `paramsAreValid`.
 */
import type { ButtonAction, RouteMeta, RouteNode } from './routeTypes.ts';

type MetaExtra = Omit<RouteMeta, 'title'>;

/** A page shown in the menu. */
function page(
  name: string,
  path: string,
  title: string,
  buttons: ButtonAction[] = [],
  extra: MetaExtra = {},
): RouteNode {
  return { name, path, meta: { title, ...extra, ...(buttons.length > 0 ? { buttons } : {}) } };
}

/** A hidden page (detail, edit) that highlights the menu entry of the list it belongs to. */
function sub(
  name: string,
  path: string,
  title: string,
  activeMenu: string,
  extra: MetaExtra = {},
): RouteNode {
  return { name, path, meta: { title, hidden: true, activeMenu, ...extra } };
}

/** A hidden add form: not cached, so each visit starts from an empty form. */
function addPage(name: string, path: string, title: string, activeMenu: string): RouteNode {
  return sub(name, path, title, activeMenu, { noCache: true });
}

/** A menu node with children; visiting it opens `redirect`, by default its first visible child. */
function group(
  name: string,
  path: string,
  title: string,
  children: RouteNode[],
  extra: MetaExtra = {},
  redirect?: string,
): RouteNode {
  const target = redirect ?? children.find((c) => !c.meta.hidden)?.name;
  return { name, path, ...(target ? { redirect: target } : {}), meta: { title, ...extra }, children };
}

// Button sets shared by many lists; pages add their own actions on top.
const CRUD: ButtonAction[] = ['Add', 'Modify', 'Del'];
const CRUD_IO: ButtonAction[] = [...CRUD, 'Import', 'Export'];
const TOGGLE: ButtonAction[] = ['Enable', 'Disable'];
/** Work-order actions of spec 000 §4 (Split/Reduce are switched on per tenant by feature flag). */
const WORK_ACTIONS: ButtonAction[] = [
  'Confirm',
  'Unconfirm',
  'Finish',
  'End',
  'Cancel',
  'Restart',
  'Distribute',
  'Withdraw',
  'Reset',
  'Skip',
  'Start',
  'Continue',
  'Reopen',
  'Split',
  'Reduce',
];
/** Equipment and service bills are dispatched to a person who starts and finishes them. */
const BILL_ACTIONS: ButtonAction[] = ['Distribute', 'Withdraw', 'Start', 'Finish', 'Cancel'];
const ORDER_ACTIONS: ButtonAction[] = ['Confirm', 'Unconfirm', 'Finish', 'Cancel'];

// ---------------------------------------------------------------------------------------------
// Public routes: reachable without a token.

/** Kanban pages show live factory data on wall screens: never cached, no slogan footer. */
const BOARD_META: MetaExtra = { noCache: true, nb: true };

export const publicRoutes: RouteNode[] = [
  { name: 'login', path: '/login', meta: { title: '登录', nb: true } },
  { name: 'notFound', path: '/404', meta: { title: '页面不存在', nb: true } },
  { name: 'uploadVideo', path: '/uploadVideo', meta: { title: '上传视频' } },
  {
    name: 'tenant',
    path: '/tenant',
    meta: { title: '租户列表', buttons: ['Add', 'Modify', 'Enable', 'Disable'] },
  },
  { name: 'tenantDetail', path: '/tenantDetail', meta: { title: '租户详情' } },
  {
    // No redirect: both children need an id, there is no default board.
    name: 'dashboard',
    path: '/dashboard',
    meta: { title: '数据看板', ...BOARD_META },
    children: [
      { name: 'dashboardBoard', path: 'board/:id', meta: { title: '看板', ...BOARD_META } },
      { name: 'dashboardBoardGroup', path: 'board-group/:id', meta: { title: '看板组轮播', ...BOARD_META } },
    ],
  },
  { name: 'authDashboard', path: '/auth-dashboard/:name/:id', meta: { title: '授权看板', ...BOARD_META } },
  { name: 'boardDetail', path: '/board-detail/:id', meta: { title: '看板详情', ...BOARD_META } },
  {
    name: 'reHome',
    path: '/reHome/:memberCode/:login',
    meta: { title: '免登录进入', noCache: true, nb: true },
  },
  {
    name: 'reConsole',
    path: '/reConsole/:memberCode',
    meta: { title: '控制台跳转', noCache: true, nb: true },
  },
];

// ---------------------------------------------------------------------------------------------
// Module routes (children of the main shell `/`). Absolute list paths for `activeMenu`:

const WH = '/warehouse/inventory-info';
const INFO = '/information';
const EQ = '/equipment';
const QA = '/quality';
const SET = '/setting';
const PL = '/plans';
const FA = '/facility';
const SV = '/service';
const SALES = '/sales';
const PUR = '/purchase';
const MOULD = '/mould';

const home = page('home', 'home', '工作台', [], { icon: 'HomeOutlined' });

// Hidden from the menu (opened from the user dropdown) and open to every signed-in user.
const selfCenter = group(
  'selfCenter',
  'self-center',
  '个人中心',
  [
    page('selfCenterUserInfo', 'user-info', '个人信息', [], { noAuth: true }),
    page('modifyPassword', 'modify-password', '修改密码', [], { noAuth: true, noCache: true }),
    page('switchShift', 'switch-shift', '切换班次', [], { noAuth: true, noCache: true }),
    page('mineEquipment', 'mine-equipment', '我的设备', [], { noAuth: true }),
  ],
  { icon: 'UserOutlined', hidden: true, noAuth: true },
);

const warehouse = group(
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
      page('warehouseRecord', 'warehouse-record', '出入库记录', [
        'Add',
        'Del',
        'Detail',
        'Import',
        'Export',
        'Print',
        'BatchStockIn',
      ]),
      addPage('warehouseOperate', 'warehouse-operate', '出入库操作', `${WH}/warehouse-record`),
      sub('warehouseOperateDetail', 'warehouse-operate-detail/:id', '出入库单详情', `${WH}/warehouse-record`),
      page('inventoryAccount', 'inventory-account', '库存台账', ['Export']),
      // Goods receipt of purchase orders; `purchase` is taken by the purchasing module.
      page('warehousePurchase', 'purchase', '采购入库', [...CRUD, 'Detail', 'Export', 'Print', 'Confirm']),
    ]),
  ],
  { icon: 'ShopOutlined' },
);

const information = group(
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

const equipment = group(
  'equipment',
  'equipment',
  '设备管理',
  [
    group('account', 'account', '设备档案', [
      page('accountList', 'account-list', '设备台账', [...CRUD_IO, 'Copy', ...TOGGLE, 'Detail', 'Print']),
      page('basePrint', 'base-print', '设备标签打印', ['Print', 'Export']),
      sub('accountDetail', 'account-detail/:id', '设备详情', `${EQ}/account/account-list`),
    ]),
    group('allAssign', 'all-assign', '设备工单', [
      page('equipmentFaultList', 'equipment-fault-list', '故障报修', [
        ...CRUD,
        'Detail',
        'Export',
        'Distribute',
        'Cancel',
      ]),
      sub(
        'equipmentFaultDetail',
        'equipment-fault-detail/:id',
        '故障报修详情',
        `${EQ}/all-assign/equipment-fault-list`,
      ),
      page('equipmentRepairList', 'equipment-repair-list', '维修工单', [
        ...CRUD,
        'Detail',
        'Export',
        'Print',
        ...BILL_ACTIONS,
      ]),
      sub(
        'equipmentRepairDetail',
        'equipment-repair-detail/:id',
        '维修工单详情',
        `${EQ}/all-assign/equipment-repair-list`,
      ),
      page('inspectionBillsList', 'inspection-bills-list', '巡检工单', [
        'Add',
        'Del',
        'Detail',
        'Export',
        'Print',
        ...BILL_ACTIONS,
      ]),
      sub(
        'inspectionBillsDetail',
        'inspection-bills-detail/:id',
        '巡检工单详情',
        `${EQ}/all-assign/inspection-bills-list`,
      ),
      page('pointBillsList', 'point-bills-list', '点检工单', [
        'Add',
        'Del',
        'Detail',
        'Export',
        'Print',
        ...BILL_ACTIONS,
      ]),
      sub('pointBillsDetail', 'point-bills-detail/:id', '点检工单详情', `${EQ}/all-assign/point-bills-list`),
      page('maintenanceBillsList', 'maintenance-bills-list', '保养工单', [
        'Add',
        'Del',
        'Detail',
        'Export',
        'Print',
        ...BILL_ACTIONS,
      ]),
      sub(
        'maintenanceBillsDetail',
        'maintenance-bills-detail/:id',
        '保养工单详情',
        `${EQ}/all-assign/maintenance-bills-list`,
      ),
    ]),
    group('planManagement', 'plan-management', '设备计划', [
      page('inspectionPlanList', 'inspection-plan-list', '巡检计划', [
        ...CRUD_IO,
        'Copy',
        ...TOGGLE,
        'Detail',
      ]),
      sub(
        'inspectionPlanDetail',
        'inspection-plan-detail/:id',
        '巡检计划详情',
        `${EQ}/plan-management/inspection-plan-list`,
      ),
      page('maintenancePlanList', 'maintenance-plan-list', '保养计划', [
        ...CRUD_IO,
        'Copy',
        ...TOGGLE,
        'Detail',
      ]),
      sub(
        'maintenancePlanDetail',
        'maintenance-plan-detail/:id',
        '保养计划详情',
        `${EQ}/plan-management/maintenance-plan-list`,
      ),
    ]),
    group('equipmentSetting', 'equipment-setting', '设备设置', [
      page('maintenanceSetting', 'maintenance-setting', '保养项目', CRUD_IO),
      page('projectSetting', 'project-setting', '点巡检项目', CRUD_IO),
      page('equipmentParams', 'equipment-params', '设备参数', [...CRUD, 'Export']),
      // Not in the spec's tree: the class tree equipment is filed under (the reports' equipment
      // class filter, getEquipmentClassList, needs its classes kept somewhere).
      page('equipmentClass', 'equipment-class', '设备分类', CRUD),
    ]),
    group('sparePartInfos', 'spare-part-infos', '备品备件', [
      page('partAccount', 'part-account', '备件台账', [...CRUD_IO, 'Detail']),
      page('partApply', 'part-apply', '备件申请', [...CRUD, 'Detail', 'Export', 'Approve', 'Reject']),
      page('partNums', 'part-nums', '备件库存', ['Import', 'Export']),
      page('partBills', 'part-bills', '备件出入库', ['Add', 'Del', 'Detail', 'Export', 'Print']),
    ]),
  ],
  { icon: 'ToolOutlined' },
);

const quality = group(
  'quality',
  'quality',
  '质量管理',
  [
    group('qualityInfos', 'quality-infos', '质检管理', [
      page('qualityInspectionOrderList', 'quality-inspection-order-list', '质检单', [
        ...CRUD,
        'Detail',
        'Export',
        'Print',
        'Distribute',
        'Finish',
        'Cancel',
      ]),
      sub(
        'qualityInspectionOrderDetail',
        'quality-inspection-order-detail/:id',
        '质检单详情',
        `${QA}/quality-infos/quality-inspection-order-list`,
      ),
      page('repairRecord', 'repair-record', '返修记录', ['Detail', 'Export']),
      page('reportWasteRecord', 'report-waste-record', '报工报废记录', ['Detail', 'Export']),
      // Non-conforming product handling: rework, scrap or concession acceptance (spec 001 report 39).
      page('unquality', 'unquality', '不合格品', ['Detail', 'Export', 'Repair', 'Scrap', 'Concession']),
      page('scrap', 'scrap', '报废单', ['Add', 'Del', 'Detail', 'Export', 'Confirm']),
    ]),
    group('qualityPlanInfo', 'quality-plan-info', '质检配置', [
      page('inspectionProject', 'inspection-project', '检验项目', [...CRUD_IO, 'Copy', ...TOGGLE]),
      page('qualityInspectionPlanList', 'quality-inspection-plan-list', '质检方案', [
        ...CRUD,
        'Copy',
        ...TOGGLE,
        'Export',
        'Detail',
      ]),
      sub(
        'qualityInspectionPlanDetail',
        'quality-inspection-plan-detail/:id',
        '质检方案详情',
        `${QA}/quality-plan-info/quality-inspection-plan-list`,
      ),
      page('defects', 'defects', '不良项目', CRUD_IO),
    ]),
    group('allCodeTracing', 'all-code-tracing', '质量追溯', [
      page('rawMaterialBatchCodeTracingList', 'raw-material-batch-code-tracing-list', '原料批次追溯', [
        'Detail',
        'Export',
      ]),
      sub(
        'rawMaterialBatchCodeTracingDetail',
        'raw-material-batch-code-tracing-detail/:id',
        '原料批次追溯详情',
        `${QA}/all-code-tracing/raw-material-batch-code-tracing-list`,
      ),
      page('productBatchCodeTracingList', 'product-batch-code-tracing-list', '产品批次追溯', [
        'Detail',
        'Export',
      ]),
      sub(
        'productBatchCodeTracingDetail',
        'product-batch-code-tracing-detail/:id',
        '产品批次追溯详情',
        `${QA}/all-code-tracing/product-batch-code-tracing-list`,
      ),
      page('finishedProductTracing', 'finished-product-tracing', '成品追溯', ['Export']),
    ]),
  ],
  { icon: 'SafetyCertificateOutlined' },
);

const setting = group(
  'setting',
  'setting',
  '系统设置',
  [
    group('userInfo', 'user-info', '用户权限', [
      page('userList', 'user', '用户管理', [
        ...CRUD_IO,
        'Copy',
        ...TOGGLE,
        'ResetPassword',
        'SetStation',
        'SetEquipment',
      ]),
      page('organization', 'organization', '组织架构', CRUD),
      // User groups (spec 001 §2.4, §7.6): the spec shows their calls but no route; ours.
      page('userGroup', 'user-group', '用户组', [...CRUD_IO, 'Copy', ...TOGGLE]),
      // Role screen: function permissions plus its users (spec 000 §6).
      page('roleList', 'role', '角色管理', [
        ...CRUD,
        'Copy',
        'SetPermission',
        'AddUser',
        'RemoveUser',
        'SetStation',
        'SetEquipment',
      ]),
    ]),
    page('shift', 'shift', '班次管理', [...CRUD, ...TOGGLE, 'Export']),
    page('systemParams', 'system-params', '系统参数', ['Modify']),
    page('baseSetting', 'base-setting', '基础设置', ['Modify']),
    group('systemSettingInfo', 'system-setting-info', '系统配置', [
      page('fieldSetting', 'field-setting', '字段设置', [...CRUD, ...TOGGLE]),
      page('codeSetting', 'code-setting', '编码设置', CRUD),
      page('messageNotificateList', 'message-notificate-list', '消息通知', [...CRUD, ...TOGGLE]),
      addPage(
        'messageNotificateAdd',
        'message-notificate-add',
        '新增消息通知',
        `${SET}/system-setting-info/message-notificate-list`,
      ),
    ]),
  ],
  { icon: 'SettingOutlined' },
);

const plans = group(
  'plans',
  'plans',
  '生产计划',
  [
    group('orders', 'orders', '订单管理', [
      page('orderList', 'order-list', '订单列表', [
        ...CRUD_IO,
        'QuickAdd',
        'Copy',
        'Detail',
        'AddPlan',
        ...ORDER_ACTIONS,
        'End',
        'Reopen',
      ]),
      addPage('orderAdd', 'order-add', '新增订单', `${PL}/orders/order-list`),
      addPage('orderQuickAdd', 'order-quick-add', '快速下单', `${PL}/orders/order-list`),
      // Plans are released from an order, so the order list stays highlighted.
      addPage('planAdd', 'plan-add', '新增生产计划', `${PL}/orders/order-list`),
      sub('orderDetail', 'order-detail/:id', '订单详情', `${PL}/orders/order-list`),
    ]),
    page('planList', 'plan-list', '生产计划列表', [
      ...CRUD_IO,
      'Copy',
      'Detail',
      'Release',
      'Stocking',
      'Schedule',
      ...ORDER_ACTIONS,
      'End',
      'Split',
    ]),
    page('planSchedules', 'plan-schedules', '计划排程', ['Schedule', 'Modify', 'Export']),
    group('works', 'works', '工单管理', [
      page('workList', 'work-list', '工单列表', [...CRUD_IO, 'Copy', 'Detail', 'Print', ...WORK_ACTIONS]),
      sub('workDetail', 'work-detail/:id', '工单详情', `${PL}/works/work-list`),
      sub('repairDetail', 'repair-detail/:id', '返修工单详情', `${PL}/works/work-list`),
    ]),
    page('stationScheduling', 'station-scheduling', '工位排产', ['Schedule', 'Modify', 'Export']),
    page('outSourceLists', 'out-source-lists', '委外加工', [
      ...CRUD,
      'Detail',
      'Export',
      'Print',
      ...ORDER_ACTIONS,
    ]),
    page('reportRecords', 'report-records', '报工记录', [...CRUD_IO, 'Print', 'Withdraw']),
    // Kitting calculation: can the materials in stock cover the planned work?
    page('completeSetList', 'complete-set-list', '齐套分析', ['Add', 'Del', 'Detail', 'Export']),
    addPage('completeSetAdd', 'complete-set-add', '齐套计算', `${PL}/complete-set-list`),
    group('plansStatistic', 'plans-statistic', '计划统计', [
      page('performanceSalary', 'performance-salary', '绩效工资', ['Export']),
    ]),
    group('plansSettings', 'plans-settings', '计划设置', [
      page('pieceRate', 'piece-rate', '计件单价', CRUD_IO),
    ]),
  ],
  { icon: 'ScheduleOutlined' },
);

const siteWarehouse = group(
  'siteWarehouse',
  'site-warehouse',
  '线边仓',
  [
    page('warehouses', 'warehouses', '线边库存', ['Detail', 'Import', 'Export']),
    page('sitWarehouseAccount', 'sit-warehouse-account', '线边仓台账', ['Export']),
  ],
  { icon: 'InboxOutlined' },
);

const call = group(
  'call',
  'call',
  '呼叫系统',
  [
    page('callSearch', 'search', '呼叫查询', ['Detail', 'Export', 'Finish', 'Cancel']),
    page('callClassify', 'classify', '呼叫类型', [...CRUD, ...TOGGLE]),
  ],
  { icon: 'PhoneOutlined' },
);

const facility = group(
  'facility',
  'facility',
  '售后设备',
  [
    page('facilityList', 'facility-list', '设备档案', [...CRUD_IO, 'Copy', 'Detail', 'Print']),
    addPage('facilityAdd', 'facility-add', '新增设备', `${FA}/facility-list`),
    sub('facilityDetail', 'facility-detail/:id', '设备详情', `${FA}/facility-list`),
    page('facilityMaintenanceList', 'facility-maintenance-list', '设备保养', [...CRUD, 'Detail', 'Export']),
    addPage(
      'facilityMaintenanceAdd',
      'facility-maintenance-add',
      '新增保养计划',
      `${FA}/facility-maintenance-list`,
    ),
    sub(
      'facilityMaintenanceDetail',
      'facility-maintenance-detail/:id',
      '保养计划详情',
      `${FA}/facility-maintenance-list`,
    ),
    addPage('addTemplate', 'add-template', '新增保养模板', `${FA}/facility-maintenance-list`),
    sub('detailTemplate', 'detail-template/:id', '保养模板详情', `${FA}/facility-maintenance-list`),
    page('facilityPointList', 'facility-point-list', '设备点检', [...CRUD, 'Detail', 'Export']),
    addPage('facilityPointAdd', 'facility-point-add', '新增点检计划', `${FA}/facility-point-list`),
    sub('facilityPointDetail', 'facility-point-detail/:id', '点检计划详情', `${FA}/facility-point-list`),
    addPage('addPointTemplate', 'add-point-template', '新增点检模板', `${FA}/facility-point-list`),
    sub('detailPointTemplate', 'detail-point-template/:id', '点检模板详情', `${FA}/facility-point-list`),
    page('technicalParameterList', 'technical-parameter-list', '技术参数', CRUD_IO),
    addPage(
      'technicalParameterAdd',
      'technical-parameter-add',
      '新增技术参数',
      `${FA}/technical-parameter-list`,
    ),
    page('configurationParameterList', 'configuration-parameter-list', '配置参数', CRUD_IO),
    addPage(
      'configurationParameterAdd',
      'configuration-parameter-add',
      '新增配置参数',
      `${FA}/configuration-parameter-list`,
    ),
    page('factoryParameterList', 'factory-parameter-list', '出厂参数', CRUD_IO),
    addPage('factoryParameterAdd', 'factory-parameter-add', '新增出厂参数', `${FA}/factory-parameter-list`),
  ],
  { icon: 'ClusterOutlined' },
);

const service = group(
  'service',
  'service',
  '售后服务',
  [
    group('demandCenter', 'demand-center', '需求中心', [
      page('demandCenterList', 'demand-center-list', '需求列表', [
        ...CRUD,
        'Detail',
        'Export',
        'Distribute',
        'Withdraw',
        'Finish',
        'Cancel',
      ]),
      addPage('demandCenterAdd', 'demand-center-add', '新增需求', `${SV}/demand-center/demand-center-list`),
      sub(
        'demandCenterDetail',
        'demand-center-detail/:id',
        '需求详情',
        `${SV}/demand-center/demand-center-list`,
      ),
      addPage('addTravelPlan', 'add-travel-plan', '新增出差计划', `${SV}/demand-center/demand-center-list`),
      addPage(
        'addLocalDevelopment',
        'add-local-development',
        '新增本地开发',
        `${SV}/demand-center/demand-center-list`,
      ),
    ]),
    // The work orders a demand turns into; repairs and installs are only reached from a demand.
    group('serviceWorks', 'service-works', '服务工单', [
      // No Detail button: maintainDetail is the detail route's own permission.
      page('maintain', 'maintain', '保养工单', [...CRUD, 'Export', ...BILL_ACTIONS]),
      sub('maintainDetail', 'maintain-detail/:id', '保养工单详情', `${SV}/service-works/maintain`),
      addPage('spotCheckAdd', 'spot-check-add', '新增点检', `${SV}/service-works/maintain`),
      sub('spotCheckDetail', 'spot-check-detail/:id', '点检详情', `${SV}/service-works/maintain`),
      sub('repairsDetail', 'repairs-detail/:id', '维修详情', `${SV}/demand-center/demand-center-list`),
      sub(
        'installEquipmentDetail',
        'install-equipment-detail/:id',
        '安装详情',
        `${SV}/demand-center/demand-center-list`,
      ),
      page('reform', 'reform', '改造工单', [...CRUD, 'Detail', 'Export', ...BILL_ACTIONS]),
    ]),
    group('knowledgeBase', 'knowledge-base', '知识库', [
      page('enterpriseFilesList', 'enterprise-files-list', '企业文件', [...CRUD, 'Export', 'Download']),
      page('failureExperienceList', 'failure-experience-list', '故障经验', [...CRUD, 'Detail', 'Export']),
      addPage(
        'failureExperienceAdd',
        'failure-experience-add',
        '新增故障经验',
        `${SV}/knowledge-base/failure-experience-list`,
      ),
    ]),
    page('dailyReportList', 'daily-report-list', '服务日报', [...CRUD, 'Detail', 'Export']),
    page('serviceOrderList', 'service-order-list', '服务单', [
      ...CRUD,
      'Detail',
      'Export',
      'Print',
      'Confirm',
      'Cancel',
    ]),
    addPage('serviceOrderAdd', 'service-order-add', '新增服务单', `${SV}/service-order-list`),
  ],
  { icon: 'CustomerServiceOutlined' },
);

const sales = group(
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
    ]),
    addPage('salesOrderAdd', 'sales-order-add', '新增销售订单', `${SALES}/sales-order-list`),
    sub('salesOrderDetail', 'sales-order-detail/:id', '销售订单详情', `${SALES}/sales-order-list`),
    page('salesDemandList', 'sales-demand-list', '销售需求', [...CRUD, 'Detail', 'Export']),
  ],
  { icon: 'ShoppingCartOutlined' },
);

const purchase = group(
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
    ]),
    // Production quota: the quantity of purchased parts each product consumes.
    page('certainNumberList', 'certain-number-list', '生产定额', [...CRUD_IO, 'Detail']),
    sub('certainNumberDetail', 'certain-number-detail/:id', '生产定额详情', `${PUR}/certain-number-list`),
    addPage('certainNumberAdd', 'certain-number-add', '新增生产定额', `${PUR}/certain-number-list`),
    addPage('purchaseOrderAdd', 'purchase-order-add', '新增采购订单', `${PUR}/purchase-order-list`),
    sub('purchaseOrderDetail', 'purchase-order-detail/:id', '采购订单详情', `${PUR}/purchase-order-list`),
  ],
  { icon: 'ShoppingOutlined' },
);

// The spec's path is project/mrp; the module is called mrp on both sides (DESIGN §1).
const mrp = group(
  'mrp',
  'project/mrp',
  'MRP计划',
  [
    page('purchasingDemand', 'purchasing-demand', '采购需求', [
      'Add',
      'Del',
      'Detail',
      'Export',
      'Calculate',
    ]),
  ],
  { icon: 'CalculatorOutlined' },
);

const mould = group(
  'mould',
  'mould',
  '模具管理',
  [
    page('mouldDefine', 'mould-define', '模具定义', [...CRUD_IO, 'Detail']),
    sub('mouldHandle', 'mould-handle', '模具操作', `${MOULD}/mould-define`, { noCache: true }),
    page('mouldStock', 'mould-stock', '模具库存', ['Detail', 'Export']),
    sub('mouldInStock', 'mould-inStock', '模具入库', `${MOULD}/mould-stock`, { noCache: true }),
  ],
  { icon: 'BuildOutlined' },
);

// Redirect goes through statisticsBoardInfo (a direct child) to allStatisticsCard, see resolveRedirect.
const statisticsBoard = group(
  'statisticsBoard',
  'statistics-board',
  '工厂BI',
  [
    group('boardManageNew', 'board-manage-new', '工厂看板', [
      // One button per common board group; extra workshop boards are tenant data behind feature flags.
      page(
        'allBoardGroup',
        'all-board-group',
        '默认看板',
        ['Production', 'Exception', 'Quality', 'Equipment', 'Warehouse'],
        {
          noCache: true,
        },
      ),
    ]),
    group('statisticsBoardInfo', 'statistics-board-info', '统计报表', [
      page('allStatisticsCard', 'all-statistics-card', '生产报表', ['Export', 'Print']),
      page('saleStatisticsCard', 'sale-statistics-card', '售后服务报表', ['Export', 'Print']),
      page('boardManage', 'board-manage', '自定义报表', [...CRUD, 'Copy', 'Export']),
    ]),
  ],
  { icon: 'BarChartOutlined' },
  'statisticsBoardInfo',
);

export const mainRoutes: RouteNode[] = [
  // Blank page the tag bar visits to re-mount the current page; every signed-in user needs it.
  { name: 'refresh', path: 'refresh', meta: { title: '刷新', hidden: true, noAuth: true, noCache: true } },
  {
    name: 'ApplyMarket',
    path: 'apply',
    meta: { title: '应用中心', hidden: true, market: true, noCache: true, buttons: ['Add', 'Modify', 'Del'] },
  },
  {
    // Edit and delete on the detail page check this route's own keys (spec 000 §2).
    name: 'applyDetails',
    path: 'applyDetails',
    meta: { title: '应用详情', hidden: true, market: true, noCache: true, buttons: ['Modify', 'Del'] },
  },
  // Not a page of its own: the changelog dialog needs permission keys (changelogAdd, ...).
  {
    name: 'changelog',
    path: 'changelog',
    meta: { title: '更新日志', hidden: true, buttons: ['Add', 'Modify', 'Del'] },
  },
  home,
  selfCenter,
  warehouse,
  information,
  equipment,
  quality,
  setting,
  plans,
  siteWarehouse,
  call,
  facility,
  service,
  sales,
  purchase,
  mrp,
  mould,
  statisticsBoard,
];

export const routeTree: RouteNode[] = [
  ...publicRoutes,
  { name: 'layout', path: '/', redirect: 'home', meta: { title: '首页' }, children: mainRoutes },
];

/** Routes whose `:id` must be digits only (spec 000 §2); anything else goes to /404. */
export const numericIdRoutes: ReadonlySet<string> = new Set([
  'dashboardBoard',
  'dashboardBoardGroup',
  'accountDetail',
]);

export const DIGITS_ONLY = /^\d+$/;

// ---------------------------------------------------------------------------------------------
// Helpers (pure).

/** Return false from the visitor to skip a node's children. */
export type RouteVisitor = (node: RouteNode, parents: readonly RouteNode[]) => unknown;

/** Depth-first, parents before children, in tree order; `parents` is the chain from the root. */
export function walkRoutes(
  nodes: readonly RouteNode[],
  fn: RouteVisitor,
  parents: readonly RouteNode[] = [],
): void {
  for (const node of nodes) {
    if (fn(node, parents) === false) continue;
    if (node.children) walkRoutes(node.children, fn, [...parents, node]);
  }
}

function joinPath(base: string, path: string): string {
  if (path.startsWith('/')) return path;
  return base.endsWith('/') ? `${base}${path}` : `${base}/${path}`;
}

interface Entry {
  node: RouteNode;
  parents: readonly RouteNode[];
  path: string;
}

let index: Map<string, Entry> | undefined;

/** Built once: the tree is static. The first node wins on a duplicate name (the test forbids them). */
function entries(): Map<string, Entry> {
  if (index) return index;
  const map = new Map<string, Entry>();
  const paths = new Map<RouteNode, string>();
  walkRoutes(routeTree, (node, parents) => {
    const parent = parents.at(-1);
    const path = joinPath(parent ? (paths.get(parent) ?? '/') : '/', node.path);
    paths.set(node, path);
    if (!map.has(node.name)) map.set(node.name, { node, parents, path });
  });
  index = map;
  return map;
}

export function allRouteNames(): string[] {
  const names: string[] = [];
  walkRoutes(routeTree, (node) => {
    names.push(node.name);
  });
  return names;
}

export function findRoute(name: string): RouteNode | undefined {
  return entries().get(name)?.node;
}

/** The chain of ancestors of a route, root first; undefined for an unknown name. */
export function routeParents(name: string): readonly RouteNode[] | undefined {
  return entries().get(name)?.parents;
}

export function buttonKey(name: string, action: ButtonAction): string {
  return `${name}${action}`;
}

function keysOf(nodes: readonly RouteNode[]): string[] {
  const keys: string[] = [];
  walkRoutes(nodes, (node) => {
    for (const action of node.meta.buttons ?? []) keys.push(buttonKey(node.name, action));
  });
  return keys;
}

/** Every button permission key of the tree, `${routeName}${Action}`. */
export function permissionKeys(): string[] {
  return keysOf(routeTree);
}

/**
 * What the `base_router` config holds: every route name under the main shell plus every button key
 * (public pages' keys included: the provider's tenant screens are public routes with buttons).
 */
export function webPermissionCodes(): string[] {
  const names: string[] = [];
  walkRoutes(mainRoutes, (node) => {
    names.push(node.name);
  });
  return [...names, ...keysOf(routeTree)];
}

export function publicRouteNames(): string[] {
  const names: string[] = [];
  walkRoutes(publicRoutes, (node) => {
    names.push(node.name);
  });
  return names;
}

/** Absolute path pattern of a route (with `:params`). Throws on an unknown name: that is a typo. */
export function routePath(name: string): string {
  const entry = entries().get(name);
  if (!entry) throw new Error(`Unknown route: ${name}`);
  return entry.path;
}

/** Follows redirects until a route without one; the route the browser ends up on. */
export function resolveRedirect(name: string): string {
  let current = name;
  const seen = new Set([name]);
  let target = findRoute(current)?.redirect;
  while (target && !seen.has(target)) {
    seen.add(target);
    current = target;
    target = findRoute(current)?.redirect;
  }
  return current;
}

/** False when a digits-only param holds something else (the guard then shows /404). */
export function paramsAreValid(name: string, params: Readonly<Record<string, string | undefined>>): boolean {
  if (!numericIdRoutes.has(name)) return true;
  return DIGITS_ONLY.test(params.id ?? '');
}

/** A concrete URL for a route: fills `:param`s, throws when one is missing. */
export function routeHref(name: string, params: Readonly<Record<string, string | number>> = {}): string {
  return routePath(name).replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Route ${name} needs param ${key}`);
    return encodeURIComponent(String(value));
  });
}

function toSet(roleNames: ReadonlySet<string> | readonly string[]): ReadonlySet<string> {
  return roleNames instanceof Set ? roleNames : new Set(roleNames);
}

function inMenu(node: RouteNode): boolean {
  return !node.meta.hidden && !node.meta.market;
}

/**
 * Landing route after sign-in, literally spec 001 §6: the first top-level main route (in order,
 * skipping hidden and market ones) that has no children and whose name is among the user's roles.
 * Only leaf modules qualify, which today means `home`; callers fall back to `firstPermittedLeaf`.
 */
export function landingRoute(roleNames: ReadonlySet<string> | readonly string[]): RouteNode | undefined {
  const roles = toSet(roleNames);
  return mainRoutes.find((node) => inMenu(node) && !node.children?.length && roles.has(node.name));
}

/**
 * Unlike `landingRoute`, descends into modules: the first menu-visible leaf page, depth-first, that
 * the user may open. Every node on the way must be permitted (or noAuth), as the side menu requires,
 * since role data holds checked and half-checked names, a permitted page's ancestors are in it.
 */
export function firstPermittedLeaf(
  roleNames: ReadonlySet<string> | readonly string[],
): RouteNode | undefined {
  const roles = toSet(roleNames);
  let found: RouteNode | undefined;
  walkRoutes(mainRoutes, (node) => {
    if (found || !inMenu(node) || !(node.meta.noAuth || roles.has(node.name))) return false;
    if (!node.children?.length) found = node;
    return true;
  });
  return found;
}
