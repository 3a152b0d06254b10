import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { informationApi } from '@factory/shared/api/information';
import type { SelectEndpoint } from '@factory/shared/api/list';
import {
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  type FormInstance,
  Row,
  Table,
  type TableColumnType,
  type TableProps,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { downloadFile, type TransferOptions } from '../../platform/list/download.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { usePageSizes } from '../../platform/list/useListQuery.ts';

/** Every enabled warehouse stock may lie in: ordinary, line-side and suppliers' 委外仓. */
const WAREHOUSES = informationApi.warehouses;

/** Warehouses chosen in a filter, as the stock calls take them ('1,2'); all when none. */
export const warehouseIdStr = (ids: readonly number[] | undefined) =>
  ids?.length ? ids.join(',') : undefined;

/** Several warehouses to look at; none means all. The warehouses', or another select (the line-side ones'). */
export function WarehousesSelect({
  endpoint = WAREHOUSES,
  placeholder = '全部仓库',
  ...props
}: {
  value?: number[];
  onChange?(v: number[]): void;
  id?: string;
  endpoint?: SelectEndpoint;
  placeholder?: string;
}) {
  return (
    <RemoteSelect
      {...props}
      mode="multiple"
      endpoint={endpoint}
      placeholder={placeholder}
      allowClear
      maxTagCount="responsive"
      onChange={(v) => props.onChange?.(Array.isArray(v) ? v.map(Number) : [])}
    />
  );
}

/** The filter card of a stock report: its items in a grid, 重置 and 查询 at the end. */
export function FilterCard<V extends object>({
  form,
  name,
  initialValues,
  onSearch,
  children,
}: {
  form: FormInstance<V>;
  name: string;
  initialValues: V;
  onSearch(values: V): void;
  children: ReactNode;
}) {
  return (
    <Card variant="borderless" styles={{ body: { padding: '20px 24px 0' } }}>
      <Form<V>
        form={form}
        name={name}
        initialValues={initialValues}
        labelCol={{ flex: '90px' }}
        wrapperCol={{ flex: 1 }}
        labelWrap
        onFinish={onSearch}
      >
        <Row gutter={24}>
          {children}
          <Col flex="auto">
            <Form.Item>
              <Flex justify="flex-end" gap={8}>
                <Button
                  icon={<ReloadOutlined />}
                  onClick={() => {
                    form.resetFields();
                    onSearch(initialValues);
                  }}
                >
                  重置
                </Button>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  查询
                </Button>
              </Flex>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}

/** One filter item in the card's grid (four to a row on a wide screen). */
export function FilterItem({ children, wide }: { children: ReactNode; wide?: boolean }) {
  return (
    <Col xs={24} sm={12} lg={wide ? 12 : 8} xxl={wide ? 12 : 6}>
      {children}
    </Col>
  );
}

/** The head of a report's table card: its title, a note, and its buttons. */
export function TableHead({
  title,
  note,
  fetching,
  onReload,
  onExport,
  exporting,
}: {
  title: string;
  note?: ReactNode;
  fetching: boolean;
  onReload(): void;
  onExport?(): void;
  exporting?: boolean;
}) {
  return (
    <Flex align="center" justify="space-between" wrap gap={12} style={{ padding: '14px 20px' }}>
      <Flex align="baseline" gap={12} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {note && <Typography.Text type="secondary">{note}</Typography.Text>}
      </Flex>
      <Flex gap={8}>
        {onExport && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
            导出
          </Button>
        )}
        <Tooltip title="刷新">
          <Button icon={<ReloadOutlined spin={fetching} />} aria-label="刷新" onClick={onReload} />
        </Tooltip>
      </Flex>
    </Flex>
  );
}

/** A report's server paging: the page asked for, its size (the tenant's choices), antd's pager. */
export function useReportPaging() {
  const { sizes, defaultSize } = usePageSizes();
  const [page, setPage] = useState<{ current: number; size?: number }>({ current: 1 });
  const pageSize = page.size ?? defaultSize;
  return {
    current: page.current,
    pageSize,
    /** Back to the first page (the filters or the order changed). */
    first: () => setPage((p) => ({ ...p, current: 1 })),
    pagination: (total: number): NonNullable<TableProps['pagination']> => ({
      current: page.current,
      pageSize,
      total,
      pageSizeOptions: sizes,
      showSizeChanger: true,
      showQuickJumper: true,
      showTotal: (t) => `共 ${t} 条`,
      style: { padding: '0 20px' },
      onChange: (current, size) => setPage({ current: size !== pageSize ? 1 : current, size }),
    }),
  };
}

/** An export of a report as filtered: the file, and whether it is being made. */
export function useReportExport(path: string, query: TransferOptions['query'], fileName: string) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      await downloadFile(path, { query }, fileName);
    } catch {
      // the request client has said why
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}

/** The table card of a report: its head (title, note, export, reload) and its server-paged table. */
export function ReportTable<T extends object>({
  head,
  rowKey,
  columns,
  data,
  fetching,
  paging,
  empty,
  onChange,
  rowClassName,
}: {
  head: Omit<Parameters<typeof TableHead>[0], 'fetching'>;
  rowKey: TableProps<T>['rowKey'];
  columns: TableColumnType<T>[];
  data?: { content: T[]; total: number };
  fetching: boolean;
  paging: ReturnType<typeof useReportPaging>;
  /** What an empty answer says. */
  empty: string;
  /** The table's own changes (a sort); the pager is the paging's. */
  onChange?: TableProps<T>['onChange'];
  rowClassName?: TableProps<T>['rowClassName'];
}) {
  const scrollX = columns.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : 120), 0);
  return (
    <Card variant="borderless" styles={{ body: { padding: 0 } }}>
      <TableHead {...head} fetching={fetching} />
      <Table<T>
        rowKey={rowKey}
        size="middle"
        columns={columns}
        dataSource={data?.content}
        loading={fetching}
        scroll={{ x: scrollX }}
        rowClassName={rowClassName}
        onChange={onChange}
        locale={{
          emptyText: fetching ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />,
        }}
        pagination={paging.pagination(data?.total ?? 0)}
      />
    </Card>
  );
}
