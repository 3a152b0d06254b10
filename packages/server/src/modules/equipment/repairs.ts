import {
  type DispatchRepairBody,
  equipmentRepairApi,
  type SparePartLine,
} from '@factory/shared/api/equipmentRepair';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import {
  equipmentFaultEntity,
  equipmentRepairEntity,
  faultReasonEntity,
} from '@factory/shared/entities/equipmentRepair';
import { equipmentRepairMachine } from '@factory/shared/machines/equipment';
import { eq, inArray, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError, forbidden } from '../../platform/errors.ts';
import { type EmitContext, emitEvent } from '../../platform/events/bus.ts';
import { lookedUp } from '../../platform/list.ts';
import { type ActInput, type Actor, type DocRow, machineService } from '../../platform/machine.ts';
import { takeCodes } from '../../platform/numbering.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { auditLog } from '../../platform/schema.ts';
import { flagsOfTenant } from '../../platform/tenancy.ts';
import { asNumber } from '../plans/index.ts';
import { users } from '../setting/index.ts';
import { equipment, userEquipment } from './registerSchema.ts';
import { equipmentRepairs, faultReasons } from './repairSchema.ts';
import { issueSpareParts } from './spareParts.ts';
import { checkTasks } from './taskSchema.ts';

/** 故障原因: the maintained list; disabled, never deleted, once a repair names it. */
export const faultReason = crud({
  entity: faultReasonEntity,
  table: faultReasons,
  usedBy: [{ column: equipmentRepairs.faultReasonId, label: '维修工单' }],
  selectWhere: eq(faultReasons.enabled, true),
});

/** The names of the users an id array column names, in its order ('张三、李四'). */
const namesOf = (ids: typeof equipmentRepairs.repairerIds | typeof equipmentRepairs.dispatchedIds) =>
  sql<string>`coalesce((select string_agg(u.name, '、' order by k.n)
  from unnest(${qualified(ids)}) with ordinality k(id, n)
  join ${users} u on u.id = k.id), '')`;

/**
 * Nobody has acted on the report yet, so its reporter may still edit or withdraw it: it waits for
 * audit, or — the audit skipped — waits at 2 with nobody named and nobody having taken it (a 退单
 * leaves it at 2, but a repairer has had it).
 */
const untouched = sql<boolean>`(${qualified(equipmentRepairs.status)} = 1
  or (${qualified(equipmentRepairs.status)} = 2 and ${qualified(equipmentRepairs.auditedBy)} is null
    and cardinality(${qualified(equipmentRepairs.dispatchedIds)}) = 0
    and not exists (select 1 from ${auditLog} a where a.entity = 'equipmentRepair'
      and a.entity_id = ${qualified(equipmentRepairs.id)}::text and a.action = 'accept')))`;

/** Both views of a repair order read the same row. */
const view = {
  table: equipmentRepairs,
  document: { number: equipmentRepairs.code },
  refs: {
    equipmentName: { id: equipment.id, name: equipment.name, code: equipment.code },
    faultReasonName: { id: faultReasons.id, name: faultReasons.name, code: faultReasons.code },
    reporterName: { id: users.id, name: users.name, code: users.userName },
    verifierName: { id: users.id, name: users.name, code: users.userName },
  },
  columns: {
    version: equipmentRepairs.version,
    repairerIds: equipmentRepairs.repairerIds,
    repairerNames: namesOf(equipmentRepairs.repairerIds),
    dispatchedIds: equipmentRepairs.dispatchedIds,
    dispatchedNames: namesOf(equipmentRepairs.dispatchedIds),
    untouched,
    equipmentCode: lookedUp(equipmentRepairs.equipmentId, equipment.code),
    repairMinutes: asNumber(sql`${qualified(equipmentRepairs.repairMinutes)}`),
    downtimeMinutes: asNumber(sql`${qualified(equipmentRepairs.downtimeMinutes)}`),
  },
  idFilters: { equipmentId: equipmentRepairs.equipmentId },
};

const minutesBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / 6_000) / 10;

/** The next repair number (WX…), whichever view files the order. */
async function nextNumber(tx: Tx): Promise<string> {
  for (let i = 0; i < 1000; i++) {
    const [code] = await takeCodes(tx, equipmentRepairEntity.name);
    const [used] = await tx
      .select({ id: equipmentRepairs.id })
      .from(equipmentRepairs)
      .where(eq(equipmentRepairs.code, code));
    if (!used) return code;
  }
  throw conflict('维修单号已用尽，请在编码设置中调整规则');
}

/** The machine a repair is for: in the tenant and in service. */
async function machineToRepair(tx: Tx, id: unknown) {
  const [row] = await tx
    .select({ id: equipment.id, code: equipment.code, name: equipment.name, enabled: equipment.enabled })
    .from(equipment)
    .where(eq(equipment.id, Number(id)));
  if (!row) throw fieldError('equipmentId', '所选设备不存在或已被删除');
  if (!row.enabled) throw fieldError('equipmentId', `设备“${row.name}”（${row.code}）已停用，不能报修`);
  return row;
}

/** A time in the past (a minute's leeway for clocks): a fault, a repair start or end. */
function notAhead(tx: Tx, value: unknown, field: string, label: string): Date {
  const t = new Date(String(value));
  if (Number.isNaN(t.getTime())) throw fieldError(field, `请选择${label}`);
  if (t.getTime() > nowOf(tx).getTime() + 60_000) throw fieldError(field, `${label}不能晚于当前时间`);
  return t;
}

/**
 * The machine follows its repairs and upkeep (DOMAIN "Equipment register"): 故障维修 while a
 * stopping fault report is open (pending audit to pending verification), 维保中 while a repair is
 * taken (pending repair to pending verification) or an upkeep task is in progress, back to running
 * and idle when none is.
 */
export async function followMachine(tx: Tx, equipmentId: number): Promise<void> {
  const repairing = sql`exists (select 1 from ${equipmentRepairs} r
    where r.equipment_id = ${equipmentId} and r.status in (3, 4, 5))`;
  const upkept = sql`exists (select 1 from ${checkTasks} k
    where k.equipment_id = ${equipmentId} and k.kind = 2 and k.status = 2)`;
  const stopped = sql`exists (select 1 from ${equipmentRepairs} r
    where r.equipment_id = ${equipmentId} and r.is_stopped and r.status in (1, 2, 3, 4, 5))`;
  await tx
    .update(equipment)
    .set({
      runType: sql`case when ${stopped} then 1 else 0 end`,
      state: sql`case when ${repairing} or ${upkept} then 2 when ${equipment.state} = 2 then 0 else ${equipment.state} end`,
    })
    .where(eq(equipment.id, equipmentId));
}

/** Who looks after a machine: its keepers (My equipment), else every equipment keeper. */
async function keepersOf(tx: Tx, equipmentId: number): Promise<number[]> {
  const own = await tx
    .select({ userId: userEquipment.userId })
    .from(userEquipment)
    .where(eq(userEquipment.equipmentId, equipmentId));
  const rows = own.length
    ? own
    : await tx.selectDistinct({ userId: userEquipment.userId }).from(userEquipment);
  return rows.map((k) => k.userId).sort((a, b) => a - b);
}

/** Where a report's notice goes when it is not filed in a request: the outbox, which the drain delivers. */
type Notify = Pick<EmitContext, 'services' | 'afterCommit'>;

/** The context a repair's event is emitted in: who acted (the system when nobody), and `notify`. */
async function emitting(tx: Tx, tenantId: number, actorId: number | null, notify: Notify | undefined) {
  const [who] = actorId ? await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId)) : [];
  return {
    tx,
    session: { tenantId, userId: actorId, name: who?.name ?? '系统' },
    services: notify?.services ?? { events: { dispatch: async () => undefined } as never },
    afterCommit: notify?.afterCommit ?? (() => undefined),
  } satisfies EmitContext;
}

/**
 * Tells the machine's keepers of a report — to audit it, or, the audit skipped, to take it (they
 * are who repairs it) — and answers its number.
 */
async function announce(
  tx: Tx,
  id: number,
  actorId: number | null,
  notify: Notify | undefined,
): Promise<string> {
  const [r] = await tx
    .select({
      code: equipmentRepairs.code,
      phenomenon: equipmentRepairs.phenomenon,
      isStopped: equipmentRepairs.isStopped,
      status: equipmentRepairs.status,
      equipmentId: equipmentRepairs.equipmentId,
      equipmentCode: equipment.code,
      equipmentName: equipment.name,
      tenantId: equipmentRepairs.tenantId,
    })
    .from(equipmentRepairs)
    .innerJoin(equipment, eq(equipment.id, equipmentRepairs.equipmentId))
    .where(eq(equipmentRepairs.id, id));
  await emitEvent(await emitting(tx, r.tenantId, actorId, notify), 'equipmentRepair.reported', {
    repairId: id,
    code: r.code,
    equipmentCode: r.equipmentCode,
    equipmentName: r.equipmentName,
    phenomenon: r.phenomenon,
    isStopped: r.isStopped,
    status: r.status,
    keeperIds: await keepersOf(tx, r.equipmentId),
  });
  return r.code;
}

async function refuseUnlessUntouched(tx: Tx, id: number, what: string) {
  const [row] = await tx
    .select({
      code: equipmentRepairs.code,
      auditedBy: equipmentRepairs.auditedBy,
      dispatchedIds: equipmentRepairs.dispatchedIds,
      untouched,
    })
    .from(equipmentRepairs)
    .where(eq(equipmentRepairs.id, id));
  if (!row || row.untouched) return;
  const done = row.auditedBy !== null ? '已审核' : row.dispatchedIds.length ? '已指派维修人员' : '已接单';
  throw conflict(`故障报修“${row.code}”${done}，不能${what}`);
}

/** A report edited onto another machine: the one it left follows too (validate → saved of one save). */
const movedFrom = new Map<number, number>();

/**
 * 故障报修: a fault report is filed pending audit (1) with the next repair number, the reporter
 * being who filed it — or, for a tenant that skips the audit, passed by the system at once (2, the
 * trail's 免审核); edited and withdrawn (deleted) only while nobody has acted on it. Filing it tells
 * the machine's keepers and, when it stopped the machine, puts the machine in 故障维修.
 */
export const equipmentFault = crud({
  entity: equipmentFaultEntity,
  ...view,
  scope: { where: eq(equipmentRepairs.source, 0), values: { source: 0 } },
  hooks: {
    async validate(tx, values, id) {
      if (id !== null) {
        await refuseUnlessUntouched(tx, id, '修改');
        const [stored] = await tx
          .select({ equipmentId: equipmentRepairs.equipmentId })
          .from(equipmentRepairs)
          .where(eq(equipmentRepairs.id, id));
        if (stored && values.equipmentId !== undefined && values.equipmentId !== stored.equipmentId)
          movedFrom.set(id, stored.equipmentId);
      }
      if (values.equipmentId !== undefined) await machineToRepair(tx, values.equipmentId);
      if (values.faultTime !== undefined) notAhead(tx, values.faultTime, 'faultTime', '故障时间');
      if (id === null) {
        values.code = await nextNumber(tx);
        values.status = 1;
      }
    },
    async saved(tx, id, _body, isNew, actorId) {
      if (isNew) {
        await tx
          .update(equipmentRepairs)
          .set({ reporterId: actorId, createdBy: actorId })
          .where(eq(equipmentRepairs.id, id));
        if ((await flagsOfTenant(tx)).skipRepairAudit)
          await equipmentRepairActions.act(tx, 'system', 'skipAudit', { id });
      }
      const [row] = await tx
        .select({ equipmentId: equipmentRepairs.equipmentId })
        .from(equipmentRepairs)
        .where(eq(equipmentRepairs.id, id));
      await followMachine(tx, row.equipmentId);
      const before = movedFrom.get(id);
      movedFrom.delete(id);
      if (before !== undefined) await followMachine(tx, before);
    },
    removing: (tx, id) => refuseUnlessUntouched(tx, id, '删除'),
    async removed(tx, row) {
      await followMachine(tx, Number(row.equipmentId));
    },
  },
});

export interface FaultReport {
  equipmentId: number;
  phenomenon: string;
  isStopped?: boolean;
  /** When it failed; now when not said. */
  faultTime?: Date;
  /** The check task whose NG items found it, the call that raised it. */
  taskId?: number;
  callId?: number;
}

/**
 * Files a fault report as 故障报修 does, for whoever found the fault (a person, or the system for
 * an out-of-range reading): numbered, pending audit (or passed, the audit skipped), the machine
 * following it, its keepers told
 * (`notify` from a request dispatches the notice after the commit; without it the outbox's drain
 * delivers it within a minute).
 */
export async function fileFaultReport(
  tx: Tx,
  actor: Actor,
  report: FaultReport,
  notify?: Notify,
): Promise<{ id: number; code: string }> {
  const actorId = actor === 'system' ? null : actor.userId;
  const id = await equipmentFault.create(tx, actorId, {
    equipmentId: report.equipmentId,
    faultTime: (report.faultTime ?? nowOf(tx)).toISOString(),
    phenomenon: report.phenomenon.slice(0, 500),
    isStopped: report.isStopped ?? false,
  });
  const code = await announce(tx, id, actorId, notify);
  if (report.taskId !== undefined || report.callId !== undefined)
    await tx
      .update(equipmentRepairs)
      .set({ taskId: report.taskId ?? null, callId: report.callId ?? null })
      .where(eq(equipmentRepairs.id, id));
  return { id, code };
}

/** The users named exist in the tenant; answers them once each. */
async function existingUsers(tx: Tx, ids: readonly number[], field = 'repairerIds'): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, unique));
  if (found.length !== unique.length) throw fieldError(field, '所选维修人员不存在或已被删除');
  return unique;
}

async function enabledReason(tx: Tx, id: unknown): Promise<void> {
  const [reason] = await tx
    .select({ name: faultReasons.name, enabled: faultReasons.enabled })
    .from(faultReasons)
    .where(eq(faultReasons.id, Number(id)));
  if (!reason) throw fieldError('faultReasonId', '所选故障原因不存在或已被删除');
  if (!reason.enabled) throw fieldError('faultReasonId', `故障原因“${reason.name}”已停用`);
}

/**
 * 维修工单 (equipment-repair list): every repair order; its add is the quick repair 快速维修 —
 * the fault, the repair's start and end, reason and measures (and any spare parts) in one form,
 * saved completed (6) with its times as entered.
 */
export const equipmentRepair = crud({
  entity: equipmentRepairEntity,
  ...view,
  hooks: {
    async validate(tx, values, id) {
      if (id !== null) throw conflict('维修工单不能直接修改，请按维修流程操作');
      await machineToRepair(tx, values.equipmentId);
      const fault = notAhead(tx, values.faultTime, 'faultTime', '故障时间');
      const start = notAhead(tx, values.startedAt, 'startedAt', '开始维修时间');
      const end = notAhead(tx, values.finishedAt, 'finishedAt', '完工时间');
      if (start < fault) throw fieldError('startedAt', '开始维修时间不能早于故障时间');
      if (end <= start) throw fieldError('finishedAt', '完工时间须晚于开始维修时间');
      if (!values.faultReasonId) throw fieldError('faultReasonId', '请选择故障原因');
      await enabledReason(tx, values.faultReasonId);
      if (!String(values.measures ?? '').trim()) throw fieldError('measures', '请输入维修内容');
      Object.assign(values, {
        source: 1,
        status: 6,
        completedAt: end,
        repairMinutes: String(minutesBetween(start, end)),
        downtimeMinutes: String(minutesBetween(fault, end)),
      });
    },
    async saved(tx, id, body, _isNew, actorId) {
      const repairerIds = await existingUsers(
        tx,
        (body.repairerIds as number[] | undefined)?.length
          ? (body.repairerIds as number[])
          : actorId
            ? [actorId]
            : [],
      );
      const [row] = await tx
        .update(equipmentRepairs)
        .set({ reporterId: actorId, createdBy: actorId, repairerIds })
        .where(eq(equipmentRepairs.id, id))
        .returning({
          id: equipmentRepairs.id,
          code: equipmentRepairs.code,
          equipmentId: equipmentRepairs.equipmentId,
        });
      await issueSpareParts(
        tx,
        actorId,
        { sourceType: 0, ...row },
        (body.parts as SparePartLine[] | undefined) ?? [],
      );
    },
  },
});

const actorIdOf = (actor: Actor) => (actor === 'system' ? null : actor.userId);
const repairersOf = (row: DocRow) => (row.repairerIds as number[] | null) ?? [];
const dispatchedOf = (row: DocRow) => (row.dispatchedIds as number[] | null) ?? [];

/** Who 审核派工 and 改派 name (none: the pool), checked to be users of the tenant. */
const dispatchedIn = async (tx: Tx, input: ActInput) => ({
  dispatchedIds: await existingUsers(
    tx,
    (input.body as Partial<DispatchRepairBody> | undefined)?.dispatchedIds ?? [],
    'dispatchedIds',
  ),
});

/** An order named to repairers is taken only by one of them (an administrator may take it for them). */
async function refuseUnlessDispatched(tx: Tx, row: DocRow, actor: Actor) {
  const named = dispatchedOf(row);
  if (actor === 'system' || actor.isAdmin || !named.length || named.includes(actor.userId)) return;
  const [{ names }] = await tx
    .select({ names: namesOf(equipmentRepairs.dispatchedIds) })
    .from(equipmentRepairs)
    .where(eq(equipmentRepairs.id, row.id));
  throw forbidden(`维修工单“${String(row.code)}”已指派给${names}，您不能接单`);
}

/** Start and finish are the repairers' (an administrator may act for them). */
function refuseUnlessRepairer(row: DocRow, actor: Actor, what: string) {
  if (actor === 'system' || actor.isAdmin) return;
  if (!repairersOf(row).includes(actor.userId))
    throw forbidden(`维修工单“${String(row.code)}”不是您接的单，不能${what}`);
}

/** The repair is checked by someone else: the reporter or a keeper, never one who repaired it. */
function refuseRepairer(row: DocRow, actor: Actor) {
  if (actor !== 'system' && repairersOf(row).includes(actor.userId))
    throw forbidden(`维修工单“${String(row.code)}”须由报修人或设备管理员验证，维修人员不能验证自己的维修`);
}

/** The time of the spell of repairing that ends now, added to what earlier spells took. */
function spellMinutes(tx: Tx, row: DocRow): string {
  const began = row.spellStartedAt as Date | null;
  const before = Number(row.repairMinutes ?? 0);
  return String(began ? Math.round((before + minutesBetween(began, nowOf(tx))) * 10) / 10 : before);
}

const follow = async (tx: Tx, row: DocRow) => followMachine(tx, Number(row.equipmentId));

/** The repair order's machine with who may take each step and what each writes. */
export const equipmentRepairActions = machineService({
  machine: equipmentRepairMachine,
  table: equipmentRepairs,
  number: equipmentRepairs.code,
  hooks: {
    audit: {
      effect: async (tx, _row, input, actor) => ({
        auditedBy: actorIdOf(actor),
        ...(await dispatchedIn(tx, input)),
      }),
    },
    redispatch: { effect: async (tx, _row, input) => dispatchedIn(tx, input) },
    reject: {
      effect: async (_tx, _row, input, actor) => ({
        auditedBy: actorIdOf(actor),
        rejectReason: input.reason?.trim() ?? null,
      }),
      after: follow,
    },
    accept: {
      guard: async (tx, row, _input, actor) => refuseUnlessDispatched(tx, row, actor),
      effect: async (tx, row, _input, actor) => {
        const id = actorIdOf(actor);
        return {
          acceptedAt: nowOf(tx),
          repairerIds: id === null ? repairersOf(row) : [id, ...repairersOf(row).filter((r) => r !== id)],
        };
      },
      after: follow,
    },
    // back to whoever was named (or the pool)
    giveBack: {
      guard: async (_tx, row, _input, actor) => refuseUnlessRepairer(row, actor, '退单'),
      effect: async () => ({ acceptedAt: null, repairerIds: [] }),
      after: follow,
    },
    start: {
      guard: async (_tx, row, _input, actor) => refuseUnlessRepairer(row, actor, '开始维修'),
      effect: async (tx, row) => ({
        startedAt: (row.startedAt as Date | null) ?? nowOf(tx),
        spellStartedAt: nowOf(tx),
      }),
      after: follow,
    },
    finish: {
      guard: async (_tx, row, _input, actor) => refuseUnlessRepairer(row, actor, '完工'),
      async effect(tx, row, input: ActInput, actor) {
        const body = input.body as {
          faultReasonId: number;
          measures: string;
          repairerIds?: number[];
          parts?: SparePartLine[];
        };
        await enabledReason(tx, body.faultReasonId);
        const measures = body.measures.trim();
        if (!measures) throw fieldError('measures', '请输入维修内容');
        const taker = repairersOf(row)[0];
        const repairerIds = await existingUsers(tx, [
          ...(taker !== undefined ? [taker] : []),
          ...(body.repairerIds ?? []),
        ]);
        await issueSpareParts(
          tx,
          actorIdOf(actor),
          { sourceType: 0, id: row.id, code: String(row.code), equipmentId: Number(row.equipmentId) },
          body.parts ?? [],
        );
        return {
          faultReasonId: body.faultReasonId,
          measures,
          repairerIds,
          finishedAt: nowOf(tx),
          spellStartedAt: null,
          repairMinutes: spellMinutes(tx, row),
        };
      },
    },
    verify: {
      guard: async (_tx, row, _input, actor) => refuseRepairer(row, actor),
      effect: async (tx, row, _input, actor) => ({
        verifierId: actorIdOf(actor),
        completedAt: nowOf(tx),
        downtimeMinutes: String(minutesBetween(row.faultTime as Date, nowOf(tx))),
      }),
      after: follow,
    },
    reopen: {
      guard: async (_tx, row, _input, actor) => refuseRepairer(row, actor),
      effect: async (tx) => ({ spellStartedAt: nowOf(tx), finishedAt: null }),
    },
  },
});

/**
 * 审核派工 (1 → 2) or 改派 (at 2): the order passes to the repairers named in the body (none: any
 * of them), who are told (`notify` from a request dispatches the notice after the commit; without
 * it the outbox's drain delivers it).
 */
export async function dispatchRepair(
  tx: Tx,
  actor: Actor,
  action: 'audit' | 'redispatch',
  body: Pick<DispatchRepairBody, 'id' | 'dispatchedIds'> & { version?: number },
  notify?: Notify,
): Promise<DocRow> {
  const row = await equipmentRepairActions.act(tx, actor, action, {
    id: body.id,
    version: body.version,
    body,
  });
  const named = dispatchedOf(row);
  if (!named.length) return row;
  const [m] = await tx
    .select({ code: equipment.code, name: equipment.name })
    .from(equipment)
    .where(eq(equipment.id, Number(row.equipmentId)));
  await emitEvent(
    await emitting(tx, Number(row.tenantId), actorIdOf(actor), notify),
    'equipmentRepair.dispatched',
    {
      repairId: row.id,
      code: String(row.code),
      equipmentCode: m.code,
      equipmentName: m.name,
      phenomenon: String(row.phenomenon),
      dispatchedIds: named,
    },
  );
  return row;
}

const dispatchRoute = (action: 'audit' | 'redispatch') =>
  handle(equipmentRepairApi[action], {
    handler: async (ctx) => {
      const row = await dispatchRepair(ctx.tx, ctx.session, action, ctx.body, ctx);
      return { id: row.id, version: row.version, status: Number(row.status) };
    },
  });

const faultAdd = entityEndpoints(equipmentFaultEntity).add;

export const repairRoutes: RouteDef[] = [
  ...faultReason.routes,
  // 报修 as the generic add, and the keepers told once it commits
  ...equipmentFault.routes.filter((r) => r.endpoint !== faultAdd),
  handle(faultAdd as NonNullable<typeof faultAdd>, {
    handler: async (ctx) => {
      const id = await equipmentFault.create(ctx.tx, ctx.session.userId, ctx.body as Record<string, unknown>);
      await announce(ctx.tx, id, ctx.session.userId, ctx);
      return equipmentFault.detail(ctx.tx, id);
    },
  }),
  ...equipmentRepair.routes,
  ...equipmentRepairActions.routes,
  dispatchRoute('audit'),
  dispatchRoute('redispatch'),
  equipmentRepairActions.ownRoute(equipmentRepairApi.finish, 'finish'),
];
