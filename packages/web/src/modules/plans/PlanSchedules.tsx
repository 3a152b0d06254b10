import {
  LockOutlined,
  RedoOutlined,
  ReloadOutlined,
  ScheduleOutlined,
  UndoOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { type GanttBlock, producePlanApi } from '@factory/shared/api/producePlan';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { areaEntity } from '@factory/shared/entities/information';
import { producePlanEntity } from '@factory/shared/entities/producePlan';
import { organizationEntity } from '@factory/shared/entities/setting';
import { planProgressStatus, scheduleIssueStatus } from '@factory/shared/enums';
import { routeHref } from '@factory/shared/routes';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  Segmented,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AppDrawer, AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { EnumCell } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { usePermission } from '../../platform/usePermission.ts';
import { COLOR_BY_OPTIONS, type ColorBy } from './gantt/colors.ts';
import { GanttChart, type GanttHandle } from './gantt/GanttChart.tsx';
import { DEFAULT_SCALE, formatTime, parseTime } from './gantt/geometry.ts';
import {
  applyMove,
  EMPTY_HISTORY,
  type History,
  inverse,
  type Move,
  type MoveCalls,
  recordMove,
  recordRedo,
  recordUndo,
} from './gantt/move.ts';
import {
  findBlock,
  isLocked,
  LOCKED_DRAG,
  newest,
  productOf,
  type Reminder,
  scheduleReminders,
} from './gantt/reminders.ts';

type ScheduleResult = Awaited<ReturnType<typeof scheduleAll>>;

const ROUTE = 'planSchedules';
const PLANS = entityEndpoints(producePlanEntity);
const AREAS = entityEndpoints(areaEntity).list;
const WORKSHOPS = entityEndpoints(organizationEntity).list;
// workshops are the first level of the organisation tree, as a line's 所属车间
const WORKSHOP_FILTERS = [{ fieldName: 'level', operator: 'eq', fieldValue: 1 }] as const;
const TIME = 'YYYY-MM-DD HH:mm:ss';
const scheduleAll = () => call(producePlanApi.schedule, {});

export const SCALE_OPTIONS = [
  { value: 60, label: '小时' },
  { value: 1440, label: '天' },
  { value: 10080, label: '周' },
  { value: 43200, label: '月' },
  { value: 525600, label: '年' },
];

/** The dates shown at first: yesterday to a fortnight ahead. */
export const defaultRange = (today: Dayjs = dayjs()): [Dayjs, Dayjs] => [
  today.subtract(1, 'day').startOf('day'),
  today.add(14, 'day').startOf('day'),
];

/** The list call's window: from the first day's start to the end of the last day. */
export function scheduleWindow([from, to]: readonly [Dayjs, Dayjs]) {
  return {
    beginTime: from.startOf('day').format(TIME),
    endTime: to.add(1, 'day').startOf('day').format(TIME),
  };
}

interface ChartFilters {
  rowsBy: 'line' | 'station';
  areaIds: number[];
  organizationId?: number;
  keyword: string;
  range: readonly [Dayjs, Dayjs];
}

/** The chart's rows for its filters: per line (plans) or per station (each plan's steps there). */
function rowsQuery({ rowsBy, areaIds, organizationId, keyword, range }: ChartFilters) {
  const { beginTime, endTime } = scheduleWindow(range);
  return queryOptions({
    queryKey: [rowsBy, areaIds, organizationId, keyword, beginTime, endTime],
    queryFn: ({ signal }) =>
      call(
        rowsBy === 'line' ? producePlanApi.scheduleList : producePlanApi.stationScheduleList,
        {
          areaIds: areaIds.length ? areaIds : undefined,
          organizationId,
          keyword: keyword || undefined,
          beginTime,
          endTime,
        },
        { signal },
      ),
  });
}

/** Opened by its address: the chart's first rows (no filter, the default window) are asked at once. */
export const prefetch = (client: QueryClient) =>
  client.prefetchQuery(rowsQuery({ rowsBy: 'line', areaIds: [], keyword: '', range: defaultRange() }));

/** The plan's line by updateOne (id, line and the version read), its start by updatePlanOrderByTime. */
const MOVE_CALLS: MoveCalls = {
  line: (body) => call(PLANS.update as NonNullable<typeof PLANS.update>, body),
  time: (body) => call(producePlanApi.orderByTime, body),
};
const lockPlan = (body: { id: number; isLocked: 0 | 1; version: number }) => call(producePlanApi.lock, body);

/** Ctrl+Z undoes, Ctrl+Y (or Ctrl+Shift+Z) redoes; typing in a field keeps its own. */
export function historyKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey'>) {
  if (!e.ctrlKey && !e.metaKey) return null;
  const key = e.key.toLowerCase();
  if (key === 'y' || (key === 'z' && e.shiftKey)) return 'redo';
  return key === 'z' ? 'undo' : null;
}

/**
 * /plans/plan-schedules (计划排程): every line's scheduled plans on a Gantt. The planner filters
 * lines and dates and zooms; drags a plan to another time or line (the line must be one its process
 * runs on), takes moves back and forth with 撤销 / 重做 for as long as the page is open; 一键排产
 * times every unstarted plan and lists those ending after their delivery date; a click on a plan
 * shows it in a drawer.
 */
export default function PlanSchedules() {
  const can = usePermission();
  const canModify = can(ROUTE, 'Modify');
  const { message, modal } = App.useApp();
  const [areaIds, setAreaIds] = useState<number[]>([]);
  const [colorBy, setColorBy] = useState<ColorBy>('status');
  const [organizationId, setOrganizationId] = useState<number>();
  const [keyword, setKeyword] = useState('');
  // rows per line (plans, moved by drag) or per station (each plan's steps there, to read)
  const [rowsBy, setRowsBy] = useState<'line' | 'station'>('line');
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => defaultRange());
  const [scale, setScale] = useState(DEFAULT_SCALE);
  const [history, setHistory] = useState<History>(EMPTY_HISTORY);
  const [pending, setPending] = useState<Move | null>(null);
  const [result, setResult] = useState<ScheduleResult | null>(null);
  const [opened, setOpened] = useState<{ block?: GanttBlock; open: boolean }>({ open: false });
  const [maxHeight] = useState(() => Math.max(400, window.innerHeight - 320));
  const [locking, setLocking] = useState(false);
  const chart = useRef<GanttHandle>(null);
  const queryClient = useQueryClient();

  const rows = useQuery({
    ...rowsQuery({ rowsBy, areaIds, organizationId, keyword, range }),
    // the last chart stays while a filter loads, but not the other view's rows under this view's title
    placeholderData: (previous, query) => (query?.queryKey[0] === rowsBy ? previous : undefined),
  });
  const { beginTime, endTime } = scheduleWindow(range);

  // the version each plan was last read or saved with, for the next move or undo of it
  const versions = useRef(new Map<number, number>());
  useEffect(() => {
    for (const r of rows.data ?? []) for (const b of r.gtArray) versions.current.set(b.id, b.version);
  }, [rows.data]);

  const busy = useRef(false);
  const { refetch } = rows;
  const run = useCallback(
    async (m: Move, kind: 'move' | 'undo' | 'redo') => {
      if (busy.current) return;
      busy.current = true;
      setPending(m);
      try {
        const outcome = await applyMove(m, versions.current.get(m.id) ?? 0, MOVE_CALLS);
        versions.current.set(m.id, outcome.version);
        // the request client has shown a refusal ('该工艺没有此产线') unless it was a silent one
        if (outcome.refusal && outcome.unshown) message.error(outcome.refusal);
        const { applied } = outcome;
        if (kind === 'move' && applied) setHistory((h) => recordMove(h, applied));
        else if (!outcome.refusal) setHistory(kind === 'undo' ? recordUndo : recordRedo);
        if (applied) await refetch();
      } finally {
        // refused: the block goes back where it was, nothing saved
        setPending(null);
        busy.current = false;
      }
    },
    [message, refetch],
  );
  const undo = useCallback(() => {
    const last = history.done.at(-1);
    if (last) void run(inverse(last), 'undo');
  }, [history, run]);
  const redo = useCallback(() => {
    const last = history.undone.at(-1);
    if (last) void run(last, 'redo');
  }, [history, run]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest?.('input, textarea, [contenteditable="true"]')) return;
      const which = historyKey(e);
      if (!which || !canModify) return;
      e.preventDefault();
      if (which === 'undo') undo();
      else redo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo, canModify]);

  const confirmSchedule = () =>
    modal.confirm({
      title: '一键排产',
      content: '将按优先级、交货日期和计划顺序，逐产线排定所有未开工计划的开始和结束时间，确定排产吗？',
      okText: '排产',
      cancelText: '取消',
      onOk: () =>
        scheduleAll()
          .then((r) => {
            setResult(r);
            void refetch();
          })
          // the request client has said why
          .catch(() => undefined),
    });

  const view = useMemo(
    () => ({ start: parseTime(beginTime) ?? 0, end: parseTime(endTime) ?? 0 }),
    [beginTime, endTime],
  );
  const lines = rows.data ?? [];
  const reminders = useMemo(() => scheduleReminders(rows.data ?? []), [rows.data]);
  // the drawer follows the newest of the chart's read of its plan and the lock's answer
  const drawerBlock = newest(findBlock(lines, opened.block?.id), opened.block);

  const toggleLock = async (b: GanttBlock) => {
    if (locking || pending) return;
    setLocking(true);
    try {
      const next = isLocked(b) ? 0 : 1;
      const saved = await lockPlan({
        id: b.id,
        isLocked: next,
        version: versions.current.get(b.id) ?? b.version,
      });
      versions.current.set(saved.id, saved.version);
      setOpened((o) => (o.block?.id === saved.id ? { ...o, block: saved } : o));
      message.success(next ? `已锁定计划 ${b.code}` : `已解锁计划 ${b.code}`);
      void refetch();
      void queryClient.invalidateQueries({ queryKey: [PLANS.detail.path, b.id] });
    } catch {
      // the request client has said why
    } finally {
      setLocking(false);
    }
  };
  const openReminder = (r: Reminder) => {
    chart.current?.scrollToBlock(r.block.id);
    setOpened({ block: r.block, open: true });
  };

  return (
    <Flex vertical gap={16}>
      <Card variant="borderless">
        <Flex wrap gap={12} align="center" justify="space-between">
          <Form layout="inline" style={{ rowGap: 12 }}>
            <Form.Item label="车间">
              <RemoteSelect
                endpoint={WORKSHOPS}
                filters={WORKSHOP_FILTERS}
                allowClear
                placeholder="全部车间"
                value={organizationId}
                onChange={(v) => setOrganizationId(v === undefined || v === null ? undefined : Number(v))}
                style={{ width: 160 }}
              />
            </Form.Item>
            <Form.Item label="产线">
              <RemoteSelect
                endpoint={AREAS}
                mode="multiple"
                allowClear
                maxTagCount="responsive"
                placeholder="全部产线"
                value={areaIds}
                onChange={(v) => setAreaIds(Array.isArray(v) ? v.map(Number) : [])}
                style={{ width: 300 }}
              />
            </Form.Item>
            <Form.Item label="日期">
              <DatePicker.RangePicker
                allowClear={false}
                value={range}
                onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
              />
            </Form.Item>
            <Form.Item label="搜索">
              <Input.Search
                allowClear
                placeholder="计划/订单编号、产品"
                onSearch={(v) => setKeyword(v.trim())}
                style={{ width: 220 }}
              />
            </Form.Item>
            <Form.Item label="视图">
              <Segmented
                value={rowsBy}
                onChange={(v) => setRowsBy(v as 'line' | 'station')}
                options={[
                  { value: 'line', label: '按产线' },
                  { value: 'station', label: '按工位' },
                ]}
              />
            </Form.Item>
            <Form.Item label="刻度">
              <Select value={scale} onChange={setScale} options={SCALE_OPTIONS} style={{ width: 90 }} />
            </Form.Item>
            <Form.Item label="着色">
              <Segmented
                value={colorBy}
                onChange={(v) => setColorBy(v as ColorBy)}
                options={COLOR_BY_OPTIONS}
              />
            </Form.Item>
          </Form>
          <Space wrap>
            {canModify && (
              <>
                <Tooltip title="Ctrl+Z">
                  <Button icon={<UndoOutlined />} disabled={!history.done.length || !!pending} onClick={undo}>
                    撤销
                  </Button>
                </Tooltip>
                <Tooltip title="Ctrl+Y">
                  <Button
                    icon={<RedoOutlined />}
                    disabled={!history.undone.length || !!pending}
                    onClick={redo}
                  >
                    重做
                  </Button>
                </Tooltip>
              </>
            )}
            <Button icon={<ReloadOutlined />} onClick={() => void refetch()}>
              刷新
            </Button>
            {can(ROUTE, 'Schedule') && (
              <Button type="primary" icon={<ScheduleOutlined />} onClick={confirmSchedule}>
                一键排产
              </Button>
            )}
          </Space>
        </Flex>
      </Card>
      <Card variant="borderless">
        <Spin spinning={rows.isFetching || !!pending}>
          {rows.isPending ? (
            <div style={{ height: 200 }} />
          ) : lines.length ? (
            <GanttChart
              rows={lines}
              viewStart={view.start}
              viewEnd={view.end}
              scale={scale}
              canMove={canModify && rowsBy === 'line'}
              rowTitle={rowsBy === 'line' ? '产线' : '工位'}
              pending={pending}
              onMove={(m) => void run(m, 'move')}
              onOpen={(block) => setOpened({ block, open: true })}
              onLockedDrag={() => message.warning(LOCKED_DRAG)}
              selectedId={opened.open ? opened.block?.id : undefined}
              colorBy={colorBy}
              maxHeight={maxHeight}
              ref={chart}
            />
          ) : (
            <Empty description="所选产线和日期内没有已排产的生产计划" />
          )}
        </Spin>
      </Card>
      {!rows.isPending && <ScheduleReminders reminders={reminders} onOpen={openReminder} />}
      <ScheduleResultModal result={result} onClose={() => setResult(null)} />
      <PlanDrawer
        block={drawerBlock}
        open={opened.open}
        lineName={lines.find((l) => l.id === drawerBlock?.areaId)?.name}
        onClose={() => setOpened((o) => ({ ...o, open: false }))}
        onLock={canModify ? toggleLock : undefined}
        locking={locking || !!pending}
      />
    </Flex>
  );
}

/** Reminders listed at first and added by each 显示更多: a full fortnight may warn of hundreds. */
export const REMINDERS_PAGE = 50;

/**
 * 排程提醒 below the chart: every drawn plan with warnings, by start, the first REMINDERS_PAGE and
 * more on request (hundreds of rows would hold the chart's first paint back); a click scrolls the
 * chart to the plan and opens it in the drawer.
 */
export function ScheduleReminders({
  reminders,
  onOpen,
}: {
  reminders: readonly Reminder[];
  onOpen(r: Reminder): void;
}) {
  const [shown, setShown] = useState(REMINDERS_PAGE);
  const more = Math.min(REMINDERS_PAGE, reminders.length - shown);
  return (
    <Card
      variant="borderless"
      title="排程提醒"
      extra={
        reminders.length ? (
          <Typography.Text type="secondary">{reminders.length} 个计划</Typography.Text>
        ) : null
      }
      styles={{ body: { paddingBlock: 8 } }}
    >
      {reminders.length ? (
        <ul
          aria-label="排程提醒"
          style={{ margin: 0, padding: 0, listStyle: 'none', maxHeight: 320, overflow: 'auto' }}
        >
          {reminders.slice(0, shown).map((r) => (
            <li key={r.block.id} style={{ borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
              <button
                type="button"
                onClick={() => onOpen(r)}
                title="在甘特图中查看"
                style={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 8,
                  width: '100%',
                  padding: '8px 4px',
                  border: 0,
                  background: 'none',
                  cursor: 'pointer',
                  textAlign: 'left',
                  font: 'inherit',
                  color: 'inherit',
                }}
              >
                <Typography.Link>{r.block.code}</Typography.Link>
                <span>{productOf(r.block)}</span>
                <Typography.Text type="secondary">
                  {r.lineName} · {formatTime(r.start).slice(0, 16)}
                </Typography.Text>
                {isLocked(r.block) && <LockOutlined aria-label="已锁定" />}
                <span>
                  {r.block.warnings.map((w) => (
                    <Tag key={w} color="orange">
                      {w}
                    </Tag>
                  ))}
                </span>
              </button>
            </li>
          ))}
          {more > 0 && (
            <li style={{ textAlign: 'center', paddingBlock: 4 }}>
              <Button type="link" onClick={() => setShown((n) => n + REMINDERS_PAGE)}>
                再显示 {more} 条（共 {reminders.length} 条）
              </Button>
            </li>
          )}
        </ul>
      ) : (
        <Typography.Text type="secondary">当前范围内没有排程提醒</Typography.Text>
      )}
    </Card>
  );
}

/** How late, as a planner says it: 2天3小时, 45分钟. */
export function lateText(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days) return hours ? `${days}天${hours}小时` : `${days}天`;
  return hours ? `${hours}小时${minutes % 60 ? `${minutes % 60}分钟` : ''}` : `${minutes}分钟`;
}

/** 一键排产's answer: how many plans got times, and those ending after their delivery date with the station they waited for. */
export function ScheduleResultModal({ result, onClose }: { result: ScheduleResult | null; onClose(): void }) {
  const late = result?.late ?? [];
  return (
    <AppModal
      title="排产结果"
      width={860}
      open={!!result}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          知道了
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Alert
          type={late.length ? 'warning' : 'success'}
          showIcon
          title={`排产完成，共排定 ${result?.scheduled ?? 0} 个生产计划`}
          description={
            late.length ? `其中 ${late.length} 个计划结束晚于订单交货日期：` : '没有晚于订单交货日期的计划'
          }
        />
        {late.length > 0 && (
          <Table
            scroll={{ y: 360, x: 780 }}
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={late}
            columns={[
              { key: 'code', dataIndex: 'code', title: '计划编号' },
              { key: 'planEndTime', dataIndex: 'planEndTime', title: '计划结束时间', width: 180 },
              { key: 'deliveryTime', dataIndex: 'deliveryTime', title: '交货日期', width: 180 },
              {
                key: 'lateMinutes',
                dataIndex: 'lateMinutes',
                title: '延误',
                width: 110,
                render: (m: number) => lateText(m),
              },
              {
                key: 'bottleneck',
                dataIndex: 'bottleneck',
                title: '瓶颈工位',
                width: 140,
                render: (b: string | null) => b ?? '—',
              },
            ]}
          />
        )}
      </Flex>
    </AppModal>
  );
}

/** A plan's details beside the chart, with links to its order, its plan and its work orders. */
function PlanDrawer({
  block,
  open,
  lineName,
  onClose,
  onLock,
  locking,
}: {
  block?: GanttBlock;
  open: boolean;
  lineName?: string;
  onClose(): void;
  /** Locks or unlocks the plan (the planSchedulesModify key); no button without it. */
  onLock?(block: GanttBlock): void;
  locking?: boolean;
}) {
  const can = usePermission();
  // the plan's own detail needs the plan list's key; without it the block's fields are shown
  const readable = can(producePlanEntity.route);
  const detail = useQuery({
    queryKey: [PLANS.detail.path, block?.id],
    enabled: open && readable && block !== undefined,
    queryFn: ({ signal }) => call(PLANS.detail, { id: block?.id ?? 0 }, { signal }),
  });
  if (!block) return <AppDrawer open={false} />;
  const plan = detail.data?.id === block.id ? detail.data : undefined;
  const search = (field: string) => `?q=${encodeURIComponent(JSON.stringify({ [field]: block.code }))}`;
  const late = (parseTime(block.end) ?? 0) > (parseTime(block.maxTime) ?? Number.POSITIVE_INFINITY);
  const locked = isLocked(block);
  return (
    <AppDrawer
      title={`生产计划 ${block.code}`}
      open={open}
      onClose={onClose}
      size={480}
      extra={
        onLock ? (
          <Button
            icon={locked ? <UnlockOutlined /> : <LockOutlined />}
            loading={locking}
            onClick={() => onLock(block)}
          >
            {locked ? '解锁' : '锁定'}
          </Button>
        ) : null
      }
    >
      <Spin spinning={detail.isFetching}>
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            { key: 'code', label: '计划编号', children: block.code },
            { key: 'order', label: '订单编号', children: plan?.produceOrderNumber ?? '—' },
            { key: 'product', label: '产品', children: plan?.materialsName ?? block.name },
            {
              key: 'quantity',
              label: '计划数量',
              children: `${formatNumber(block.quantity)}${plan?.unitName ? ` ${plan.unitName}` : ''}`,
            },
            { key: 'line', label: '产线', children: plan?.areaName ?? lineName ?? '—' },
            { key: 'start', label: '计划开始时间', children: block.start ?? '—' },
            {
              key: 'end',
              label: '计划结束时间',
              children: (
                <Typography.Text type={late ? 'danger' : undefined}>{block.end ?? '—'}</Typography.Text>
              ),
            },
            { key: 'actual', label: '实际开始时间', children: block.actualStartTime ?? '—' },
            { key: 'due', label: '交货日期', children: block.maxTime ?? '—' },
            {
              key: 'progress',
              label: '计划进度',
              children: <EnumCell value={block.produceStatus} enumDecl={planProgressStatus} />,
            },
            {
              key: 'locked',
              label: '锁定状态',
              children: locked ? (
                <Tag icon={<LockOutlined />} color="blue">
                  已锁定
                </Tag>
              ) : (
                '未锁定'
              ),
            },
            {
              key: 'warnings',
              label: '排程提醒',
              children: block.warnings?.length
                ? block.warnings.map((w) => (
                    <Tag key={w} color="orange">
                      {w}
                    </Tag>
                  ))
                : '—',
            },
            ...(plan
              ? [
                  {
                    key: 'schedule',
                    label: '排产下发状态',
                    children: <EnumCell value={plan.scheduleStatus} enumDecl={scheduleIssueStatus} />,
                  },
                ]
              : []),
          ]}
        />
        <Space wrap style={{ marginTop: 16 }}>
          {plan?.produceOrderId ? (
            <Link to={routeHref('orderDetail', { id: plan.produceOrderId })}>查看订单</Link>
          ) : null}
          <Link to={`${routeHref('planList')}${search('code')}`}>查看生产计划</Link>
          <Link to={`${routeHref('workList')}${search('planNumber')}`}>查看工单</Link>
        </Space>
      </Spin>
    </AppDrawer>
  );
}
