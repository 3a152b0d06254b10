import { type ReturnBody, type SalesOrderTrace, salesApi } from '@factory/shared/api/sales';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import type { salesOrderEntity } from '@factory/shared/entities/salesOrder';
import type { DetailOf } from '@factory/shared/entities/schema';
import { warehouseEntity } from '@factory/shared/entities/warehouse';
import { Alert, App, Form, Input, InputNumber, Modal, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../platform/call.ts';
import { formatNumber } from '../../platform/list/format.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';

type Detail = DetailOf<typeof salesOrderEntity>;
type Line = Detail['lines'][number];
type Returnable = SalesOrderTrace['returnable'][number];

const WAREHOUSES = entityEndpoints(warehouseEntity).list;

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** What a line may still take back: shipped − returned. */
export const returnableOf = (l: Pick<Line, 'shippedQuantity' | 'returnedQuantity'>) =>
  Math.max(0, round((l.shippedQuantity ?? 0) - (l.returnedQuantity ?? 0)));

interface LinePick {
  quantity?: number | null;
  batchCode?: string;
}

/**
 * Why the typed returns cannot go, in the words the server would use, or undefined: each line at
 * most shipped − returned, a named batch at most what it shipped − returned naming it.
 */
export function returnProblem(
  lines: readonly Line[],
  picks: Record<number, LinePick>,
  batches: readonly Returnable[],
): string | undefined {
  for (const [i, l] of lines.entries()) {
    const p = picks[l.id];
    const q = p?.quantity ?? 0;
    if (q <= 0) continue;
    const room = returnableOf(l);
    if (q > room)
      return `第${i + 1}行“${l.materialsName}”本次退货 ${formatNumber(q)} 超出可退货数量 ${formatNumber(room)}`;
    const b = p?.batchCode
      ? batches.find((x) => x.lineId === l.id && x.batchCode === p.batchCode)
      : undefined;
    if (b && q > round(b.shipped - b.returned))
      return `第${i + 1}行“${l.materialsName}”批次“${b.batchCode}”本次退货 ${formatNumber(q)} 超出可退货数量 ${formatNumber(round(b.shipped - b.returned))}`;
  }
  return undefined;
}

/**
 * 退货: goods the customer sends back, per line that stands shipped how many and, when known, the
 * batch they were shipped from; into which warehouse, and why. Posted at once: an inbound document
 * of type 其他入库, each line a batch of its own; shipped stays, the line counts them as returned.
 */
export function ReturnModal({
  order,
  trace,
  open,
  onClose,
  onDone,
}: {
  order: Detail;
  trace: SalesOrderTrace | undefined;
  open: boolean;
  onClose(): void;
  onDone(): void;
}) {
  const { message } = App.useApp();
  const batches = trace?.returnable ?? [];
  const open_ = order.lines.filter((l) => returnableOf(l) > 0);
  const [warehouseId, setWarehouseId] = useState<number>();
  const [picks, setPicks] = useState<Record<number, LinePick>>({});
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();
  const set = (l: Line, patch: LinePick) => setPicks((p) => ({ ...p, [l.id]: { ...p[l.id], ...patch } }));

  const submit = async () => {
    if (!warehouseId) return setError('请选择退货仓库');
    const lines: ReturnBody['lines'] = open_
      .filter((l) => (picks[l.id]?.quantity ?? 0) > 0)
      .map((l) => ({
        lineId: l.id,
        quantity: picks[l.id]?.quantity as number,
        batchCode: picks[l.id]?.batchCode ?? null,
      }));
    if (!lines.length) return setError('请至少填写一行退货数量');
    const problem = returnProblem(open_, picks, batches);
    if (problem) return setError(problem);
    if (!reason.trim()) return setError('请输入退货原因');
    setSaving(true);
    setError(undefined);
    try {
      const done = await call(salesApi.returnGoods, {
        id: order.id,
        version: order.version,
        warehouseId,
        lines,
        reason: reason.trim(),
      });
      message.success(`退货成功，入库单 ${done.stockDocCode}`);
      onDone();
    } catch (err) {
      // the request client has shown why; keep it beside the lines too
      setError(err instanceof Error ? err.message : '退货失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={`退货 · ${order.code ?? ''}`}
      open={open}
      width={860}
      okText="确认退货"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="退货仓库" required style={{ maxWidth: 360 }}>
          <RemoteSelect
            aria-label="退货仓库"
            endpoint={WAREHOUSES}
            placeholder="退回到哪个仓库"
            value={warehouseId}
            onChange={(v) => setWarehouseId(typeof v === 'number' ? v : undefined)}
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Table<Line>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={open_}
        columns={[
          { key: 'lineNo', title: '行', width: 50, render: (_v, _l, i) => i + 1 },
          { key: 'product', title: '产品', render: (_v, l) => l.materialsName },
          {
            key: 'shipped',
            title: '已发货',
            width: 80,
            align: 'right',
            render: (_v, l) => formatNumber(l.shippedQuantity ?? 0),
          },
          {
            key: 'returned',
            title: '已退货',
            width: 80,
            align: 'right',
            render: (_v, l) => formatNumber(l.returnedQuantity ?? 0),
          },
          {
            key: 'batch',
            title: '发货批次',
            width: 220,
            render: (_v, l) => (
              <Select
                aria-label={`${l.materialsName}发货批次`}
                style={{ width: '100%' }}
                allowClear
                placeholder="不清楚可不选"
                value={picks[l.id]?.batchCode}
                options={batches
                  .filter((b) => b.lineId === l.id)
                  .map((b) => ({
                    value: b.batchCode,
                    label: `${b.batchCode} · 可退 ${formatNumber(round(b.shipped - b.returned))}`,
                    disabled: b.shipped <= b.returned,
                  }))}
                onChange={(v) => set(l, { batchCode: v || undefined })}
              />
            ),
          },
          {
            key: 'quantity',
            title: '本次退货',
            width: 130,
            render: (_v, l) => (
              <InputNumber
                aria-label={`${l.materialsName}本次退货`}
                min={0}
                max={returnableOf(l)}
                placeholder={`最多 ${formatNumber(returnableOf(l))}`}
                value={picks[l.id]?.quantity}
                onChange={(v) => set(l, { quantity: v })}
                style={{ width: '100%' }}
              />
            ),
          },
        ]}
      />
      <Form layout="vertical" style={{ marginTop: 12 }}>
        <Form.Item label="退货原因" required>
          <Input.TextArea
            aria-label="退货原因"
            rows={2}
            maxLength={200}
            showCount
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        退回的货物以其他入库单入库，每行一个新批次（与合格库存分开）；已发货数量不变，订单行记入已退货。
      </Typography.Paragraph>
    </Modal>
  );
}
