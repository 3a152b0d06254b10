import type { BodyOf } from '@factory/shared/api/contract';
import { ErrorCode } from '@factory/shared/api/errors';
import {
  actionEnabled,
  actionNames,
  allowedActions,
  heldBack,
  type MachineDecl,
  type MachineRow,
} from '@factory/shared/machines/define';
import { machineEndpoints } from '@factory/shared/machines/endpoints';
import type { TenantFlags } from '@factory/shared/tenantFlags';
import { App, Button } from 'antd';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { call } from '../call.ts';
import { useActionRunner } from '../list/actions.tsx';
import type { RowAction } from '../list/types.ts';
import { ApiError } from '../request.ts';
import { useSession } from '../session.ts';
import { type Can, usePermission } from '../usePermission.ts';
import { ReasonModal } from './ReasonModal.tsx';

/** A document as its actions need it: the id, the version it was read at, its state fields. */
export type DocRow = MachineRow & { id: number; version: number };

/**
 * The machine's actions that get a plain button for this user and tenant, whatever the row's state:
 * not the system's, not those with screens of their own (`own`), on for the tenant, permitted.
 */
export function plainActions<A extends string>(
  m: MachineDecl<string, A>,
  can: Can,
  flags: TenantFlags | undefined,
): A[] {
  return actionNames(m).filter((n) => {
    const a = m.actions[n];
    return !a.system && !a.own && actionEnabled(m, n, flags) && can(m.route, a.button);
  });
}

/** Of those, the ones the row's state lets start now. */
export function actionsNow<A extends string>(
  m: MachineDecl<string, A>,
  row: MachineRow,
  can: Can,
  flags: TenantFlags | undefined,
): A[] {
  return allowedActions(m, row, can, flags).filter((n) => !m.actions[n].own);
}

/** The signed-in user's tenant flags. */
export const useTenantFlags = (): TenantFlags | undefined => useSession((s) => s.user?.companyInfo.flags);

/**
 * A machine's plain actions for a list's 操作 column (`rowActions`, each shown on the rows whose
 * state allows it) and for a detail page's head (`buttons`, for `row`; `held`: those its
 * declaration refuses for what the row is, with why, for the page to say so). Each asks first when its
 * declaration says so (in red when dangerous), asks why in a dialog when it needs a reason, sends
 * the version the row was read at, says '<action>成功' and reloads. A second click while the call
 * runs does nothing; a refusal because someone changed the document since reloads it.
 * Render `holder` once (the reason dialog).
 */
export function useMachineActions<R extends DocRow, A extends string>(
  machine: MachineDecl<string, A>,
  row: R | undefined,
  reload: () => void,
  /**
   * Who may take an action beyond its key, as the server's guard says (only a repair's repairers
   * finish it, only someone else verifies it): an action it refuses is not offered on that row.
   */
  offered?: (action: A, row: R) => boolean,
): {
  rowActions: RowAction<R>[];
  buttons: ReactNode;
  holder: ReactNode;
  allowed: A[];
  held: { action: A; why: string }[];
} {
  const can = usePermission();
  const flags = useTenantFlags();
  const { message } = App.useApp();
  const { run, busy } = useActionRunner(reload);
  const running = useRef(new Map<string, Promise<unknown>>());
  const [asking, setAsking] = useState<{ name: A; row: R }>();

  const act = useCallback(
    (name: A, r: R, reason?: string) => {
      const key = `${name}:${r.id}`;
      const already = running.current.get(key);
      if (already) return already;
      const endpoint = machineEndpoints<string>(machine).actions[name];
      // the body declares `reason` exactly for the actions that ask for one
      const body = { id: r.id, version: r.version, ...(reason ? { reason } : {}) } as BodyOf<typeof endpoint>;
      const p = call(endpoint, body)
        .catch((err: unknown) => {
          // someone changed it since it was read: the message is shown, the page shows it anew
          if (err instanceof ApiError && err.code === ErrorCode.reload) reload();
          throw err;
        })
        .finally(() => running.current.delete(key));
      running.current.set(key, p);
      return p;
    },
    [machine, reload],
  );

  const plain = useMemo(() => plainActions(machine, can, flags), [machine, can, flags]);

  const rowActions = useMemo<RowAction<R>[]>(
    () =>
      plain.map((name) => {
        const a = machine.actions[name];
        return {
          key: `machine-${name}`,
          label: a.label,
          danger: a.danger,
          confirm: a.reason ? undefined : a.confirm,
          success: a.reason ? undefined : `${a.label}成功`,
          visible: (r: R) =>
            actionsNow(machine, r, can, flags).includes(name) && (offered?.(name, r) ?? true),
          onClick: (r: R) => {
            if (!a.reason) return act(name, r);
            setAsking({ name, row: r });
            return undefined;
          },
        };
      }),
    [plain, machine, can, flags, act, offered],
  );

  const allowed = row
    ? actionsNow(machine, row, can, flags).filter((name) => offered?.(name, row) ?? true)
    : [];
  const held = row ? heldBack(machine, row, can, flags).filter((h) => !machine.actions[h.action].own) : [];
  const buttons = row
    ? rowActions
        .filter((a) => allowed.some((n) => a.key === `machine-${n}`))
        .map((a) => {
          const id = `${a.key}:${row.id}`;
          return (
            <Button
              key={a.key}
              danger={a.danger}
              loading={busy === id}
              disabled={busy !== undefined && busy !== id}
              onClick={() => run(a, id, row)}
            >
              {a.label}
            </Button>
          );
        })
    : null;

  const holder = (
    <ReasonModal
      title={asking ? `${machine.actions[asking.name].label}${machine.label}` : ''}
      label={asking ? `${machine.actions[asking.name].label}原因` : ''}
      hint={asking ? machine.actions[asking.name].confirm : undefined}
      danger={asking ? machine.actions[asking.name].danger : false}
      open={!!asking}
      onCancel={() => setAsking(undefined)}
      onOk={async (reason) => {
        if (!asking) return;
        const label = machine.actions[asking.name].label;
        await act(asking.name, asking.row, reason);
        setAsking(undefined);
        message.success(`${label}成功`);
        reload();
      }}
    />
  );

  return { rowActions, buttons, holder, allowed, held };
}
