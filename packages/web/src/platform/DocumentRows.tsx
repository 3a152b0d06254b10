import { RollbackOutlined } from '@ant-design/icons';
import { routeHref } from '@factory/shared/routes';
import { Button, Empty, Flex, Table, type TableColumnType, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A row of what an order moved through stock: one line of one stock document, perhaps taken back. */
export interface DocumentRow {
  stockDocId: number;
  stockDocCode: string;
  reversedAt: string | null;
  reversedByName?: string | null;
}

/** A column of the table: what it shows of a row (struck through once the row's document is taken back). */
export interface DocumentColumn<R> {
  key: string;
  title: ReactNode;
  width?: number;
  align?: 'left' | 'right' | 'center';
  render(row: R): ReactNode;
}

/** A cell of a document taken back: struck through and grey. */
export const struck = (r: DocumentRow, content: ReactNode): ReactNode =>
  r.reversedAt ? (
    <Typography.Text delete type="secondary">
      {content}
    </Typography.Text>
  ) : (
    content
  );

/**
 * What an order moved through stock (a sales order's shipments, a purchase order's receipts), each
 * stock document's rows together: its number (a link to it), `documentColumns` and the reversal
 * (`reverse`, taking back the whole document) once for all its rows; a document taken back is
 * struck through, tagged 已<verb> with who and when, and offers no reversal.
 */
export function DocumentRows<R extends DocumentRow>({
  rows,
  rowKey,
  empty,
  docTitle,
  verb,
  documentColumns,
  lineColumns,
  reverse,
  scrollX,
}: {
  rows: readonly R[] | undefined;
  rowKey: (r: R) => string | number;
  /** Said when there are no rows. */
  empty: string;
  /** The document column's title (出库单, 入库单). */
  docTitle: string;
  /** What taking a document back is called on its tag and tooltip (撤销, 冲销). */
  verb: string;
  /** Of the document, shown once for its rows after its number (the time, who). */
  documentColumns: readonly DocumentColumn<R>[];
  /** Of each row (material, batch, quantity…). */
  lineColumns: readonly DocumentColumn<R>[];
  /** The reversal's button on each document not yet taken back; none when the user may not. */
  reverse?: { label: string; onClick(r: R): void };
  scrollX?: number;
}) {
  if (!rows?.length) return <Empty description={empty} />;
  // rows of one document follow one another: the first spans them
  const span = (i: number) => {
    if (i > 0 && rows[i - 1].stockDocId === rows[i].stockDocId) return 0;
    let n = 1;
    while (rows[i + n]?.stockDocId === rows[i].stockDocId) n++;
    return n;
  };
  // a document's cells at the top of its rows
  const spanned = {
    onCell: (_r: R, i?: number) => ({ rowSpan: span(i ?? 0), style: { verticalAlign: 'top' as const } }),
  };
  const column = (c: DocumentColumn<R>): TableColumnType<R> => ({
    key: c.key,
    title: c.title,
    width: c.width,
    align: c.align,
    render: (_v, r) => struck(r, c.render(r)),
  });
  const columns: TableColumnType<R>[] = [
    {
      key: 'doc',
      title: docTitle,
      width: 160,
      ...spanned,
      render: (_v, r) => (
        <Flex gap={6} align="center" wrap>
          <Link to={routeHref('warehouseOperateDetail', { id: r.stockDocId })}>{r.stockDocCode}</Link>
          {r.reversedAt && (
            <Tooltip title={[r.reversedByName, r.reversedAt, verb].filter(Boolean).join(' ')}>
              <Tag style={{ marginInlineEnd: 0 }}>已{verb}</Tag>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    ...documentColumns.map((c) => ({ ...column(c), ...spanned })),
    ...lineColumns.map(column),
    ...(reverse
      ? [
          {
            key: 'actions',
            title: '操作',
            width: 110,
            fixed: 'right' as const,
            ...spanned,
            render: (_v: unknown, r: R) =>
              r.reversedAt ? null : (
                <Button
                  type="link"
                  danger
                  size="small"
                  icon={<RollbackOutlined />}
                  onClick={() => reverse.onClick(r)}
                >
                  {reverse.label}
                </Button>
              ),
          },
        ]
      : []),
  ];
  return (
    <Table<R>
      rowKey={rowKey}
      size="middle"
      pagination={false}
      dataSource={rows as R[]}
      scroll={scrollX ? { x: scrollX } : undefined}
      columns={columns}
    />
  );
}
