import { EditOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { type SalesOrderTrace, salesApi } from '@factory/shared/api/sales';
import type { FieldDecl } from '@factory/shared/entities/define';
import { salesOrderEntity } from '@factory/shared/entities/salesOrder';
import type { DetailOf } from '@factory/shared/entities/schema';
import { confirmStatus, orderPlanStatus } from '@factory/shared/enums';
import { allowedActions } from '@factory/shared/machines/define';
import { salesOrderMachine } from '@factory/shared/machines/sales';
import { routeHref } from '@factory/shared/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Result,
  Row,
  Statistic,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../platform/call.ts';
import { CodeText, DetailHeader } from '../../platform/DetailHeader.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { cellOf, EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { AuditTimeline, auditQueryKey } from '../../platform/machine/AuditTimeline.tsx';
import { StateTags } from '../../platform/machine/StateTags.tsx';
import { useMachineActions, useTenantFlags } from '../../platform/machine/useMachineActions.tsx';
import { usePermission } from '../../platform/usePermission.ts';
import { leftOf, ShipModal } from './ShipModal.tsx';
import { formHref, isDraft, LIST_HREF, SALES_ORDERS } from './salesParts.ts';
import { type Shipment, UnshipModal } from './UnshipModal.tsx';

type Detail = DetailOf<typeof salesOrderEntity>;
type Line = Detail['lines'][number];

/** Shown in the heading or the figures, not among the plain fields. */
const APART = new Set([
  'id',
  'code',
  'confirmStatus',
  'status',
  'lineCount',
  'totalQuantity',
  'shippedQuantity',
  'totalAmount',
]);

function HeadFields({ order }: { order: Detail }) {
  const byKey: Record<string, unknown> = order;
  const fields = Object.entries(salesOrderEntity.fields).filter(
    ([key]) => !APART.has(key) && (key !== 'closeReason' || order.status === 3),
  ) as [string, FieldDecl][];
  return (
    <Card variant="borderless" title="订单信息">
      <Descriptions column={{ xs: 1, md: 2, xl: 3 }} colon={false} styles={{ label: { width: 96 } }}>
        {fields.map(([key, f]) => {
          const v = byKey[key];
          return (
            <Descriptions.Item key={key} label={f.label}>
              {v === null || v === undefined || v === '' ? EMPTY_CELL : cellOf(f)(v)}
            </Descriptions.Item>
          );
        })}
      </Descriptions>
    </Card>
  );
}

function Figures({ order }: { order: Detail }) {
  const ordered = order.totalQuantity ?? 0;
  const shipped = order.shippedQuantity ?? 0;
  const linked = order.lines.reduce((n, l) => n + (l.linkedProduceQuantity ?? 0), 0);
  const produced = order.lines.reduce((n, l) => n + (l.producedQuantity ?? 0), 0);
  return (
    <Card variant="borderless">
      <Row gutter={24}>
        <Col xs={12} md={6}>
          <Statistic title="订货数量" value={formatNumber(ordered)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title="已下生产 / 已完工"
            value={`${formatNumber(linked)} / ${formatNumber(produced)}`}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="已发货" value={formatNumber(shipped)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="含税金额（元）" value={formatNumber(order.totalAmount ?? 0)} />
        </Col>
      </Row>
    </Card>
  );
}

function LinesTable({ order, trace }: { order: Detail; trace?: SalesOrderTrace }) {
  const stock = new Map(trace?.stock.map((s) => [s.lineId, s.available]));
  const unit = (l: Line) => (l.unitName ? ` ${l.unitName}` : '');
  return (
    <Table<Line>
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={order.lines}
      scroll={{ x: 1300 }}
      columns={[
        { key: 'seq', title: '序号', width: 60, align: 'center', render: (_v, _l, i) => i + 1 },
        { key: 'materialsName', title: '产品', dataIndex: 'materialsName', width: 200 },
        { key: 'materialsCode', title: '产品编码', dataIndex: 'materialsCode', width: 130 },
        { key: 'spec', title: '规格型号', dataIndex: 'materialsSpecifications', width: 130 },
        { key: 'deliveryTime', title: '交货日期', dataIndex: 'deliveryTime', width: 170 },
        {
          key: 'quantity',
          title: '订货',
          align: 'right',
          width: 100,
          render: (_v, l) => `${formatNumber(l.quantity)}${unit(l)}`,
        },
        {
          key: 'unitPrice',
          title: '含税单价',
          align: 'right',
          width: 110,
          render: (_v, l) => formatNumber(l.unitPrice),
        },
        {
          key: 'taxRate',
          title: '税率(%)',
          align: 'right',
          width: 80,
          render: (_v, l) => formatNumber(l.taxRate),
        },
        {
          key: 'amount',
          title: '金额',
          align: 'right',
          width: 120,
          render: (_v, l) => formatNumber(l.amount),
        },
        {
          key: 'stock',
          title: '成品可用库存',
          align: 'right',
          width: 120,
          render: (_v, l) => (stock.has(l.id) ? formatNumber(stock.get(l.id)) : EMPTY_CELL),
        },
        {
          key: 'linked',
          title: '已下生产',
          align: 'right',
          width: 100,
          render: (_v, l) => formatNumber(l.linkedProduceQuantity ?? 0),
        },
        {
          key: 'produced',
          title: '已完工',
          align: 'right',
          width: 100,
          render: (_v, l) => formatNumber(l.producedQuantity ?? 0),
        },
        {
          key: 'shipped',
          title: '已发货',
          align: 'right',
          width: 110,
          render: (_v, l) =>
            leftOf(l) === 0 ? (
              <Tag color="green">{formatNumber(l.shippedQuantity ?? 0)}</Tag>
            ) : (
              formatNumber(l.shippedQuantity ?? 0)
            ),
        },
        { key: 'remark', title: '备注', dataIndex: 'remark', width: 140 },
      ]}
    />
  );
}

function ProduceOrders({ order, trace }: { order: Detail; trace?: SalesOrderTrace }) {
  const lineNo = new Map(order.lines.map((l, i) => [l.id, i + 1]));
  if (!trace?.produceOrders.length)
    return (
      <Empty
        description={
          order.confirmStatus === 1 ? '库存足够，未生成生产订单' : '确认后为库存不足的数量生成生产订单'
        }
      />
    );
  return (
    <Table
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={trace.produceOrders}
      columns={[
        {
          key: 'code',
          title: '生产订单',
          render: (_v, o) => <Link to={routeHref('orderDetail', { id: o.id })}>{o.code}</Link>,
        },
        { key: 'line', title: '订单行', render: (_v, o) => `第${lineNo.get(o.lineId) ?? '?'}行` },
        { key: 'quantity', title: '生产数量', align: 'right', render: (_v, o) => formatNumber(o.quantity) },
        {
          key: 'completed',
          title: '完工数量',
          align: 'right',
          render: (_v, o) => formatNumber(o.completedQuantity),
        },
        { key: 'confirm', title: '确认状态', render: (_v, o) => confirmStatus.label(o.confirmStatus, '—') },
        { key: 'plan', title: '计划状态', render: (_v, o) => orderPlanStatus.label(o.planStatus, '—') },
      ]}
    />
  );
}

/** A cell of a shipment taken back: struck through and grey. */
const asShown = (s: Shipment, content: ReactNode) =>
  s.reversedAt ? (
    <Typography.Text delete type="secondary">
      {content}
    </Typography.Text>
  ) : (
    content
  );

/**
 * The shipments by batch, each stock document's rows together: its number and 撤销发货 once for
 * all of them (taking back the whole document); a document taken back struck through, 已撤销.
 */
function Shipments({
  trace,
  canUnship,
  onUnship,
}: {
  trace?: SalesOrderTrace;
  canUnship: boolean;
  onUnship(s: Shipment): void;
}) {
  if (!trace?.shipments.length) return <Empty description="尚未发货" />;
  const rows = trace.shipments;
  // rows of one document follow one another: the first spans them
  const span = (i: number) => {
    if (i > 0 && rows[i - 1].stockDocId === rows[i].stockDocId) return 0;
    let n = 1;
    while (rows[i + n]?.stockDocId === rows[i].stockDocId) n++;
    return n;
  };
  return (
    <Table<Shipment>
      rowKey={(s) => `${s.stockDocId}-${s.lineId}-${s.batchCode ?? ''}-${s.quantity}`}
      size="middle"
      pagination={false}
      dataSource={rows}
      columns={[
        {
          key: 'doc',
          title: '出库单',
          onCell: (_s, i) => ({ rowSpan: span(i ?? 0) }),
          render: (_v, s) => (
            <Flex gap={6} align="center" wrap>
              <Link to={routeHref('warehouseOperateDetail', { id: s.stockDocId })}>{s.stockDocCode}</Link>
              {s.reversedAt && (
                <Tooltip title={`${s.reversedByName ?? ''} ${s.reversedAt} 撤销`}>
                  <Tag style={{ marginInlineEnd: 0 }}>已撤销</Tag>
                </Tooltip>
              )}
            </Flex>
          ),
        },
        {
          key: 'at',
          title: '发货时间',
          onCell: (_s, i) => ({ rowSpan: span(i ?? 0) }),
          render: (_v, s) => asShown(s, s.shippedAt),
        },
        { key: 'product', title: '产品', render: (_v, s) => asShown(s, s.materialsName) },
        { key: 'warehouse', title: '仓库', render: (_v, s) => asShown(s, s.warehouseName) },
        { key: 'batch', title: '批次号', render: (_v, s) => asShown(s, s.batchCode ?? EMPTY_CELL) },
        {
          key: 'quantity',
          title: '数量',
          align: 'right',
          render: (_v, s) => asShown(s, formatNumber(s.quantity)),
        },
        ...(canUnship
          ? [
              {
                key: 'actions',
                title: '操作',
                width: 110,
                onCell: (_s: Shipment, i?: number) => ({ rowSpan: span(i ?? 0) }),
                render: (_v: unknown, s: Shipment) =>
                  s.reversedAt ? null : (
                    <Button
                      type="link"
                      danger
                      size="small"
                      icon={<RollbackOutlined />}
                      onClick={() => onUnship(s)}
                    >
                      撤销发货
                    </Button>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * /sales/sales-order-detail/:id: a sales order — its head, states and the actions allowed now
 * (确认 makes production orders for what stock does not cover, 取消确认, 关闭 with a reason, 重新打开,
 * 取消, 发货), its lines with ordered / produced / shipped quantities, the production orders made
 * for it, its shipments by batch (each taken back by 撤销发货), and its audit trail.
 */
export default function SalesOrderDetail() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const can = usePermission();
  const flags = useTenantFlags();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [shipping, setShipping] = useState(false);
  const [unshipping, setUnshipping] = useState<Shipment>();
  const query = useQuery({
    queryKey: [SALES_ORDERS.detail.path, id],
    queryFn: ({ signal }) => call(SALES_ORDERS.detail, { id }, { signal }),
    enabled: valid,
  });
  const traceQuery = useQuery({
    queryKey: [salesApi.trace.path, id],
    queryFn: ({ signal }) => call(salesApi.trace, { id }, { signal }),
    enabled: valid,
  });
  const reload = useCallback(() => {
    void client.invalidateQueries({ queryKey: [SALES_ORDERS.detail.path, id] });
    void client.invalidateQueries({ queryKey: [salesApi.trace.path, id] });
    void client.invalidateQueries({ queryKey: auditQueryKey(salesOrderMachine, id) });
  }, [client, id]);
  const order = query.data;
  const actions = useMachineActions(salesOrderMachine, order, reload);
  const allowed = useMemo(
    () => (order ? allowedActions(salesOrderMachine, order, can, flags) : []),
    [order, can, flags],
  );
  const canShip = allowed.includes('ship');
  const canUnship = allowed.includes('unship');
  if (!valid)
    return <Result status="404" title="销售订单不存在" extra={<Link to={LIST_HREF}>返回销售订单</Link>} />;
  const trace = traceQuery.data;
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title="销售订单" />
      {order && (
        <>
          <DetailHeader
            backTo={LIST_HREF}
            backLabel="返回销售订单"
            title="销售订单"
            extra={
              <Flex gap={8} align="center" wrap>
                <CodeText label="销售订单号" code={order.code ?? ''} />
                {isDraft(order) && can(salesOrderEntity.route, 'Modify') && (
                  <Button icon={<EditOutlined />} onClick={() => navigate(formHref(order.id))}>
                    编辑
                  </Button>
                )}
                {canShip && (
                  <Button type="primary" icon={<SendOutlined />} onClick={() => setShipping(true)}>
                    发货
                  </Button>
                )}
                {actions.buttons}
              </Flex>
            }
          >
            <StateTags machine={salesOrderMachine} row={order} />
          </DetailHeader>
          <Figures order={order} />
          <HeadFields order={order} />
          <Card variant="borderless">
            <Tabs
              items={[
                {
                  key: 'lines',
                  label: `产品明细（${order.lines.length}）`,
                  children: <LinesTable order={order} trace={trace} />,
                },
                {
                  key: 'produce',
                  label: `生产订单（${trace?.produceOrders.length ?? 0}）`,
                  children: <ProduceOrders order={order} trace={trace} />,
                },
                {
                  key: 'shipments',
                  label: `发货记录（${trace?.shipments.length ?? 0}）`,
                  children: <Shipments trace={trace} canUnship={canUnship} onUnship={setUnshipping} />,
                },
                {
                  key: 'log',
                  label: '操作日志',
                  children: <AuditTimeline machine={salesOrderMachine} id={id} />,
                },
              ]}
            />
          </Card>
          {shipping && (
            <ShipModal
              order={order}
              trace={trace}
              open={shipping}
              onClose={() => setShipping(false)}
              onDone={() => {
                setShipping(false);
                reload();
              }}
            />
          )}
          <UnshipModal
            order={order}
            shipment={unshipping}
            onClose={() => setUnshipping(undefined)}
            onDone={() => {
              setUnshipping(undefined);
              reload();
            }}
          />
          {actions.holder}
        </>
      )}
    </Flex>
  );
}
