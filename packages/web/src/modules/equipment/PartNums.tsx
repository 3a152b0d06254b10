import { UploadOutlined } from '@ant-design/icons';
import {
  PART_LIMIT_STATES,
  PART_NUMS_SORTS,
  type PartNumsQuery,
  type PartNumsRow,
  sparePartStockApi,
} from '@factory/shared/api/sparePartStock';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { equipmentClassEntity } from '@factory/shared/entities/equipment';
import { spareWarehouseRef } from '@factory/shared/entities/sparePart';
import { warehouseEntity } from '@factory/shared/entities/warehouse';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Form, Input, Select, type TableColumnType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../platform/call.ts';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { ImportWizard } from '../../platform/list/ImportWizard.tsx';
import { parseOrder, toOrder } from '../../platform/list/order.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { usePermission } from '../../platform/usePermission.ts';
import {
  FilterCard,
  FilterItem,
  ReportTable,
  StockDrawer,
  useReportExport,
  useReportPaging,
  warehouseIdStr,
} from '../warehouse/index.ts';

const ROUTE = 'partNums';
const SORTABLE = new Set<string>(PART_NUMS_SORTS);
const WAREHOUSES = entityEndpoints(warehouseEntity).list;
const CLASSES = entityEndpoints(equipmentClassEntity).list;

interface Filters {
  warehouseIds?: number[];
  keyword?: string;
  equipmentClassId?: number;
  limitState?: 0 | 1 | 2;
  isShowZero?: boolean;
}
const NO_FILTERS: Filters = { isShowZero: false };

/** 期初库存's dialog: the rows of one 备件仓 become one posted stock-in. */
const OPENING_IMPORT = {
  entityLabel: '备件期初库存',
  importPath: sparePartStockApi.import.path,
  templatePath: sparePartStockApi.importTemplate.path,
  errorsPath: sparePartStockApi.importErrors.path,
  documents: { label: '入库单', rule: '同一备件仓的行生成一张入库单，写入后立即过账' },
};

/** The stock call's filters and order (without the page). */
export function partNumsQuery(f: Filters, order?: string): Omit<PartNumsQuery, 'currentPage' | 'pageSize'> {
  return {
    warehouseIdStr: warehouseIdStr(f.warehouseIds),
    keyword: f.keyword?.trim() || undefined,
    equipmentClassId: f.equipmentClassId || undefined,
    limitState: f.limitState,
    isShowZero: f.isShowZero ? 1 : undefined,
    order,
  };
}

const qty = (v: unknown) => (v === null || v === undefined ? EMPTY_CELL : formatNumber(v));

/** Where a part stands with its limits: red below 安全库存, orange above 库存上限. */
export function LimitTag({ state }: { state: number }) {
  if (state === 1) return <Tag color="red">低于安全库存</Tag>;
  if (state === 2) return <Tag color="orange">高于上限</Tag>;
  return <Tag color="green">正常</Tag>;
}

/**
 * /equipment/spare-part-infos/part-nums (备件库存): each registered spare part in each 备件仓 —
 * on hand, allocated, available, its batches, the last stock-in and stock-out there — and its
 * state against the material's 安全库存 and 库存上限 over all 备件仓; with 显示零库存, parts held
 * nowhere too. Sortable, exported as shown; opening stock is imported from a file.
 */
export default function PartNums() {
  const can = usePermission();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [order, setOrder] = useState<string>();
  const [importing, setImporting] = useState(false);
  const [batchesOf, setBatchesOf] = useState<PartNumsRow>();
  const paging = useReportPaging();
  const q = partNumsQuery(filters, order);
  const query = useQuery({
    queryKey: [sparePartStockApi.stock.path, q, paging.current, paging.pageSize],
    queryFn: ({ signal }) =>
      call(
        sparePartStockApi.stock,
        { ...q, currentPage: paging.current, pageSize: paging.pageSize },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const download = useReportExport(sparePartStockApi.stockExport.path, q, '备件库存.xlsx');
  const sorted = parseOrder(order, SORTABLE);
  const sortable = (key: (typeof PART_NUMS_SORTS)[number]) => ({
    sorter: true,
    sortOrder: sorted.get(key) ?? null,
  });
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? EMPTY_CELL : String(v));

  const columns: TableColumnType<PartNumsRow>[] = [
    {
      key: 'materialsCode',
      dataIndex: 'materialsCode',
      title: '备件编码',
      width: 120,
      fixed: 'left',
      ...sortable('materialsCode'),
    },
    {
      key: 'materialsName',
      dataIndex: 'materialsName',
      title: '备件名称',
      width: 140,
      ellipsis: true,
      ...sortable('materialsName'),
    },
    {
      key: 'materialsSpecifications',
      dataIndex: 'materialsSpecifications',
      title: '规格型号',
      width: 110,
      ellipsis: true,
      render: text,
    },
    { key: 'materialsUnit', dataIndex: 'materialsUnit', title: '单位', width: 60, render: text },
    {
      key: 'equipmentClassName',
      dataIndex: 'equipmentClassName',
      title: '适用设备类别',
      width: 120,
      ellipsis: true,
      render: text,
      ...sortable('equipmentClassName'),
    },
    {
      key: 'warehouseName',
      dataIndex: 'warehouseName',
      title: '仓库',
      width: 120,
      ellipsis: true,
      render: text,
      ...sortable('warehouseName'),
    },
    {
      key: 'currentQuantity',
      dataIndex: 'currentQuantity',
      title: '现存量',
      width: 90,
      align: 'right',
      render: qty,
      ...sortable('currentQuantity'),
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
      render: qty,
      ...sortable('availableQuantity'),
    },
    { key: 'lowerLimit', dataIndex: 'lowerLimit', title: '安全库存', width: 90, align: 'right', render: qty },
    { key: 'upperLimit', dataIndex: 'upperLimit', title: '库存上限', width: 90, align: 'right', render: qty },
    {
      key: 'limitState',
      dataIndex: 'limitState',
      title: '库存状态',
      width: 115,
      render: (v: number) => <LimitTag state={v} />,
    },
    {
      key: 'batchCount',
      dataIndex: 'batchCount',
      title: '批次数',
      width: 70,
      align: 'right',
      // the count opens the batches it counts
      render: (v: number, r) =>
        v > 0 && r.warehouseId !== null ? (
          <Typography.Link onClick={() => setBatchesOf(r)} aria-label={`查看${r.materialsName}的批次`}>
            {v}
          </Typography.Link>
        ) : (
          (v ?? 0)
        ),
    },
    {
      key: 'lastInAt',
      dataIndex: 'lastInAt',
      title: '最近入库',
      width: 150,
      render: text,
      ...sortable('lastInAt'),
    },
    {
      key: 'lastOutAt',
      dataIndex: 'lastOutAt',
      title: '最近出库',
      width: 150,
      render: text,
      ...sortable('lastOutAt'),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <FilterCard<Filters>
        form={form}
        name="partNumsSearch"
        initialValues={NO_FILTERS}
        onSearch={(v) => {
          setFilters(v);
          paging.first();
        }}
      >
        <FilterItem>
          <Form.Item name="keyword" label="备件">
            <Input placeholder="备件编码或名称" allowClear maxLength={64} />
          </Form.Item>
        </FilterItem>
        <FilterItem>
          <Form.Item name="warehouseIds" label="备件仓">
            <RemoteSelect
              mode="multiple"
              endpoint={WAREHOUSES}
              filters={spareWarehouseRef.ref.filters}
              placeholder="全部备件仓"
              allowClear
              maxTagCount="responsive"
            />
          </Form.Item>
        </FilterItem>
        <FilterItem>
          <Form.Item name="equipmentClassId" label="设备类别">
            <RemoteSelect endpoint={CLASSES} placeholder="全部类别" allowClear />
          </Form.Item>
        </FilterItem>
        <FilterItem>
          <Form.Item name="limitState" label="库存状态">
            <Select
              allowClear
              placeholder="全部"
              options={PART_LIMIT_STATES.map((s) => ({ value: s.value, label: s.label }))}
            />
          </Form.Item>
        </FilterItem>
        <FilterItem>
          <Form.Item name="isShowZero" label=" " colon={false} valuePropName="checked">
            <Checkbox>显示零库存</Checkbox>
          </Form.Item>
        </FilterItem>
      </FilterCard>
      <ReportTable<PartNumsRow>
        head={{
          title: '备件库存',
          // the report head has no toolbar of its own: the import sits beside its note
          note: (
            <Flex align="baseline" gap={12}>
              <Typography.Text type="secondary">只统计备件台账中登记的备件在备件仓的库存</Typography.Text>
              {can(ROUTE, 'Import') && (
                <Button size="small" icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                  导入期初库存
                </Button>
              )}
            </Flex>
          ),
          onReload: () => void query.refetch(),
          onExport: can(ROUTE, 'Export') ? download.run : undefined,
          exporting: download.exporting,
        }}
        rowKey={(r) => `${r.materialsId}-${r.warehouseId ?? 0}`}
        columns={columns}
        data={query.data}
        fetching={query.isFetching}
        paging={paging}
        empty="备件仓暂无备件库存"
        onChange={(_p, _f, sorter, extra) => {
          if (extra.action !== 'sort') return;
          setOrder(toOrder(sorter, SORTABLE));
          paging.first();
        }}
      />
      <StockDrawer
        open={batchesOf !== undefined}
        title={
          batchesOf
            ? `${batchesOf.materialsName}（${batchesOf.materialsCode}）· ${batchesOf.warehouseName}`
            : ''
        }
        balances={
          batchesOf && {
            endpoint: sparePartStockApi.batches,
            materialsId: batchesOf.materialsId,
            unit: batchesOf.materialsUnit,
            warehouseIds: batchesOf.warehouseId === null ? undefined : [batchesOf.warehouseId],
          }
        }
        onClose={() => setBatchesOf(undefined)}
      />
      <ImportWizard
        open={importing}
        {...OPENING_IMPORT}
        onClose={() => setImporting(false)}
        onDone={() => {
          setImporting(false);
          void query.refetch();
        }}
      />
    </Flex>
  );
}
