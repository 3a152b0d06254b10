import { ErrorCode } from '@factory/shared/api/errors';
import { type TaskRow, workOrderApi } from '@factory/shared/api/workOrder';
import type { FieldDecl } from '@factory/shared/entities/define';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { reportWorkEntity } from '@factory/shared/entities/reportWork';
import { workOrderEntity } from '@factory/shared/entities/workOrder';
import { priority, processType, taskStatus } from '@factory/shared/enums';
import { allowedActions } from '@factory/shared/machines/define';
import { produceTaskMachine, workOrderMachine } from '@factory/shared/machines/plans';
import { routeHref } from '@factory/shared/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Empty,
  Flex,
  Form,
  Radio,
  Result,
  Space,
  Steps,
  type StepsProps,
  Table,
  type TableColumnType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { DetailHeader } from '../../platform/DetailHeader.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { actionsWidth, RowActions, useActionRunner } from '../../platform/list/actions.tsx';
import { cellOf, EMPTY_CELL, EnumCell } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import type { RowAction } from '../../platform/list/types.ts';
import { usePageSizes } from '../../platform/list/useListQuery.ts';
import { AuditTimeline, auditQueryKey } from '../../platform/machine/AuditTimeline.tsx';
import { StateTag, StateTags } from '../../platform/machine/StateTags.tsx';
import { useMachineActions, useTenantFlags } from '../../platform/machine/useMachineActions.tsx';
import { useHasPage } from '../../platform/pages.ts';
import { ApiError } from '../../platform/request.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { useSubmit } from '../../platform/useSubmit.ts';
import { DistributeModal, tasksQueryKey } from './DistributeModal.tsx';
import { ReportWorkModal } from './ReportWorkModal.tsx';
import { Minutes, RatioBar, REWORK, type WorkOrder, workOrderHref } from './workOrderParts.tsx';

const { Text } = Typography;
const LIST = routeHref('workList');
const DETAIL = entityEndpoints(workOrderEntity).detail;
const W = workOrderEntity.fields;
const R = reportWorkEntity.fields;
const IN_HOUSE = 0;

type TaskAction = keyof typeof produceTaskMachine.actions;

const fetchReports = (workOrderId: number, signal?: AbortSignal) =>
  call(workOrderApi.workOrderReports, { workOrderId }, { signal });
const reportsKey = (workOrderId: number) => [workOrderApi.workOrderReports.path, workOrderId];
type Report = Awaited<ReturnType<typeof fetchReports>>[number];

/** A declared field's value as its list cell shows it, '—' when empty. */
const shown = (f: FieldDecl, v: unknown): ReactNode =>
  v === null || v === undefined || v === '' ? EMPTY_CELL : cellOf(f)(v);
const datetime = cellOf({ label: '', type: 'datetime' });

/** A work order's tasks along the top: each step's good of its input, and how far it is. */
const STEP_STATUS: Record<number, NonNullable<StepsProps['items']>[number]['status']> = {
  0: 'wait',
  1: 'process',
  2: 'finish',
  3: 'error',
};

function TaskSteps({ tasks }: { tasks: readonly TaskRow[] }) {
  if (!tasks.length) return null;
  return (
    <Card variant="borderless" title="工序进度" styles={{ body: { overflowX: 'auto' } }}>
      <Steps
        size="small"
        style={{ minWidth: tasks.length * 150 }}
        items={tasks.map((t) => ({
          key: t.id,
          title: t.procedureName,
          status: STEP_STATUS[t.status] ?? 'wait',
          content: (
            <Flex vertical>
              <Text type="secondary">
                合格 {formatNumber(t.goodQuantity)} / 投入 {formatNumber(t.inQuantity)}
              </Text>
              <Text type="secondary">{t.isSkipped ? '已跳过' : taskStatus.label(t.status)}</Text>
            </Flex>
          ),
        }))}
      />
    </Card>
  );
}

/** 开工 of a task: the station among those its step allows (distributed ones first and marked). */
function StartTaskModal({
  task,
  open,
  onClose,
  onChanged,
}: {
  task?: TaskRow;
  open: boolean;
  onClose(): void;
  /** Started, or refused because the task changed since it was read: close and reload. */
  onChanged(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ stationId: number }>();
  const { saving, run } = useSubmit();
  const stations = [...(task?.stations ?? [])].sort((a, b) => Number(b.distributed) - Number(a.distributed));
  const distributed = stations.filter((s) => s.distributed);
  const preset =
    stations.find((s) => s.id === task?.currentStationId)?.id ??
    (distributed.length === 1 ? distributed[0].id : stations.length === 1 ? stations[0].id : undefined);
  const submit = async () => {
    if (!task) return;
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return; // the form says what is missing
    await run(async () => {
      try {
        await call(workOrderApi.startTask, { id: task.id, version: task.version, stationId: v.stationId });
        message.success('开工成功');
        onChanged();
      } catch (err) {
        if (err instanceof ApiError && err.code === ErrorCode.reload) onChanged();
        throw err;
      }
    });
  };
  return (
    <AppModal
      open={open}
      width={520}
      title={task ? `开工 — 第${task.seq}道工序“${task.procedureName}”` : '开工'}
      okText="开工"
      cancelText="取消"
      okButtonProps={{ disabled: !stations.length }}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
    >
      {stations.length ? (
        <Form form={form} layout="vertical" style={{ marginTop: 16 }} initialValues={{ stationId: preset }}>
          <Form.Item name="stationId" label="开工工位" rules={[{ required: true, message: '请选择工位' }]}>
            <Radio.Group>
              <Flex vertical gap={8}>
                {stations.map((s) => (
                  <Radio key={s.id} value={s.id}>
                    {s.name}
                    {s.distributed && (
                      <Tag color="processing" variant="filled" style={{ marginInlineStart: 8 }}>
                        已派工
                      </Tag>
                    )}
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
          </Form.Item>
        </Form>
      ) : (
        <Alert type="warning" showIcon title="该工序没有可用工位，请先在工位中为其设置工序" />
      )}
    </AppModal>
  );
}

/** The tasks of the 工序任务 tab, with their actions. */
function TaskTable({
  workOrder,
  tasks,
  loading,
  reload,
}: {
  workOrder: WorkOrder;
  tasks: readonly TaskRow[];
  loading: boolean;
  reload(): void;
}) {
  const can = usePermission();
  const flags = useTenantFlags();
  const { run, busy } = useActionRunner(reload);
  const machine = useMachineActions<TaskRow, TaskAction>(produceTaskMachine, undefined, reload);
  const [starting, setStarting] = useState<{ task?: TaskRow; open: boolean }>({ open: false });
  const [reporting, setReporting] = useState<{ task?: TaskRow; open: boolean }>({ open: false });

  // tasks move only while their work order is open; starting and reporting also wait out a pause
  const open = workOrder.status === 0 || workOrder.status === 1;
  const running = open && workOrder.isPaused !== 1;
  const canReport = can('reportRecords', 'Add') || can('stationScheduling');
  const onFloor = (t: TaskRow) => running && t.processType === IN_HOUSE;
  const actions: RowAction<TaskRow>[] = [
    {
      key: 'start',
      label: '开工',
      visible: (t) => onFloor(t) && allowedActions(produceTaskMachine, t, can, flags).includes('start'),
      onClick: (t) => setStarting({ task: t, open: true }),
    },
    {
      key: 'report',
      label: '报工',
      visible: (t) => onFloor(t) && canReport && t.status <= 1 && t.availableQuantity > 0,
      onClick: (t) => setReporting({ task: t, open: true }),
    },
    ...machine.rowActions.map((a) => ({ ...a, visible: (t: TaskRow) => open && (a.visible?.(t) ?? true) })),
  ];

  const columns: TableColumnType<TaskRow>[] = [
    { key: 'seq', title: '序号', dataIndex: 'seq', width: 60, fixed: 'left' },
    { key: 'procedure', title: '工序', dataIndex: 'procedureName', width: 110, fixed: 'left' },
    {
      key: 'processType',
      title: '类型',
      width: 70,
      render: (_, t) => <Tag variant="filled">{processType.label(t.processType)}</Tag>,
    },
    {
      key: 'standardMinutes',
      title: '标准工时(分)',
      width: 100,
      align: 'right',
      render: (_, t) => (t.standardMinutes === null ? EMPTY_CELL : formatNumber(t.standardMinutes)),
    },
    ...(
      [
        ['inQuantity', '投入数量'],
        ['goodQuantity', '合格数量'],
        ['defectQuantity', '不良数量'],
        ['repairQuantity', '返修数量'],
        ['availableQuantity', '可报数量'],
      ] as const
    ).map(
      ([key, title]): TableColumnType<TaskRow> => ({
        key,
        title,
        width: 90,
        align: 'right',
        render: (_, t) => formatNumber(t[key]),
      }),
    ),
    {
      key: 'status',
      title: '状态',
      width: 130,
      render: (_, t) => (
        <Flex gap={4} wrap>
          <StateTag value={t.status} enumDecl={taskStatus} />
          {t.isSkipped && (
            <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
              已跳过
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      key: 'stations',
      title: '工位',
      width: 200,
      render: (_, t) =>
        t.stations.length ? (
          <Flex gap={4} wrap>
            {t.stations.map((s) => (
              // the distributed stations stand out among those the step allows
              <Tag
                key={s.id}
                color={s.distributed ? 'processing' : undefined}
                variant={s.distributed ? 'filled' : 'outlined'}
                style={{ marginInlineEnd: 0 }}
              >
                {s.name}
              </Tag>
            ))}
          </Flex>
        ) : (
          EMPTY_CELL
        ),
    },
    {
      key: 'users',
      title: '人员',
      width: 150,
      render: (_, t) => (t.users.length ? t.users.map((u) => u.name).join('、') : EMPTY_CELL),
    },
    {
      key: 'current',
      title: '当前工位 / 人员',
      width: 150,
      render: (_, t) =>
        t.currentStationName || t.currentUserName
          ? `${t.currentStationName ?? EMPTY_CELL} / ${t.currentUserName ?? EMPTY_CELL}`
          : EMPTY_CELL,
    },
    {
      key: 'actualStartTime',
      title: '实际开始时间',
      width: 170,
      render: (_, t) => datetime(t.actualStartTime),
    },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: actionsWidth(
        actions.map((a) => a.label),
        4,
      ),
      render: (_, t) => (
        <RowActions row={t} rowId={String(t.id)} actions={actions} max={4} busy={busy} run={run} />
      ),
    },
  ];

  return (
    <>
      <Table<TaskRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={[...tasks]}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无工序任务" /> }}
      />
      <StartTaskModal
        task={starting.task}
        open={starting.open}
        onClose={() => setStarting((s) => ({ ...s, open: false }))}
        onChanged={() => {
          setStarting((s) => ({ ...s, open: false }));
          reload();
        }}
      />
      <ReportWorkModal
        open={reporting.open}
        task={reporting.task}
        workOrderCode={workOrder.code ?? undefined}
        defaultStationId={reporting.task?.currentStationId ?? undefined}
        onClose={() => setReporting((r) => ({ ...r, open: false }))}
        onReported={reload}
      />
      {machine.holder}
    </>
  );
}

/** The report columns, as the report-work declaration labels and shows them. */
const REPORT_KEYS = [
  'code',
  'procedureName',
  'stationName',
  'userNames',
  'goodQuantity',
  'defectQuantity',
  'repairQuantity',
  'defectReasons',
  'startTime',
  'endTime',
  'workHours',
] as const satisfies readonly (keyof typeof R)[];

/** The 报工记录 tab: the work order's reports; a reversal and the report it reversed are marked. */
function ReportTable({ workOrderId }: { workOrderId: number }) {
  const query = useQuery({
    queryKey: reportsKey(workOrderId),
    queryFn: ({ signal }) => fetchReports(workOrderId, signal),
  });
  const columns: TableColumnType<Report>[] = [
    ...REPORT_KEYS.map(
      (key): TableColumnType<Report> => ({
        key,
        title: R[key].label,
        width: R[key].width,
        align: R[key].type === 'number' ? 'right' : undefined,
        render: (_, r) => shown(R[key], r[key]),
      }),
    ),
    {
      key: 'reversal',
      title: '撤销',
      width: 220,
      render: (_, r) =>
        r.reversalOf !== null ? (
          <Flex gap={4} align="center" wrap>
            <Tag color="red" variant="filled" style={{ marginInlineEnd: 0 }}>
              冲销
            </Tag>
            <Text type="secondary">撤销 {r.reversalOfCode ?? ''}</Text>
          </Flex>
        ) : r.reversedAt ? (
          <Flex gap={4} align="center" wrap>
            <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
              已撤销
            </Tag>
            <Text type="secondary">{datetime(r.reversedAt)}</Text>
          </Flex>
        ) : (
          EMPTY_CELL
        ),
    },
  ];
  const { sizes } = usePageSizes();
  return (
    <Table<Report>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={query.data}
      loading={query.isFetching}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSizeOptions: sizes, showSizeChanger: true, showTotal: (t) => `共 ${t} 条` }}
      locale={{
        emptyText: query.isError ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="加载失败">
            <Button onClick={() => query.refetch()}>重新加载</Button>
          </Empty>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无报工记录" />
        ),
      }}
    />
  );
}

/** The work order's facts: order, plan, product, line, quantities, times, and its origin if rework. */
function facts(w: WorkOrder, hasOrderPage: boolean): DescriptionsProps['items'] {
  const item = (key: keyof typeof W, children?: ReactNode) => ({
    key,
    label: W[key].label,
    children: children ?? shown(W[key], w[key]),
  });
  const unit = w.unitName ? ` ${w.unitName}` : '';
  return [
    item(
      'produceOrderNumber',
      w.produceOrderNumber && hasOrderPage ? (
        <Link to={routeHref('orderDetail', { id: w.orderId })}>{w.produceOrderNumber}</Link>
      ) : undefined,
    ),
    item('planNumber'),
    item('materialsCode'),
    item('materialsName'),
    item('materialsSpecifications'),
    item('areaName'),
    item('quantity', `${formatNumber(w.quantity)}${unit}`),
    item('reportWorkQuantity', `${formatNumber(w.reportWorkQuantity)}${unit}`),
    item('repairQuantity', `${formatNumber(w.repairQuantity)}${unit}`),
    item('finishRatio', <RatioBar value={w.finishRatio} />),
    item('priority', w.priority === null ? undefined : <EnumCell value={w.priority} enumDecl={priority} />),
    item('procedure'),
    item('planStartTime'),
    item('planEndTime'),
    item('actualStartTime'),
    item('finishedAt'),
    item('deliveryTime'),
    item('overTime', <Minutes value={w.overTime} late />),
    ...(w.workType === REWORK
      ? [
          item(
            'originWorkOrderNumber',
            // a rework is made from a normal work order's report, so its origin opens as one
            w.originWorkOrderId !== null ? (
              <Link to={workOrderHref({ id: w.originWorkOrderId, workType: 0 })}>
                {w.originWorkOrderNumber ?? w.originWorkOrderId}
              </Link>
            ) : undefined,
          ),
        ]
      : []),
    ...(w.endReason ? [item('endReason')] : []),
  ];
}

/**
 * /plans/works/work-detail/:id (and repair-detail/:id for rework): the work order's head with its
 * state and actions, its facts, the progress of its steps, and tabs of its tasks (开工, 报工,
 * 重置, 跳过), its reports and its audit trail.
 */
export default function WorkDetail() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const client = useQueryClient();
  const can = usePermission();
  const flags = useTenantFlags();
  const hasPage = useHasPage();
  const [distributing, setDistributing] = useState(false);
  const query = useQuery({
    queryKey: [DETAIL.path, id],
    queryFn: ({ signal }) => call(DETAIL, { id }, { signal }),
    enabled: valid,
  });
  const tasks = useQuery({
    queryKey: tasksQueryKey(id),
    queryFn: ({ signal }) => call(workOrderApi.tasks, { workOrderId: id }, { signal }),
    enabled: valid,
  });
  // an action on the work order or a task changes counters, states and the trail alike
  const reload = useCallback(() => {
    for (const queryKey of [
      [DETAIL.path, id],
      tasksQueryKey(id),
      reportsKey(id),
      auditQueryKey(workOrderMachine, id),
    ])
      void client.invalidateQueries({ queryKey });
  }, [client, id]);
  const w = query.data;
  const machine = useMachineActions(workOrderMachine, w, reload);

  if (!valid) return <Result status="404" title="工单不存在" extra={<Link to={LIST}>返回工单列表</Link>} />;
  const taskList = tasks.data ?? [];
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title="工单详情" />
      {w && (
        <>
          <DetailHeader
            backTo={LIST}
            backLabel="返回工单列表"
            title={w.code ?? ''}
            extra={
              <Space wrap>
                {allowedActions(workOrderMachine, w, can, flags).includes('distribute') && (
                  <Button type="primary" onClick={() => setDistributing(true)}>
                    派工
                  </Button>
                )}
                {machine.buttons}
              </Space>
            }
          >
            {w.workType === REWORK && (
              <Tag color="orange" variant="filled" style={{ marginInlineEnd: 0 }}>
                返工
              </Tag>
            )}
            <StateTags machine={workOrderMachine} row={w} />
          </DetailHeader>
          <Card variant="borderless" title="基本信息">
            <Descriptions
              column={{ xs: 1, md: 2, xl: 3 }}
              colon={false}
              styles={{ label: { width: 110 } }}
              items={facts(w, hasPage('orderDetail'))}
            />
          </Card>
          <TaskSteps tasks={taskList} />
          <Card variant="borderless">
            <Tabs
              items={[
                {
                  key: 'tasks',
                  label: `工序任务（${taskList.length}）`,
                  children: tasks.isError ? (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="工序任务加载失败">
                      <Button onClick={() => tasks.refetch()}>重新加载</Button>
                    </Empty>
                  ) : (
                    <TaskTable workOrder={w} tasks={taskList} loading={tasks.isFetching} reload={reload} />
                  ),
                },
                { key: 'reports', label: '报工记录', children: <ReportTable workOrderId={id} /> },
                {
                  key: 'log',
                  label: '操作日志',
                  children: <AuditTimeline machine={workOrderMachine} id={id} />,
                },
              ]}
            />
          </Card>
          <DistributeModal
            open={distributing}
            workOrder={{ id: w.id, version: w.version, code: w.code ?? '' }}
            onClose={() => setDistributing(false)}
            onChanged={() => {
              setDistributing(false);
              reload();
            }}
          />
          {machine.holder}
        </>
      )}
    </Flex>
  );
}
