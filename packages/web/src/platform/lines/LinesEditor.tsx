import { PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Flex,
  Input,
  InputNumber,
  Select,
  Table,
  type TableColumnType,
  Typography,
} from 'antd';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { LineActions } from './LineActions.tsx';
import {
  applyPaste,
  type CellContext,
  isEditable,
  isGrid,
  type LineColumn,
  type LineError,
  lineErrors,
  moveLine,
  parseClipboard,
} from './lines.ts';

export interface LinesEditorHandle {
  /** Shows every line's faults (also those of lines not touched yet); true when there are none. */
  validate(): boolean;
  /** Shows faults found elsewhere (the server's, by line index) until their cells are edited. */
  showErrors(errors: readonly LineError[]): void;
}

export interface LinesEditorProps<T> {
  value?: readonly T[];
  onChange?(lines: T[]): void;
  columns: readonly LineColumn<T>[];
  /** The line 添加 adds (and pasting below the last line), given the lines there are. */
  newLine(lines: readonly T[]): T;
  /** The line 复制 inserts below the original: without its id, say; a plain copy when omitted. */
  copyLine?(line: T): T;
  /** How a move reorders the lines (a BOM swaps the two lines' sort numbers too). */
  move?(lines: readonly T[], from: number, to: number): T[];
  /** 上移/下移 offered; true when omitted. */
  reorder?: boolean;
  disabled?: boolean;
  addLabel?: string;
  emptyText?: ReactNode;
  /** Beside the add button, on the right (the save button). */
  footer?: ReactNode;
  /** The wrapper's id (tests and labels find the editor by it). */
  id?: string;
  ref?: Ref<LinesEditorHandle>;
}

const SEQ_WIDTH = 60;
const ACTIONS_WIDTH = 140;
const at = (row: number, col: number) => `${row}:${col}`;
const cellKey = (lineKey: string, key: string) => `${lineKey}|${key}`;
/** A cell says only what is wrong with it; the list above names the row and the column. */
const faultText = (message: string, index: number, title: string) => {
  for (const prefix of [`第${index + 1}行“${title}”`, `第${index + 1}行`]) {
    const rest = message.startsWith(prefix) ? message.slice(prefix.length).replace(/^：/, '') : '';
    if (rest) return rest;
  }
  return message;
};
let lastKey = 0;
const nextKey = () => `l${++lastKey}`;

/**
 * An editable table of a document's lines, driven by a column declaration: per-line checks named by
 * row and column (on the cell and listed above the table), add / copy / remove (asking first when
 * the line has data) / reorder, Enter and Tab to the next cell (past the last one a new line), and
 * paste from Excel, which fills the cells right and down from the one pasted into, adding lines.
 * Controlled: it sits in an antd Form.Item or stands alone.
 */
export function LinesEditor<T extends object>({
  value,
  onChange,
  columns,
  newLine,
  copyLine = (l) => ({ ...l }),
  move = moveLine,
  reorder = true,
  disabled = false,
  addLabel = '添加行',
  emptyText = '暂无数据',
  footer,
  id,
  ref,
}: LinesEditorProps<T>) {
  const { modal } = App.useApp();
  const lines = value ?? [];
  const latest = useRef(lines);
  latest.current = lines;
  // stable row keys beside the lines, so inputs keep their state when lines move
  const keys = useRef<string[]>([]);
  while (keys.current.length < lines.length) keys.current.push(nextKey());
  keys.current.length = lines.length;
  const root = useRef<HTMLDivElement>(null);
  const focusNext = useRef<{ row: number; col: number }>(undefined);
  const [showAll, setShowAll] = useState(false);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  // lines added and not edited yet: removing them asks nothing
  const [pristine, setPristine] = useState<ReadonlySet<string>>(new Set());
  const [outside, setOutside] = useState<ReadonlyMap<string, string>>(new Map());

  const editable = columns.filter(isEditable);
  const colIndex = (key: string) => columns.findIndex((c) => c.key === key);
  /**
   * The lines' faults: those found elsewhere (a paste that matched nothing, the server) until their
   * cells are edited, being the more telling, then the lines' own checks.
   */
  const faultsOf = (list: readonly T[], all: boolean): LineError[] => {
    const found = list.flatMap((_, index) =>
      columns.flatMap((c) => {
        const message = outside.get(cellKey(keys.current[index], c.key));
        return message ? [{ index, key: c.key, message }] : [];
      }),
    );
    const own = lineErrors(columns, list).filter(
      (e) =>
        (all || touched.has(keys.current[e.index])) &&
        !found.some((f) => f.index === e.index && f.key === e.key),
    );
    return [...found, ...own].sort((a, b) => a.index - b.index || colIndex(a.key) - colIndex(b.key));
  };
  const errors = faultsOf(lines, showAll);
  const errorAt = (index: number, key: string) => errors.find((e) => e.index === index && e.key === key);

  useImperativeHandle(ref, () => ({
    validate: () => {
      setShowAll(true);
      return faultsOf(latest.current, true).length === 0;
    },
    showErrors: (list) => {
      setShowAll(true);
      setOutside(new Map(list.map((e) => [cellKey(keys.current[e.index], e.key), e.message])));
    },
  }));

  const focusCell = (row: number, col: number) =>
    root.current
      ?.querySelector(`[data-cell="${at(row, col)}"]`)
      ?.querySelector<HTMLElement>('input, textarea, [tabindex]:not([tabindex="-1"])')
      ?.focus();
  // after a line was added or moved, the cursor goes to its cell once it is drawn
  useEffect(() => {
    const f = focusNext.current;
    if (!f) return;
    focusNext.current = undefined;
    focusCell(f.row, f.col);
  });

  const emit = (next: T[], nextKeys: string[]) => {
    keys.current = nextKeys;
    onChange?.(next);
  };
  const forget = (lineKey: string, fieldKeys: readonly string[]) =>
    setOutside((m) => {
      if (!fieldKeys.some((k) => m.has(cellKey(lineKey, k)))) return m;
      const n = new Map(m);
      for (const k of fieldKeys) n.delete(cellKey(lineKey, k));
      return n;
    });
  const touch = (lineKey: string) => {
    setTouched((s) => (s.has(lineKey) ? s : new Set(s).add(lineKey)));
    setPristine((s) => {
      if (!s.has(lineKey)) return s;
      const n = new Set(s);
      n.delete(lineKey);
      return n;
    });
  };

  const setCell = (index: number, key: string, v: unknown, patch?: Partial<T>) => {
    const next = [...latest.current];
    next[index] = { ...next[index], ...patch, [key]: v };
    const k = keys.current[index];
    touch(k);
    forget(k, [key, ...Object.keys(patch ?? {})]);
    emit(next, [...keys.current]);
  };

  const add = (focus = false) => {
    const k = nextKey();
    setPristine((s) => new Set(s).add(k));
    if (focus) focusNext.current = { row: latest.current.length, col: 0 };
    emit([...latest.current, newLine(latest.current)], [...keys.current, k]);
  };

  const moveTo = (from: number, to: number) => {
    if (to < 0 || to >= latest.current.length) return;
    emit(move(latest.current, from, to), moveLine(keys.current, from, to));
  };

  const copy = (index: number) => {
    const next = [...latest.current];
    next.splice(index + 1, 0, copyLine(latest.current[index]));
    const nextKeys = [...keys.current];
    const k = nextKey();
    nextKeys.splice(index + 1, 0, k);
    setTouched((s) => new Set(s).add(k));
    emit(next, nextKeys);
  };

  const remove = (index: number) => {
    const k = keys.current[index];
    const drop = () => {
      const i = keys.current.indexOf(k);
      if (i < 0) return;
      emit(
        latest.current.filter((_, j) => j !== i),
        keys.current.filter((_, j) => j !== i),
      );
    };
    if (pristine.has(k)) drop();
    else
      modal.confirm({
        title: '提示',
        content: `确定移除第${index + 1}行吗？`,
        okText: '确定',
        cancelText: '取消',
        okButtonProps: { danger: true },
        onOk: drop,
      });
  };

  const onKeyDown = (row: number, col: number) => (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      if (!reorder || disabled) return;
      // the number box would also step its value on the arrow
      e.preventDefault();
      e.stopPropagation();
      const to = e.key === 'ArrowUp' ? row - 1 : row + 1;
      if (to < 0 || to >= lines.length) return;
      focusNext.current = { row: to, col };
      moveTo(row, to);
      return;
    }
    const enter = e.key === 'Enter' && !e.nativeEvent.isComposing;
    if (!(enter || e.key === 'Tab')) return;
    // an open dropdown takes Enter as its choice
    if (enter && target.getAttribute('aria-expanded') === 'true') return;
    if (enter && target.tagName === 'TEXTAREA') return;
    e.preventDefault();
    e.stopPropagation();
    const back = e.key === 'Tab' && e.shiftKey;
    const flat = row * editable.length + col + (back ? -1 : 1);
    if (flat < 0) return;
    if (flat >= lines.length * editable.length) {
      if (!disabled) add(true);
      return;
    }
    focusCell(Math.floor(flat / editable.length), flat % editable.length);
  };

  const onPaste = (row: number, col: number) => (e: ClipboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const text = e.clipboardData.getData('text/plain');
    const kind = editable[col].editor.kind;
    // one value into a text or number box is the box's own paste
    if (!text || (!isGrid(text) && (kind === 'text' || kind === 'number'))) return;
    e.preventDefault();
    const before = keys.current;
    const grid = parseClipboard(text);
    void applyPaste({ lines: latest.current, columns, grid, row, col, blank: newLine }).then((res) => {
      const nextKeys = [...before];
      while (nextKeys.length < res.lines.length) nextKeys.push(nextKey());
      const filled = editable.slice(col).map((c) => c.key);
      setOutside((m) => {
        const n = new Map(m);
        grid.forEach((_, r) => {
          for (const k of filled) n.delete(cellKey(nextKeys[row + r], k));
        });
        for (const err of res.errors) n.set(cellKey(nextKeys[err.index], err.key), err.message);
        return n;
      });
      setTouched((s) => new Set([...s, ...grid.map((_, r) => nextKeys[row + r])]));
      emit(res.lines, nextKeys);
    });
  };

  const editorOf = (c: LineColumn<T>, line: T, index: number): ReactNode => {
    const v = (line as Record<string, unknown>)[c.key];
    const status = errorAt(index, c.key) ? ('error' as const) : undefined;
    const set = (x: unknown, patch?: Partial<T>) => setCell(index, c.key, x, patch);
    const controlId = `${id ?? 'lines'}_${keys.current[index]}_${c.key}`;
    const e = c.editor;
    switch (e.kind) {
      case 'view':
        return e.render(line, index);
      case 'text':
        return (
          <Input
            id={controlId}
            value={(v as string | undefined) ?? ''}
            onChange={(ev) => set(ev.target.value)}
            maxLength={e.maxLength}
            placeholder={e.placeholder}
            disabled={disabled}
            status={status}
            aria-label={`第${index + 1}行${c.title}`}
          />
        );
      case 'number':
        return (
          <InputNumber<number>
            id={controlId}
            value={(v as number | null | undefined) ?? null}
            onChange={(x) => set(x ?? undefined)}
            min={e.min}
            max={e.max}
            precision={e.precision}
            placeholder={e.placeholder}
            suffix={e.suffix?.(line) ?? undefined}
            disabled={disabled}
            status={status}
            style={{ width: '100%' }}
            aria-label={`第${index + 1}行${c.title}`}
          />
        );
      case 'select':
        return (
          <Select
            id={controlId}
            value={v as string | number | undefined}
            onChange={(x) => set(x)}
            options={e.options.map((o) => ({ value: o.value, label: o.label }))}
            placeholder={e.placeholder}
            allowClear={e.allowClear}
            showSearch={{ optionFilterProp: 'label' }}
            disabled={disabled}
            status={status}
            style={{ width: '100%' }}
            aria-label={`第${index + 1}行${c.title}`}
          />
        );
      default: {
        const ctx: CellContext<T> = { id: controlId, value: v, line, index, disabled, status, set };
        return e.render(ctx);
      }
    }
  };

  type Row = { key: string; line: T; index: number };
  const tableColumns: TableColumnType<Row>[] = [
    { key: '__seq', title: '序号', width: SEQ_WIDTH, align: 'center', render: (_, r) => r.index + 1 },
    ...columns.map(
      (c): TableColumnType<Row> => ({
        key: c.key,
        title: c.required ? (
          <>
            <Typography.Text type="danger">*</Typography.Text> {c.title}
          </>
        ) : (
          c.title
        ),
        width: c.width,
        render: (_, r) => {
          if (!isEditable(c)) return editorOf(c, r.line, r.index);
          const col = editable.indexOf(c);
          const err = errorAt(r.index, c.key);
          return (
            <div
              data-cell={at(r.index, col)}
              onKeyDownCapture={onKeyDown(r.index, col)}
              onPasteCapture={onPaste(r.index, col)}
            >
              {editorOf(c, r.line, r.index)}
              {err && (
                <Typography.Text type="danger" style={{ display: 'block', fontSize: 12, lineHeight: '18px' }}>
                  {faultText(err.message, r.index, c.title)}
                </Typography.Text>
              )}
            </div>
          );
        },
      }),
    ),
    ...(disabled
      ? []
      : [
          {
            key: '__actions',
            title: '操作',
            width: reorder ? ACTIONS_WIDTH : ACTIONS_WIDTH - 56,
            fixed: 'right' as const,
            render: (_: unknown, r: Row) => (
              <LineActions
                index={r.index}
                count={lines.length}
                reorder={reorder}
                onMove={moveTo}
                onCopy={() => copy(r.index)}
                onRemove={() => remove(r.index)}
              />
            ),
          },
        ]),
  ];
  const scrollX = tableColumns.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : 160), 0);

  return (
    <Flex vertical gap={12} id={id} ref={root}>
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={`${errors.length} 处需要修改`}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {errors.map((e) => (
                <li key={`${e.index}|${e.key}`}>{e.message}</li>
              ))}
            </ul>
          }
        />
      )}
      <Table<Row>
        rowKey="key"
        size="small"
        columns={tableColumns}
        dataSource={lines.map((line, index) => ({ key: keys.current[index], line, index }))}
        pagination={false}
        scroll={{ x: scrollX }}
        locale={{ emptyText }}
        onRow={() => ({ style: { verticalAlign: 'top' } })}
      />
      {(!disabled || footer) && (
        <Flex justify="space-between" align="center" wrap gap={12}>
          {disabled ? (
            <span />
          ) : (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
              {addLabel}
            </Button>
          )}
          {footer}
        </Flex>
      )}
    </Flex>
  );
}
