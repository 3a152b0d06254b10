import {
  CaretRightOutlined,
  EditOutlined,
  EnvironmentOutlined,
  PauseOutlined,
  PlayCircleOutlined,
  ReloadOutlined,
  ScanOutlined,
} from '@ant-design/icons';
import type { BodyOf } from '@factory/shared/api/contract';
import { type StationTask, workOrderApi } from '@factory/shared/api/workOrder';
import { pauseStatus, priority, taskStatus } from '@factory/shared/enums';
import { machineEndpoints } from '@factory/shared/machines/endpoints';
import { workOrderMachine } from '@factory/shared/machines/plans';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Input,
  type InputRef,
  Progress,
  Result,
  Row,
  Space,
  Typography,
  theme,
} from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useRef, useState } from 'react';
import { call } from '../../platform/call.ts';
import { LoadState } from '../../platform/LoadState.tsx';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { StateTag } from '../../platform/machine/StateTags.tsx';
import { actionsNow, useTenantFlags } from '../../platform/machine/useMachineActions.tsx';
import { useSession } from '../../platform/session.ts';
import { SwitchDialog } from '../../shell/SwitchDialogs.tsx';
import { CallButton } from '../call/index.ts';
import { FaultReportButton } from '../equipment/index.ts';
import { ReportWorkModal } from './ReportWorkModal.tsx';

const { Text, Title } = Typography;

/** The queue moves as other stations report: it is asked again this often. */
export const TERMINAL_REFRESH_MS = 30_000;
/** Touch targets of a tablet (≥ 48 px). */
const TOUCH = { height: 52, minWidth: 112, fontSize: 18 } as const;
const WORK_ORDER_ACTIONS = machineEndpoints(workOrderMachine).actions;

const notFound = (code: string) => `未找到工单“${code}”在本工位的任务`;
const when = (t: string | null) => (t ? dayjs(t).format('MM-DD HH:mm') : EMPTY_CELL);
const tasksKey = (stationId: number, search: string | undefined) => ['stationTasks', stationId, search ?? ''];

/**
 * /plans/station-scheduling: the operator's own screen for the station chosen in the header — the
 * tasks queued there, started, paused, continued and reported from big touch targets. A scanner
 * types the work-order number and Enter into the search field, which shows that work order's task.
 */
export default function StationTerminal() {
  const user = useSession((s) => s.user);
  const [switching, setSwitching] = useState(false);
  const stationId = user?.stationId ?? undefined;
  return (
    <>
      {stationId ? (
        <Terminal
          key={stationId}
          stationId={stationId}
          stationName={user?.stationName ?? ''}
          onSwitch={() => setSwitching(true)}
        />
      ) : (
        <Card variant="borderless">
          <Result
            icon={<EnvironmentOutlined />}
            title="请先选择工位"
            subTitle="工位终端显示您所在工位的待生产任务。请点击下方按钮，或在右上角用户菜单中选择“切换工位”。"
            extra={
              <Button type="primary" size="large" style={TOUCH} onClick={() => setSwitching(true)}>
                切换工位
              </Button>
            }
          />
        </Card>
      )}
      <SwitchDialog kind={switching ? 'station' : undefined} onClose={() => setSwitching(false)} />
    </>
  );
}

function Terminal({
  stationId,
  stationName,
  onSwitch,
}: {
  stationId: number;
  stationName: string;
  onSwitch(): void;
}) {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const flags = useTenantFlags();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState<string>();
  const [reporting, setReporting] = useState<StationTask>();
  const [busy, setBusy] = useState<string>();
  // a double tap sends once: the state is not updated between two taps of one frame
  const running = useRef(false);
  const input = useRef<InputRef>(null);

  const fetchTasks = (code: string | undefined, signal?: AbortSignal) =>
    call(workOrderApi.stationTasks, { stationId, search: code }, { signal });
  const query = useQuery({
    queryKey: tasksKey(stationId, search),
    queryFn: ({ signal }) => fetchTasks(search, signal),
    refetchInterval: TERMINAL_REFRESH_MS,
    staleTime: 0,
  });
  const reload = () => void query.refetch();

  /** A scan (or a typed number and Enter): that work order's task here, or why there is none. */
  const scan = async (value: string) => {
    const code = value.trim();
    // the next scan replaces this number instead of appending to it
    input.current?.select();
    setSearch(code || undefined);
    if (!code) return;
    try {
      const answer = await queryClient.fetchQuery({
        queryKey: tasksKey(stationId, code),
        queryFn: ({ signal }) => fetchTasks(code, signal),
        staleTime: 0,
      });
      if (!answer.tasks.length) message.warning(notFound(code));
    } catch {
      // the request client has shown why
    }
  };

  const act = async (key: string, label: string, run: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    setBusy(key);
    try {
      await run();
      message.success(`${label}成功`);
    } catch {
      // the request client has shown why; the reload below shows the queue as it now stands
    } finally {
      running.current = false;
      setBusy(undefined);
      reload();
    }
  };

  const workOrderAction = (t: StationTask, name: 'pause' | 'continue') => {
    const endpoint = WORK_ORDER_ACTIONS[name];
    // pause and continue ask no reason: their body is the work order and the version it was read at
    const body = { id: t.workOrderId, version: t.workOrderVersion } as BodyOf<typeof endpoint>;
    return act(`${name}:${t.id}`, workOrderMachine.actions[name].label, () => call(endpoint, body));
  };

  const actionsOf = (t: StationTask): ReactNode[] => {
    // the terminal's page is itself the permission to pause and continue (the actions' alsoKeys)
    const machineNow = actionsNow(
      workOrderMachine,
      { status: t.workOrderStatus, isDistributed: 1, isPaused: t.isPaused },
      () => true,
      flags,
    );
    const button = (key: string, label: string, icon: ReactNode, onClick: () => void, primary = false) => (
      <Button
        key={key}
        size="large"
        type={primary ? 'primary' : 'default'}
        icon={icon}
        style={TOUCH}
        loading={busy === `${key}:${t.id}`}
        disabled={busy !== undefined && busy !== `${key}:${t.id}`}
        onClick={onClick}
      >
        {label}
      </Button>
    );
    const out: ReactNode[] = [];
    if (t.status === 0)
      out.push(
        button(
          'start',
          '开工',
          <PlayCircleOutlined />,
          () =>
            void act(`start:${t.id}`, '开工', () =>
              call(workOrderApi.startTask, { id: t.id, version: t.version, stationId }),
            ),
          true,
        ),
      );
    if (machineNow.includes('pause'))
      out.push(button('pause', '暂停', <PauseOutlined />, () => void workOrderAction(t, 'pause')));
    if (machineNow.includes('continue'))
      out.push(button('continue', '继续', <CaretRightOutlined />, () => void workOrderAction(t, 'continue')));
    if (t.availableQuantity > 0)
      out.push(button('report', '报工', <EditOutlined />, () => setReporting(t), t.status === 1));
    return out;
  };

  const station = query.data?.station;
  const tasks = query.data?.tasks ?? [];
  // the dialog follows the refreshed queue (what is still available), or keeps the task it opened with
  const reportingNow = reporting && (tasks.find((t) => t.id === reporting.id) ?? reporting);
  const updated = query.dataUpdatedAt ? dayjs(query.dataUpdatedAt).format('HH:mm:ss') : undefined;

  return (
    <Flex vertical gap={16}>
      <Card variant="borderless" styles={{ body: { padding: '16px 20px' } }}>
        <Flex align="center" justify="space-between" gap={16} wrap>
          <Flex align="center" gap={12} wrap>
            <EnvironmentOutlined style={{ fontSize: 26, color: token.colorPrimary }} />
            <div>
              <Title level={3} style={{ margin: 0 }}>
                {station?.name ?? stationName}
              </Title>
              <Text type="secondary" style={{ fontSize: 15 }}>
                {[station?.areaName, `${tasks.length} 个任务`, updated && `更新于 ${updated}`]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </div>
            <Button size="large" style={TOUCH} onClick={onSwitch}>
              切换工位
            </Button>
          </Flex>
          <Flex align="center" gap={12} style={{ flex: '1 1 460px', maxWidth: 620 }}>
            <Space.Compact style={{ flex: 1 }}>
              <Input
                ref={input}
                size="large"
                allowClear
                autoFocus
                prefix={<ScanOutlined />}
                placeholder="扫描或输入工单编号后回车"
                aria-label="工单编号"
                value={typed}
                onChange={(e) => {
                  setTyped(e.target.value);
                  // an emptied field (cleared or erased) shows the whole queue again
                  if (!e.target.value) setSearch(undefined);
                }}
                onPressEnter={() => void scan(typed)}
                style={{ height: TOUCH.height, fontSize: TOUCH.fontSize }}
              />
              <Button type="primary" size="large" style={TOUCH} onClick={() => void scan(typed)}>
                查找
              </Button>
            </Space.Compact>
            <Button
              size="large"
              icon={<ReloadOutlined spin={query.isFetching && !query.isPending} />}
              style={TOUCH}
              onClick={reload}
            >
              刷新
            </Button>
            <FaultReportButton />
            <CallButton stationId={stationId} />
          </Flex>
        </Flex>
      </Card>
      {search && (
        <Flex align="center" gap={12}>
          <Text style={{ fontSize: 16 }}>工单“{search}”的任务</Text>
          <Button
            size="large"
            style={TOUCH}
            onClick={() => {
              setTyped('');
              setSearch(undefined);
              input.current?.focus();
            }}
          >
            显示全部任务
          </Button>
        </Flex>
      )}
      {query.isPending || query.isError ? (
        <LoadState query={query} title="工位任务" rows={6} />
      ) : tasks.length === 0 ? (
        <Card variant="borderless">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <Text style={{ fontSize: 18 }}>{search ? notFound(search) : '当前工位暂无待生产任务'}</Text>
            }
          />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {tasks.map((t) => (
            <Col key={t.id} xs={24} xl={12}>
              <TaskCard task={t} actions={actionsOf(t)} />
            </Col>
          ))}
        </Row>
      )}
      <ReportWorkModal
        open={!!reportingNow}
        task={reportingNow}
        workOrderCode={reportingNow?.workOrderCode}
        defaultStationId={stationId}
        onClose={() => setReporting(undefined)}
        onReported={reload}
      />
    </Flex>
  );
}

/** One number with its name above it, large enough to read at arm's length. */
function Figure({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <div style={{ minWidth: 72 }}>
      <Text type="secondary" style={{ display: 'block', fontSize: 14 }}>
        {label}
      </Text>
      <Text strong={strong} style={{ fontSize: strong ? 24 : 20 }}>
        {value}
      </Text>
    </div>
  );
}

function TaskCard({ task: t, actions }: { task: StationTask; actions: ReactNode[] }) {
  const reported = t.inQuantity - t.availableQuantity;
  const percent = t.inQuantity > 0 ? Math.min(100, Math.max(0, (reported / t.inQuantity) * 100)) : 0;
  const unit = t.unitName ?? '';
  return (
    <Card variant="borderless" style={{ height: '100%' }} styles={{ body: { padding: 20 } }}>
      <Flex vertical gap={14}>
        <Flex align="center" justify="space-between" gap={8} wrap>
          <Text strong style={{ fontSize: 22 }} data-testid="task-work-order">
            {t.workOrderCode}
          </Text>
          <Flex gap={6} wrap>
            <StateTag value={t.priority} enumDecl={priority} />
            <StateTag value={t.status} enumDecl={taskStatus} />
            {t.isPaused === 1 && <StateTag value={t.isPaused} enumDecl={pauseStatus} />}
          </Flex>
        </Flex>
        <div style={{ fontSize: 17 }}>
          <Text strong style={{ fontSize: 18 }}>
            {t.materialsName}
          </Text>
          <Text type="secondary" style={{ marginInlineStart: 8, fontSize: 15 }}>
            {[t.materialsCode, t.materialsSpecifications].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <Text style={{ fontSize: 17 }}>
          工序：
          <Text strong style={{ fontSize: 18 }}>
            {t.procedureName}
          </Text>
          <Text type="secondary" style={{ marginInlineStart: 12, fontSize: 15 }}>
            上道工序：{t.previousProcedureName ?? '无（首道工序）'}
          </Text>
        </Text>
        <Flex gap={20} wrap>
          <Figure label={`工单数量${unit && `(${unit})`}`} value={formatNumber(t.workOrderQuantity)} />
          <Figure label="投入" value={formatNumber(t.inQuantity)} />
          <Figure label="合格" value={formatNumber(t.goodQuantity)} />
          <Figure label="不良" value={formatNumber(t.defectQuantity)} />
          <Figure label="返修" value={formatNumber(t.repairQuantity)} />
          <Figure label="可报数量" value={formatNumber(t.availableQuantity)} strong />
        </Flex>
        <Progress
          percent={percent}
          size={{ height: 12 }}
          format={() => `已报 ${formatNumber(reported)} / ${formatNumber(t.inQuantity)}`}
          style={{ marginBottom: 0 }}
        />
        <Text type="secondary" style={{ fontSize: 15 }}>
          计划：{when(t.planStartTime)} 至 {when(t.planEndTime)}
          {t.produceOrderNumber && `　订单：${t.produceOrderNumber}`}
        </Text>
        {actions.length > 0 && (
          <Flex gap={12} wrap>
            {actions}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
