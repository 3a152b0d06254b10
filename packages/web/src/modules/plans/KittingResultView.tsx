import type { KittingResult } from '@factory/shared/api/warehouse';
import {
  Card,
  Col,
  Empty,
  Flex,
  Row,
  Segmented,
  Statistic,
  Table,
  type TableColumnType,
  Tag,
  Typography,
  theme,
} from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';

type PlanRow = KittingResult['plans'][number];
type LineRow = KittingResult['lines'][number] & { key: string; specifications: string | null };
type MaterialRow = KittingResult['materials'][number];
type PlanFilter = 'all' | 'short' | 'kitted';

const PAGE_SIZES = [10, 20, 50, 100];
const text = (v: string | null | undefined) => v || EMPTY_CELL;

/** A shortage: red and bold when something is short, a plain 0 otherwise. */
export function ShortageCell({ value }: { value: number }) {
  return value > 0 ? (
    <Typography.Text type="danger" strong>
      {formatNumber(value)}
    </Typography.Text>
  ) : (
    formatNumber(value)
  );
}

/** 齐套 in green, 缺料 in red. */
export function KittedTag({ kitted }: { kitted: boolean }) {
  return (
    <Tag color={kitted ? 'success' : 'error'} variant="filled" style={{ marginInlineEnd: 0 }}>
      {kitted ? '齐套' : '缺料'}
    </Tag>
  );
}

/** Materials shortest first (the server sends them so; a saved result is sorted again to be sure). */
export const materialsInOrder = (rows: readonly MaterialRow[]): MaterialRow[] =>
  [...rows].sort((a, b) => b.shortage - a.shortage || a.materialsCode.localeCompare(b.materialsCode));

const widthOf = <T,>(cols: readonly TableColumnType<T>[]) =>
  cols.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : 120), 0);

const number = <T,>(key: keyof T & string, title: string, width = 100): TableColumnType<T> => ({
  key,
  dataIndex: key,
  title,
  width,
  align: 'right',
  render: (v: number) => formatNumber(v),
});

const PLAN_COLUMNS: TableColumnType<PlanRow>[] = [
  { key: 'planCode', dataIndex: 'planCode', title: '计划编号', width: 145 },
  { key: 'productCode', dataIndex: 'productCode', title: '产品编码', width: 130, ellipsis: true },
  { key: 'productName', dataIndex: 'productName', title: '产品名称', ellipsis: true },
  { key: 'areaName', dataIndex: 'areaName', title: '产线', width: 110, ellipsis: true, render: text },
  { key: 'planStartTime', dataIndex: 'planStartTime', title: '计划开始时间', width: 165, render: text },
  number<PlanRow>('quantity', '计划数量', 90),
  number<PlanRow>('kittedQuantity', '齐套数量', 90),
  {
    key: 'isKitted',
    dataIndex: 'isKitted',
    title: '齐套状态',
    fixed: 'right',
    width: 85,
    align: 'center',
    render: (v: boolean) => <KittedTag kitted={v} />,
  },
  {
    key: 'shortMaterialCount',
    dataIndex: 'shortMaterialCount',
    title: '缺料物料数',
    fixed: 'right',
    width: 95,
    align: 'right',
    render: (v: number) => <ShortageCell value={v} />,
  },
];

const LINE_COLUMNS: TableColumnType<LineRow>[] = [
  { key: 'materialsCode', dataIndex: 'materialsCode', title: '物料编码', width: 125, ellipsis: true },
  { key: 'materialsName', dataIndex: 'materialsName', title: '物料名称', width: 140, ellipsis: true },
  { key: 'specifications', dataIndex: 'specifications', title: '规格型号', ellipsis: true, render: text },
  { key: 'unitName', dataIndex: 'unitName', title: '单位', width: 60, render: text },
  number<LineRow>('required', '需求数量', 90),
  number<LineRow>('issued', '已发数量', 90),
  number<LineRow>('need', '待发数量', 90),
  number<LineRow>('allocated', '分配数量', 90),
  {
    key: 'shortage',
    dataIndex: 'shortage',
    title: '缺料数量',
    fixed: 'right',
    width: 90,
    align: 'right',
    render: (v: number) => <ShortageCell value={v} />,
  },
];

const MATERIAL_COLUMNS: TableColumnType<MaterialRow>[] = [
  { key: 'materialsCode', dataIndex: 'materialsCode', title: '物料编码', width: 130, ellipsis: true },
  { key: 'materialsName', dataIndex: 'materialsName', title: '物料名称', width: 160, ellipsis: true },
  {
    key: 'materialsSpecifications',
    dataIndex: 'materialsSpecifications',
    title: '规格型号',
    ellipsis: true,
    render: text,
  },
  { key: 'unitName', dataIndex: 'unitName', title: '单位', width: 60, render: text },
  number<MaterialRow>('need', '待发数量', 110),
  number<MaterialRow>('supply', '可用库存', 110),
  {
    key: 'shortage',
    dataIndex: 'shortage',
    title: '缺料数量',
    width: 110,
    align: 'right',
    render: (v: number) => <ShortageCell value={v} />,
  },
  { key: 'planCount', dataIndex: 'planCount', title: '涉及计划数', width: 100, align: 'right' },
];

const pagination = (total: number) =>
  total > PAGE_SIZES[0]
    ? {
        defaultPageSize: PAGE_SIZES[0],
        pageSizeOptions: PAGE_SIZES,
        showSizeChanger: true,
        showTotal: (t: number) => `共 ${t} 条`,
        style: { padding: '0 20px' },
      }
    : false;

/** A plan's material lines, under its row. */
function PlanLines({ lines }: { lines: readonly LineRow[] }) {
  if (!lines.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该计划没有用料，视为齐套" />;
  return (
    <Table<LineRow>
      rowKey="key"
      size="small"
      columns={LINE_COLUMNS}
      dataSource={lines as LineRow[]}
      pagination={false}
      scroll={{ x: widthOf(LINE_COLUMNS) }}
    />
  );
}

/**
 * A kitting result (齐套分析): the summary, the plans in the order they take stock (each with its
 * material lines under it) and the materials over all plans, shortest first. Used by the
 * calculation page and by the saved analyses' detail alike.
 */
export function KittingResultView({
  result,
  title = '齐套结果',
  extra,
}: {
  result: KittingResult;
  title?: ReactNode;
  /** Beside the summary's title (保存分析). */
  extra?: ReactNode;
}) {
  const { token } = theme.useToken();
  const [filter, setFilter] = useState<PlanFilter>('all');
  const kitted = result.plans.filter((p) => p.isKitted).length;
  const shortPlans = result.plans.length - kitted;
  const shortMaterials = result.materials.filter((m) => m.shortage > 0).length;

  const linesByPlan = useMemo(() => {
    const specs = new Map(result.materials.map((m) => [m.materialsId, m.materialsSpecifications]));
    const byPlan = new Map<number, LineRow[]>();
    result.lines.forEach((l, i) => {
      const row = { ...l, key: String(i), specifications: specs.get(l.materialsId) ?? null };
      byPlan.set(l.planId, [...(byPlan.get(l.planId) ?? []), row]);
    });
    return byPlan;
  }, [result]);
  const materials = useMemo(() => materialsInOrder(result.materials), [result]);
  const plans =
    filter === 'all' ? result.plans : result.plans.filter((p) => p.isKitted === (filter === 'kitted'));

  const figures: { label: string; value: number; of?: number; color?: string }[] = [
    { label: '参与计划', value: result.plans.length },
    {
      label: '齐套计划',
      value: kitted,
      of: result.plans.length,
      color: kitted ? token.colorSuccess : undefined,
    },
    { label: '缺料计划', value: shortPlans, color: shortPlans ? token.colorError : undefined },
    {
      label: '缺料物料',
      value: shortMaterials,
      of: result.materials.length,
      color: shortMaterials ? token.colorError : undefined,
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card
        variant="borderless"
        title={
          <Flex gap={12} align="baseline" wrap>
            <span>{title}</span>
            <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 400 }}>
              {result.code ? `分析编号 ${result.code}，` : ''}计算时间 {result.calculatedAt}
            </Typography.Text>
          </Flex>
        }
        extra={extra}
      >
        <Row gutter={[24, 16]}>
          {figures.map((f) => (
            <Col key={f.label} xs={12} md={6}>
              <Statistic
                title={f.label}
                value={f.value}
                suffix={f.of === undefined ? undefined : `/ ${f.of}`}
                styles={{
                  content: { color: f.color },
                  suffix: { color: token.colorTextTertiary, fontSize: 16 },
                }}
              />
            </Col>
          ))}
        </Row>
        <Typography.Paragraph type="secondary" style={{ margin: '16px 0 0' }}>
          按计划开始时间、订单优先级和计划顺序，各计划依次占用物料的可用库存（各仓库现存量减已分配，含线边仓）；
          齐套数量为已发与分配的物料可做的整套数量。
        </Typography.Paragraph>
      </Card>
      <Card
        variant="borderless"
        title="计划齐套情况"
        styles={{ body: { padding: 0 } }}
        extra={
          <Segmented<PlanFilter>
            size="small"
            value={filter}
            onChange={setFilter}
            options={[
              { value: 'all', label: `全部 ${result.plans.length}` },
              { value: 'short', label: `缺料 ${shortPlans}` },
              { value: 'kitted', label: `齐套 ${kitted}` },
            ]}
          />
        }
      >
        <Table<PlanRow>
          id="kittingPlans"
          rowKey="planId"
          size="middle"
          columns={PLAN_COLUMNS}
          dataSource={plans}
          pagination={pagination(plans.length)}
          scroll={{ x: widthOf(PLAN_COLUMNS) + 48 }}
          expandable={{
            expandedRowRender: (p) => <PlanLines lines={linesByPlan.get(p.planId) ?? []} />,
          }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={result.plans.length ? '没有符合条件的计划' : '没有参与计算的生产计划'}
              />
            ),
          }}
        />
      </Card>
      <Card
        variant="borderless"
        title="物料需求汇总"
        styles={{ body: { padding: 0 } }}
        extra={
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            缺料多的在前
          </Typography.Text>
        }
      >
        <Table<MaterialRow>
          id="kittingMaterials"
          rowKey="materialsId"
          size="middle"
          columns={MATERIAL_COLUMNS}
          dataSource={materials}
          pagination={pagination(materials.length)}
          scroll={{ x: widthOf(MATERIAL_COLUMNS) }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="所选计划没有用料" />,
          }}
        />
      </Card>
    </Flex>
  );
}
