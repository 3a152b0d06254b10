import { repairRecordEntity } from '@factory/shared/entities/qualityRecords';
import type { RowOf } from '@factory/shared/entities/schema';
import { routeHref } from '@factory/shared/routes';
import type { ReactNode } from 'react';
import { searchHref } from '../../platform/list/useListQuery.ts';
import { linkCell, RecordList } from './recordParts.tsx';

type Repair = RowOf<typeof repairRecordEntity>;

/** Where a repair's numbers lead: its record in 不合格品, the material, the work order and its rework. */
function repairCells(
  mayOpen: (route: string) => boolean,
  onNavigate?: () => void,
): Record<string, (r: Repair) => ReactNode> {
  return {
    code: (r) =>
      linkCell(
        mayOpen,
        r.code,
        r.code
          ? { route: 'unquality', href: searchHref(routeHref('unquality'), { code: r.code }) }
          : undefined,
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
    workOrderCode: (r) =>
      linkCell(
        mayOpen,
        r.workOrderCode,
        r.workOrderId
          ? { route: 'workDetail', href: routeHref('workDetail', { id: r.workOrderId }) }
          : undefined,
        onNavigate,
      ),
    reworkWorkOrderCode: (r) =>
      linkCell(
        mayOpen,
        r.reworkWorkOrderCode,
        r.reworkWorkOrderId
          ? { route: 'repairDetail', href: routeHref('repairDetail', { id: r.reworkWorkOrderId }) }
          : undefined,
        onNavigate,
      ),
  };
}

/**
 * /quality/quality-infos/repair-record: every repair of non-conforming units (a report's repair
 * quantity, or 返修 taken on a record), newest first, with where the units came from and the rework
 * work order it made as that stands now; 详情 shows one, export writes the list.
 */
export default function RepairRecordList() {
  return (
    <RecordList
      entity={repairRecordEntity}
      title="返修记录"
      cells={repairCells}
      drawerTitle={(row) => `返修记录详情 — ${row?.code ?? ''}`}
    />
  );
}
