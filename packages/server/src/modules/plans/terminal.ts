import { type StationTask, workOrderApi } from '@factory/shared/api/workOrder';
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { factoryTimeText } from '../../platform/factoryTime.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { areas, materials, stations, units } from '../information/index.ts';
import { asNumber } from './common.ts';
import { produceOrders, produceTaskStations, produceTasks, produceWorkOrders } from './schema.ts';
import { taskColumns } from './tasks.ts';

const wo = produceWorkOrders;

/**
 * The station terminal's queue (DOMAIN "Station terminal"): the tasks the station may run, of
 * work orders pending or in progress — only those distributed to it once the work order is
 * distributed — not yet completed, by planned start, priority (most urgent first), number.
 */
async function stationTasks(tx: Tx, stationId: number, search: string | undefined): Promise<StationTask[]> {
  const text = search?.trim();
  const rows = await tx
    .select({
      ...taskColumns,
      workOrderCode: wo.code,
      workOrderStatus: wo.status,
      workOrderVersion: wo.version,
      isPaused: wo.isPaused,
      produceOrderNumber: sql<
        string | null
      >`(select o.code from ${produceOrders} o where o.id = ${qualified(wo.orderId)})`,
      materialsName: materials.name,
      materialsCode: materials.code,
      materialsSpecifications: materials.specifications,
      unitName: units.name,
      workOrderQuantity: asNumber(wo.quantity),
      priority: wo.priority,
      planStartTime: factoryTimeText(qualified(wo.planStartTime)),
      planEndTime: factoryTimeText(qualified(wo.planEndTime)),
      previousProcedureName: sql<
        string | null
      >`(select p.name from ${produceTasks} pt join procedure p on p.id = pt.procedure_id
        where pt.work_order_id = ${qualified(produceTasks.workOrderId)} and pt.seq < ${qualified(produceTasks.seq)} order by pt.seq desc limit 1)`,
    })
    .from(produceTasks)
    .innerJoin(wo, eq(wo.id, produceTasks.workOrderId))
    .innerJoin(
      produceTaskStations,
      and(eq(produceTaskStations.taskId, produceTasks.id), eq(produceTaskStations.stationId, stationId)),
    )
    .innerJoin(materials, eq(materials.id, wo.materialsId))
    .leftJoin(units, eq(units.id, materials.mainUnitId))
    .where(
      and(
        inArray(wo.status, [0, 1]),
        inArray(produceTasks.status, [0, 1]),
        or(eq(wo.isDistributed, 0), eq(produceTaskStations.distributed, true)),
        text ? or(eq(wo.code, text), ilike(wo.code, `%${text.replace(/[\\%_]/g, '\\$&')}%`)) : undefined,
      ),
    )
    .orderBy(sql`${wo.planStartTime} asc nulls last`, desc(wo.priority), asc(wo.code), asc(produceTasks.seq));
  return rows as StationTask[];
}

export const terminalRoutes: RouteDef[] = [
  handle(workOrderApi.stationTasks, {
    handler: async ({ tx, session, query }) => {
      const stationId = query.stationId ?? session.stationId;
      if (!stationId) return { station: null, tasks: [] };
      const [station] = await tx
        .select({ id: stations.id, name: stations.name, areaName: areas.name })
        .from(stations)
        .leftJoin(areas, eq(areas.id, stations.areaId))
        .where(eq(stations.id, stationId));
      if (!station) return { station: null, tasks: [] };
      return { station, tasks: await stationTasks(tx, stationId, query.search) };
    },
  }),
];
