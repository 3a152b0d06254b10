import type { Endpoint } from '@factory/shared/api/contract';
import { type InventoryQuery, type InventoryRow, warehouseApi } from '@factory/shared/api/warehouse';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { materialsClassEntity } from '@factory/shared/entities/materials';
import { warehouseAreaEntity } from '@factory/shared/entities/warehouse';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Descriptions,
  Flex,
  Form,
  Input,
  Select,
  type TableColumnType,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { call } from '../../platform/call.ts';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { RefTreeSelect } from '../../platform/list/RefTreeSelect.tsx';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { usePermission } from '../../platform/usePermission.ts';
import {
  FilterCard,
  FilterItem,
  ReportTable,
  useReportExport,
  useReportPaging,
  WarehousesSelect,
  warehouseIdStr,
} from './reportParts.tsx';
import { materialMovements, StockDrawer } from './stockDrawer.tsx';

const CLASSES = entityEndpoints(materialsClassEntity).tree as Endpoint;
const AREAS = entityEndpoints(warehouseAreaEntity).list;

interface Filters {
  warehouseIds?: number[];
  warehouseAreaId?: number;
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
    warehouseAreaId: f.warehouseAreaId,
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

/**
 * On hand in the material's auxiliary unit by its conversion (main units in one auxiliary unit):
 * 125 kg at 50 kg a 卷 reads 2.5卷; none without an auxiliary unit.
 */
export function inAuxUnit(row: Pick<InventoryRow, 'currentQuantity' | 'auxUnitName' | 'conversion'>) {
  if (!row.auxUnitName || !row.conversion) return undefined;
  return `${formatNumber(row.currentQuantity / row.conversion)}${row.auxUnitName}`;
}
const limit = (v: number | null) => (v === null || v === 0 ? EMPTY_CELL : formatNumber(v));

/** A material's stock drawer: its figures, its batches, its movements (over the chosen warehouses). */
function MaterialDrawer({
  row,
  open,
  warehouseIds,
  warehouseAreaId,
  batchCode,
  onClose,
}: {
  row?: InventoryRow;
  open: boolean;
  warehouseIds?: number[];
  warehouseAreaId?: number;
  batchCode?: string;
  onClose(): void;
}) {
  const byMaterial = useMemo(
    () => (row ? materialMovements(row.materialsId, warehouseIds) : []),
    [row, warehouseIds],
  );
  return (
    <StockDrawer
      open={open}
      title={row ? `库存明细 — ${row.materialsCode} ${row.materialsName}` : '库存明细'}
      onClose={onClose}
      balances={
        row && {
          materialsId: row.materialsId,
          unit: row.materialsUnit,
          warehouseIds,
          warehouseAreaId,
          batchCode,
        }
      }
      movements={{ fixed: byMaterial, prefsKey: 'inventory.movements' }}
      summary={
        row && (
          <Descriptions size="small" column={4} colon={false}>
            <Descriptions.Item label="规格型号">
              {row.materialsSpecifications ?? EMPTY_CELL}
            </Descriptions.Item>
            <Descriptions.Item label="现存量">
              {qty(row.currentQuantity)} {row.materialsUnit ?? ''}
              {inAuxUnit(row) && `（${inAuxUnit(row)}）`}
            </Descriptions.Item>
            <Descriptions.Item label="可用量">
              {qty(row.availableQuantity)} {row.materialsUnit ?? ''}
            </Descriptions.Item>
            <Descriptions.Item label="库存预警">
              <LimitTag state={row.limitState} />
            </Descriptions.Item>
          </Descriptions>
        )
      }
    />
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
  const paging = useReportPaging();
  const [shown, setShown] = useState<{ row?: InventoryRow; open: boolean }>({ open: false });
  const q = inventoryQuery(filters);
  const query = useQuery({
    queryKey: [warehouseApi.inventory.path, q, paging.current, paging.pageSize],
    queryFn: ({ signal }) =>
      call(
        warehouseApi.inventory,
        { ...q, currentPage: paging.current, pageSize: paging.pageSize },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const download = useReportExport(warehouseApi.inventoryExport.path, q, '库存信息.xlsx');

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
      key: 'auxQuantity',
      title: '辅助单位数量',
      width: 100,
      align: 'right',
      render: (_, r) => inAuxUnit(r) ?? EMPTY_CELL,
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
  return (
    <Flex vertical gap={16}>
      <FilterCard<Filters>
        form={form}
        name="inventorySearch"
        initialValues={NO_FILTERS}
        onSearch={(v) => {
          setFilters(v);
          paging.first();
        }}
      >
        <FilterItem>
          <Form.Item name="warehouseIds" label="仓库">
            <WarehousesSelect />
          </Form.Item>
        </FilterItem>
        <FilterItem>
          <Form.Item name="warehouseAreaId" label="库区">
            <RemoteSelect
              endpoint={AREAS}
              // area names repeat across warehouses (成品区): the warehouse tells them apart
              optionLabel={(a) => `${a.warehouseName ?? ''}/${a.name}`}
              placeholder="全部库区"
              allowClear
              style={{ minWidth: 180 }}
            />
          </Form.Item>
        </FilterItem>
        <FilterItem>
          <Form.Item name="materialsClassId" label="物料分类">
            <RefTreeSelect endpoint={CLASSES} placeholder="全部分类" allowClear style={{ minWidth: 180 }} />
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
      <ReportTable<InventoryRow>
        head={{
          title: '库存信息',
          note: '点击物料编码查看批次库存与流水',
          onReload: () => void query.refetch(),
          onExport: can('inventory', 'Export') ? download.run : undefined,
          exporting: download.exporting,
        }}
        rowKey="materialsId"
        columns={columns}
        data={query.data}
        fetching={query.isFetching}
        paging={paging}
        empty="暂无库存"
      />
      <MaterialDrawer
        row={shown.row}
        open={shown.open}
        warehouseIds={filters.warehouseIds}
        warehouseAreaId={filters.warehouseAreaId}
        batchCode={filters.batchCode?.trim() || undefined}
        onClose={() => setShown((s) => ({ ...s, open: false }))}
      />
    </Flex>
  );
}
