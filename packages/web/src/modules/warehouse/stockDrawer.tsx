import type { FilterItem as ListFilter } from '@factory/shared/api/list';
import type { sparePartStockApi } from '@factory/shared/api/sparePartStock';
import { type lineSideApi, type StockBalanceRow, warehouseApi } from '@factory/shared/api/warehouse';
import { batchQualityStatus } from '@factory/shared/enums';
import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Table, type TableColumnType, Tabs, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { AppDrawer } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { warehouseIdStr } from './reportParts.tsx';
import { MovementList, type MovementSource } from './stockDocParts.tsx';

const qty = (v: unknown) => formatNumber(v);
/** batchQualityStatus 1: the ordinary case, shown without a tag. */
const PASSED = 1;

const BALANCE_COLUMNS = (unit: string): TableColumnType<StockBalanceRow>[] => [
  { key: 'warehouseName', dataIndex: 'warehouseName', title: '仓库', width: 130 },
  { key: 'locationName', dataIndex: 'locationName', title: '库位', width: 110, render: (v) => v ?? '未指定' },
  {
    key: 'batchCode',
    dataIndex: 'batchCode',
    title: '批次号',
    width: 190,
    // a batch waiting for or failing its incoming inspection is held: say why it is not available
    render: (v, r) =>
      v ? (
        <Flex gap={6} align="center">
          {v}
          {r.qualityStatus !== undefined && r.qualityStatus !== PASSED && (
            <Tag color={batchQualityStatus.color(r.qualityStatus)} style={{ marginInlineEnd: 0 }}>
              {batchQualityStatus.label(r.qualityStatus, '')}
            </Tag>
          )}
        </Flex>
      ) : (
        EMPTY_CELL
      ),
  },
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

/** Where a material's balances are read: every warehouse's, the line-side ones' only, or the 备件仓' only. */
export type BalancesEndpoint =
  | typeof warehouseApi.balances
  | typeof lineSideApi.balances
  | typeof sparePartStockApi.batches;

/** What the drawer's batch tab shows: one material's balances, in these warehouses (none: all). */
export interface BalancesOf {
  endpoint?: BalancesEndpoint;
  materialsId: number;
  unit: string | null;
  warehouseIds?: number[];
  /** The list's area filter (库区): only the locations of that area. */
  warehouseAreaId?: number;
  /** The list's batch filter: only the batches it matches, as the row's figures count them. */
  batchCode?: string;
}

/** One material's stock by warehouse, location and batch (oldest first: the order a stock-out takes). */
function Balances({
  endpoint = warehouseApi.balances,
  materialsId,
  unit,
  warehouseIds,
  warehouseAreaId,
  batchCode,
}: BalancesOf) {
  const query = useQuery({
    queryKey: [endpoint.path, materialsId, 'all', warehouseIds, warehouseAreaId],
    queryFn: ({ signal }) =>
      call(
        endpoint,
        { materialsId, warehouseIdStr: warehouseIdStr(warehouseIds), warehouseAreaId },
        { signal },
      ),
  });
  return (
    <Table<StockBalanceRow>
      rowKey="id"
      size="small"
      loading={query.isPending}
      columns={BALANCE_COLUMNS(unit ? `(${unit})` : '')}
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

/**
 * A material's stock drawer (库存明细): its figures, then its batches and its movements in tabs.
 * The inventory shows a material over the chosen warehouses, the line-side stock one line-side
 * warehouse's; each says where to read them.
 */
export function StockDrawer({
  open,
  title,
  summary,
  balances,
  movements,
  onClose,
}: {
  open: boolean;
  title: string;
  /** The figures above the tabs (a Descriptions). */
  summary?: ReactNode;
  /** None while nothing is chosen. */
  balances?: BalancesOf;
  /**
   * Its movements: where read, under which filters; `hidden` columns beside what the drawer says
   * already. None: the batches only (the spare-part stock, whose bills have a page of their own).
   */
  movements?: { source?: MovementSource; fixed: ListFilter[]; prefsKey: string; hidden?: string[] };
  onClose(): void;
}) {
  return (
    <AppDrawer open={open} size={1100} title={title} onClose={onClose}>
      {balances && (
        <Flex vertical gap={16}>
          {summary}
          <Tabs
            items={[
              {
                key: 'balances',
                label: balances.batchCode ? `批次库存（批次号含“${balances.batchCode}”）` : '批次库存',
                children: <Balances {...balances} />,
              },
              ...(movements
                ? [
                    {
                      key: 'movements',
                      label: '库存流水',
                      children: (
                        <MovementList
                          source={movements.source}
                          fixed={movements.fixed}
                          title="物料库存流水"
                          prefsKey={movements.prefsKey}
                          search={false}
                          hidden={[
                            'materialsName',
                            'materialsCode',
                            'isReversal',
                            ...(movements.hidden ?? []),
                          ]}
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Flex>
      )}
    </AppDrawer>
  );
}

/** The movement filters of one material, in these warehouses when chosen. */
export function materialMovements(materialsId: number, warehouseIds?: readonly number[]): ListFilter[] {
  return [
    { fieldName: 'materialsId', fieldType: 'integer', operator: 'eq', fieldValue: materialsId },
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
  ];
}
