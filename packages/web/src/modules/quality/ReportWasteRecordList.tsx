import { reportWasteRecordEntity } from '@factory/shared/entities/qualityRecords';
import type { RowOf } from '@factory/shared/entities/schema';
import { routeHref } from '@factory/shared/routes';
import type { ReactNode } from 'react';
import { searchHref } from '../../platform/list/useListQuery.ts';
import { linkCell, RecordList } from './recordParts.tsx';

type Waste = RowOf<typeof reportWasteRecordEntity>;

/** Where a line's numbers lead: the report in 报工记录, the work order, the material, the record in 不合格品. */
function wasteCells(
  mayOpen: (route: string) => boolean,
  onNavigate?: () => void,
): Record<string, (r: Waste) => ReactNode> {
  return {
    reportCode: (r) =>
      linkCell(
        mayOpen,
        r.reportCode,
        r.reportCode
          ? { route: 'reportRecords', href: searchHref(routeHref('reportRecords'), { code: r.reportCode }) }
          : undefined,
        onNavigate,
      ),
    workOrderCode: (r) =>
      linkCell(
        mayOpen,
        r.workOrderCode,
        { route: 'workDetail', href: routeHref('workDetail', { id: r.workOrderId }) },
        onNavigate,
      ),
    materialsCode: (r) =>
      linkCell(
        mayOpen,
        r.materialsCode,
        r.materialsId
          ? { route: 'materialsDetail', href: routeHref('materialsDetail', { id: r.materialsId }) }
          : undefined,
        onNavigate,
      ),
    ncCode: (r) =>
      linkCell(
        mayOpen,
        r.ncCode,
        r.ncCode
          ? { route: 'unquality', href: searchHref(routeHref('unquality'), { code: r.ncCode }) }
          : undefined,
        onNavigate,
      ),
    // a report whose defects name no reason
    scrapReasonName: (r) => r.scrapReasonName ?? '未注明',
  };
}

/**
 * /quality/quality-infos/report-waste-record: the defects reported at report work, one row per
 * reason (reversed reports left out), newest first, each with the non-conforming record it opened
 * and how far that is handled; 详情 shows one, export writes the list.
 */
export default function ReportWasteRecordList() {
  return (
    <RecordList
      entity={reportWasteRecordEntity}
      title="报工报废记录"
      cells={wasteCells}
      drawerTitle={(row) => `报工报废记录详情 — ${row?.reportCode ?? ''}`}
    />
  );
}
