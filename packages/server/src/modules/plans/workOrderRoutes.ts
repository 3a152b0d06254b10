import { workOrderApi } from '@factory/shared/api/workOrder';
import { workOrderEntity } from '@factory/shared/entities/workOrder';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { crudContext, detailCalls, exportCalls, listCalls, qualified } from '../../platform/crud.ts';
import type { Tx } from '../../platform/db.ts';
import { emitEvent } from '../../platform/events/bus.ts';
import { factoryTimeText } from '../../platform/factoryTime.ts';
import { lookedUp } from '../../platform/list.ts';
import { handle, type RouteDef } from '../../platform/route.ts';
import { areas, materials, procedures, stations, units } from '../information/index.ts';
import { users } from '../setting/index.ts';
import { asNumber, productColumns } from './common.ts';
import { pieceRateRoutes } from './pieceRates.ts';
import { reportRoutes } from './reports.ts';
import { produceOrders, producePlans, produceTasks, produceTaskUsers, produceWorkOrders } from './schema.ts';
import { produceTaskActions, taskRow, taskRows } from './tasks.ts';
import { terminalRoutes } from './terminal.ts';
import { splitResults, workOrderActions } from './workOrders.ts';

const wo = produceWorkOrders;
const W = qualified(wo.id);

/** A value of the work order's current task: the first step not completed (DOMAIN progress row). */
const current = (expr: string) =>
  sql.raw(
    `(select ${expr} from produce_task t where t.work_order_id = "produce_work_order"."id" and t.status in (0, 1) order by t.seq limit 1)`,
  );

/** Whole minutes between two instants, as SQL. */
const minutesBetween = (from: string, to: string) => `floor(extract(epoch from (${to}) - (${from})) / 60)`;

/**
 * The work-order progress row (DOMAIN "Work-order progress row"), each column a correlated
 * look-up so the list contract filters and sorts on it like on a column.
 */
const progressColumns = {
  ...productColumns(wo.materialsId),
  produceOrderNumber: lookedUp(wo.orderId, produceOrders.code),
  planNumber: lookedUp(wo.planId, producePlans.code),
  originWorkOrderNumber: lookedUp(wo.originWorkOrderId, wo.code),
  reportWorkQuantity: asNumber(qualified(wo.completedQuantity)),
  repairQuantity: asNumber(
    sql`(select coalesce(sum(t.repair_quantity), 0) from ${produceTasks} t where t.work_order_id = ${W})`,
  ),
  finishRatio: asNumber(
    sql`round(${qualified(wo.completedQuantity)} / nullif(${qualified(wo.quantity)}, 0), 4)`,
  ),
  procedure: sql<string | null>`${current(`(select p.name from procedure p where p.id = t.procedure_id)`)}`,
  procedureRatio: asNumber(current(`round(t.good_quantity / nullif("produce_work_order"."quantity", 0), 4)`)),
  currentProcedureDuration: asNumber(
    sql`coalesce(${current(minutesBetween('t.actual_start_time', 'now()'))}, 0)`,
  ),
  currentProcedureStation: sql<
    string | null
  >`${current(`(select s.name from station s where s.id = t.current_station_id)`)}`,
  currentProcedurePerson: sql<
    string | null
  >`${current(`(select u.name from users u where u.id = t.current_user_id)`)}`,
  deliveryTime: sql<
    string | null
  >`(select ${factoryTimeText(sql`o.delivery_time`)} from ${produceOrders} o where o.id = ${qualified(wo.orderId)})`,
  overTime: asNumber(
    sql.raw(
      `(case when "produce_work_order"."status" in (0, 1) and "produce_work_order"."plan_end_time" < now() then ${minutesBetween('"produce_work_order"."plan_end_time"', 'now()')} else 0 end)`,
    ),
  ),
  overActualTime: asNumber(
    sql.raw(
      `greatest(0, coalesce((select ${minutesBetween('o.delivery_time', 'coalesce("produce_work_order"."finished_at", now())')} from produce_order o where o.id = "produce_work_order"."order_id"), 0))`,
    ),
  ),
  longTime: asNumber(
    sql.raw(
      `coalesce(${minutesBetween('"produce_work_order"."actual_start_time"', 'coalesce("produce_work_order"."finished_at", now())')}, 0)`,
    ),
  ),
  version: wo.version,
  orderId: wo.orderId,
  planId: wo.planId,
  originWorkOrderId: wo.originWorkOrderId,
};

/** 工单: list, select, detail and export of the progress rows; no form, every change is an action. */
const workOrders = crudContext({
  entity: workOrderEntity,
  table: produceWorkOrders,
  refs: {
    materialsName: { id: materials.id, name: materials.name, code: materials.code },
    areaName: { id: areas.id, name: areas.name, code: areas.code },
  },
  columns: progressColumns,
  // the order and plan pages list their own work orders
  idFilters: { orderId: produceWorkOrders.orderId, planId: produceWorkOrders.planId },
});
/**
 * The progress rows of a list's page by joins — the product, unit, line, order, plan and origin
 * joined once, the current task and the repair sum as lateral subqueries — instead of a subquery
 * per column: the same values as `progressColumns` (workOrders.test.ts compares them), a third
 * cheaper for PostgreSQL to compute. A select without `where`, for `listCalls`' `pageFirst`.
 */
export function progressRowsByJoins(tx: Tx) {
  const m = alias(materials, 'wo_material');
  const u = alias(units, 'wo_unit');
  const a = alias(areas, 'wo_area');
  const o = alias(produceOrders, 'wo_order');
  const p = alias(producePlans, 'wo_plan');
  const origin = alias(produceWorkOrders, 'wo_origin');
  const pr = alias(procedures, 'wo_procedure');
  const st = alias(stations, 'wo_station');
  const person = alias(users, 'wo_person');
  const task = produceTasks;
  // the first step not completed (DOMAIN progress row), and every step's repair
  const current = tx
    .select({
      procedureId: task.procedureId,
      goodQuantity: task.goodQuantity,
      actualStartTime: task.actualStartTime,
      currentStationId: task.currentStationId,
      currentUserId: task.currentUserId,
    })
    .from(task)
    .where(and(eq(task.workOrderId, wo.id), inArray(task.status, [0, 1])))
    .orderBy(asc(task.seq))
    .limit(1)
    .as('wo_current');
  const repair = tx
    .select({ quantity: sql`coalesce(sum(${task.repairQuantity}), 0)`.as('repair_quantity') })
    .from(task)
    .where(eq(task.workOrderId, wo.id))
    .as('wo_repair');
  return tx
    .select({
      ...workOrders.rowColumns,
      materialsName: m.name,
      areaName: a.name,
      materialsCode: m.code,
      materialsSpecifications: m.specifications,
      unitName: u.name,
      produceOrderNumber: o.code,
      planNumber: p.code,
      originWorkOrderNumber: origin.code,
      repairQuantity: asNumber(sql.raw('"wo_repair"."repair_quantity"')),
      procedure: pr.name,
      procedureRatio: asNumber(sql`round(${current.goodQuantity} / nullif(${qualified(wo.quantity)}, 0), 4)`),
      currentProcedureDuration: asNumber(
        sql`coalesce(floor(extract(epoch from now() - (${current.actualStartTime})) / 60), 0)`,
      ),
      currentProcedureStation: st.name,
      currentProcedurePerson: person.name,
      deliveryTime: factoryTimeText(o.deliveryTime),
      overActualTime: asNumber(
        sql`greatest(0, coalesce(floor(extract(epoch from coalesce(${qualified(wo.finishedAt)}, now()) - (${o.deliveryTime})) / 60), 0))`,
      ),
    })
    .from(wo)
    .leftJoin(m, eq(m.id, wo.materialsId))
    .leftJoin(u, eq(u.id, m.mainUnitId))
    .leftJoin(a, eq(a.id, wo.areaId))
    .leftJoin(o, eq(o.id, wo.orderId))
    .leftJoin(p, eq(p.id, wo.planId))
    .leftJoin(origin, eq(origin.id, wo.originWorkOrderId))
    .leftJoinLateral(current, sql`true`)
    .leftJoin(pr, eq(pr.id, current.procedureId))
    .leftJoin(st, eq(st.id, current.currentStationId))
    .leftJoin(person, eq(person.id, current.currentUserId))
    .leftJoinLateral(repair, sql`true`);
}

/** The rows of some work orders as the detail reads them, a subquery per column (for the comparison). */
export const progressRowsByColumns = (tx: Tx) => tx.select(workOrders.rowColumns).from(wo);

/** How far the work-order list's total counts past the page's start (500 pages of 20). */
export const WORK_ORDER_COUNT_LIMIT = 10_000;

/**
 * The list over many work orders (docs/production.md "Speed"): the page's ids first, by the
 * filter and the sort alone, then the progress rows of those ids by joins; the total counts at
 * most WORK_ORDER_COUNT_LIMIT rows past the page's start.
 */
const workOrderList = listCalls(workOrders, {
  pageFirst: { rows: progressRowsByJoins },
  countLimit: WORK_ORDER_COUNT_LIMIT,
});

/** An order's progress by procedure over its normal work orders that are not cancelled. */
function orderProgress(tx: Parameters<typeof taskRows>[0], orderId: number) {
  return tx
    .select({
      procedureId: produceTasks.procedureId,
      procedureName: procedures.name,
      seq: sql<number>`min(${produceTasks.seq})`.mapWith(Number),
      quantity: asNumber(sql`sum(${wo.quantity})`),
      goodQuantity: asNumber(sql`sum(${produceTasks.goodQuantity})`),
      defectQuantity: asNumber(sql`sum(${produceTasks.defectQuantity})`),
      repairQuantity: asNumber(sql`sum(${produceTasks.repairQuantity})`),
      finishRatio: asNumber(
        sql`round(sum(${produceTasks.goodQuantity}) / nullif(sum(${wo.quantity}), 0), 4)`,
      ),
    })
    .from(produceTasks)
    .innerJoin(wo, eq(wo.id, produceTasks.workOrderId))
    .innerJoin(procedures, eq(procedures.id, produceTasks.procedureId))
    .where(and(eq(wo.orderId, orderId), eq(wo.workType, 0), ne(wo.status, 9)))
    .groupBy(produceTasks.procedureId, procedures.name)
    .orderBy(sql`min(${produceTasks.seq})`, asc(produceTasks.procedureId));
}

/** Work orders, their tasks, report work, the station terminal and piece rate. */
export const workOrderRoutes: RouteDef[] = [
  ...workOrderList.routes,
  ...detailCalls(workOrders).routes,
  ...exportCalls(workOrders).routes,
  ...produceTaskActions.routes,
  handle(workOrderApi.tasks, {
    handler: ({ tx, query }) => taskRows(tx, eq(produceTasks.workOrderId, query.workOrderId)),
  }),
  handle(workOrderApi.orderProgress, { handler: ({ tx, query }) => orderProgress(tx, query.orderId) }),
  handle(workOrderApi.distribute, {
    handler: async (ctx) => {
      const { tx, session, body } = ctx;
      const row = await workOrderActions.act(tx, session, 'distribute', {
        id: body.id,
        version: body.version,
        body,
      });
      // its operators are told (notification subscriber of workOrder.distributed)
      const operators = await tx
        .selectDistinct({ userId: produceTaskUsers.userId })
        .from(produceTaskUsers)
        .innerJoin(produceTasks, eq(produceTasks.id, produceTaskUsers.taskId))
        .where(eq(produceTasks.workOrderId, row.id));
      if (operators.length) {
        const [product] = await tx
          .select({ name: materials.name })
          .from(materials)
          .where(eq(materials.id, Number(row.materialsId)));
        await emitEvent(ctx, 'workOrder.distributed', {
          workOrderId: row.id,
          code: String(row.code),
          materialsName: product?.name ?? '',
          userIds: operators.map((o) => o.userId).sort((a, b) => a - b),
        });
      }
      return { id: row.id, version: row.version };
    },
  }),
  handle(workOrderApi.split, {
    handler: async ({ tx, session, body }) => {
      const input = { id: body.id, version: body.version, body };
      await workOrderActions.act(tx, session, 'split', input);
      const made = splitResults.get(input) as { id: number; code: string };
      return { ...made, version: 0 };
    },
  }),
  handle(workOrderApi.reduce, {
    handler: async ({ tx, session, body }) => {
      const row = await workOrderActions.act(tx, session, 'reduce', {
        id: body.id,
        version: body.version,
        body,
      });
      return { id: row.id, version: row.version };
    },
  }),
  handle(workOrderApi.startTask, {
    handler: async ({ tx, session, body }) => {
      const stationId = body.stationId ?? session.stationId ?? undefined;
      const row = await produceTaskActions.act(tx, session, 'start', {
        id: body.id,
        version: body.version,
        body: { stationId },
      });
      return { ...(await taskRow(tx, row.id)), version: row.version };
    },
  }),
  ...reportRoutes,
  ...terminalRoutes,
  ...pieceRateRoutes,
];
