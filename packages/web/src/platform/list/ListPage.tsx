import { ReloadOutlined } from '@ant-design/icons';
import type { FilterItem, PageEndpoint, RowSchema } from '@factory/shared/api/list';
import type { EntityDecl } from '@factory/shared/entities/define';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Table,
  type TableColumnType,
  type TableProps,
  Tooltip,
  Typography,
} from 'antd';
import {
  type CSSProperties,
  type Key,
  type ReactNode,
  type Ref,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Static } from 'typebox';
import { usePermission } from '../usePermission.ts';
import { actionsWidth, RowActions, useActionRunner } from './actions.tsx';
import { ColumnSettings } from './ColumnSettings.tsx';
import { columnBases, columnDefsOf, FLEX_WIDTH, tableColumns } from './columns.tsx';
import { type SearchValues, searchFieldsOf } from './filters.ts';
import { parseOrder, sortableKeys, toOrder } from './order.ts';
import { SearchForm } from './SearchForm.tsx';
import type {
  ActionBase,
  BatchAction,
  ColumnOverride,
  ExtraColumn,
  ListContext,
  ListPageHandle,
  RowAction,
  ToolbarAction,
} from './types.ts';
import { useColumnPrefs } from './useColumnPrefs.ts';
import { useListQuery } from './useListQuery.ts';

const { Text, Title } = Typography;

/** The nearest ancestor that scrolls vertically (the shell's content area), else the window. */
function scrollParentOf(el: HTMLElement | null): HTMLElement | Window {
  for (let p = el?.parentElement; p; p = p.parentElement) {
    const { overflowY } = getComputedStyle(p);
    if ((overflowY === 'auto' || overflowY === 'scroll') && p.scrollHeight > p.clientHeight) return p;
  }
  return window;
}

export interface ListPageProps<T> {
  /** The entity declaration: columns, search form, sorting. */
  entity: EntityDecl;
  /** Route name: button permissions (`<route><Action>`) and the column preference key. */
  routeName: string;
  /** Row key field; 'id' when omitted. */
  rowKey?: keyof T & string;
  /** Card title; '{label}列表' when omitted. */
  title?: ReactNode;
  /** Per declared field: another title, width or cell. */
  columns?: Partial<Record<string, ColumnOverride<T>>>;
  extraColumns?: readonly ExtraColumn<T>[];
  rowActions?: readonly RowAction<T>[];
  /** Row actions shown inline before the rest fold into 更多 (3). */
  maxRowActions?: number;
  /** Width of the 操作 column; estimated from the labels when omitted. */
  actionWidth?: number;
  toolbar?: readonly ToolbarAction[];
  /** Actions on the selected rows; the selection column shows only when one is permitted. */
  batchActions?: readonly BatchAction<T>[];
  /** 导出 button (permission `<route>Export`), only when given. */
  onExport?(ctx: ListContext<T>): unknown;
  /** 导入 button (permission `<route>Import`), only when given. */
  onImport?(): unknown;
  /** Filters sent with every call (and export) but not in the search form: the rows under a parent. */
  fixedFilters?: readonly FilterItem[];
  /**
   * The page's own starting filter (work orders: only the open ones): the search form starts with
   * `values` and 重置 returns to them; while they hold, `note` says so above the table beside a
   * 查看全部 link that clears them.
   */
  defaultFilter?: { values: SearchValues; note: string };
  /** false: paging, sort and search live in the component, not the URL (a list under another list). */
  urlState?: boolean;
  /** false: no search form (a short list under a parent). */
  search?: boolean;
  /** A click on a row (choosing the parent a list below shows); the row with `activeRowId` is highlighted. */
  onRowClick?(row: T): void;
  activeRowId?: string | number;
  /** A row's own look (a reversal in red, a withdrawn record in grey); the table's when none. */
  rowStyle?(row: T): CSSProperties | undefined;
  /** Key of the saved column settings; the route name when omitted (two lists on one page need two). */
  prefsKey?: string;
  /** Told when the list call fails: a screen may show a page of its own for a refusal. */
  onLoadError?(error: unknown): void;
  ref?: Ref<ListPageHandle>;
}

/**
 * A list screen from an entity declaration (DESIGN §4): the search card, then the table card with
 * its title, toolbar, column settings, server-side paging and sorting, row and batch actions
 * filtered by button permission, the loading and '暂无数据' states. Query state lives in the URL.
 * Its rows are what `endpoint` (the `get<Entity>ListPage` call) declares.
 */
export function ListPage<S extends RowSchema>({
  entity,
  routeName,
  endpoint,
  rowKey = 'id' as keyof Static<S> & string,
  title,
  columns,
  extraColumns,
  rowActions = [],
  maxRowActions = 3,
  actionWidth,
  toolbar = [],
  batchActions = [],
  onExport,
  onImport,
  fixedFilters,
  defaultFilter,
  urlState = true,
  search = true,
  onRowClick,
  activeRowId,
  rowStyle,
  prefsKey = routeName,
  onLoadError,
  ref,
}: ListPageProps<NoInfer<Static<S>>> & { endpoint: PageEndpoint<S> }) {
  type T = Static<S>;
  const can = usePermission();
  const list = useListQuery(entity, endpoint, {
    fixed: fixedFilters,
    inUrl: urlState,
    defaultSearch: defaultFilter?.values,
  });
  const { query, state } = list;
  const reload = () => void query.refetch();
  useImperativeHandle(ref, () => ({ reload: () => void query.refetch() }), [query.refetch]);
  const { run, busy } = useActionRunner(reload);
  useEffect(() => {
    if (query.error) onLoadError?.(query.error);
  }, [query.error, onLoadError]);
  const cardRef = useRef<HTMLDivElement>(null);

  const permitted = <A extends { action?: string }>(items: readonly A[]) =>
    items.filter((a) => !a.action || can(routeName, a.action));
  const rowActs = permitted(rowActions);
  const tools = permitted(toolbar);
  const batches = permitted(batchActions);

  const defs = useMemo(() => columnDefsOf(entity, columns, extraColumns), [entity, columns, extraColumns]);
  const bases = useMemo(() => columnBases(defs), [defs]);
  const labels = useMemo(() => new Map(defs.map((d) => [d.key, d.label])), [defs]);
  const prefs = useColumnPrefs(prefsKey, bases);
  const sortable = useMemo(() => sortableKeys(entity), [entity]);
  const hasSearch = useMemo(() => search && searchFieldsOf(entity).length > 0, [entity, search]);

  const [selected, setSelected] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] });
  const stateKey = JSON.stringify(state);
  // a new page, search or sort starts a new selection
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the state's JSON text
  useEffect(() => setSelected({ keys: [], rows: [] }), [stateKey]);

  const idOf = (row: T) => String(row[rowKey]);
  const filterKeys = Object.keys(defaultFilter?.values ?? {});
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const atDefaultFilter =
    filterKeys.length > 0 && filterKeys.every((k) => same(state.search[k], defaultFilter?.values[k]));
  const cols: TableColumnType<T>[] = tableColumns(defs, prefs.columns, parseOrder(state.order, sortable));
  if (rowActs.length) {
    cols.push({
      key: '__actions',
      title: '操作',
      fixed: 'right',
      width:
        actionWidth ??
        actionsWidth(
          rowActs.map((a) => a.label),
          maxRowActions,
        ),
      render: (_: unknown, row: T) => (
        <RowActions row={row} rowId={idOf(row)} actions={rowActs} max={maxRowActions} busy={busy} run={run} />
      ),
    });
  }
  const scrollX = cols.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : FLEX_WIDTH), 0);

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') list.sort(toOrder(sorter, sortable));
    else if (extra.action === 'paginate')
      list.page(pagination.current ?? 1, pagination.pageSize ?? state.pageSize);
  };

  const ctx = (): ListContext<T> => ({
    filters: list.filters,
    order: state.order,
    selected: selected.rows,
    columns: prefs.columns.filter((c) => c.checked).map((c) => c.key),
  });
  const toolButton = <A extends unknown[]>(
    a: ActionBase<A>,
    args: A,
    opts: { primary?: boolean; disabled?: boolean } = {},
  ) => (
    <Button
      key={a.key}
      type={opts.primary ? 'primary' : 'default'}
      danger={a.danger}
      icon={a.icon}
      disabled={opts.disabled}
      loading={busy === `${a.key}:`}
      onClick={() => run(a, `${a.key}:`, ...args)}
    >
      {a.label}
    </Button>
  );

  const empty = query.isError ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="加载失败">
      <Button onClick={reload}>重新加载</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
  );

  return (
    <Flex vertical gap={16}>
      {hasSearch && (
        <SearchForm
          entity={entity}
          values={state.search}
          defaults={list.defaultSearch}
          onSearch={list.search}
        />
      )}
      <Card ref={cardRef} variant="borderless" styles={{ body: { padding: 0 } }}>
        <Flex align="center" justify="space-between" wrap gap={12} style={{ padding: '14px 20px' }}>
          <Title level={5} style={{ margin: 0 }}>
            {title ?? `${entity.label}列表`}
          </Title>
          <Flex align="center" gap={8} wrap>
            {tools.map((a) => toolButton(a, [] as [], { primary: a.primary }))}
            {batches.map((a) => toolButton(a, [selected.rows] as [T[]], { disabled: !selected.rows.length }))}
            {onImport &&
              can(routeName, 'Import') &&
              toolButton({ key: 'import', label: '导入', onClick: onImport }, [] as [])}
            {onExport &&
              can(routeName, 'Export') &&
              toolButton({ key: 'export', label: '导出', onClick: () => onExport(ctx()) }, [] as [])}
            <Tooltip title="刷新">
              <Button
                icon={<ReloadOutlined spin={query.isFetching && !query.isPending} />}
                aria-label="刷新"
                onClick={reload}
              />
            </Tooltip>
            <ColumnSettings
              labels={labels}
              columns={prefs.columns}
              defaults={prefs.defaults}
              onSave={prefs.save}
            />
          </Flex>
        </Flex>
        {defaultFilter && atDefaultFilter && (
          <Alert
            type="info"
            showIcon
            style={{ margin: '0 20px 12px' }}
            title={
              <Flex gap={12} align="center">
                <Text>{defaultFilter.note}</Text>
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    list.search(
                      Object.fromEntries(
                        Object.entries(state.search).filter(([k]) => !filterKeys.includes(k)),
                      ),
                    )
                  }
                >
                  查看全部
                </Button>
              </Flex>
            }
          />
        )}
        {batches.length > 0 && selected.keys.length > 0 && (
          <Alert
            type="info"
            showIcon
            style={{ margin: '0 20px 12px' }}
            title={
              <Flex gap={12} align="center">
                <Text>
                  已选择 <Text strong>{selected.keys.length}</Text> 项
                </Text>
                <Button type="link" size="small" onClick={() => setSelected({ keys: [], rows: [] })}>
                  取消选择
                </Button>
              </Flex>
            }
          />
        )}
        <Table<T>
          rowKey={rowKey}
          columns={cols}
          dataSource={query.data?.content}
          loading={query.isFetching || query.isPending}
          onChange={onChange}
          size="middle"
          scroll={{ x: scrollX }}
          // header and horizontal scroll bar stay in view on long pages
          sticky={{ getContainer: () => scrollParentOf(cardRef.current) }}
          locale={{ emptyText: query.isFetching || query.isPending ? ' ' : empty }}
          onRow={
            onRowClick || rowStyle
              ? (row) => ({
                  onClick: onRowClick && (() => onRowClick(row)),
                  style: { ...(onRowClick ? { cursor: 'pointer' } : {}), ...rowStyle?.(row) },
                })
              : undefined
          }
          rowClassName={(row) =>
            activeRowId !== undefined && idOf(row) === String(activeRowId) ? 'ant-table-row-selected' : ''
          }
          rowSelection={
            batches.length
              ? {
                  selectedRowKeys: selected.keys,
                  onChange: (keys, rows) => setSelected({ keys, rows }),
                  fixed: true,
                }
              : undefined
          }
          pagination={{
            current: state.currentPage,
            pageSize: state.pageSize,
            total: query.data?.total ?? 0,
            pageSizeOptions: list.sizes,
            showSizeChanger: true,
            showQuickJumper: true,
            showTotal: (t) => `共 ${t} 条`,
            style: { padding: '0 20px' },
          }}
        />
      </Card>
    </Flex>
  );
}
