import { type CallOptions, callApi } from '@factory/shared/api/call';
import { callEntity } from '@factory/shared/entities/call';
import { callMachine } from '@factory/shared/machines/call';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { nowOf } from '../../platform/clock.ts';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError, forbidden, notFound, uniqueViolation } from '../../platform/errors.ts';
import { type EmitContext, emitEvent } from '../../platform/events/bus.ts';
import { factoryTimeText } from '../../platform/factoryTime.ts';
import { type Actor, type DocRow, machineService, writeTrail } from '../../platform/machine.ts';
import { takeCodes } from '../../platform/numbering.ts';
import { handle } from '../../platform/route.ts';
import { equipment, equipmentRepairs, fileFaultReport } from '../equipment/index.ts';
import { areas, stations } from '../information/index.ts';
import { produceWorkOrders } from '../plans/index.ts';
import { users } from '../setting/index.ts';
import { reachedOf, reachedSql, receiversOf } from './callTypes.ts';
import { calls, callTypes } from './schema.ts';

/**
 * Where a call's notices go: the request's (or the demo's) event context. The demo's history of
 * long-closed calls is written without one: nobody needs telling about last month.
 */
export type Notices = EmitContext | undefined;

const userRef = { id: users.id, name: users.name, code: users.userName };
const minutesOf = (seconds: PgColumn) =>
  sql<number | null>`round(${qualified(seconds)} / 60.0, 1)`.mapWith((v) => (v === null ? null : Number(v)));
const target = sql`(select t.response_minutes from call_type t where t.id = ${qualified(calls.typeId)})`;

/** 呼叫: list, detail and export; calls are made, responded, closed and cancelled by the calls below. */
export const call = crud({
  entity: callEntity,
  table: calls,
  document: { number: calls.code },
  refs: {
    typeName: { id: callTypes.id, name: callTypes.name, code: callTypes.code },
    stationName: { id: stations.id, name: stations.name, code: stations.code },
    areaName: { id: areas.id, name: areas.name, code: areas.code },
    equipmentName: { id: equipment.id, name: equipment.name, code: equipment.code },
    workOrderCode: { id: produceWorkOrders.id, name: produceWorkOrders.code, code: produceWorkOrders.code },
    callerName: userRef,
    responderName: userRef,
    closerName: userRef,
  },
  columns: {
    version: calls.version,
    receiverIds: reachedSql(qualified(calls.id)),
    targetMinutes: target.mapWith(Number),
    createsRepairOrder: sql<boolean>`(select t.creates_repair_order from call_type t where t.id = ${qualified(calls.typeId)})`,
    repairCode: sql<
      string | null
    >`(select r.code from ${equipmentRepairs} r where r.call_id = ${qualified(calls.id)} order by r.id limit 1)`,
    responseMinutes: minutesOf(calls.responseSeconds),
    handlingMinutes: minutesOf(calls.handlingSeconds),
    // late: answered after the target, or still calling past it
    isLate: sql<boolean>`coalesce(${qualified(calls.responseSeconds)},
      case when ${qualified(calls.status)} = 0 then extract(epoch from now() - ${qualified(calls.calledAt)}) end, 0)
      > ${target} * 60`,
  },
  idFilters: { callerId: calls.callerId, responderId: calls.responderId },
});

const seconds = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));
const userIdOf = (actor: Actor) => (actor === 'system' ? null : actor.userId);

/** The call's names its notices and messages use. */
async function namesOf(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      code: calls.code,
      typeName: callTypes.name,
      stationName: stations.name,
      areaName: sql<string>`coalesce(${areas.name}, '')`,
      equipmentName: equipment.name,
      responseMinutes: callTypes.responseMinutes,
      createsRepairOrder: callTypes.createsRepairOrder,
    })
    .from(calls)
    .innerJoin(callTypes, eq(callTypes.id, calls.typeId))
    .innerJoin(stations, eq(stations.id, calls.stationId))
    .leftJoin(areas, eq(areas.id, calls.areaId))
    .leftJoin(equipment, eq(equipment.id, calls.equipmentId))
    .where(eq(calls.id, id));
  if (!row) throw notFound('呼叫');
  return row;
}

/**
 * The machine of a call: respond writes who and when (and how long it took), close the result and
 * who closed it, and files a fault report for an equipment call whose type says so. Cancel is the
 * caller's, unless the actor holds the cancel key (a supervisor clearing a mistaken call).
 */
export const callActions = machineService({
  machine: callMachine,
  table: calls,
  number: calls.code,
  hooks: {
    respond: {
      async effect(tx, row, _input, actor) {
        const now = nowOf(tx);
        return {
          respondedAt: now,
          responderId: userIdOf(actor),
          responseSeconds: seconds(row.calledAt as Date, now),
        };
      },
    },
    close: {
      async effect(tx, row, input, actor) {
        const body = input.body as { result: string; isStopped?: boolean } | undefined;
        const result = body?.result?.trim();
        if (!result) throw fieldError('result', '请输入处理结果');
        const now = nowOf(tx);
        return {
          result,
          closedAt: now,
          closerId: userIdOf(actor),
          handlingSeconds: seconds((row.respondedAt as Date | null) ?? (row.calledAt as Date), now),
        };
      },
    },
    cancel: {
      async guard(_tx, row, _input, actor) {
        if (actor === 'system' || actor.isAdmin || actor.permissions.has('callsearchcancel')) return;
        if (actor.userId !== row.callerId) throw forbidden('只有呼叫人可以取消该呼叫');
      },
    },
  },
});

/**
 * Whether the actor may respond to or close the call: one it has reached (a receiver of its type
 * or of an escalation level it has reached) and for closing its responder act as a holder of the
 * action's key would; anyone else needs the key itself.
 */
async function entitled(tx: Tx, actor: Actor, id: number, action: 'respond' | 'close'): Promise<Actor> {
  if (actor === 'system' || actor.isAdmin) return actor;
  const key = `${callMachine.route}${callMachine.actions[action].button}`.toLowerCase();
  if (actor.permissions.has(key)) return actor;
  const [row] = await tx.select({ responderId: calls.responderId }).from(calls).where(eq(calls.id, id));
  if (!row) throw notFound('呼叫');
  const own = row.responderId === actor.userId || (await reachedOf(tx, id)).includes(actor.userId);
  const label = callMachine.actions[action].label;
  if (!own) throw forbidden(`只有该呼叫类型的接收人可以${label}此呼叫`);
  return { ...actor, permissions: new Set([...actor.permissions, key]) };
}

export interface NewCall {
  typeId: number;
  stationId: number;
  equipmentId?: number | null;
  workOrderId?: number | null;
  remark?: string | null;
}

/**
 * Makes a call from a station (DOMAIN "Call system"): an enabled type, the station's line, at most
 * one open call (calling or responded) per station and type; numbered HJ + day + sequence; its
 * receivers are told at once. The station's row is locked while checked, so two taps make one call.
 */
export async function makeCall(
  tx: Tx,
  callerId: number,
  c: NewCall,
  notices: Notices,
): Promise<{ id: number; code: string }> {
  const [type] = await tx.select().from(callTypes).where(eq(callTypes.id, c.typeId));
  if (!type?.enabled) throw fieldError('typeId', '所选呼叫类型不存在或已停用');
  const [station] = await tx
    .select({ id: stations.id, name: stations.name, areaId: stations.areaId })
    .from(stations)
    .where(eq(stations.id, c.stationId))
    .for('update');
  if (!station) throw fieldError('stationId', '所选工位不存在或已被删除');
  if (c.equipmentId) {
    const [e] = await tx.select({ id: equipment.id }).from(equipment).where(eq(equipment.id, c.equipmentId));
    if (!e) throw fieldError('equipmentId', '所选设备不存在或已被删除');
  }
  if (c.workOrderId) {
    const [w] = await tx
      .select({ id: produceWorkOrders.id })
      .from(produceWorkOrders)
      .where(eq(produceWorkOrders.id, c.workOrderId));
    if (!w) throw fieldError('workOrderId', '所选工单不存在或已被删除');
  }
  const [open] = await tx
    .select({ code: calls.code, status: calls.status })
    .from(calls)
    .where(and(eq(calls.stationId, c.stationId), eq(calls.typeId, c.typeId), inArray(calls.status, [0, 1])));
  if (open)
    throw conflict(
      `工位“${station.name}”已有${open.status === 0 ? '呼叫中' : '已响应未关闭'}的${type.name}呼叫“${open.code}”，请勿重复呼叫`,
    );
  const [code] = await takeCodes(tx, callEntity.name);
  const remark = c.remark?.trim() || null;
  let id: number;
  try {
    [{ id }] = await tx
      .insert(calls)
      .values({
        code,
        typeId: type.id,
        stationId: station.id,
        areaId: station.areaId,
        equipmentId: c.equipmentId ?? null,
        workOrderId: c.workOrderId ?? null,
        callerId,
        calledAt: nowOf(tx),
        remark,
      })
      .returning({ id: calls.id });
  } catch (error) {
    if (uniqueViolation(error)?.constraint === 'call_open_uq')
      throw conflict(`工位“${station.name}”已有未关闭的${type.name}呼叫，请勿重复呼叫`);
    throw error;
  }
  await writeTrail(tx, callerId, callMachine.name, id, 'add', {});
  if (notices) {
    const n = await namesOf(tx, id);
    await emitEvent(notices, 'call.made', {
      callId: id,
      code,
      typeName: n.typeName,
      stationName: n.stationName,
      areaName: n.areaName,
      ...(n.equipmentName ? { equipmentName: n.equipmentName } : {}),
      ...(remark ? { remark } : {}),
      responseMinutes: n.responseMinutes,
      receiverIds: await receiversOf(tx, type.id),
    });
  }
  return { id, code };
}

/**
 * Responds to a call (0 → 1): the caller and the others it reached (receivers, escalation levels
 * called) hear someone is on the way.
 */
export async function respondCall(
  tx: Tx,
  actor: Actor,
  input: { id: number; version?: number },
  notices: Notices,
): Promise<DocRow> {
  const row = await callActions.act(tx, await entitled(tx, actor, input.id, 'respond'), 'respond', input);
  if (notices) {
    const n = await namesOf(tx, row.id);
    const others = (await reachedOf(tx, row.id)).filter((u) => u !== row.responderId);
    await emitEvent(notices, 'call.responded', {
      callId: row.id,
      code: n.code,
      typeName: n.typeName,
      stationName: n.stationName,
      recipientIds: [...new Set([Number(row.callerId), ...others])].filter((u) => u !== row.responderId),
    });
  }
  return row;
}

/** Closes a responded call (1 → 2) with its result; the caller hears how it ended. */
export async function closeCall(
  tx: Tx,
  actor: Actor,
  input: { id: number; version?: number; result: string; isStopped?: boolean },
  notices: Notices,
): Promise<DocRow> {
  const row = await callActions.act(tx, await entitled(tx, actor, input.id, 'close'), 'close', {
    id: input.id,
    version: input.version,
    body: input,
  });
  const n = await namesOf(tx, row.id);
  // an equipment call of a type that makes repair orders becomes a fault report of its machine
  const repair =
    n.createsRepairOrder && row.equipmentId
      ? await fileFaultReport(
          tx,
          actor,
          {
            equipmentId: Number(row.equipmentId),
            phenomenon: `${String(row.remark ?? '') || String(row.result)}（来自呼叫“${n.code}”）`,
            isStopped: input.isStopped ?? false,
            callId: row.id,
          },
          notices,
        )
      : undefined;
  if (notices) {
    await emitEvent(notices, 'call.closed', {
      callId: row.id,
      code: n.code,
      typeName: n.typeName,
      stationName: n.stationName,
      result: String(row.result ?? ''),
      ...(repair ? { repairCode: repair.code } : {}),
      callerId: Number(row.callerId),
    });
  }
  return row;
}

const state = (row: DocRow) => ({ id: row.id, version: row.version, status: Number(row.status) });

/** What a station's 呼叫 dialog offers: the enabled types, the equipment, the station's open calls. */
async function optionsOf(tx: Tx, stationId: number): Promise<CallOptions> {
  const responder = sql<string | null>`(select u.name from users u where u.id = ${calls.responderId})`;
  const [types, machines, open] = [
    await tx
      .select({
        id: callTypes.id,
        code: callTypes.code,
        name: callTypes.name,
        responseMinutes: callTypes.responseMinutes,
        createsRepairOrder: callTypes.createsRepairOrder,
      })
      .from(callTypes)
      .where(eq(callTypes.enabled, true))
      .orderBy(asc(callTypes.code)),
    await tx
      .select({ id: equipment.id, code: equipment.code, name: equipment.name })
      .from(equipment)
      .orderBy(asc(equipment.code))
      .limit(1000),
    await tx
      .select({
        id: calls.id,
        code: calls.code,
        version: calls.version,
        status: calls.status,
        typeId: calls.typeId,
        typeName: callTypes.name,
        equipmentName: equipment.name,
        callerId: calls.callerId,
        callerName: users.name,
        responderName: responder,
        calledAt: sql<string>`${factoryTimeText(calls.calledAt)}`,
      })
      .from(calls)
      .innerJoin(callTypes, eq(callTypes.id, calls.typeId))
      .innerJoin(users, eq(users.id, calls.callerId))
      .leftJoin(equipment, eq(equipment.id, calls.equipmentId))
      .where(and(eq(calls.stationId, stationId), inArray(calls.status, [0, 1])))
      .orderBy(desc(calls.calledAt)),
  ];
  return { types, equipment: machines, open };
}

export const callRoutes = [
  ...call.routes,
  ...callActions.routes,
  handle(callApi.add, {
    handler: async (ctx) => makeCall(ctx.tx, ctx.session.userId, ctx.body, ctx),
  }),
  handle(callApi.options, {
    handler: async ({ tx, query }) => optionsOf(tx, query.stationId),
  }),
  handle(callApi.respond, {
    handler: async (ctx) => state(await respondCall(ctx.tx, ctx.session, ctx.body, ctx)),
  }),
  handle(callApi.close, {
    handler: async (ctx) => state(await closeCall(ctx.tx, ctx.session, ctx.body, ctx)),
  }),
];
