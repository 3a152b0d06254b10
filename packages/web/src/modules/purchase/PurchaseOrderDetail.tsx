import { EditOutlined, ImportOutlined, RollbackOutlined } from '@ant-design/icons';
import { ErrorCode } from '@factory/shared/api/errors';
import { type PurchaseOrderTrace, purchaseApi } from '@factory/shared/api/purchase';
import { purchaseOrderEntity } from '@factory/shared/entities/purchase';
import { allowedActions } from '@factory/shared/machines/define';
import { purchaseOrderMachine } from '@factory/shared/machines/purchase';
import { routeHref } from '@factory/shared/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
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
import { DetailFields } from '../../platform/DetailFields.tsx';
import { CodeText, DetailHeader } from '../../platform/DetailHeader.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { AuditTimeline, auditQueryKey } from '../../platform/machine/AuditTimeline.tsx';
import { ReasonModal } from '../../platform/machine/ReasonModal.tsx';
import { StateTags } from '../../platform/machine/StateTags.tsx';
import { useMachineActions, useTenantFlags } from '../../platform/machine/useMachineActions.tsx';
import { ApiError } from '../../platform/request.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { MaterialCell } from './MaterialCell.tsx';
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
    <Card variant="borderless">
      <Row gutter={24}>
        <Col xs={12} md={6}>
          <Statistic title="采购数量" value={formatNumber(ordered)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title="已收货"
            value={formatNumber(received)}
            suffix={
              ordered > 0 ? (
                <Typography.Text type="secondary" style={{ fontSize: 14 }}>
                  {`（${Math.floor((received / ordered) * 100)}%）`}
                </Typography.Text>
              ) : undefined
            }
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="含税金额（元）" value={formatNumber(order.totalAmount ?? 0)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={
              <Tooltip title="每行累计收货数量最多可超过订货数量的比例（基础配置“采购超收比例(%)”）">
                超收上限
              </Tooltip>
            }
            value={rate === undefined ? '—' : rate > 0 ? `${formatNumber(rate)}%` : '不允许超收'}
          />
        </Col>
      </Row>
    </Card>
  );
}

function LinesTable({ order }: { order: Detail }) {
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
        {
          key: 'material',
          title: '物料',
          width: 240,
          render: (_v, l) => <MaterialCell line={l} />,
        },
        { key: 'deliveryTime', title: '交货日期', dataIndex: 'deliveryTime', width: 170 },
        {
          key: 'quantity',
          title: '采购数量',
          align: 'right',
          width: 110,
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
          key: 'received',
          title: '已收货',
          align: 'right',
          width: 110,
          render: (_v, l) =>
            leftOf(l) === 0 && (l.receivedQuantity ?? 0) > 0 ? (
              <Tag color="green" style={{ marginInlineEnd: 0 }}>
                {formatNumber(l.receivedQuantity ?? 0)}
              </Tag>
            ) : (
              formatNumber(l.receivedQuantity ?? 0)
            ),
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

/** A cell of a receipt taken back: struck through and grey. */
const asShown = (r: Receipt, content: ReactNode) =>
  r.reversedAt ? (
    <Typography.Text delete type="secondary">
      {content}
    </Typography.Text>
  ) : (
    content
  );

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
  if (!trace?.receipts.length) return <Empty description="尚未收货" />;
  const rows = trace.receipts;
  // rows of one document follow one another: the first spans them
  const span = (i: number) => {
    if (i > 0 && rows[i - 1].stockDocId === rows[i].stockDocId) return 0;
    let n = 1;
    while (rows[i + n]?.stockDocId === rows[i].stockDocId) n++;
    return n;
  };
  // a document's number, time and action at the top of its rows
  const spanned = {
    onCell: (_r: Receipt, i?: number) => ({
      rowSpan: span(i ?? 0),
      style: { verticalAlign: 'top' as const },
    }),
  };
  return (
    <Table<Receipt>
      rowKey="id"
      size="middle"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 1120 }}
      columns={[
        {
          key: 'doc',
          title: '入库单',
          width: 160,
          ...spanned,
          render: (_v, r) => (
            <Flex gap={6} align="center" wrap>
              <Link to={routeHref('warehouseOperateDetail', { id: r.stockDocId })}>{r.stockDocCode}</Link>
              {r.reversedAt && (
                <Tooltip title={`${r.reversedAt} 冲销`}>
                  <Tag style={{ marginInlineEnd: 0 }}>已冲销</Tag>
                </Tooltip>
              )}
            </Flex>
          ),
        },
        {
          key: 'at',
          title: '收货时间',
          width: 150,
          ...spanned,
          render: (_v, r) =>
            asShown(
              r,
              <Flex vertical>
                <span>{r.receivedAt}</span>
                {r.receivedByName && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {r.receivedByName}
                  </Typography.Text>
                )}
              </Flex>,
            ),
        },
        { key: 'material', title: '物料', width: 130, render: (_v, r) => asShown(r, r.materialsName) },
        {
          key: 'quantity',
          title: '数量',
          align: 'right',
          width: 80,
          render: (_v, r) => asShown(r, formatNumber(r.quantity)),
        },
        {
          key: 'batch',
          title: '批次号',
          width: 190,
          render: (_v, r) => (
            <Flex gap={6} align="center" wrap>
              {asShown(r, r.batchCode ?? EMPTY_CELL)}
              {r.needsInspection && !r.reversedAt && (
                <Tooltip title="原材料，待来料检验">
                  <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                    待检
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
          render: (_v, r) =>
            asShown(
              r,
              <Flex vertical>
                <span>{r.supplierBatch ?? EMPTY_CELL}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.productionDate ?? EMPTY_CELL}
                </Typography.Text>
              </Flex>,
            ),
        },
        {
          key: 'place',
          title: '仓库 / 库位',
          width: 150,
          render: (_v, r) =>
            asShown(r, r.locationCode ? `${r.warehouseName} / ${r.locationCode}` : r.warehouseName),
        },
        ...(canReverse
          ? [
              {
                key: 'actions',
                title: '操作',
                width: 100,
                fixed: 'right' as const,
                ...spanned,
                render: (_v: unknown, r: Receipt) =>
                  r.reversedAt ? null : (
                    <Button
                      type="link"
                      danger
                      size="small"
                      icon={<RollbackOutlined />}
                      onClick={() => onReverse(r)}
                    >
                      {UNRECEIVE.label}
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
 * /purchase/purchase-order-detail/:id: a purchase order — its head, states and the actions allowed
 * now (确认, 取消确认, 关闭 with a reason, 重新打开, 取消, 收货), its lines with ordered / received
 * quantities and the requests they were ordered from, its receipts by batch (each receiving
 * document taken back by 冲销收货 with a reason) with the over-receipt tolerance, and its audit trail.
 */
export default function PurchaseOrderDetail() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const can = usePermission();
  const flags = useTenantFlags();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [receiving, setReceiving] = useState(false);
  const [reversing, setReversing] = useState<Receipt>();
  const query = useQuery({
    queryKey: [PURCHASE_ORDERS.detail.path, id],
    queryFn: ({ signal }) => call(PURCHASE_ORDERS.detail, { id }, { signal }),
    enabled: valid,
  });
  const traceQuery = useQuery({
    queryKey: [purchaseApi.trace.path, id],
    queryFn: ({ signal }) => call(purchaseApi.trace, { id }, { signal }),
    enabled: valid,
  });
  const reload = useCallback(() => {
    void client.invalidateQueries({ queryKey: [PURCHASE_ORDERS.detail.path, id] });
    void client.invalidateQueries({ queryKey: [purchaseApi.trace.path, id] });
    void client.invalidateQueries({ queryKey: auditQueryKey(purchaseOrderMachine, id) });
  }, [client, id]);
  const order = query.data;
  const actions = useMachineActions(purchaseOrderMachine, order, reload);
  const allowed = useMemo(
    () => (order ? allowedActions(purchaseOrderMachine, order, can, flags) : []),
    [order, can, flags],
  );
  const canReceive = allowed.includes('receive');
  const canReverse = allowed.includes('unreceive');
  if (!valid)
    return <Result status="404" title="采购订单不存在" extra={<Link to={LIST_HREF}>返回采购订单</Link>} />;
  const trace = traceQuery.data;
  const receipts = trace?.receipts.length ?? 0;
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title="采购订单" />
      {order && (
        <>
          <DetailHeader
            backTo={LIST_HREF}
            backLabel="返回采购订单"
            title="采购订单"
            extra={
              <Flex gap={8} align="center" wrap>
                <CodeText label="采购订单号" code={order.code ?? ''} />
                {isDraft(order) && can(purchaseOrderEntity.route, 'Modify') && (
                  <Button icon={<EditOutlined />} onClick={() => navigate(formHref(order.id))}>
                    编辑
                  </Button>
                )}
                {canReceive && (
                  <Button type="primary" icon={<ImportOutlined />} onClick={() => setReceiving(true)}>
                    收货
                  </Button>
                )}
                {actions.buttons}
              </Flex>
            }
          >
            <StateTags machine={purchaseOrderMachine} row={order} />
          </DetailHeader>
          <Figures order={order} trace={trace} />
          <DetailFields
            entity={purchaseOrderEntity}
            row={order}
            title="订单信息"
            omit={order.status === 3 ? APART : [...APART, 'closeReason']}
          />
          <Card variant="borderless">
            <Tabs
              items={[
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
                {
                  key: 'log',
                  label: '操作日志',
                  children: <AuditTimeline machine={purchaseOrderMachine} id={id} />,
                },
              ]}
            />
          </Card>
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
          {actions.holder}
        </>
      )}
    </Flex>
  );
}
