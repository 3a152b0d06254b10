import {
  LINE_SIDE_SORTS,
  type LineSideStockQuery,
  type LineSideStockRow,
  lineSideApi,
} from '@factory/shared/api/warehouse';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Descriptions,
  Flex,
  Form,
  Input,
  type TableColumnType,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { call } from '../../platform/call.ts';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { parseOrder, toOrder } from '../../platform/list/order.ts';
import { usePermission } from '../../platform/usePermission.ts';
import {
  FilterCard,
  FilterItem,
  materialMovements,
  ReportTable,
  StockDrawer,
  useReportExport,
  useReportPaging,
  WarehousesSelect,
  warehouseIdStr,
} from '../warehouse/index.ts';
import { LINE_SIDE_WAREHOUSES, lineSideMovements } from './lineSideParts.ts';

const ROUTE = 'warehouses';
const SORTABLE = new Set<string>(LINE_SIDE_SORTS);

interface Filters {
  warehouseIds?: number[];
  keyword?: string;
  shortOnly?: boolean;
}
const NO_FILTERS: Filters = { shortOnly: false };

/** The line-side stock call's filters and order (without the page). */
export function lineSideQuery(
  f: Filters,
  order?: string,
): Omit<LineSideStockQuery, 'currentPage' | 'pageSize'> {
  return {
    warehouseIdStr: warehouseIdStr(f.warehouseIds),
    keyword: f.keyword?.trim() || undefined,
    shortOnly: f.shortOnly ? 1 : undefined,
    order,
  };
}

const qty = (v: unknown) => formatNumber(v);
const withUnit = (v: number, unit: string | null) => `${qty(v)}${unit ? ` ${unit}` : ''}`;

/** Where the line stands with a material: short (red), covered, or nothing needed. */
export function SupplyTag({ row }: { row: Pick<LineSideStockRow, 'needQuantity' | 'shortageQuantity'> }) {
  if (row.shortageQuantity > 0) return <Tag color="red">缺料</Tag>;
  if (row.needQuantity > 0) return <Tag color="green">充足</Tag>;
  return <Typography.Text type="secondary">无需求</Typography.Text>;
}

/** The shortfall: red and strong when something is missing; with its unit where told. */
function Shortage({ value, unit = null }: { value: number; unit?: string | null }) {
  return value > 0 ? (
    <Typography.Text type="danger" strong>
      {withUnit(value, unit)}
    </Typography.Text>
  ) : (
    <Typography.Text type="secondary">0</Typography.Text>
  );
}

/** One line-side warehouse's stock of one material: its figures, its batches there, its movements there. */
function LineSideDrawer({ row, open, onClose }: { row?: LineSideStockRow; open: boolean; onClose(): void }) {
  const fixed = useMemo(() => (row ? materialMovements(row.materialsId, [row.warehouseId]) : []), [row]);
  const unit = row?.materialsUnit ?? null;
  return (
    <StockDrawer
      open={open}
      title={
        row
          ? `线边库存明细 — ${row.warehouseName} · ${row.materialsCode} ${row.materialsName}`
          : '线边库存明细'
      }
      onClose={onClose}
      balances={
        row && {
          endpoint: lineSideApi.balances,
          materialsId: row.materialsId,
          unit,
          warehouseIds: [row.warehouseId],
        }
      }
      // one line-side warehouse, which keeps no locations: neither column says anything here
      movements={{
        source: lineSideMovements(ROUTE),
        fixed,
        prefsKey: 'warehouses.movements',
        hidden: ['warehouseName', 'locationName'],
      }}
      summary={
        row && (
          <Descriptions size="small" column={4} colon={false}>
            <Descriptions.Item label="产线">{row.areaName ?? EMPTY_CELL}</Descriptions.Item>
            <Descriptions.Item label="线边仓">{row.warehouseName}</Descriptions.Item>
            <Descriptions.Item label="规格型号">
              {row.materialsSpecifications ?? EMPTY_CELL}
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <SupplyTag row={row} />
            </Descriptions.Item>
            <Descriptions.Item label="现存量">{withUnit(row.currentQuantity, unit)}</Descriptions.Item>
            <Descriptions.Item label="可用量">{withUnit(row.availableQuantity, unit)}</Descriptions.Item>
            <Descriptions.Item label="在制需求">
              {withUnit(row.needQuantity, unit)}
              {row.workOrderCount > 0 && (
                <Typography.Text type="secondary">（{row.workOrderCount} 个工单）</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="缺料">
              <Shortage value={row.shortageQuantity} unit={unit} />
            </Descriptions.Item>
          </Descriptions>
        )
      }
    />
  );
}

/**
 * /site-warehouse/warehouses (线边库存): the stock beside each production line — per line-side
 * warehouse and material what is on hand and available, what the open work orders still need of
 * it (their preparation orders' required less what report work consumed) and the shortfall,
 * marked 缺料 in red — sortable, exported as shown; a row's batches and movements in a drawer.
 */
export default function LineSideStock() {
  const can = usePermission();
  const canDetail = can(ROUTE, 'Detail');
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [order, setOrder] = useState<string>();
  const paging = useReportPaging();
  const [shown, setShown] = useState<{ row?: LineSideStockRow; open: boolean }>({ open: false });
  const q = lineSideQuery(filters, order);
  const query = useQuery({
    queryKey: [lineSideApi.stock.path, q, paging.current, paging.pageSize],
    queryFn: ({ signal }) =>
      call(lineSideApi.stock, { ...q, currentPage: paging.current, pageSize: paging.pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });
  const download = useReportExport(lineSideApi.stockExport.path, q, '线边库存.xlsx');
  const sorted = parseOrder(order, SORTABLE);
  const open = (r: LineSideStockRow) => setShown({ row: r, open: true });
  /** A sortable column: the order's direction shown on it. */
  const sortable = (key: (typeof LINE_SIDE_SORTS)[number]) => ({
    sorter: true,
    sortOrder: sorted.get(key) ?? null,
  });

  const columns: TableColumnType<LineSideStockRow>[] = [
    {
      key: 'areaName',
      dataIndex: 'areaName',
      title: '产线',
      width: 90,
      fixed: 'left',
      ellipsis: true,
      render: (v) => v ?? EMPTY_CELL,
      ...sortable('areaName'),
    },
    {
      key: 'warehouseName',
      dataIndex: 'warehouseName',
      title: '线边仓',
      width: 125,
      ellipsis: true,
      ...sortable('warehouseName'),
    },
    {
      key: 'materialsCode',
      dataIndex: 'materialsCode',
      title: '物料编码',
      width: 115,
      render: (v: string, r) =>
        canDetail ? <Typography.Link onClick={() => open(r)}>{v}</Typography.Link> : v,
      ...sortable('materialsCode'),
    },
    {
      key: 'materialsName',
      dataIndex: 'materialsName',
      title: '物料名称',
      width: 120,
      ellipsis: true,
      ...sortable('materialsName'),
    },
    {
      key: 'materialsSpecifications',
      dataIndex: 'materialsSpecifications',
      title: '规格型号',
      width: 100,
      ellipsis: true,
      render: (v) => v ?? EMPTY_CELL,
    },
    {
      key: 'materialsUnit',
      dataIndex: 'materialsUnit',
      title: '单位',
      width: 55,
      render: (v) => v ?? EMPTY_CELL,
    },
    {
      key: 'currentQuantity',
      dataIndex: 'currentQuantity',
      title: '现存量',
      width: 95,
      align: 'right',
      render: qty,
      ...sortable('currentQuantity'),
    },
    {
      key: 'availableQuantity',
      dataIndex: 'availableQuantity',
      title: '可用量',
      width: 95,
      align: 'right',
      render: qty,
      ...sortable('availableQuantity'),
    },
    {
      key: 'needQuantity',
      dataIndex: 'needQuantity',
      title: '在制需求',
      width: 105,
      align: 'right',
      render: (v: number, r) =>
        r.workOrderCount > 0 ? (
          <span title={`${r.workOrderCount} 个未完工工单仍需`}>{qty(v)}</span>
        ) : (
          <Typography.Text type="secondary">0</Typography.Text>
        ),
      ...sortable('needQuantity'),
    },
    {
      key: 'shortageQuantity',
      dataIndex: 'shortageQuantity',
      title: '缺料',
      width: 90,
      align: 'right',
      render: (v: number) => <Shortage value={v} />,
      ...sortable('shortageQuantity'),
    },
    { key: 'supply', title: '状态', width: 75, render: (_v, r) => <SupplyTag row={r} /> },
    ...(canDetail
      ? [
          {
            key: '__actions',
            title: '操作',
            width: 60,
            fixed: 'right',
            render: (_v, r) => (
              <Button type="link" size="small" onClick={() => open(r)}>
                明细
              </Button>
            ),
          } satisfies TableColumnType<LineSideStockRow>,
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      <FilterCard<Filters>
        form={form}
        name="lineSideStockSearch"
        initialValues={NO_FILTERS}
        onSearch={(v) => {
          setFilters(v);
          paging.first();
        }}
      >
        <FilterItem>
          <Form.Item name="warehouseIds" label={LINE_SIDE_WAREHOUSES.label}>
            <WarehousesSelect
              endpoint={LINE_SIDE_WAREHOUSES.endpoint}
              placeholder={LINE_SIDE_WAREHOUSES.placeholder}
            />
          </Form.Item>
        </FilterItem>
        <FilterItem>
          <Form.Item name="keyword" label="物料">
            <Input placeholder="物料编码或名称" allowClear maxLength={64} />
          </Form.Item>
        </FilterItem>
        <FilterItem>
          <Form.Item name="shortOnly" label=" " colon={false} valuePropName="checked">
            <Checkbox>只看缺料</Checkbox>
          </Form.Item>
        </FilterItem>
      </FilterCard>
      <ReportTable<LineSideStockRow>
        head={{
          title: '线边库存',
          note: '在制需求 = 未完工工单的备料需求 − 已消耗；缺料 = 在制需求 − 现存量',
          onReload: () => void query.refetch(),
          onExport: can(ROUTE, 'Export') ? download.run : undefined,
          exporting: download.exporting,
        }}
        rowKey={(r) => `${r.warehouseId}-${r.materialsId}`}
        columns={columns}
        data={query.data}
        fetching={query.isFetching}
        paging={paging}
        empty="线边仓暂无库存或需求"
        onChange={(_p, _f, sorter, extra) => {
          if (extra.action !== 'sort') return;
          setOrder(toOrder(sorter, SORTABLE));
          paging.first();
        }}
      />
      <LineSideDrawer
        row={shown.row}
        open={shown.open}
        onClose={() => setShown((s) => ({ ...s, open: false }))}
      />
    </Flex>
  );
}
