import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import {
  type SalesDemandDetail,
  type SalesDemandQuery,
  type SalesDemandRow,
  salesApi,
} from '@factory/shared/api/sales';
import { confirmStatus, orderPlanStatus, salesOrderStatus } from '@factory/shared/enums';
import { routeHref } from '@factory/shared/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  Radio,
  Table,
  type TableColumnType,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppDrawer } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { downloadFile } from '../../platform/list/download.ts';
import { formatNumber } from '../../platform/list/format.ts';
import { usePageSizes } from '../../platform/list/useListQuery.ts';
import { usePermission } from '../../platform/usePermission.ts';

const ROUTE = 'salesDemandList';

type Filters = Omit<SalesDemandQuery, 'currentPage' | 'pageSize'>;
interface Values {
  keyword?: string;
  granularity: 'week' | 'month';
  range?: [Dayjs, Dayjs] | null;
  onlyUncovered?: boolean;
}
const START: Values = { granularity: 'week' };

const filtersOf = (v: Values): Filters => ({
  keyword: v.keyword?.trim() || undefined,
  granularity: v.granularity,
  beginTime: v.range?.[0]?.format('YYYY-MM-DD'),
  endTime: v.range?.[1]?.format('YYYY-MM-DD'),
  onlyUncovered: v.onlyUncovered ? 1 : undefined,
});

const qty = (v: number) => formatNumber(v);
const rowKey = (r: SalesDemandRow) => `${r.materialsId}-${r.periodStart}`;

/** The delivery mark of a row: overdue or due within 7 days, while something is uncovered. */
function DueTag({ row }: { row: SalesDemandRow }) {
  if (!row.urgent) return null;
  return <Tag color="red">{row.overdue ? '已逾期' : '7天内到期'}</Tag>;
}

/** The open sales lines behind a row and the product's open production orders. */
function DemandDrawer({
  row,
  granularity,
  onClose,
}: {
  row?: SalesDemandRow;
  granularity: 'week' | 'month';
  onClose(): void;
}) {
  const query = useQuery({
    queryKey: [salesApi.demandDetail.path, row?.materialsId, granularity, row?.periodStart],
    queryFn: ({ signal }) =>
      call(
        salesApi.demandDetail,
        { materialsId: row?.materialsId as number, granularity, periodStart: row?.periodStart as string },
        { signal },
      ),
    enabled: !!row,
  });
  const data: SalesDemandDetail | undefined = query.data;
  return (
    <AppDrawer
      open={!!row}
      size={1000}
      title={
        row ? `销售需求明细 — ${row.materialsCode} ${row.materialsName} · ${row.period}` : '销售需求明细'
      }
      onClose={onClose}
    >
      {row && (
        <Flex vertical gap={16}>
          <Typography.Text type="secondary">
            {row.periodStart} 至 {row.periodEnd}：未发货需求 {qty(row.demandQuantity)}，库存覆盖{' '}
            {qty(row.stockCovered)}，在制覆盖 {qty(row.productionCovered)}，未覆盖 {qty(row.uncovered)}
          </Typography.Text>
          <Typography.Title level={5} style={{ margin: 0 }}>
            销售订单明细
          </Typography.Title>
          <Table
            rowKey="lineId"
            size="small"
            loading={query.isFetching}
            pagination={false}
            dataSource={data?.lines}
            columns={[
              {
                key: 'order',
                title: '销售订单',
                render: (_v, l) => (
                  <Link to={routeHref('salesOrderDetail', { id: l.orderId })}>{l.orderCode}</Link>
                ),
              },
              { key: 'lineNo', title: '行号', width: 60, render: (_v, l) => `第${l.lineNo}行` },
              { key: 'customer', title: '客户', dataIndex: 'customerName' },
              { key: 'delivery', title: '交货日期', dataIndex: 'deliveryTime', width: 170 },
              { key: 'quantity', title: '订货', align: 'right', render: (_v, l) => qty(l.quantity) },
              { key: 'shipped', title: '已发货', align: 'right', render: (_v, l) => qty(l.shippedQuantity) },
              { key: 'open', title: '未发货', align: 'right', render: (_v, l) => qty(l.openQuantity) },
              {
                key: 'status',
                title: '发货状态',
                render: (_v, l) => salesOrderStatus.label(l.orderStatus, EMPTY_CELL),
              },
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            在制生产订单（该产品全部未完成订单）
          </Typography.Title>
          <Table
            rowKey="id"
            size="small"
            loading={query.isFetching}
            pagination={false}
            dataSource={data?.produceOrders}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有在制的生产订单" />,
            }}
            columns={[
              {
                key: 'code',
                title: '生产订单',
                render: (_v, o) => <Link to={routeHref('orderDetail', { id: o.id })}>{o.code}</Link>,
              },
              { key: 'source', title: '来源单号', render: (_v, o) => o.sourceCode ?? EMPTY_CELL },
              { key: 'delivery', title: '交货日期', dataIndex: 'deliveryTime', width: 170 },
              { key: 'quantity', title: '订单数量', align: 'right', render: (_v, o) => qty(o.quantity) },
              { key: 'stocked', title: '已入库', align: 'right', render: (_v, o) => qty(o.stockedQuantity) },
              { key: 'remaining', title: '待入库', align: 'right', render: (_v, o) => qty(o.remaining) },
              {
                key: 'confirm',
                title: '确认状态',
                render: (_v, o) => confirmStatus.label(o.confirmStatus, '—'),
              },
              { key: 'plan', title: '计划状态', render: (_v, o) => orderPlanStatus.label(o.planStatus, '—') },
            ]}
          />
        </Flex>
      )}
    </AppDrawer>
  );
}

/**
 * /sales/sales-demand-list: the open demand of confirmed sales orders per product and week or
 * month, and how it is covered — by available finished stock (earliest periods first), by open
 * production, the rest uncovered (red when due within 7 days or overdue). A computed view: no
 * add, edit or delete; 明细 shows the order lines behind a row and the product's production;
 * 导出 the list as filtered.
 */
export default function SalesDemandList() {
  const { token } = theme.useToken();
  const can = usePermission();
  const [form] = Form.useForm<Values>();
  const [filters, setFilters] = useState<Filters>(filtersOf(START));
  const { sizes, defaultSize } = usePageSizes();
  const [page, setPage] = useState<{ current: number; size?: number }>({ current: 1 });
  const pageSize = page.size ?? defaultSize;
  const [shown, setShown] = useState<SalesDemandRow>();
  const [exporting, setExporting] = useState(false);
  const query = useQuery({
    queryKey: [salesApi.demand.path, filters, page.current, pageSize],
    queryFn: ({ signal }) =>
      call(salesApi.demand, { ...filters, currentPage: page.current, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
  const granularity = filters.granularity ?? 'week';
  const canDetail = can(ROUTE, 'Detail');

  const exportList = async () => {
    setExporting(true);
    try {
      await downloadFile(salesApi.demandExport.path, { query: filters }, '销售需求.xlsx');
    } catch {
      // the request client has said why
    } finally {
      setExporting(false);
    }
  };

  const red = (r: SalesDemandRow, text: string) =>
    r.urgent ? (
      <Typography.Text strong style={{ color: token.colorError }}>
        {text}
      </Typography.Text>
    ) : (
      text
    );

  // the figures first (a narrow screen scrolls to the rest)
  const columns: TableColumnType<SalesDemandRow>[] = [
    { key: 'materialsCode', dataIndex: 'materialsCode', title: '产品编码', width: 120, fixed: 'left' },
    { key: 'materialsName', dataIndex: 'materialsName', title: '产品名称', width: 150, ellipsis: true },
    {
      key: 'period',
      title: '周期',
      width: 115,
      render: (_v, r) => (
        <Tooltip title={`${r.periodStart} 至 ${r.periodEnd}`}>
          <span>{r.period}</span>
        </Tooltip>
      ),
    },
    {
      key: 'demand',
      title: '未发货需求',
      width: 105,
      align: 'right',
      render: (_v, r) => `${qty(r.demandQuantity)}${r.materialsUnit ? ` ${r.materialsUnit}` : ''}`,
    },
    { key: 'stock', title: '库存覆盖', width: 90, align: 'right', render: (_v, r) => qty(r.stockCovered) },
    {
      key: 'production',
      title: '在制覆盖',
      width: 90,
      align: 'right',
      render: (_v, r) => qty(r.productionCovered),
    },
    {
      key: 'uncovered',
      title: '未覆盖',
      width: 90,
      align: 'right',
      render: (_v, r) => (r.uncovered > 0 ? red(r, qty(r.uncovered)) : qty(0)),
    },
    {
      key: 'earliest',
      title: '最早交期',
      width: 190,
      render: (_v, r) => (
        <Flex gap={6} align="center" wrap>
          <span>{r.earliestDelivery.slice(0, 10)}</span>
          <DueTag row={r} />
        </Flex>
      ),
    },
    { key: 'lineCount', dataIndex: 'lineCount', title: '订单行数', width: 85, align: 'right' },
    {
      key: 'available',
      title: (
        <Tooltip title="该产品当前的成品可用库存（各周期共用，先满足最早的周期）">
          <span>成品可用库存</span>
        </Tooltip>
      ),
      width: 115,
      align: 'right',
      render: (_v, r) => qty(r.availableStock),
    },
    {
      key: 'openProduction',
      title: (
        <Tooltip title="该产品未取消、未完成的生产订单中尚未入库的数量">
          <span>在制未入库</span>
        </Tooltip>
      ),
      width: 105,
      align: 'right',
      render: (_v, r) => qty(r.openProduction),
    },
    {
      key: 'spec',
      dataIndex: 'materialsSpecifications',
      title: '规格型号',
      width: 120,
      ellipsis: true,
      render: (v) => v ?? EMPTY_CELL,
    },
    ...(canDetail
      ? [
          {
            key: '__actions',
            title: '操作',
            width: 70,
            fixed: 'right' as const,
            render: (_v: unknown, r: SalesDemandRow) => (
              <Typography.Link onClick={() => setShown(r)}>明细</Typography.Link>
            ),
          },
        ]
      : []),
  ];
  const scrollX = columns.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : 120), 0);

  return (
    <Flex vertical gap={16}>
      <Card variant="borderless" styles={{ body: { padding: '20px 24px 4px' } }}>
        <Form<Values>
          form={form}
          name="salesDemand"
          layout="inline"
          initialValues={START}
          style={{ rowGap: 16 }}
          onFinish={(v) => {
            setFilters(filtersOf(v));
            setPage((p) => ({ ...p, current: 1 }));
          }}
        >
          <Form.Item name="keyword" label="产品">
            <Input allowClear placeholder="产品编码或名称" maxLength={64} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="granularity" label="周期">
            <Radio.Group optionType="button">
              <Radio value="week">按周</Radio>
              <Radio value="month">按月</Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="range" label="交货日期">
            <DatePicker.RangePicker />
          </Form.Item>
          <Form.Item name="onlyUncovered" valuePropName="checked">
            <Checkbox>仅看有缺口</Checkbox>
          </Form.Item>
          <Form.Item>
            <Flex gap={8}>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.resetFields();
                  setFilters(filtersOf(START));
                  setPage((p) => ({ ...p, current: 1 }));
                }}
              >
                重置
              </Button>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                查询
              </Button>
            </Flex>
          </Form.Item>
        </Form>
      </Card>
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        <Flex align="center" justify="space-between" wrap gap={12} style={{ padding: '14px 20px' }}>
          <Flex align="baseline" gap={12} wrap>
            <Typography.Title level={5} style={{ margin: 0 }}>
              销售需求
            </Typography.Title>
            <Typography.Text type="secondary">
              已确认未发完订单的未发货数量；成品库存、在制生产按交期从早到晚覆盖，红色为7天内到期或已逾期的缺口
            </Typography.Text>
          </Flex>
          <Flex gap={8}>
            {can(ROUTE, 'Export') && (
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportList()}>
                导出
              </Button>
            )}
            <Tooltip title="刷新">
              <Button
                icon={<ReloadOutlined spin={query.isFetching} />}
                aria-label="刷新"
                onClick={() => void query.refetch()}
              />
            </Tooltip>
          </Flex>
        </Flex>
        <Table<SalesDemandRow>
          rowKey={rowKey}
          size="middle"
          columns={columns}
          dataSource={query.data?.content}
          loading={query.isFetching}
          scroll={{ x: scrollX }}
          onRow={(r) => (r.urgent ? { style: { background: token.colorErrorBg } } : {})}
          locale={{
            emptyText: query.isFetching ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有未发货的销售需求" />
            ),
          }}
          pagination={{
            current: page.current,
            pageSize,
            total: query.data?.total ?? 0,
            pageSizeOptions: sizes,
            showSizeChanger: true,
            showQuickJumper: true,
            showTotal: (t) => `共 ${t} 条`,
            style: { padding: '0 20px' },
            onChange: (current, size) => setPage({ current: size !== pageSize ? 1 : current, size }),
          }}
        />
      </Card>
      <DemandDrawer row={shown} granularity={granularity} onClose={() => setShown(undefined)} />
    </Flex>
  );
}
