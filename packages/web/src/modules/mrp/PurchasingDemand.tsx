import { ShoppingCartOutlined } from '@ant-design/icons';
import { purchaseApi } from '@factory/shared/api/purchase';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { supplierEntity } from '@factory/shared/entities/partner';
import { purchaseRequestEntity } from '@factory/shared/entities/purchase';
import type { RowOf } from '@factory/shared/entities/schema';
import { purchaseRequestMachine } from '@factory/shared/machines/purchase';
import { routeHref } from '@factory/shared/routes';
import { Alert, App, Form, InputNumber, Table, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { FormMode } from '../../platform/crud/EntityFormModal.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { showFieldErrors } from '../../platform/list/formRules.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import type { BatchAction, ColumnOverride, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { useLogButton } from '../../platform/machine/LogButton.tsx';
import { stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions } from '../../platform/machine/useMachineActions.tsx';
import { useMrpRuns } from './MrpRuns.tsx';

type Request = RowOf<typeof purchaseRequestEntity>;
const SUPPLIERS = entityEndpoints(supplierEntity).list;
const SUBMITTED = 1;

/** What is still to order of a request. */
const toOrder = (r: Pick<Request, 'quantity' | 'orderedQuantity'>) =>
  Math.max(0, Math.round(((r.quantity ?? 0) - (r.orderedQuantity ?? 0)) * 1e6) / 1e6);

/** The one supplier the requests name, if they name one (a request naming none goes to any). */
export function namedSupplier(rows: readonly Request[]): {
  supplier?: { value: number; label: string };
  conflict: boolean;
} {
  const named = new Map<number, string>();
  for (const r of rows) if (typeof r.supplierId === 'number') named.set(r.supplierId, r.supplierName ?? '');
  if (named.size > 1) return { conflict: true };
  const [one] = [...named];
  return { supplier: one && { value: one[0], label: one[1] }, conflict: false };
}

/** An edit sends the version it read: the server refuses one over someone else's. */
const versionGuard = {
  formItems: (_row: unknown, mode: FormMode) =>
    mode === 'edit' ? (
      <Form.Item name="version" hidden>
        <InputNumber />
      </Form.Item>
    ) : null,
  formValues: (row: Request, mode: FormMode) => (mode === 'edit' ? { version: row.version } : {}),
};

/**
 * 转采购订单: the selected submitted requests made into one unconfirmed purchase order to the chosen
 * supplier (the one they name, when they do), a line each for what is not yet ordered.
 */
function OrderRequestsModal({
  rows,
  onClose,
  onDone,
}: {
  rows: Request[];
  onClose(): void;
  onDone(order: { id: number; code: string }): void;
}) {
  const [form] = Form.useForm<{ supplierId?: number }>();
  const [saving, setSaving] = useState(false);
  const { supplier, conflict } = namedSupplier(rows);
  const submit = async () => {
    let supplierId: number;
    try {
      supplierId = (await form.validateFields()).supplierId as number;
    } catch {
      return; // the form says what is missing
    }
    setSaving(true);
    try {
      onDone(await call(purchaseApi.orderRequests, { ids: rows.map((r) => r.id), supplierId }));
    } catch (err) {
      showFieldErrors(form, err, ['supplierId']);
    } finally {
      setSaving(false);
    }
  };
  return (
    <AppModal
      open={rows.length > 0}
      title="转采购订单"
      width={720}
      okText="生成采购订单"
      cancelText="取消"
      okButtonProps={{ disabled: conflict }}
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">
        所选 {rows.length}{' '}
        张请购单合并为一张未确认的采购订单，每张一行（数量为尚未下单的部分，交货日期为需求日期，单价为
        0）。请在采购订单中填写单价后确认。
      </Typography.Paragraph>
      {conflict && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="所选请购单指定了不同的供应商，不能合并为一张采购订单，请按供应商分别选择"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        name="orderRequests"
        initialValues={{ supplierId: supplier?.value }}
      >
        <Form.Item name="supplierId" label="供应商" rules={[{ required: true, message: '请选择供应商' }]}>
          <RemoteSelect
            endpoint={SUPPLIERS}
            placeholder="请选择供应商"
            disabled={!!supplier}
            knownOptions={supplier ? [supplier] : undefined}
          />
        </Form.Item>
      </Form>
      <Table<Request>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ y: 240 }}
        columns={[
          { key: 'code', title: '请购单号', dataIndex: 'code', width: 150 },
          { key: 'material', title: '物料', dataIndex: 'materialsName' },
          {
            key: 'quantity',
            title: '本次下单',
            align: 'right',
            width: 110,
            render: (_v, r) => `${formatNumber(toOrder(r))}${r.unitName ? ` ${r.unitName}` : ''}`,
          },
          { key: 'requiredDate', title: '需求日期', dataIndex: 'requiredDate', width: 170 },
        ]}
      />
    </AppModal>
  );
}

/**
 * /project/mrp/purchasing-demand (采购需求): the purchase requests (请购单). A request is keyed and
 * edited in the dialog while to submit, submitted for the buyer, withdrawn or cancelled while
 * nothing of it is ordered, deleted while nothing is ordered; submitted requests are ordered
 * (转采购订单) into a purchase order to one supplier. MRP计算 runs MRP, whose requests join the list
 * (运算记录 shows each run's planned orders and what they are for).
 */
export default function PurchasingDemand() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const list = useRef<ListPageHandle>(null);
  const reload = useMemo(() => () => list.current?.reload(), []);
  const machine = useMachineActions<Request, string>(purchaseRequestMachine, undefined, reload);
  const log = useLogButton<Request>(purchaseRequestMachine, (r) => r.code ?? '');
  const [ordering, setOrdering] = useState<Request[]>([]);
  const mrp = useMrpRuns();
  const columns = useMemo<Partial<Record<string, ColumnOverride<Request>>>>(
    () => ({
      ...stateColumns<Request>(purchaseRequestMachine),
      // the unit beside the quantities, so the state and what is ordered fit beside them
      unitName: { list: false },
      materialsSpecifications: { list: false },
      quantity: { render: (v, r) => `${formatNumber(v)}${r.unitName ? ` ${r.unitName}` : ''}` },
      orderedQuantity: { render: (v, r) => `${formatNumber(v ?? 0)}${r.unitName ? ` ${r.unitName}` : ''}` },
    }),
    [],
  );
  const rowActions: RowAction<Request>[] = [...machine.rowActions, ...log.rowActions];
  const batchActions: BatchAction<Request>[] = [
    {
      key: 'order',
      label: '转采购订单',
      action: 'Order',
      icon: <ShoppingCartOutlined />,
      onClick: (rows) => {
        const not = rows.filter((r) => r.status !== SUBMITTED || toOrder(r) === 0);
        if (not.length) {
          message.warning(
            `只有已提交且未下单的请购单可以转采购订单：${not
              .slice(0, 5)
              .map((r) => r.code)
              .join('、')}${not.length > 5 ? ` 等${not.length}张` : ''}不符合`,
          );
          return;
        }
        setOrdering(rows);
      },
    },
  ];
  return (
    <>
      <CrudPage
        ref={list}
        entity={purchaseRequestEntity}
        title="采购需求"
        columns={columns}
        rowActions={rowActions}
        batchActions={batchActions}
        toolbar={mrp.toolbar}
        maxRowActions={4}
        canModify={(r) => r.status === 0}
        canDelete={(r) => (r.orderedQuantity ?? 0) === 0}
        {...versionGuard}
      />
      {ordering.length > 0 && (
        <OrderRequestsModal
          rows={ordering}
          onClose={() => setOrdering([])}
          onDone={(order) => {
            setOrdering([]);
            reload();
            const href = routeHref('purchaseOrderDetail', { id: order.id });
            message.success({
              duration: 8,
              content: (
                <span>
                  已生成采购订单{' '}
                  <a
                    href={href}
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(href);
                    }}
                  >
                    {order.code}
                  </a>
                  ，请填写单价后确认
                </span>
              ),
            });
          }}
        />
      )}
      {machine.holder}
      {log.drawer}
      {mrp.drawer}
    </>
  );
}
