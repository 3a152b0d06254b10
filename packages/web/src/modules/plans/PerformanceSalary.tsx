import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { QueryOf } from '@factory/shared/api/contract';
import { type SalaryRow, workOrderApi } from '@factory/shared/api/workOrder';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  Table,
  type TableColumnType,
  type TableProps,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../platform/call.ts';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { downloadFile } from '../../platform/list/download.ts';
import { formatNumber } from '../../platform/list/format.ts';
import { usePermission } from '../../platform/usePermission.ts';

type Query = QueryOf<typeof workOrderApi.salary>;
type NumberKey = {
  [K in keyof SalaryRow]: SalaryRow[K] extends number ? K : never;
}[keyof SalaryRow];

const DATE = 'YYYY-MM-DD';
const USER_NAME_MAX = 50;
const MONEY = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (v: number) => MONEY.format(v);
/** A ratio as a percentage with one decimal (0.8567 → 85.7%). */
const percent = (v: number) => `${(Math.round(v * 1000) / 10).toFixed(1)}%`;
/** Sums in millionths (the quantities' scale), so a column of decimals adds up exactly. */
const total = (rows: readonly SalaryRow[], key: NumberKey) =>
  rows.reduce((s, r) => s + Math.round(r[key] * 1e6), 0) / 1e6;
/** Standard hours over worked hours; 0 when nothing was worked, as the server answers it. */
const efficiencyOf = (standard: number, worked: number) => (worked > 0 ? standard / worked : 0);

const thisMonth = (): [Dayjs, Dayjs] => [dayjs().startOf('month'), dayjs().endOf('month')];
const queryOf = (range: [Dayjs, Dayjs], userName?: string): Query => ({
  beginTime: range[0].format(DATE),
  endTime: range[1].format(DATE),
  userName: userName?.trim() || undefined,
});

interface Values {
  range: [Dayjs, Dayjs];
  userName?: string;
}

/** The numeric columns: field, title, how a value (and its total) is shown. */
const FIGURES: { key: NumberKey; title: string; show(v: number): string; width: number }[] = [
  { key: 'reportCount', title: '报工次数', show: String, width: 100 },
  { key: 'goodQuantity', title: '合格数量', show: formatNumber, width: 110 },
  { key: 'defectQuantity', title: '不良数量', show: formatNumber, width: 110 },
  { key: 'goodAmount', title: '计件金额(元)', show: money, width: 130 },
  { key: 'deduction', title: '不良扣款(元)', show: money, width: 130 },
  { key: 'amount', title: '应发金额(元)', show: money, width: 130 },
  { key: 'standardHours', title: '标准工时(小时)', show: formatNumber, width: 130 },
  { key: 'workHours', title: '实际工时(小时)', show: formatNumber, width: 130 },
];

const byNumber = (key: NumberKey) => (a: SalaryRow, b: SalaryRow) => a[key] - b[key];
const byText = (key: 'userName' | 'jobNumber') => (a: SalaryRow, b: SalaryRow) =>
  (a[key] ?? '').localeCompare(b[key] ?? '', 'zh-CN');

const COLUMNS: TableColumnType<SalaryRow>[] = [
  {
    key: 'userName',
    dataIndex: 'userName',
    title: '人员',
    width: 120,
    fixed: 'left',
    sorter: byText('userName'),
  },
  {
    key: 'jobNumber',
    dataIndex: 'jobNumber',
    title: '工号',
    width: 110,
    sorter: byText('jobNumber'),
    render: (v: string | null) => v || EMPTY_CELL,
  },
  ...FIGURES.map(
    (f): TableColumnType<SalaryRow> => ({
      key: f.key,
      dataIndex: f.key,
      title: f.title,
      width: f.width,
      align: 'right',
      sorter: byNumber(f.key),
      render: (v: number) => f.show(v),
    }),
  ),
  {
    key: 'efficiency',
    dataIndex: 'efficiency',
    title: '效率',
    width: 100,
    align: 'right',
    sorter: byNumber('efficiency'),
    render: (v: number) => percent(v),
  },
];

/**
 * /plans/plans-statistic/performance-salary: piece-rate pay per operator over a period (shift
 * dates), net of reversals, with their standard and worked hours and efficiency; totals below,
 * sortable by any column, exported as the server writes it.
 */
export default function PerformanceSalary() {
  const can = usePermission();
  const [form] = Form.useForm<Values>();
  const [params, setParams] = useState<Query>(() => queryOf(thisMonth()));
  const [order, setOrder] = useState<string>();
  const [exporting, setExporting] = useState(false);

  const query = useQuery({
    queryKey: ['performanceSalary', params],
    queryFn: ({ signal }) => call(workOrderApi.salary, params, { signal }),
    staleTime: 0,
  });
  const rows = query.data ?? [];

  const onChange: TableProps<SalaryRow>['onChange'] = (_p, _f, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    setOrder(
      s?.order && s.columnKey ? `${s.order === 'ascend' ? '+' : '-'}${String(s.columnKey)}` : undefined,
    );
  };

  const exportFile = async () => {
    setExporting(true);
    try {
      await downloadFile(
        workOrderApi.salaryExport.path,
        { query: { ...params, order } },
        `绩效工资${params.beginTime}至${params.endTime}.xlsx`,
      );
    } catch {
      // the request client has shown why
    } finally {
      setExporting(false);
    }
  };

  const summary = () => {
    if (!rows.length) return null;
    const standard = total(rows, 'standardHours');
    const worked = total(rows, 'workHours');
    return (
      <Table.Summary fixed="bottom">
        <Table.Summary.Row style={{ fontWeight: 600 }}>
          <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
          <Table.Summary.Cell index={1}>{`${rows.length} 人`}</Table.Summary.Cell>
          {FIGURES.map((f, i) => (
            <Table.Summary.Cell key={f.key} index={i + 2} align="right">
              {f.show(total(rows, f.key))}
            </Table.Summary.Cell>
          ))}
          <Table.Summary.Cell index={FIGURES.length + 2} align="right">
            {percent(efficiencyOf(standard, worked))}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      </Table.Summary>
    );
  };

  return (
    <Flex vertical gap={16}>
      <Card variant="borderless">
        <Form<Values>
          form={form}
          name="performanceSalary"
          layout="inline"
          initialValues={{ range: thisMonth() }}
          onFinish={(v) => setParams(queryOf(v.range, v.userName))}
          style={{ rowGap: 12 }}
        >
          <Form.Item name="range" label="日期" rules={[{ required: true, message: '请选择日期' }]}>
            <DatePicker.RangePicker
              allowClear={false}
              presets={[
                { label: '本月', value: thisMonth },
                {
                  label: '上月',
                  value: () => [
                    dayjs().subtract(1, 'month').startOf('month'),
                    dayjs().subtract(1, 'month').endOf('month'),
                  ],
                },
              ]}
            />
          </Form.Item>
          <Form.Item name="userName" label="人员">
            <Input allowClear placeholder="请输入人员姓名" maxLength={USER_NAME_MAX} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item>
            <Flex gap={8}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                查询
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setParams(queryOf(thisMonth()));
                }}
              >
                重置
              </Button>
            </Flex>
          </Form.Item>
        </Form>
      </Card>
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        <Flex align="center" justify="space-between" wrap gap={12} style={{ padding: '14px 20px' }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            绩效工资
            <Typography.Text
              type="secondary"
              style={{ fontSize: 13, fontWeight: 400, marginInlineStart: 12 }}
            >
              {params.beginTime} 至 {params.endTime}（按班次日期，已扣除撤销）
            </Typography.Text>
          </Typography.Title>
          <Flex gap={8}>
            {can('performanceSalary', 'Export') && (
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportFile()}>
                导出
              </Button>
            )}
            <Tooltip title="刷新">
              <Button
                aria-label="刷新"
                icon={<ReloadOutlined spin={query.isFetching && !query.isPending} />}
                onClick={() => void query.refetch()}
              />
            </Tooltip>
          </Flex>
        </Flex>
        <Table<SalaryRow>
          rowKey="userId"
          columns={COLUMNS}
          dataSource={rows}
          loading={query.isFetching}
          pagination={false}
          size="middle"
          scroll={{ x: COLUMNS.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : 0), 0) }}
          onChange={onChange}
          summary={summary}
          locale={{
            emptyText: query.isFetching ? ' ' : query.isError ? '加载失败' : '所选期间没有报工',
          }}
        />
      </Card>
    </Flex>
  );
}
