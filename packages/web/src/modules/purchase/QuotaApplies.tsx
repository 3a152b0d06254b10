import type { FilterItem } from '@factory/shared/api/list';
import { quotaApplyEntity } from '@factory/shared/entities/quota';
import type { RowOf } from '@factory/shared/entities/schema';
import { quotaApplyMachine } from '@factory/shared/machines/quota';
import { type ReactNode, useMemo, useRef } from 'react';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import type { ColumnOverride, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { useLogButton } from '../../platform/machine/LogButton.tsx';
import { stateColumns } from '../../platform/machine/StateTags.tsx';
import { useMachineActions } from '../../platform/machine/useMachineActions.tsx';
import { useSession } from '../../platform/session.ts';

export type QuotaApply = RowOf<typeof quotaApplyEntity>;

/**
 * 超定额申请: the applications (of one product, on its quota's page; else all, searchable by
 * status, work order and material), with 通过 / 驳回 (asking why) where the state and the user's keys
 * allow, and 撤回 for the applicant's own pending ones.
 */
export function QuotaApplyList({ productId }: { productId?: number }): ReactNode {
  const list = useRef<ListPageHandle>(null);
  const reload = useMemo(() => () => list.current?.reload(), []);
  const userId = useSession((s) => s.user?.id);
  const machine = useMachineActions<QuotaApply, string>(quotaApplyMachine, undefined, reload);
  const log = useLogButton<QuotaApply>(quotaApplyMachine, (a) => a.code ?? '');
  const fixed = useMemo<FilterItem[]>(
    () =>
      productId === undefined
        ? []
        : [{ fieldName: 'productId', fieldType: 'integer', operator: 'eq', fieldValue: productId }],
    [productId],
  );
  const columns = useMemo<Partial<Record<string, ColumnOverride<QuotaApply>>>>(
    () => ({
      ...stateColumns<QuotaApply>(quotaApplyMachine),
      ...(productId === undefined ? {} : { productName: { list: false } }),
    }),
    [productId],
  );
  // the server lets only the applicant withdraw: nobody else is offered it
  const rowActions: RowAction<QuotaApply>[] = [
    ...machine.rowActions.map((a) =>
      a.key === 'machine-withdraw'
        ? { ...a, visible: (r: QuotaApply) => r.applicantId === userId && (a.visible?.(r) ?? true) }
        : a,
    ),
    ...log.rowActions,
  ];
  return (
    <>
      <CrudPage
        ref={list}
        entity={quotaApplyEntity}
        title="超定额申请"
        fixedFilters={fixed}
        urlState={false}
        search={productId === undefined}
        prefsKey={productId === undefined ? 'quotaApplyList' : 'quotaDetailApplies'}
        columns={columns}
        rowActions={rowActions}
        maxRowActions={3}
      />
      {machine.holder}
      {log.drawer}
    </>
  );
}
