import { formatFactoryTime } from '@factory/shared/factoryTime';
import { and, asc, eq, gt, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db.ts';
import { sqlIn } from '../../../platform/sqlIn.ts';
import {
  areas,
  procedures,
  processFlowStepAreas,
  processFlowStepStations,
  processFlowSteps,
  stationProcedures,
  stations,
  workCalendarDays,
} from '../../information/index.ts';
import { frequencies } from '../../setting/index.ts';
import { planOperations, produceOrders, producePlans, produceTasks, produceWorkOrders } from '../schema.ts';
import { dayOf, fromMinute, minutesOfDay, toMinute, WorkCalendar } from './calendar.ts';
import { type Booking, type Job, type Station, schedule } from './scheduler.ts';

/**
 * schedulePlan (docs/scheduling.md): the chosen plans (or every plan not started and not locked)
 * scheduled from `from` around the operations of the others, in one transaction: each plan's
 * operations, its times and status (0 → 2, 1 → 3) and its sequence on its line, its unstarted work
 * orders' and tasks' times. Answers the late plans with the station each waited longest for.
 */
export async function runSchedule(tx: Tx, planIds: number[] | undefined, from: Date) {
  const candidates = await tx
    .select({
      id: producePlans.id,
      code: producePlans.code,
      areaId: producePlans.areaId,
      quantity: producePlans.quantity,
      flowVersionId: producePlans.flowVersionId,
      scheduleStatus: producePlans.scheduleStatus,
      sortOrder: producePlans.sortOrder,
      deliveryTime: produceOrders.deliveryTime,
      priority: produceOrders.priority,
    })
    .from(producePlans)
    .innerJoin(produceOrders, eq(produceOrders.id, producePlans.produceOrderId))
    .where(
      and(
        inArray(producePlans.scheduleStatus, [0, 1, 2, 3]),
        eq(producePlans.planProgress, 0),
        eq(producePlans.isLocked, false),
        planIds?.length ? inArray(producePlans.id, planIds) : undefined,
      ),
    )
    .orderBy(asc(producePlans.sortOrder), asc(producePlans.createdAt), asc(producePlans.id))
    .for('update', { of: producePlans });
  if (!candidates.length) return { scheduled: 0, late: [] };
  const start = toMinute(from);
  const moving = candidates.map((c) => c.id);

  const versionIds = [...new Set(candidates.map((c) => c.flowVersionId))];
  const steps = await tx
    .select({
      id: processFlowSteps.id,
      versionId: processFlowSteps.versionId,
      seq: processFlowSteps.seq,
      procedureId: processFlowSteps.procedureId,
      outsourced: sql<boolean>`${processFlowSteps.processType} = 1`,
      minutes: sql<
        string | null
      >`coalesce(${processFlowSteps.standardMinutes}, ${procedures.standardMinutes})`,
      setup: processFlowSteps.setupMinutes,
      transfer: processFlowSteps.transferQuantity,
    })
    .from(processFlowSteps)
    .innerJoin(procedures, eq(procedures.id, processFlowSteps.procedureId))
    .where(inArray(processFlowSteps.versionId, versionIds))
    .orderBy(asc(processFlowSteps.versionId), asc(processFlowSteps.seq));
  const stepIds = steps.map((s) => s.id);
  const lineIds = [...new Set(candidates.map((c) => c.areaId))];
  // a step's named stations, on any line: a coil may be wound in another workshop (making.ts)
  const stepStations = stepIds.length
    ? await tx
        .select({
          stepId: processFlowStepStations.stepId,
          stationId: processFlowStepStations.stationId,
          areaId: stations.areaId,
        })
        .from(processFlowStepStations)
        .innerJoin(stations, eq(stations.id, processFlowStepStations.stationId))
        .where(inArray(processFlowStepStations.stepId, stepIds))
    : [];
  const stepLines = stepIds.length
    ? await tx
        .select({ stepId: processFlowStepAreas.stepId, areaId: processFlowStepAreas.areaId })
        .from(processFlowStepAreas)
        .where(inArray(processFlowStepAreas.stepId, stepIds))
    : [];
  const placeIds = [...new Set(stepStations.map((s) => s.stationId))];
  const lineStations = await tx
    .select({ id: stations.id, areaId: stations.areaId, efficiency: stations.efficiency })
    .from(stations)
    .where(
      or(inArray(stations.areaId, lineIds), placeIds.length ? inArray(stations.id, placeIds) : undefined),
    )
    .orderBy(asc(stations.code), asc(stations.id));
  const can = await tx
    .select({ stationId: stationProcedures.stationId, procedureId: stationProcedures.procedureId })
    .from(stationProcedures)
    .where(
      inArray(
        stationProcedures.stationId,
        lineStations.map((s) => s.id),
      ),
    );
  const allLines = [...new Set([...lineIds, ...lineStations.map((s) => s.areaId)])];
  const calendars = await calendarsOf(tx, allLines);
  const lineEfficiency = new Map(
    (
      await tx
        .select({ id: areas.id, efficiency: areas.efficiency })
        .from(areas)
        .where(inArray(areas.id, lineIds))
    ).map((a) => [a.id, Number(a.efficiency ?? 1) || 1]),
  );

  // a line with no station able to do a step does it on the line as a whole (a station of its own)
  const places = new Map<number, Station>();
  for (const s of lineStations)
    places.set(s.id, {
      id: s.id,
      calendar: calendars(s.areaId),
      efficiency: (lineEfficiency.get(s.areaId) ?? 1) * (Number(s.efficiency ?? 1) || 1),
    });
  const lineAsStation = (areaId: number) => {
    const id = -areaId;
    if (!places.has(id))
      places.set(id, { id, calendar: calendars(areaId), efficiency: lineEfficiency.get(areaId) ?? 1 });
    return id;
  };
  // outsourced steps wait for no station of ours: each gets a place of its own, round the clock
  const outside = new WorkCalendar({ shifts: [] });
  let outsideId = -1_000_000_000;

  const named = new Map<number, { stationId: number; areaId: number }[]>();
  for (const s of stepStations) named.set(s.stepId, [...(named.get(s.stepId) ?? []), s]);
  const linesOfStep = new Map<number, Set<number>>();
  for (const l of stepLines)
    linesOfStep.set(l.stepId, (linesOfStep.get(l.stepId) ?? new Set()).add(l.areaId));
  const doing = new Map<number, Set<number>>();
  for (const c of can) doing.set(c.procedureId, (doing.get(c.procedureId) ?? new Set()).add(c.stationId));
  const order = new Map(lineStations.map((s, i) => [s.id, i]));
  /**
   * Where a step may run for a plan on `areaId`, as its tasks will (making.ts snapshotStations): its
   * named stations on that line when the step runs on it, else all its named stations; none named:
   * the line's stations able to do its procedure.
   */
  const allowedFor = (stepId: number, procedureId: number, areaId: number) => {
    const mine = named.get(stepId) ?? [];
    const onLine = linesOfStep.get(stepId)?.has(areaId);
    const picked = mine.length
      ? mine.filter((m) => m.areaId === areaId || !onLine).map((m) => m.stationId)
      : lineStations
          .filter((st) => st.areaId === areaId && doing.get(procedureId)?.has(st.id))
          .map((st) => st.id);
    return picked.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  };

  const jobs: Job[] = candidates.map((c, rank) => ({
    id: c.id,
    priority: c.priority,
    due: toMinute(c.deliveryTime),
    release: start,
    rank,
    steps: steps
      .filter((s) => s.versionId === c.flowVersionId)
      .map((s) => {
        const setup = Number(s.setup ?? 0);
        const work = setup + Number(s.minutes ?? 0) * Number(c.quantity);
        // a transfer batch smaller than the plan lets the next step overlap this one
        const batch = Number(s.transfer ?? 0);
        const transfer = batch > 0 && batch < Number(c.quantity) ? batch / Number(c.quantity) : undefined;
        const common = { key: s.seq, work, setup, transfer };
        if (s.outsourced) {
          const id = outsideId--;
          places.set(id, { id, calendar: outside, efficiency: 1 });
          return { ...common, stations: [id] };
        }
        const allowed = allowedFor(s.id, s.procedureId, c.areaId);
        return { ...common, stations: allowed.length ? allowed : [lineAsStation(c.areaId)] };
      }),
  }));

  // what the plans not being scheduled already hold on these stations (outsourced steps hold none)
  const held = await tx
    .select({
      stationId: sql<number>`${planOperations.stationId}`,
      start: planOperations.startTime,
      end: planOperations.endTime,
    })
    .from(planOperations)
    .innerJoin(producePlans, eq(producePlans.id, planOperations.planId))
    .where(
      and(
        notInArray(planOperations.planId, moving),
        gt(planOperations.endTime, from),
        inArray(producePlans.scheduleStatus, [1, 2, 3]),
        inArray(planOperations.stationId, lineStations.map((s) => s.id).concat(-1)),
      ),
    );
  const bookings: Booking[] = held.map((h) => ({
    stationId: h.stationId,
    start: toMinute(h.start),
    end: toMinute(h.end),
  }));

  const result = schedule([...places.values()], jobs, bookings, start);
  await writeSchedule(tx, candidates, result.jobs);
  const names = new Map(
    (
      await tx
        .select({ id: stations.id, name: stations.name })
        .from(stations)
        .where(
          inArray(
            stations.id,
            lineStations.map((s) => s.id),
          ),
        )
    ).map((s) => [s.id, s.name]),
  );
  const byId = new Map(candidates.map((c) => [c.id, c]));
  return {
    scheduled: candidates.length,
    late: result.jobs
      .filter((j) => j.tardiness > 0)
      .map((j) => {
        const plan = byId.get(j.id);
        return {
          id: j.id,
          code: plan?.code ?? '',
          planEndTime: formatFactoryTime(fromMinute(j.end)),
          deliveryTime: formatFactoryTime(plan?.deliveryTime ?? from),
          lateMinutes: j.tardiness,
          bottleneck:
            j.bottleneck !== undefined && j.bottleneck > 0 ? (names.get(j.bottleneck) ?? null) : null,
        };
      }),
  };
}

/** The plans' operations, times, status and line sequence; their unstarted work orders and tasks. */
async function writeSchedule(
  tx: Tx,
  plans: { id: number; scheduleStatus: number }[],
  placed: ReturnType<typeof schedule>['jobs'],
) {
  const ids = plans.map((p) => p.id);
  await tx.delete(planOperations).where(inArray(planOperations.planId, ids));
  const seqOf = new Map(placed.map((j, i) => [j.id, i + 1]));
  const procedureOf = new Map(
    (
      await tx
        .select({
          planId: producePlans.id,
          seq: processFlowSteps.seq,
          procedureId: processFlowSteps.procedureId,
        })
        .from(producePlans)
        .innerJoin(processFlowSteps, eq(processFlowSteps.versionId, producePlans.flowVersionId))
        .where(inArray(producePlans.id, ids))
    ).map((r) => [`${r.planId}:${r.seq}`, r.procedureId]),
  );
  const rows = placed.flatMap((j) =>
    j.steps.map((s) => ({
      planId: j.id,
      seq: s.key,
      procedureId: procedureOf.get(`${j.id}:${s.key}`) as number,
      stationId: s.stationId > 0 ? s.stationId : null,
      startTime: fromMinute(s.start),
      endTime: fromMinute(s.end),
    })),
  );
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(planOperations).values(rows.slice(i, i + 1000));
  for (const j of placed) {
    const startTime = fromMinute(j.start);
    const endTime = fromMinute(j.end);
    await tx
      .update(producePlans)
      .set({
        planStartTime: startTime,
        planEndTime: endTime,
        sortOrder: seqOf.get(j.id) ?? 0,
        scheduleStatus: sql`case ${producePlans.scheduleStatus} when 0 then 2 when 1 then 3 else ${producePlans.scheduleStatus} end`,
        version: sql`${producePlans.version} + 1`,
      })
      .where(eq(producePlans.id, j.id));
    await tx
      .update(produceWorkOrders)
      .set({
        planStartTime: startTime,
        planEndTime: endTime,
        version: sql`${produceWorkOrders.version} + 1`,
      })
      .where(and(eq(produceWorkOrders.planId, j.id), eq(produceWorkOrders.status, 0)));
  }
  await taskTimesFromPlans(tx, ids);
}

/** The unstarted tasks of these plans' work orders take their step's operation (at release too). */
export async function taskTimesFromPlans(tx: Tx, planIds: number[]): Promise<void> {
  if (!planIds.length) return;
  await tx.execute(sql`
    update ${produceTasks} t set plan_station_id = o.station_id, plan_start_time = o.start_time,
      plan_end_time = o.end_time
    from ${produceWorkOrders} w, ${planOperations} o
    where w.id = t.work_order_id and o.plan_id = w.plan_id and o.seq = t.seq and t.status = 0
      and ${sqlIn(sql`w.plan_id`, planIds)}`);
}

/**
 * Each line's calendar: the tenant's enabled shifts on every day, less the holidays of the factory
 * and of the line, plus the line's (or the factory's) exception working days.
 */
export async function calendarsOf(tx: Tx, lineIds: number[]) {
  const shifts = (
    await tx
      .select({ start: frequencies.startTime, end: frequencies.endTime })
      .from(frequencies)
      .where(eq(frequencies.enabled, true))
  ).map((f) => ({ start: minutesOfDay(f.start), end: minutesOfDay(f.end) }));
  const days = await tx
    .select({ day: workCalendarDays.day, areaId: workCalendarDays.areaId, kind: workCalendarDays.kind })
    .from(workCalendarDays)
    .where(or(isNull(workCalendarDays.areaId), inArray(workCalendarDays.areaId, lineIds)));
  const made = new Map<number, WorkCalendar>();
  return (areaId: number) => {
    let cal = made.get(areaId);
    if (!cal) {
      const mine = days.filter((d) => d.areaId === null || d.areaId === areaId);
      cal = new WorkCalendar({
        shifts,
        restDays: new Set(mine.filter((d) => d.kind === 0).map((d) => dayOf(d.day))),
        workDays: new Set(mine.filter((d) => d.kind === 1).map((d) => dayOf(d.day))),
      });
      made.set(areaId, cal);
    }
    return cal;
  };
}
