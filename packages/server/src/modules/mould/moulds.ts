import { mouldEntity, mouldHandleEntity, mouldStockEntity } from '@factory/shared/entities/mould';
import { mouldHandleType, mouldStatus } from '@factory/shared/enums';
import { mouldHandleMachine } from '@factory/shared/machines/mould';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { nowOf } from '../../platform/clock.ts';
import { crud, crudContext, detailCalls, exportCalls, listCalls, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { conflict, fieldError } from '../../platform/errors.ts';
import { lookedUp } from '../../platform/list.ts';
import { type Actor, type DocRow, machineService } from '../../platform/machine.ts';
import { equipment } from '../equipment/index.ts';
import {
  areas,
  materials,
  procedures,
  stationProcedures,
  stations,
  warehouseLocations,
} from '../information/index.ts';
import { asNumber } from '../plans/index.ts';
import { users } from '../setting/index.ts';
import { mouldHandles, mouldShots, moulds } from './schema.ts';

/** The counter as shown: shots used rounded up (the exact value is `usedShotsExact`). */
const shownShots = asNumber(sql`ceil(${qualified(moulds.usedShots)})`);

const refs = {
  locationName: { id: warehouseLocations.id, name: warehouseLocations.code, code: warehouseLocations.code },
  currentAreaName: { id: areas.id, name: areas.name, code: areas.code },
  currentEquipmentName: { id: equipment.id, name: equipment.name, code: equipment.code },
};

/** Names of the ids of an array column, in the array's order, joined by 、. */
const namesOf = (table: 'material' | 'procedure', column: 'materials_ids' | 'procedure_ids') =>
  sql<string>`coalesce((select string_agg(x.name, '、' order by k.n) from unnest(${sql.raw(`"mould"."${column}"`)}) with ordinality k(id, n)
    join ${sql.raw(table)} x on x.id = k.id), '')`;

/** Each id exists in the tenant, once; answers them without repeats. */
async function checkIds(
  tx: Tx,
  asked: unknown,
  table: typeof materials | typeof procedures,
  field: string,
  label: string,
) {
  if (asked === undefined || asked === null) return undefined;
  const ids = [...new Set(asked as number[])];
  if (ids.length) {
    const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids));
    if (found.length !== ids.length) throw fieldError(field, `所选${label}不存在或已被删除`);
  }
  return ids;
}

/**
 * 模具定义: the declared calls. A mould is made pending stock-in (0); its status, line and
 * equipment move only through its handling documents and its counter only through report work.
 * Its design life is set before it is stocked in; afterwards only a repair back extends it.
 * Scrapped moulds are kept unchanged; a mould is deleted only while nothing was done with it.
 */
export const mould = crud({
  entity: mouldEntity,
  table: moulds,
  refs,
  columns: {
    usedShots: shownShots,
    usedShotsExact: sql<string>`trim_scale(${qualified(moulds.usedShots)})::text`,
    materialsIds: moulds.materialsIds,
    procedureIds: moulds.procedureIds,
    materialsNames: namesOf('material', 'materials_ids'),
    procedureNames: namesOf('procedure', 'procedure_ids'),
  },
  usedBy: [
    { column: mouldHandles.mouldId, label: '模具处理单' },
    { column: mouldShots.mouldId, label: '模具模次记录' },
  ],
  hooks: {
    async validate(tx, values, id, body) {
      await checkIds(tx, body.materialsIds, materials, 'materialsIds', '适用产品');
      await checkIds(tx, body.procedureIds, procedures, 'procedureIds', '适用工序');
      if (id === null) return;
      const [row] = await tx
        .select({
          code: moulds.code,
          status: moulds.status,
          designLife: moulds.designLife,
          cavities: moulds.cavities,
          shot: sql<boolean>`exists (select 1 from ${mouldShots} s where s.mould_id = ${qualified(moulds.id)})`,
        })
        .from(moulds)
        .where(eq(moulds.id, id));
      if (!row) return;
      if (row.status === 4) throw conflict(`模具“${row.code}”已报废，不能修改`);
      // the counter is Σ quantity ÷ cavities over its reports (shots.ts): fixed once counted
      if (row.shot && values.cavities !== undefined && Number(values.cavities) !== row.cavities)
        throw fieldError('cavities', `模具“${row.code}”已有报工模次，不能修改穴数`);
      if (row.status !== 0 && values.designLife !== undefined && Number(values.designLife) !== row.designLife)
        throw fieldError('designLife', `模具“${row.code}”已入库，设计寿命只能通过修复处理单延长`);
    },
    async saved(tx, id, body, isNew, actorId) {
      const materialsIds = await checkIds(tx, body.materialsIds, materials, 'materialsIds', '适用产品');
      const procedureIds = await checkIds(tx, body.procedureIds, procedures, 'procedureIds', '适用工序');
      await tx
        .update(moulds)
        .set({
          ...(materialsIds ? { materialsIds } : {}),
          ...(procedureIds ? { procedureIds } : {}),
          ...(isNew ? { createdBy: actorId } : {}),
        })
        .where(eq(moulds.id, id));
    },
    async removing(tx, id) {
      const [row] = await tx
        .select({ code: moulds.code, status: moulds.status })
        .from(moulds)
        .where(eq(moulds.id, id));
      if (row && row.status !== 0)
        throw conflict(`模具“${row.code}”${mouldStatus.label(row.status, '')}，不能删除`);
    },
  },
});

/** Where a mould is, in words: its location in stock, its line and equipment when lent. */
const place = sql<string>`case ${qualified(moulds.status)}
  when 0 then '待入库'
  when 1 then '在库' || coalesce(' ' || (select l.code from ${warehouseLocations} l where l.id = ${qualified(moulds.locationId)}), '')
  when 2 then '借出：' || coalesce((select a.name from ${areas} a where a.id = ${qualified(moulds.currentAreaId)}), '')
    || coalesce(' / ' || (select e.name from ${equipment} e where e.id = ${qualified(moulds.currentEquipmentId)}), '')
  when 3 then '维修中'
  else '已报废' end`;

const stockContext = crudContext({
  entity: mouldStockEntity,
  table: moulds,
  refs,
  columns: {
    place,
    usedShots: shownShots,
    remainingShots: asNumber(
      sql`greatest(0, ${qualified(moulds.designLife)} - ceil(${qualified(moulds.usedShots)}))`,
    ),
    usedPct: asNumber(
      sql`round(${qualified(moulds.usedShots)} * 100 / greatest(${qualified(moulds.designLife)}, 1), 1)`,
    ),
  },
});

/** 模具库存: each mould's place and counter (list, detail, export). */
export const mouldStockRoutes = [
  ...listCalls(stockContext).routes,
  ...detailCalls(stockContext).routes,
  ...exportCalls(stockContext).routes,
];

type MouldRow = typeof moulds.$inferSelect;

const handleLabel = (type: number) => mouldHandleType.label(type, String(type));

/** The mould of a document, locked while its move is checked and applied. */
async function lockMould(tx: Tx, id: number): Promise<MouldRow> {
  const [row] = await tx.select().from(moulds).where(eq(moulds.id, id)).for('update');
  if (!row) throw fieldError('mouldId', '所选模具不存在或已被删除');
  return row;
}

/** The statuses a move may start from (DOMAIN "Moulds"). */
const FROM: Record<number, readonly number[]> = { 0: [0], 1: [1], 2: [2], 3: [1, 2], 4: [3], 5: [1, 3] };

/**
 * Whether the move fits the mould now, saying why not: its status, and for lending the counter
 * below its design life and a line with a station doing one of its procedures (when it has any).
 */
async function checkMove(
  tx: Tx,
  m: MouldRow,
  d: { handleType: number; areaId: number | null; equipmentId: number | null },
) {
  const what = handleLabel(d.handleType);
  if (!FROM[d.handleType]?.includes(m.status))
    throw conflict(`模具“${m.code}”${mouldStatus.label(m.status, '')}，不能${what}`);
  if (d.handleType !== 1) return;
  if (!d.areaId) throw fieldError('areaId', '请选择借用产线');
  if (Number(m.usedShots) >= m.designLife)
    throw conflict(
      `模具“${m.code}”已用模次 ${Math.ceil(Number(m.usedShots))} 已达设计寿命 ${m.designLife}，不能借用，请先送修或报废`,
    );
  if (m.procedureIds.length) {
    const [served] = await tx
      .select({ id: stations.id })
      .from(stations)
      .innerJoin(stationProcedures, eq(stationProcedures.stationId, stations.id))
      .where(and(eq(stations.areaId, d.areaId), inArray(stationProcedures.procedureId, m.procedureIds)))
      .limit(1);
    if (!served) {
      const [area] = await tx.select({ name: areas.name }).from(areas).where(eq(areas.id, d.areaId));
      throw fieldError('areaId', `产线“${area?.name ?? ''}”没有可做模具“${m.code}”适用工序的工位，不能借用`);
    }
  }
}

/** A document is edited and deleted only while not submitted, or after a rejection. */
async function refuseUnlessOpen(tx: Tx, id: number, what: string) {
  const [row] = await tx
    .select({ code: mouldHandles.code, auditStatus: mouldHandles.auditStatus })
    .from(mouldHandles)
    .where(eq(mouldHandles.id, id));
  if (row && row.auditStatus !== -1 && row.auditStatus !== 2)
    throw conflict(`模具处理单“${row.code}”${row.auditStatus === 0 ? '待审核' : '已通过'}，不能${what}`);
}

/** 模具处理单: the declared calls; the move is checked on save, submit and approve. */
export const mouldHandle = crud({
  entity: mouldHandleEntity,
  table: mouldHandles,
  document: { number: mouldHandles.code },
  refs: {
    mouldName: { id: moulds.id, name: moulds.name, code: moulds.code },
    areaName: { id: areas.id, name: areas.name, code: areas.code },
    equipmentName: { id: equipment.id, name: equipment.name, code: equipment.code },
    userName: { id: users.id, name: users.name, code: users.userName },
    auditorName: { id: users.id, name: users.name, code: users.userName },
  },
  columns: {
    version: mouldHandles.version,
    mouldCode: lookedUp(mouldHandles.mouldId, moulds.code),
    mouldStatus:
      sql<number>`(select m.status from ${moulds} m where m.id = ${qualified(mouldHandles.mouldId)})`.mapWith(
        Number,
      ),
    shotsAt: asNumber(sql`ceil(${qualified(mouldHandles.shotsAt)})`),
  },
  idFilters: { mouldId: mouldHandles.mouldId },
  hooks: {
    async validate(tx, asked, id) {
      let values = asked;
      if (id !== null) {
        await refuseUnlessOpen(tx, id, '修改');
        const [stored] = await tx.select().from(mouldHandles).where(eq(mouldHandles.id, id));
        values = {
          ...stored,
          ...Object.fromEntries(Object.entries(asked).filter(([, v]) => v !== undefined)),
        };
      }
      const handleType = Number(values.handleType);
      if (handleType !== 1 && (values.areaId || values.equipmentId))
        throw fieldError('areaId', `${handleLabel(handleType)}不选择产线和设备，只有借用需要`);
      if (handleType !== 4 && values.lifeExtension)
        throw fieldError('lifeExtension', '只有修复处理单可以延长寿命');
      const m = await lockMould(tx, Number(values.mouldId));
      await checkMove(tx, m, {
        handleType,
        areaId: (values.areaId as number | null) ?? null,
        equipmentId: (values.equipmentId as number | null) ?? null,
      });
    },
    async saved(tx, id, _body, isNew, actorId) {
      if (!isNew) return;
      await tx
        .update(mouldHandles)
        .set({ createdBy: actorId, userId: sql`coalesce(${mouldHandles.userId}, ${actorId}::int)` })
        .where(eq(mouldHandles.id, id));
    },
    removing: (tx, id) => refuseUnlessOpen(tx, id, '删除'),
  },
});

const actorIdOf = (actor: Actor) => (actor === 'system' ? null : actor.userId);

const docOf = (row: DocRow) => ({
  handleType: Number(row.handleType),
  areaId: (row.areaId as number | null) ?? null,
  equipmentId: (row.equipmentId as number | null) ?? null,
});

/**
 * Passing a document moves its mould (DOMAIN "Moulds"): stock-in 0 → 1; lend 1 → 2 onto the line
 * and equipment; return 2 → 1; repair out 1/2 → 3; repair back 3 → 1, the life extension added
 * (and the notices due again once the counter is below the new thresholds); scrap 1/3 → 4.
 * The document keeps the counter it passed at.
 */
async function applyMove(tx: Tx, row: DocRow, actor: Actor) {
  const m = await lockMould(tx, Number(row.mouldId));
  const d = docOf(row);
  await checkMove(tx, m, d);
  const next: Partial<MouldRow> = { updatedAt: nowOf(tx) };
  switch (d.handleType) {
    case 0:
    case 2:
      next.status = 1;
      next.currentAreaId = null;
      next.currentEquipmentId = null;
      break;
    case 1:
      next.status = 2;
      next.currentAreaId = d.areaId;
      next.currentEquipmentId = d.equipmentId;
      break;
    case 3:
      next.status = 3;
      next.currentAreaId = null;
      next.currentEquipmentId = null;
      break;
    case 4: {
      next.status = 1;
      const extension = Number(row.lifeExtension ?? 0);
      if (extension > 0) {
        const life = m.designLife + extension;
        next.designLife = life;
        const used = Number(m.usedShots);
        if (used < life) next.lifeEndNotifiedAt = null;
        if (used < (life * m.warnPct) / 100) next.warnedAt = null;
      }
      break;
    }
    case 5:
      next.status = 4;
      next.currentAreaId = null;
      next.currentEquipmentId = null;
      break;
  }
  await tx.update(moulds).set(next).where(eq(moulds.id, m.id));
  return { shotsAt: m.usedShots, auditedBy: actorIdOf(actor), auditedAt: nowOf(tx), rejectReason: null };
}

/** The document's audit (mouldHandleMachine) with its guards and the move it applies. */
export const mouldHandleActions = machineService({
  machine: mouldHandleMachine,
  table: mouldHandles,
  number: mouldHandles.code,
  hooks: {
    submit: {
      async guard(tx, row) {
        await checkMove(tx, await lockMould(tx, Number(row.mouldId)), docOf(row));
      },
    },
    approve: { effect: (tx, row, _input, actor) => applyMove(tx, row, actor) },
    reject: {
      effect: async (tx, _row, input, actor) => ({
        rejectReason: input.reason?.trim() ?? null,
        auditedBy: actorIdOf(actor),
        auditedAt: nowOf(tx),
      }),
    },
  },
});
