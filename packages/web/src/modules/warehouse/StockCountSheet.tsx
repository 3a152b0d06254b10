import { PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { type CountLineRow, warehouseApi } from '@factory/shared/api/warehouse';
import { stockCountEntity } from '@factory/shared/entities/stockCount';
import { MAX_STOCK_QUANTITY } from '@factory/shared/entities/stockDoc';
import { stockCountMachine } from '@factory/shared/machines/warehouse';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Empty,
  Flex,
  Input,
  InputNumber,
  Result,
  Segmented,
  Skeleton,
  Table,
  type TableColumnType,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AppDrawer } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { cellOf, EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { listQueryKey } from '../../platform/list/useListQuery.ts';
import { AuditTimeline, auditQueryKey } from '../../platform/machine/AuditTimeline.tsx';
import { StateTags } from '../../platform/machine/StateTags.tsx';
import { useMachineActions } from '../../platform/machine/useMachineActions.tsx';
import { usePermission } from '../../platform/usePermission.ts';
import { FoundStockModal } from './FoundStockModal.tsx';
import {
  COUNTS,
  type CountEntryLine,
  changedLines,
  countLinesKey,
  current,
  differenceOf,
  fillFromBook,
  hidesBook,
  isCounting,
  type LineEdits,
  type LineView,
  progressOf,
  type StockCount,
  visibleLines,
} from './stockCountParts.ts';
import { docByCode } from './stockDocParts.tsx';

const { Text } = Typography;
const GAIN = '#389e0d';
const LOSS = '#cf1322';
const COUNT_FIELDS = stockCountEntity.fields;

/** A difference signed and coloured: a gain green, a loss red, none plain. */
export function DifferenceText({ value, unit }: { value: number | null; unit?: string | null }) {
  if (value === null) return <Text type="secondary">{EMPTY_CELL}</Text>;
  const text = `${value > 0 ? '+' : ''}${formatNumber(value)}${unit ? ` ${unit}` : ''}`;
  if (!value) return <Text type="secondary">{text}</Text>;
  return (
    <Text strong style={{ color: value > 0 ? GAIN : LOSS }}>
      {text}
    </Text>
  );
}

/** The sheet's facts: what it counts, how, who and when, and what its approval posted. */
function facts(c: StockCount, docLink: boolean): DescriptionsProps['items'] {
  const fields = COUNT_FIELDS;
  const item = (key: keyof typeof fields, children?: ReactNode) => {
    const v = c[key];
    return {
      key,
      label: fields[key].label,
      children: children ?? (v === null || v === undefined || v === '' ? EMPTY_CELL : cellOf(fields[key])(v)),
    };
  };
  const codes = (c.adjustCodes ?? '').split('、').filter(Boolean);
  return [
    item('warehouseName'),
    item('warehouseAreaName', c.warehouseAreaName ?? <Text type="secondary">整个仓库</Text>),
    item(
      'isBlind',
      c.isBlind ? (
        <Tooltip title="提交前盘点人看不到账面数量">
          <Tag color="purple" variant="filled">
            盲盘
          </Tag>
        </Tooltip>
      ) : (
        '否'
      ),
    ),
    item('lineCount', c.status === 0 ? <Text type="secondary">开始盘点后生成</Text> : undefined),
    item(
      'differenceCount',
      c.differenceCount === null ? (
        <Text type="secondary">提交后显示</Text>
      ) : c.differenceCount > 0 ? (
        <Text type="warning" strong>
          {c.differenceCount}
        </Text>
      ) : undefined,
    ),
    item('startedAt'),
    item('countedByName'),
    item('postedByName'),
    item('postedAt'),
    item(
      'adjustCodes',
      codes.length ? (
        <Flex gap={8} wrap>
          {codes.map((code) =>
            docLink ? (
              <Link key={code} to={docByCode(code)}>
                {code}
              </Link>
            ) : (
              <Text key={code}>{code}</Text>
            ),
          )}
        </Flex>
      ) : undefined,
    ),
    item('createdByName'),
    item('createdAt'),
    ...(c.remark ? [item('remark')] : []),
  ];
}

/** What a line column needs of the sheet's state. */
interface LineContext {
  editable: boolean;
  showBook: boolean;
  edits: LineEdits;
  seqOf: ReadonlyMap<number, number>;
  setEdit(line: CountLineRow, change: { counted?: number | null; remark?: string | null }): void;
}

const withUnit = (v: number | null, l: CountLineRow) =>
  v === null ? EMPTY_CELL : `${formatNumber(v)}${l.unitName ? ` ${l.unitName}` : ''}`;

/** The lines' columns: the place counted, the book (unless hidden), the count (typed while counting), the difference. */
function lineColumns(ctx: LineContext): TableColumnType<CountLineRow>[] {
  const { editable, showBook, edits, seqOf, setEdit } = ctx;
  return [
    {
      key: 'seq',
      title: '序号',
      width: 64,
      align: 'center',
      fixed: 'left',
      render: (_v, l) => seqOf.get(l.id),
    },
    { key: 'materialsCode', title: '物料编码', dataIndex: 'materialsCode', width: 120, fixed: 'left' },
    { key: 'materialsName', title: '物料名称', dataIndex: 'materialsName', width: 130, ellipsis: true },
    {
      key: 'materialsSpecifications',
      title: '规格型号',
      width: 120,
      ellipsis: true,
      render: (_v, l) => l.materialsSpecifications ?? EMPTY_CELL,
    },
    {
      key: 'locationName',
      title: '库位',
      width: 100,
      render: (_v, l) => l.locationName ?? <Text type="secondary">未指定</Text>,
    },
    {
      key: 'batchCode',
      title: '批次号',
      width: 140,
      render: (_v, l) => l.batchCode ?? <Text type="secondary">无批次</Text>,
    },
    ...(showBook
      ? [
          {
            key: 'book',
            title: '账面数量',
            width: 120,
            align: 'right',
            render: (_v, l) => withUnit(l.bookQuantity, l),
          } satisfies TableColumnType<CountLineRow>,
        ]
      : []),
    {
      key: 'counted',
      title: '实盘数量',
      width: editable ? 150 : 120,
      align: 'right',
      render: (_v, l) => {
        const { counted } = current(l, edits);
        if (!editable) return counted === null ? <Text type="secondary">未录入</Text> : withUnit(counted, l);
        const changed = !!edits[l.id] && edits[l.id].counted !== l.countedQuantity;
        return (
          <InputNumber<number>
            aria-label={`第${seqOf.get(l.id)}行实盘数量`}
            value={counted}
            min={0}
            max={MAX_STOCK_QUANTITY}
            placeholder="未录入"
            suffix={l.unitName ?? undefined}
            status={changed ? 'warning' : undefined}
            style={{ width: '100%' }}
            onChange={(v) => setEdit(l, { counted: typeof v === 'number' ? v : null })}
          />
        );
      },
    },
    {
      key: 'difference',
      title: '差异',
      width: 100,
      align: 'right',
      render: (_v, l) =>
        showBook ? (
          <DifferenceText value={differenceOf(l.bookQuantity, current(l, edits).counted)} unit={l.unitName} />
        ) : (
          <Text type="secondary">提交后显示</Text>
        ),
    },
    {
      key: 'remark',
      title: '备注',
      width: editable ? 150 : undefined,
      render: (_v, l) => {
        const { remark } = current(l, edits);
        if (!editable) return remark || EMPTY_CELL;
        return (
          <Input
            aria-label={`第${seqOf.get(l.id)}行备注`}
            value={remark ?? ''}
            maxLength={200}
            placeholder="备注"
            onChange={(e) => setEdit(l, { remark: e.target.value })}
          />
        );
      },
    },
  ];
}

const VIEWS: { value: LineView; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'open', label: '未录入' },
  { value: 'differences', label: '只看差异' },
];

/** The lines of the sheet, counted in place while counting and saved with 保存盘点结果. */
function CountLines({
  count,
  lines,
  loading,
  edits,
  setEdits,
  onSave,
  saving,
}: {
  count: StockCount;
  lines: readonly CountLineRow[];
  loading: boolean;
  edits: LineEdits;
  setEdits(next: LineEdits): void;
  onSave(found?: CountEntryLine): Promise<void>;
  saving: boolean;
}) {
  const can = usePermission();
  const editable = isCounting(count) && can(stockCountMachine.route, 'Modify');
  const showBook = !hidesBook(count);
  const [view, setView] = useState<LineView>('all');
  const [search, setSearch] = useState('');
  const [finding, setFinding] = useState(false);
  const seqOf = useMemo(() => new Map(lines.map((l, i) => [l.id, i + 1])), [lines]);
  const setEdit = useCallback(
    (l: CountLineRow, change: { counted?: number | null; remark?: string | null }) =>
      setEdits({ ...edits, [l.id]: { ...current(l, edits), ...change } }),
    [edits, setEdits],
  );
  const columns = useMemo(
    () => lineColumns({ editable, showBook, edits, seqOf, setEdit }),
    [editable, showBook, edits, seqOf, setEdit],
  );
  const shown = useMemo(() => visibleLines(lines, edits, view, search), [lines, edits, view, search]);
  const progress = progressOf(lines, edits);
  const dirty = changedLines(lines, edits).length;
  const width = columns.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : 160), 0);

  if (count.status === 0)
    return (
      <Result
        status="info"
        title="尚未开始盘点"
        subTitle="开始盘点时按当前账面生成盘点明细（每个库位、批次一行），盘点范围内暂停出入库"
      />
    );
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex gap={12} align="center" wrap>
          <Segmented<LineView>
            value={view}
            onChange={setView}
            options={VIEWS.map((v) => ({
              ...v,
              disabled: v.value === 'differences' && !showBook,
            }))}
          />
          <Input.Search
            placeholder="物料、库位或批次"
            allowClear
            style={{ width: 220 }}
            onSearch={setSearch}
            onChange={(e) => !e.target.value && setSearch('')}
          />
          <Text type="secondary">
            已录入 {progress.counted} / {progress.total} 行
            {showBook ? `，差异 ${progress.differences} 行` : ''}
          </Text>
        </Flex>
        {editable && (
          <Flex gap={8} wrap>
            {showBook && (
              <Tooltip title="尚未录入的行，实盘数量按账面数量填入">
                <Button
                  disabled={progress.counted === progress.total}
                  onClick={() => setEdits(fillFromBook(lines, edits))}
                >
                  未录入按账面填入
                </Button>
              </Tooltip>
            )}
            <Button icon={<PlusOutlined />} onClick={() => setFinding(true)}>
              添加账外库存
            </Button>
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              disabled={!dirty}
              onClick={() => void onSave().catch(() => undefined)}
            >
              保存盘点结果{dirty ? `（${dirty}）` : ''}
            </Button>
          </Flex>
        )}
      </Flex>
      <Table<CountLineRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={shown}
        loading={loading}
        scroll={{ x: width }}
        pagination={{
          defaultPageSize: 50,
          pageSizeOptions: [20, 50, 100, 150],
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 行`,
          hideOnSinglePage: false,
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                lines.length
                  ? view === 'differences'
                    ? '没有差异'
                    : '没有符合条件的明细'
                  : '盘点范围内没有库存'
              }
            />
          ),
        }}
      />
      <FoundStockModal
        open={finding}
        count={count}
        onClose={() => setFinding(false)}
        onAdd={async (line) => {
          await onSave(line);
          setFinding(false);
        }}
      />
    </Flex>
  );
}

/**
 * A count sheet in a drawer over the 盘点 tab: its facts and state with the actions allowed now
 * (开始盘点, 提交, 驳回, 审核过账, 作废), its lines counted in place while counting (the book hidden
 * on a blind count until submitted; the difference green for a gain, red for a loss), stock found
 * off the book added as lines, and its audit trail.
 */
export function StockCountSheet({
  id,
  open,
  onClose,
  onChanged,
}: {
  id?: number;
  open: boolean;
  onClose(): void;
  /** After anything changed the sheet (the list shows it anew). */
  onChanged?(): void;
}) {
  const client = useQueryClient();
  const can = usePermission();
  const { message, modal } = App.useApp();
  const [edits, setEdits] = useState<LineEdits>({});
  const [saving, setSaving] = useState(false);
  const valid = typeof id === 'number';
  const sheetId = id ?? 0;
  const detail = useQuery({
    queryKey: [COUNTS.detail.path, sheetId],
    queryFn: ({ signal }) => call(COUNTS.detail, { id: sheetId }, { signal }),
    enabled: open && valid,
  });
  const count = detail.data;
  const lines = useQuery({
    queryKey: countLinesKey(sheetId),
    queryFn: ({ signal }) => call(warehouseApi.countLines, { id: sheetId }, { signal }),
    enabled: open && valid && !!count && count.status !== 0,
  });
  // another sheet starts without the last one's entries
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared per sheet
  useEffect(() => setEdits({}), [id]);

  // an action or a save changes the sheet, its lines, its trail and the list alike
  const reload = useCallback(async () => {
    await Promise.all(
      [
        [COUNTS.detail.path, sheetId],
        countLinesKey(sheetId),
        auditQueryKey(stockCountMachine, sheetId),
        listQueryKey(COUNTS.listPage),
      ].map((queryKey) => client.invalidateQueries({ queryKey })),
    );
    onChanged?.();
  }, [client, sheetId, onChanged]);
  const machine = useMachineActions(stockCountMachine, count, () => void reload());

  const lineList = lines.data ?? [];
  const dirty = changedLines(lineList, edits).length > 0;

  const save = async (found?: CountEntryLine) => {
    if (!count) return;
    setSaving(true);
    try {
      await call(warehouseApi.saveCounts, {
        id: count.id,
        version: count.version,
        lines: [...changedLines(lineList, edits), ...(found ? [found] : [])],
      });
      message.success(found ? '已添加账外库存' : '保存成功');
      await reload();
      setEdits({});
    } finally {
      setSaving(false);
    }
  };

  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({
      title: '提示',
      content: '有未保存的实盘数量，关闭后将丢失，确定关闭吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: () => {
        setEdits({});
        onClose();
      },
    });
  };

  return (
    <AppDrawer
      open={open}
      size={1280}
      title={
        <Flex gap={12} align="center" wrap>
          <span>盘点单</span>
          {count && <Text copyable>{count.code}</Text>}
          {count && <StateTags machine={stockCountMachine} row={count} />}
        </Flex>
      }
      extra={
        count &&
        (dirty ? (
          <Text type="warning">有未保存的录入，请先保存盘点结果</Text>
        ) : (
          <Flex gap={8} wrap>
            {machine.buttons}
          </Flex>
        ))
      }
      onClose={close}
      styles={{ body: { background: '#f5f5f5', padding: 16 } }}
    >
      {!valid ? null : detail.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : detail.isError || !count ? (
        <Result
          status="error"
          title="盘点单加载失败"
          extra={<Button onClick={() => detail.refetch()}>重新加载</Button>}
        />
      ) : (
        <Flex vertical gap={16}>
          <Card variant="borderless" title="基本信息" size="small">
            <Descriptions
              column={{ xs: 1, md: 2, xl: 3 }}
              colon={false}
              styles={{ label: { width: 90 } }}
              items={facts(count, can('warehouseRecord'))}
            />
          </Card>
          <Card variant="borderless" size="small">
            <Tabs
              items={[
                {
                  key: 'lines',
                  label: `盘点明细（${count.status === 0 ? 0 : lineList.length}）`,
                  children: lines.isError ? (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="盘点明细加载失败">
                      <Button onClick={() => lines.refetch()}>重新加载</Button>
                    </Empty>
                  ) : (
                    <CountLines
                      count={count}
                      lines={lineList}
                      loading={lines.isFetching}
                      edits={edits}
                      setEdits={setEdits}
                      onSave={save}
                      saving={saving}
                    />
                  ),
                },
                {
                  key: 'log',
                  label: '操作日志',
                  children: <AuditTimeline machine={stockCountMachine} id={count.id} />,
                },
              ]}
            />
          </Card>
        </Flex>
      )}
      {machine.holder}
    </AppDrawer>
  );
}
