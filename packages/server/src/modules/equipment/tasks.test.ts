import type { TaskItemRow } from '@factory/shared/api/equipmentTask';
import { formatFactoryTime } from '@factory/shared/factoryTime';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { walkMachine } from '../../testing/machineWalk.ts';
import { frequencies } from '../setting/index.ts';
import { CATCH_UP_DAYS, type SlotPlan, slotsOf } from './planSlots.ts';
import { equipment, equipmentRepairs, userEquipment } from './schema.ts';
import { generateTasks, noticeOverdue } from './taskJobs.ts';
import { checkPlans, checkTasks } from './taskSchema.ts';
import { taskServices } from './tasks.ts';

const B = 'equipment/private/';
const PLAN = `${B}inspectionPlan/`;
const UPKEEP = `${B}maintenancePlan/`;
const BILLS = ['pointBill', 'inspectionBill', 'maintenanceBill'].map((n) => `${B}${n}/`);

type Task = {
  id: number;
  code: string;
  version: number;
  status: number;
  planId: number | null;
  assigneeIds: number[];
  itemCount: number;
  ngItemCount: number;
  isOnTime: boolean | null;
  reason: string | null;
  slotStart: string;
};

let h: Harness;
let tenantId: number;
let admin: Calls;
let keeper: Calls;
let stranger: Calls;
let keeperId: number;
let winder: number;
let oven: number;
const items: Record<string, number> = {};

/** A moment in factory time (UTC+8). */
const at = (text: string) => new Date(`${text}+08:00`);
const iso = (d: Date) => d.toISOString();

beforeAll(async () => {
  h = await createHarness();
  const t = await h.addTenant('ct', [
    { userName: 'keeper', name: '设备员老杨', modules: ['equipment'] },
    { userName: 'stranger', name: '别班的小周', modules: ['equipment'] },
  ]);
  tenantId = t.id;
  keeperId = t.users.keeper;
  admin = callsAs(h, await h.login('ct', 'admin'));
  keeper = callsAs(h, await h.login('ct', 'keeper'));
  stranger = callsAs(h, await h.login('ct', 'stranger'));
  winder = (
    await admin.ok<{ id: number }>(
      admin.post(`${B}equipment/addEquipment`, { code: 'RX-01', name: '立式绕线机' }),
    )
  ).id;
  oven = (
    await admin.ok<{ id: number }>(
      admin.post(`${B}equipment/addEquipment`, { code: 'HX-01', name: '真空干燥罐' }),
    )
  ).id;
  await h.db.withTenant(tenantId, (tx) =>
    tx.insert(userEquipment).values({ userId: keeperId, equipmentId: winder }),
  );
  const add = async (key: string, body: Record<string, unknown>) => {
    items[key] = (await admin.ok<{ id: number }>(admin.post(`${B}checkItem/addCheckItem`, body))).id;
  };
  await add('tension', {
    code: 'DJ-01',
    name: '绕线张力',
    kind: 0,
    part: '张力器',
    valueType: 1,
    lowerLimit: 8,
    upperLimit: 12,
    unit: 'N',
  });
  await add('oil', { code: 'DJ-02', name: '油位', kind: 0, part: '油箱', valueType: 0 });
  await add('note', { code: 'DJ-03', name: '异响记录', kind: 0, valueType: 2 });
  await add('walk', { code: 'XJ-01', name: '安全防护', kind: 1, valueType: 0 });
  await add('grease', { code: 'BY-01', name: '导轨润滑', kind: 2, valueType: 0 });
});
afterAll(() => h.close());

async function addPlan(body: Record<string, unknown>, base = PLAN, name = 'InspectionPlan') {
  return admin.ok<{ id: number }>(
    admin.post(`${base}add${name}`, {
      kind: 0,
      frequency: 1,
      slotTime: '08:00',
      startDate: '2026-11-01',
      windowHours: 8,
      equipmentIds: [winder],
      itemIds: [items.tension, items.oil],
      ...body,
    }),
  );
}

const generate = (now: Date) => h.db.withTenant(tenantId, (tx) => generateTasks(tx, now));

const tasksOf = (planId: number) =>
  h.db.withTenant(tenantId, (tx) =>
    tx
      .select()
      .from(checkTasks)
      .where(eq(checkTasks.planId, planId))
      .orderBy(checkTasks.slotStart, checkTasks.equipmentId),
  );

const NAMES = ['PointBill', 'InspectionBill', 'MaintenanceBill'];
const taskOf = (kind: number, id: number) =>
  admin.ok<Task>(admin.get(`${BILLS[kind]}get${NAMES[kind]}Detail`, { id }));

describe('check items', () => {
  it('needs a limit on a numeric item and a lower limit not above the upper', async () => {
    const none = await admin.post(`${B}checkItem/addCheckItem`, {
      code: 'X1',
      name: '温度',
      kind: 0,
      valueType: 1,
    });
    expect(none.body.errorMsg).toBe('数值类项目请填写下限或上限');
    const upside = await admin.post(`${B}checkItem/addCheckItem`, {
      code: 'X2',
      name: '温度',
      kind: 0,
      valueType: 1,
      lowerLimit: 80,
      upperLimit: 20,
    });
    expect(upside.body.errorMsg).toBe('上限不能小于下限');
  });
});

describe('slots', () => {
  const plan = (p: Partial<SlotPlan>): SlotPlan => ({
    frequency: 1,
    intervalDays: null,
    slotTime: '08:00',
    startDate: '2026-01-01',
    endDate: null,
    ...p,
  });
  const shown = (slots: Date[]) =>
    slots.map((s) => new Date(s.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' '));

  it('daily: at its time each day from the start date, up to now', () => {
    expect(shown(slotsOf(plan({ startDate: '2026-03-02' }), [], null, at('2026-03-04T09:00:00')))).toEqual([
      '2026-03-02 08:00',
      '2026-03-03 08:00',
      '2026-03-04 08:00',
    ]);
    // a slot at exactly now has started
    expect(shown(slotsOf(plan({}), [], at('2026-03-03T08:00:00'), at('2026-03-04T08:00:00')))).toEqual([
      '2026-03-04 08:00',
    ]);
  });

  it('per shift: at each shift start; without shifts at the plan time', () => {
    const p = plan({ frequency: 0, startDate: '2026-03-02' });
    expect(shown(slotsOf(p, ['20:00', '08:00'], null, at('2026-03-03T10:00:00')))).toEqual([
      '2026-03-02 08:00',
      '2026-03-02 20:00',
      '2026-03-03 08:00',
    ]);
    expect(shown(slotsOf(p, [], null, at('2026-03-03T10:00:00')))).toEqual([
      '2026-03-02 08:00',
      '2026-03-03 08:00',
    ]);
  });

  it('weekly and every N days: counted from the start date', () => {
    const weekly = plan({ frequency: 2, startDate: '2026-03-04' });
    const days = ['2026-03-04', '2026-03-05', '2026-03-10', '2026-03-11', '2026-03-18'];
    expect(days.flatMap((d) => shown(slotsOf(weekly, [], at(`${d}T00:00:00`), at(`${d}T23:59:00`))))).toEqual(
      ['2026-03-04 08:00', '2026-03-11 08:00', '2026-03-18 08:00'],
    );
    const every3 = slotsOf(
      plan({ frequency: 4, intervalDays: 3, startDate: '2026-03-20' }),
      [],
      null,
      at('2026-03-27T07:00:00'),
    );
    expect(shown(every3)).toEqual(['2026-03-20 08:00', '2026-03-23 08:00', '2026-03-26 08:00']);
  });

  it('monthly: the start day of each month, the last day when a month is shorter', () => {
    const p = plan({ frequency: 3, startDate: '2026-01-31', slotTime: '09:30' });
    const slots = ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'].flatMap((d) =>
      shown(slotsOf(p, [], at(`${d}T00:00:00`), at(`${d}T23:59:00`))),
    );
    expect(slots).toEqual(['2026-01-31 09:30', '2026-02-28 09:30', '2026-03-31 09:30', '2026-04-30 09:30']);
    expect(slotsOf(p, [], at('2026-02-01T00:00:00'), at('2026-02-27T23:00:00'))).toEqual([]);
  });

  it(`catches up at most ${CATCH_UP_DAYS} days, and stops at the end date`, () => {
    const long = slotsOf(plan({ startDate: '2026-01-01' }), [], null, at('2026-06-30T12:00:00'));
    expect(long).toHaveLength(CATCH_UP_DAYS);
    const ended = slotsOf(
      plan({ startDate: '2026-06-27', endDate: '2026-06-28' }),
      [],
      null,
      at('2026-06-30T12:00:00'),
    );
    expect(shown(ended)).toEqual(['2026-06-27 08:00', '2026-06-28 08:00']);
  });
});

describe('plans and generation', () => {
  it('refuses an item of another kind and an upkeep plan on the inspection list', async () => {
    const wrong = await admin.post(`${PLAN}addInspectionPlan`, {
      name: '错配计划',
      kind: 0,
      frequency: 1,
      startDate: '2026-11-01',
      equipmentIds: [winder],
      itemIds: [items.grease],
    });
    expect(wrong.body.errorMsg).toBe('检查项目“导轨润滑”是保养项目，不能用于点检计划');
    const upkeep = await admin.post(`${PLAN}addInspectionPlan`, {
      name: '保养放错',
      kind: 2,
      frequency: 1,
      startDate: '2026-11-01',
      equipmentIds: [winder],
      itemIds: [items.grease],
    });
    expect(upkeep.body.errorMsg).toBe('保养计划请在“保养计划”中新增');
    const nDays = await admin.post(`${PLAN}addInspectionPlan`, {
      name: '每N天',
      kind: 0,
      frequency: 4,
      startDate: '2026-11-01',
      equipmentIds: [winder],
      itemIds: [items.oil],
    });
    expect(nDays.body.errorMsg).toBe('频次为“每N天”时请填写间隔天数');
  });

  it('makes one task per equipment and slot, with the items copied, once, and catches up after a gap', async () => {
    const plan = await addPlan({
      name: '绕线机日点检',
      equipmentIds: [winder, oven],
      startDate: '2026-11-02',
    });
    const first = await generate(at('2026-11-03T09:00:00'));
    expect(first).toEqual({ created: 4, skipped: 0 });
    expect(await generate(at('2026-11-03T09:30:00'))).toEqual({ created: 0, skipped: 0 });
    const tasks = await tasksOf(plan.id);
    expect(tasks.map((t) => [t.equipmentId, iso(t.slotStart)])).toEqual([
      [winder, iso(at('2026-11-02T08:00:00'))],
      [oven, iso(at('2026-11-02T08:00:00'))],
      [winder, iso(at('2026-11-03T08:00:00'))],
      [oven, iso(at('2026-11-03T08:00:00'))],
    ]);
    expect(tasks[0]).toMatchObject({ status: 1, itemCount: 2, kind: 0, assigneeIds: [keeperId] });
    expect(tasks[1].assigneeIds).toEqual([]);
    expect(iso(tasks[0].dueTime)).toBe(iso(at('2026-11-02T16:00:00')));
    expect(tasks[0].code).toMatch(/^DJ\d{8}$/);
    const lines = await admin.ok<TaskItemRow[]>(admin.get(`${BILLS[0]}getItemList`, { id: tasks[0].id }));
    expect(lines.map((l) => [l.name, l.lowerLimit, l.upperLimit, l.unit, l.result])).toEqual([
      ['绕线张力', 8, 12, 'N', null],
      ['油位', null, null, null, null],
    ]);
    // the server was down three days: the next run makes each missed slot, once
    expect(await generate(at('2026-11-06T08:10:00'))).toEqual({ created: 6, skipped: 0 });
    expect(await tasksOf(plan.id)).toHaveLength(10);
    const [mark] = await h.db.withTenant(tenantId, (tx) =>
      tx.select({ until: checkPlans.generatedUntil }).from(checkPlans).where(eq(checkPlans.id, plan.id)),
    );
    expect(iso(mark.until as Date)).toBe(iso(at('2026-11-06T08:00:00')));
  });

  it('is exactly once with two generators running at the same time', async () => {
    const plan = await addPlan({ name: '并发计划', frequency: 0, startDate: '2026-11-10' });
    await h.db.withTenant(tenantId, (tx) =>
      tx.insert(frequencies).values([
        { code: 'BC-A', name: '白班', startTime: '08:00', endTime: '20:00' },
        { code: 'BC-B', name: '夜班', startTime: '20:00', endTime: '08:00' },
      ]),
    );
    const now = at('2026-11-12T21:00:00');
    const [a, b] = await Promise.all([generate(now), generate(now)]);
    const tasks = await tasksOf(plan.id);
    expect(tasks).toHaveLength(6);
    const made = (a.created ?? 0) + (b.created ?? 0);
    // the other plans' slots also come due in the same run; this plan's six come once
    expect(made).toBeGreaterThanOrEqual(6);
    expect(new Set(tasks.map((t) => iso(t.slotStart))).size).toBe(6);
    await h.db.withTenant(tenantId, (tx) =>
      tx.update(checkPlans).set({ enabled: false }).where(eq(checkPlans.id, plan.id)),
    );
  });

  it('skips the task of a stopped machine when the plan says so', async () => {
    const plan = await addPlan({
      name: '停机跳过',
      equipmentIds: [oven],
      startDate: '2026-11-20',
      skipWhenIdle: true,
    });
    await h.db.withTenant(tenantId, (tx) =>
      tx.update(equipment).set({ enabled: false }).where(eq(equipment.id, oven)),
    );
    await generate(at('2026-11-20T09:00:00'));
    await h.db.withTenant(tenantId, (tx) =>
      tx.update(equipment).set({ enabled: true }).where(eq(equipment.id, oven)),
    );
    const [task] = await tasksOf(plan.id);
    expect(task).toMatchObject({ status: 0, reason: '设备已停用，自动跳过' });
  });

  it('voids the tasks not started when its plan is disabled', async () => {
    const plan = await addPlan({ name: '停用作废', startDate: '2026-11-21' });
    await generate(at('2026-11-22T09:00:00'));
    const tasks = await tasksOf(plan.id);
    expect(tasks.length).toBeGreaterThan(0);
    await admin.ok(admin.get(`${PLAN}disable`, { id: plan.id }));
    const after = await tasksOf(plan.id);
    expect(after.every((t) => t.status === 4 && t.reason === '计划已停用')).toBe(true);
    const removed = await admin.del(`${PLAN}deleteOne`, plan.id);
    expect(removed.body.errorCode).not.toBe(0);
  });

  it('keeps upkeep plans on their own list', async () => {
    const plan = await addPlan(
      { name: '绕线机一级保养', kind: undefined, frequency: 3, itemIds: [items.grease] },
      UPKEEP,
      'MaintenancePlan',
    );
    const page = await admin.page<{ id: number; kind: number }>(`${UPKEEP}getMaintenancePlanListPage`);
    expect(page.content.map((p) => p.id)).toContain(plan.id);
    const other = await admin.page<{ id: number }>(`${PLAN}getInspectionPlanListPage`);
    expect(other.content.map((p) => p.id)).not.toContain(plan.id);
  });
});

/** A fresh pending task of a plan of the kind, on the winder, for the keeper. */
async function pendingTask(kind: number, itemIds: number[], day: string): Promise<Task> {
  const base = kind === 2 ? UPKEEP : PLAN;
  const plan = await addPlan(
    {
      name: `单次${kind}-${day}`,
      kind: kind === 2 ? undefined : kind,
      itemIds,
      startDate: day,
      endDate: day,
    },
    base,
    kind === 2 ? 'MaintenancePlan' : 'InspectionPlan',
  );
  await generate(at(`${day}T09:00:00`));
  const [task] = await tasksOf(plan.id);
  return taskOf(kind, task.id);
}

describe('tasks', () => {
  it('walks every (status, action) pair of each kind', async () => {
    const kinds = [
      [0, [items.oil]],
      [1, [items.walk]],
      [2, [items.grease]],
    ] as const;
    for (const [kind, ids] of kinds) {
      const task = await pendingTask(kind, [...ids], `2026-10-0${kind + 1}`);
      const [line] = await admin.ok<TaskItemRow[]>(admin.get(`${BILLS[kind]}getItemList`, { id: task.id }));
      const steps = await walkMachine(h, tenantId, taskServices[kind], checkTasks, task.id, {
        finish: { id: task.id, version: 0, items: [{ itemId: line.itemId, result: 0 }] },
        distribute: { id: task.id, version: 0, assigneeIds: [keeperId] },
      });
      expect(steps).toHaveLength(5 * 5);
      expect(steps.filter((s) => !s.refused).map((s) => `${s.action} ${s.state.status}`)).toEqual([
        'start 1',
        'distribute 1',
        'skip 1',
        'void 1',
        'finish 2',
        'void 2',
      ]);
    }
  });

  it('runs a spot-check: NG by limits needs a remark, counts, on time, one fault report naming the NG items', async () => {
    const task = await pendingTask(0, [items.tension, items.oil, items.note], '2026-10-10');
    const [tension, oil, note] = await keeper.ok<TaskItemRow[]>(
      keeper.get(`${BILLS[0]}getItemList`, { id: task.id }),
    );
    const notTheirs = await stranger.post(`${BILLS[0]}start`, { id: task.id, version: task.version });
    expect(notTheirs.body.errorMsg).toBe(`工单“${task.code}”未派给你，不能开始执行`);
    const started = await keeper.ok<Task>(
      keeper.post(`${BILLS[0]}start`, { id: task.id, version: task.version }),
    );
    expect(started.status).toBe(2);
    const body = (remark?: string) => ({
      id: task.id,
      version: started.version,
      items: [
        { itemId: tension.itemId, value: 12.5, ...(remark ? { remark } : {}) },
        { itemId: oil.itemId, result: 1, remark: '油位低于下刻线' },
        { itemId: note.itemId, text: '无异响' },
      ],
    });
    const missing = await keeper.post(`${BILLS[0]}finish`, { ...body(), items: body().items.slice(1) });
    expect(missing.body.errorMsg).toBe('第1项“绕线张力”未填写结果');
    const noRemark = await keeper.post(`${BILLS[0]}finish`, body());
    expect(noRemark.body.errorMsg).toBe('第1项“绕线张力”为 NG，请填写备注说明');
    await keeper.ok(keeper.post(`${BILLS[0]}finish`, body('张力偏大')));
    const done = await taskOf(0, task.id);
    expect(done).toMatchObject({ status: 3, itemCount: 3, ngItemCount: 2 });
    const results = await keeper.ok<TaskItemRow[]>(keeper.get(`${BILLS[0]}getItemList`, { id: task.id }));
    expect(results.map((r) => [r.result, r.value, r.text])).toEqual([
      [1, 12.5, null],
      [1, null, null],
      [0, null, '无异响'],
    ]);
    const reports = await h.db.withTenant(tenantId, (tx) =>
      tx
        .select({ phenomenon: equipmentRepairs.phenomenon, equipmentId: equipmentRepairs.equipmentId })
        .from(equipmentRepairs)
        .where(eq(equipmentRepairs.taskId, task.id)),
    );
    expect(reports).toEqual([
      {
        equipmentId: winder,
        phenomenon: '点检NG：绕线张力 实测 12.5 N（标准 8–12 N），张力偏大；油位 NG（油位低于下刻线）',
      },
    ]);
  });

  it('records a late finish and an all-OK task files no report', async () => {
    const task = await pendingTask(0, [items.tension], '2026-10-11');
    const [tension] = await keeper.ok<TaskItemRow[]>(keeper.get(`${BILLS[0]}getItemList`, { id: task.id }));
    const s = await keeper.ok<Task>(keeper.post(`${BILLS[0]}start`, { id: task.id, version: task.version }));
    await keeper.ok(
      keeper.post(`${BILLS[0]}finish`, {
        id: task.id,
        version: s.version,
        items: [{ itemId: tension.itemId, value: 10 }],
      }),
    );
    // 2026-10-11 was long ago: finished after its due time
    expect(await taskOf(0, task.id)).toMatchObject({ status: 3, ngItemCount: 0, isOnTime: false });
    const [{ n }] = await h.db.withTenant(tenantId, (tx) =>
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(equipmentRepairs)
        .where(eq(equipmentRepairs.taskId, task.id)),
    );
    expect(n).toBe(0);
  });

  it('skips and voids with a reason; deletes only a pending task added by hand', async () => {
    const a = await pendingTask(1, [items.walk], '2026-10-12');
    const bare = await admin.post(`${BILLS[1]}skip`, { id: a.id, version: a.version });
    expect(bare.body.errorCode).not.toBe(0);
    await admin.ok(admin.post(`${BILLS[1]}skip`, { id: a.id, version: a.version, reason: '停产检修' }));
    expect(await taskOf(1, a.id)).toMatchObject({ status: 0, reason: '停产检修' });
    const again = await admin.post(`${BILLS[1]}void`, { id: a.id, version: a.version + 1, reason: '重复' });
    expect(again.body.errorMsg).toBe(`巡检工单“${a.code}”已跳过，不能作废`);
    const planned = await admin.del(`${BILLS[1]}deleteOne`, a.id);
    expect(planned.body.errorMsg).toBe(`工单“${a.code}”由计划生成，不能删除，可跳过或作废`);
    const due = formatFactoryTime(new Date(Date.now() + 86_400_000));
    const byHand = await admin.ok<{ id: number }>(
      admin.post(`${BILLS[2]}addMaintenanceBill`, {
        equipmentId: winder,
        dueTime: due,
        itemIds: [items.grease],
      }),
    );
    const made = await taskOf(2, byHand.id);
    expect(made).toMatchObject({ status: 1, itemCount: 1, planId: null, assigneeIds: [keeperId] });
    expect(made.code).toMatch(/^BY/);
    // one list does not reach another kind's tasks
    const cross = await admin.post(`${BILLS[0]}start`, { id: byHand.id, version: 0 });
    expect(cross.body.errorCode).not.toBe(0);
    await admin.ok(admin.del(`${BILLS[2]}deleteOne`, byHand.id));
  });

  it('tells the assignees of an overdue task once', async () => {
    const task = await pendingTask(0, [items.oil], '2026-10-13');
    const sweep = () =>
      h.db.withTenant(tenantId, (tx) =>
        noticeOverdue(
          tx,
          tenantId,
          { events: h.services.events },
          () => undefined,
          at('2026-10-14T00:00:00'),
        ),
      );
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(await sweep()).toBe(0);
    const [row] = await h.db.withTenant(tenantId, (tx) =>
      tx
        .select({ notified: checkTasks.overdueNotifiedAt })
        .from(checkTasks)
        .where(and(eq(checkTasks.id, task.id))),
    );
    expect(row.notified).not.toBeNull();
  });
});
