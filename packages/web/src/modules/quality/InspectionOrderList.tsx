import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { qualityInspectionOrderEntity } from '@factory/shared/entities/quality';
import type { RowOf } from '@factory/shared/entities/schema';
import { inspectionVerdict } from '@factory/shared/enums';
import { allowedActions } from '@factory/shared/machines/define';
import { inspectionOrderMachine } from '@factory/shared/machines/quality';
import { routeHref } from '@factory/shared/routes';
import { Typography } from 'antd';
import { useCallback, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import type { ColumnOverride, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { useLogButton } from '../../platform/machine/LogButton.tsx';
import { StateTag, stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions, useTenantFlags } from '../../platform/machine/useMachineActions.tsx';
import { useSession } from '../../platform/session.ts';
import { usePermission } from '../../platform/usePermission.ts';

export const ORDERS = entityEndpoints(qualityInspectionOrderEntity);
export type InspectionOrder = RowOf<typeof qualityInspectionOrderEntity>;
export const ORDER_LIST_HREF = routeHref('qualityInspectionOrderList');
export const orderHref = (o: { id: number }) => routeHref('qualityInspectionOrderDetail', { id: o.id });

/** Pending: the only state in which the server deletes an order (and only one raised by hand). */
const PENDING = 1;
/** inspectionSource 0: raised by hand. */
const BY_HAND = 0;
/** The step forward first, then going back. */
const ORDER = ['submit', 'audit', 'approve', 'sendBack'].map((a) => `machine-${a}`);
/** Steps someone other than the inspector takes (the server refuses the inspector in the same words). */
const NOT_BY_INSPECTOR = new Set(['audit', 'approve']);

/** Which of an order's actions the signed-in user is offered beyond the keys: the inspector neither audits nor approves. */
export function useOfferedOnOrder() {
  const user = useSession((s) => s.user);
  return useCallback(
    (action: string, o: Pick<InspectionOrder, 'inspectorId'>) =>
      !NOT_BY_INSPECTOR.has(action) || !user || o.inspectorId !== user.id,
    [user],
  );
}

/** A verdict as a coloured tag (合格 green, 不合格 red); none yet before submitting. */
export function VerdictTag({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined)
    return <Typography.Text type="secondary">{EMPTY_CELL}</Typography.Text>;
  return <StateTag value={value} enumDecl={inspectionVerdict} />;
}

/**
 * /quality/quality-infos/quality-inspection-order-list: the inspection orders (质检单) raised by
 * receipts and reports or by hand (新增 is 手工开单: the server takes the sample size and items from
 * the plan), with their state and verdict; 详情 and 录入结果 open the order's page, 提交, 审核, 批准
 * and 退回 act from the row as the state, the keys and who inspected allow.
 */
export default function InspectionOrderList() {
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const reload = useMemo(() => () => list.current?.reload(), []);
  const can = usePermission();
  const flags = useTenantFlags();
  const offered = useOfferedOnOrder();
  const machine = useMachineActions<InspectionOrder, string>(
    inspectionOrderMachine,
    undefined,
    reload,
    offered,
  );
  const log = useLogButton<InspectionOrder>(inspectionOrderMachine, (o) => o.code ?? '');
  const open = useCallback((o: InspectionOrder) => navigate(orderHref(o)), [navigate]);

  const columns = useMemo<Partial<Record<string, ColumnOverride<InspectionOrder>>>>(
    () => ({
      ...stateColumns<InspectionOrder>(inspectionOrderMachine),
      code: {
        render: (v, o) => <Typography.Link onClick={() => open(o)}>{String(v ?? '')}</Typography.Link>,
      },
      verdict: { render: (v) => <VerdictTag value={v as number | null} /> },
      ngQuantity: {
        align: 'right',
        // counted once submitted; while inspecting it is what has been entered so far
        render: (v) =>
          Number(v) > 0 ? (
            <Typography.Text type="danger">{formatNumber(v)}</Typography.Text>
          ) : (
            formatNumber(v)
          ),
      },
    }),
    [open],
  );

  const rowActions: RowAction<InspectionOrder>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: open },
    {
      key: 'record',
      label: inspectionOrderMachine.actions.record.label,
      visible: (o) => allowedActions(inspectionOrderMachine, o, can, flags).includes('record'),
      onClick: open,
    },
    ...[...machine.rowActions].sort((a, b) => ORDER.indexOf(a.key) - ORDER.indexOf(b.key)),
    ...log.rowActions,
  ];

  return (
    <>
      <CrudPage
        ref={list}
        entity={qualityInspectionOrderEntity}
        title="质检单"
        columns={columns}
        rowActions={rowActions}
        maxRowActions={4}
        // an order an event raised goes with its source (the receipt or report undone)
        canDelete={(o) => o.status === PENDING && o.sourceType === BY_HAND}
      />
      {machine.holder}
      {log.drawer}
    </>
  );
}
