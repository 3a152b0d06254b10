import type { MachineDecl } from '@factory/shared/machines/define';
import { type ReactNode, useMemo, useState } from 'react';
import { AppDrawer } from '../AppModal.tsx';
import type { RowAction } from '../list/types.ts';
import { AuditTimeline } from './AuditTimeline.tsx';
import { useTenantFlags } from './useMachineActions.tsx';

/**
 * The 操作日志 row action of spec 000 §6, for tenants with the `logButtons` flag: a document's
 * audit trail in a drawer. `rowActions` is empty for other tenants; render `drawer` once.
 */
export function useLogButton<R extends { id: number }>(
  machine: MachineDecl,
  numberOf: (row: R) => string,
): { rowActions: RowAction<R>[]; drawer: ReactNode } {
  const on = !!useTenantFlags()?.logButtons;
  // the row stays while the drawer closes, so its trail does not vanish mid-animation
  const [shown, setShown] = useState<{ row?: R; open: boolean }>({ open: false });
  const rowActions = useMemo<RowAction<R>[]>(
    () =>
      on ? [{ key: 'log', label: '操作日志', onClick: (r: R) => setShown({ row: r, open: true }) }] : [],
    [on],
  );
  const { row } = shown;
  const drawer = on ? (
    <AppDrawer
      open={shown.open}
      size={520}
      title={row ? `操作日志 — ${numberOf(row)}` : '操作日志'}
      onClose={() => setShown((s) => ({ ...s, open: false }))}
    >
      {row && <AuditTimeline machine={machine} id={row.id} />}
    </AppDrawer>
  ) : null;
  return { rowActions, drawer };
}
