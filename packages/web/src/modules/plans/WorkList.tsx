import { ErrorCode } from '@factory/shared/api/errors';
import { workOrderApi } from '@factory/shared/api/workOrder';
import { MAX_PRODUCE_QUANTITY } from '@factory/shared/entities/produceOrder';
import { workOrderEntity } from '@factory/shared/entities/workOrder';
import { allowedActions } from '@factory/shared/machines/define';
import { workOrderMachine } from '@factory/shared/machines/plans';
import { App, Form, InputNumber, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { showFieldErrors } from '../../platform/list/formRules.ts';
import type { ColumnOverride, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { useLogButton } from '../../platform/machine/LogButton.tsx';
import { stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions, useTenantFlags } from '../../platform/machine/useMachineActions.tsx';
import { ApiError } from '../../platform/request.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { useSubmit } from '../../platform/useSubmit.ts';
import { DistributeModal } from './DistributeModal.tsx';
import { Minutes, RatioBar, type WorkOrder, workOrderHref } from './workOrderParts.tsx';

/** Spec 001 §4: the list starts with the work orders still to be made (待开始, 进行中). */
const OPEN_ONLY = { values: { status: [0, 1] }, note: '默认只显示待开始、进行中的工单' };

type WorkOrderAction = keyof typeof workOrderMachine.actions;
type QuantityKind = 'split' | 'reduce';

const QUANTITY_DIALOG: Record<QuantityKind, { title: string; label: string; extra: string; tooBig: string }> =
  {
    split: {
      title: '拆分工单',
      label: '拆分数量',
      extra: '拆出的数量生成新工单（编号加后缀），工序任务一并复制；不能超过首道工序未报工的数量',
      tooBig: '拆分数量须小于工单数量',
    },
    reduce: {
      title: '工单减量',
      label: '减量后数量',
      extra: '工单数量改为此数量；不能少于首道工序已报工的数量，减下的数量可由计划重新下达',
      tooBig: '减量后数量须小于工单数量',
    },
  };

/** 拆分 and 减量 (tenant flag splitWorkOrder): a quantity, sent with the version the row was read at. */
function QuantityModal({
  kind,
  row,
  open,
  onClose,
  onChanged,
}: {
  kind: QuantityKind;
  row?: WorkOrder;
  open: boolean;
  onClose(): void;
  /** Done, or refused because the work order changed since it was read: close and reload. */
  onChanged(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ quantity: number }>();
  const { saving, run } = useSubmit();
  const text = QUANTITY_DIALOG[kind];
  const quantity = row?.quantity ?? 0;
  const submit = async () => {
    if (!row) return;
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return; // the form says what is wrong
    await run(async () => {
      try {
        const body = { id: row.id, version: row.version, quantity: v.quantity };
        if (kind === 'split') {
          const made = await call(workOrderApi.split, body);
          message.success(`拆分成功，新工单 ${made.code}`);
        } else {
          await call(workOrderApi.reduce, body);
          message.success('减量成功');
        }
        form.resetFields();
        onChanged();
      } catch (err) {
        if (err instanceof ApiError && err.code === ErrorCode.reload) onChanged();
        else showFieldErrors(form, err, ['quantity']);
        throw err;
      }
    });
  };
  return (
    <AppModal
      open={open}
      width={480}
      title={row ? `${text.title} — ${row.code ?? ''}` : text.title}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
    >
      <Form form={form} layout="vertical" style={{ marginTop: 16 }} name={`workOrder-${kind}`}>
        <Typography.Paragraph type="secondary">
          工单数量 {formatNumber(quantity)} {row?.unitName ?? ''}，完工数量{' '}
          {formatNumber(row?.reportWorkQuantity)}
        </Typography.Paragraph>
        <Form.Item
          name="quantity"
          label={text.label}
          extra={text.extra}
          rules={[
            { required: true, message: `请输入${text.label}` },
            {
              validator: (_, v: number | null) =>
                v === null || v === undefined
                  ? Promise.resolve()
                  : v <= 0
                    ? Promise.reject(new Error(`${text.label}须大于0`))
                    : v >= quantity
                      ? Promise.reject(new Error(text.tooBig))
                      : Promise.resolve(),
            },
          ]}
        >
          <InputNumber
            style={{ width: '100%' }}
            min={0}
            max={MAX_PRODUCE_QUANTITY}
            suffix={row?.unitName ?? undefined}
            placeholder={`请输入${text.label}`}
            autoFocus
          />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

/** A dialog's subject, kept while it closes so its text does not vanish mid-animation. */
type Dialog = { row?: WorkOrder; open: boolean };

/**
 * /plans/works/work-list: the work orders with their progress (spec 001 §3), open ones first by
 * default; their actions as `workOrderMachine` allows them, 派工, and 拆分/减量 for tenants with
 * the splitWorkOrder flag.
 */
export default function WorkList() {
  const navigate = useNavigate();
  const can = usePermission();
  const flags = useTenantFlags();
  const list = useRef<ListPageHandle>(null);
  const reload = () => list.current?.reload();
  const machine = useMachineActions<WorkOrder, WorkOrderAction>(workOrderMachine, undefined, reload);
  const log = useLogButton<WorkOrder>(workOrderMachine, (w) => w.code ?? '');
  const [distributing, setDistributing] = useState<Dialog>({ open: false });
  const [quantity, setQuantity] = useState<Dialog & { kind: QuantityKind }>({ kind: 'split', open: false });
  const allows = (w: WorkOrder, action: WorkOrderAction) =>
    allowedActions(workOrderMachine, w, can, flags).includes(action);

  const columns = useMemo<Partial<Record<string, ColumnOverride<WorkOrder>>>>(
    () => ({
      ...stateColumns<WorkOrder>(workOrderMachine),
      code: { render: (v, w) => <Link to={workOrderHref(w)}>{String(v ?? '')}</Link> },
      finishRatio: { ellipsis: false, width: 140, render: (v) => <RatioBar value={v} /> },
      procedureRatio: { ellipsis: false, width: 140, render: (v) => <RatioBar value={v} /> },
      currentProcedureDuration: { render: (v) => <Minutes value={v} /> },
      longTime: { render: (v) => <Minutes value={v} /> },
      overTime: { render: (v) => <Minutes value={v} late /> },
      overActualTime: { render: (v) => <Minutes value={v} late /> },
    }),
    [],
  );

  const rowActions: RowAction<WorkOrder>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (w) => navigate(workOrderHref(w)) },
    {
      key: 'distribute',
      label: '派工',
      action: 'Distribute',
      visible: (w) => allows(w, 'distribute'),
      onClick: (w) => setDistributing({ row: w, open: true }),
    },
    ...machine.rowActions,
    ...(['split', 'reduce'] as const).map((kind) => ({
      key: kind,
      label: workOrderMachine.actions[kind].label,
      action: workOrderMachine.actions[kind].button,
      visible: (w: WorkOrder) => allows(w, kind),
      onClick: (w: WorkOrder) => setQuantity({ kind, row: w, open: true }),
    })),
    ...log.rowActions,
  ];

  return (
    <>
      <CrudPage
        ref={list}
        entity={workOrderEntity}
        defaultFilter={OPEN_ONLY}
        columns={columns}
        rowActions={rowActions}
      />
      <DistributeModal
        open={distributing.open}
        workOrder={
          distributing.row && {
            id: distributing.row.id,
            version: distributing.row.version,
            code: distributing.row.code ?? '',
          }
        }
        onClose={() => setDistributing((d) => ({ ...d, open: false }))}
        onChanged={() => {
          setDistributing((d) => ({ ...d, open: false }));
          reload();
        }}
      />
      <QuantityModal
        kind={quantity.kind}
        row={quantity.row}
        open={quantity.open}
        onClose={() => setQuantity((q) => ({ ...q, open: false }))}
        onChanged={() => {
          setQuantity((q) => ({ ...q, open: false }));
          reload();
        }}
      />
      {machine.holder}
      {log.drawer}
    </>
  );
}
