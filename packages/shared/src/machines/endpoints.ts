import { Type } from 'typebox';
import { endpoint } from '../api/contract.ts';
import { BigRowId, IdQuery, RowId } from '../api/list.ts';
import { actionKeys, actionNames, type MachineDecl, stateFields } from './define.ts';

/** The version a document was read at: a change made since refuses the action (code 6, reload). */
export const VersionField = Type.Integer({ minimum: 0, maximum: 2_147_483_647, title: '版本' });

export const ReasonField = (label: string) =>
  Type.String({ minLength: 1, maxLength: 200, title: `${label}原因` });

/** One entry of a document's audit trail, as the detail page's timeline shows it. */
export const AuditEntry = Type.Object({
  id: BigRowId(),
  createdAt: Type.String(),
  /** Who: the user's name, or 系统 for what the system did by itself. */
  userName: Type.String(),
  action: Type.String(),
  actionLabel: Type.String(),
  /** The state fields before and after (transitions only). */
  from: Type.Union([Type.Record(Type.String(), Type.Integer()), Type.Null()]),
  to: Type.Union([Type.Record(Type.String(), Type.Integer()), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
  /** Changed fields of an edit, labelled; values as shown. */
  changes: Type.Array(
    Type.Object({ field: Type.String(), label: Type.String(), from: Type.String(), to: Type.String() }),
  ),
});

/** What an action answers: the document's new state and version. */
const ActionResult = Type.Object({ id: RowId(), version: Type.Integer() }, { additionalProperties: true });

function actionBody(reason: string | undefined) {
  return Type.Object(
    {
      id: RowId(),
      version: VersionField,
      ...(reason ? { reason: ReasonField(reason) } : {}),
    },
    { additionalProperties: false },
  );
}

const declared = new WeakMap<MachineDecl, unknown>();

/**
 * The calls of a machine, made once per machine so the server's routes and the web's buttons hold
 * the same objects: one POST per action a user takes from a plain button
 * (`<base><action>`, body `{ id, version, reason? }`, key `<route><Button>`), and the audit trail
 * of one document (`<base>getLogList?id=`). Actions with their own bodies (`own`) and system
 * actions have none here.
 */
export function machineEndpoints<A extends string>(m: MachineDecl<string, A>): MachineEndpoints<A> {
  let e = declared.get(m) as MachineEndpoints<A> | undefined;
  if (!e) {
    e = declare(m);
    declared.set(m, e);
  }
  return e;
}

export type MachineEndpoints<A extends string> = ReturnType<typeof declare<A>>;

function declare<A extends string>(m: MachineDecl<string, A>) {
  const actions = {} as Record<A, ReturnType<typeof actionEndpoint>>;
  function actionEndpoint(name: A) {
    const a = m.actions[name];
    return endpoint({
      method: 'POST',
      path: `${m.base}${a.path ?? name}`,
      summary: `${a.label}${m.label}`,
      access: { keys: actionKeys(m, name) },
      body: actionBody(a.reason ? a.label : undefined),
      result: ActionResult,
    });
  }
  for (const name of actionNames(m)) {
    const a = m.actions[name];
    if (!a.system && !a.own) actions[name] = actionEndpoint(name);
  }
  return {
    actions,
    log: endpoint({
      method: 'GET',
      path: `${m.base}getLogList`,
      summary: `${m.label}操作日志`,
      access: { keys: [m.route] },
      query: IdQuery,
      result: Type.Array(AuditEntry),
    }),
  };
}

/** The state fields' values of a row, as the audit trail keeps them. */
export const stateOf = (m: MachineDecl, row: Readonly<Record<string, unknown>>) =>
  Object.fromEntries(stateFields(m).map((f) => [f, Number(row[f])]));
