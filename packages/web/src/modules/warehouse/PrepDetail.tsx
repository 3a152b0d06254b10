import { type PrepLineRow, warehouseApi } from '@factory/shared/api/warehouse';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { materialPrepEntity } from '@factory/shared/entities/materialPrep';
import type { RowOf } from '@factory/shared/entities/schema';
import { allowedActions } from '@factory/shared/machines/define';
import { materialPrepMachine } from '@factory/shared/machines/warehouse';
import { hasAnyKey } from '@factory/shared/permissions';
import { routeHref } from '@factory/shared/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  type DescriptionsProps,
  Empty,
  Flex,
  Result,
  Table,
  type TableColumnType,
  Tabs,
  Typography,
} from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { call } from '../../platform/call.ts';
import { CodeText, DetailHeader } from '../../platform/DetailHeader.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { cellOf, EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { listQueryKey } from '../../platform/list/useListQuery.ts';
import { AuditTimeline, auditQueryKey } from '../../platform/machine/AuditTimeline.tsx';
import { StateTags } from '../../platform/machine/StateTags.tsx';
import { useMachineActions, useTenantFlags } from '../../platform/machine/useMachineActions.tsx';
import { useHasPage } from '../../platform/pages.ts';
import { permissionSet, useSession } from '../../platform/session.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { openLines, PickModal, prepLinesKey } from './PickModal.tsx';

const { Text } = Typography;

type Prep = RowOf<typeof materialPrepEntity>;
const PREPS = entityEndpoints(materialPrepEntity);
const LIST = routeHref('warehouseAssign');
const F = materialPrepEntity.fields;
const CANCELLED = 9;

/** A declared field's value as its list cell shows it, '—' when empty. */
const shown = (key: keyof typeof F, v: unknown): ReactNode =>
  v === null || v === undefined || v === '' ? EMPTY_CELL : cellOf(F[key])(v);

/** The order's facts: what it prepares for (work order, plan, product, quantity) and where it goes. */
function facts(p: Prep, workOrderLink: boolean): DescriptionsProps['items'] {
  const item = (key: keyof typeof F, children?: ReactNode) => ({
    key,
    label: F[key].label,
    children: children ?? shown(key, p[key]),
  });
  const unit = p.unitName ? ` ${p.unitName}` : '';
  return [
    item('code'),
    item(
      'workOrderCode',
      p.workOrderCode && workOrderLink ? (
        <Link to={routeHref('workDetail', { id: p.workOrderId })}>{p.workOrderCode}</Link>
      ) : undefined,
    ),
    item('planCode'),
    item('materialsName'),
    item('materialsCode'),
    item('materialsSpecifications'),
    item('quantity', `${formatNumber(p.quantity)}${unit}`),
    item('areaName'),
    item(
      'targetWarehouseName',
      p.targetWarehouseName ?? <Text type="secondary">无线边仓（领料直接领用）</Text>,
    ),
    item('preparedCount', `${formatNumber(p.preparedCount)} / ${formatNumber(p.lineCount)}`),
    item('sentAt'),
    item('createdAt'),
    ...(p.remark ? [item('remark')] : []),
  ];
}

/** A quantity with the line's unit. */
const quantity = (v: number, l: PrepLineRow) => `${formatNumber(v)}${l.unitName ? ` ${l.unitName}` : ''}`;

/** The lines' columns; a cancelled order's remaining quantities are no longer to pick. */
const lineColumns = (cancelled: boolean): TableColumnType<PrepLineRow>[] => [
  { key: 'seq', title: '序号', width: 60, align: 'center', render: (_v, _l, i) => i + 1 },
  { key: 'materialsCode', title: '物料编码', dataIndex: 'materialsCode', width: 140 },
  { key: 'materialsName', title: '物料名称', dataIndex: 'materialsName', width: 160 },
  {
    key: 'materialsSpecifications',
    title: '规格型号',
    width: 150,
    render: (_, l) => l.materialsSpecifications ?? EMPTY_CELL,
  },
  { key: 'procedureName', title: '工序', width: 110, render: (_, l) => l.procedureName ?? EMPTY_CELL },
  {
    key: 'required',
    title: '需求数量',
    width: 120,
    align: 'right',
    render: (_, l) => quantity(l.requiredQuantity, l),
  },
  {
    key: 'issued',
    title: '已领数量',
    width: 120,
    align: 'right',
    render: (_, l) => quantity(l.issuedQuantity, l),
  },
  {
    key: 'remaining',
    title: '未领数量',
    width: 120,
    align: 'right',
    // what is still to pick stands out
    render: (_, l) =>
      l.remainingQuantity > 0 ? (
        <Text type={cancelled ? 'secondary' : 'danger'} strong={!cancelled}>
          {quantity(l.remainingQuantity, l)}
        </Text>
      ) : (
        <Text type="success">已领齐</Text>
      ),
  },
  {
    key: 'held',
    title: '已预占',
    width: 120,
    align: 'right',
    // held short of what is still to pick: the shelves lack the rest (docs/warehouse.md "Holds")
    render: (_, l) => {
      if (l.remainingQuantity <= 0 || cancelled) return EMPTY_CELL;
      const short = l.heldQuantity < l.remainingQuantity;
      return (
        <Text type={short ? 'warning' : undefined} title={short ? '库存不足，未能全部预占' : undefined}>
          {quantity(l.heldQuantity, l)}
        </Text>
      );
    },
  },
];

/** The order's lines: what each material needs, what was picked, what is still to pick. */
function LinesTable({
  lines,
  loading,
  cancelled,
}: {
  lines: readonly PrepLineRow[];
  loading: boolean;
  cancelled: boolean;
}) {
  return (
    <Table<PrepLineRow>
      rowKey="id"
      size="middle"
      columns={lineColumns(cancelled)}
      dataSource={[...lines]}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无备料明细" /> }}
    />
  );
}

/**
 * /warehouse/inventory-info/warehouse-assign-detail/:id: a preparation order — its work order,
 * product and where the materials go, its state and the actions allowed now (下发, 领料, 取消),
 * its lines with what is still to pick, and its audit trail.
 */
export default function PrepDetail() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const client = useQueryClient();
  const can = usePermission();
  const flags = useTenantFlags();
  const hasPage = useHasPage();
  const user = useSession((s) => s.user);
  const [picking, setPicking] = useState(false);
  const query = useQuery({
    queryKey: [PREPS.detail.path, id],
    queryFn: ({ signal }) => call(PREPS.detail, { id }, { signal }),
    enabled: valid,
  });
  const lines = useQuery({
    queryKey: prepLinesKey(id),
    queryFn: ({ signal }) => call(warehouseApi.prepLines, { id }, { signal }),
    enabled: valid,
  });
  // an action or a pick changes the state, the lines, the trail and the list alike
  const reload = useCallback(() => {
    for (const queryKey of [
      [PREPS.detail.path, id],
      prepLinesKey(id),
      auditQueryKey(materialPrepMachine, id),
      listQueryKey(PREPS.listPage),
    ])
      void client.invalidateQueries({ queryKey });
  }, [client, id]);
  const p = query.data;
  const machine = useMachineActions(materialPrepMachine, p, reload);

  if (!valid)
    return <Result status="404" title="备料单不存在" extra={<Link to={LIST}>返回备料单列表</Link>} />;
  const lineList = lines.data ?? [];
  const canPick =
    !!p &&
    allowedActions(materialPrepMachine, p, can, flags).includes('pick') &&
    openLines(lineList).length > 0;
  // the work order opens only for those who may see it
  const workOrderLink =
    hasPage('workDetail') &&
    hasAnyKey({ userName: user?.userName ?? '', permissions: permissionSet(user) }, ['workDetail']);
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title="备料单" />
      {p && (
        <>
          <DetailHeader
            backTo={LIST}
            backLabel="返回备料单列表"
            title="备料单"
            extra={
              <Flex gap={8} align="center" wrap>
                <CodeText label="备料单号" code={p.code ?? ''} />
                {canPick && (
                  <Button type="primary" onClick={() => setPicking(true)}>
                    领料
                  </Button>
                )}
                {machine.buttons}
              </Flex>
            }
          >
            <StateTags machine={materialPrepMachine} row={p} />
          </DetailHeader>
          <Card variant="borderless" title="基本信息">
            <Descriptions
              column={{ xs: 1, md: 2, xl: 3 }}
              colon={false}
              styles={{ label: { width: 96 } }}
              items={facts(p, workOrderLink)}
            />
          </Card>
          <Card variant="borderless">
            <Tabs
              items={[
                {
                  key: 'lines',
                  label: `备料明细（${lineList.length}）`,
                  children: lines.isError ? (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="备料明细加载失败">
                      <Button onClick={() => lines.refetch()}>重新加载</Button>
                    </Empty>
                  ) : (
                    <LinesTable
                      lines={lineList}
                      loading={lines.isFetching}
                      cancelled={p.status === CANCELLED}
                    />
                  ),
                },
                {
                  key: 'log',
                  label: '操作日志',
                  children: <AuditTimeline machine={materialPrepMachine} id={id} />,
                },
              ]}
            />
          </Card>
          <PickModal
            open={picking}
            prep={{
              id: p.id,
              version: p.version,
              code: p.code ?? '',
              targetWarehouseName: p.targetWarehouseName ?? null,
            }}
            onClose={() => setPicking(false)}
            onChanged={() => {
              setPicking(false);
              reload();
            }}
          />
          {machine.holder}
        </>
      )}
    </Flex>
  );
}
