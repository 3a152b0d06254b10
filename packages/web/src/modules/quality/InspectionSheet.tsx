import type {
  InspectionSheet,
  OrderDefectRow,
  OrderItemRow,
  SampleResult,
  SaveResultsBody,
} from '@factory/shared/api/quality';
import type { LinesDecl } from '@factory/shared/entities/define';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { defectItemEntity } from '@factory/shared/entities/quality';
import { checkResult, defectSeverity } from '@factory/shared/enums';
import {
  Empty,
  Flex,
  InputNumber,
  Radio,
  Segmented,
  Table,
  type TableColumnType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type Ref, useEffect, useMemo, useState } from 'react';
import { type DocLine, declaredLineColumns, lineOfRow } from '../../platform/lines/declaredColumns.tsx';
import { LinesEditor, type LinesEditorHandle } from '../../platform/lines/LinesEditor.tsx';
import type { LineColumn } from '../../platform/lines/lines.ts';
import { lookupRow } from '../../platform/lines/materialColumns.tsx';
import { EMPTY_CELL, EnumCell } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';

const { Text } = Typography;
const NG_BACKGROUND = '#fff1f0';
const NG_COLOR = '#cf1322';
const OK_COLOR = '#389e0d';

/** One result cell: a measured or counted value, and its judgement (checkResult: 0 OK, 1 NG). */
export interface Cell {
  value: number | null;
  judgement: number | null;
}
/** Cells typed and not saved yet, by `cellKey`. */
export type Edits = Readonly<Record<string, Cell>>;
type Item = Pick<OrderItemRow, 'lineNo' | 'valueType' | 'lowerLimit' | 'upperLimit'>;

const EMPTY: Cell = { value: null, judgement: null };
export const cellKey = (sampleNo: number, lineNo: number) => `${sampleNo}:${lineNo}`;
const OK_NG = 0;
const COUNT = 2;

/**
 * A measured or counted value's judgement as the server gives it (docs/quality.md "Results"): a
 * measured value outside [lower, upper] is NG; a defect count above the upper limit (above 0 when
 * there is none) is NG. None for an empty cell.
 */
export function judgeValue(item: Item, value: number | null): 0 | 1 | null {
  if (value === null) return null;
  if (item.valueType === COUNT) return value > (item.upperLimit ?? 0) ? 1 : 0;
  return (item.lowerLimit !== null && value < item.lowerLimit) ||
    (item.upperLimit !== null && value > item.upperLimit)
    ? 1
    : 0;
}

/** The saved results by cell. */
export const savedCells = (results: readonly SampleResult[]): ReadonlyMap<string, Cell> =>
  new Map(results.map((r) => [cellKey(r.sampleNo, r.lineNo), { value: r.value, judgement: r.judgement }]));

const currentOf = (saved: ReadonlyMap<string, Cell>, edits: Edits, key: string): Cell =>
  edits[key] ?? saved.get(key) ?? EMPTY;

const isFilled = (item: Item, c: Cell) =>
  item.valueType === OK_NG ? c.judgement !== null : c.value !== null;

/**
 * The cells whose typed result differs from the saved one, as 录入结果 takes them: an OK/NG item's
 * judgement, a measured or counted item's value (the server judges it); null clears a cell.
 */
export function changedCells(
  items: readonly Item[],
  saved: ReadonlyMap<string, Cell>,
  edits: Edits,
): SaveResultsBody['results'] {
  const byLine = new Map(items.map((i) => [i.lineNo, i]));
  const out: SaveResultsBody['results'] = [];
  for (const [key, cell] of Object.entries(edits)) {
    const [sampleNo, lineNo] = key.split(':').map(Number);
    const item = byLine.get(lineNo);
    if (!item) continue;
    const was = saved.get(key) ?? EMPTY;
    if (item.valueType === OK_NG) {
      if (cell.judgement !== was.judgement)
        out.push({ sampleNo, lineNo, judgement: cell.judgement as 0 | 1 | null });
    } else if (cell.value !== was.value) out.push({ sampleNo, lineNo, value: cell.value });
  }
  return out.sort((a, b) => a.sampleNo - b.sampleNo || a.lineNo - b.lineNo);
}

/** 全部判定OK: every sample's OK/NG items not judged yet become OK; the count filled. */
export function fillOk(
  items: readonly Item[],
  sampleQuantity: number,
  saved: ReadonlyMap<string, Cell>,
  edits: Edits,
): { edits: Edits; filled: number } {
  const next: Record<string, Cell> = { ...edits };
  let filled = 0;
  for (const item of items) {
    if (item.valueType !== OK_NG) continue;
    for (let s = 1; s <= sampleQuantity; s++) {
      const key = cellKey(s, item.lineNo);
      if (currentOf(saved, edits, key).judgement !== null) continue;
      next[key] = { value: null, judgement: 0 };
      filled++;
    }
  }
  return { edits: filled ? next : edits, filled };
}

/** What the sheet holds now (saved and typed): NG samples per item, defective samples, cells filled per sample. */
export interface Tally {
  ngByLine: ReadonlyMap<number, number>;
  ngSamples: ReadonlySet<number>;
  filledBySample: ReadonlyMap<number, number>;
  filled: number;
}

export function tally(items: readonly Item[], saved: ReadonlyMap<string, Cell>, edits: Edits): Tally {
  const byLine = new Map(items.map((i) => [i.lineNo, i]));
  const ngByLine = new Map<number, number>();
  const ngSamples = new Set<number>();
  const filledBySample = new Map<number, number>();
  let filled = 0;
  const count = (key: string, c: Cell) => {
    const [sampleNo, lineNo] = key.split(':').map(Number);
    const item = byLine.get(lineNo);
    if (!item || !isFilled(item, c)) return;
    filled++;
    filledBySample.set(sampleNo, (filledBySample.get(sampleNo) ?? 0) + 1);
    if (c.judgement === 1) {
      ngByLine.set(lineNo, (ngByLine.get(lineNo) ?? 0) + 1);
      ngSamples.add(sampleNo);
    }
  };
  for (const [key, c] of saved) if (!(key in edits)) count(key, c);
  for (const [key, c] of Object.entries(edits)) count(key, c);
  return { ngByLine, ngSamples, filledBySample, filled };
}

/** An item's standard as its column shows it: the limits ('10~12 mm', '≥ 100', '≤ 2 个'), else the standard value. */
export function limitText(i: OrderItemRow): string {
  const unit = i.unit ? ` ${i.unit}` : '';
  if (i.valueType === OK_NG) return 'OK / NG';
  if (i.valueType === COUNT) return `缺陷数 ≤ ${formatNumber(i.upperLimit ?? 0)}${unit}`;
  const lo = i.lowerLimit === null ? undefined : formatNumber(i.lowerLimit);
  const hi = i.upperLimit === null ? undefined : formatNumber(i.upperLimit);
  if (lo !== undefined && hi !== undefined) return `${lo}~${hi}${unit}`;
  if (lo !== undefined) return `≥ ${lo}${unit}`;
  if (hi !== undefined) return `≤ ${hi}${unit}`;
  if (i.standardValue !== null) return `标准值 ${formatNumber(i.standardValue)}${unit}`;
  return i.unit ?? '';
}

export type SheetView = 'all' | 'open' | 'ng';
const VIEWS: { value: SheetView; label: string }[] = [
  { value: 'all', label: '全部样本' },
  { value: 'open', label: '未录完' },
  { value: 'ng', label: '含NG' },
];

/** The id of a cell's input, for Enter to move down a column. */
const inputId = (sampleNo: number, lineNo: number) => `qc-cell-${sampleNo}-${lineNo}`;
const focusCell = (sampleNo: number, lineNo: number) => {
  const next = document.getElementById(inputId(sampleNo, lineNo));
  if (next instanceof HTMLInputElement) next.focus();
};

/** A judgement as coloured text. */
const judgementText = (j: number | null) =>
  j === null ? (
    <Text type="secondary">{EMPTY_CELL}</Text>
  ) : (
    <Text strong style={{ color: j === 1 ? NG_COLOR : OK_COLOR }}>
      {checkResult.label(j)}
    </Text>
  );

/** The column title of an item: its name (code, class, method and instrument on hover) and its standard. */
function ItemTitle({ item }: { item: OrderItemRow }) {
  const more = [
    item.code,
    item.category,
    item.method && `方法：${item.method}`,
    item.instrument && `器具：${item.instrument}`,
  ]
    .filter(Boolean)
    .join('；');
  return (
    <Flex vertical align="center" gap={0}>
      <Tooltip title={more}>
        <span>{item.name}</span>
      </Tooltip>
      <Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
        {limitText(item)}
      </Text>
    </Flex>
  );
}

interface SampleRow {
  sampleNo: number;
}

/**
 * The inspection sheet: a row per sample and a column per item (titled with its standard), a
 * sample's judgement at the end and each item's NG count below. While `editable`, an OK/NG item
 * takes OK or NG, a measured or counted item its value, judged as typed (NG cells red; Enter goes
 * to the next sample); otherwise the results are shown. Paged, so a sheet of 1 250 samples stays
 * light; `jumpTo` shows the page of a sample (the one the server says is missing a result).
 */
export function SheetTable({
  sheet,
  saved,
  edits,
  onEdit,
  editable,
  jumpTo,
}: {
  sheet: InspectionSheet;
  saved: ReadonlyMap<string, Cell>;
  edits: Edits;
  onEdit(key: string, cell: Cell): void;
  editable: boolean;
  jumpTo?: { sampleNo: number; at: number };
}) {
  const { items, sampleQuantity: n } = sheet;
  const [view, setView] = useState<SheetView>('all');
  // a filtered view keeps the samples it was opened with, so a row does not vanish while it is typed in
  const [picked, setPicked] = useState<readonly number[]>();
  const [page, setPage] = useState({ current: 1, size: 20 });
  const counts = useMemo(() => tally(items, saved, edits), [items, saved, edits]);

  useEffect(() => {
    if (!jumpTo) return;
    setView('all');
    setPicked(undefined);
    setPage((p) => ({ ...p, current: Math.ceil(jumpTo.sampleNo / p.size) }));
  }, [jumpTo]);

  const rows = useMemo<SampleRow[]>(
    () => (picked ?? Array.from({ length: n }, (_, i) => i + 1)).map((sampleNo) => ({ sampleNo })),
    [picked, n],
  );
  const pick = (v: SheetView) => {
    const all = Array.from({ length: n }, (_, i) => i + 1);
    setView(v);
    setPicked(
      v === 'ng'
        ? all.filter((s) => counts.ngSamples.has(s))
        : v === 'open'
          ? all.filter((s) => (counts.filledBySample.get(s) ?? 0) < items.length)
          : undefined,
    );
    setPage((p) => ({ ...p, current: 1 }));
  };

  const columns: TableColumnType<SampleRow>[] = [
    {
      key: 'sample',
      title: '样本',
      width: 80,
      fixed: 'left',
      align: 'center',
      render: (_v, r) => (
        <Text
          strong={jumpTo?.sampleNo === r.sampleNo}
          type={jumpTo?.sampleNo === r.sampleNo ? 'danger' : undefined}
        >
          样本{r.sampleNo}
        </Text>
      ),
    },
    ...items.map<TableColumnType<SampleRow>>((item) => {
      const cellAt = (r: SampleRow) => currentOf(saved, edits, cellKey(r.sampleNo, item.lineNo));
      return {
        key: `item-${item.lineNo}`,
        title: <ItemTitle item={item} />,
        width: item.valueType === OK_NG ? 120 : 130,
        align: 'center',
        onCell: (r) => (cellAt(r).judgement === 1 ? { style: { background: NG_BACKGROUND } } : {}),
        render: (_v, r) => {
          const c = cellAt(r);
          const key = cellKey(r.sampleNo, item.lineNo);
          const label = `样本${r.sampleNo} ${item.name}`;
          if (!editable)
            return item.valueType === OK_NG ? (
              judgementText(c.judgement)
            ) : c.value === null ? (
              <Text type="secondary">{EMPTY_CELL}</Text>
            ) : (
              <Text strong={c.judgement === 1} style={c.judgement === 1 ? { color: NG_COLOR } : undefined}>
                {formatNumber(c.value)}
              </Text>
            );
          if (item.valueType === OK_NG)
            return (
              <Radio.Group
                aria-label={label}
                size="small"
                optionType="button"
                value={c.judgement ?? undefined}
                options={checkResult.options}
                onChange={(e) => onEdit(key, { value: null, judgement: e.target.value as number })}
              />
            );
          const ng = c.judgement === 1;
          return (
            <InputNumber<number>
              id={inputId(r.sampleNo, item.lineNo)}
              aria-label={label}
              aria-invalid={ng}
              size="small"
              value={c.value}
              min={item.valueType === COUNT ? 0 : -1e9}
              max={1e9}
              precision={item.valueType === COUNT ? 0 : undefined}
              status={ng ? 'error' : undefined}
              placeholder={item.valueType === COUNT ? '缺陷数' : '实测值'}
              style={{ width: '100%' }}
              onChange={(v) => {
                const value = typeof v === 'number' ? v : null;
                onEdit(key, { value, judgement: judgeValue(item, value) });
              }}
              onPressEnter={() => focusCell(r.sampleNo + 1, item.lineNo)}
            />
          );
        },
      };
    }),
    {
      key: 'verdict',
      title: '样本判定',
      width: 90,
      fixed: 'right',
      align: 'center',
      render: (_v, r) =>
        counts.ngSamples.has(r.sampleNo) ? (
          <Tag color="error" style={{ marginInlineEnd: 0 }}>
            NG
          </Tag>
        ) : (counts.filledBySample.get(r.sampleNo) ?? 0) === items.length ? (
          <Tag color="success" style={{ marginInlineEnd: 0 }}>
            OK
          </Tag>
        ) : (
          <Text type="secondary">未录完</Text>
        ),
    },
  ];
  const width = columns.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : 120), 0);

  return (
    <Flex vertical gap={12}>
      <Flex gap={12} align="center" wrap>
        <Segmented<SheetView> value={view} onChange={pick} options={VIEWS} />
        <Text type="secondary">
          已录入 {counts.filled} / {n * items.length} 项，不合格样本 {counts.ngSamples.size} 个
        </Text>
      </Flex>
      <Table<SampleRow>
        rowKey="sampleNo"
        size="small"
        bordered
        columns={columns}
        dataSource={rows}
        scroll={{ x: width }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          pageSizeOptions: [10, 20, 50, 100],
          showSizeChanger: true,
          showTotal: (t) => `共 ${t} 个样本`,
          onChange: (current, size) => setPage({ current, size }),
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={view === 'ng' ? '没有NG样本' : view === 'open' ? '全部样本已录入' : '没有检验项目'}
            />
          ),
        }}
        summary={() => (
          <Table.Summary fixed="bottom">
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} align="center">
                <Text strong>NG数</Text>
              </Table.Summary.Cell>
              {items.map((item, i) => {
                const ng = counts.ngByLine.get(item.lineNo) ?? 0;
                return (
                  <Table.Summary.Cell key={item.lineNo} index={i + 1} align="center">
                    <Text
                      strong={ng > 0}
                      type={ng > 0 ? 'danger' : 'secondary'}
                      aria-label={`${item.name}NG数`}
                    >
                      {ng}
                    </Text>
                  </Table.Summary.Cell>
                );
              })}
              <Table.Summary.Cell index={items.length + 1} align="center">
                <Text strong type={counts.ngSamples.size ? 'danger' : undefined}>
                  {counts.ngSamples.size}
                </Text>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
    </Flex>
  );
}

/** The defects found, as the lines editor holds them (declared here: they are the record call's, not an entity's). */
export const DEFECT_LINES: LinesDecl = {
  label: '不良明细',
  max: 100,
  fields: {
    defectName: {
      label: '不良项目',
      type: 'string',
      required: true,
      ref: { entity: 'defectItem', by: 'code', idField: 'defectItemId' },
      width: 220,
    },
    severity: { label: '严重程度', type: 'enum', enum: defectSeverity, readOnly: true, width: 90 },
    reasonName: {
      label: '不良原因',
      type: 'string',
      ref: { entity: 'scrapReason', by: 'name', idField: 'reasonId' },
      width: 180,
    },
    quantity: { label: '数量', type: 'integer', required: true, min: 1, max: 1_000_000, width: 110 },
    remark: { label: '备注', type: 'string', maxLength: 200, width: 200 },
  },
};

const DEFECT_ITEMS = entityEndpoints(defectItemEntity).list;
type DefectItem = { id: number; code?: string | null; name?: string | null; severity?: number | null };
const fromDefectItem = (r: DefectItem): DocLine => ({ defectName: r.name, severity: r.severity });

/** The defect item column: by code or name, picked or pasted; it brings the item's severity. */
const DEFECT_ITEM_COLUMN: Partial<LineColumn<DocLine>> = {
  editor: {
    kind: 'custom',
    render: ({ id, value, line, index, disabled, status, set }) => (
      <RemoteSelect
        id={id}
        endpoint={DEFECT_ITEMS}
        optionLabel={(r) => `${r.code ?? ''} ${r.name ?? ''}`}
        value={typeof value === 'number' ? value : undefined}
        placeholder="请选择不良项目"
        disabled={disabled}
        status={status}
        style={{ width: '100%' }}
        aria-label={`第${index + 1}行不良项目`}
        knownOptions={
          typeof value === 'number' && line.defectName
            ? [{ value, label: String(line.defectName) }]
            : undefined
        }
        onChange={(v, option) => {
          const row = Array.isArray(option) ? undefined : option?.row;
          set(v as number | undefined, row ? fromDefectItem(row) : undefined);
        }}
      />
    ),
    paste: async (text) => {
      const row = await lookupRow(DEFECT_ITEMS, text).catch(() => undefined);
      return row
        ? { value: row.id, patch: fromDefectItem(row) }
        : { error: `没有编码或名称为“${text}”的不良项目` };
    },
  },
};

export const defectColumns = (): LineColumn<DocLine>[] =>
  declaredLineColumns<DocLine>(DEFECT_LINES, { columns: { defectItemId: DEFECT_ITEM_COLUMN } });

/** The saved defects as editor lines. */
export const defectLinesOf = (rows: readonly OrderDefectRow[]): DocLine[] =>
  rows.map((r) => lineOfRow(DEFECT_LINES, r));

/** The editor's lines as 录入结果's `defects` (the whole list: it replaces the saved one). */
export function defectsBody(lines: readonly DocLine[]): NonNullable<SaveResultsBody['defects']> {
  return lines.map((l) => {
    const remark = typeof l.remark === 'string' ? l.remark.trim() : '';
    return {
      defectItemId: Number(l.defectItemId),
      reasonId: typeof l.reasonId === 'number' ? l.reasonId : null,
      quantity: Number(l.quantity),
      remark: remark || null,
    };
  });
}

/**
 * 不良明细: which defects were found, why (a scrap reason) and how many — edited in the lines
 * editor while the results are, saved with them; a table afterwards.
 */
export function DefectLines({
  rows,
  lines,
  onChange,
  columns,
  editable,
  editorRef,
}: {
  rows: readonly OrderDefectRow[];
  lines: readonly DocLine[];
  onChange(lines: DocLine[]): void;
  columns: readonly LineColumn<DocLine>[];
  editable: boolean;
  editorRef: Ref<LinesEditorHandle>;
}) {
  if (editable)
    return (
      <Flex vertical gap={8}>
        <Text type="secondary">发现致命缺陷时整批判定不合格。不良明细与检验结果一同保存。</Text>
        <LinesEditor<DocLine>
          id="inspectionDefects"
          ref={editorRef}
          value={lines}
          onChange={onChange}
          columns={columns}
          newLine={() => ({ quantity: 1 })}
          addLabel="添加不良"
          emptyText="未发现不良"
        />
      </Flex>
    );
  return (
    <Table<OrderDefectRow>
      rowKey={(_r, i) => String(i)}
      size="middle"
      pagination={false}
      dataSource={[...rows]}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未发现不良" /> }}
      columns={[
        { key: 'defect', title: '不良项目', dataIndex: 'defectName', width: 200 },
        {
          key: 'severity',
          title: '严重程度',
          width: 100,
          render: (_v, r) => <EnumCell value={r.severity} enumDecl={defectSeverity} />,
        },
        { key: 'reason', title: '不良原因', width: 160, render: (_v, r) => r.reasonName ?? EMPTY_CELL },
        {
          key: 'quantity',
          title: '数量',
          width: 90,
          align: 'right',
          render: (_v, r) => formatNumber(r.quantity),
        },
        { key: 'remark', title: '备注', render: (_v, r) => r.remark ?? EMPTY_CELL },
      ]}
    />
  );
}
