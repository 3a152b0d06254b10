import { ErrorCode } from '@factory/shared/api/errors';
import type { FilterItem } from '@factory/shared/api/list';
import { purchaseApi, type ReceiveBody } from '@factory/shared/api/purchase';
import { encryptText } from '@factory/shared/crypto';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import {
  warehouseAreaEntity,
  warehouseEntity,
  warehouseLocationEntity,
} from '@factory/shared/entities/warehouse';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, DatePicker, Flex, Form, Input, InputNumber, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { formatNumber } from '../../platform/list/format.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { LineMaterialCell } from '../../platform/MaterialCell.tsx';
import { ApiError } from '../../platform/request.ts';
import { useSubmit } from '../../platform/useSubmit.ts';
import { leftOf, type PurchaseOrderDetail, type PurchaseOrderLine } from './purchaseParts.ts';

const WAREHOUSES = entityEndpoints(warehouseEntity).list;
const AREAS = entityEndpoints(warehouseAreaEntity).list;
const LOCATIONS = entityEndpoints(warehouseLocationEntity).list;
const DATE = 'YYYY-MM-DD';

/** What the keeper fills in for one line. */
interface LinePick {
  quantity?: number | null;
  locationId?: number;
  batchCode?: string;
  supplierBatch?: string;
  productionDate?: string;
}
type PickField = keyof LinePick;

/** The most a line may still take: its quantity plus the tolerance, less what came. */
export const roomOf = (l: Pick<PurchaseOrderLine, 'quantity' | 'receivedQuantity'>, rate: number) =>
  Math.max(0, Math.round(((l.quantity ?? 0) * (1 + rate / 100) - (l.receivedQuantity ?? 0)) * 1e6) / 1e6);

/** The areas of a warehouse (its locations are those of its areas); undefined while they load. */
function useAreas(warehouseId: number | undefined) {
  const query = useQuery({
    queryKey: [AREAS.path, 'ofWarehouse', warehouseId],
    queryFn: async ({ signal }) => {
      const filters = [
        { fieldName: 'warehouseId', fieldType: 'integer', operator: 'eq', fieldValue: warehouseId },
      ];
      const searchVal = await encryptText(JSON.stringify(filters));
      const page = await call(AREAS, { page: 1, limit: 100, searchVal }, { signal });
      return page.records.map((a) => a.id);
    },
    enabled: warehouseId !== undefined,
    staleTime: 60_000,
  });
  return warehouseId === undefined ? undefined : query.data;
}

const text = (v: string | undefined) => v?.trim() || null;

/**
 * The body of a receipt: the lines with a quantity, each with its location, batch, supplier's batch
 * and production date as given (empty: null; an empty batch code is numbered by the server).
 */
export function receiveBody(
  order: Pick<PurchaseOrderDetail, 'id' | 'version'>,
  warehouseId: number,
  lines: readonly { lineId: number; pick: LinePick }[],
): ReceiveBody {
  return {
    id: order.id,
    version: order.version,
    warehouseId,
    lines: lines
      .filter(({ pick }) => (pick.quantity ?? 0) > 0)
      .map(({ lineId, pick }) => ({
        lineId,
        quantity: pick.quantity as number,
        locationId: pick.locationId ?? null,
        batchCode: text(pick.batchCode),
        supplierBatch: text(pick.supplierBatch),
        productionDate: pick.productionDate || null,
      })),
  };
}

/**
 * 收货: into which ordinary warehouse, how much of each line (what is left at first; up to the
 * tenant's over-receipt tolerance beyond it), and per line where, under which batch (empty: the
 * batch-number rule numbers it), the supplier's batch and the production date. Posted at once: an
 * inbound document of type 采购入库, a new batch per line. Refusals are shown on their fields and lines.
 */
export function ReceiveModal({
  order,
  overReceiptRate,
  open,
  onClose,
  onDone,
  onStale,
}: {
  order: PurchaseOrderDetail;
  overReceiptRate: number;
  open: boolean;
  onClose(): void;
  onDone(): void;
  /** Someone changed the order since it was read: the page reads it anew (what is typed stays). */
  onStale(): void;
}) {
  const { message } = App.useApp();
  const open_ = useMemo(
    () => order.lines.filter((l) => roomOf(l, overReceiptRate) > 0),
    [order.lines, overReceiptRate],
  );
  const [warehouseId, setWarehouseId] = useState<number>();
  const areas = useAreas(warehouseId);
  const [picks, setPicks] = useState<Record<number, LinePick>>({});
  const pickOf = (l: PurchaseOrderLine): LinePick => picks[l.id] ?? { quantity: leftOf(l) };
  const set = (l: PurchaseOrderLine, patch: LinePick) => {
    setPicks((p) => ({ ...p, [l.id]: { ...(p[l.id] ?? { quantity: leftOf(l) }), ...patch } }));
    setLineErrors((e) => {
      if (!e[l.id]) return e;
      const rest = { ...e[l.id] };
      for (const k of Object.keys(patch)) delete rest[k as PickField];
      return { ...e, [l.id]: rest };
    });
  };
  const { saving, run } = useSubmit();
  const [error, setError] = useState<string>();
  const [warehouseError, setWarehouseError] = useState<string>();
  const [lineErrors, setLineErrors] = useState<Record<number, Partial<Record<PickField, string>>>>({});
  const errorOf = (l: PurchaseOrderLine, f: PickField) => lineErrors[l.id]?.[f];
  const status = (l: PurchaseOrderLine, f: PickField) => (errorOf(l, f) ? ('error' as const) : undefined);

  const submit = async () => {
    if (!warehouseId) return setWarehouseError('请选择收货仓库');
    const body = receiveBody(
      order,
      warehouseId,
      open_.map((l) => ({ lineId: l.id, pick: pickOf(l) })),
    );
    if (!body.lines.length) return setError('请至少填写一行收货数量');
    await run(async () => {
      setError(undefined);
      setLineErrors({});
      try {
        const done = await call(purchaseApi.receive, body);
        message.success(`收货成功，入库单 ${done.stockDocCode}`);
        setPicks({});
        onDone();
      } catch (err) {
        // the request client has shown why; keep it beside the fields and lines too
        setError(err instanceof Error ? err.message : '收货失败');
        showErrors(err, body);
        if (err instanceof ApiError && err.code === ErrorCode.reload) onStale();
        throw err;
      }
    });
  };

  /** A refusal's faults on their fields: `warehouseId`, `lines.N.<field>`, a batch code already taken. */
  const showErrors = (err: unknown, body: ReceiveBody) => {
    if (!(err instanceof ApiError)) return;
    const next: Record<number, Partial<Record<PickField, string>>> = {};
    const on = (lineId: number, f: PickField, msg: string) => {
      next[lineId] = { ...next[lineId], [f]: msg };
    };
    for (const f of err.fields) {
      if (f.field === 'warehouseId') setWarehouseError(f.message);
      const m = /^lines\.(\d+)\.(\w+)$/.exec(f.field);
      const sent = m ? body.lines[Number(m[1])] : undefined;
      if (!m || !sent) continue;
      const field = (
        ['quantity', 'locationId', 'batchCode', 'supplierBatch', 'productionDate'] as const
      ).find((k) => k === m[2]);
      on(sent.lineId, field ?? 'quantity', f.message);
    }
    // '批次号“X”已存在…' names the code, not the line
    const taken = /批次号“(.+?)”/.exec(err.message)?.[1];
    const line = taken && body.lines.find((l) => l.batchCode === taken);
    if (line) on(line.lineId, 'batchCode', '该批次号已存在');
    // '超收：… 第N行“…”…' names the order's line by its number
    const overLine = /^超收：.*?第(\d+)行/.exec(err.message)?.[1];
    const over = overLine ? order.lines[Number(overLine) - 1] : undefined;
    if (over) on(over.id, 'quantity', '超过可收数量');
    setLineErrors(next);
  };

  const no = (l: PurchaseOrderLine) => order.lines.indexOf(l) + 1;
  const unit = (l: PurchaseOrderLine) => (l.unitName ? ` ${l.unitName}` : '');
  const locationFilters: FilterItem[] = areas?.length
    ? [{ fieldName: 'warehouseAreaId', fieldType: 'integer', operator: 'in', fieldValue: areas }]
    : [];
  const locationBlocked = !warehouseId
    ? '请先选择仓库'
    : !areas
      ? '正在加载库位…'
      : !areas.length
        ? '该仓库没有库位'
        : undefined;

  return (
    <AppModal
      title={`收货 · ${order.code ?? ''}`}
      open={open}
      width={1180}
      okText="确认收货"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item
          label="收货仓库"
          required
          validateStatus={warehouseError ? 'error' : undefined}
          help={warehouseError}
          style={{ maxWidth: 360 }}
        >
          <RemoteSelect
            aria-label="收货仓库"
            endpoint={WAREHOUSES}
            placeholder="请选择收货仓库"
            value={warehouseId}
            onChange={(v) => {
              setWarehouseId(typeof v === 'number' ? v : undefined);
              setWarehouseError(undefined);
              // locations belong to the warehouse left
              setPicks((p) =>
                Object.fromEntries(Object.entries(p).map(([k, v2]) => [k, { ...v2, locationId: undefined }])),
              );
            }}
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Table<PurchaseOrderLine>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={open_}
        scroll={{ x: 1100 }}
        columns={[
          { key: 'lineNo', title: '行', width: 44, render: (_v, l) => no(l) },
          {
            key: 'material',
            title: '物料',
            width: 180,
            render: (_v, l) => <LineMaterialCell line={l} />,
          },
          {
            key: 'left',
            title: '待收',
            width: 100,
            align: 'right',
            render: (_v, l) => `${formatNumber(leftOf(l))}${unit(l)}`,
          },
          {
            key: 'quantity',
            title: '本次收货',
            width: 130,
            render: (_v, l) => (
              <Field message={errorOf(l, 'quantity')}>
                <InputNumber
                  aria-label={`第${no(l)}行本次收货`}
                  min={0}
                  max={roomOf(l, overReceiptRate)}
                  value={pickOf(l).quantity}
                  status={status(l, 'quantity')}
                  onChange={(v) => set(l, { quantity: v })}
                  style={{ width: '100%' }}
                />
              </Field>
            ),
          },
          {
            key: 'location',
            title: '库位',
            width: 150,
            render: (_v, l) => (
              <Field message={errorOf(l, 'locationId')}>
                <RemoteSelect
                  aria-label={`第${no(l)}行库位`}
                  endpoint={LOCATIONS}
                  labelField="code"
                  filters={locationFilters}
                  disabled={!!locationBlocked}
                  placeholder={locationBlocked ?? '可不选'}
                  allowClear
                  value={pickOf(l).locationId}
                  status={status(l, 'locationId')}
                  onChange={(v) => set(l, { locationId: typeof v === 'number' ? v : undefined })}
                  style={{ width: '100%' }}
                />
              </Field>
            ),
          },
          {
            key: 'batchCode',
            title: '批次号',
            width: 160,
            render: (_v, l) => (
              <Field message={errorOf(l, 'batchCode')}>
                <Input
                  aria-label={`第${no(l)}行批次号`}
                  placeholder="留空自动编号"
                  maxLength={64}
                  allowClear
                  value={pickOf(l).batchCode}
                  status={status(l, 'batchCode')}
                  onChange={(e) => set(l, { batchCode: e.target.value })}
                />
              </Field>
            ),
          },
          {
            key: 'supplierBatch',
            title: '供应商批次',
            width: 150,
            render: (_v, l) => (
              <Field message={errorOf(l, 'supplierBatch')}>
                <Input
                  aria-label={`第${no(l)}行供应商批次`}
                  placeholder="选填"
                  maxLength={64}
                  allowClear
                  value={pickOf(l).supplierBatch}
                  status={status(l, 'supplierBatch')}
                  onChange={(e) => set(l, { supplierBatch: e.target.value })}
                />
              </Field>
            ),
          },
          {
            key: 'productionDate',
            title: '生产日期',
            width: 150,
            render: (_v, l) => (
              <Field message={errorOf(l, 'productionDate')}>
                <DatePicker
                  aria-label={`第${no(l)}行生产日期`}
                  placeholder="选填"
                  value={pickOf(l).productionDate ? dayjs(pickOf(l).productionDate) : null}
                  status={status(l, 'productionDate')}
                  disabledDate={(d) => d.isAfter(dayjs(), 'day')}
                  onChange={(d) => set(l, { productionDate: d ? d.format(DATE) : undefined })}
                  style={{ width: '100%' }}
                />
              </Field>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        本次收货数量填 0 的行不收货；每行生成一个新批次，确认后立即生成采购入库单并过账。
        {overReceiptRate > 0
          ? `允许超收 ${formatNumber(overReceiptRate)}%。`
          : '不允许超收（可在基础配置“采购超收比例(%)”中设置）。'}
      </Typography.Paragraph>
    </AppModal>
  );
}

/** A cell's control with the refusal that names it, in red below. */
function Field({ message, children }: { message?: string; children: ReactNode }) {
  return (
    <Flex vertical gap={2}>
      {children}
      {message && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {message}
        </Typography.Text>
      )}
    </Flex>
  );
}
