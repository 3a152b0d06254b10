import { sparePartApi } from '@factory/shared/api/sparePart';
import type { StockBalanceRow } from '@factory/shared/api/warehouse';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { sparePartEntity } from '@factory/shared/entities/sparePart';
import { hasAnyKey } from '@factory/shared/permissions';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Result, Table, Tabs } from 'antd';
import { Link, useParams } from 'react-router';
import { call } from '../../platform/call.ts';
import { DetailFields } from '../../platform/DetailFields.tsx';
import { CodeText, DetailHeader } from '../../platform/DetailHeader.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { OrderFigures } from '../../platform/OrderDetail.tsx';
import { permissionSet, useSession } from '../../platform/session.ts';
import { PART_ACCOUNT_HREF, PartUsageTable, usePartUsages } from './PartUsages.tsx';

const PARTS = entityEndpoints(sparePartEntity);

/** Shown in the heading or the figures, not among the plain fields. */
const APART = ['materialsName', 'materialsCode', 'stockQuantity', 'usedQuantity', 'lowerLimit', 'upperLimit'];

/** The part's stock in the 备件仓, by warehouse, location and batch (oldest first). */
function SpareStock({ materialsId, unit }: { materialsId: number; unit: string | null }) {
  const user = useSession((s) => s.user);
  const mayRead = hasAnyKey(
    { userName: user?.userName ?? '', permissions: permissionSet(user) },
    sparePartApi.balances.access.keys ?? [],
  );
  const balances = useQuery({
    queryKey: [sparePartApi.balances.path, materialsId],
    queryFn: ({ signal }) => call(sparePartApi.balances, { materialsId }, { signal }),
    enabled: mayRead,
  });
  if (!mayRead) return <Alert type="info" showIcon title="没有查看库存的权限" />;
  const u = unit ? `(${unit})` : '';
  return (
    <Table<StockBalanceRow>
      rowKey="id"
      size="middle"
      loading={balances.isPending}
      dataSource={balances.data}
      pagination={false}
      scroll={{ x: 800 }}
      locale={{ emptyText: '备件仓中没有库存' }}
      columns={[
        { key: 'warehouse', title: '仓库', dataIndex: 'warehouseName', width: 140 },
        { key: 'location', title: '库位', width: 120, render: (_v, b) => b.locationName ?? EMPTY_CELL },
        { key: 'batch', title: '批次号', width: 150, render: (_v, b) => b.batchCode ?? EMPTY_CELL },
        {
          key: 'onHand',
          title: `现存量${u}`,
          align: 'right',
          width: 110,
          render: (_v, b) => formatNumber(b.onHand),
        },
        {
          key: 'allocated',
          title: `预占${u}`,
          align: 'right',
          width: 100,
          render: (_v, b) => formatNumber(b.allocated),
        },
        {
          key: 'available',
          title: `可用量${u}`,
          align: 'right',
          width: 110,
          render: (_v, b) => formatNumber(b.available),
        },
        { key: 'firstInAt', title: '首次入库', width: 170, render: (_v, b) => b.firstInAt ?? EMPTY_CELL },
      ]}
    />
  );
}

/** Which machines the part went into, from which repair or upkeep (a return negative). */
function Usages({ materialsId }: { materialsId: number }) {
  const { rows } = usePartUsages({ materialsId });
  return <PartUsageTable rows={rows} omit={['material']} empty="还没有领用记录" />;
}

/**
 * /equipment/spare-part-infos/part-account-detail/:id: a spare part — its account data, its stock
 * against the safety stock, the stock per 备件仓 and batch, and where it was used (the machine and
 * the repair or upkeep, with links).
 */
export default function SparePartDetail() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: [PARTS.detail.path, id],
    queryFn: ({ signal }) => call(PARTS.detail, { id }, { signal }),
    enabled: valid,
    refetchOnMount: 'always',
  });
  if (!valid)
    return (
      <Result status="404" title="备件不存在" extra={<Link to={PART_ACCOUNT_HREF}>返回备件台账</Link>} />
    );
  const part = query.data;
  const unit = part?.unitName ? ` ${part.unitName}` : '';
  const low =
    part?.lowerLimit !== null &&
    part?.lowerLimit !== undefined &&
    (part.stockQuantity ?? 0) < part.lowerLimit;
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title="备件详情" />
      {part && (
        <>
          <DetailHeader
            backTo={PART_ACCOUNT_HREF}
            backLabel="返回备件台账"
            title={part.materialsName ?? ''}
            extra={<CodeText label="物料编码" code={part.materialsCode ?? ''} />}
          >
            {low && <Alert type="warning" showIcon title="库存低于安全库存" />}
          </DetailHeader>
          <OrderFigures
            items={[
              { key: 'stock', title: '备件库存', value: formatNumber(part.stockQuantity ?? 0), suffix: unit },
              {
                key: 'lower',
                title: '安全库存',
                value: part.lowerLimit === null ? '—' : formatNumber(part.lowerLimit),
                suffix: part.lowerLimit === null ? undefined : unit,
              },
              {
                key: 'upper',
                title: '库存上限',
                value: part.upperLimit === null ? '—' : formatNumber(part.upperLimit),
                suffix: part.upperLimit === null ? undefined : unit,
              },
              { key: 'used', title: '累计领用', value: formatNumber(part.usedQuantity ?? 0), suffix: unit },
            ]}
          />
          <DetailFields entity={sparePartEntity} row={part} title="备件信息" omit={APART} />
          <Card variant="borderless">
            <Tabs
              items={[
                {
                  key: 'stock',
                  label: '备件仓库存',
                  children: <SpareStock materialsId={part.materialsId} unit={part.unitName} />,
                },
                { key: 'usages', label: '使用记录', children: <Usages materialsId={part.materialsId} /> },
              ]}
            />
          </Card>
        </>
      )}
    </Flex>
  );
}
