import type { AnyEnum } from '../enums/defineEnum.ts';
import { findRoute } from '../routes.ts';
import type { TenantFlag, TenantFlags } from '../tenantFlags.ts';

/**
 * A business object's status machine, declared once (DESIGN §2 "State machines"). Its state may
 * span several fields (an order: confirm × planning status; a work order: status × distributed ×
 * paused); each named action says from which values of which fields it may leave and what it sets.
 * The server refuses any other transition with `refusal()`, the web shows only `allowedActions()`
 * as buttons, the badges read the fields' enumerations, and a test walks every (state, action).
 * Guards and effects that need the database (an order may not be cancelled while it has plans) are
 * the server module's named hooks beside the object; they may refuse further, never allow more.
 * A refusal for what the document is (`unless`) is declared, so the web hides what it refuses.
 */
export interface MachineAction<F extends string = string> {
  /** The action's name in the factory's words (确认, 下达, 强制结束). */
  label: string;
  /** The route button guarding it: the permission key is `<route><button>` (orderListConfirm). */
  button: string;
  /**
   * Where it may start: every field named must hold one of its values (fields not named may hold
   * any). An action listed with no `when` may start anywhere.
   */
  when: Partial<Record<F, readonly number[]>>;
  /**
   * Other permission keys that allow it besides `<route><button>`: the station terminal's page
   * (stationScheduling) lets its operators start, pause and continue from their own screen.
   */
  alsoKeys?: readonly string[];
  /** Values it writes; what depends on the data (planning status after unconfirm) the effect writes. */
  set?: Partial<Record<F, number>>;
  /** The user must say why (强制结束): the body carries `reason`, stored on the audit row. */
  reason?: boolean;
  /** Only for tenants with this flag (split and reduce of work orders). */
  flag?: TenantFlag;
  /** The question the web asks before acting; none acts at once. */
  confirm?: string;
  /** Shown as a dangerous action (red, confirmation in red). */
  danger?: boolean;
  /**
   * Taken by the system only (a work order completing by itself when its last task completes): it
   * has no endpoint and no button, but is still checked against `when` and audited as 系统.
   */
  system?: boolean;
  /**
   * Has its own endpoint with its own body (report work, split, distribute): the machine gives
   * it no generic endpoint and no plain button; the module's screen offers it where allowed.
   */
  own?: boolean;
  /** The call's name when the spec names it otherwise than the action (releaseProducePlan). */
  path?: string;
  /**
   * Refuses on what the document is rather than on its state, saying why (a stock document
   * production made is undone through its source, never reversed on its own). It reads only the
   * row: the web offers no button for it and may show why instead (`heldBack`), the server
   * refuses with the same words. A fact the table does not keep is put on the row by the server's
   * lists and, before `refusal`, by the module's guard hook.
   */
  unless?(row: MachineRow): string | undefined;
}

export interface MachineState {
  /** The field's Chinese name (订单状态). */
  label: string;
  enum: AnyEnum;
}

export interface MachineDecl<F extends string = string, A extends string = string> {
  /** As the audit trail and the API name it (produceOrder). */
  name: string;
  /** Chinese name used in refusals (订单, 工单). */
  label: string;
  /** The list route whose buttons guard the actions (orderList). */
  route: string;
  /** The row field that names one document in messages (produceOrderNumber). */
  numberField: string;
  /** Path prefix of its action calls (production/kiki/private/produceOrder/). */
  base: string;
  /** The state fields, most telling first: a refusal names the first field that blocks. */
  states: Record<F, MachineState>;
  actions: Record<A, MachineAction<F>>;
  /**
   * What else the system writes into the trail that is no action and moves no state (a call's
   * escalation), by the trail's action name: its label in the timeline.
   */
  notes?: Readonly<Record<string, string>>;
}

/** A document's row as the machine reads it: its state fields and its number. */
export type MachineRow = Readonly<Record<string, unknown>>;

/**
 * Checks the declaration (every button on its route, every value in its field's enumeration) and
 * keeps its exact type, so action names are checked where they are used.
 */
export function defineMachine<const F extends string, const A extends string>(
  decl: MachineDecl<F, A>,
): MachineDecl<F, A> {
  const route = findRoute(decl.route);
  if (!route) throw new Error(`${decl.name}: unknown route ${decl.route}`);
  const buttons: readonly string[] = route.meta.buttons ?? [];
  for (const [name, a] of Object.entries<MachineAction<F>>(decl.actions)) {
    if (!a.system && !buttons.includes(a.button))
      throw new Error(`${decl.name}.${name}: route ${decl.route} has no button ${a.button}`);
    const fields = [...Object.entries(a.when), ...Object.entries(a.set ?? {})] as [F, unknown][];
    for (const [field, v] of fields) {
      const state = decl.states[field];
      if (!state) throw new Error(`${decl.name}.${name}: unknown state field ${field}`);
      for (const value of Array.isArray(v) ? v : [v])
        if (!state.enum.has(value)) throw new Error(`${decl.name}.${name}: ${field} has no value ${value}`);
    }
  }
  return Object.freeze(decl);
}

export const stateFields = <F extends string>(m: MachineDecl<F>): F[] => Object.keys(m.states) as F[];

export const actionNames = <A extends string>(m: MachineDecl<string, A>): A[] =>
  Object.keys(m.actions) as A[];

/** The permission key of an action (orderListConfirm). */
export const actionKey = (m: MachineDecl, action: string): string =>
  `${m.route}${m.actions[action]?.button ?? ''}`;

/** Every key that allows the action: its own and its `alsoKeys`. */
export const actionKeys = (m: MachineDecl, action: string): string[] => [
  actionKey(m, action),
  ...(m.actions[action]?.alsoKeys ?? []),
];

/** The first state field that does not let the action start, or undefined when it may. */
export function blockingField(m: MachineDecl, action: string, row: MachineRow): string | undefined {
  const a = m.actions[action];
  if (!a) throw new Error(`${m.name}: unknown action ${action}`);
  return stateFields(m).find((f) => {
    const allowed = a.when[f];
    return allowed !== undefined && !allowed.includes(Number(row[f]));
  });
}

/** The action is on for this tenant (its flag, if any, is set). */
export const actionEnabled = (m: MachineDecl, action: string, flags: TenantFlags | undefined) => {
  const flag = m.actions[action]?.flag;
  return !flag || !!flags?.[flag];
};

/**
 * Why the action may not start from the row's state, in the words a user reads:
 * '工单“WO20261124001”已完成，不能派工', else why its `unless` refuses the row. Undefined when it may.
 */
export function refusal(m: MachineDecl, action: string, row: MachineRow): string | undefined {
  const field = blockingField(m, action, row);
  if (field === undefined) return m.actions[action].unless?.(row);
  const state = m.states[field as keyof typeof m.states];
  const value = row[field];
  return `${m.label}“${String(row[m.numberField] ?? '')}”${state.enum.label(Number(value), `${state.label}为${String(value)}`)}，不能${m.actions[action].label}`;
}

/**
 * The actions a user may take on the row now: its state lets them start, the tenant has them and
 * the user holds their keys (`can(route, button)`). Actions with their own screens are included
 * (the screen decides how to offer them); system actions never are.
 */
export function allowedActions<A extends string>(
  m: MachineDecl<string, A>,
  row: MachineRow,
  can: (route: string, button: string) => boolean,
  flags?: TenantFlags,
): A[] {
  return offered(m, row, can, flags).filter((name) => !m.actions[name].unless?.(row));
}

/**
 * The actions the row's state, the tenant and the user's keys would allow but whose `unless`
 * refuses this row, each with why: a screen shows why where the button would be.
 */
export function heldBack<A extends string>(
  m: MachineDecl<string, A>,
  row: MachineRow,
  can: (route: string, button: string) => boolean,
  flags?: TenantFlags,
): { action: A; why: string }[] {
  return offered(m, row, can, flags).flatMap((action) => {
    const why = m.actions[action].unless?.(row);
    return why ? [{ action, why }] : [];
  });
}

/** The actions open to the user on the row's state, before any `unless`. */
function offered<A extends string>(
  m: MachineDecl<string, A>,
  row: MachineRow,
  can: (route: string, button: string) => boolean,
  flags: TenantFlags | undefined,
): A[] {
  return actionNames(m).filter((name) => {
    const a = m.actions[name];
    return (
      !a.system &&
      actionEnabled(m, name, flags) &&
      can(m.route, a.button) &&
      blockingField(m, name, row) === undefined
    );
  });
}

/** Every combination of the state fields' values, for the walk test and the docs. */
export function allStates(m: MachineDecl): Record<string, number>[] {
  let states: Record<string, number>[] = [{}];
  for (const f of stateFields(m))
    states = states.flatMap((s) => m.states[f].enum.values.map((v) => ({ ...s, [f]: Number(v) })));
  return states;
}
