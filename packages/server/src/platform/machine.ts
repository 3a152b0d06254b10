import type { Endpoint } from '@factory/shared/api/contract';
import { ErrorCode } from '@factory/shared/api/errors';
import type { FieldDecl } from '@factory/shared/entities/define';
import { formatFactoryTime } from '@factory/shared/factoryTime';
import {
  actionEnabled,
  actionKeys,
  type MachineDecl,
  type MachineRow,
  refusal,
  stateFields,
} from '@factory/shared/machines/define';
import { type AuditEntry, machineEndpoints, stateOf } from '@factory/shared/machines/endpoints';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Static } from 'typebox';
import { nowOf } from './clock.ts';
import type { Tx } from './db.ts';
import { AppError, conflict, forbidden, invalid, notFound } from './errors.ts';
import { factoryTimeText } from './factoryTime.ts';
import type { UserAccounts } from './ports.ts';
import { preparedStatement } from './prepared.ts';
import { handle, type RouteDef } from './route.ts';
import { auditLog } from './schema.ts';
import type { SessionInfo } from './session.ts';

/** Who acts: a signed-in user, or the system (a work order completing by itself). */
export type Actor = Pick<SessionInfo, 'userId' | 'tenant' | 'permissions' | 'isAdmin'> | 'system';

export interface ActInput {
  id: number;
  /** The version the user read; omitted by the system and by cascades, which act on what is there. */
  version?: number;
  reason?: string;
  /** The action's own body, for actions with their own endpoint (distribute's stations). */
  body?: unknown;
}

/** The locked row as hooks see it: the table's columns by property name. */
export type DocRow = Record<string, unknown> & { id: number; version: number };

/** What an action writes beyond its declared `set`: more columns (computed states, times). */
export type ActionValues = Record<string, unknown>;

export interface ActionHooks {
  /** Refuses further than the state does (an order with plans cannot be cancelled): throw. */
  guard?(tx: Tx, row: DocRow, input: ActInput, actor: Actor): Promise<void>;
  /** What the action writes: its columns, and any rows elsewhere (the work order a release makes). */
  effect?(tx: Tx, row: DocRow, input: ActInput, actor: Actor): Promise<ActionValues | undefined>;
  /** After the row carries its new state (the plan's progress following its work order's). */
  after?(tx: Tx, row: DocRow, input: ActInput, actor: Actor): Promise<void>;
}

export interface MachineBinding<A extends string> {
  machine: MachineDecl<string, A>;
  /** Its table: `id`, `version`, `updatedAt` and one column per state field (same property name). */
  table: PgTable;
  /** The column holding the number that names a document (produce_order.code). */
  number: PgColumn;
  hooks?: Partial<Record<A, ActionHooks>>;
}

const ACTOR_SYSTEM = '系统';

/** A short name for a text (FNV-1a, base 36): a prepared statement's name stays well within 63 bytes. */
const hashOf = (text: string) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
};

/** Labels of the generic trail entries (document edits and the like). */
const GENERIC_ACTIONS: Record<string, string> = {
  add: '新增',
  modify: '修改',
  delete: '删除',
  import: '导入',
};

export const staleMessage = (label: string, number: string) =>
  `${label}“${number}”已被他人修改，请刷新后重试`;

/** The document changed since the user read it (code 6: reload). */
export const stale = (label: string, number: string) =>
  new AppError(ErrorCode.reload, staleMessage(label, number));

/**
 * The server side of a declared machine: `act` takes an action on one document — locks its row,
 * refuses a stale version, a state the action may not leave, an action the tenant lacks or the
 * actor may not take, runs the guard and the effect, writes the new state with the version bumped
 * and one audit row (who, action, from → to, reason) — all in the caller's transaction. `routes`
 * serves the machine's declared endpoints with it and the document's trail.
 */
export function machineService<A extends string>(b: MachineBinding<A>) {
  const { machine: m, table } = b;
  const cols = getTableColumns(table) as Record<string, PgColumn>;
  const fields = stateFields(m);
  for (const f of [...fields, 'id', 'version'])
    if (!cols[f]) throw new Error(`${m.name}: table has no column ${f}`);
  const found = Object.entries(cols).find(([, c]) => c === b.number)?.[0];
  if (!found) throw new Error(`${m.name}: number column not in its table`);
  const numberKey: string = found;

  /** Its lock, prepared once per connection. */
  const lockStatement = preparedStatement(`machine_lock_${m.name}`, (tx) =>
    tx
      .select()
      .from(table)
      .where(eq(cols.id, sql.placeholder('id')))
      .for('update'),
  );

  /** The document's row locked for this transaction (other actions on it wait for the commit). */
  async function lock(tx: Tx, id: number): Promise<DocRow> {
    const [row] = await lockStatement(tx, { id });
    if (!row) throw notFound(m.label);
    return row as DocRow;
  }

  /**
   * An action's write when all it sets are plain values: the row updated and its trail row
   * written in ONE statement, prepared once per connection for each action and set of columns.
   */
  const writeStatements = new Map<string, (tx: Tx, values: Record<string, unknown>) => Promise<unknown[]>>();
  const writeStatement = (columns: { column: string; isNull: boolean }[], signature: string) =>
    preparedStatement(`machine_write_${m.name}_${hashOf(signature)}`, (tx) => {
      const trail = tx.$with('machine_trail').as(
        tx
          .insert(auditLog)
          .values({
            userId: sql.placeholder('trailUser'),
            entity: m.name,
            entityId: sql.placeholder('trailId'),
            action: sql.placeholder('trailAction'),
            detail: sql.placeholder('trailDetail'),
            createdAt: sql.placeholder('trailAt'),
          })
          .returning({ id: auditLog.id }),
      );
      return (
        tx
          .with(trail)
          .update(table)
          // a null is written as such (a column's encoder is not asked to encode it)
          .set(
            Object.fromEntries(
              columns.map(({ column, isNull }) => [
                column,
                isNull ? sql`null` : sql.placeholder(`set_${column}`),
              ]),
            ),
          )
          .where(eq(cols.id, sql.placeholder('id')))
          .returning()
      );
    });
  const plain = (v: unknown) =>
    v === null || ['number', 'string', 'boolean'].includes(typeof v) || v instanceof Date;

  /** The row as the declaration reads it: its states and its number under the declared field. */
  const machineRow = (row: DocRow): MachineRow => ({ ...row, [m.numberField]: row[numberKey] });

  /** Refuses a document changed since the user read it. */
  function checkVersion(row: DocRow, version: number | undefined) {
    if (version !== undefined && row.version !== version) throw stale(m.label, String(row[numberKey] ?? ''));
  }

  async function act(tx: Tx, actor: Actor, action: A, input: ActInput): Promise<DocRow> {
    const a = m.actions[action];
    if (!a) throw new Error(`${m.name}: unknown action ${action}`);
    if (actor !== 'system') {
      if (a.system) throw forbidden(`${a.label}由系统执行`);
      if (!actionEnabled(m, action, actor.tenant.flags)) throw forbidden(`当前企业未开通“${a.label}”`);
      const keys = actionKeys(m, action).map((k) => k.toLowerCase());
      if (!actor.isAdmin && !keys.some((k) => actor.permissions.has(k))) throw forbidden();
    }
    const row = await lock(tx, input.id);
    checkVersion(row, input.version);
    const why = refusal(m, action, machineRow(row));
    if (why) throw conflict(why);
    if (a.reason && !input.reason?.trim())
      throw invalid(`请输入${a.label}原因`, [{ field: 'reason', message: `请输入${a.label}原因` }]);
    const hooks = b.hooks?.[action as A];
    await hooks?.guard?.(tx, row, input, actor);
    const extra = (await hooks?.effect?.(tx, row, input, actor)) ?? {};
    const values: Record<string, unknown> = {
      ...a.set,
      ...extra,
      version: row.version + 1,
      ...(cols.updatedAt ? { updatedAt: nowOf(tx) } : {}),
    };
    const userId = actor === 'system' ? null : actor.userId;
    const reason = input.reason ? { reason: input.reason.trim() } : {};
    const columns = Object.keys(values)
      .filter((c) => values[c] !== undefined)
      .sort();
    let next: DocRow;
    if (columns.every((c) => plain(values[c]))) {
      // the new state is known before the write: the row and its trail in one statement
      const signature = columns.map((c) => (values[c] === null ? `${c}=null` : c)).join(',');
      let write = writeStatements.get(signature);
      if (!write) {
        write = writeStatement(
          columns.map((column) => ({ column, isNull: values[column] === null })),
          signature,
        );
        writeStatements.set(signature, write);
      }
      const [updated] = await write(tx, {
        id: row.id,
        ...Object.fromEntries(columns.filter((c) => values[c] !== null).map((c) => [`set_${c}`, values[c]])),
        trailUser: userId,
        trailId: String(row.id),
        trailAction: action,
        trailDetail: {
          from: stateOf(m, row),
          to: stateOf(m, { ...row, ...Object.fromEntries(columns.map((c) => [c, values[c]])) }),
          ...reason,
        },
        trailAt: nowOf(tx),
      });
      next = updated as DocRow;
    } else {
      const [updated] = await tx
        .update(table)
        .set(values as never)
        .where(eq(cols.id, row.id))
        .returning();
      next = updated as DocRow;
      await writeTrail(tx, userId, m.name, row.id, action, {
        from: stateOf(m, row),
        to: stateOf(m, next),
        ...reason,
      });
    }
    await hooks?.after?.(tx, next, input, actor);
    return next;
  }

  const endpoints = machineEndpoints(m);
  const routes: RouteDef[] = [
    ...Object.entries(endpoints.actions).map(([name, e]) =>
      handle(e as (typeof endpoints.actions)[A], {
        handler: async ({ tx, session, body }) => {
          const row = await act(tx, session, name as A, body as ActInput);
          return { id: row.id, version: row.version, ...stateOf(m, row) };
        },
      }),
    ),
    handle(endpoints.log, {
      handler: async ({ tx, query, services }) => {
        await lockFree(tx, query.id);
        return trailOf(tx, services.ports.accounts, m, query.id);
      },
    }),
  ];

  /** Reads the document without locking, for the trail's not-found answer. */
  async function lockFree(tx: Tx, id: number) {
    const [row] = await tx.select({ id: cols.id }).from(table).where(eq(cols.id, id));
    if (!row) throw notFound(m.label);
  }

  /**
   * The route of an action with its own endpoint (`own`: 发货, 收货 …): its body carries the
   * document's id and version (and the reason, where the action asks one) and is the action's
   * input; the answer is the document's new state, plus what `more` adds (the document it posted).
   */
  function ownRoute<E extends Endpoint>(
    e: E,
    action: A,
    more?: (tx: Tx, row: DocRow) => Promise<Record<string, unknown>>,
  ): RouteDef {
    return handle(e as Endpoint, {
      handler: async ({ tx, session, body }) => {
        const b = body as unknown as { id: number; version?: number; reason?: string };
        const row = await act(tx, session, action, { id: b.id, version: b.version, reason: b.reason, body });
        return { id: row.id, version: row.version, ...stateOf(m, row), ...(await more?.(tx, row)) };
      },
    });
  }

  const service = { machine: m, act, lock, checkVersion, routes, endpoints, ownRoute };
  served.set(m, service as unknown as MachineService<string>);
  return service;
}

export type MachineService<A extends string> = ReturnType<typeof machineService<A>>;

const served = new WeakMap<MachineDecl, MachineService<string>>();

/**
 * The service of a declared machine, by its declaration: for a cascade into another document of
 * the module whose service imports this one (a plan's withdrawal cancels its work orders, a work
 * order's completion completes its plan) without an import circle. Registered when the service is
 * made; the module's face has made every one of them before a request runs.
 */
export function serviceOf<A extends string>(m: MachineDecl<string, A>): MachineService<A> {
  const service = served.get(m);
  if (!service) throw new Error(`${m.name}: no service made for this machine`);
  return service as unknown as MachineService<A>;
}

interface TrailDetail {
  from?: Record<string, number>;
  to?: Record<string, number>;
  reason?: string;
  changes?: Static<typeof AuditEntry>['changes'];
}

/** One audit row of a document: its transition or its edit. */
export async function writeTrail(
  tx: Tx,
  userId: number | null,
  entity: string,
  id: number,
  action: string,
  detail: TrailDetail,
): Promise<void> {
  await tx
    .insert(auditLog)
    .values({ userId, entity, entityId: String(id), action, detail, createdAt: nowOf(tx) });
}

/** A value as the trail shows it: enum labels, '' for empty, numbers as written. */
function shown(f: FieldDecl | undefined, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (f?.enum) return f.enum.label(v, String(v));
  if (v instanceof Date) return formatFactoryTime(v);
  if (f?.type === 'number' || f?.type === 'integer') return String(Number(v));
  return String(v);
}

/**
 * The edit of a document as its trail records it: each declared field whose value changed, with
 * its label and both values as shown. Fields are compared as text, so 12 and '12.000000' differ
 * only if their numbers do.
 */
export function changedFields(
  fields: Readonly<Record<string, FieldDecl>>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): NonNullable<TrailDetail['changes']> {
  const same = (a: unknown, b: unknown) =>
    (a ?? '') === (b ?? '') ||
    (a !== null && b !== null && a !== '' && b !== '' && !Number.isNaN(Number(a)) && Number(a) === Number(b));
  const changes: NonNullable<TrailDetail['changes']> = [];
  for (const [key, value] of Object.entries(after)) {
    if (!Object.hasOwn(before, key) || same(before[key], value)) continue;
    const f = fields[key];
    changes.push({ field: key, label: f?.label ?? key, from: shown(f, before[key]), to: shown(f, value) });
  }
  return changes;
}

/** A document's audit trail, oldest first, with who did it named. */
export async function trailOf(
  tx: Tx,
  accounts: UserAccounts,
  m: Pick<MachineDecl, 'name' | 'actions' | 'notes'>,
  id: number,
): Promise<Static<typeof AuditEntry>[]> {
  const rows = await tx
    .select({
      id: auditLog.id,
      userId: auditLog.userId,
      action: auditLog.action,
      detail: auditLog.detail,
      createdAt: sql<string>`${factoryTimeText(auditLog.createdAt)}`,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entity, m.name), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
  const names = await accounts.names(tx, [
    ...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId]))),
  ]);
  return rows.map((r) => {
    const d = (r.detail ?? {}) as TrailDetail;
    return {
      id: r.id,
      createdAt: r.createdAt,
      userName: r.userId === null ? ACTOR_SYSTEM : (names.get(r.userId) ?? `用户${r.userId}`),
      action: r.action,
      actionLabel: m.actions[r.action]?.label ?? m.notes?.[r.action] ?? GENERIC_ACTIONS[r.action] ?? r.action,
      from: d.from ?? null,
      to: d.to ?? null,
      reason: d.reason ?? null,
      changes: d.changes ?? [],
    };
  });
}
