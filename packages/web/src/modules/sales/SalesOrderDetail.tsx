import { RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { type SalesOrderTrace, salesApi } from '@factory/shared/api/sales';
import { salesOrderEntity } from '@factory/shared/entities/salesOrder';
import type { DetailOf } from '@factory/shared/entities/schema';
import { confirmStatus, orderPlanStatus } from '@factory/shared/enums';
import { salesOrderMachine } from '@factory/shared/machines/sales';
import { routeHref } from '@factory/shared/routes';
import { Button, Empty, Flex, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DocumentRows } from '../../platform/DocumentRows.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import {
  doneQuantity,
  OrderFigures,
  OrderLayout,
  OrderNotFound,
  pricedColumns,
  useOrderDetail,
} from '../../platform/OrderDetail.tsx';
import { ReturnModal, returnableOf } from './ReturnModal.tsx';
import { leftOf, ShipModal } from './ShipModal.tsx';
import { formHref, isDraft, LIST_HREF, SALES_ORDERS } from './salesParts.ts';
import { type Shipment, UnshipModal } from './UnshipModal.tsx';

type Detail = DetailOf<typeof salesOrderEntity>;
const UNSHIP = salesOrderMachine.actions.unship;
type Line = Detail['lines'][number];
type Return = SalesOrderTrace['returns'][number] & { reversedAt: null };

/** Shown in the heading or the figures, not among the plain fields. */
const APART = [
  'code',
  'confirmStatus',
  'status',
  'lineCount',
  'totalQuantity',
  'shippedQuantity',
  'totalAmount',
];

function Figures({ order }: { order: Detail }) {
  const linked = order.lines.reduce((n, l) => n + (l.linkedProduceQuantity ?? 0), 0);
  const produced = order.lines.reduce((n, l) => n + (l.producedQuantity ?? 0), 0);
  const returned = order.lines.reduce((n, l) => n + (l.returnedQuantity ?? 0), 0);
  return (
    <OrderFigures
      items={[
        { key: 'ordered', title: '订货数量', value: formatNumber(order.totalQuantity ?? 0) },
        {
          key: 'produce',
          title: '已下生产 / 已完工',
          value: `${formatNumber(linked)} / ${formatNumber(produced)}`,
        },
        { key: 'shipped', title: '已发货', value: formatNumber(order.shippedQuantity ?? 0) },
        { key: 'returned', title: '已退货', value: formatNumber(returned) },
        { key: 'amount', title: '含税金额（元）', value: formatNumber(order.totalAmount ?? 0) },
      ]}
    />
  );
}

function LinesTable({ order, trace }: { order: Detail; trace?: SalesOrderTrace }) {
  const stock = new Map(trace?.stock.map((s) => [s.lineId, s.available]));
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
        ...pricedColumns<Line>('订货'),
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
          render: (_v, l) => doneQuantity(l.shippedQuantity ?? 0, leftOf(l) === 0),
        },
        {
          key: 'returned',
          title: '已退货',
          align: 'right',
          width: 100,
          render: (_v, l) => formatNumber(l.returnedQuantity ?? 0),
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
  return (
    <DocumentRows<Shipment>
      rows={trace?.shipments}
      rowKey={(s) => `${s.stockDocId}-${s.lineId}-${s.batchCode ?? ''}-${s.quantity}`}
      empty="尚未发货"
      docTitle="出库单"
      verb="撤销"
      reverse={canUnship ? { label: UNSHIP.label, onClick: onUnship } : undefined}
      documentColumns={[{ key: 'at', title: '发货时间', width: 170, render: (s) => s.shippedAt }]}
      lineColumns={[
        { key: 'product', title: '产品', render: (s) => s.materialsName },
        { key: 'warehouse', title: '仓库', render: (s) => s.warehouseName },
        { key: 'batch', title: '批次号', render: (s) => s.batchCode ?? EMPTY_CELL },
        { key: 'quantity', title: '数量', align: 'right', render: (s) => formatNumber(s.quantity) },
      ]}
    />
  );
}

/** The returns (退货), each inbound document's rows together: the batch shipped from, the batch back in. */
function Returns({ trace }: { trace?: SalesOrderTrace }) {
  return (
    <DocumentRows<Return>
      rows={trace?.returns.map((r) => ({ ...r, reversedAt: null }))}
      rowKey={(r) => `${r.stockDocId}-${r.lineId}-${r.batchCode ?? ''}`}
      empty="没有退货"
      docTitle="入库单"
      verb="撤销"
      documentColumns={[
        { key: 'at', title: '退货时间', width: 170, render: (r) => r.returnedAt },
        { key: 'reason', title: '退货原因', width: 180, render: (r) => r.reason },
        { key: 'by', title: '经办人', width: 90, render: (r) => r.returnedByName ?? EMPTY_CELL },
      ]}
      lineColumns={[
        { key: 'product', title: '产品', render: (r) => r.materialsName },
        { key: 'warehouse', title: '仓库', render: (r) => r.warehouseName },
        { key: 'from', title: '发货批次', render: (r) => r.shippedBatchCode ?? EMPTY_CELL },
        { key: 'batch', title: '退货批次', render: (r) => r.batchCode ?? EMPTY_CELL },
        { key: 'quantity', title: '数量', align: 'right', render: (r) => formatNumber(r.quantity) },
      ]}
    />
  );
}

/**
 * /sales/sales-order-detail/:id: a sales order — its head, states and the actions allowed now
 * (确认 makes production orders for what stock does not cover, 取消确认, 关闭 with a reason, 重新打开,
 * 取消, 发货, 退货), its lines with ordered / produced / shipped / returned quantities, the
 * production orders made for it, its shipments by batch (each taken back by 撤销发货), its returns,
 * and its audit trail.
 */
export default function SalesOrderDetail() {
  const { valid, query, order, trace, reload, actions, allowed } = useOrderDetail(
    salesOrderMachine,
    SALES_ORDERS.detail,
    salesApi.trace,
  );
  const [shipping, setShipping] = useState(false);
  const [unshipping, setUnshipping] = useState<Shipment>();
  const canShip = allowed.includes('ship');
  const canUnship = allowed.includes('unship');
  const [returning, setReturning] = useState(false);
  const canReturn = allowed.includes('returnGoods') && !!order?.lines.some((l) => returnableOf(l) > 0);
  if (!valid) return <OrderNotFound title="销售订单" listHref={LIST_HREF} />;
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title="销售订单" />
      {order && (
        <OrderLayout
          machine={salesOrderMachine}
          entity={salesOrderEntity}
          order={order}
          title="销售订单"
          listHref={LIST_HREF}
          codeLabel="销售订单号"
          editHref={isDraft(order) ? formHref(order.id) : undefined}
          primary={
            <>
              {canShip && (
                <Button type="primary" icon={<SendOutlined />} onClick={() => setShipping(true)}>
                  发货
                </Button>
              )}
              {canReturn && (
                <Button icon={<RollbackOutlined />} onClick={() => setReturning(true)}>
                  退货
                </Button>
              )}
            </>
          }
          actions={actions.buttons}
          holder={actions.holder}
          figures={<Figures order={order} />}
          omit={APART}
          tabs={[
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
              // one shipment (one outbound document) may take several batches: a row each, counted once
              label: `发货记录（${new Set(trace?.shipments.map((x) => x.stockDocId)).size}）`,
              children: <Shipments trace={trace} canUnship={canUnship} onUnship={setUnshipping} />,
            },
            {
              key: 'returns',
              label: `退货记录（${new Set(trace?.returns.map((x) => x.stockDocId)).size}）`,
              children: <Returns trace={trace} />,
            },
          ]}
        >
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
          {returning && (
            <ReturnModal
              order={order}
              trace={trace}
              open={returning}
              onClose={() => setReturning(false)}
              onDone={() => {
                setReturning(false);
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
        </OrderLayout>
      )}
    </Flex>
  );
}
