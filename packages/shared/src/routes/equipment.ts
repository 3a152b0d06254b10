import { BILL_ACTIONS, CRUD, CRUD_IO, group, page, sub, TOGGLE } from './build.ts';

/** Absolute path of this module's lists, for `activeMenu`. */
const EQ = '/equipment';

export const equipment = group(
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
        'Accept',
        'Verify',
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
        'Skip',
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
        'Skip',
      ]),
      sub('pointBillsDetail', 'point-bills-detail/:id', '点检工单详情', `${EQ}/all-assign/point-bills-list`),
      page('maintenanceBillsList', 'maintenance-bills-list', '保养工单', [
        'Add',
        'Del',
        'Detail',
        'Export',
        'Print',
        ...BILL_ACTIONS,
        'Skip',
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
      page('maintenanceSetting', 'maintenance-setting', '维保设置', [...CRUD_IO, ...TOGGLE]),
      page('projectSetting', 'project-setting', '点巡检项目', CRUD_IO),
      page('equipmentParams', 'equipment-params', '设备参数', [...CRUD, 'Export']),
      // Not in the spec's tree: the class tree equipment is filed under (the reports' equipment
      // class filter, getEquipmentClassList, needs its classes kept somewhere).
      page('equipmentClass', 'equipment-class', '设备分类', CRUD),
    ]),
    group('sparePartInfos', 'spare-part-infos', '备品备件', [
      page('partAccount', 'part-account', '备件台账', [...CRUD_IO, 'Detail']),
      sub('sparePartDetail', 'part-account-detail/:id', '备件详情', `${EQ}/spare-part-infos/part-account`),
      page('partApply', 'part-apply', '备件申请', [
        ...CRUD,
        'Detail',
        'Export',
        'Submit',
        'Withdraw',
        'Approve',
        'Reject',
        'Issue',
      ]),
      sub(
        'partApplyOrderDetail',
        'part-apply-detail/:id',
        '备件申请详情',
        `${EQ}/spare-part-infos/part-apply`,
      ),
      page('partNums', 'part-nums', '备件库存', ['Import', 'Export']),
      page('partBills', 'part-bills', '备件出入库', ['Add', 'Del', 'Detail', 'Export', 'Print']),
    ]),
  ],
  { icon: 'ToolOutlined' },
);
