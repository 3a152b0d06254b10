import type { SparePartLine } from '@factory/shared/api/equipmentRepair';
import { type PartUsageRow, sparePartApi } from '@factory/shared/api/sparePart';
import { partApplyEntity, sparePartEntity } from '@factory/shared/entities/sparePart';
import { formatFactoryTime } from '@factory/shared/factoryTime';
import { partApplyMachine } from '@factory/shared/machines/equipment';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError, forbidden } from '../../platform/errors.ts';
import { lookedUp } from '../../platform/list.ts';
import { type Actor, type DocRow, machineService } from '../../platform/machine.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { equipmentClasses, material, materials, units, warehouses } from '../information/index.ts';
import { productColumns } from '../plans/index.ts';
import { users } from '../setting/index.ts';
import { balances, bookingType, ids, postNow, stockBalances, stockDocs } from '../warehouse/index.ts';
import { equipment } from './registerSchema.ts';
import { equipmentRepairs, sparePartUsages } from './repairSchema.ts';
import { partApplicationLines, partApplications, spareParts } from './sparePartSchema.ts';
import { checkTasks } from './taskSchema.ts';

/** A nullable numeric as a JavaScript number (a limit not set stays null). */
const maybeNumber = (value: SQL) => value.mapWith((v) => (v === null ? null : Number(v)));

/** A material registered in the spare-part account (备件台账). */
const isSparePart = (materialsId: SQL | typeof materials.id) =>
  sql`exists (select 1 from ${spareParts} s where s.materials_id = ${materialsId})`;

/** The spare warehouses (备件仓) that are in service: where parts are kept and issued from. */
export const spareWarehouse = and(eq(warehouses.kind, 0), eq(warehouses.isSpare, true));

/** Registered spare parts among `materialIds`, with their names (for messages). */
export async function registered(tx: Tx, materialIds: number[]) {
  if (!materialIds.length) return new Map<number, { name: string; spare: boolean }>();
  const rows = await tx
    .select({ id: materials.id, name: materials.name, spare: spareParts.id })
    .from(materials)
    .leftJoin(spareParts, eq(spareParts.materialsId, materials.id))
    .where(inArray(materials.id, materialIds));
  return new Map(rows.map((r) => [r.id, { name: r.name, spare: r.spare !== null }]));
}

/** A warehouse a spare bill may name: a 备件仓 in service, else why not. */
export function spareWarehouseProblem(
  w: { name: string; kind: number; isSpare: boolean; enabled: boolean } | undefined,
) {
  if (w?.kind !== 0) return '所选仓库不存在或已被删除';
  if (!w.isSpare) return `仓库“${w.name}”不是备件仓`;
  if (!w.enabled) return `仓库“${w.name}”已停用`;
  return undefined;
}

export const notSpare = (name: string) => `物料“${name}”不是备件，请先在备件台账中登记`;

/** A material a line of spare parts may name: a registered part, else why not. */
export function partProblem(part: { name: string; spare: boolean } | undefined) {
  if (!part) return '所选备件不存在或已被删除';
  return part.spare ? undefined : notSpare(part.name);
}

/**
 * 备件台账: which materials are spare parts (once each), the class they serve, their cycle; the
 * safety stock and upper limit are the material's own limits, edited here or on the material.
 */
export const sparePart = crud({
  entity: sparePartEntity,
  table: spareParts,
  refs: {
    materialsName: {
      id: materials.id,
      name: materials.name,
      code: materials.code,
      where: eq(materials.isVirtual, false),
    },
    equipmentClassName: {
      id: equipmentClasses.id,
      name: equipmentClasses.name,
      code: equipmentClasses.code,
    },
  },
  columns: {
    materialsId: spareParts.materialsId,
    ...productColumns(spareParts.materialsId),
    lowerLimit: maybeNumber(lookedUp(spareParts.materialsId, materials.lowerLimit)),
    upperLimit: maybeNumber(lookedUp(spareParts.materialsId, materials.upperLimit)),
    stockQuantity: maybeNumber(sql`coalesce((select sum(b.on_hand) from ${stockBalances} b
      join ${warehouses} w on w.id = b.warehouse_id
      where b.materials_id = ${qualified(spareParts.materialsId)} and w.is_spare), 0)`),
    usedQuantity: maybeNumber(sql`coalesce((select sum(u.quantity) from ${sparePartUsages} u
      where u.materials_id = ${qualified(spareParts.materialsId)}), 0)`),
  },
  hooks: {
    checkRow(row) {
      const lower = row.lowerLimit as number | null | undefined;
      const upper = row.upperLimit as number | null | undefined;
      return lower != null && upper != null && Number(lower) > Number(upper)
        ? [{ field: 'upperLimit', message: '库存上限不能小于安全库存' }]
        : [];
    },
    async validate(tx, values, id) {
      if (values.materialsId === undefined) return;
      const [other] = await tx
        .select({ id: spareParts.id, name: materials.name })
        .from(spareParts)
        .innerJoin(materials, eq(materials.id, spareParts.materialsId))
        .where(eq(spareParts.materialsId, Number(values.materialsId)));
      if (other && other.id !== id)
        throw fieldError('materialsId', `物料“${other.name}”已登记为备件，不能重复登记`);
    },
    // the limits are the material's: written there, so the inventory warning and MRP see them too
    async saved(tx, id, body) {
      const limits: Record<string, string | null> = {};
      for (const key of ['lowerLimit', 'upperLimit'] as const)
        if (Object.hasOwn(body, key)) limits[key] = body[key] == null ? null : String(body[key]);
      if (!Object.keys(limits).length) return;
      await tx
        .update(materials)
        .set(limits)
        .where(eq(materials.id, sql`(select s.materials_id from ${spareParts} s where s.id = ${id})`));
    },
  },
});

export interface SpareSource {
  /** sparePartSource: 0 a repair order, 1 an upkeep task. */
  sourceType: 0 | 1;
  id: number;
  code: string;
  equipmentId: number;
}

/**
 * Lines of spare parts are registered parts in spare warehouses in service, each refused with its
 * row named (`key` is the body's list: parts, lines).
 */
async function checkSpareLines(
  tx: Tx,
  lines: readonly { materialsId: number; warehouseId: number }[],
  key: string,
) {
  const [places, parts] = await Promise.all([
    tx
      .select({
        id: warehouses.id,
        name: warehouses.name,
        kind: warehouses.kind,
        isSpare: warehouses.isSpare,
        enabled: warehouses.enabled,
      })
      .from(warehouses)
      .where(inArray(warehouses.id, [...new Set(lines.map((l) => l.warehouseId))])),
    registered(tx, [...new Set(lines.map((l) => l.materialsId))]),
  ]);
  for (const [i, l] of lines.entries()) {
    const row = `第${i + 1}行`;
    const wrongPart = partProblem(parts.get(l.materialsId));
    if (wrongPart) throw fieldError(`${key}.${i}.materialsId`, `${row}${wrongPart}`);
    const why = spareWarehouseProblem(places.find((p) => p.id === l.warehouseId));
    if (why) throw fieldError(`${key}.${i}.warehouseId`, `${row}${why}`);
  }
}

/**
 * Spare parts leave stock for a machine: one 其他出库 (备件领用) per warehouse, posted at once and
 * marked made for equipment (stock source 9, so a keeper cannot 冲销 it alone), each line kept as
 * a usage of the machine with its source. Stock short refuses the whole step with the ledger's
 * words. Answers the first stock-out posted.
 */
export async function issueSpareParts(
  tx: Tx,
  actorId: number | null,
  source: SpareSource,
  parts: readonly SparePartLine[],
  key = 'parts',
): Promise<number | null> {
  if (!parts.length) return null;
  if (actorId === null) throw conflict('领用备件须由用户操作');
  await checkSpareLines(tx, parts, key);
  const [machine] = await tx
    .select({ classId: equipment.classId })
    .from(equipment)
    .where(eq(equipment.id, source.equipmentId));
  const stockTypeId = await bookingType(tx, 1, 2);
  const usedAt = nowOf(tx);
  const what = `${source.sourceType === 0 ? '维修工单' : '保养工单'} ${source.code} 备件领用`;
  let first: number | null = null;
  for (const warehouseId of [...new Set(parts.map((p) => p.warehouseId))]) {
    const lines = parts.filter((p) => p.warehouseId === warehouseId);
    const docId = await postNow(
      tx,
      actorId,
      {
        kind: 1,
        stockTypeId,
        warehouseId,
        sourceNumber: source.code,
        remark: what,
        lines: lines.map((p) => ({
          materialsId: p.materialsId,
          batchCode: p.batchCode?.trim() || null,
          quantity: p.quantity,
          remark: '备件领用',
        })),
      },
      9,
    );
    first ??= docId;
    await tx.insert(sparePartUsages).values(
      lines.map((p) => ({
        materialsId: p.materialsId,
        warehouseId,
        quantity: String(p.quantity),
        sourceType: source.sourceType,
        sourceId: source.id,
        equipmentId: source.equipmentId,
        equipmentClassId: machine?.classId ?? null,
        stockDocId: docId,
        usedAt,
      })),
    );
  }
  return first;
}

/** Repairs parts are asked for: dispatched, taken or being repaired. */
const REPAIR_OPEN = [2, 3, 4];
/** Upkeep tasks parts are asked for: pending or in progress. */
const TASK_OPEN = [1, 2];

/** The repair order or upkeep task an application names by its number, while it may take parts. */
async function sourceOf(tx: Tx, sourceType: number, code: string): Promise<SpareSource> {
  if (sourceType === 0) {
    const [r] = await tx
      .select({
        id: equipmentRepairs.id,
        status: equipmentRepairs.status,
        equipmentId: equipmentRepairs.equipmentId,
      })
      .from(equipmentRepairs)
      .where(eq(equipmentRepairs.code, code));
    if (!r) throw fieldError('sourceCode', `维修工单“${code}”不存在`);
    if (!REPAIR_OPEN.includes(r.status))
      throw fieldError('sourceCode', `维修工单“${code}”不在维修中，不能申请备件`);
    return { sourceType: 0, id: r.id, code, equipmentId: r.equipmentId };
  }
  const [t] = await tx
    .select({
      id: checkTasks.id,
      kind: checkTasks.kind,
      status: checkTasks.status,
      equipmentId: checkTasks.equipmentId,
    })
    .from(checkTasks)
    .where(eq(checkTasks.code, code));
  if (t?.kind !== 2) throw fieldError('sourceCode', `保养工单“${code}”不存在`);
  if (!TASK_OPEN.includes(t.status)) throw fieldError('sourceCode', `保养工单“${code}”已结束，不能申请备件`);
  return { sourceType: 1, id: t.id, code, equipmentId: t.equipmentId };
}

/** An application is edited and deleted only while not submitted or rejected. */
async function refuseUnlessOpen(tx: Tx, id: number, what: string) {
  const [row] = await tx
    .select({ code: partApplications.code, auditStatus: partApplications.auditStatus })
    .from(partApplications)
    .where(eq(partApplications.id, id));
  if (!row || row.auditStatus === -1 || row.auditStatus === 2) return;
  const state = partApplyMachine.states.auditStatus.enum.label(row.auditStatus, '');
  throw conflict(`备件申请“${row.code}”${state}，不能${what}${row.auditStatus === 0 ? '，请先撤回' : ''}`);
}

const named = { id: users.id, name: users.name, code: users.userName };

/**
 * 备件申请: parts for one repair order or upkeep task (the machine follows from it), saved not
 * submitted; its audit and issue are `partApplyActions`.
 */
export const partApply = crud({
  entity: partApplyEntity,
  table: partApplications,
  document: { number: partApplications.code },
  refs: {
    equipmentName: { id: equipment.id, name: equipment.name, code: equipment.code },
    applicantName: named,
    approverName: named,
    issuerName: named,
  },
  columns: {
    version: partApplications.version,
    applicantId: partApplications.applicantId,
    sourceId: partApplications.sourceId,
    stockDocId: partApplications.stockDocId,
    equipmentCode: lookedUp(partApplications.equipmentId, equipment.code),
    stockDocCode: lookedUp(partApplications.stockDocId, stockDocs.code),
  },
  idFilters: { equipmentId: partApplications.equipmentId, sourceId: partApplications.sourceId },
  lines: {
    table: partApplicationLines,
    docId: partApplicationLines.applicationId,
    refs: {
      materialsName: {
        id: materials.id,
        name: materials.name,
        code: materials.code,
        where: isSparePart(materials.id),
      },
      warehouseName: {
        id: warehouses.id,
        name: warehouses.name,
        code: warehouses.code,
        where: spareWarehouse,
      },
    },
    columns: productColumns(partApplicationLines.materialsId),
  },
  hooks: {
    async validate(tx, values, id, body) {
      if (id !== null) await refuseUnlessOpen(tx, id, '修改');
      const [stored] =
        id === null
          ? []
          : await tx
              .select({ sourceType: partApplications.sourceType, sourceCode: partApplications.sourceCode })
              .from(partApplications)
              .where(eq(partApplications.id, id));
      const sourceType = Number(values.sourceType ?? stored?.sourceType);
      const code = String(values.sourceCode ?? stored?.sourceCode ?? '').trim();
      if (values.sourceType !== undefined || values.sourceCode !== undefined) {
        const source = await sourceOf(tx, sourceType, code);
        Object.assign(values, { sourceId: source.id, sourceCode: code, equipmentId: source.equipmentId });
      }
      const lines = Array.isArray(body.lines)
        ? (body.lines as { materialsId?: unknown; warehouseId?: unknown }[])
        : [];
      const seen = new Set<string>();
      for (const [i, l] of lines.entries()) {
        const key = `${String(l.materialsId)}@${String(l.warehouseId)}`;
        if (seen.has(key))
          throw fieldError(`lines.${i}.materialsId`, `第${i + 1}行备件与前面的行重复（同一仓库）`);
        seen.add(key);
      }
    },
    async saved(tx, id, _body, isNew, actorId) {
      await tx
        .update(partApplications)
        .set({
          lineCount: sql`(select count(*)::int from ${partApplicationLines} l where l.application_id = ${id})`,
          ...(isNew ? { applicantId: actorId } : {}),
        })
        .where(eq(partApplications.id, id));
    },
    removing: (tx, id) => refuseUnlessOpen(tx, id, '删除'),
  },
});

const actorIdOf = (actor: Actor) => (actor === 'system' ? null : actor.userId);

/** The application's lines as the issue takes them. */
const linesOf = (tx: Tx, id: number) =>
  tx
    .select({
      materialsId: partApplicationLines.materialsId,
      warehouseId: partApplicationLines.warehouseId,
      quantity: partApplicationLines.quantity,
    })
    .from(partApplicationLines)
    .where(eq(partApplicationLines.applicationId, id))
    .orderBy(partApplicationLines.lineNo);

/**
 * The application's audit and issue (partApplyMachine): who passed or rejected it and when; 发放
 * takes its lines out of stock for its machine, first in first out, in the same transaction.
 */
export const partApplyActions = machineService({
  machine: partApplyMachine,
  table: partApplications,
  number: partApplications.code,
  hooks: {
    withdraw: {
      async guard(_tx, row, _input, actor) {
        if (actor !== 'system' && row.applicantId !== actor.userId)
          throw forbidden(`备件申请“${String(row.code)}”只能由申请人撤回`);
      },
    },
    submit: {
      // the source may have closed while it was being written
      guard: async (tx, row) => {
        await sourceOf(tx, Number(row.sourceType), String(row.sourceCode));
      },
    },
    approve: {
      effect: async (tx, _row, _input, actor) => ({ approvedBy: actorIdOf(actor), approvedAt: nowOf(tx) }),
    },
    reject: {
      effect: async (tx, _row, input, actor) => ({
        approvedBy: actorIdOf(actor),
        approvedAt: nowOf(tx),
        rejectReason: input.reason?.trim() ?? null,
      }),
    },
    issue: {
      effect: async (tx, row: DocRow, _input, actor) => {
        const lines = await linesOf(tx, row.id);
        const stockDocId = await issueSpareParts(
          tx,
          actorIdOf(actor),
          {
            sourceType: Number(row.sourceType) as 0 | 1,
            id: Number(row.sourceId),
            code: String(row.sourceCode),
            equipmentId: Number(row.equipmentId),
          },
          lines.map((l) => ({ ...l, quantity: Number(l.quantity) })),
          'lines',
        );
        return { issuedBy: actorIdOf(actor), issuedAt: nowOf(tx), stockDocId };
      },
    },
  },
});

/** Which parts went where, newest first: by part, machine or source (spare_part_usage). */
async function usages(
  tx: Tx,
  q: { materialsId?: number; equipmentId?: number; sourceType?: number; sourceId?: number },
): Promise<PartUsageRow[]> {
  const where = and(
    q.materialsId ? eq(sparePartUsages.materialsId, q.materialsId) : undefined,
    q.equipmentId ? eq(sparePartUsages.equipmentId, q.equipmentId) : undefined,
    q.sourceType !== undefined ? eq(sparePartUsages.sourceType, q.sourceType) : undefined,
    q.sourceId ? eq(sparePartUsages.sourceId, q.sourceId) : undefined,
  );
  const rows = await tx
    .select({
      id: sparePartUsages.id,
      materialsId: sparePartUsages.materialsId,
      materialsCode: materials.code,
      materialsName: materials.name,
      specification: materials.specifications,
      unitName: units.name,
      warehouseName: warehouses.name,
      quantity: sparePartUsages.quantity,
      sourceType: sparePartUsages.sourceType,
      sourceId: sparePartUsages.sourceId,
      sourceCode: sql<string>`coalesce(case ${sparePartUsages.sourceType}
        when 0 then (select r.code from ${equipmentRepairs} r where r.id = ${sparePartUsages.sourceId})
        else (select t.code from ${checkTasks} t where t.id = ${sparePartUsages.sourceId}) end, '')`,
      equipmentId: sparePartUsages.equipmentId,
      equipmentCode: equipment.code,
      equipmentName: equipment.name,
      stockDocId: sparePartUsages.stockDocId,
      stockDocCode: stockDocs.code,
      usedAt: sparePartUsages.usedAt,
    })
    .from(sparePartUsages)
    .innerJoin(materials, eq(materials.id, sparePartUsages.materialsId))
    .leftJoin(units, eq(units.id, materials.mainUnitId))
    .innerJoin(warehouses, eq(warehouses.id, sparePartUsages.warehouseId))
    .innerJoin(equipment, eq(equipment.id, sparePartUsages.equipmentId))
    .innerJoin(stockDocs, eq(stockDocs.id, sparePartUsages.stockDocId))
    .where(where)
    .orderBy(desc(sparePartUsages.usedAt), desc(sparePartUsages.id))
    .limit(500);
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity), usedAt: formatFactoryTime(r.usedAt) }));
}

export const sparePartRoutes: RouteDef[] = [
  ...sparePart.routes,
  ...partApply.routes,
  ...partApplyActions.routes,
  handle(sparePartApi.materials, {
    handler: ({ tx, query }) => material.select(tx, query, isSparePart(qualified(materials.id))),
  }),
  handle(sparePartApi.usages, { handler: ({ tx, query }) => usages(tx, query) }),
  handle(sparePartApi.balances, {
    // the warehouse's balances narrowed to the spare warehouses (of those asked for)
    handler: async ({ tx, query }) => {
      const asked = ids(query.warehouseIdStr);
      const spare = (await tx.select({ id: warehouses.id }).from(warehouses).where(spareWarehouse))
        .map((w) => w.id)
        .filter((id) => !asked.length || asked.includes(id));
      return spare.length ? balances(tx, { ...query, warehouseIdStr: spare.join(',') }) : [];
    },
  }),
];
