import { ScheduleOutlined } from '@ant-design/icons';
import { type FilterItem, PAGE_SIZES } from '@factory/shared/api/list';
import { producePlanApi } from '@factory/shared/api/producePlan';
import { encryptText } from '@factory/shared/crypto';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { producePlanEntity } from '@factory/shared/entities/producePlan';
import type { RowOf } from '@factory/shared/entities/schema';
import { scheduleIssueStatus } from '@factory/shared/enums';
import { producePlanMachine } from '@factory/shared/machines/plans';
import { routeHref } from '@factory/shared/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Badge, Flex, Tabs, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../platform/call.ts';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type {
  BatchAction,
  ColumnOverride,
  ListPageHandle,
  RowAction,
  ToolbarAction,
} from '../../platform/list/types.ts';
import { useListQuery } from '../../platform/list/useListQuery.ts';
import { useLogButton } from '../../platform/machine/LogButton.tsx';
import { stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions } from '../../platform/machine/useMachineActions.tsx';
import { PlanMaterialsDrawer, UNRELEASED } from './PlanMaterialsDrawer.tsx';
import { versionGuard } from './planFlow.tsx';
import { StockingModal } from './StockingModal.tsx';

type Plan = RowOf<typeof producePlanEntity>;
type ScheduleResult = Awaited<ReturnType<typeof schedule>>;

const PLANS = entityEndpoints(producePlanEntity);
const ALL = 'all';
const TAB = 'tab';
const schedule = () => call(producePlanApi.schedule, {});

const unreleased = (p: Pick<Plan, 'scheduleStatus'>) => UNRELEASED.includes(p.scheduleStatus ?? -1);
const orderHref = (p: Plan) =>
  p.produceOrderId ? routeHref('orderDetail', { id: p.produceOrderId }) : routeHref('orderList');

/** The tab's filter: one schedule-and-issue status, or none. */
export function tabFilters(tab: string): FilterItem[] {
  const status = Number(tab);
  return tab !== ALL && scheduleIssueStatus.has(status)
    ? [{ fieldName: 'scheduleStatus', fieldType: 'integer', operator: 'eq', fieldValue: status }]
    : [];
}

/** What 排产 says: how many got times, and which end after their order's delivery date. */
export function scheduleSummary(r: ScheduleResult): string {
  const head = `排产完成，共排定 ${r.scheduled} 个生产计划`;
  if (!r.late.length) return head;
  const late = r.late.map(
    (l) =>
      `${l.code}（计划结束 ${l.planEndTime}，交货 ${l.deliveryTime}${l.bottleneck ? `，等待工位“${l.bottleneck}”` : ''}）`,
  );
  return `${head}；其中 ${r.late.length} 个晚于订单交货日期：${late.join('、')}`;
}

/**
 * /plans/plan-list: production plans in tabs by 排产下发状态 with their counts. Plans are added
 * from an order (新增 opens the plan form), released (下达) into work orders and withdrawn (撤回);
 * only unreleased plans are edited, deleted or have their materials (用料) changed. 排产 times
 * every unstarted plan line by line.
 */
export default function PlanList() {
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const tab = params.get(TAB) ?? ALL;
  const fixed = useMemo(() => tabFilters(tab), [tab]);
  // the list's own filters (same call and key as the list below, so no second request)
  const { filters, query: page } = useListQuery(producePlanEntity, PLANS.listPage, { fixed });
  // the counts ignore the tab's own status filter and follow every load of the list (an action,
  // a delete): the smallest page the server takes is enough
  const countQuery = useQuery({
    queryKey: [producePlanApi.listWithCount.path, filters, page.dataUpdatedAt],
    enabled: page.dataUpdatedAt > 0,
    queryFn: async ({ signal }) =>
      call(
        producePlanApi.listWithCount,
        { currentPage: 1, pageSize: PAGE_SIZES[0], searchVal: await encryptText(JSON.stringify(filters)) },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const counts = new Map(countQuery.data?.counts.map((c) => [c.scheduleStatus, c.count]));
  const total = [...counts.values()].reduce((n, c) => n + c, 0);

  const list = useRef<ListPageHandle>(null);
  const reload = useMemo(() => () => list.current?.reload(), []);
  const machine = useMachineActions<Plan, string>(producePlanMachine, undefined, reload);
  const log = useLogButton<Plan>(producePlanMachine, (p) => p.code ?? '');
  const [materials, setMaterials] = useState<{ plan?: Plan; open: boolean }>({ open: false });
  const [stocking, setStocking] = useState<Plan[]>([]);

  const columns = useMemo<Partial<Record<string, ColumnOverride<Plan>>>>(
    () => ({
      ...stateColumns<Plan>(producePlanMachine),
      produceOrderNumber: { render: (v, p) => <Link to={orderHref(p)}>{String(v ?? '')}</Link> },
    }),
    [],
  );
  const rowActions: RowAction<Plan>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (p) => navigate(orderHref(p)) },
    ...machine.rowActions,
    { key: 'materials', label: '用料', onClick: (p) => setMaterials({ plan: p, open: true }) },
    {
      key: 'stocking',
      label: '入库',
      action: 'Stocking',
      visible: (p) => !unreleased(p),
      onClick: (p) => setStocking([p]),
    },
    ...log.rowActions,
  ];
  const toolbar: ToolbarAction[] = [
    {
      key: 'schedule',
      label: '排产',
      action: 'Schedule',
      icon: <ScheduleOutlined />,
      confirm: '将按优先级、交货日期和计划顺序，逐产线排定所有未开工计划的开始和结束时间，确定排产吗？',
      onClick: () =>
        schedule().then((r) => {
          const text = scheduleSummary(r);
          if (r.late.length) modal.warning({ title: '排产完成', content: text, okText: '知道了' });
          else message.success(text);
        }),
    },
  ];
  const batchActions: BatchAction<Plan>[] = [
    {
      key: 'stockingBatch',
      label: '批量入库',
      action: 'Stocking',
      onClick: (rows) => {
        const released = rows.filter((p) => !unreleased(p));
        if (!released.length) message.warning('选中的生产计划都未下达，没有可入库的数量');
        else setStocking(released);
        return undefined;
      },
    },
    {
      key: 'deleteBatch',
      label: '批量删除',
      action: 'Del',
      danger: true,
      confirm: (rows) => {
        const n = rows.filter(unreleased).length;
        const skipped = rows.length - n;
        return `确定删除选中的 ${n} 个生产计划吗？${skipped ? `已下达的 ${skipped} 个不会删除。` : ''}`;
      },
      success: '删除成功',
      onClick: (rows) => {
        const ids = rows.filter(unreleased).map((p) => p.id);
        if (!ids.length) {
          message.warning('选中的生产计划都已下达，不能删除，请先撤回');
          return undefined;
        }
        return call(producePlanApi.deleteBatch, { ids });
      },
    },
  ];

  const tabs = [
    { key: ALL, label: '全部', count: total },
    ...scheduleIssueStatus.items.map((s) => ({
      key: String(s.value),
      label: s.label,
      count: counts.get(s.value) ?? 0,
    })),
  ];

  return (
    <Flex vertical gap={0}>
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              if (key === ALL) next.delete(TAB);
              else next.set(TAB, key);
              // another tab starts on its first page
              next.delete('page');
              return next;
            },
            { replace: true },
          )
        }
        items={tabs.map((t) => ({
          key: t.key,
          label: (
            <Flex gap={6} align="center">
              <Typography.Text>{t.label}</Typography.Text>
              <Badge count={t.count} showZero overflowCount={9999} color={t.key === tab ? 'blue' : 'gray'} />
            </Flex>
          ),
        }))}
      />
      <CrudPage
        ref={list}
        entity={producePlanEntity}
        fixedFilters={fixed}
        title="生产计划列表"
        columns={columns}
        rowActions={rowActions}
        toolbar={toolbar}
        batchActions={batchActions}
        maxRowActions={4}
        {...versionGuard}
        canModify={unreleased}
        canDelete={unreleased}
        onAdd={() => navigate(routeHref('planAdd'))}
      />
      {machine.holder}
      {log.drawer}
      <StockingModal plans={stocking} onClose={() => setStocking([])} onDone={reload} />
      <PlanMaterialsDrawer
        plan={materials.plan}
        open={materials.open}
        onClose={() => setMaterials((m) => ({ ...m, open: false }))}
      />
    </Flex>
  );
}
