import { equipmentRepairApi } from '@factory/shared/api/equipmentRepair';
import { userApi } from '@factory/shared/api/user';
import { actionKeys, blockingField, type MachineRow } from '@factory/shared/machines/define';
import { equipmentRepairMachine } from '@factory/shared/machines/equipment';
import { hasAnyKey } from '@factory/shared/permissions';
import { App, Button, Form, Typography } from 'antd';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import type { RowAction } from '../../platform/list/types.ts';
import { permissionSet, useSession } from '../../platform/session.ts';
import { useSubmit } from '../../platform/useSubmit.ts';

/** 审核派工 passes a report to the repairers, 改派 changes who may take it. */
export type DispatchAction = 'audit' | 'redispatch';
const DISPATCH: readonly DispatchAction[] = ['audit', 'redispatch'];

/** What the dialog needs of a repair order or fault report row. */
export type DispatchRow = MachineRow & {
  id: number;
  version: number;
  code?: string | null;
  equipmentName?: string | null;
  phenomenon?: string | null;
  dispatchedIds: number[];
  dispatchedNames?: string | null;
};

const HINT: Record<DispatchAction, string> = {
  audit: '审核通过后维修工单进入待接单。指派维修人员后只有他们能接单；不指派则任何维修人员都可接单。',
  redispatch: '只有指派的维修人员能接单；清空则任何维修人员都可接单。',
};

/**
 * 审核派工 and 改派 of a repair order, from the fault list, the repair list or the order's page:
 * offered where the row's state allows it to a holder of either list's 派工 key; the dialog names
 * the repairers who may take it (指派维修人员), none leaving it to any of them.
 * `rowActions` for a list, `buttons(row)` for a page's head; render `holder` once.
 */
export function useDispatchRepair<R extends DispatchRow>(
  reload: () => void,
): { rowActions: RowAction<R>[]; buttons(row: R): ReactNode; holder: ReactNode } {
  const user = useSession((s) => s.user);
  const subject = useMemo(
    () => ({ userName: user?.userName ?? '', permissions: permissionSet(user) }),
    [user],
  );
  const [open, setOpen] = useState<{ action: DispatchAction; row: R }>();
  const offered = useCallback(
    (action: DispatchAction, r: R) =>
      blockingField(equipmentRepairMachine, action, r) === undefined &&
      hasAnyKey(subject, actionKeys(equipmentRepairMachine, action)),
    [subject],
  );
  const rowActions = useMemo<RowAction<R>[]>(
    () =>
      DISPATCH.map((action) => ({
        key: `dispatch-${action}`,
        label: equipmentRepairMachine.actions[action].label,
        visible: (r: R) => offered(action, r),
        onClick: (r: R) => {
          setOpen({ action, row: r });
        },
      })),
    [offered],
  );
  const buttons = (row: R) =>
    DISPATCH.filter((action) => offered(action, row)).map((action) => (
      <Button key={action} onClick={() => setOpen({ action, row })}>
        {equipmentRepairMachine.actions[action].label}
      </Button>
    ));
  const holder = (
    <DispatchRepairModal
      action={open?.action}
      row={open?.row}
      onClose={() => setOpen(undefined)}
      onDone={() => {
        setOpen(undefined);
        reload();
      }}
    />
  );
  return { rowActions, buttons, holder };
}

/** The dialog itself: who may take the order, sent with the version the row was read at. */
export function DispatchRepairModal({
  action,
  row,
  onClose,
  onDone,
}: {
  action: DispatchAction | undefined;
  row: DispatchRow | undefined;
  onClose(): void;
  onDone(): void;
}) {
  const [form] = Form.useForm<{ dispatchedIds?: number[] }>();
  const { message } = App.useApp();
  const { saving, run } = useSubmit();
  const label = action ? equipmentRepairMachine.actions[action].label : '';
  const known = useMemo(() => {
    const names = row?.dispatchedNames ? row.dispatchedNames.split('、') : [];
    return (row?.dispatchedIds ?? []).map((value, i) => ({ value, label: names[i] ?? String(value) }));
  }, [row]);
  const submit = () =>
    run(async () => {
      if (!action || !row) return;
      const v = await form.validateFields();
      await call(equipmentRepairApi[action], {
        id: row.id,
        version: row.version,
        dispatchedIds: v.dispatchedIds ?? [],
      });
      message.success(`${label}成功`);
      onDone();
    });
  return (
    <AppModal
      title={`${label} · ${row?.code ?? ''}`}
      open={action !== undefined && row !== undefined}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ dispatchedIds: row?.dispatchedIds ?? [] }}
      >
        <Typography.Paragraph type="secondary">
          设备：{row?.equipmentName}　故障现象：{row?.phenomenon}
        </Typography.Paragraph>
        <Form.Item name="dispatchedIds" label="指派维修人员" extra={action ? HINT[action] : undefined}>
          <RemoteSelect
            endpoint={userApi.select}
            mode="multiple"
            placeholder="可不选"
            allowClear
            knownOptions={known}
          />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
