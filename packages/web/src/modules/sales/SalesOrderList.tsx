import { salesOrderEntity } from '@factory/shared/entities/salesOrder';
import { salesOrderMachine } from '@factory/shared/machines/sales';
import { useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { ColumnOverride, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { useLogButton } from '../../platform/machine/LogButton.tsx';
import { stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions } from '../../platform/machine/useMachineActions.tsx';
import { detailHref, formHref, isDraft, type SalesOrder } from './salesParts.ts';

const never = () => false;

/**
 * /sales/sales-order-list: sales orders (销售订单) with their confirmation and shipping states.
 * Unconfirmed orders are edited on the form page and deleted here; confirming (which makes
 * production orders for what stock does not cover), closing and cancelling are the order's
 * actions; 发货 is on the order's page.
 */
export default function SalesOrderList() {
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const reload = useMemo(() => () => list.current?.reload(), []);
  const machine = useMachineActions<SalesOrder, string>(salesOrderMachine, undefined, reload);
  const log = useLogButton<SalesOrder>(salesOrderMachine, (o) => o.code ?? '');
  const columns = useMemo<Partial<Record<string, ColumnOverride<SalesOrder>>>>(
    () => ({
      ...stateColumns<SalesOrder>(salesOrderMachine),
      code: { render: (v, o) => <Link to={detailHref(o)}>{String(v ?? '')}</Link> },
    }),
    [],
  );
  const rowActions: RowAction<SalesOrder>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (o) => navigate(detailHref(o)) },
    {
      key: 'edit',
      label: '编辑',
      action: 'Modify',
      visible: isDraft,
      onClick: (o) => navigate(formHref(o.id)),
    },
    ...machine.rowActions,
    ...log.rowActions,
  ];
  return (
    <>
      <CrudPage
        ref={list}
        entity={salesOrderEntity}
        title="销售订单"
        columns={columns}
        rowActions={rowActions}
        maxRowActions={4}
        // edited on the form page (编辑), not in the dialog
        canModify={never}
        canDelete={isDraft}
        onAdd={() => navigate(formHref())}
      />
      {machine.holder}
      {log.drawer}
    </>
  );
}
