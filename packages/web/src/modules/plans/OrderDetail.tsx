import { PlusOutlined } from '@ant-design/icons';
import type { FilterItem } from '@factory/shared/api/list';
import { type ProcedureProgress, workOrderApi } from '@factory/shared/api/workOrder';
import type { FieldDecl } from '@factory/shared/entities/define';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { produceOrderEntity } from '@factory/shared/entities/produceOrder';
import { producePlanEntity } from '@factory/shared/entities/producePlan';
import type { RowOf } from '@factory/shared/entities/schema';
import { workOrderEntity } from '@factory/shared/entities/workOrder';
import { produceOrderMachine, producePlanMachine, workOrderMachine } from '@factory/shared/machines/plans';
import { routeHref } from '@factory/shared/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Progress,
  Result,
  Row,
  Statistic,
  Table,
  type TableColumnType,
  Tabs,
} from 'antd';
import { useCallback, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../platform/call.ts';
import { useEntityDecl } from '../../platform/crud/useEntityDecl.ts';
import { CodeText, DetailHeader } from '../../platform/DetailHeader.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { cellOf, EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber, formatPercent } from '../../platform/list/format.ts';
import { ListPage } from '../../platform/list/ListPage.tsx';
import type { ColumnOverride } from '../../platform/list/types.ts';
import { listQueryKey } from '../../platform/list/useListQuery.ts';
import { AuditTimeline, auditQueryKey } from '../../platform/machine/AuditTimeline.tsx';
import { StateTags, stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions } from '../../platform/machine/useMachineActions.tsx';
import { usePermission } from '../../platform/usePermission.ts';
import { addPlanHref, takesPlans } from './planFlow.tsx';

type Order = RowOf<typeof produceOrderEntity>;
type Plan = RowOf<typeof producePlanEntity>;
type WorkOrder = RowOf<typeof workOrderEntity>;

const LIST = routeHref('orderList');
const ORDERS = entityEndpoints(produceOrderEntity);
const PLANS = entityEndpoints(producePlanEntity);
const WORKS = entityEndpoints(workOrderEntity);
/** Shown in the heading or the figures, not among the plain fields. */
const APART = new Set([
  'id',
  'code',
  'confirmStatus',
  'planStatus',
  'quantity',
  'plannedQuantity',
  'completedQuantity',
]);
/** The work-order columns an order's tab shows at first; the rest stay in the column settings. */
const WORK_COLUMNS = new Set([
  'code',
  'planNumber',
  'areaName',
  'status',
  'quantity',
  'reportWorkQuantity',
  'repairQuantity',
  'finishRatio',
  'procedure',
  'planStartTime',
  'planEndTime',
]);

const progressKey = (orderId: number) => [workOrderApi.orderProgress.path, orderId];

/** An order's figures from its progress by procedure. */
export interface ProgressTotals {
  /** What the last step passed as good: finished products. */
  good: number;
  /** Defects and repairs, wherever in the flow they were found. */
  defect: number;
  repair: number;
}

export function progressTotals(rows: readonly ProcedureProgress[]): ProgressTotals {
  const last = rows.reduce<ProcedureProgress | undefined>((l, r) => (!l || r.seq > l.seq ? r : l), undefined);
  return {
    good: last?.goodQuantity ?? 0,
    defect: rows.reduce((n, r) => n + r.defectQuantity, 0),
    repair: rows.reduce((n, r) => n + r.repairQuantity, 0),
  };
}

const ratioPercent = (ratio: number) => Math.min(100, Math.max(0, Math.round(ratio * 1000) / 10));

const PROGRESS_COLUMNS: TableColumnType<ProcedureProgress>[] = [
  { key: 'seq', title: '序号', dataIndex: 'seq', width: 70 },
  { key: 'procedureName', title: '工序', dataIndex: 'procedureName', width: 160 },
  { key: 'quantity', title: '工单数量', dataIndex: 'quantity', align: 'right', render: formatNumber },
  { key: 'goodQuantity', title: '合格', dataIndex: 'goodQuantity', align: 'right', render: formatNumber },
  { key: 'defectQuantity', title: '不良', dataIndex: 'defectQuantity', align: 'right', render: formatNumber },
  { key: 'repairQuantity', title: '返修', dataIndex: 'repairQuantity', align: 'right', render: formatNumber },
  {
    key: 'finishRatio',
    title: '完成率',
    dataIndex: 'finishRatio',
    width: 220,
    render: (v: number) => <Progress percent={ratioPercent(v)} size="small" />,
  },
];

/** 工序进度: each procedure's quantities over the order's work orders, and how far it is. */
function ProcedureProgressTab({ rows }: { rows: readonly ProcedureProgress[] | undefined }) {
  if (rows && !rows.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="订单还没有下达的工单" />;
  return (
    <Table<ProcedureProgress>
      rowKey="procedureId"
      size="middle"
      loading={!rows}
      columns={PROGRESS_COLUMNS}
      dataSource={rows ? [...rows].sort((a, b) => a.seq - b.seq) : []}
      pagination={false}
    />
  );
}

/** The order's plans, with their states and the plan machine's actions. */
function PlansTab({ orderId, reload }: { orderId: number; reload(): void }) {
  const decl = useEntityDecl(producePlanEntity);
  const machine = useMachineActions<Plan, string>(producePlanMachine, undefined, reload);
  const fixed = useMemo<FilterItem[]>(
    () => [{ fieldName: 'produceOrderId', fieldType: 'integer', operator: 'eq', fieldValue: orderId }],
    [orderId],
  );
  const columns = useMemo<Partial<Record<string, ColumnOverride<Plan>>>>(
    () => ({ ...stateColumns<Plan>(producePlanMachine), produceOrderNumber: { list: false } }),
    [],
  );
  if (!decl) return null;
  return (
    <>
      <ListPage
        entity={decl}
        routeName={producePlanEntity.route}
        endpoint={PLANS.listPage}
        title="生产计划"
        fixedFilters={fixed}
        urlState={false}
        search={false}
        prefsKey="orderDetailPlans"
        columns={columns}
        rowActions={machine.rowActions}
      />
      {machine.holder}
    </>
  );
}

/** The order's work orders: number to the work order, status tags, how much is done. */
function WorksTab({ orderId }: { orderId: number }) {
  const fixed = useMemo<FilterItem[]>(
    () => [{ fieldName: 'orderId', fieldType: 'integer', operator: 'eq', fieldValue: orderId }],
    [orderId],
  );
  const columns = useMemo<Partial<Record<string, ColumnOverride<WorkOrder>>>>(() => {
    const hidden = Object.fromEntries(
      Object.keys(workOrderEntity.fields)
        .filter((k) => !WORK_COLUMNS.has(k))
        .map((k) => [k, { list: false }]),
    );
    return {
      ...hidden,
      ...stateColumns<WorkOrder>(workOrderMachine),
      code: {
        render: (v, w) => <Link to={routeHref('workDetail', { id: w.id })}>{String(v ?? '')}</Link>,
      },
      finishRatio: { render: (v) => formatPercent(v) },
    };
  }, []);
  return (
    <ListPage
      entity={workOrderEntity}
      routeName={workOrderEntity.route}
      endpoint={WORKS.listPage}
      title="工单"
      fixedFilters={fixed}
      urlState={false}
      search={false}
      prefsKey="orderDetailWorks"
      columns={columns}
    />
  );
}

/** The plain fields of the order, custom fields included. */
function OrderFields({ order }: { order: Order }) {
  const decl = useEntityDecl(produceOrderEntity);
  const fields: [string, FieldDecl][] = Object.entries(decl?.fields ?? produceOrderEntity.fields).filter(
    ([key]) => !APART.has(key),
  );
  const byKey: Record<string, unknown> = order;
  const fieldValue = (key: string, f: FieldDecl) => (f.custom ? order.custom[key] : byKey[key]);
  return (
    <Card variant="borderless" title="订单信息">
      <Descriptions column={{ xs: 1, md: 2, xl: 3 }} colon={false} styles={{ label: { width: 96 } }}>
        {fields.map(([key, f]) => {
          const v = fieldValue(key, f);
          return (
            <Descriptions.Item key={key} label={f.label}>
              {v === null || v === undefined || v === '' ? EMPTY_CELL : cellOf(f)(v)}
            </Descriptions.Item>
          );
        })}
      </Descriptions>
    </Card>
  );
}

/** /plans/orders/order-detail/:id: an order, its actions, its plans, work orders, progress and trail. */
export default function OrderDetail() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const can = usePermission();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: [ORDERS.detail.path, id],
    queryFn: ({ signal }) => call(ORDERS.detail, { id }, { signal }),
    enabled: valid,
  });
  const progress = useQuery({
    queryKey: progressKey(id),
    queryFn: ({ signal }) => call(workOrderApi.orderProgress, { orderId: id }, { signal }),
    enabled: valid,
  });
  // an action on the order or a plan changes the order, its plans, its work orders and the trail
  const reload = useCallback(() => {
    void client.invalidateQueries({ queryKey: [ORDERS.detail.path, id] });
    void client.invalidateQueries({ queryKey: progressKey(id) });
    void client.invalidateQueries({ queryKey: auditQueryKey(produceOrderMachine, id) });
    void client.invalidateQueries({ queryKey: listQueryKey(PLANS.listPage) });
    void client.invalidateQueries({ queryKey: listQueryKey(WORKS.listPage) });
  }, [client, id]);
  const order = query.data;
  const actions = useMachineActions(produceOrderMachine, order, reload);
  if (!valid) return <Result status="404" title="订单不存在" extra={<Link to={LIST}>返回订单列表</Link>} />;
  const totals = progressTotals(progress.data ?? []);
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title="订单详情" />
      {order && (
        <>
          <DetailHeader
            backTo={LIST}
            backLabel="返回订单列表"
            title={order.materialsName ?? order.code ?? ''}
            extra={
              <Flex gap={8} align="center" wrap>
                <CodeText label="订单编号" code={order.code ?? ''} />
                {actions.buttons}
                {takesPlans(order) && can(produceOrderEntity.route, 'AddPlan') && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(addPlanHref(order))}>
                    新增计划
                  </Button>
                )}
              </Flex>
            }
          >
            <StateTags machine={produceOrderMachine} row={order} />
          </DetailHeader>
          <Card variant="borderless">
            <Row gutter={[24, 16]}>
              {[
                ['订单数量', order.quantity ?? 0],
                ['已计划', order.plannedQuantity ?? 0],
                ['完工', order.completedQuantity ?? 0],
                ['合格', totals.good],
                ['不良', totals.defect],
                ['返修', totals.repair],
              ].map(([label, n]) => (
                <Col key={label} xs={12} md={8} xl={4}>
                  <Statistic title={label} value={formatNumber(n)} suffix={order.unitName ?? undefined} />
                </Col>
              ))}
            </Row>
          </Card>
          <OrderFields order={order} />
          <Card variant="borderless">
            <Tabs
              items={[
                { key: 'plans', label: '生产计划', children: <PlansTab orderId={id} reload={reload} /> },
                { key: 'works', label: '工单', children: <WorksTab orderId={id} /> },
                {
                  key: 'progress',
                  label: '工序进度',
                  children: <ProcedureProgressTab rows={progress.data} />,
                },
                {
                  key: 'log',
                  label: '操作日志',
                  children: <AuditTimeline machine={produceOrderMachine} id={id} />,
                },
              ]}
            />
          </Card>
          {actions.holder}
        </>
      )}
    </Flex>
  );
}
