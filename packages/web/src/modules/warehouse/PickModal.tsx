import { ErrorCode } from '@factory/shared/api/errors';
import { OVER_QUOTA_FIELD, type OverQuotaRefusal, quotaApi } from '@factory/shared/api/quota';
import {
  type PickBody,
  type PrepLineRow,
  type StockBalanceRow,
  warehouseApi,
} from '@factory/shared/api/warehouse';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { MAX_STOCK_QUANTITY } from '@factory/shared/entities/stockDoc';
import { warehouseEntity } from '@factory/shared/entities/warehouse';
import { materialPreparationStatus } from '@factory/shared/enums';
import { hasAnyKey } from '@factory/shared/permissions';
import { routeHref } from '@factory/shared/routes';
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Table,
  type TableColumnType,
  Typography,
} from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Static } from 'typebox';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { LoadState } from '../../platform/LoadState.tsx';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import { LineMaterialCell } from '../../platform/MaterialCell.tsx';
import { ApiError } from '../../platform/request.ts';
import { permissionSet, useSession } from '../../platform/session.ts';

const { Text } = Typography;

/** Ordinary warehouses (the select offers enabled ones; line-side warehouses are not among them). */
const WAREHOUSES = entityEndpoints(warehouseEntity).list;

/** The preparation order being picked, as it was read (its version guards the call). */
export interface PickTarget {
  id: number;
  version: number;
  code: string;
  /** Where the pick goes; none: the line has no line-side warehouse and the work takes it directly. */
  targetWarehouseName: string | null;
}

/** What the dialog holds for one line: picked or not, how much, and from which batch/location (a balance). */
export interface PickChoice {
  picked: boolean;
  quantity: number | null;
  /** The chosen balance's id; null: the oldest stock first (先进先出). */
  balanceId: number | null;
}

/** A fault of the dialog's input: the warehouse, the lines as a whole, or one line's quantity. */
export interface PickFault {
  lineId?: number;
  message: string;
}

/** The cache key of an order's lines, shared with the detail page so a pick reloads both. */
export const prepLinesKey = (id: number) => [warehouseApi.prepLines.path, id];

/** Lines that still need something: the only ones a pick takes. */
export const openLines = (lines: readonly PrepLineRow[]) => lines.filter((l) => l.remainingQuantity > 0);

/** A line starts picked, for all it still needs, from the oldest stock. */
export const initialChoice = (l: PrepLineRow): PickChoice => ({
  picked: true,
  quantity: l.remainingQuantity,
  balanceId: null,
});

/** Quantities compared exactly at the ledger's 6 decimals, never as floats. */
const micro = (n: number) => Math.round(n * 1_000_000);

/** A line as the dialog names it: its row in the order (序号) and its material. */
const lineName = (seq: number, l: Pick<PrepLineRow, 'materialsName'>) => `第${seq}行“${l.materialsName}”`;

/**
 * Why the dialog cannot send: no source warehouse, no line picked, or a picked line whose quantity
 * is missing, not above 0 or above what the line still needs (the server refuses those too).
 * Whether the stock covers it is the ledger's to say: the dialog shows what is available and the
 * server answers a shortage with its own message.
 */
export function pickFaults(
  warehouseId: number | undefined,
  lines: readonly PrepLineRow[],
  choiceOf: (l: PrepLineRow) => PickChoice,
  seqOf: (l: PrepLineRow) => number,
): PickFault[] {
  const faults: PickFault[] = [];
  if (!warehouseId) faults.push({ message: '请选择发料仓库' });
  const open = openLines(lines);
  const picked = open.filter((l) => choiceOf(l).picked);
  if (!picked.length) faults.push({ message: '请至少勾选一行要领料的物料' });
  for (const l of picked) {
    const q = choiceOf(l).quantity;
    const name = lineName(seqOf(l), l);
    if (q === null || q === undefined) faults.push({ lineId: l.id, message: `${name}请输入领料数量` });
    else if (micro(q) <= 0) faults.push({ lineId: l.id, message: `${name}领料数量须大于0` });
    else if (micro(q) > micro(l.remainingQuantity))
      faults.push({
        lineId: l.id,
        message: `${name}领料数量不能超过未领数量${formatNumber(l.remainingQuantity)}`,
      });
  }
  return faults;
}

/**
 * The pick call's body: the picked lines with their quantities, each from its chosen balance's
 * batch and location (none: the oldest first), from the source warehouse, at the version read.
 */
export function pickBody(
  target: Pick<PickTarget, 'id' | 'version'>,
  warehouseId: number,
  lines: readonly PrepLineRow[],
  choiceOf: (l: PrepLineRow) => PickChoice,
  balanceOf: (l: PrepLineRow, balanceId: number) => StockBalanceRow | undefined,
): Static<typeof PickBody> {
  return {
    id: target.id,
    version: target.version,
    warehouseId,
    lines: openLines(lines)
      .filter((l) => choiceOf(l).picked)
      .map((l) => {
        const c = choiceOf(l);
        const b = c.balanceId === null ? undefined : balanceOf(l, c.balanceId);
        return {
          lineId: l.id,
          quantity: c.quantity ?? 0,
          ...(b ? { batchCode: b.batchCode, locationId: b.locationId } : {}),
        };
      }),
  };
}

/** A balance as a batch option: its batch, its location and what is available there. */
export const balanceLabel = (b: StockBalanceRow, unit: string | null) =>
  `${b.batchCode ?? '无批次'} · ${b.locationName ?? '无库位'} · 可用 ${formatNumber(b.available)}${unit ? ` ${unit}` : ''}`;

/** A server refusal naming a line of the body (`lines.2.quantity`): that line's id. */
function faultLine(field: string, sent: Static<typeof PickBody> | undefined): number | undefined {
  const m = /^lines\.(\d+)\./.exec(field);
  return m ? sent?.lines[Number(m[1])]?.lineId : undefined;
}

/** The batches are read from the inventory, which these keys open. */
const BALANCE_KEYS = ['inventory', 'warehouseOperate', 'warehouseRecord'];

/** The stock-record list searched for one document's number. */
const docHref = (code: string) =>
  `${routeHref('warehouseRecord')}?q=${encodeURIComponent(JSON.stringify({ code }))}`;

/**
 * 领料: from a chosen ordinary warehouse, per line still to pick a quantity (the remaining by
 * default) and optionally the batch and location to take it from, posted at once to the line-side
 * warehouse. Says the document's number when done; a refusal (库存不足, more than the line needs)
 * stays in the dialog beside the lines it names; a refusal for the production quota offers the
 * over-quota application (超定额申请). `onChanged` follows a pick, and a refusal because
 * the order changed since it was read: either way the caller closes and reloads.
 */
export function PickModal({
  open,
  prep,
  onClose,
  onChanged,
}: {
  open: boolean;
  prep?: PickTarget;
  onClose(): void;
  onChanged(): void;
}) {
  // the answer links to the stock-record list: its dialog lives under the router, not the app
  const [modal, modalHolder] = Modal.useModal();
  const user = useSession((s) => s.user);
  const subject = { userName: user?.userName ?? '', permissions: permissionSet(user) };
  const canReadStock = hasAnyKey(subject, BALANCE_KEYS);
  const canOpenRecords = hasAnyKey(subject, ['warehouseRecord']);
  const id = prep?.id ?? 0;
  const query = useQuery({
    queryKey: prepLinesKey(id),
    queryFn: ({ signal }) => call(warehouseApi.prepLines, { id }, { signal }),
    enabled: open && id > 0,
  });
  const all = query.data ?? [];
  const lines = openLines(all);
  const seqs = useMemo(() => new Map(all.map((l, i) => [l.id, i + 1])), [all]);
  const seqOf = (l: PrepLineRow) => seqs.get(l.id) ?? 0;

  const [warehouse, setWarehouse] = useState<{ id: number; name: string }>();
  const [edited, setEdited] = useState<Record<number, PickChoice>>({});
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; lineId?: number }>();
  // the production quota refused the pick (超定额领料): the keeper may file an application
  const [overQuota, setOverQuota] = useState<OverQuotaRefusal>();
  const sent = useRef<Static<typeof PickBody>>(undefined);

  const choiceOf = (l: PrepLineRow) => edited[l.id] ?? initialChoice(l);
  const change = (l: PrepLineRow, part: Partial<PickChoice>) => {
    setEdited((e) => ({ ...e, [l.id]: { ...choiceOf(l), ...part } }));
    setRefusal(undefined);
  };

  // each line's material in the source warehouse: what is available, batch by batch
  const stock = useQueries({
    queries: lines.map((l) => ({
      // what the order itself holds there counts as available to its pick
      queryKey: [warehouseApi.balances.path, l.materialsId, 'available', warehouse?.id, id],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(
          warehouseApi.balances,
          {
            materialsId: l.materialsId,
            warehouseIdStr: String(warehouse?.id),
            availableOnly: 1 as const,
            prepId: id,
          },
          { signal },
        ),
      enabled: open && !!warehouse && canReadStock,
      staleTime: 0,
    })),
  });
  const balancesOf = (l: PrepLineRow) => stock[lines.indexOf(l)]?.data;
  const balanceOf = (l: PrepLineRow, balanceId: number) => balancesOf(l)?.find((b) => b.id === balanceId);

  const faults = tried ? pickFaults(warehouse?.id, all, choiceOf, seqOf) : [];
  const faultOf = (l: PrepLineRow) =>
    faults.find((f) => f.lineId === l.id)?.message ??
    (refusal?.lineId === l.id ? refusal.message : undefined);

  // the next opening starts from the order as it then stands
  const leave = (then: () => void) => {
    setWarehouse(undefined);
    setEdited({});
    setTried(false);
    setRefusal(undefined);
    setOverQuota(undefined);
    then();
  };

  const submit = async () => {
    if (!prep || !query.data) return;
    setTried(true);
    setRefusal(undefined);
    if (!warehouse || pickFaults(warehouse.id, all, choiceOf, seqOf).length) return;
    const body = pickBody(prep, warehouse.id, all, choiceOf, balanceOf);
    sent.current = body;
    setSaving(true);
    try {
      const done = await call(warehouseApi.pick, body);
      leave(onChanged);
      modal.success({
        title: '领料成功',
        okText: '知道了',
        content: (
          <Flex vertical gap={4}>
            <span>
              领料单{' '}
              {canOpenRecords ? (
                <Link to={docHref(done.docCode)}>{done.docCode}</Link>
              ) : (
                <Text strong>{done.docCode}</Text>
              )}{' '}
              已过账
              {prep.targetWarehouseName ? `，物料已调入“${prep.targetWarehouseName}”` : '，物料已直接领用'}。
            </span>
            <span>备料单状态：{materialPreparationStatus.label(done.status)}</span>
          </Flex>
        ),
      });
    } catch (err) {
      if (err instanceof ApiError && err.code === ErrorCode.reload) {
        leave(onChanged);
        return;
      }
      if (!(err instanceof ApiError)) throw err;
      // a line's refusal names the body's row: say it as the dialog numbers it, on that line
      const field = err.fields[0];
      setOverQuota(field?.field === OVER_QUOTA_FIELD ? (field as OverQuotaRefusal) : undefined);
      const lineId = field ? faultLine(field.field, body) : undefined;
      const line = all.find((l) => l.id === lineId);
      setRefusal({
        lineId,
        message: line
          ? `${lineName(seqOf(line), line)}：${err.message.replace(/^第\d+行/, '')}`
          : err.message,
      });
    } finally {
      setSaving(false);
    }
  };

  const unitOf = (l: PrepLineRow) => (l.unitName ? ` ${l.unitName}` : '');
  const columns: TableColumnType<PrepLineRow>[] = [
    { key: 'seq', title: '序号', width: 56, align: 'center', render: (_, l) => seqOf(l) },
    {
      key: 'material',
      title: '物料',
      width: 200,
      render: (_, l) => <LineMaterialCell line={l} />,
    },
    {
      key: 'procedure',
      title: '工序',
      width: 90,
      render: (_, l) => l.procedureName ?? EMPTY_CELL,
    },
    {
      key: 'remaining',
      title: '未领数量',
      width: 110,
      align: 'right',
      render: (_, l) => `${formatNumber(l.remainingQuantity)}${unitOf(l)}`,
    },
    {
      key: 'available',
      title: '仓库可用',
      width: 110,
      align: 'right',
      render: (_, l) => {
        if (!warehouse) return <Text type="secondary">先选仓库</Text>;
        if (!canReadStock) return EMPTY_CELL;
        const bs = balancesOf(l);
        if (!bs) return <Text type="secondary">…</Text>;
        const total = bs.reduce((n, b) => n + b.available, 0);
        const c = choiceOf(l);
        const short = c.picked && c.quantity !== null && micro(total) < micro(c.quantity);
        return (
          <Text type={short ? 'warning' : undefined} title={short ? '仓库可用数量不足' : undefined}>
            {`${formatNumber(total)}${unitOf(l)}`}
          </Text>
        );
      },
    },
    {
      key: 'quantity',
      title: '领料数量',
      width: 150,
      render: (_, l) => {
        const c = choiceOf(l);
        const fault = faultOf(l);
        return (
          <Flex vertical gap={2}>
            <InputNumber<number>
              aria-label={`第${seqOf(l)}行领料数量`}
              style={{ width: '100%' }}
              status={fault ? 'error' : undefined}
              disabled={!c.picked}
              min={0}
              max={MAX_STOCK_QUANTITY}
              value={c.quantity}
              suffix={l.unitName ?? undefined}
              onChange={(v) => change(l, { quantity: v ?? null })}
            />
            {fault && (
              <Text type="danger" style={{ fontSize: 12 }}>
                {fault.replace(/^第\d+行“[^”]*”/, '')}
              </Text>
            )}
          </Flex>
        );
      },
    },
    {
      key: 'batch',
      title: '批次 / 库位',
      width: 280,
      render: (_, l) => {
        const c = choiceOf(l);
        const bs = balancesOf(l) ?? [];
        const chosen = c.balanceId === null ? undefined : balanceOf(l, c.balanceId);
        const over = chosen && c.quantity !== null && micro(c.quantity) > micro(chosen.available);
        return (
          <Flex vertical gap={2}>
            <Select<number>
              aria-label={`第${seqOf(l)}行批次`}
              style={{ width: '100%' }}
              allowClear
              disabled={!c.picked || !warehouse || !canReadStock}
              placeholder="不选则先进先出"
              loading={!!warehouse && canReadStock && !balancesOf(l)}
              value={c.balanceId ?? undefined}
              popupMatchSelectWidth={false}
              options={bs.map((b) => ({ value: b.id, label: balanceLabel(b, l.unitName) }))}
              // chosen, the box names the batch and location; the list also says what is available
              labelRender={({ value }) => {
                const b = bs.find((x) => x.id === value);
                return b ? `${b.batchCode ?? '无批次'} · ${b.locationName ?? '无库位'}` : value;
              }}
              notFoundContent="该仓库没有此物料的可用库存"
              onChange={(v) => change(l, { balanceId: v ?? null })}
            />
            {over && (
              <Text type="warning" style={{ fontSize: 12 }}>
                超出该批次可用数量
              </Text>
            )}
          </Flex>
        );
      },
    },
  ];

  const warehouseFault = faults.find((f) => f.message === '请选择发料仓库');
  const general = [...faults.filter((f) => f.lineId === undefined && f !== warehouseFault)];
  const lineFaults = faults.filter((f) => f.lineId !== undefined);
  const alerts: ReactNode[] = [
    ...(refusal ? [refusal.message] : []),
    ...general.map((f) => f.message),
    ...lineFaults.map((f) => f.message),
  ];

  return (
    <>
      {modalHolder}
      <AppModal
        open={open}
        width={1080}
        title={prep ? `领料 — ${prep.code}` : '领料'}
        okText="领料"
        cancelText="取消"
        okButtonProps={{ disabled: !query.data || !lines.length }}
        confirmLoading={saving}
        onOk={submit}
        onCancel={() => leave(onClose)}
      >
        <LoadState query={query} title="备料明细" rows={4}>
          {() =>
            lines.length ? (
              <Flex vertical gap={12}>
                <Text type="secondary">
                  {prep?.targetWarehouseName
                    ? `从所选仓库发料到线边仓“${prep.targetWarehouseName}”，立即过账。`
                    : '该产线没有线边仓，所领物料直接领用出库，立即过账。'}
                  勾选要领的物料，数量默认为未领数量；不选批次时按先进先出扣减。
                </Text>
                <Form layout="inline" component="div">
                  <Form.Item
                    label="发料仓库"
                    required
                    validateStatus={warehouseFault ? 'error' : undefined}
                    help={warehouseFault?.message}
                  >
                    <RemoteSelect
                      endpoint={WAREHOUSES}
                      aria-label="发料仓库"
                      style={{ width: 260 }}
                      placeholder="请选择发料仓库"
                      value={warehouse?.id}
                      onChange={(v, option) => {
                        const label = (option as { label?: string } | undefined)?.label ?? '';
                        setWarehouse(
                          v === undefined || v === null ? undefined : { id: Number(v), name: label },
                        );
                        // another warehouse has other batches
                        setEdited((e) =>
                          Object.fromEntries(
                            Object.entries(e).map(([k, c]) => [k, { ...c, balanceId: null }]),
                          ),
                        );
                        setRefusal(undefined);
                      }}
                    />
                  </Form.Item>
                </Form>
                {alerts.length > 0 && (
                  <Alert
                    type="error"
                    showIcon
                    title={
                      <Flex vertical>
                        {alerts.map((a) => (
                          <span key={String(a)}>{a}</span>
                        ))}
                      </Flex>
                    }
                  />
                )}
                {overQuota && <OverQuotaApply key={overQuota.message} refusal={overQuota} />}
                <Table<PrepLineRow>
                  rowKey="id"
                  size="small"
                  columns={columns}
                  dataSource={lines}
                  pagination={false}
                  scroll={{ x: 'max-content', y: 420 }}
                  rowSelection={{
                    selectedRowKeys: lines.filter((l) => choiceOf(l).picked).map((l) => l.id),
                    onChange: (keys) => {
                      const on = new Set(keys);
                      setEdited((e) =>
                        Object.fromEntries(
                          lines.map((l) => [
                            l.id,
                            { ...(e[l.id] ?? initialChoice(l)), picked: on.has(l.id) },
                          ]),
                        ),
                      );
                      setRefusal(undefined);
                    },
                  }}
                />
              </Flex>
            ) : (
              <Alert type="success" showIcon title="该备料单的物料都已领齐，无需再领料" />
            )
          }
        </LoadState>
      </AppModal>
    </>
  );
}

/**
 * 提交超定额申请, offered where the production quota refused the pick: for the work order and the
 * material it named, the excess prefilled, a reason required. The pick goes through once an
 * approver passes it (the keeper is notified).
 */
function OverQuotaApply({ refusal }: { refusal: OverQuotaRefusal }) {
  const [quantity, setQuantity] = useState<number | null>(refusal.excess);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [filed, setFiled] = useState<string>();
  const [failed, setFailed] = useState<string>();
  const quantityFault = quantity === null || micro(quantity) <= 0 ? '请输入大于0的超定额数量' : undefined;
  const reasonFault = reason.trim() ? undefined : '请输入申请原因';
  const unit = refusal.unitName ? ` ${refusal.unitName}` : '';

  const apply = async () => {
    setTried(true);
    setFailed(undefined);
    if (quantityFault || reasonFault || quantity === null) return;
    setSaving(true);
    try {
      const done = await call(quotaApi.apply, {
        workOrderId: refusal.workOrderId,
        materialsId: refusal.materialsId,
        quantity,
        reason: reason.trim(),
      });
      setFiled(done.code);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setFailed(err.message);
    } finally {
      setSaving(false);
    }
  };

  if (filed)
    return (
      <Alert
        type="success"
        showIcon
        title={`超定额申请“${filed}”已提交，审核通过后即可再次领料，审核结果会通知您`}
      />
    );
  return (
    <Flex vertical gap={8}>
      <Text strong>提交超定额申请</Text>
      <Text type="secondary">
        {`工单 ${refusal.workOrderCode}“${refusal.materialsName}”超出定额 ${formatNumber(refusal.excess)}${unit}；申请经审核通过后，可按申请数量多领。`}
        {refusal.pendingCodes.length > 0 && `已有待审核的申请：${refusal.pendingCodes.join('、')}。`}
      </Text>
      <Form layout="inline" component="div">
        <Form.Item
          label="超定额数量"
          required
          validateStatus={tried && quantityFault ? 'error' : undefined}
          help={tried ? quantityFault : undefined}
        >
          <InputNumber<number>
            aria-label="超定额数量"
            style={{ width: 160 }}
            min={0}
            max={MAX_STOCK_QUANTITY}
            value={quantity}
            suffix={refusal.unitName ?? undefined}
            onChange={(v) => setQuantity(v ?? null)}
          />
        </Form.Item>
        <Form.Item
          label="申请原因"
          required
          validateStatus={tried && reasonFault ? 'error' : undefined}
          help={tried ? reasonFault : undefined}
        >
          <Input
            aria-label="申请原因"
            style={{ width: 320 }}
            maxLength={200}
            placeholder="请输入超出生产定额领料的原因"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
        <Button loading={saving} onClick={apply}>
          提交超定额申请
        </Button>
      </Form>
      {failed && <Text type="danger">{failed}</Text>}
    </Flex>
  );
}
