import { createElement, lazy, Suspense } from 'react';
import type { Pages } from '../../platform/pages.ts';

export const pages: Pages = {
  equipmentClass: () => import('./EquipmentClassTree.tsx'),
  accountList: () => import('./AccountList.tsx'),
  accountDetail: () => import('./AccountDetail.tsx'),
  equipmentParams: () => import('./EquipmentParams.tsx'),
  equipmentFaultList: () => import('./EquipmentFaultList.tsx'),
  equipmentFaultDetail: () => import('./FaultDetail.tsx'),
  equipmentRepairList: () => import('./EquipmentRepairList.tsx'),
  equipmentRepairDetail: () => import('./RepairDetail.tsx'),
  maintenanceSetting: () => import('./MaintenanceSetting.tsx'),
  projectSetting: () => import('./CheckItemList.tsx'),
  inspectionPlanList: () => import('./PlanList.tsx'),
  maintenancePlanList: () => import('./PlanList.tsx').then((m) => ({ default: m.MaintenancePlanList })),
  inspectionPlanDetail: () => import('./PlanDetail.tsx'),
  maintenancePlanDetail: () => import('./PlanDetail.tsx').then((m) => ({ default: m.MaintenancePlanDetail })),
  pointBillsList: () => import('./BillList.tsx'),
  inspectionBillsList: () => import('./BillList.tsx').then((m) => ({ default: m.InspectionBillList })),
  maintenanceBillsList: () => import('./BillList.tsx').then((m) => ({ default: m.MaintenanceBillList })),
  pointBillsDetail: () => import('./TaskDetail.tsx'),
  inspectionBillsDetail: () => import('./TaskDetail.tsx').then((m) => ({ default: m.InspectionBillDetail })),
  maintenanceBillsDetail: () =>
    import('./TaskDetail.tsx').then((m) => ({ default: m.MaintenanceBillDetail })),
  partAccount: () => import('./PartAccount.tsx'),
  sparePartDetail: () => import('./SparePartDetail.tsx'),
  partApply: () => import('./PartApplyList.tsx'),
  partApplyOrderDetail: () => import('./PartApplyDetail.tsx'),
  partNums: () => import('./PartNums.tsx'),
  partBills: () => import('./PartBills.tsx'),
};

// The personal equipment list (selfCenter's 我的设备) shows equipment as the ledger does.
export { EQUIPMENT, type Equipment, myEquipment, useShowMineOnly } from './myEquipment.ts';

const LazyFaultReportButton = lazy(() => import('./FaultReportButton.tsx'));

/** The station terminal's 报修 button and form (loaded with the terminal, not before). */
export const FaultReportButton = () =>
  createElement(Suspense, { fallback: null }, createElement(LazyFaultReportButton));
