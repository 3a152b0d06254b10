import type { RowOf } from '@factory/shared/entities/schema';
import type { workOrderEntity } from '@factory/shared/entities/workOrder';
import { routeHref } from '@factory/shared/routes';
import { Progress, Typography } from 'antd';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatMinutes, formatPercent } from '../../platform/list/format.ts';

/** A work order as its list and detail answer it (the work-order progress row). */
export type WorkOrder = RowOf<typeof workOrderEntity>;

/** workType 1: a rework work order (返工). */
export const REWORK = 1;

/** A rework work order opens on its own route (repair-detail), as the menu names it. */
export const workOrderHref = (w: Pick<WorkOrder, 'id' | 'workType'>) =>
  routeHref(w.workType === REWORK ? 'repairDetail' : 'workDetail', { id: w.id });

/** A ratio as a small bar with its percentage cut to 3 decimals; over 100% fills the bar. */
export function RatioBar({ value }: { value: unknown }) {
  if (value === null || value === undefined) return EMPTY_CELL;
  const percent = Math.max(0, Math.min(100, Number(value) * 100));
  return (
    <Progress
      percent={percent}
      size="small"
      status={percent >= 100 ? 'success' : 'normal'}
      format={() => formatPercent(value)}
      style={{ margin: 0, minWidth: 80 }}
    />
  );
}

/** A duration in minutes as 天/小时/分; a `late` one (超期) is red above 0 and shows 0 as none. */
export function Minutes({ value, late = false }: { value: unknown; late?: boolean }) {
  if (value === null || value === undefined) return EMPTY_CELL;
  if (!late) return formatMinutes(value);
  return Number(value) > 0 ? (
    <Typography.Text type="danger">{formatMinutes(value)}</Typography.Text>
  ) : (
    EMPTY_CELL
  );
}
