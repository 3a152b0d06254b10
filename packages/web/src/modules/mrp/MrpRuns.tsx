import { CalculatorOutlined, HistoryOutlined, ScheduleOutlined } from '@ant-design/icons';
import { type MrpRunLineRow, type MrpRunRow, mrpApi, mrpBucket } from '@factory/shared/api/mrp';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { produceOrderEntity } from '@factory/shared/entities/produceOrder';
import { salesOrderEntity } from '@factory/shared/entities/salesOrder';
import { procurementType } from '@factory/shared/enums';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Drawer,
  Empty,
  Flex,
  Form,
  List,
  Modal,
  Popconfirm,
  Radio,
  Segmented,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { call } from '../../platform/call.ts';
import { LoadState } from '../../platform/LoadState.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import type { ToolbarAction } from '../../platform/list/types.ts';
import { usePermission } from '../../platform/usePermission.ts';

const RUNS = ['mrp', 'runs'] as const;

const runStatus: Record<number, { label: string; color: string }> = {
  0: { label: '运算中', color: 'processing' },
  1: { label: '已完成', color: 'success' },
  2: { label: '失败', color: 'error' },
};

/** One run's figures in a sentence, as the list and the success message say it. */
export const runSummary = (r: MrpRunRow) =>
  r.status === 2
    ? (r.error ?? '运算失败')
    : `需求 ${r.demandCount} 条，涉及物料 ${r.materialCount} 种，计划订单 ${r.plannedCount} 条（生成请购单 ${r.requestCount} 张${r.lateCount ? `，延误 ${r.lateCount} 条` : ''}），用时 ${r.durationMs} 毫秒`;

/** What a planned order is for: each top demand with the BOM path down to the material. */
function Pegs({ line }: { line: MrpRunLineRow }) {
  return (
    <List
      size="small"
      dataSource={line.pegs}
      renderItem={(p) => (
        <List.Item>
          <Space size={8} wrap>
            {p.demand ? <Tag color="blue">{p.demand}</Tag> : <Tag>安全库存/批量</Tag>}
            <Typography.Text type="secondary">{p.path.join(' → ')}</Typography.Text>
            <span>
              {formatNumber(p.quantity)} {line.unitName ?? ''}
            </span>
          </Space>
        </List.Item>
      )}
    />
  );
}

/**
 * A run's planned orders, with what each is for; on the latest run the make suggestions not yet
 * planned can be chosen and made material-requirements plans (生成生产计划).
 */
function RunLines({ run, latest }: { run: MrpRunRow; latest: boolean }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const can = usePermission();
  const [chosen, setChosen] = useState<number[]>([]);
  const [making, setMaking] = useState(false);
  // a run plans dozens of bought parts before the first made one: the planner looks at one kind
  const [kind, setKind] = useState<number | 'all'>('all');
  const plannable = latest && can('purchasingDemand', 'Plan');
  const makePlans = async () => {
    setMaking(true);
    try {
      const made = await call(mrpApi.toPlans, { id: run.id, lineIds: chosen });
      message.success(`已生成生产计划 ${made.map((m) => m.planCode).join('、')}（计划类型：物料需求计划）`);
      setChosen([]);
      await client.invalidateQueries({ queryKey: [...RUNS, run.id, 'lines'] });
    } finally {
      setMaking(false);
    }
  };
  const lines = useQuery({
    queryKey: [...RUNS, run.id, 'lines'],
    queryFn: () => call(mrpApi.lines, { id: run.id }),
  });
  const diff = useQuery({
    queryKey: [...RUNS, run.id, 'compare'],
    queryFn: () => call(mrpApi.compare, { id: run.id }),
  });
  if (run.status === 2) return <Alert type="error" showIcon message="运算失败" description={run.error} />;
  return (
    <Tabs
      items={[
        {
          key: 'lines',
          label: `计划订单（${run.plannedCount}）`,
          children: lines.data ? (
            <Flex vertical gap={8}>
              <Flex gap={12} align="center" wrap>
                <Segmented<number | 'all'>
                  aria-label="供应方式"
                  value={kind}
                  onChange={(v) => setKind(v)}
                  options={[
                    { value: 'all', label: `全部（${lines.data.length}）` },
                    ...procurementType.options.map((o) => ({
                      value: o.value,
                      label: `${o.label}（${lines.data.filter((l) => l.procurementType === o.value).length}）`,
                    })),
                  ]}
                />
                {plannable && (
                  <Flex gap={8} align="center">
                    <Popconfirm
                      title="为选中的每条自制建议各生成一张已确认的生产订单及其物料需求计划？"
                      onConfirm={makePlans}
                      disabled={!chosen.length}
                    >
                      <Button
                        type="primary"
                        icon={<ScheduleOutlined />}
                        disabled={!chosen.length}
                        loading={making}
                      >
                        生成生产计划{chosen.length ? `（${chosen.length}）` : ''}
                      </Button>
                    </Popconfirm>
                    <Typography.Text type="secondary">勾选尚未生成计划的自制建议</Typography.Text>
                  </Flex>
                )}
              </Flex>
              <Table<MrpRunLineRow>
                rowKey="id"
                size="small"
                dataSource={
                  kind === 'all' ? lines.data : lines.data.filter((l) => l.procurementType === kind)
                }
                rowSelection={
                  plannable
                    ? {
                        selectedRowKeys: chosen,
                        onChange: (keys) => setChosen(keys as number[]),
                        getCheckboxProps: (l) => ({
                          disabled: l.procurementType !== 0 || l.planId !== null,
                          'aria-label': `选择${l.materialsName}`,
                        }),
                      }
                    : undefined
                }
                pagination={{ pageSize: 20, showSizeChanger: false }}
                expandable={{ expandedRowRender: (l) => <Pegs line={l} /> }}
                columns={[
                  { title: '物料编码', dataIndex: 'materialsCode', width: 140 },
                  { title: '物料名称', dataIndex: 'materialsName', width: 180 },
                  {
                    title: '供应方式',
                    dataIndex: 'procurementType',
                    width: 90,
                    render: (v: number) => (
                      <Tag color={v === 0 ? 'purple' : v === 2 ? 'orange' : 'cyan'}>
                        {procurementType.label(v, '')}
                      </Tag>
                    ),
                  },
                  {
                    title: '数量',
                    dataIndex: 'quantity',
                    align: 'right',
                    width: 110,
                    render: (v: number, l) => `${formatNumber(v)} ${l.unitName ?? ''}`,
                  },
                  ...(run.bucket === 0 ? [] : [{ title: '时段', dataIndex: 'period', width: 100 } as const]),
                  { title: '需求日期', dataIndex: 'dueDate', width: 124 },
                  {
                    title: '下达日期',
                    dataIndex: 'releaseDate',
                    width: 170,
                    render: (v: string, l) => (
                      <Space size={4} wrap={false}>
                        {v}
                        {l.late && <Tag color="red">延误</Tag>}
                      </Space>
                    ),
                  },
                  {
                    title: '去向',
                    dataIndex: 'requestCode',
                    width: 170,
                    render: (v: string | null, l) =>
                      v ? (
                        <Space size={4}>
                          <Tag color="cyan">请购</Tag>
                          {v}
                        </Space>
                      ) : l.planCode ? (
                        <Space size={4}>
                          <Tag color="purple">计划</Tag>
                          {l.planCode}
                        </Space>
                      ) : l.procurementType === 0 ? (
                        '自制建议'
                      ) : (
                        '已处理'
                      ),
                  },
                ]}
              />
            </Flex>
          ) : (
            <LoadState query={lines} title="计划订单" />
          ),
        },
        {
          key: 'compare',
          label: '与上次比较',
          children: diff.data ? (
            diff.data.previous ? (
              <Flex vertical gap={8}>
                <Typography.Text type="secondary">
                  上次：{diff.data.previous.code}（{diff.data.previous.createdAt}）
                </Typography.Text>
                <Table
                  rowKey="materialsId"
                  size="small"
                  dataSource={diff.data.changes}
                  pagination={false}
                  locale={{ emptyText: '各物料的计划数量与上次相同' }}
                  columns={[
                    { title: '物料编码', dataIndex: 'materialsCode', width: 140 },
                    { title: '物料名称', dataIndex: 'materialsName' },
                    { title: '上次', dataIndex: 'before', align: 'right', render: formatNumber },
                    { title: '本次', dataIndex: 'after', align: 'right', render: formatNumber },
                    {
                      title: '变化',
                      align: 'right',
                      render: (_: unknown, c: { before: number; after: number }) => {
                        const d = Math.round((c.after - c.before) * 1e6) / 1e6;
                        return (
                          <Typography.Text type={d > 0 ? 'danger' : 'success'}>
                            {d > 0 ? `+${formatNumber(d)}` : formatNumber(d)}
                          </Typography.Text>
                        );
                      },
                    },
                  ]}
                />
              </Flex>
            ) : (
              <Empty description="这是第一次成功的运算，没有可比较的记录" />
            )
          ) : (
            <LoadState query={diff} title="比较" />
          ),
        },
      ]}
    />
  );
}

const SALES_ORDERS = entityEndpoints(salesOrderEntity).list;
const PRODUCE_ORDERS = entityEndpoints(produceOrderEntity).list;
// the orders MRP can run over: confirmed and still open
const OPEN_SALES = [
  { fieldName: 'confirmStatus', operator: 'eq', fieldValue: 1 },
  { fieldName: 'status', operator: 'lte', fieldValue: 1 },
] as const;
const OPEN_PRODUCE = [
  { fieldName: 'confirmStatus', operator: 'eq', fieldValue: 1 },
  { fieldName: 'planStatus', operator: 'lte', fieldValue: 1 },
] as const;

/**
 * 计算 asks over what: everything open (it replaces the MRP requests nobody has acted on), or the
 * sales and production orders chosen; then runs and hands the run back.
 */
function CalculateModal({ onClose, onDone }: { onClose(): void; onDone(run: MrpRunRow): void }) {
  const [over, setOver] = useState<'all' | 'chosen'>('all');
  const [salesOrderIds, setSales] = useState<number[]>([]);
  const [produceOrderIds, setProduce] = useState<number[]>([]);
  const [bucket, setBucket] = useState<number>(mrpBucket.defaultValue ?? 0);
  const [horizon, setHorizon] = useState<Dayjs | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string>();
  const run = async () => {
    if (over === 'chosen' && !salesOrderIds.length && !produceOrderIds.length)
      return setError('请至少选择一张销售订单或生产订单');
    setError(undefined);
    setRunning(true);
    try {
      const horizonEnd = horizon ? horizon.format('YYYY-MM-DD') : null;
      onDone(
        await call(mrpApi.calculate, {
          ...(over === 'all' ? {} : { salesOrderIds, produceOrderIds }),
          bucket,
          horizonEnd,
        }),
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : '运算失败');
    } finally {
      setRunning(false);
    }
  };
  const ids = (v: unknown) => (Array.isArray(v) ? v.map(Number) : []);
  return (
    <Modal
      open
      title="MRP计算"
      okText="开始计算"
      confirmLoading={running}
      onOk={() => void run()}
      onCancel={onClose}
      width={620}
    >
      <Flex vertical gap={12}>
        <Radio.Group
          value={over}
          onChange={(e) => setOver(e.target.value)}
          options={[
            { value: 'all', label: '全部未完成的订单' },
            { value: 'chosen', label: '选中的订单' },
          ]}
        />
        {over === 'chosen' ? (
          <Form layout="vertical">
            <Form.Item label="销售订单" extra="含为其生成的生产订单">
              <RemoteSelect
                aria-label="销售订单"
                endpoint={SALES_ORDERS}
                filters={OPEN_SALES}
                labelField="code"
                searchField="code"
                mode="multiple"
                allowClear
                placeholder="输入订单号搜索"
                value={salesOrderIds}
                onChange={(v) => setSales(ids(v))}
              />
            </Form.Item>
            <Form.Item label="生产订单">
              <RemoteSelect
                aria-label="生产订单"
                endpoint={PRODUCE_ORDERS}
                filters={OPEN_PRODUCE}
                labelField="code"
                searchField="code"
                mode="multiple"
                allowClear
                placeholder="输入订单编号搜索"
                value={produceOrderIds}
                onChange={(v) => setProduce(ids(v))}
              />
            </Form.Item>
          </Form>
        ) : null}
        <Form layout="inline">
          <Form.Item label="计划时段">
            <Segmented<number>
              aria-label="计划时段"
              value={bucket}
              onChange={(v) => setBucket(v)}
              options={mrpBucket.options}
            />
          </Form.Item>
          <Form.Item label="计划展望期至">
            <DatePicker
              aria-label="计划展望期至"
              value={horizon}
              onChange={(d) => setHorizon(d)}
              disabledDate={(d) => d.isBefore(dayjs(), 'day')}
              placeholder="不限"
              allowClear
            />
          </Form.Item>
        </Form>
        <Typography.Text type="secondary">
          {over === 'all'
            ? '按全部未完成的销售订单、生产订单与生产计划展开BOM，净算库存与在途。'
            : '只计算选中订单的需求；库存、采购在途与请购按全厂计。'}
          需求按所在时段（周从周一起、月为自然月）的首日合并，同一时段内到货的在途可抵该时段的需求；
          展望期之后的需求不参与计算。上次运算生成且仍待提交的请购单将被替换。
        </Typography.Text>
        {error && <Alert type="error" showIcon message={error} />}
      </Flex>
    </Modal>
  );
}

/** The orders a run was asked for, in words. */
const scopeText = (r: MrpRunRow) =>
  r.scope
    ? [...r.scope.salesOrders, ...r.scope.produceOrders].map((o) => o.code).join('、')
    : '全部未完成的订单';

/**
 * MRP 计算 and the kept runs, for the 采购需求 page's toolbar: 计算 (the list asks first: it
 * replaces the MRP requests nobody has acted on, then reloads), then each run's planned orders
 * with what they are for and what changed since the last one, in a drawer.
 */
export function useMrpRuns(): { toolbar: ToolbarAction[]; drawer: ReactNode } {
  const { message } = App.useApp();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const runs = useQuery({ queryKey: RUNS, queryFn: () => call(mrpApi.runs), enabled: open });
  const [asking, setAsking] = useState(false);
  const calculated = async (run: MrpRunRow) => {
    await client.invalidateQueries({ queryKey: RUNS });
    if (run.status === 2) message.error(run.error ?? '运算失败');
    else message.success(`MRP运算完成：${runSummary(run)}`);
    setAsking(false);
    setChosen(run.id);
    setOpen(true);
  };
  const toolbar: ToolbarAction[] = [
    {
      key: 'calculate',
      label: 'MRP计算',
      action: 'Calculate',
      icon: <CalculatorOutlined />,
      onClick: () => setAsking(true),
    },
    { key: 'runs', label: '运算记录', icon: <HistoryOutlined />, onClick: () => setOpen(true) },
  ];
  const shown = runs.data?.find((r) => r.id === chosen) ?? runs.data?.[0];
  const drawer = (
    <>
      {asking && <CalculateModal onClose={() => setAsking(false)} onDone={calculated} />}
      <Drawer title="MRP运算记录" width={1240} open={open} onClose={() => setOpen(false)} destroyOnHidden>
        {runs.data ? (
          runs.data.length ? (
            <Flex gap={16} align="start">
              <List<MrpRunRow>
                style={{ width: 280, flex: 'none' }}
                bordered
                dataSource={runs.data}
                renderItem={(r) => (
                  <List.Item
                    onClick={() => setChosen(r.id)}
                    style={{ cursor: 'pointer', background: r.id === shown?.id ? '#e6f4ff' : undefined }}
                  >
                    <List.Item.Meta
                      title={
                        <Space size={6}>
                          {r.code}
                          <Tag color={runStatus[r.status]?.color}>{runStatus[r.status]?.label}</Tag>
                        </Space>
                      }
                      description={`${r.createdAt} · ${r.createdByName ?? '系统'} · 计划订单 ${r.plannedCount}`}
                    />
                  </List.Item>
                )}
              />
              <div style={{ flex: 1, minWidth: 0 }}>
                {shown && (
                  <Flex vertical gap={12}>
                    <Typography.Text>{runSummary(shown)}</Typography.Text>
                    <Typography.Text type="secondary">运算范围：{scopeText(shown)}</Typography.Text>
                    <Typography.Text type="secondary">
                      计划时段：{mrpBucket.label(shown.bucket, '日')}；计划展望期至：
                      {shown.horizonEnd ?? '不限'}
                    </Typography.Text>
                    <RunLines
                      key={shown.id}
                      run={shown}
                      latest={shown.id === runs.data.find((r) => r.status === 1)?.id}
                    />
                  </Flex>
                )}
              </div>
            </Flex>
          ) : (
            <Empty description="还没有运算记录，点击“MRP计算”开始" />
          )
        ) : (
          <LoadState query={runs} title="运算记录" />
        )}
      </Drawer>
    </>
  );
  return { toolbar, drawer };
}
