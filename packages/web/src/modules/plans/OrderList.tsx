import { ThunderboltOutlined } from '@ant-design/icons';
import { produceOrderEntity } from '@factory/shared/entities/produceOrder';
import type { RowOf } from '@factory/shared/entities/schema';
import { produceOrderMachine } from '@factory/shared/machines/plans';
import { routeHref } from '@factory/shared/routes';
import { useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { ColumnOverride, ListPageHandle, RowAction, ToolbarAction } from '../../platform/list/types.ts';
import { useLogButton } from '../../platform/machine/LogButton.tsx';
import { stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions } from '../../platform/machine/useMachineActions.tsx';
import { addPlanHref, isDraft, takesPlans, versionGuard } from './planFlow.tsx';

type Order = RowOf<typeof produceOrderEntity>;

const detail = (o: Pick<Order, 'id'>) => routeHref('orderDetail', { id: o.id });
/**
 * /plans/orders/order-list: production orders (订单列表). Drafts are edited and deleted here;
 * confirming, finishing and cancelling are the order's actions; 新增计划 takes a confirmed order to
 * the plan form. 新增 and 快速下单 open pages of their own.
 */
export default function OrderList() {
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const reload = useMemo(() => () => list.current?.reload(), []);
  const machine = useMachineActions<Order, string>(produceOrderMachine, undefined, reload);
  const log = useLogButton<Order>(produceOrderMachine, (o) => o.code ?? '');
  const columns = useMemo<Partial<Record<string, ColumnOverride<Order>>>>(
    () => ({
      ...stateColumns<Order>(produceOrderMachine),
      code: { render: (v, o) => <Link to={detail(o)}>{String(v ?? '')}</Link> },
    }),
    [],
  );
  const rowActions: RowAction<Order>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (o) => navigate(detail(o)) },
    ...machine.rowActions,
    {
      key: 'addPlan',
      label: '新增计划',
      action: 'AddPlan',
      visible: takesPlans,
      onClick: (o) => navigate(addPlanHref(o)),
    },
    ...log.rowActions,
  ];
  const toolbar: ToolbarAction[] = [
    {
      key: 'quickAdd',
      label: '快速下单',
      action: 'QuickAdd',
      icon: <ThunderboltOutlined />,
      onClick: () => navigate(routeHref('orderQuickAdd')),
    },
  ];
  return (
    <>
      <CrudPage
        ref={list}
        entity={produceOrderEntity}
        suggestCode
        title="订单列表"
        columns={columns}
        rowActions={rowActions}
        toolbar={toolbar}
        maxRowActions={4}
        {...versionGuard}
        canModify={isDraft}
        canDelete={isDraft}
        onAdd={() => navigate(routeHref('orderAdd'))}
      />
      {machine.holder}
      {log.drawer}
    </>
  );
}
