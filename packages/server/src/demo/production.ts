import { formatFactoryTime } from '@factory/shared/factoryTime';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  customers,
  materials,
  procedures,
  processFlows,
  processFlowVersions,
  scrapReason,
  scrapReasons,
  stepsOf,
  userStations,
} from '../modules/information/index.ts';
import {
  produceOrder,
  produceOrderActions,
  produceOrders,
  producePlan,
  producePlanActions,
  producePlans,
  produceTaskStations,
  produceTasks,
  produceWorkOrders,
  reportWork,
  reportWorks,
  reverseReport,
  runSchedule,
  workOrderActions,
} from '../modules/plans/index.ts';
import { frequencies, users } from '../modules/setting/index.ts';
import { setClock } from '../platform/clock.ts';
import type { Tx } from '../platform/db.ts';
import type { Actor } from '../platform/machine.ts';
import type { TenantInfo } from '../platform/services.ts';
import type { SessionInfo } from '../platform/session.ts';
import { qualityInspector } from './inspections.ts';
import { outsourcingDemo } from './outsourcing.ts';
import { generator, type Rng } from './random.ts';

/** How much history a tenant gets: orders over the past year, up to today. */
export interface ProductionHistory {
  orders: number;
}

export const demoProduction: Readonly<Record<string, ProductionHistory>> = {
  transformer: { orders: 60 },
  machinery: { orders: 6 },
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The factory's clock: China Standard Time, UTC+8. */
const CST = 8 * HOUR;

/** Midnight of the factory's day that `t` falls in. */
const midnight = (t: number) => Math.floor((t + CST) / DAY) * DAY - CST;
const isSunday = (t: number) => new Date(t + CST).getUTCDay() === 0;
/** The next day the works runs (Sundays off), at its midnight. */
const nextWorkday = (day: number) => (isSunday(day + DAY) ? day + 2 * DAY : day + DAY);
const factoryText = (t: number) => formatFactoryTime(new Date(t));

/** The first office moment (08:30–17:30, Monday to Saturday) at or after `t`, a little into it. */
function office(t: number, rng: Rng): number {
  let day = midnight(t);
  const into = t - day;
  if (into > 17 * HOUR || isSunday(day)) day = nextWorkday(day);
  else if (into >= 8.5 * HOUR) return t;
  if (isSunday(day)) day = nextWorkday(day);
  return day + 8.5 * HOUR + rng.int(0, 90) * MINUTE;
}

/**
 * Why units are scrapped at this works, each with the procedures (by a word of their name) where
 * it happens; reasons naming none can happen anywhere.
 */
const SCRAP_REASONS: readonly (readonly [string, string, readonly string[]])[] = [
  ['导线绝缘破损', '材料缺陷', ['绕制']],
  ['线圈匝间短路', '工艺缺陷', ['绕制', '试验', '调试']],
  ['硅钢片毛刺超标', '设备原因', ['剪', '下料']],
  ['铁心接缝超差', '工艺缺陷', ['叠装']],
  ['绝缘包扎松散', '人为失误', ['包扎']],
  ['浸漆不透', '工艺缺陷', ['浸漆', '烘干']],
  ['焊点虚焊', '人为失误', ['焊接', '接线']],
  ['渗漏油', '工艺缺陷', ['注油', '总装']],
  ['局部放电超标', '工艺缺陷', ['试验']],
  ['尺寸超差', '设备原因', ['车削', '铣削', '精磨', '钻孔']],
  ['外观磕碰', '人为失误', []],
];

/** A finished product the tenant makes: its assembly line, where its plans are booked. */
interface Made {
  id: number;
  code: string;
  line: number;
}

/**
 * Finished products with an enabled flow's main version, each on the line most of its steps run
 * on: its assembly line (总装一线 for a transformer, 箱变装配线 for a box substation).
 */
async function madeProducts(tx: Tx): Promise<Made[]> {
  const rows = await tx
    .select({ id: materials.id, code: materials.code, versionId: processFlowVersions.id })
    .from(materials)
    .innerJoin(processFlows, and(eq(processFlows.materialId, materials.id), eq(processFlows.enabled, true)))
    .innerJoin(
      processFlowVersions,
      and(eq(processFlowVersions.flowId, processFlows.id), eq(processFlowVersions.isMain, true)),
    )
    .where(and(eq(materials.materialType, 2), eq(materials.isVirtual, false)))
    .orderBy(materials.code);
  const made: Made[] = [];
  for (const r of rows) {
    const steps = new Map<number, number>();
    for (const s of await stepsOf(tx, r.versionId))
      for (const a of s.areaList) steps.set(a.id, (steps.get(a.id) ?? 0) + 1);
    const [line] = [...steps].sort((x, y) => y[1] - x[1]);
    if (line) made.push({ id: r.id, code: r.code, line: line[0] });
  }
  return made;
}

/** Who reports: a signed-in user at their station on their shift, as the report call sees one. */
export function sessionOf(
  tenant: TenantInfo,
  u: { id: number; userName: string; name: string; stationId: number | null; frequencyId: number | null },
  isAdmin = false,
): SessionInfo {
  return {
    sessionId: 0,
    tenantId: tenant.id,
    tenant,
    userId: u.id,
    userName: u.userName,
    name: u.name,
    avatar: null,
    frequencyId: u.frequencyId,
    frequencyName: null,
    stationId: u.stationId,
    stationName: null,
    fields: {},
    authority: '',
    isAdmin,
    permissions: new Set(),
    permissionCodes: [],
    pageSizes: [],
    mustChangePassword: false,
  };
}

/** An operator and the shift (0 night, 1 early, 2 late, by its start hour ÷ 8) they work. */
interface Operator {
  session: SessionInfo;
  shift: number;
}

/** A task as the generator follows it: what it took in and reported, where it runs. */
interface TaskState {
  id: number;
  seq: number;
  outsourced: boolean;
  minutes: number;
  procedure: string;
  stations: number[];
  /** The station it was distributed to (派工). */
  station?: number;
  in: number;
}

/** A work order being worked: its order (to close it) and its tasks in step order. */
interface Job {
  id: number;
  orderId: number;
  rework: boolean;
  tasks: TaskState[];
}

/** What the history of one order will be, decided before it is written. */
interface OrderPlan {
  at: number;
  product: Made;
  quantity: number;
  delivery: number;
  priority: number;
  cancelled: boolean;
  /** Planned in two batches, the second when the copper and steel for it arrive. */
  inTwo: boolean;
  /** Released then held for material: its production starts this late. */
  heldUntil?: number;
  id?: number;
  jobs: Job[];
}

/** Schedules `run` at the moment `t` of the demo's timeline. */
export type Schedule = (t: number, run: () => Promise<void>) => void;

/**
 * A demo that moves with production in one timeline (the warehouse: its receipts, and the
 * materials of each released work order prepared before the line takes it up, so that report
 * work finds them on the line side to backflush).
 */
export interface ProductionCompanion {
  /** Its own events, run in time order among production's. */
  start(schedule: Schedule): void;
  /** A work order was released at `at`; the line takes it up at `start`. */
  released(workOrderId: number, at: number, start: number, schedule: Schedule): void;
}

/**
 * A year of production for a demo tenant, written through the production services as it would
 * have happened, each step on the transaction clock at its moment: orders from its customers
 * (mostly normal priority, some urgent, two cancelled), confirmed, planned on the product's
 * assembly line (a few large ones in two batches), released, some distributed to stations and
 * operators, a few split or reduced; then reported step by step (one report per task per day,
 * by a crew of the station's operators on their shift, outsourced steps sent out and received
 * back on outsourcing orders), with a few defects by the tenant's scrap reasons and repairs worked as rework orders;
 * orders complete by themselves, those that came short are closed by the planner. The newest
 * are in progress at various steps, unreleased or unconfirmed; a few held for material are late.
 */
export async function seedProduction(
  tx: Tx,
  tenant: TenantInfo,
  adminId: number,
  history: ProductionHistory,
  companion?: ProductionCompanion,
  now = Date.now(),
): Promise<void> {
  const made = await madeProducts(tx);
  if (!made.length) return;
  const customerIds = (await tx.select({ id: customers.id }).from(customers).orderBy(customers.id)).map(
    (c) => c.id,
  );
  const rng = generator(tenant.memberCode);
  const admin: Actor = { userId: adminId, tenant, permissions: new Set(), isAdmin: true };
  const people = await tx
    .select({
      id: users.id,
      userName: users.userName,
      name: users.name,
      stationId: users.stationId,
      frequencyId: users.frequencyId,
    })
    .from(users)
    .orderBy(users.id);
  const adminSession = sessionOf(tenant, people.find((p) => p.id === adminId) ?? people[0], true);
  // first-article and finished-product checks, done by the inspector right after the report
  const inspector = await qualityInspector(tx, tenant, `${tenant.memberCode}:inspection`);
  const REPORT_FAIL_RATE = 0.03;
  // the planner sends outsourced work out and books it back; the admin where the tenant has no planner
  const planner = people.find((p) => p.userName === 'jihua01');
  const receiver = planner
    ? sessionOf(tenant, { ...planner, stationId: null, frequencyId: null })
    : adminSession;

  const shifts = await tx.select().from(frequencies).orderBy(frequencies.code);
  const shiftOf = new Map(shifts.map((s) => [s.id, Math.floor(Number(s.startTime.slice(0, 2)) / 8)]));
  const shiftId = (shift: number) => shifts.find((s) => shiftOf.get(s.id) === shift)?.id ?? null;
  const crews = new Map<number, Operator[]>();
  const links = await tx
    .select({ userId: userStations.userId, stationId: userStations.stationId })
    .from(userStations)
    .orderBy(userStations.userId);
  const byId = new Map(people.map((p) => [p.id, p]));
  for (const l of links) {
    const p = byId.get(l.userId);
    if (!p) continue;
    const ops = crews.get(l.stationId) ?? [];
    ops.push({
      session: sessionOf(tenant, { ...p, stationId: l.stationId }),
      shift: p.frequencyId === null ? 1 : (shiftOf.get(p.frequencyId) ?? 1),
    });
    crews.set(l.stationId, ops);
  }
  // a station nobody is linked to is worked by the operators linked anywhere
  const anyone = [...crews.values()].flat();

  setClock(tx, new Date(now - 366 * DAY));
  for (const [name, category] of SCRAP_REASONS)
    await scrapReason.create(tx, adminSession.userId, { name, category });
  const reasons = await tx.select({ id: scrapReasons.id, name: scrapReasons.name }).from(scrapReasons);
  const reasonFor = (procedure: string) => {
    const fits = SCRAP_REASONS.filter(([, , words]) => words.some((w) => procedure.includes(w)));
    const [name] = rng.pick(fits.length ? fits : SCRAP_REASONS.filter(([, , words]) => !words.length));
    return reasons.find((r) => r.name === name)?.id as number;
  };

  // the event queue: every step of every document at its moment, run in time order up to now
  const queue: { at: number; run: () => Promise<void> }[] = [];
  const at = (t: number, run: () => Promise<void>) => {
    let lo = 0;
    let hi = queue.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (queue[mid].at <= t) lo = mid + 1;
      else hi = mid;
    }
    queue.splice(lo, 0, { at: t, run });
  };
  // the outsourced steps go out on outsourcing orders (委外单), on a random sequence of their own
  const outsourcingRng = generator(`${tenant.memberCode}:outsourcing`);
  const outsourcing = outsourcingDemo(
    tx,
    {
      ...receiver,
      permissions: new Set(['outsourcelistsconfirm', 'outsourcelistssend', 'outsourcelistsreceive']),
    },
    outsourcingRng,
    (t) => office(t, outsourcingRng),
    now,
    at,
  );

  const today = midnight(now);
  const orders: OrderPlan[] = Array.from({ length: history.orders }, () => {
    const product = rng.pick(made);
    const box = product.code.includes('YBM');
    return {
      at: office(today - rng.int(0, 364) * DAY + rng.int(8, 18) * HOUR, rng),
      product,
      quantity: box ? rng.int(1, 3) : rng.int(1, 4) + rng.int(0, 6),
      delivery: 0,
      priority: 0,
      cancelled: false,
      inTwo: false,
      jobs: [],
    };
  }).sort((x, y) => x.at - y.at);
  const n = orders.length;
  // the newest came in over the last days: some wait to be confirmed, planned or released
  for (let j = 0; j < Math.min(6, Math.floor(n / 10)); j++) {
    let day = today - j * DAY;
    let t = office(day, rng);
    while (t > now) {
      day -= DAY;
      t = office(day, rng);
    }
    orders[n - 1 - j].at = t;
  }
  // and a few over the last weeks, whatever the draw: the line is busy today, one waits for material
  const recent = n >= 20 ? orders.slice(n - 10, n - 6) : [];
  for (const o of recent) o.at = office(today - rng.int(9, 28) * DAY, rng);
  orders.sort((x, y) => x.at - y.at);
  // withdrawn by the customer: two of a year's orders, one of a handful
  const first = rng.int(0, Math.floor(n / 2) - 2);
  const cancelled = n >= 20 ? [first, rng.int(first + 1, Math.floor(n / 2) - 1)] : [first];
  for (const i of cancelled) orders[i].cancelled = true;
  for (const o of orders) {
    const roll = rng.next();
    o.priority = roll < 0.04 ? 2 : roll < 0.18 ? 1 : 0;
    o.delivery = midnight(o.at) + rng.int(o.priority ? 25 : 35, 60) * DAY + 17 * HOUR;
    o.inTwo = o.quantity >= 6 && rng.next() < 0.15;
  }
  // three orders of the past two months wait for silicon steel after release: they run late
  const held = orders.filter((o) => !o.cancelled && o.at > today - 75 * DAY && o.at < today - 35 * DAY);
  for (const o of held.filter((_, i) => i % Math.max(1, Math.floor(held.length / 3)) === 0).slice(0, 3)) {
    o.heldUntil = today - rng.int(2, 10) * DAY;
    o.delivery = Math.min(o.delivery, midnight(o.at) + rng.int(25, 32) * DAY + 17 * HOUR);
  }
  // one of the last weeks' is released but waits for its material a few days more: not started
  const waiting = recent.find((o) => !o.cancelled);
  if (waiting) waiting.heldUntil = today + rng.int(2, 4) * DAY + 8 * HOUR;

  /** Reads a work order's tasks into the generator's state. */
  async function jobOf(woId: number, orderId: number, rework: boolean): Promise<Job> {
    const rows = await tx
      .select({
        id: produceTasks.id,
        seq: produceTasks.seq,
        processType: produceTasks.processType,
        minutes: produceTasks.standardMinutes,
        procedure: procedures.name,
        in: produceTasks.inQuantity,
      })
      .from(produceTasks)
      .innerJoin(procedures, eq(procedures.id, produceTasks.procedureId))
      .where(eq(produceTasks.workOrderId, woId))
      .orderBy(asc(produceTasks.seq));
    const stationRows = rows.length
      ? await tx
          .select()
          .from(produceTaskStations)
          .where(
            inArray(
              produceTaskStations.taskId,
              rows.map((r) => r.id),
            ),
          )
      : [];
    return {
      id: woId,
      orderId,
      rework,
      tasks: rows.map((r) => ({
        id: r.id,
        seq: r.seq,
        outsourced: r.processType === 1,
        minutes: Number(r.minutes ?? 60),
        procedure: r.procedure,
        stations: stationRows.filter((s) => s.taskId === r.id).map((s) => s.stationId),
        in: Number(r.in),
      })),
    };
  }

  /** The station a task is worked at today and who of it is on: its busiest station, else any. */
  function crewAt(task: TaskState): { station: number; shift: number; crew: Operator[] } | undefined {
    const station =
      task.station ??
      [...task.stations].sort((x, y) => (crews.get(y)?.length ?? 0) - (crews.get(x)?.length ?? 0))[
        rng.int(0, Math.min(1, task.stations.length - 1))
      ];
    if (station === undefined) return undefined;
    const ops = crews.get(station)?.length ? (crews.get(station) as Operator[]) : anyone;
    if (!ops.length) return undefined;
    // mostly the early shift; heavy steps run round the clock
    const shift = rng.next() < 0.6 ? 1 : rng.pick(ops).shift;
    const onShift = ops.filter((o) => o.shift === shift);
    const pool = onShift.length ? onShift : ops;
    const size = Math.min(pool.length, task.minutes >= 180 ? 3 : rng.int(1, 2));
    const start = rng.int(0, Math.max(0, pool.length - size));
    return { station, shift, crew: pool.slice(start, start + size) };
  }

  let typos = 0;
  // work of the past three weeks is reported day by day, older work once per step (the seed stays fast)
  const daily = today - 21 * DAY;

  /**
   * A step of a work order, once everything before it is done (`ready`): a crew of the station's
   * operators works it on their shift until all it took in is through; an outsourced step goes
   * out to its supplier and comes back some days later. Then the next step, or the order's closing.
   */
  function runTask(job: Job, order: OrderPlan, i: number, ready: number) {
    const task = job.tasks[i];
    const next = job.tasks[i + 1];
    const q = task.in;
    const done = (end: number, good: number) => {
      if (next) {
        next.in = good;
        const handOver = end + rng.int(30, 90) * MINUTE;
        at(handOver, async () => runTask(job, order, i + 1, handOver));
      } else at(office(end + HOUR, rng), () => closeIfDone(order));
    };
    if (task.outsourced) {
      const planned = office(midnight(ready) + rng.int(3, 5) * DAY, rng);
      const { back, good } = outsourcing.step({
        workOrderId: job.id,
        taskId: task.id,
        procedure: task.procedure,
        quantity: q,
        ready,
        back: planned,
      });
      return done(back, good);
    }
    const where = crewAt(task);
    if (!where || q <= 0) return;
    const efficiency = 0.85 + rng.next() * 0.3;
    const total = (q * task.minutes) / where.crew.length / efficiency;
    // the crew's shift windows (7.5 working hours) from the first after `ready`, until the work is done
    const windows: { start: number; end: number; share: number }[] = [];
    let day = midnight(ready);
    let left = total;
    while (left > 0) {
      const open = day + where.shift * 8 * HOUR + rng.int(5, 25) * MINUTE;
      if (!isSunday(day) && open >= ready) {
        const minutes = Math.min(left, 450);
        windows.push({ start: open, end: open + Math.max(20, Math.round(minutes)) * MINUTE, share: minutes });
        left -= minutes;
      }
      day += DAY;
    }
    // defects and repairs are rare, and never the whole of a small batch
    const defect = q >= 3 && rng.next() < 0.06 ? 1 : 0;
    const repair = q >= 3 && !defect && rng.next() < 0.03 ? 1 : 0;
    const good = q - defect - repair;
    const last = windows[windows.length - 1];
    const base = {
      taskId: task.id,
      stationId: where.station,
      userIds: where.crew.map((o) => o.session.userId),
      frequencyId: shiftId(where.shift),
    };
    const [lead] = where.crew;
    const finish = async (reported: number, start: number, end: number, workHours?: number) => {
      const made = await reportWork(tx, lead.session, {
        ...base,
        goodQuantity: reported - defect - repair,
        defectQuantity: defect,
        repairQuantity: repair,
        defects: defect ? [{ scrapReasonId: reasonFor(task.procedure), quantity: defect }] : [],
        startTime: factoryText(start),
        endTime: factoryText(end),
        ...(workHours === undefined ? {} : { workHours }),
      });
      await inspector?.inspectRaised('report', end, REPORT_FAIL_RATE);
      if (!repair) return;
      const [row] = await tx
        .select({ rework: reportWorks.reworkWorkOrderId })
        .from(reportWorks)
        .where(eq(reportWorks.id, made.id));
      if (row.rework === null) return;
      const rework = await jobOf(row.rework, job.orderId, true);
      order.jobs.push(rework);
      const from = nextWorkday(midnight(end)) + 8 * HOUR;
      at(from, async () => runTask(rework, order, 0, from));
    };
    if (last.end < daily) {
      // one report for the step, its man-hours the crew's working time over its days
      const workHours = Number(((total * where.crew.length) / 60).toFixed(2));
      at(last.end, () => finish(q, windows[0].start, last.end, workHours));
    } else {
      let reported = 0;
      let share = 0;
      for (const [w, window] of windows.entries()) {
        share += window.share;
        const upTo = w === windows.length - 1 ? q : Math.floor((q * share) / total);
        const units = upTo - reported;
        if (units <= 0) continue;
        reported = upTo;
        if (w === windows.length - 1) {
          at(window.end, () => finish(units, window.start, window.end));
          continue;
        }
        const body = { ...base, startTime: factoryText(window.start), endTime: factoryText(window.end) };
        // an operator keys a good unit in as a defect, has the record reversed and reports again
        const typo =
          units >= 2 && typos < 2 && window.end > today - 2 * DAY && window.end + 30 * MINUTE < now;
        if (typo) typos++;
        at(window.end, async () => {
          if (typo) {
            const wrong = await reportWork(tx, lead.session, {
              ...body,
              goodQuantity: units - 1,
              defectQuantity: 1,
              defects: [{ scrapReasonId: reasonFor(task.procedure), quantity: 1 }],
            });
            setClock(tx, new Date(window.end + 15 * MINUTE));
            await reverseReport(tx, adminSession, wrong.id, '复检合格，不良误报');
            setClock(tx, new Date(window.end + 25 * MINUTE));
          }
          await reportWork(tx, lead.session, { ...body, goodQuantity: units });
          await inspector?.inspectRaised('report', window.end, REPORT_FAIL_RATE);
        });
      }
    }
    done(last.end, good);
  }

  /** An order whose work is all done but came short (scrap, repair, a reduction): the planner closes it. */
  async function closeIfDone(order: OrderPlan) {
    const [row] = await tx
      .select({ planStatus: produceOrders.planStatus })
      .from(produceOrders)
      .where(eq(produceOrders.id, order.id as number));
    if (row.planStatus !== 1) return;
    const wos = await tx
      .select({ status: produceWorkOrders.status })
      .from(produceWorkOrders)
      .where(eq(produceWorkOrders.orderId, order.id as number));
    if (wos.every((w) => w.status === 2 || w.status === 3 || w.status === 9))
      await produceOrderActions.act(tx, admin, 'finish', { id: order.id as number });
  }

  /** The released work order: maybe split, reduced or distributed, then worked from its start day. */
  async function released(order: OrderPlan, planId: number, t: number) {
    const [wo] = await tx
      .select({
        id: produceWorkOrders.id,
        code: produceWorkOrders.code,
        quantity: produceWorkOrders.quantity,
      })
      .from(produceWorkOrders)
      .where(eq(produceWorkOrders.planId, planId));
    const quantity = Number(wo.quantity);
    const ids = [wo.id];
    const age = (today - t) / DAY;
    const roll = rng.next();
    // split and reduce are offered only where the tenant has them (工单拆分与减量)
    const reshapes = tenant.flags.splitWorkOrder === true;
    if (reshapes && quantity >= 6 && roll < 0.12) {
      // half goes to another shift's work order (拆分)
      setClock(tx, new Date(t + rng.int(30, 90) * MINUTE));
      await workOrderActions.act(tx, admin, 'split', {
        id: wo.id,
        body: { quantity: Math.floor(quantity / 2) },
      });
      const [split] = await tx
        .select({ id: produceWorkOrders.id })
        .from(produceWorkOrders)
        .where(eq(produceWorkOrders.code, `${wo.code}-1`));
      ids.push(split.id);
    } else if (reshapes && quantity >= 3 && age < 40 && roll < 0.22) {
      // the customer took one fewer (减量)
      setClock(tx, new Date(t + rng.int(30, 90) * MINUTE));
      await workOrderActions.act(tx, admin, 'reduce', { id: wo.id, body: { quantity: quantity - 1 } });
    }
    for (const id of ids) {
      const job = await jobOf(id, order.id as number, false);
      order.jobs.push(job);
      const inHouse = job.tasks.filter((k) => !k.outsourced);
      if (rng.next() < (age < 60 ? 0.35 : 0.1) && inHouse.every((k) => k.stations.length)) {
        // the planner hands each step to a station and its operators (派工)
        const tasks = inHouse.map((k) => {
          k.station = [...k.stations].sort(
            (x, y) => (crews.get(y)?.length ?? 0) - (crews.get(x)?.length ?? 0),
          )[0];
          const ops = crews.get(k.station) ?? [];
          return {
            taskId: k.id,
            stationIds: [k.station],
            userIds: ops.slice(0, 3).map((o) => o.session.userId),
          };
        });
        setClock(tx, new Date(t + rng.int(100, 200) * MINUTE));
        await workOrderActions.act(tx, admin, 'distribute', { id, body: { id, tasks } });
      }
      // the line takes it up within days (the newest wait behind the work on it), or once the held material arrives
      const queued = midnight(t) + (age < 6 ? 7 : rng.int(1, 3)) * DAY;
      const start = Math.max(
        (isSunday(queued) ? nextWorkday(queued) : queued) + 8 * HOUR,
        order.heldUntil ?? 0,
      );
      companion?.released(id, t, start, at);
      at(start, async () => runTask(job, order, 0, start));
    }
  }

  /** A plan of the order for `quantity`: booked, released some days later. */
  async function plan(order: OrderPlan, quantity: number, t: number) {
    const orderId = order.id as number;
    const lag = today - t < 10 * DAY ? rng.int(1, 4) : rng.int(1, 3);
    const releaseAt = office(midnight(t) + lag * DAY + 9 * HOUR, rng);
    const planId = await producePlan.create(tx, adminId, {
      produceOrderId: orderId,
      quantity,
      areaId: order.product.line,
      planStartTime: factoryText(nextWorkday(midnight(releaseAt)) + 8 * HOUR),
    });
    // the planner schedules it (排产) around the plans already on the stations; the last day's
    // plans still wait for it, unless they are released before now (never released unscheduled)
    if (today - t > DAY || releaseAt <= now) await runSchedule(tx, [planId], new Date(t));
    at(releaseAt, async () => {
      await producePlanActions.act(tx, admin, 'release', { id: planId });
      await released(order, planId, releaseAt);
    });
  }

  for (const order of orders) {
    at(order.at, async () => {
      order.id = await produceOrder.create(tx, adminId, {
        materialsId: order.product.id,
        customerId: customerIds.length ? rng.pick(customerIds) : null,
        quantity: order.quantity,
        deliveryTime: factoryText(order.delivery),
        priority: order.priority,
        source: 0,
      });
      const id = order.id;
      if (order.cancelled) {
        // withdrawn by the customer before anything was planned
        at(office(order.at + rng.int(20, 60) * HOUR, rng), async () => {
          await produceOrderActions.act(tx, admin, 'cancel', { id });
        });
        return;
      }
      // the planner confirms the day's orders the next working day
      const confirmAt = nextWorkday(midnight(order.at)) + rng.int(9 * 60, 11 * 60) * MINUTE;
      at(confirmAt, async () => {
        await produceOrderActions.act(tx, admin, 'confirm', { id });
        const planAt = office(confirmAt + rng.int(4, 30) * HOUR, rng);
        const firstPart = order.inTwo ? Math.ceil(order.quantity / 2) : order.quantity;
        at(planAt, () => plan(order, firstPart, planAt));
        if (order.inTwo) {
          const restAt = office(planAt + rng.int(6, 12) * DAY, rng);
          at(restAt, () => plan(order, order.quantity - firstPart, restAt));
        }
      });
    });
  }

  companion?.start(at);
  try {
    while (queue.length && queue[0].at <= now) {
      const next = queue.shift() as (typeof queue)[number];
      setClock(tx, new Date(next.at));
      await next.run();
    }
  } finally {
    setClock(tx, undefined);
  }
  // this morning's 排产: the scheduled plans not started yet are placed from now, so the Gantt
  // shows the coming work (the last day's new plans still wait for the planner)
  const unstarted = await tx
    .select({ id: producePlans.id })
    .from(producePlans)
    .where(and(inArray(producePlans.scheduleStatus, [2, 3]), eq(producePlans.planProgress, 0)));
  if (unstarted.length)
    await runSchedule(
      tx,
      unstarted.map((p) => p.id),
      new Date(now),
    );
}
