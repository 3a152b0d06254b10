import { type SalesOrderTrace, salesApi } from '@factory/shared/api/sales';
import type { salesOrderEntity } from '@factory/shared/entities/salesOrder';
import type { DetailOf } from '@factory/shared/entities/schema';
import { Alert, App, Form, InputNumber, Modal, Select, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { call } from '../../platform/call.ts';
import { formatNumber } from '../../platform/list/format.ts';

type Detail = DetailOf<typeof salesOrderEntity>;
type Line = Detail['lines'][number];
type Batch = SalesOrderTrace['batches'][number];

/** What is still to ship of a line. */
export const leftOf = (l: Pick<Line, 'quantity' | 'shippedQuantity'>) =>
  Math.max(0, Math.round(((l.quantity ?? 0) - (l.shippedQuantity ?? 0)) * 1e6) / 1e6);

/** The most a line may still ship: its quantity plus the tenant's over-ship tolerance, less what went. */
export const roomOf = (l: Pick<Line, 'quantity' | 'shippedQuantity'>, rate: number) =>
  Math.max(0, Math.round(((l.quantity ?? 0) * (1 + rate / 100) - (l.shippedQuantity ?? 0)) * 1e6) / 1e6);

interface LinePick {
  quantity?: number | null;
  batchCode?: string;
}

/** The batches of one product in one warehouse, summed over its locations, oldest first. */
function batchesOf(
  batches: readonly Batch[],
  materialsId: number | null | undefined,
  warehouseId: number | undefined,
) {
  const out = new Map<string, { code: string | null; available: number }>();
  for (const b of batches) {
    if (b.materialsId !== materialsId || b.warehouseId !== warehouseId) continue;
    const key = b.batchCode ?? '';
    const had = out.get(key);
    out.set(key, { code: b.batchCode, available: (had?.available ?? 0) + b.available });
  }
  return [...out.values()];
}

/**
 * 发货: from which finished-goods warehouse, how much of each line still to ship (what is left at
 * first; up to the tenant's over-ship tolerance beyond it) and, if the keeper chooses, from which
 * batch (left empty: first in, first out). Posting is at once: the
 * stock leaves as an outbound document of type 销售出库.
 */
export function ShipModal({
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
  const batches = trace?.batches ?? [];
  const rate = trace?.overShipRate ?? 0;
  // the warehouses holding the products still to ship, the one holding most of them first
  const warehouses = useMemo(() => {
    const wanted = new Set(order.lines.filter((l) => roomOf(l, rate) > 0).map((l) => l.materialsId));
    const held = new Map<number, { label: string; available: number }>();
    for (const b of batches) {
      if (!wanted.has(b.materialsId)) continue;
      const w = held.get(b.warehouseId) ?? { label: b.warehouseName, available: 0 };
      held.set(b.warehouseId, { ...w, available: w.available + b.available });
    }
    return [...held]
      .sort((x, y) => y[1].available - x[1].available)
      .map(([value, w]) => ({ value, label: w.label }));
  }, [batches, order.lines, rate]);
  const [warehouseId, setWarehouseId] = useState<number | undefined>(warehouses[0]?.value);
  const chosenWarehouse = warehouseId ?? warehouses[0]?.value;
  const open_ = order.lines.filter((l) => roomOf(l, rate) > 0);
  const [picks, setPicks] = useState<Record<number, LinePick>>({});
  const pickOf = (l: Line): LinePick => picks[l.id] ?? { quantity: leftOf(l) };
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async () => {
    const lines = open_
      .map((l) => ({ l, p: pickOf(l) }))
      .filter(({ p }) => (p.quantity ?? 0) > 0)
      .map(({ l, p }) => ({ lineId: l.id, quantity: p.quantity as number, batchCode: p.batchCode ?? null }));
    if (!chosenWarehouse) return setError('请选择发货仓库');
    if (!lines.length) return setError('请至少填写一行发货数量');
    setSaving(true);
    setError(undefined);
    try {
      const done = await call(salesApi.ship, {
        id: order.id,
        version: order.version,
        warehouseId: chosenWarehouse,
        lines,
      });
      message.success(`发货成功，出库单 ${done.stockDocCode}`);
      setPicks({});
      onDone();
    } catch (err) {
      // the request client has shown why; keep it beside the lines too
      setError(err instanceof Error ? err.message : '发货失败');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={`发货 · ${order.code ?? ''}`}
      open={open}
      width={860}
      okText="确认发货"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="发货仓库" required>
          <Select
            aria-label="发货仓库"
            value={chosenWarehouse}
            options={warehouses}
            placeholder={warehouses.length ? '请选择发货仓库' : '成品仓库中没有本订单产品的库存'}
            onChange={(v) => {
              setWarehouseId(v);
              setPicks((p) =>
                Object.fromEntries(Object.entries(p).map(([k, v2]) => [k, { ...v2, batchCode: undefined }])),
              );
            }}
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
            key: 'left',
            title: '待发货',
            width: 90,
            align: 'right',
            render: (_v, l) => formatNumber(leftOf(l)),
          },
          {
            key: 'batch',
            title: '批次',
            width: 240,
            render: (_v, l) => {
              const options = batchesOf(batches, l.materialsId, chosenWarehouse).map((b) => ({
                value: b.code ?? '',
                label: `${b.code ?? '无批次'} · 可用 ${formatNumber(b.available)}`,
                disabled: !b.code,
              }));
              return (
                <Select
                  aria-label={`${l.materialsName}批次`}
                  style={{ width: '100%' }}
                  allowClear
                  placeholder={options.length ? '不选则先进先出' : '该仓库无库存'}
                  value={pickOf(l).batchCode}
                  options={options}
                  onChange={(v) =>
                    setPicks((p) => ({ ...p, [l.id]: { ...pickOf(l), batchCode: v || undefined } }))
                  }
                />
              );
            },
          },
          {
            key: 'quantity',
            title: '本次发货',
            width: 130,
            render: (_v, l) => (
              <InputNumber
                aria-label={`${l.materialsName}本次发货`}
                min={0}
                max={roomOf(l, rate)}
                value={pickOf(l).quantity}
                onChange={(v) => setPicks((p) => ({ ...p, [l.id]: { ...pickOf(l), quantity: v } }))}
                style={{ width: '100%' }}
              />
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        本次发货数量填 0 的行不发货；确认后立即生成销售出库单并过账扣减库存。
        {rate > 0
          ? `允许超发 ${formatNumber(rate)}%。`
          : '不允许超发（可在基础配置“销售超发比例(%)”中设置）。'}
      </Typography.Paragraph>
    </Modal>
  );
}
