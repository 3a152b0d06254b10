import type { Pages } from '../../platform/pages.ts';

export const pages: Pages = {
  inspectionProject: () => import('./InspectionItemList.tsx'),
  qualityInspectionPlanList: () => import('./PlanList.tsx'),
  qualityInspectionPlanDetail: () => import('./PlanDetail.tsx'),
  defects: () => import('./DefectList.tsx'),
  qualityInspectionOrderList: () => import('./InspectionOrderList.tsx'),
  qualityInspectionOrderDetail: () => import('./InspectionOrderDetail.tsx'),
  unquality: () => import('./NonconformingList.tsx'),
  repairRecord: () => import('./RepairRecordList.tsx'),
  reportWasteRecord: () => import('./ReportWasteRecordList.tsx'),
};
