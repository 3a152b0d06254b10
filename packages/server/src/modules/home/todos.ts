import type { TodoItem, TodoKind } from '@factory/shared/api/home';
import { formatFactoryDate, parseFactoryTime } from '@factory/shared/factoryTime';
import { findRoute, routePath } from '@factory/shared/routes';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import type { SessionInfo } from '../../platform/session.ts';
import { sqlIn } from '../../platform/sqlIn.ts';
import {
  produceOrders,
  producePlans,
  produceTaskStations,
  produceTasks,
  produceWorkOrders,
} from '../plans/index.ts';
import { materialPreps, stockCounts, stockDocs } from '../warehouse/index.ts';

/** What a to-do is counted and linked for: the user, and the factory's today. */
export interface TodoContext {
  session: SessionInfo;
  /** The factory's day before today ('YYYY-MM-DD'): the last day an overdue delivery fell on. */
  yesterday: string;
  /** Today's first instant on the factory's clock: a delivery before it is overdue. */
  todayStart: Date;
}

/**
 * One to-do, declared once: what it counts, whose it is and where it leads. The count is exactly
 * the rows its list shows at `path` (the same statuses, the same delivery-date bound), so a click
 * finds what the number said.
 */
export interface TodoDecl {
  key: string;
  title: string;
  /** The list route: its permission shows the to-do, its page is where it leads. */
  route: string;
  kind: TodoKind;
  /** `select count(*) …` of what waits: one scalar subquery of the workbench's one statement. */
  count(c: TodoContext): SQL;
  /** The list's address with its filter (`?tab=` of a tabbed list, else its search `?q=`). */
  path(c: TodoContext): string;
  /** Whether it concerns this user at all (the station terminal's: only with a station chosen). */
  applies?(c: TodoContext): boolean;
}

/** A list opened on a search, as the list keeps it in its address (`useListQuery`'s `q`). */
const searched = (route: string, values: Record<string, unknown>, more = '') =>
  `${routePath(route)}?${more}q=${encodeURIComponent(JSON.stringify(values))}`;
const tab = (route: string, value: string | number) => `${routePath(route)}?tab=${value}`;

/** Plans not yet completed (schedule-and-issue 0–3; 4 and 5 are completed). */
const OPEN_PLAN = [0, 1, 2, 3];
/** Work orders not yet completed, ended or cancelled. */
const OPEN_WORK_ORDER = [0, 1];

const plans = (where: SQL) => sql`(select count(*) from ${producePlans} p where ${where})`;
const orders = (where: SQL) => sql`(select count(*) from ${produceOrders} o where ${where})`;
const workOrders = (where: SQL) => sql`(select count(*) from ${produceWorkOrders} w where ${where})`;
const preps = (status: number) => sql`(select count(*) from ${materialPreps} m where m.status = ${status})`;
const counts = (status: number) => sql`(select count(*) from ${stockCounts} c where c.status = ${status})`;
/** The plan's (or work order's) order was due before today. */
const overdue = (orderId: SQL, c: TodoContext) =>
  sql`exists (select 1 from ${produceOrders} o where o.id = ${orderId} and o.delivery_time < ${c.todayStart.toISOString()}::timestamptz)`;

/**
 * The station terminal's queue (plans/terminal.ts `stationTasks`): tasks the user's current
 * station may run, of work orders pending or in progress — once a work order is distributed only
 * those distributed to the station — in the given task status.
 */
const stationTasks = (status: number) => (c: TodoContext) =>
  sql`(select count(*) from ${produceTaskStations} ts
    join ${produceTasks} t on t.id = ts.task_id
    join ${produceWorkOrders} w on w.id = t.work_order_id
    where ts.station_id = ${c.session.stationId} and t.status = ${status}
      and w.status in (0, 1) and (w.is_distributed = 0 or ts.distributed))`;
const atStation = (c: TodoContext) => c.session.stationId !== null;

/** Every to-do of the workbench, in the order it shows them; the web renders what comes back. */
export const todos: readonly TodoDecl[] = [
  // the planner: orders to confirm and plan, plans to schedule and release, and what is late
  {
    key: 'ordersToConfirm',
    title: '待确认的订单',
    route: 'orderList',
    kind: 'waiting',
    count: () => orders(sql`o.plan_status = 0 and o.confirm_status = 0`),
    path: () => searched('orderList', { confirmStatus: 0, planStatus: [0] }),
  },
  {
    key: 'ordersToPlan',
    title: '待计划的订单',
    route: 'orderList',
    kind: 'waiting',
    count: () => orders(sql`o.plan_status in (0, 3) and o.confirm_status = 1`),
    path: () => searched('orderList', { confirmStatus: 1, planStatus: [0, 3] }),
  },
  {
    key: 'plansToSchedule',
    title: '待排产的生产计划',
    route: 'planList',
    kind: 'waiting',
    count: () => plans(sql`p.schedule_status = 0`),
    path: () => tab('planList', 0),
  },
  {
    key: 'plansToRelease',
    title: '待下达的生产计划',
    route: 'planList',
    kind: 'waiting',
    count: () => plans(sql`p.schedule_status = 2`),
    path: () => tab('planList', 2),
  },
  {
    key: 'plansOverdue',
    title: '已逾期的生产计划',
    route: 'planList',
    kind: 'overdue',
    count: (c) => plans(sql`${sqlIn(sql`p.schedule_status`, OPEN_PLAN)} and ${overdue(sql`p.order_id`, c)}`),
    path: (c) => searched('planList', { scheduleStatus: OPEN_PLAN, deliveryTime: [null, c.yesterday] }),
  },
  // whoever reads the work orders: what runs, what stopped, what is late
  {
    key: 'workOrdersInProgress',
    title: '生产中的工单',
    route: 'workList',
    kind: 'doing',
    count: () => workOrders(sql`w.status = 1`),
    path: () => searched('workList', { status: [1] }),
  },
  {
    key: 'workOrdersPaused',
    title: '已暂停的工单',
    route: 'workList',
    kind: 'waiting',
    count: () => workOrders(sql`w.status = 1 and w.is_paused = 1`),
    path: () => searched('workList', { status: [1], isPaused: 1 }),
  },
  {
    key: 'workOrdersOverdue',
    title: '已逾期的工单',
    route: 'workList',
    kind: 'overdue',
    count: (c) =>
      workOrders(sql`${sqlIn(sql`w.status`, OPEN_WORK_ORDER)} and ${overdue(sql`w.order_id`, c)}`),
    path: (c) => searched('workList', { status: OPEN_WORK_ORDER, deliveryTime: [null, c.yesterday] }),
  },
  // the operator: the queue of their current station, as the station terminal shows it
  {
    key: 'stationTasksToStart',
    title: '本工位待开工的任务',
    route: 'stationScheduling',
    kind: 'waiting',
    count: stationTasks(0),
    path: () => routePath('stationScheduling'),
    applies: atStation,
  },
  {
    key: 'stationTasksInProgress',
    title: '本工位进行中的任务',
    route: 'stationScheduling',
    kind: 'doing',
    count: stationTasks(1),
    path: () => routePath('stationScheduling'),
    applies: atStation,
  },
  // the warehouse keeper: preparation orders, documents to approve, counts under way
  {
    key: 'prepsToSend',
    title: '待下发的备料单',
    route: 'warehouseAssign',
    kind: 'waiting',
    count: () => preps(0),
    path: () => tab('warehouseAssign', 0),
  },
  {
    key: 'prepsToPick',
    title: '待备料的备料单',
    route: 'warehouseAssign',
    kind: 'waiting',
    count: () => preps(1),
    path: () => tab('warehouseAssign', 1),
  },
  {
    key: 'prepsPicking',
    title: '备料中的备料单',
    route: 'warehouseAssign',
    kind: 'doing',
    count: () => preps(2),
    path: () => tab('warehouseAssign', 2),
  },
  {
    key: 'stockDocsToAudit',
    title: '待审核的出入库单',
    route: 'warehouseRecord',
    kind: 'waiting',
    count: () => sql`(select count(*) from ${stockDocs} d where d.status = 1)`,
    path: () => searched('warehouseRecord', { status: 1 }),
  },
  {
    key: 'stockCountsCounting',
    title: '盘点中的盘点单',
    route: 'inventoryAccount',
    kind: 'doing',
    count: () => counts(1),
    path: () => searched('inventoryAccount', { status: 1 }, 'tab=counts&'),
  },
  {
    key: 'stockCountsToAudit',
    title: '待审核的盘点单',
    route: 'inventoryAccount',
    kind: 'waiting',
    count: () => counts(2),
    path: () => searched('inventoryAccount', { status: 2 }, 'tab=counts&'),
  },
];

/** The route's page may be opened by this user (spec 000 §6): its name among the permissions. */
export const mayOpen = (session: SessionInfo, route: string) =>
  session.isAdmin || session.permissions.has(route.toLowerCase());

/** Today and yesterday on the factory's clock, at `now`. */
export function todayOf(now: Date): Pick<TodoContext, 'yesterday' | 'todayStart'> {
  const today = formatFactoryDate(now);
  const todayStart = parseFactoryTime(`${today} 00:00:00`) as Date;
  return { todayStart, yesterday: formatFactoryDate(new Date(todayStart.getTime() - 1)) };
}

/**
 * The user's to-dos: those whose list they may open and that concern them, all counted in one
 * statement (a scalar subquery each, every one on an index of its table).
 */
export async function myTodos(tx: Tx, session: SessionInfo, now: Date): Promise<TodoItem[]> {
  const c: TodoContext = { session, ...todayOf(now) };
  const mine = todos.filter((t) => mayOpen(session, t.route) && (t.applies?.(c) ?? true));
  if (!mine.length) return [];
  const res = await tx.execute(
    sql`select ${sql.join(
      mine.map((t, i) => sql`${t.count(c)}::int as ${sql.identifier(`c${i}`)}`),
      sql`, `,
    )}`,
  );
  const [row] = (res as unknown as { rows: Record<string, number | string>[] }).rows;
  return mine.map((t, i) => ({
    key: t.key,
    title: t.title,
    group: findRoute(t.route)?.meta.title ?? '',
    kind: t.kind,
    count: Number(row[`c${i}`] ?? 0),
    path: t.path(c),
  }));
}
