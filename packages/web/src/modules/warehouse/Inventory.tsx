import type { FilterItem as ListFilter } from '@factory/shared/api/list';
import {
  type InventoryQuery,
  type InventoryRow,
  type StockBalanceRow,
  warehouseApi,
} from '@factory/shared/api/warehouse';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { materialsClassEntity } from '@factory/shared/entities/materials';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  Descriptions,
  Empty,
  Flex,
  Form,
  Input,
  Select,
  Table,
  type TableColumnType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { AppDrawer } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { downloadFile } from '../../platform/list/download.ts';
import { formatNumber } from '../../platform/list/format.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { usePageSizes } from '../../platform/list/useListQuery.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { FilterCard, FilterItem, TableHead, WarehousesSelect, warehouseIdStr } from './reportParts.tsx';
import { MovementList } from './stockDocParts.tsx';

const CLASSES = entityEndpoints(materialsClassEntity).list;

interface Filters {
  warehouseIds?: number[];
  materialsClassId?: number;
  keyword?: string;
  batchCode?: string;
  isShowZero?: boolean;
  limitState?: 1 | 2;
}
const NO_FILTERS: Filters = { isShowZero: false };

/** The inventory call's filters (without the page). */
export function inventoryQuery(f: Filters): Omit<InventoryQuery, 'currentPage' | 'pageSize'> {
  return {
    warehouseIdStr: warehouseIdStr(f.warehouseIds),
    materialsClassId: f.materialsClassId,
    keyword: f.keyword?.trim() || undefined,
    batchCode: f.batchCode?.trim() || undefined,
    isShowZero: f.isShowZero ? 1 : undefined,
    limitState: f.limitState,
  };
}

const LIMIT_OPTIONS = [
  { value: 1, label: '低于下限' },
  { value: 2, label: '高于上限' },
];

/** The stock limit mark of a material: red below the lower limit, orange above the upper. */
export function LimitTag({ state }: { state: number }) {
  if (state === 1) return <Tag color="red">低于下限</Tag>;
  if (state === 2) return <Tag color="orange">高于上限</Tag>;
  return <Typography.Text type="secondary">正常</Typography.Text>;
}

const qty = (v: unknown) => formatNumber(v);
const limit = (v: number | null) => (v === null || v === 0 ? EMPTY_CELL : formatNumber(v));

const BALANCE_COLUMNS = (unit: string): TableColumnType<StockBalanceRow>[] => [
  { key: 'warehouseName', dataIndex: 'warehouseName', title: '仓库', width: 130 },
  { key: 'locationName', dataIndex: 'locationName', title: '库位', width: 110, render: (v) => v ?? '未指定' },
  { key: 'batchCode', dataIndex: 'batchCode', title: '批次号', width: 160, render: (v) => v ?? EMPTY_CELL },
  {
    key: 'producedOn',
    dataIndex: 'producedOn',
    title: '生产日期',
    width: 110,
    render: (v) => v ?? EMPTY_CELL,
  },
  { key: 'onHand', dataIndex: 'onHand', title: `现存量${unit}`, width: 110, align: 'right', render: qty },
  { key: 'allocated', dataIndex: 'allocated', title: '已分配', width: 90, align: 'right', render: qty },
  {
    key: 'available',
    dataIndex: 'available',
    title: `可用量${unit}`,
    width: 110,
    align: 'right',
    render: (v) => <Typography.Text strong>{qty(v)}</Typography.Text>,
  },
  { key: 'firstInAt', dataIndex: 'firstInAt', title: '首次入库', width: 170, render: (v) => v ?? EMPTY_CELL },
];

/** One material's stock by warehouse, location and batch (oldest first: the order a stock-out takes). */
function Balances({
  row,
  warehouseIds,
  batchCode,
}: {
  row: InventoryRow;
  warehouseIds?: number[];
  /** The list's batch filter: only the batches it matches, as the row's figures count them. */
  batchCode?: string;
}) {
  const query = useQuery({
    queryKey: [warehouseApi.balances.path, row.materialsId, 'all', warehouseIds],
    queryFn: ({ signal }) =>
      call(
        warehouseApi.balances,
        { materialsId: row.materialsId, warehouseIdStr: warehouseIdStr(warehouseIds) },
        { signal },
      ),
  });
  const unit = row.materialsUnit ? `(${row.materialsUnit})` : '';
  return (
    <Table<StockBalanceRow>
      rowKey="id"
      size="small"
      loading={query.isPending}
      columns={BALANCE_COLUMNS(unit)}
      dataSource={
        batchCode
          ? query.data?.filter((b) => b.batchCode?.toLowerCase().includes(batchCode.toLowerCase()))
          : query.data
      }
      pagination={false}
      scroll={{ x: 990 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有库存" /> }}
    />
  );
}

/** A material's stock drawer: its figures, its batches, its movements. */
function MaterialDrawer({
  row,
  open,
  warehouseIds,
  batchCode,
  onClose,
}: {
  row?: InventoryRow;
  open: boolean;
  warehouseIds?: number[];
  batchCode?: string;
  onClose(): void;
}) {
  const byMaterial = useMemo<ListFilter[]>(
    () =>
      row
        ? [
            { fieldName: 'materialsId', fieldType: 'integer', operator: 'eq', fieldValue: row.materialsId },
            ...(warehouseIds?.length
              ? [
                  {
                    fieldName: 'warehouseId',
                    fieldType: 'integer',
                    operator: 'in',
                    fieldValue: warehouseIds,
                  } as const,
                ]
              : []),
          ]
        : [],
    [row, warehouseIds],
  );
  return (
    <AppDrawer
      open={open}
      size={1100}
      title={row ? `库存明细 — ${row.materialsCode} ${row.materialsName}` : '库存明细'}
      onClose={onClose}
    >
      {row && (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={4} colon={false}>
            <Descriptions.Item label="规格型号">
              {row.materialsSpecifications ?? EMPTY_CELL}
            </Descriptions.Item>
            <Descriptions.Item label="现存量">
              {qty(row.currentQuantity)} {row.materialsUnit ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label="可用量">
              {qty(row.availableQuantity)} {row.materialsUnit ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label="库存预警">
              <LimitTag state={row.limitState} />
            </Descriptions.Item>
          </Descriptions>
          <Tabs
            items={[
              {
                key: 'balances',
                label: batchCode ? `批次库存（批次号含“${batchCode}”）` : '批次库存',
                children: <Balances row={row} warehouseIds={warehouseIds} batchCode={batchCode} />,
              },
              {
                key: 'movements',
                label: '库存流水',
                children: (
                  <MovementList
                    fixed={byMaterial}
                    title="物料库存流水"
                    prefsKey="inventory.movements"
                    search={false}
                    hidden={['materialsName', 'materialsCode', 'isReversal']}
                  />
                ),
              },
            ]}
          />
        </Flex>
      )}
    </AppDrawer>
  );
}

/**
 * /warehouse/inventory-info/inventory: stock per material over the chosen warehouses — on hand,
 * allocated, available, its limits marked when crossed — with each material's batches and
 * movements in a drawer, and the list exported as shown.
 */
export default function Inventory() {
  const can = usePermission();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const { sizes, defaultSize } = usePageSizes();
  const [page, setPage] = useState<{ current: number; size?: number }>({ current: 1 });
  const pageSize = page.size ?? defaultSize;
  const [shown, setShown] = useState<{ row?: InventoryRow; open: boolean }>({ open: false });
  const [exporting, setExporting] = useState(false);
  const q = inventoryQuery(filters);
  const query = useQuery({
    queryKey: [warehouseApi.inventory.path, q, page.current, pageSize],
    queryFn: ({ signal }) =>
      call(warehouseApi.inventory, { ...q, currentPage: page.current, pageSize }, { signal }),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnType<InventoryRow>[] = [
    {
      key: 'materialsCode',
      dataIndex: 'materialsCode',
      title: '物料编码',
      width: 110,
      fixed: 'left',
      render: (v: string, r) => (
        <Typography.Link onClick={() => setShown({ row: r, open: true })}>{v}</Typography.Link>
      ),
    },
    { key: 'materialsName', dataIndex: 'materialsName', title: '物料名称', width: 120, ellipsis: true },
    {
      key: 'materialsSpecifications',
      dataIndex: 'materialsSpecifications',
      title: '规格型号',
      width: 110,
      ellipsis: true,
      render: (v) => v ?? EMPTY_CELL,
    },
    {
      key: 'className',
      dataIndex: 'className',
      title: '物料分类',
      width: 80,
      ellipsis: true,
      render: (v) => v ?? EMPTY_CELL,
    },
    {
      key: 'materialsUnit',
      dataIndex: 'materialsUnit',
      title: '单位',
      width: 60,
      render: (v) => v ?? EMPTY_CELL,
    },
    {
      key: 'currentQuantity',
      dataIndex: 'currentQuantity',
      title: '现存量',
      width: 90,
      align: 'right',
      render: qty,
    },
    {
      key: 'allocatedQuantity',
      dataIndex: 'allocatedQuantity',
      title: '已分配',
      width: 80,
      align: 'right',
      render: qty,
    },
    {
      key: 'availableQuantity',
      dataIndex: 'availableQuantity',
      title: '可用量',
      width: 90,
      align: 'right',
      render: (v, r) => (
        <Typography.Text strong type={r.limitState === 1 ? 'danger' : undefined}>
          {qty(v)}
        </Typography.Text>
      ),
    },
    {
      key: 'limitState',
      dataIndex: 'limitState',
      title: '库存预警',
      width: 90,
      render: (v: number) => <LimitTag state={v} />,
    },
    {
      key: 'limits',
      title: '下限 ~ 上限',
      width: 110,
      align: 'right',
      render: (_v, r) =>
        r.lowerLimit || r.upperLimit ? `${limit(r.lowerLimit)} ~ ${limit(r.upperLimit)}` : EMPTY_CELL,
    },
    { key: 'batchCount', dataIndex: 'batchCount', title: '批次数', width: 70, align: 'right' },
    {
      key: '__actions',
      title: '操作',
      width: 70,
      fixed: 'right',
      render: (_v, r) => (
        <Button type="link" size="small" onClick={() => setShown({ row: r, open: true })}>
          明细
        </Button>
      ),
    },
  ];
  const scrollX = columns.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : 120), 0);

  const exportAll = async () => {
    setExporting(true);
    try {
      await downloadFile(warehouseApi.inventoryExport.path, { query: q }, '库存信息.xlsx');
    } catch {
      // the request client has said why
    } finally {
      setExporting(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <FilterCard<Filters>
        form={form}
        name="inventorySearch"
        initialValues={NO_FILTERS}
        onSearch={(v) => {
          setFilters(v);
          setPage((p) => ({ ...p, current: 1 }));
        }}
      >
        <FilterItem>
          <Form.Item name="warehouseIds" label="仓库">
            <WarehousesSelect />
          </Form.Item>
        </FilterItem>
        <FilterItem>
          <Form.Item name="materialsClassId" label="物料分类">
            <RemoteSelect endpoint={CLASSES} placeholder="全部分类" allowClear />
          </Form.Item>
        </FilterItem>
        <FilterItem>
          <Form.Item name="keyword" label="物料">
            <Input placeholder="物料编码或名称" allowClear maxLength={64} />
          </Form.Item>
        </FilterItem>
        <FilterItem>
          <Form.Item name="batchCode" label="批次号">
            <Input placeholder="请输入批次号" allowClear maxLength={64} />
          </Form.Item>
        </FilterItem>
        <FilterItem>
          <Form.Item name="limitState" label="库存预警">
            <Select placeholder="全部" allowClear options={LIMIT_OPTIONS} />
          </Form.Item>
        </FilterItem>
        <FilterItem>
          <Form.Item name="isShowZero" label=" " colon={false} valuePropName="checked">
            <Checkbox>显示零库存</Checkbox>
          </Form.Item>
        </FilterItem>
      </FilterCard>
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        <TableHead
          title="库存信息"
          note="点击物料编码查看批次库存与流水"
          fetching={query.isFetching}
          onReload={() => void query.refetch()}
          onExport={can('inventory', 'Export') ? exportAll : undefined}
          exporting={exporting}
        />
        <Table<InventoryRow>
          rowKey="materialsId"
          size="middle"
          columns={columns}
          dataSource={query.data?.content}
          loading={query.isFetching}
          scroll={{ x: scrollX }}
          locale={{
            emptyText: query.isFetching ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无库存" />
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
      <MaterialDrawer
        row={shown.row}
        open={shown.open}
        warehouseIds={filters.warehouseIds}
        batchCode={filters.batchCode?.trim() || undefined}
        onClose={() => setShown((s) => ({ ...s, open: false }))}
      />
    </Flex>
  );
}
