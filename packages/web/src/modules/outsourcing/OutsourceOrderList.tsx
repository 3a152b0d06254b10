import { outsourceOrderEntity } from '@factory/shared/entities/outsourcing';
import { outsourceOrderMachine } from '@factory/shared/machines/outsourcing';
import { Tag } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { ColumnOverride, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { useLogButton } from '../../platform/machine/LogButton.tsx';
import { stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions } from '../../platform/machine/useMachineActions.tsx';
import { OutsourceAddModal } from './OutsourceAddModal.tsx';
import { OutsourceDetailDrawer } from './OutsourceDetailDrawer.tsx';
import { ReceiveModal, SendModal } from './OutsourceModals.tsx';
import { canReceive, canSend, isDraft, type OutsourceOrder } from './outsourcingParts.ts';

/**
 * /plans/out-source-lists: the outsourcing orders (委外单) of work orders' outsourced steps —
 * drafted at release or added here, edited while a draft, confirmed to a supplier at a price,
 * sent out (发外) and received back (收回, written as the step's report); 撤销收回 is in 详情.
 * Orders sent and not all back past their planned return date are tagged 逾期 (a search field too).
 */
export default function OutsourceOrderList() {
  const list = useRef<ListPageHandle>(null);
  const reload = useMemo(() => () => list.current?.reload(), []);
  const machine = useMachineActions<OutsourceOrder, string>(outsourceOrderMachine, undefined, reload);
  const log = useLogButton<OutsourceOrder>(outsourceOrderMachine, (o) => o.code ?? '');
  const [adding, setAdding] = useState(false);
  const [showing, setShowing] = useState<OutsourceOrder>();
  const [sending, setSending] = useState<OutsourceOrder>();
  const [receiving, setReceiving] = useState<OutsourceOrder>();
  const columns = useMemo<Partial<Record<string, ColumnOverride<OutsourceOrder>>>>(
    () => ({
      ...stateColumns<OutsourceOrder>(outsourceOrderMachine),
      isOverdue: { render: (v) => (v === 1 ? <Tag color="red">逾期</Tag> : null) },
    }),
    [],
  );
  const rowActions: RowAction<OutsourceOrder>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (o) => setShowing(o) },
    { key: 'send', label: '发外', action: 'Send', visible: canSend, onClick: (o) => setSending(o) },
    {
      key: 'receive',
      label: '收回',
      action: 'Receive',
      visible: canReceive,
      onClick: (o) => setReceiving(o),
    },
    ...machine.rowActions,
    ...log.rowActions,
  ];
  const done = (close: () => void) => () => {
    close();
    reload();
  };
  return (
    <>
      <CrudPage
        ref={list}
        entity={outsourceOrderEntity}
        title="委外加工"
        columns={columns}
        rowActions={rowActions}
        maxRowActions={4}
        canModify={isDraft}
        canDelete={isDraft}
        onAdd={() => setAdding(true)}
      />
      <OutsourceAddModal
        open={adding}
        onClose={() => setAdding(false)}
        onDone={done(() => setAdding(false))}
      />
      <SendModal
        order={sending}
        onClose={() => setSending(undefined)}
        onDone={done(() => setSending(undefined))}
      />
      <ReceiveModal
        order={receiving}
        onClose={() => setReceiving(undefined)}
        onDone={done(() => setReceiving(undefined))}
      />
      <OutsourceDetailDrawer order={showing} onClose={() => setShowing(undefined)} onChanged={reload} />
      {machine.holder}
      {log.drawer}
    </>
  );
}
