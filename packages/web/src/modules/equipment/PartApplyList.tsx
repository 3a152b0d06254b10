import { partApplyEntity } from '@factory/shared/entities/sparePart';
import { partApplyMachine } from '@factory/shared/machines/equipment';
import { useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../platform/call.ts';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { ColumnOverride, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { useLogButton } from '../../platform/machine/LogButton.tsx';
import { stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions } from '../../platform/machine/useMachineActions.tsx';
import { usePermission } from '../../platform/usePermission.ts';
import {
  isPartApplyEditable,
  PART_APPLIES,
  type PartApply,
  type PartApplyDetail,
  PartApplyFormModal,
  type PartApplySource,
  partApplyHref,
  sourceOfQuery,
  useOfferedOnApply,
} from './PartApplyForm.tsx';

/** The query parameters another page opens the add form with. */
const SOURCE_PARAMS = ['sourceType', 'sourceCode'];

/**
 * /equipment/spare-part-infos/part-apply: the spare-part applications (备件申请) — 新增 and 修改 in
 * the form with their parts (修改 and 删除 only while not submitted or rejected), 提交, 撤回,
 * 审核通过, 驳回 (asking why) and 发放 where the state and the user's keys allow. Opened with
 * `?sourceType=0&sourceCode=WX…` it starts a new application for that repair or upkeep task.
 */
export default function PartApplyList() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const can = usePermission();
  const list = useRef<ListPageHandle>(null);
  const reload = useMemo(() => () => list.current?.reload(), []);
  const offered = useOfferedOnApply();
  const machine = useMachineActions<PartApply, string>(partApplyMachine, undefined, reload, offered);
  const log = useLogButton<PartApply>(partApplyMachine, (a) => a.code ?? '');
  // the source another page named opens the form once, as the page opens
  const [dialog, setDialog] = useState<{
    open: boolean;
    source?: PartApplyDetail;
    initial?: PartApplySource;
  }>(() => {
    const initial = can('partApply', 'Add') ? sourceOfQuery(params) : undefined;
    return { open: initial !== undefined, initial };
  });
  const close = () => {
    setDialog({ open: false });
    if (SOURCE_PARAMS.some((k) => params.has(k)))
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const k of SOURCE_PARAMS) next.delete(k);
          return next;
        },
        { replace: true },
      );
  };
  const columns = useMemo<Partial<Record<string, ColumnOverride<PartApply>>>>(
    () => ({ ...stateColumns<PartApply>(partApplyMachine) }),
    [],
  );
  const rowActions: RowAction<PartApply>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (a) => navigate(partApplyHref(a)) },
    {
      key: 'edit',
      label: '修改',
      action: 'Modify',
      visible: isPartApplyEditable,
      // the form needs the lines: read the application as it is now
      onClick: async (a) => setDialog({ open: true, source: await call(PART_APPLIES.detail, { id: a.id }) }),
    },
    ...machine.rowActions,
    ...log.rowActions,
  ];
  return (
    <>
      <CrudPage
        ref={list}
        entity={partApplyEntity}
        title="备件申请"
        columns={columns}
        rowActions={rowActions}
        maxRowActions={3}
        onAdd={() => setDialog({ open: true })}
        // its own 修改 above reads the lines; the generic one edits only the head
        canModify={() => false}
        canDelete={isPartApplyEditable}
      />
      <PartApplyFormModal
        open={dialog.open}
        source={dialog.source}
        initial={dialog.initial}
        onClose={close}
        onSaved={() => {
          close();
          reload();
        }}
      />
      {machine.holder}
      {log.drawer}
    </>
  );
}
