import { ErrorCode } from '@factory/shared/api/errors';
import { nonconformingApi } from '@factory/shared/api/quality';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { nonconformingEntity } from '@factory/shared/entities/quality';
import type { RowOf } from '@factory/shared/entities/schema';
import { nonconformingKind } from '@factory/shared/enums';
import { Alert, App, Descriptions, Form, Input, InputNumber } from 'antd';
import { useEffect } from 'react';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { ApiError } from '../../platform/request.ts';
import { useSubmit } from '../../platform/useSubmit.ts';

export const NONCONFORMINGS = entityEndpoints(nonconformingEntity);
export type Nonconforming = RowOf<typeof nonconformingEntity>;

/** The four dispositions, named as the machine's own actions. */
export type Disposal = 'repair' | 'scrap' | 'concession' | 'returnGoods';
export const DISPOSALS: readonly Disposal[] = ['repair', 'scrap', 'concession', 'returnGoods'];

/** nonconformingKind values. */
const IN_PROCESS = 0;
const FINISHED = 1;
const IN_STOCK = 2;

/**
 * Which dispositions fit where the units are (DOMAIN "Non-conforming handling"): units still on a
 * work order are repaired, scrapped or passed on; a batch in stock is scrapped, released or
 * returned to its supplier. The server refuses the others with its message; the screen does not
 * offer them.
 */
const FITTING: Record<number, readonly Disposal[]> = {
  [IN_PROCESS]: ['repair', 'scrap', 'concession'],
  [FINISHED]: ['repair', 'scrap', 'concession'],
  [IN_STOCK]: ['scrap', 'concession', 'returnGoods'],
};
export const disposalsFor = (kind: unknown): readonly Disposal[] => FITTING[Number(kind)] ?? [];

const LABEL: Record<Disposal, string> = {
  repair: '返修',
  scrap: '报废',
  concession: '让步接收',
  returnGoods: '退供应商',
};
export const disposalLabel = (d: Disposal) => LABEL[d];

/** What the disposition will do, for the kind of units at hand, asked as a question. */
export function disposalConfirm(d: Disposal, kind: unknown): string {
  const k = Number(kind);
  switch (d) {
    case 'repair':
      return '将生成返修工单，确定吗？';
    case 'scrap':
      if (k === IN_STOCK) return '将从库存过账报废出库，确定吗？';
      return k === FINISHED ? '将记为报废，不再入库，确定吗？' : '将记为报废，不再转入下道工序，确定吗？';
    case 'concession':
      if (k === IN_STOCK) return '批次将让步放行，可正常使用，确定吗？';
      return k === FINISHED ? '让步接收后完工品可入库，确定吗？' : '将让步转入下道工序，确定吗？';
    case 'returnGoods':
      return '将过账退货出库并计入采购订单的退货数量，确定吗？';
  }
}

/** Units not dealt with yet; the decimals of the two stored figures, not float noise. */
export function remainingOf(r: Pick<Nonconforming, 'quantity' | 'handledQuantity'>): number {
  const left = Number(r.quantity ?? 0) - Number(r.handledQuantity ?? 0);
  return Math.max(0, Number(left.toFixed(6)));
}

/** As the server's body: at most 200 characters. */
const REMARK_MAX = 200;

interface Values {
  quantity: number | null;
  remark?: string;
}

/**
 * 处置 of a non-conforming record: how many of its remaining units (all of them unless changed) and a
 * note — required for a concession, which must say who approved it and why. Sent with the version
 * the row was read at; a refusal leaves the dialog as typed (the request client has said why),
 * except a change made meanwhile, after which the record is read anew (`onStale`).
 */
export function DisposeModal({
  open,
  row,
  disposal,
  onClose,
  onDone,
  onStale,
}: {
  open: boolean;
  /** Kept while the dialog closes, so its content does not vanish mid-animation. */
  row: Nonconforming | undefined;
  disposal: Disposal | undefined;
  onClose(): void;
  onDone(): void;
  onStale(): void;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const { saving, run } = useSubmit();
  const remaining = row ? remainingOf(row) : 0;
  const concession = disposal === 'concession';
  const label = disposal ? LABEL[disposal] : '';

  // each opening starts from the record's remaining units and no note
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ quantity: remaining });
  }, [open, form, remaining]);

  const submit = () =>
    run(async () => {
      if (!open || !row || !disposal) return;
      const v = await form.validateFields();
      const remark = v.remark?.trim();
      try {
        await call(nonconformingApi[disposal], {
          id: row.id,
          version: row.version,
          quantity: Number(v.quantity),
          ...(remark ? { remark } : {}),
        });
      } catch (err) {
        // changed since it was read: the message is shown, the record must be read again
        if (err instanceof ApiError && err.code === ErrorCode.reload) onStale();
        throw err;
      }
      message.success('处置成功');
      onDone();
    });

  const where =
    Number(row?.kind) === IN_STOCK
      ? { label: '批次号', value: row?.batchCode }
      : { label: '工单', value: row?.workOrderCode };

  return (
    <AppModal
      title={`${label} · ${row?.code ?? ''}`}
      open={open}
      width={640}
      okText={`确认${label}`}
      cancelText="取消"
      okButtonProps={{ danger: disposal === 'scrap' }}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      {row && disposal && (
        <>
          <Descriptions column={2} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="不合格品单号">{row.code}</Descriptions.Item>
            <Descriptions.Item label="所处环节">
              {nonconformingKind.label(row.kind, EMPTY_CELL)}
            </Descriptions.Item>
            <Descriptions.Item label="物料" span={2}>
              {row.materialsName ?? EMPTY_CELL}
              {row.materialsCode ? `（${row.materialsCode}）` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={where.label}>{where.value || EMPTY_CELL}</Descriptions.Item>
            <Descriptions.Item label="剩余待处理">{formatNumber(remaining)}</Descriptions.Item>
          </Descriptions>
          <Alert
            type="warning"
            showIcon
            title={disposalConfirm(disposal, row.kind)}
            style={{ marginBottom: 16 }}
          />
        </>
      )}
      <Form form={form} layout="vertical" name="nonconformingDispose">
        <Form.Item
          name="quantity"
          label={`${label}数量`}
          extra={`不超过剩余待处理数量 ${formatNumber(remaining)}`}
          rules={[
            { required: true, message: `请输入${label}数量` },
            {
              validator: async (_, v: number | null) => {
                if (v === null || v === undefined) return;
                if (!(Number(v) > 0)) throw new Error(`${label}数量应大于0`);
                if (Number(v) > remaining)
                  throw new Error(`${label}数量不能超过剩余待处理数量 ${formatNumber(remaining)}`);
              },
            },
          ]}
        >
          <InputNumber min={0} max={remaining} style={{ width: '100%' }} inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="remark"
          label="说明"
          rules={
            concession ? [{ required: true, whitespace: true, message: '请填写批准人及让步理由' }] : undefined
          }
        >
          <Input.TextArea
            maxLength={REMARK_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder={concession ? '请填写批准人及让步理由' : '可不填'}
          />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
