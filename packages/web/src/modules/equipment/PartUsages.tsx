import { type PartUsageQuery, type PartUsageRow, sparePartApi } from '@factory/shared/api/sparePart';
import { sparePartSource } from '@factory/shared/enums';
import { hasAnyKey } from '@factory/shared/permissions';
import { routeHref } from '@factory/shared/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex, Table, type TableColumnType, Typography } from 'antd';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { call } from '../../platform/call.ts';
import { formatNumber } from '../../platform/list/format.ts';
import { MaterialCell } from '../../platform/MaterialCell.tsx';
import { permissionSet, useSession } from '../../platform/session.ts';
import { repairHref } from './repairParts.ts';
import { billHref } from './TaskParts.ts';

export const PART_ACCOUNT_HREF = routeHref('partAccount');
export const sparePartHref = (p: { id: number }) => routeHref('sparePartDetail', { id: p.id });

/** The upkeep tasks' kind (保养) among the check tasks. */
export const UPKEEP = 2;

/** The repair order (维修) or upkeep task (保养) a part was taken for. */
export const sourceHref = (sourceType: number, sourceId: number) =>
  sourceType === 0 ? repairHref({ id: sourceId }) : billHref(UPKEEP, sourceId);

/**
 * Which spare parts went where (by part, machine or source), read anew with `reload`; `allowed`:
 * the user holds a key the call accepts (else it is not made and the page shows no parts).
 */
export function usePartUsages(query: PartUsageQuery, enabled = true) {
  const client = useQueryClient();
  const user = useSession((s) => s.user);
  const allowed = hasAnyKey(
    { userName: user?.userName ?? '', permissions: permissionSet(user) },
    sparePartApi.usages.access.keys ?? [],
  );
  const usages = useQuery({
    queryKey: [sparePartApi.usages.path, query],
    queryFn: ({ signal }) => call(sparePartApi.usages, query, { signal }),
    enabled: enabled && allowed,
    refetchOnMount: 'always',
  });
  const reload = useCallback(
    () => void client.invalidateQueries({ queryKey: [sparePartApi.usages.path] }),
    [client],
  );
  return { rows: usages.data, reload, allowed };
}

type Column = 'material' | 'equipment' | 'source';

/**
 * The spare parts taken from stock (备件领用), newest first: the part, the machine, the repair or
 * upkeep that took it (links), the warehouse, the quantity (a return in red, negative), the stock
 * document and when. `omit` leaves out what the page already is about.
 */
export function PartUsageTable({
  rows,
  omit = [],
  empty = '没有更换备件',
}: {
  rows: readonly PartUsageRow[] | undefined;
  omit?: readonly Column[];
  empty?: string;
}) {
  const columns: (TableColumnType<PartUsageRow> & { key: string })[] = [
    {
      key: 'material',
      title: '备件',
      width: 240,
      render: (_v, p) => (
        <MaterialCell name={p.materialsName} code={p.materialsCode} specification={p.specification} />
      ),
    },
    {
      key: 'equipment',
      title: '设备',
      width: 180,
      render: (_v, p) => (
        <Link to={routeHref('accountDetail', { id: p.equipmentId })}>
          {p.equipmentName}（{p.equipmentCode}）
        </Link>
      ),
    },
    {
      key: 'source',
      title: '来源',
      width: 200,
      render: (_v, p) => (
        <Flex vertical>
          <Link to={sourceHref(p.sourceType, p.sourceId)}>{p.sourceCode}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {sparePartSource.label(p.sourceType)}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'warehouse', title: '仓库', dataIndex: 'warehouseName', width: 130 },
    {
      key: 'quantity',
      title: '数量',
      align: 'right',
      width: 100,
      render: (_v, p) => (
        <Typography.Text type={p.quantity < 0 ? 'danger' : undefined}>
          {`${formatNumber(p.quantity)}${p.unitName ? ` ${p.unitName}` : ''}`}
        </Typography.Text>
      ),
    },
    {
      key: 'doc',
      title: '出库单号',
      width: 170,
      render: (_v, p) => (
        <Link to={routeHref('warehouseOperateDetail', { id: p.stockDocId })}>{p.stockDocCode}</Link>
      ),
    },
    { key: 'at', title: '领用时间', dataIndex: 'usedAt', width: 170 },
  ];
  return (
    <Table<PartUsageRow>
      rowKey="id"
      size="middle"
      loading={!rows}
      dataSource={rows as PartUsageRow[] | undefined}
      pagination={rows && rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: 900 }}
      locale={{ emptyText: empty }}
      columns={columns.filter((c) => !omit.includes(c.key as Column))}
    />
  );
}
