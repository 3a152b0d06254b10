import { PROCEDURE_IN_USE_MESSAGE } from '@factory/shared/api/errors';
import { stationApi } from '@factory/shared/api/information';
import { areaEntity, procedureEntity, stationEntity } from '@factory/shared/entities/information';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit.ts';
import { crud, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { handle } from '../../platform/route.ts';
import { organizations, users } from '../setting/index.ts';
import {
  areas,
  procedures,
  processFlowStepAreas,
  processFlowStepStations,
  processFlowSteps,
  stationProcedures,
  stations,
  userStations,
  warehouses,
} from './schema.ts';

export const area = crud({
  entity: areaEntity,
  table: areas,
  // a line belongs to a workshop (organisation level 1)
  refs: {
    organizationName: {
      id: organizations.id,
      name: organizations.name,
      code: organizations.code,
      where: eq(organizations.level, 1),
    },
  },
  usedBy: [
    { column: stations.areaId, label: '工位' },
    { column: warehouses.areaId, label: '线边仓', names: warehouses.name },
    { column: processFlowStepAreas.areaId, label: '工艺路线的工序' },
  ],
});

export const procedure = crud({
  entity: procedureEntity,
  table: procedures,
  usedBy: [
    // the spec's own refusal (spec 000 §8), which the web client hands to the screen silently
    { column: processFlowSteps.procedureId, label: '工艺路线', message: PROCEDURE_IN_USE_MESSAGE },
    { column: stationProcedures.procedureId, label: '工位' },
  ],
});

const outerStation = qualified(stations.id);

/** The procedure ids of a station's procedures must all exist in the tenant. */
async function setProcedures(tx: Tx, stationId: number, procedureIds: number[]): Promise<void> {
  const ids = [...new Set(procedureIds)];
  if (ids.length) {
    const found = await tx.select({ id: procedures.id }).from(procedures).where(inArray(procedures.id, ids));
    if (found.length !== ids.length) throw fieldError('procedureIds', '所选工序不存在或已被删除');
  }
  await tx.delete(stationProcedures).where(eq(stationProcedures.stationId, stationId));
  if (ids.length)
    await tx.insert(stationProcedures).values(ids.map((procedureId) => ({ stationId, procedureId })));
}

export const station = crud({
  entity: stationEntity,
  table: stations,
  refs: { areaName: { id: areas.id, name: areas.name, code: areas.code } },
  // ids and names in the same order (by code), so a form can label its current values
  columns: {
    procedureIds: sql<
      number[]
    >`coalesce((select array_agg(sp.procedure_id order by p.code) from station_procedure sp join procedure p on p.id = sp.procedure_id where sp.station_id = ${outerStation}), '{}')`,
    procedureNames: sql<string>`coalesce((select string_agg(p.name, '、' order by p.code) from station_procedure sp join procedure p on p.id = sp.procedure_id where sp.station_id = ${outerStation}), '')`,
  },
  usedBy: [
    { column: userStations.stationId, label: '用户' },
    { column: users.stationId, label: '用户（当前工位）' },
    { column: processFlowStepStations.stationId, label: '工艺路线的工序' },
  ],
  hooks: {
    saved: async (tx, id, body) => {
      const ids = body.procedureIds as number[] | undefined;
      if (ids) await setProcedures(tx, id, ids);
    },
  },
});

const stationRows = (tx: Tx) => tx.select(station.rowColumns).from(stations);
const procedureRow = { id: procedures.id, code: procedures.code, name: procedures.name };

export const informationRoutes = [
  ...area.routes,
  ...procedure.routes,
  ...station.routes,
  handle(stationApi.byProcedure, {
    handler: ({ tx, query }) =>
      stationRows(tx)
        .where(
          and(
            sql`exists (select 1 from station_procedure sp where sp.station_id = ${outerStation} and sp.procedure_id = ${query.procedureId})`,
            query.areaId ? eq(stations.areaId, query.areaId) : undefined,
          ),
        )
        .orderBy(asc(stations.code)),
  }),
  handle(stationApi.byUser, {
    handler: ({ tx, query }) =>
      stationRows(tx)
        .where(
          sql`exists (select 1 from user_station us where us.station_id = ${outerStation} and us.user_id = ${query.userId})`,
        )
        .orderBy(asc(stations.code)),
  }),
  handle(stationApi.procedures, {
    handler: ({ tx, query }) =>
      tx
        .select(procedureRow)
        .from(stationProcedures)
        .innerJoin(procedures, eq(procedures.id, stationProcedures.procedureId))
        .where(eq(stationProcedures.stationId, query.stationId))
        .orderBy(asc(procedures.code)),
  }),
  handle(stationApi.setProcedures, {
    handler: async ({ tx, session, body }) => {
      const [row] = await tx
        .select({ id: stations.id })
        .from(stations)
        .where(eq(stations.id, body.stationId));
      if (!row) throw notFound('工位');
      await setProcedures(tx, body.stationId, body.procedureIds);
      await audit(tx, session.userId, 'station', body.stationId, 'setProcedure', {
        procedureIds: body.procedureIds,
      });
      return true;
    },
  }),
];
