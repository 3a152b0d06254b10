import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import {
  openWorkOrder,
  PRODUCTION,
  type ProductionFixture,
  productionFixture,
  reportWork,
} from './testing.ts';

const R = `${PRODUCTION}reportWork/`;
const W = `${PRODUCTION}produceWorkOrder/`;
const T = `${PRODUCTION}produceTask/`;
type Task = {
  id: number;
  inQuantity: number;
  goodQuantity: number;
  availableQuantity: number;
  status: number;
};
type Report = {
  id: number;
  code: string;
  goodQuantity: number;
  reversalOfCode: string | null;
  reversedAt: string | null;
};

let h: Harness;
let f: ProductionFixture;

beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h, 'rw');
});
afterAll(() => h.close());

const tasks = (workOrderId: number) => f.a.ok<Task[]>(f.a.get(`${T}getProduceTaskList`, { workOrderId }));
const reverse = (id: number) => f.a.post(`${R}withdraw`, { id, reason: '报错了' });

describe('report work', () => {
  it('lets exactly the available quantity through when 50 reports of 1 arrive at once', async () => {
    const wo = await openWorkOrder(f, 10);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 1 }),
      ),
    );
    const ok = results.filter((r) => r.body.errorCode === 0);
    expect(ok).toHaveLength(10);
    expect(new Set(results.filter((r) => r.body.errorCode !== 0).map((r) => r.body.errorMsg))).toEqual(
      new Set(['报工数量超出可报数量0']),
    );
    const [first, second] = await tasks(wo.id);
    expect([first.goodQuantity, first.availableQuantity, first.status]).toEqual([10, 0, 2]);
    expect(second.inQuantity).toBe(10);
  });

  it('refuses more than is available, defects that do not add up, and nothing at all', async () => {
    const wo = await openWorkOrder(f, 5);
    const over = await reportWork(f, {
      taskId: wo.taskIds[0],
      stationId: f.ids.windingStation,
      goodQuantity: 6,
    });
    expect(over.body).toMatchObject({ errorCode: 1, errorMsg: '报工数量超出可报数量5' });
    const lines = await reportWork(f, {
      taskId: wo.taskIds[0],
      stationId: f.ids.windingStation,
      goodQuantity: 1,
      defectQuantity: 2,
      defects: [{ scrapReasonId: 1, quantity: 1 }],
    });
    expect(lines.body.errorMsg).toBe('不良原因数量合计1与不良数量2不一致');
    const zero = await reportWork(f, {
      taskId: wo.taskIds[0],
      stationId: f.ids.windingStation,
      goodQuantity: 0,
    });
    expect(zero.body.errorCode).toBe(1);
    const station = await reportWork(f, {
      taskId: wo.taskIds[0],
      stationId: f.ids.otherLineStation,
      goodQuantity: 1,
    });
    expect(station.body).toMatchObject({ errorCode: 1, errorMsg: '所选工位不能做工序“绕线”，不能报工' });
  });

  it('sends repair back as a one-step rework work order', async () => {
    const wo = await openWorkOrder(f, 5);
    await f.a.ok(
      reportWork(f, {
        taskId: wo.taskIds[1 - 1],
        stationId: f.ids.windingStation,
        goodQuantity: 3,
        repairQuantity: 1,
      }),
    );
    const rework = await f.a.page<{
      id: number;
      quantity: number;
      workType: number;
      originWorkOrderNumber: string;
    }>(`${W}getProduceWorkOrderListPage`, [
      { fieldName: 'originWorkOrderNumber', operator: 'like', fieldValue: wo.code },
    ]);
    expect(rework.content.map((r) => [r.quantity, r.workType, r.originWorkOrderNumber])).toEqual([
      [1, 1, wo.code],
    ]);
    const steps = await f.a.ok<{ procedureName: string; inQuantity: number }[]>(
      f.a.get(`${T}getProduceTaskList`, { workOrderId: rework.content[0].id }),
    );
    expect(steps.map((s) => [s.procedureName, s.inQuantity])).toEqual([['绕线', 1]]);
    const detail = await f.a.ok<{ repairQuantity: number }>(
      f.a.get(`${W}getProduceWorkOrderDetail`, { id: wo.id }),
    );
    expect(detail.repairQuantity).toBe(1);
  });

  it('reverses a report with a negated record, refusing what the next step used and a second reversal', async () => {
    const wo = await openWorkOrder(f, 5);
    const r1 = await f.a.ok<{ id: number; code: string }>(
      reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 3 }),
    );
    const r2 = await f.a.ok<{ id: number; code: string }>(
      reportWork(f, { taskId: wo.taskIds[1], stationId: f.ids.assemblyStation, goodQuantity: 2 }),
    );
    const used = await reverse(r1.id);
    expect(used.body).toMatchObject({
      errorCode: 7,
      errorMsg: `下一工序“总装”已使用了报工记录“${r1.code}”的合格数量，不能撤销`,
    });
    const back2 = await f.a.ok<{ id: number; code: string }>(reverse(r2.id));
    await f.a.ok(reverse(r1.id));
    expect((await tasks(wo.id)).map((t) => [t.inQuantity, t.goodQuantity])).toEqual([
      [5, 0],
      [0, 0],
      [0, 0],
    ]);
    expect((await reverse(r1.id)).body.errorMsg).toBe(`报工记录“${r1.code}”已撤销，不能重复撤销`);
    expect((await reverse(back2.id)).body.errorMsg).toBe(`报工记录“${back2.code}”是撤销记录，不能再撤销`);
    const records = await f.a.ok<Report[]>(
      f.a.get(`${R}getReportWorkListByWorkOrder`, { workOrderId: wo.id }),
    );
    expect(records.map((r) => r.goodQuantity)).toEqual([3, 2, -2, -3]);
    expect(records[0].reversedAt).not.toBeNull();
    expect(records[3].reversalOfCode).toBe(r1.code);
    const page = await f.a.page<Report>(`${R}getReportWorkListPage`, [
      { fieldName: 'workOrderCode', operator: 'like', fieldValue: wo.code },
      { fieldName: 'procedureName', operator: 'like', fieldValue: '总装' },
    ]);
    expect(page.content.map((r) => r.goodQuantity).sort()).toEqual([-2, 2]);
    const file = await f.a.exported(`${R}export`, {});
    expect(file[0]).toContain('报工单号');
  });

  it('refuses a reversal once the work order is closed', async () => {
    const wo = await openWorkOrder(f, 1);
    const r = await f.a.ok<{ id: number }>(
      reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 1 }),
    );
    await f.a.ok(reportWork(f, { taskId: wo.taskIds[1], stationId: f.ids.assemblyStation, goodQuantity: 1 }));
    await f.a.ok(reportWork(f, { taskId: wo.taskIds[2], stationId: f.ids.testingStation, goodQuantity: 1 }));
    expect((await reverse(r.id)).body).toMatchObject({
      errorCode: 7,
      errorMsg: `工单“${wo.code}”已完成，不能撤销报工`,
    });
  });
});

describe('a report’s record', () => {
  let g: ProductionFixture;
  beforeAll(async () => {
    g = await productionFixture(h, 'rw3', [{ userName: 'op2', name: '李娜' }]);
  });

  it('numbers by the tenant’s rule and keeps its operators’ shares and its defects by reason', async () => {
    await g.a.ok(
      g.a.post('systemConfig/private/codeRule/addCodeRule', {
        docType: 'reportWork',
        prefix: 'RW-',
        dateFormat: '',
        seqLength: 3,
        resetPeriod: 0,
      }),
    );
    const S = 'basicData/production/private/scrapReason/';
    const reason = async (code: string, name: string) =>
      (await g.a.ok<{ id: number }>(g.a.post(`${S}addScrapReason`, { code, name }))).id;
    const [bubble, burr] = [await reason('R01', '气泡'), await reason('R02', '毛刺')];
    const wo = await openWorkOrder(g, 10);
    const first = await g.a.ok<{ id: number; code: string; task: Task }>(
      reportWork(g, {
        taskId: wo.taskIds[0],
        stationId: g.ids.windingStation,
        goodQuantity: 4,
        defectQuantity: 3,
        defects: [
          { scrapReasonId: burr, quantity: 1 },
          { scrapReasonId: bubble, quantity: 2 },
        ],
        userIds: [g.tenant.adminId, g.tenant.users.op2],
      }),
    );
    expect(first.code).toBe('RW-001');
    expect([first.task.goodQuantity, first.task.availableQuantity]).toEqual([4, 3]);
    const second = await g.a.ok<{ code: string }>(
      reportWork(g, { taskId: wo.taskIds[0], stationId: g.ids.windingStation, goodQuantity: 1 }),
    );
    expect(second.code).toBe('RW-002');
    const records = await g.a.ok<
      (Report & { userIds: number[]; userNames: string; defectReasons: string; defectQuantity: number })[]
    >(g.a.get(`${R}getReportWorkListByWorkOrder`, { workOrderId: wo.id }));
    expect(
      records.map((r) => [r.code, r.goodQuantity, r.defectQuantity, r.userNames, r.defectReasons]),
    ).toEqual([
      ['RW-001', 4, 3, '管理员、李娜', '气泡 2、毛刺 1'],
      ['RW-002', 1, 0, '管理员', null],
    ]);
    expect(records[0].userIds).toEqual([g.tenant.adminId, g.tenant.users.op2]);
    const [shares] = await h.db.systemQuery<{ shares: string[] }>(
      sql`select array_agg(share::text order by user_id) as shares from report_work_user where report_id = ${first.id}`,
    );
    expect(shares.shares).toEqual(['0.500000', '0.500000']);
    // the next step took the good in
    const steps = await g.a.ok<Task[]>(g.a.get(`${T}getProduceTaskList`, { workOrderId: wo.id }));
    expect(steps.map((t) => t.inQuantity)).toEqual([10, 5, 0]);
  });
});

describe('station terminal and salary', () => {
  let g: ProductionFixture;
  beforeAll(async () => {
    g = await productionFixture(h, 'rw2');
  });

  it('queues the station’s open tasks by planned start, priority and number, and finds a scanned code', async () => {
    const normal = await openWorkOrder(g, 1, { priority: 0 });
    const urgent = await openWorkOrder(g, 1, { priority: 2 });
    const queue = await g.a.ok<{
      station: { name: string };
      tasks: { workOrderCode: string; procedureName: string }[];
    }>(g.a.get(`${T}getStationTaskList`, { stationId: g.ids.windingStation }));
    expect(queue.station.name).toBe('绕线工位1');
    expect(queue.tasks.map((t) => [t.workOrderCode, t.procedureName])).toEqual([
      [urgent.code, '绕线'],
      [normal.code, '绕线'],
    ]);
    const found = await g.a.ok<{ tasks: { workOrderCode: string }[] }>(
      g.a.get(`${T}getStationTaskList`, { stationId: g.ids.windingStation, search: normal.code }),
    );
    expect(found.tasks.map((t) => t.workOrderCode)).toEqual([normal.code]);
    const none = await g.a.ok<{ station: null }>(g.a.get(`${T}getStationTaskList`, {}));
    expect(none).toEqual({ station: null, tasks: [] });
  });

  it('pays good × rate less defect × deduction, the product’s rate first, net of reversals', async () => {
    const P = `${PRODUCTION}pieceRate/`;
    await g.a.ok(
      g.a.post(`${P}addPieceRate`, { procedureId: g.ids.winding, unitPrice: 10, defectDeduction: 2 }),
    );
    await g.a.ok(g.a.post(`${P}addPieceRate`, { procedureId: g.ids.assembly, unitPrice: 5 }));
    await g.a.ok(
      g.a.post(`${P}addPieceRate`, {
        procedureId: g.ids.assembly,
        materialsId: g.ids.product,
        unitPrice: 20,
      }),
    );
    const twice = await g.a.post(`${P}addPieceRate`, { procedureId: g.ids.winding, unitPrice: 11 });
    expect(twice.body).toMatchObject({ errorCode: 1, errorMsg: '该工序已有不分产品的计件单价' });
    const wo = await openWorkOrder(g, 4);
    const report = (body: Record<string, unknown>) => g.a.ok<{ id: number }>(reportWork(g, body));
    await report({
      taskId: wo.taskIds[0],
      stationId: g.ids.windingStation,
      goodQuantity: 3,
      defectQuantity: 1,
      startTime: '2026-01-05 08:00:00',
      endTime: '2026-01-05 10:00:00',
    });
    await report({ taskId: wo.taskIds[1], stationId: g.ids.assemblyStation, goodQuantity: 2 });
    const undone = await report({ taskId: wo.taskIds[1], stationId: g.ids.assemblyStation, goodQuantity: 1 });
    await g.a.ok(g.a.post(`${R}withdraw`, { id: undone.id }));
    const rows = await g.a.ok<Record<string, unknown>[]>(
      g.a.get(`${P}getPerformanceSalaryList`, { beginTime: '2026-01-01', endTime: '2099-12-31' }),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userName: '管理员',
      reportCount: 2,
      goodQuantity: 5,
      defectQuantity: 1,
      goodAmount: 70,
      deduction: 2,
      amount: 68,
      standardHours: 8.5,
      workHours: 2,
      efficiency: 4.25,
    });
    const file = await g.a.exported(`${P}exportPerformanceSalary`, {
      beginTime: '2026-01-01',
      endTime: '2099-12-31',
    });
    expect(file[1]).toContain(68);
  });
});
