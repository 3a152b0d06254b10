import { processFlowApi } from '@factory/shared/api/processFlow';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchVal } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { walkMachine } from '../../testing/machineWalk.ts';
import { producePlanActions, producePlans } from './index.ts';
import {
  addOrder,
  addPlan,
  PRODUCTION,
  type ProductionFixture,
  productionFixture,
  release,
} from './testing.ts';

const P = `${PRODUCTION}producePlan/`;
const O = `${PRODUCTION}produceOrder/`;
const M = `${PRODUCTION}produceWorkOrderPlanMaterials/`;
type Plan = {
  id: number;
  code: string;
  version: number;
  quantity: number;
  scheduleStatus: number;
  planProgress: number;
  areaName: string;
  versionName: string;
  planStartTime: string | null;
  planEndTime: string | null;
  priority: number;
};

let h: Harness;
let f: ProductionFixture;

beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h, 'plan');
});
afterAll(() => h.close());

const plan = (id: number) => f.a.ok<Plan>(f.a.get(`${P}getProducePlanDetail`, { id }));
const order = (id: number) =>
  f.a.ok<{ planStatus: number; plannedQuantity: number; version: number }>(
    f.a.get(`${O}getProduceOrderDetail`, { id }),
  );

describe('production plans', () => {
  it('takes a quantity of a confirmed order to a line of its main version, explodes the BOM and follows the order', async () => {
    const o = await addOrder(f, { quantity: 10, priority: 1 });
    const p = await addPlan(f, o.id, { quantity: 4, planStartTime: '2026-12-01 08:00:00' });
    const row = await plan(p.id);
    expect(row).toMatchObject({
      quantity: 4,
      scheduleStatus: 0,
      planProgress: 0,
      areaName: '油变一线',
      versionName: 'V1',
      priority: 1,
      planStartTime: '2026-12-01 08:00:00',
    });
    // 90 + 120 + 45 standard minutes a unit × 4 = 1020 minutes = 17 hours
    expect(row.planEndTime).toBe('2026-12-02 01:00:00');
    expect(await order(o.id)).toMatchObject({ planStatus: 3, plannedQuantity: 4 });
    const mats = await f.a.ok<{ code: string; requiredQuantity: number }[]>(
      f.a.get(`${M}getProduceWorkOrderPlanMaterialsList`, { planId: p.id }),
    );
    expect(mats.map((m) => [m.code, m.requiredQuantity])).toEqual([
      ['CORE-400', 4],
      ['CU-1.8', 160],
    ]);
    await addPlan(f, o.id, { quantity: 6 });
    expect(await order(o.id)).toMatchObject({ planStatus: 1, plannedQuantity: 10 });
  });

  it('refuses more than the order has left, an unconfirmed order and a line the flow does not allow', async () => {
    const o = await addOrder(f, { quantity: 5 });
    const over = await f.a.post(`${P}addProducePlan`, {
      produceOrderId: o.id,
      quantity: 6,
      areaId: f.ids.line,
    });
    expect(over.body).toMatchObject({ errorCode: 1 });
    expect(over.body.errorMsg).toBe(`计划数量超出订单“${o.code}”的未计划数量5`);
    const line = await f.a.post(`${P}addProducePlan`, {
      produceOrderId: o.id,
      quantity: 1,
      areaId: f.ids.otherLine,
    });
    expect(line.body.errorMsg).toBe('该工艺没有此产线');
    const draft = await addOrder(f, {}, { confirm: false });
    const unconfirmed = await f.a.post(`${P}addProducePlan`, {
      produceOrderId: draft.id,
      quantity: 1,
      areaId: f.ids.line,
    });
    expect(unconfirmed.body.errorMsg).toBe(`订单“${draft.code}”未确认，不能安排计划`);
  });

  it('releases into a work order with one task per step at the line’s stations, and withdraws it', async () => {
    const o = await addOrder(f, { quantity: 3 });
    const p = await addPlan(f, o.id, { quantity: 3 });
    const released = await release(f, p.id);
    expect(released.scheduleStatus).toBe(1);
    const wos = await f.a.ok<{ content: { id: number; code: string; status: number; quantity: number }[] }>(
      f.a.get(`${PRODUCTION}produceWorkOrder/getProduceWorkOrderListPage`, {
        currentPage: 1,
        pageSize: 20,
        searchVal: await searchVal([
          { fieldName: 'planNumber', fieldType: 'string', operator: 'like', fieldValue: p.code },
        ]),
      }),
    );
    expect(wos.content).toHaveLength(1);
    expect(wos.content[0]).toMatchObject({ status: 0, quantity: 3 });
    const tasks = await f.a.ok<{ procedureName: string; inQuantity: number; stations: { name: string }[] }[]>(
      f.a.get(`${PRODUCTION}produceTask/getProduceTaskList`, { workOrderId: wos.content[0].id }),
    );
    expect(tasks.map((t) => [t.procedureName, t.inQuantity, t.stations.map((s) => s.name)])).toEqual([
      ['绕线', 3, ['绕线工位1', '绕线工位2']],
      ['总装', 0, ['总装工位1']],
      ['试验', 0, ['试验站1']],
    ]);
    const edit = await f.a.put(`${P}updateOne`, { id: p.id, version: released.version, quantity: 2 });
    expect(edit.body.errorMsg).toBe(`生产计划“${p.code}”已下达，不能修改，请先撤回`);
    const withdrawn = await f.a.ok<{ scheduleStatus: number; version: number }>(
      f.a.post(`${P}withdraw`, { id: p.id, version: released.version }),
    );
    expect(withdrawn.scheduleStatus).toBe(0);
    const after = await f.a.ok<{ status: number }>(
      f.a.get(`${PRODUCTION}produceWorkOrder/getProduceWorkOrderDetail`, { id: wos.content[0].id }),
    );
    expect(after.status).toBe(9);
    await f.a.ok(f.a.del(`${P}deleteOne`, p.id));
    expect((await order(o.id)).planStatus).toBe(0);
  });

  it('quick-adds an order and its plan in one transaction, and rolls both back when the plan is refused', async () => {
    const body = {
      materialsId: f.ids.product,
      quantity: 2,
      deliveryTime: '2026-12-20 17:00:00',
      priority: 2,
      customerId: f.ids.customer,
      areaId: f.ids.line,
    };
    const made = await f.a.ok<{ orderId: number; planId: number; orderCode: string; planCode: string }>(
      f.a.post(`${O}addQuickOrder`, body),
    );
    expect(made.orderCode).toMatch(/^MO/);
    expect(made.planCode).toMatch(/^PL/);
    expect(await order(made.orderId)).toMatchObject({ planStatus: 1, plannedQuantity: 2 });
    const before = await f.a.ok<{ total: number }>(
      f.a.get(`${O}getProduceOrderListPage`, { currentPage: 1, pageSize: 20 }),
    );
    const refused = await f.a.post(`${O}addQuickOrder`, { ...body, areaId: f.ids.otherLine });
    expect(refused.body.errorMsg).toBe('该工艺没有此产线');
    const after = await f.a.ok<{ total: number }>(
      f.a.get(`${O}getProduceOrderListPage`, { currentPage: 1, pageSize: 20 }),
    );
    expect(after.total).toBe(before.total);
  });

  it('schedules by priority, each step on a free station it allows, after the step before', async () => {
    const g = await productionFixture(h, 'plan2');
    const late = await addOrder(g, { quantity: 1, priority: 0, deliveryTime: '2026-12-10 17:00:00' });
    const urgent = await addOrder(g, { quantity: 1, priority: 2, deliveryTime: '2026-12-30 17:00:00' });
    const p1 = await addPlan(g, late.id, { quantity: 1 });
    const p2 = await addPlan(g, urgent.id, { quantity: 1 });
    const res = await g.a.ok<{ scheduled: number }>(
      g.a.post(`${P}schedulePlan`, { startFrom: '2026-12-01 08:00:00' }),
    );
    expect(res.scheduled).toBe(2);
    const a = await g.a.ok<Plan>(g.a.get(`${P}getProducePlanDetail`, { id: p2.id }));
    const b = await g.a.ok<Plan>(g.a.get(`${P}getProducePlanDetail`, { id: p1.id }));
    expect([a.planStartTime, a.planEndTime, a.scheduleStatus]).toEqual([
      '2026-12-01 08:00:00',
      '2026-12-01 12:15:00',
      2,
    ]);
    // the normal plan winds at the second winding station meanwhile, then waits for 总装 (no shifts
    // set: round the clock): 绕线 08:00–09:30, 总装 11:30–13:30 after the urgent one's, 试验 to 14:15
    expect([b.planStartTime, b.planEndTime]).toEqual(['2026-12-01 08:00:00', '2026-12-01 14:15:00']);
    const operations = await h.db.systemQuery<{ seq: number; station: string; start: string }>(
      sql`select o.seq, s.name as station, to_char(o.start_time at time zone 'Asia/Shanghai', 'HH24:MI') as start
        from plan_operation o join station s on s.id = o.station_id where o.plan_id = ${p1.id} order by o.seq`,
    );
    expect(operations).toEqual([
      { seq: 1, station: '绕线工位2', start: '08:00' },
      { seq: 2, station: '总装工位1', start: '11:30' },
      { seq: 3, station: '试验站1', start: '13:30' },
    ]);
    const gantt = await g.a.ok<{ name: string; gtArray: { id: number; isPlan: number }[] }[]>(
      g.a.post(`${P}getSchedulePlanList`, {
        beginTime: '2026-12-01 00:00:00',
        endTime: '2026-12-02 00:00:00',
      }),
    );
    expect(gantt.map((l) => [l.name, l.gtArray.map((x) => x.id)])).toEqual([['油变一线', [p2.id, p1.id]]]);
  });
});

describe('the finite-capacity scheduler on a tenant', () => {
  it('works the shifts less the holidays, gives released plans’ tasks their times, and says why a plan is late', async () => {
    const g = await productionFixture(h, 'plan3');
    await g.a.ok(
      g.a.post('authority/private/frequency/addFrequency', {
        name: '白班',
        startTime: '08:00',
        endTime: '17:00',
      }),
    );
    const CAL = `${PRODUCTION}workCalendar/`;
    await g.a.ok(g.a.post(`${CAL}addWorkCalendar`, { day: '2026-12-02', kind: 0, remark: '检修停产' }));
    const twice = await g.a.post(`${CAL}addWorkCalendar`, { day: '2026-12-02', kind: 1 });
    expect(twice.body).toMatchObject({ errorCode: 1, errorMsg: '全厂2026-12-02已在日历中' });
    // a line's own day is another entry (the other line works the 2nd: it changes nothing here)
    await g.a.ok(g.a.post(`${CAL}addWorkCalendar`, { day: '2026-12-02', kind: 1, areaId: g.ids.otherLine }));
    const due = { quantity: 2, priority: 0, deliveryTime: '2026-12-01 17:00:00' };
    const first = await addPlan(g, (await addOrder(g, due)).id, { quantity: 2 });
    const second = await addPlan(g, (await addOrder(g, due)).id, { quantity: 2 });
    await release(g, first.id);
    const run = () =>
      g.a.ok<{
        scheduled: number;
        late: { id: number; planEndTime: string; lateMinutes: number; bottleneck: string | null }[];
      }>(g.a.post(`${P}schedulePlan`, { startFrom: '2026-12-01 08:00:00' }));
    const res = await run();
    expect(res.scheduled).toBe(2);
    // the second winds beside the first, then waits for 总装 until 15:00, works it to 17:00, and
    // (the 2nd a holiday) from 08:00 on the 3rd; 试验 ends 11:30
    expect(res.late).toEqual([
      {
        id: second.id,
        code: expect.any(String),
        planEndTime: '2026-12-03 11:30:00',
        deliveryTime: '2026-12-01 17:00:00',
        lateMinutes: 2550,
        bottleneck: '总装工位1',
      },
    ]);
    const tasks = await h.db.systemQuery<{ seq: number; station: string; span: string }>(
      sql`select t.seq, s.name as station,
          to_char(t.plan_start_time at time zone 'Asia/Shanghai', 'MM-DD HH24:MI') || '–' ||
          to_char(t.plan_end_time at time zone 'Asia/Shanghai', 'MM-DD HH24:MI') as span
        from produce_task t join produce_work_order w on w.id = t.work_order_id
        join station s on s.id = t.plan_station_id where w.plan_id = ${first.id} order by t.seq`,
    );
    expect(tasks).toEqual([
      { seq: 1, station: '绕线工位1', span: '12-01 08:00–12-01 11:00' },
      { seq: 2, station: '总装工位1', span: '12-01 11:00–12-01 15:00' },
      { seq: 3, station: '试验站1', span: '12-01 15:00–12-01 16:30' },
    ]);
    const released = await g.a.ok<Plan>(g.a.get(`${P}getProducePlanDetail`, { id: first.id }));
    expect(released.scheduleStatus).toBe(3);
    // the same input, the same schedule; the other plan's operations are kept around it
    const again = await g.a.ok<{ late: unknown[] }>(
      g.a.post(`${P}schedulePlan`, { planIds: [first.id], startFrom: '2026-12-01 08:00:00' }),
    );
    expect(again.late).toEqual([]);
    expect(await run()).toEqual(res);
  });
});

describe('set-up and transfer batches of a step', () => {
  it('saves them with the step, and 排产 starts the next step once the first batch is done', async () => {
    const g = await productionFixture(h, 'plan5');
    const steps = [
      // 绕线 30 min set-up, then passes each coil on; 总装 and 试验 take the plan whole
      {
        procedureId: g.ids.winding,
        processType: 0,
        setupMinutes: 30,
        transferQuantity: 1,
        areaIds: [g.ids.line],
        stationIds: [g.ids.windingStation],
      },
      {
        procedureId: g.ids.assembly,
        processType: 0,
        areaIds: [g.ids.line],
        stationIds: [g.ids.assemblyStation],
      },
      {
        procedureId: g.ids.testing,
        processType: 0,
        areaIds: [g.ids.line],
        stationIds: [g.ids.testingStation],
      },
    ];
    await g.a.ok(g.a.put(processFlowApi.saveSteps.path, { id: g.ids.mainVersion, steps }));
    const detail = await g.a.ok<{
      steps: { setupMinutes: number | null; transferQuantity: number | null }[];
    }>(g.a.get(processFlowApi.versionDetail.path, { id: g.ids.mainVersion }));
    expect(detail.steps.map((s) => [s.setupMinutes, s.transferQuantity])).toEqual([
      [30, 1],
      [null, null],
      [null, null],
    ]);
    const refused = await g.a.put(processFlowApi.saveSteps.path, {
      id: g.ids.mainVersion,
      steps: [{ ...steps[0], transferQuantity: 0 }, steps[1], steps[2]],
    });
    expect(refused.body.errorCode).toBe(1);

    const p = await addPlan(g, (await addOrder(g, { quantity: 2 })).id, { quantity: 2 });
    await g.a.ok(g.a.post(`${P}schedulePlan`, { startFrom: '2026-12-01 08:00:00' }));
    const ops = await h.db.systemQuery<{ span: string }>(
      sql`select to_char(start_time at time zone 'Asia/Shanghai', 'HH24:MI') || '–' ||
          to_char(end_time at time zone 'Asia/Shanghai', 'HH24:MI') as span
        from plan_operation where plan_id = ${p.id} order by seq`,
    );
    // 绕线 08:00–11:30 (30 + 2 × 90); 总装 (2 × 120) from the first coil at 10:00, its second unit
    // after the last coil at 11:30: 10:00–14:00 ends later than 11:30 + 120, so it keeps 10:00
    expect(ops.map((o) => o.span)).toEqual(['08:00–11:30', '10:00–14:00', '14:00–15:30']);
  });
});

describe('the Gantt’s moves, locks and warnings', () => {
  it('moves a plan’s steps with it, warns of a double-booked station, keeps a locked plan where it is', async () => {
    const g = await productionFixture(h, 'plan4');
    await g.a.ok(
      g.a.post('authority/private/frequency/addFrequency', {
        name: '白班',
        startTime: '08:00',
        endTime: '17:00',
      }),
    );
    const due = { quantity: 2, priority: 0, deliveryTime: '2026-12-01 17:00:00' };
    const a = await addPlan(g, (await addOrder(g, due)).id, { quantity: 2 });
    const b = await addPlan(g, (await addOrder(g, due)).id, { quantity: 2 });
    await g.a.ok(g.a.post(`${P}schedulePlan`, { startFrom: '2026-12-01 08:00:00' }));
    type Block = {
      id: number;
      version: number;
      start: string;
      end: string;
      isLocked: number;
      warnings: string[];
    };
    const blocks = async () =>
      new Map(
        (
          await g.a.ok<{ gtArray: Block[] }[]>(
            g.a.post(`${P}getSchedulePlanList`, {
              beginTime: '2026-11-30 00:00:00',
              endTime: '2026-12-10 00:00:00',
            }),
          )
        )
          .flatMap((l) => l.gtArray)
          .map((x) => [x.id, x]),
      );
    let now = await blocks();
    expect(now.get(a.id)?.warnings).toEqual([]);
    // a plan number (or an order number, a product) narrows the chart to its plans
    const found = await g.a.ok<{ gtArray: Block[] }[]>(
      g.a.post(`${P}getSchedulePlanList`, {
        beginTime: '2026-11-30 00:00:00',
        endTime: '2026-12-10 00:00:00',
        keyword: ` ${String((now.get(b.id) as unknown as { code: string }).code)} `,
      }),
    );
    expect(found.flatMap((l) => l.gtArray.map((x) => x.id))).toEqual([b.id]);
    // by station: each step a block of its plan, the stations in line and code order (no holiday
    // here: the second plan's 总装 goes on the next morning)
    const byStation = await g.a.ok<{ name: string; gtArray: (Block & { name: string })[] }[]>(
      g.a.post(`${P}getScheduleStationList`, {
        beginTime: '2026-11-30 00:00:00',
        endTime: '2026-12-10 00:00:00',
      }),
    );
    expect(byStation.map((r) => [r.name, r.gtArray.map((x) => [x.id, x.start])])).toEqual([
      ['绕线工位1', [[a.id, '2026-12-01 08:00:00']]],
      ['绕线工位2', [[b.id, '2026-12-01 08:00:00']]],
      [
        '总装工位1',
        [
          [a.id, '2026-12-01 11:00:00'],
          [b.id, '2026-12-01 15:00:00'],
        ],
      ],
      [
        '试验站1',
        [
          [a.id, '2026-12-01 15:00:00'],
          [b.id, '2026-12-02 10:00:00'],
        ],
      ],
    ]);
    expect(byStation[0].gtArray[0].name).toMatch(/^PL\d+ 绕线$/);
    expect(now.get(b.id)?.warnings).toEqual(['晚于交货日期']);

    const locked = await g.a.ok<Block>(
      g.a.post(`${P}lockPlan`, { id: b.id, isLocked: 1, version: now.get(b.id)?.version }),
    );
    expect(locked.isLocked).toBe(1);
    const refused = await g.a.post(`${P}updatePlanOrderByTime`, {
      id: b.id,
      planStartTime: '2026-12-04 08:00:00',
    });
    expect(refused.body.errorMsg).toMatch(/^生产计划“PL\d+”已锁定，请先解锁再调整时间$/);

    // four hours later: its 总装 now runs 15:00–19:00 into the locked plan's, which is not pushed,
    // it ends after its delivery, and its 试验 would start at 19:00, after the day shift
    const moved = await g.a.ok<Block[]>(
      g.a.post(`${P}updatePlanOrderByTime`, { id: a.id, planStartTime: '2026-12-01 12:00:00' }),
    );
    expect(moved.map((x) => [x.id, x.start, x.warnings])).toEqual([
      [a.id, '2026-12-01 12:00:00', ['晚于交货日期', '工位“总装工位1”时间冲突', '工序“试验”排在非工作时间']],
    ]);
    const steps = await h.db.systemQuery<{ seq: number; span: string }>(
      sql`select seq, to_char(start_time at time zone 'Asia/Shanghai', 'HH24:MI') || '–' ||
          to_char(end_time at time zone 'Asia/Shanghai', 'HH24:MI') as span
        from plan_operation where plan_id = ${a.id} order by seq`,
    );
    expect(steps.map((x) => x.span)).toEqual(['12:00–15:00', '15:00–19:00', '19:00–20:30']);

    // scheduled again, the locked plan stays and the other fits around it
    const before = now.get(b.id);
    await g.a.ok(g.a.post(`${P}schedulePlan`, { startFrom: '2026-12-01 08:00:00' }));
    now = await blocks();
    expect([now.get(b.id)?.start, now.get(b.id)?.end]).toEqual([before?.start, before?.end]);
    expect([now.get(a.id)?.start, now.get(a.id)?.end, now.get(a.id)?.warnings]).toEqual([
      '2026-12-01 08:00:00',
      '2026-12-01 16:30:00',
      [],
    ]);

    // the flow may run on the other line too (winding there at its own station): moved there on
    // the Gantt, the plan's steps go to that line's places from where it stood
    const both = (procedureId: number, stationIds: number[]) => ({
      procedureId,
      processType: 0,
      areaIds: [g.ids.line, g.ids.otherLine],
      stationIds,
    });
    await g.a.ok(
      g.a.put('basicData/production/private/processFlowVersion/updateOne', {
        id: g.ids.mainVersion,
        steps: [
          both(g.ids.winding, [g.ids.windingStation, g.ids.otherLineStation]),
          both(g.ids.assembly, [g.ids.assemblyStation]),
          both(g.ids.testing, [g.ids.testingStation]),
        ],
      }),
    );
    await g.a.ok(
      g.a.put(`${P}updateOne`, { id: a.id, version: now.get(a.id)?.version, areaId: g.ids.otherLine }),
    );
    const placed = await h.db.systemQuery<{ seq: number; station: string | null; start: string }>(
      sql`select o.seq, s.name as station, to_char(o.start_time at time zone 'Asia/Shanghai', 'MM-DD HH24:MI') as start
        from plan_operation o left join station s on s.id = o.station_id where o.plan_id = ${a.id} order by o.seq`,
    );
    // 总装 and 试验 name no station of that line: the line does them as a whole
    expect(placed).toEqual([
      { seq: 1, station: '干变绕线工位', start: expect.any(String) },
      { seq: 2, station: null, start: expect.any(String) },
      { seq: 3, station: null, start: expect.any(String) },
    ]);
  });

  it('takes a move to another line back: line and start, even from the night or the past', async () => {
    const g = await productionFixture(h, 'plan6');
    await g.a.ok(
      g.a.post('authority/private/frequency/addFrequency', {
        name: '白班',
        startTime: '08:00',
        endTime: '17:00',
      }),
    );
    const both = (procedureId: number, stationIds: number[]) => ({
      procedureId,
      processType: 0,
      areaIds: [g.ids.line, g.ids.otherLine],
      stationIds,
    });
    await g.a.ok(
      g.a.put('basicData/production/private/processFlowVersion/updateOne', {
        id: g.ids.mainVersion,
        steps: [
          both(g.ids.winding, [g.ids.windingStation, g.ids.otherLineStation]),
          both(g.ids.assembly, [g.ids.assemblyStation]),
          both(g.ids.testing, [g.ids.testingStation]),
        ],
      }),
    );
    const due = { quantity: 2, priority: 2, deliveryTime: '2026-12-01 17:00:00' };
    const a = await addPlan(g, (await addOrder(g, due)).id, { quantity: 1 });
    const b = await addPlan(g, (await addOrder(g, due)).id, { quantity: 1 });
    await g.a.ok(g.a.post(`${P}schedulePlan`, { startFrom: '2026-12-01 08:00:00' }));
    type Detail = Plan & { areaId: number };
    const detail = (id: number) => g.a.ok<Detail>(g.a.get(`${P}getProducePlanDetail`, { id }));
    const where = async (id: number) => {
      const d = await detail(id);
      return [d.areaId, d.planStartTime];
    };
    /**
     * A drop as the Gantt saves it (gantt/move.ts applyMove): the line by updateOne, which places the
     * plan again on that line's stations; then the dropped start by updatePlanOrderByTime when the
     * line move gave another. Answers where the plan stood between the two calls.
     */
    const drop = async (id: number, areaId: number, start: string) => {
      let d = await detail(id);
      if (d.areaId !== areaId)
        d = await g.a.ok<Detail>(g.a.put(`${P}updateOne`, { id, version: d.version, areaId }));
      const between = [d.areaId, d.planStartTime];
      if (d.planStartTime !== start)
        await g.a.ok(g.a.post(`${P}updatePlanOrderByTime`, { id, planStartTime: start, version: d.version }));
      return between;
    };

    // as the e2e: the plan on the other line, dragged back to its first line and undone
    for (const start of ['2026-12-01 08:00:00', '2026-12-02 02:35:00', '2026-11-20 02:35:00']) {
      await drop(a.id, g.ids.otherLine, start);
      expect(await where(a.id)).toEqual([g.ids.otherLine, start]);
      const [, bStart] = await where(b.id);
      // dropped on the plan's first line at the other plan's start
      await drop(a.id, g.ids.line, bStart as string);
      expect(await where(a.id)).toEqual([g.ids.line, bStart]);
      // 撤销: the line is back with the first call, the start only with the second (a night start or
      // one before now is not where the line move places the plan: at a station's first free working
      // minute from where it stood, or from now)
      const between = await drop(a.id, g.ids.otherLine, start);
      expect(between[0]).toBe(g.ids.otherLine);
      if (start !== '2026-12-01 08:00:00') expect(between[1]).not.toBe(start);
      expect(await where(a.id)).toEqual([g.ids.otherLine, start]);
    }
  });
});

describe('the plan machine, walked', () => {
  it('refuses every (state, action) pair the declaration forbids, and no other', async () => {
    const o = await addOrder(f, { quantity: 1 });
    const p = await addPlan(f, o.id, { quantity: 1 });
    const steps = await walkMachine(h, f.tenant.id, producePlanActions, producePlans, p.id);
    expect(steps).toHaveLength(6 * 3 * 4);
  });
});
