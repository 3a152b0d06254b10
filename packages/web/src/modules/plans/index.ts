import type { Pages } from '../../platform/pages.ts';

/** Production execution (plans in the route tree): orders, plans, work orders, the station terminal. */
export const pages: Pages = {
  orderList: () => import('./OrderList.tsx'),
  orderAdd: () => import('./OrderAdd.tsx'),
  orderQuickAdd: () => import('./OrderQuickAdd.tsx'),
  orderDetail: () => import('./OrderDetail.tsx'),
  planAdd: () => import('./PlanAdd.tsx'),
  planList: () => import('./PlanList.tsx'),
  planSchedules: () => import('./PlanSchedules.tsx'),
  workList: () => import('./WorkList.tsx'),
  workDetail: () => import('./WorkDetail.tsx'),
  repairDetail: () => import('./WorkDetail.tsx'),
  stationScheduling: () => import('./StationTerminal.tsx'),
  reportRecords: () => import('./ReportRecords.tsx'),
  completeSetList: () => import('./CompleteSetList.tsx'),
  completeSetAdd: () => import('./CompleteSetAdd.tsx'),
  pieceRate: () => import('./PieceRateList.tsx'),
  workCalendar: () => import('./WorkCalendarList.tsx'),
  performanceSalary: () => import('./PerformanceSalary.tsx'),
};
