import { ImportOutlined } from '@ant-design/icons';
import { ErrorCode } from '@factory/shared/api/errors';
import { type PurchaseOrderTrace, purchaseApi } from '@factory/shared/api/purchase';
import { purchaseOrderEntity } from '@factory/shared/entities/purchase';
import { batchQualityStatus } from '@factory/shared/enums';
import { purchaseOrderMachine } from '@factory/shared/machines/purchase';
import { App, Button, Flex, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../platform/call.ts';
import { DocumentRows } from '../../platform/DocumentRows.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { LineMaterialCell } from '../../platform/MaterialCell.tsx';
import { ReasonModal } from '../../platform/machine/ReasonModal.tsx';
import {
  doneQuantity,
  OrderFigures,
  OrderLayout,
  OrderNotFound,
  pricedColumns,
  useOrderDetail,
} from '../../platform/OrderDetail.tsx';
import { ApiError } from '../../platform/request.ts';
import {
  type PurchaseOrderDetail as Detail,
  formHref,
  isDraft,
  LIST_HREF,
  type PurchaseOrderLine as Line,
  leftOf,
  PURCHASE_ORDERS,
} from './purchaseParts.ts';
import { ReceiveModal } from './ReceiveModal.tsx';

type Receipt = PurchaseOrderTrace['receipts'][number];
const UNRECEIVE = purchaseOrderMachine.actions.unreceive;

/** Shown in the heading or the figures, not among the plain fields. */
const APART = [
  'code',
  'confirmStatus',
  'status',
  'lineCount',
  'totalQuantity',
  'receivedQuantity',
  'totalAmount',
];

function Figures({ order, trace }: { order: Detail; trace?: PurchaseOrderTrace }) {
  const ordered = order.totalQuantity ?? 0;
  const received = order.receivedQuantity ?? 0;
  const rate = trace?.overReceiptRate;
  return (
    <OrderFigures
      items={[
        { key: 'ordered', title: '采购数量', value: formatNumber(ordered) },
        {
          key: 'received',
          title: '已收货',
          value: formatNumber(received),
          suffix:
            ordered > 0 ? (
              <Typography.Text type="secondary" style={{ fontSize: 14 }}>
                {`（${Math.floor((received / ordered) * 100)}%）`}
              </Typography.Text>
            ) : undefined,
        },
        { key: 'amount', title: '含税金额（元）', value: formatNumber(order.totalAmount ?? 0) },
        {
          key: 'rate',
          title: (
            <Tooltip title="每行累计收货数量最多可超过订货数量的比例（基础配置“采购超收比例(%)”）">
              超收上限
            </Tooltip>
          ),
          value: rate === undefined ? '—' : rate > 0 ? `${formatNumber(rate)}%` : '不允许超收',
        },
      ]}
    />
  );
}

function LinesTable({ order }: { order: Detail }) {
  return (
    <Table<Line>
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={order.lines}
      scroll={{ x: 1300 }}
      columns={[
        { key: 'seq', title: '序号', width: 60, align: 'center', render: (_v, _l, i) => i + 1 },
        {
          key: 'material',
          title: '物料',
          width: 240,
          render: (_v, l) => <LineMaterialCell line={l} />,
        },
        { key: 'deliveryTime', title: '交货日期', dataIndex: 'deliveryTime', width: 170 },
        ...pricedColumns<Line>('采购数量'),
        {
          key: 'received',
          title: '已收货',
          align: 'right',
          width: 110,
          render: (_v, l) =>
            doneQuantity(l.receivedQuantity ?? 0, leftOf(l) === 0 && (l.receivedQuantity ?? 0) > 0),
        },
        {
          key: 'left',
          title: '待收货',
          align: 'right',
          width: 100,
          render: (_v, l) => formatNumber(leftOf(l)),
        },
        {
          key: 'requestCode',
          title: '请购单号',
          width: 160,
          render: (_v, l) => l.requestCode ?? EMPTY_CELL,
        },
        { key: 'remark', title: '备注', dataIndex: 'remark', width: 140, render: (v) => v ?? EMPTY_CELL },
      ]}
    />
  );
}

/**
 * The receipts batch by batch, each receiving document's rows together: its number, time and
 * 冲销收货 once for all of them (taking back the whole document); one taken back struck through, 已冲销.
 */
function Receipts({
  trace,
  canReverse,
  onReverse,
}: {
  trace?: PurchaseOrderTrace;
  canReverse: boolean;
  onReverse(r: Receipt): void;
}) {
  return (
    <DocumentRows<Receipt>
      rows={trace?.receipts}
      rowKey={(r) => r.id}
      empty="尚未收货"
      docTitle="入库单"
      verb="冲销"
      scrollX={1120}
      reverse={canReverse ? { label: UNRECEIVE.label, onClick: onReverse } : undefined}
      documentColumns={[
        {
          key: 'at',
          title: '收货时间',
          width: 150,
          render: (r) => (
            <Flex vertical>
              <span>{r.receivedAt}</span>
              {r.receivedByName && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.receivedByName}
                </Typography.Text>
              )}
            </Flex>
          ),
        },
      ]}
      lineColumns={[
        { key: 'material', title: '物料', width: 130, render: (r) => r.materialsName },
        {
          key: 'quantity',
          title: '数量',
          align: 'right',
          width: 80,
          render: (r) => formatNumber(r.quantity),
        },
        {
          key: 'batch',
          title: '批次号',
          width: 190,
          render: (r) => (
            <Flex gap={6} align="center" wrap>
              {r.batchCode ?? EMPTY_CELL}
              {r.needsInspection && !r.reversedAt && (
                <Tooltip title={`来料检验：${batchQualityStatus.label(r.qualityStatus, '')}`}>
                  <Tag color={batchQualityStatus.color(r.qualityStatus)} style={{ marginInlineEnd: 0 }}>
                    {batchQualityStatus.label(r.qualityStatus, '')}
                  </Tag>
                </Tooltip>
              )}
            </Flex>
          ),
        },
        {
          key: 'supplierBatch',
          title: '供应商批次 / 生产日期',
          width: 160,
          render: (r) => (
            <Flex vertical>
              <span>{r.supplierBatch ?? EMPTY_CELL}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.productionDate ?? EMPTY_CELL}
              </Typography.Text>
            </Flex>
          ),
        },
        {
          key: 'place',
          title: '仓库 / 库位',
          width: 150,
          render: (r) => (r.locationCode ? `${r.warehouseName} / ${r.locationCode}` : r.warehouseName),
        },
      ]}
    />
  );
}

/**
 * /purchase/purchase-order-detail/:id: a purchase order — its head, states and the actions allowed
 * now (确认, 取消确认, 关闭 with a reason, 重新打开, 取消, 收货), its lines with ordered / received
 * quantities and the requests they were ordered from, its receipts by batch (each receiving
 * document taken back by 冲销收货 with a reason) with the over-receipt tolerance, and its audit trail.
 */
export default function PurchaseOrderDetail() {
  const { message } = App.useApp();
  const { valid, query, order, trace, reload, actions, allowed } = useOrderDetail(
    purchaseOrderMachine,
    PURCHASE_ORDERS.detail,
    purchaseApi.trace,
  );
  const [receiving, setReceiving] = useState(false);
  const [reversing, setReversing] = useState<Receipt>();
  const canReceive = allowed.includes('receive');
  const canReverse = allowed.includes('unreceive');
  if (!valid) return <OrderNotFound title="采购订单" listHref={LIST_HREF} />;
  const receipts = trace?.receipts.length ?? 0;
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title="采购订单" />
      {order && (
        <OrderLayout
          machine={purchaseOrderMachine}
          entity={purchaseOrderEntity}
          order={order}
          title="采购订单"
          listHref={LIST_HREF}
          codeLabel="采购订单号"
          editHref={isDraft(order) ? formHref(order.id) : undefined}
          primary={
            canReceive && (
              <Button type="primary" icon={<ImportOutlined />} onClick={() => setReceiving(true)}>
                收货
              </Button>
            )
          }
          actions={actions.buttons}
          holder={actions.holder}
          figures={<Figures order={order} trace={trace} />}
          omit={APART}
          tabs={[
            {
              key: 'lines',
              label: `物料明细（${order.lines.length}）`,
              children: <LinesTable order={order} />,
            },
            {
              key: 'receipts',
              label: `收货记录（${receipts}）`,
              children: <Receipts trace={trace} canReverse={canReverse} onReverse={setReversing} />,
            },
          ]}
        >
          {receiving && (
            <ReceiveModal
              order={order}
              overReceiptRate={trace?.overReceiptRate ?? 0}
              open={receiving}
              onClose={() => setReceiving(false)}
              onDone={() => {
                setReceiving(false);
                reload();
              }}
              onStale={reload}
            />
          )}
          <ReasonModal
            open={!!reversing}
            title={`${UNRECEIVE.label} · ${reversing?.stockDocCode ?? ''}`}
            label={`${UNRECEIVE.label}原因`}
            hint="整张入库单反向记账，订单行的已收数量随之减少；批次已被使用的不能冲销。"
            danger
            okText="确定冲销"
            formName="purchaseUnreceive"
            onCancel={() => setReversing(undefined)}
            onOk={async (reason) => {
              if (!reversing) return;
              await call(purchaseApi.unreceive, {
                id: order.id,
                version: order.version,
                stockDocId: reversing.stockDocId,
                reason,
              }).catch((err: unknown) => {
                // someone changed the order since it was read: read it anew for another try
                if (err instanceof ApiError && err.code === ErrorCode.reload) reload();
                throw err;
              });
              message.success(`${UNRECEIVE.label}成功`);
              setReversing(undefined);
              reload();
            }}
          />
        </OrderLayout>
      )}
    </Flex>
  );
}
