import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { walkMachine } from '../../testing/machineWalk.ts';
import { warehouses } from '../information/index.ts';
import { stockIn, type WarehouseFixture, warehouseFixture } from '../warehouse/testing.ts';
import {
  equipment,
  equipmentRepairActions,
  equipmentRepairs,
  fileFaultReport,
  partApplications,
  partApplyActions,
  userEquipment,
} from './index.ts';

const E = 'equipment/private/';
const FAULT = `${E}equipmentFault/`;
const REPAIR = `${E}equipmentRepair/`;
const REASON = `${E}faultReason/`;
const PART = `${E}sparePart/`;
const APPLY = `${E}partApply/`;

type Repair = {
  id: number;
  code: string;
  version: number;
  status: number;
  source: number;
  reporterName: string | null;
  repairerIds: number[];
  repairerNames: string;
  dispatchedIds: number[];
  dispatchedNames: string;
  untouched: boolean;
  faultReasonName: string | null;
  measures: string | null;
  repairMinutes: number | null;
  downtimeMinutes: number | null;
  verifierName: string | null;
};
type Machine = { id: number; state: number; runType: number };

let h: Harness;
let f: WarehouseFixture;
/** The reporter (an operator), the repairer, a second repairer. */
let reporter: Calls;
let repairer: Calls;
let helperId: number;
let repairerId: number;
let winder: number;
let reason: number;

beforeAll(async () => {
  h = await createHarness();
  f = await warehouseFixture(h, 'rep', [
    { userName: 'caozuo', name: '操作工小王', modules: ['equipment'] },
    { userName: 'weixiu', name: '维修工老张', modules: ['equipment'] },
    { userName: 'weixiu2', name: '维修工小刘', modules: ['equipment'] },
  ]);
  reporter = callsAs(h, await h.login('rep', 'caozuo'));
  repairer = callsAs(h, await h.login('rep', 'weixiu'));
  repairerId = f.tenant.users.weixiu;
  helperId = f.tenant.users.weixiu2;
  winder = (
    await f.a.ok<{ id: number }>(
      f.a.post(`${E}equipment/addEquipment`, { code: 'RX-01', name: '1#立式绕线机' }),
    )
  ).id;
  await h.db.withTenant(f.tenant.id, (tx) =>
    tx.insert(userEquipment).values({ userId: repairerId, equipmentId: winder }),
  );
  reason = (
    await f.a.ok<{ id: number }>(
      f.a.post(`${REASON}addFaultReason`, { name: '张力传感器失灵', category: '电气' }),
    )
  ).id;
  // copper wire as a spare part, kept in the raw-material warehouse made a spare warehouse (备件仓)
  await h.db.withTenant(f.tenant.id, (tx) =>
    tx.update(warehouses).set({ isSpare: true }).where(eq(warehouses.id, f.ids.raw)),
  );
  await f.a.ok(f.a.post(`${PART}addSparePart`, { materialsId: f.ids.copper, lowerLimit: 5 }));
  await stockIn(f, [{ materialsId: f.ids.copper, locationId: f.ids.a0101, batchCode: 'BJ01', quantity: 10 }]);
});
afterAll(() => h.close());

const repairOf = (id: number) => f.a.ok<Repair>(f.a.get(`${REPAIR}getEquipmentRepairDetail`, { id }));
const machineOf = (id: number) => f.a.ok<Machine>(f.a.get(`${E}equipment/getEquipmentDetail`, { id }));

async function report(body: Record<string, unknown> = {}) {
  return reporter.ok<Repair>(
    reporter.post(`${FAULT}addEquipmentFault`, {
      equipmentId: winder,
      faultTime: new Date(Date.now() - 30 * 60_000).toISOString(),
      phenomenon: '绕线张力波动大，断线两次',
      isStopped: true,
      ...body,
    }),
  );
}

async function act(as: Calls, id: number, action: string, body: Record<string, unknown> = {}) {
  const { version } = await repairOf(id);
  return as.post(`${REPAIR}${action}`, { id, version, ...body });
}

const copperOnHand = async () => {
  const rows = await h.db.withTenant(f.tenant.id, (tx) =>
    tx.execute(
      sql`select coalesce(sum(on_hand), 0)::float as q from stock_balance where materials_id = ${f.ids.copper}`,
    ),
  );
  return Number((rows as unknown as { rows: { q: number }[] }).rows[0].q);
};

describe('fault reports', () => {
  it('files a report pending audit, numbered, the machine stopped and its keeper told', async () => {
    const r = await report();
    expect(r.status).toBe(1);
    expect(r.code).toMatch(/^WX\d{8}\d{3}$/);
    expect(r.reporterName).toBe('操作工小王');
    expect(await machineOf(winder)).toMatchObject({ runType: 1, state: 0 });
    const events = await h.db.withTenant(f.tenant.id, (tx) =>
      tx.execute(
        sql`select payload from domain_event where name = 'equipmentRepair.reported' and (payload->>'repairId')::int = ${r.id}`,
      ),
    );
    const payload = (events as unknown as { rows: { payload: { keeperIds: number[]; code: string } }[] })
      .rows[0].payload;
    expect(payload).toMatchObject({ code: r.code, keeperIds: [repairerId] });
  });

  it('refuses a fault time ahead of now, and a machine out of service', async () => {
    const ahead = await reporter.post(`${FAULT}addEquipmentFault`, {
      equipmentId: winder,
      faultTime: new Date(Date.now() + 3_600_000).toISOString(),
      phenomenon: '异响',
    });
    expect(ahead.body.errorMsg).toBe('故障时间不能晚于当前时间');
    const spare = (
      await f.a.ok<{ id: number }>(
        f.a.post(`${E}equipment/addEquipment`, { code: 'RX-09', name: '9#立式绕线机' }),
      )
    ).id;
    await h.db.withTenant(f.tenant.id, (tx) =>
      tx.update(equipment).set({ enabled: false }).where(eq(equipment.id, spare)),
    );
    const stopped = await reporter.post(`${FAULT}addEquipmentFault`, {
      equipmentId: spare,
      faultTime: new Date().toISOString(),
      phenomenon: '异响',
    });
    expect(stopped.body.errorMsg).toBe('设备“9#立式绕线机”（RX-09）已停用，不能报修');
  });

  it('edits and withdraws a report only while it waits for audit', async () => {
    const r = await report({ isStopped: false, phenomenon: '油位偏低' });
    await reporter.ok(
      reporter.put(`${FAULT}updateOne`, {
        id: r.id,
        version: r.version,
        phenomenon: '油位偏低，有渗油',
        picture: '/upload/files/leak.jpg',
      }),
    );
    // the photo taken is the repair's too
    expect(await repairOf(r.id)).toMatchObject({
      phenomenon: '油位偏低，有渗油',
      picture: '/upload/files/leak.jpg',
    });
    await f.a.ok(act(f.a, r.id, 'audit'));
    const { version } = await repairOf(r.id);
    const edit = await reporter.put(`${FAULT}updateOne`, { id: r.id, version, phenomenon: 'x' });
    expect(edit.body.errorMsg).toBe(`故障报修“${r.code}”已审核，不能修改`);
    const del = await reporter.del(`${FAULT}deleteOne`, r.id);
    expect(del.body.errorMsg).toBe(`故障报修“${r.code}”已审核，不能删除`);
  });

  it('files reports for other modules (an NG check, a reading) through fileFaultReport', async () => {
    const filed = await h.db.withTenant(f.tenant.id, (tx) =>
      fileFaultReport(tx, 'system', { equipmentId: winder, phenomenon: '点检NG：张力', taskId: 42 }),
    );
    const r = await repairOf(filed.id);
    expect(r).toMatchObject({ code: filed.code, status: 1, reporterName: null });
    const [row] = await h.db.withTenant(f.tenant.id, (tx) =>
      tx
        .select({ taskId: equipmentRepairs.taskId })
        .from(equipmentRepairs)
        .where(eq(equipmentRepairs.id, filed.id)),
    );
    expect(row.taskId).toBe(42);
  });
});

describe('repair orders', () => {
  it('goes from audit to verification; parts leave stock; the machine follows; times are kept', async () => {
    const r = await report();
    await f.a.ok(act(f.a, r.id, 'audit'));
    await repairer.ok(act(repairer, r.id, 'accept'));
    expect(await machineOf(winder)).toMatchObject({ state: 2, runType: 1 });
    const notMine = await act(callsAs(h, await h.login('rep', 'weixiu2')), r.id, 'start');
    expect(notMine.body.errorMsg).toBe(`维修工单“${r.code}”不是您接的单，不能开始维修`);
    await repairer.ok(act(repairer, r.id, 'start'));
    expect(await machineOf(winder)).toMatchObject({ state: 2, runType: 1 });
    const before = await copperOnHand();
    await repairer.ok(
      act(repairer, r.id, 'finish', {
        faultReasonId: reason,
        measures: '更换张力传感器，重新标定',
        repairerIds: [helperId],
        parts: [{ materialsId: f.ids.copper, warehouseId: f.ids.raw, quantity: 2 }],
      }),
    );
    expect(await copperOnHand()).toBe(before - 2);
    const parts = await f.a.ok<{ quantity: number; stockDocCode: string; warehouseName: string }[]>(
      f.a.get(`${PART}getSparePartUsageList`, { sourceType: 0, sourceId: r.id }),
    );
    expect(parts).toEqual([expect.objectContaining({ quantity: 2, warehouseName: '原材料仓' })]);
    const own = await act(repairer, r.id, 'verify');
    expect(own.body.errorMsg).toBe(
      `维修工单“${r.code}”须由报修人或设备管理员验证，维修人员不能验证自己的维修`,
    );
    await reporter.ok(act(reporter, r.id, 'verify'));
    const done = await repairOf(r.id);
    expect(done).toMatchObject({
      status: 6,
      faultReasonName: '张力传感器失灵',
      repairerNames: '维修工老张、维修工小刘',
      verifierName: '操作工小王',
    });
    expect(done.downtimeMinutes).toBeGreaterThanOrEqual(30);
    expect(done.repairMinutes).toBeGreaterThanOrEqual(0);
    // other reports on the machine are still open (stopping ones among them)
    const open = await h.db.withTenant(f.tenant.id, (tx) =>
      tx.execute(
        sql`select count(*)::int as n from equipment_repair where equipment_id = ${winder} and is_stopped and status between 1 and 5`,
      ),
    );
    const stillStopped = (open as unknown as { rows: { n: number }[] }).rows[0].n > 0;
    expect(await machineOf(winder)).toMatchObject({ state: 0, runType: stillStopped ? 1 : 0 });
  });

  it('refuses a finish short of spare parts and writes nothing', async () => {
    const r = await report({ isStopped: false });
    await f.a.ok(act(f.a, r.id, 'audit'));
    await repairer.ok(act(repairer, r.id, 'accept'));
    await repairer.ok(act(repairer, r.id, 'start'));
    const before = await copperOnHand();
    const short = await act(repairer, r.id, 'finish', {
      faultReasonId: reason,
      measures: '更换',
      parts: [{ materialsId: f.ids.copper, warehouseId: f.ids.raw, quantity: 1000 }],
    });
    expect(short.body.errorMsg).toContain('库存不足');
    expect(await copperOnHand()).toBe(before);
    expect((await repairOf(r.id)).status).toBe(4);
  });

  it('sends a failed verification back to repairing and adds the second spell', async () => {
    const r = await report({ isStopped: false });
    await f.a.ok(act(f.a, r.id, 'audit'));
    await repairer.ok(act(repairer, r.id, 'accept'));
    await repairer.ok(act(repairer, r.id, 'start'));
    await repairer.ok(act(repairer, r.id, 'finish', { faultReasonId: reason, measures: '紧固' }));
    const noReason = await act(reporter, r.id, 'reopen');
    expect(noReason.body.errorMsg).toBe('请输入验证不通过原因');
    await reporter.ok(act(reporter, r.id, 'reopen', { reason: '试机仍断线' }));
    expect((await repairOf(r.id)).status).toBe(4);
    expect(await machineOf(winder)).toMatchObject({ state: 2 });
  });

  it('rejects a report with a reason, giving the machine back', async () => {
    const r = await report({ isStopped: false });
    await f.a.ok(act(f.a, r.id, 'reject', { reason: '误报，设备正常' }));
    expect((await repairOf(r.id)).status).toBe(7);
  });

  it('records a quick repair completed with its entered times', async () => {
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const body = {
      equipmentId: winder,
      faultTime: at(120),
      phenomenon: '真空泵异响',
      isStopped: true,
      startedAt: at(100),
      finishedAt: at(40),
      faultReasonId: reason,
      measures: '更换真空泵轴承',
    };
    const backwards = await repairer.post(`${REPAIR}addEquipmentRepair`, { ...body, finishedAt: at(110) });
    expect(backwards.body.errorMsg).toBe('完工时间须晚于开始维修时间');
    const noMeasures = await repairer.post(`${REPAIR}addEquipmentRepair`, { ...body, measures: ' ' });
    expect(noMeasures.body.errorMsg).toBe('请输入维修内容');
    const quick = await repairer.ok<Repair>(repairer.post(`${REPAIR}addEquipmentRepair`, body));
    expect(quick).toMatchObject({
      source: 1,
      status: 6,
      repairMinutes: 60,
      downtimeMinutes: 80,
      repairerNames: '维修工老张',
    });
  });

  it('keeps a fault reason a repair names: disabled, not deleted', async () => {
    const del = await f.a.del(`${REASON}deleteOne`, reason);
    expect(del.body.errorMsg).toContain('维修工单');
  });

  it('walks every (state, action) of the repair machine', async () => {
    const r = await report({ isStopped: false });
    const steps = await walkMachine(h, f.tenant.id, equipmentRepairActions, equipmentRepairs, r.id, {
      audit: { id: r.id, version: 0, dispatchedIds: [repairerId] },
      redispatch: { id: r.id, version: 0, dispatchedIds: [helperId] },
      finish: { faultReasonId: reason, measures: '走查' },
    });
    expect(steps).toHaveLength(7 * 10);
    expect(steps.filter((s) => !s.refused).map((s) => `${s.action} ${s.state.status}`)).toEqual([
      'audit 1',
      'skipAudit 1',
      'reject 1',
      'redispatch 2',
      'accept 2',
      'giveBack 3',
      'start 3',
      'finish 4',
      'verify 5',
      'reopen 5',
    ]);
  });
});

type Trail = { action: string; actionLabel: string; userName: string };
const trailOf = (as: Calls, id: number) => as.ok<Trail[]>(as.get(`${REPAIR}getLogList`, { id }));

/** What the outbox holds of a repair's event (the notice's source). */
async function eventOf(tenantId: number, name: string, repairId: number) {
  const rows = await h.db.withTenant(tenantId, (tx) =>
    tx.execute(
      sql`select payload from domain_event where name = ${name} and (payload->>'repairId')::int = ${repairId}`,
    ),
  );
  return (rows as unknown as { rows: { payload: Record<string, unknown> }[] }).rows.map((r) => r.payload);
}

/** The notices a user got of a type, newest last. */
async function noticesOf(userId: number, type: string) {
  const rows = await h.db.systemQuery<{ message: string }>(
    sql`select message from notification_task where recipient_id = ${userId} and type = ${type} order by id`,
  );
  return rows.map((r) => r.message);
}

describe('dispatch to named repairers', () => {
  let helper: Calls;
  beforeAll(async () => {
    helper = callsAs(h, await h.login('rep', 'weixiu2'));
  });

  it('takes only the named at 审核派工: others are refused, the named are told and accept', async () => {
    const r = await report({ isStopped: false });
    const nobody = await act(f.a, r.id, 'audit', { dispatchedIds: [helperId, 999_999] });
    expect(nobody.body.errorMsg).toBe('所选维修人员不存在或已被删除');
    await f.a.ok(act(f.a, r.id, 'audit', { dispatchedIds: [helperId] }));
    expect(await repairOf(r.id)).toMatchObject({
      status: 2,
      dispatchedIds: [helperId],
      dispatchedNames: '维修工小刘',
      untouched: false,
    });
    expect(await eventOf(f.tenant.id, 'equipmentRepair.dispatched', r.id)).toEqual([
      expect.objectContaining({ code: r.code, dispatchedIds: [helperId] }),
    ]);
    expect((await noticesOf(helperId, 'equipmentRepairDispatched')).at(-1)).toBe(
      `管理员把维修工单“${r.code}”派给了您：设备“1#立式绕线机”（RX-01），绕线张力波动大，断线两次。请及时接单`,
    );
    expect(await noticesOf(repairerId, 'equipmentRepairDispatched')).toEqual([]);
    const other = await act(repairer, r.id, 'accept');
    expect(other.body.errorMsg).toBe(`维修工单“${r.code}”已指派给维修工小刘，您不能接单`);
    await helper.ok(act(helper, r.id, 'accept'));
    expect(await repairOf(r.id)).toMatchObject({ status: 3, repairerIds: [helperId] });
  });

  it('leaves an order named to nobody to any repairer (the pool)', async () => {
    const r = await report({ isStopped: false });
    await f.a.ok(act(f.a, r.id, 'audit', { dispatchedIds: [] }));
    expect(await repairOf(r.id)).toMatchObject({ status: 2, dispatchedIds: [], dispatchedNames: '' });
    expect(await eventOf(f.tenant.id, 'equipmentRepair.dispatched', r.id)).toEqual([]);
    await repairer.ok(act(repairer, r.id, 'accept'));
  });

  it('keeps the dispatch through 退单, and 改派 changes who may take it (or frees it)', async () => {
    const r = await report({ isStopped: false });
    await f.a.ok(act(f.a, r.id, 'audit', { dispatchedIds: [helperId] }));
    await helper.ok(act(helper, r.id, 'accept'));
    const busy = await act(f.a, r.id, 'redispatch', { dispatchedIds: [repairerId] });
    expect(busy.body.errorMsg).toBe(`维修工单“${r.code}”待维修，不能改派`);
    await helper.ok(act(helper, r.id, 'giveBack', { reason: '缺少专用工装' }));
    expect(await repairOf(r.id)).toMatchObject({ status: 2, repairerIds: [], dispatchedIds: [helperId] });
    expect((await act(repairer, r.id, 'accept')).body.errorMsg).toBe(
      `维修工单“${r.code}”已指派给维修工小刘，您不能接单`,
    );
    // 改派 to the repairer: he is told and may take it, the one named before no longer may
    await f.a.ok(act(f.a, r.id, 'redispatch', { dispatchedIds: [repairerId, helperId] }));
    expect((await repairOf(r.id)).dispatchedNames).toBe('维修工老张、维修工小刘');
    await f.a.ok(act(f.a, r.id, 'redispatch', { dispatchedIds: [repairerId] }));
    expect((await noticesOf(repairerId, 'equipmentRepairDispatched')).at(-1)).toContain(
      `“${r.code}”派给了您`,
    );
    expect((await act(helper, r.id, 'accept')).body.errorMsg).toBe(
      `维修工单“${r.code}”已指派给维修工老张，您不能接单`,
    );
    // freed to the pool: anyone with 接单 may take it
    await f.a.ok(act(f.a, r.id, 'redispatch', { dispatchedIds: [] }));
    await helper.ok(act(helper, r.id, 'accept'));
    expect((await trailOf(f.a, r.id)).map((t) => t.actionLabel)).toEqual([
      '审核派工',
      '接单',
      '退单',
      '改派',
      '改派',
      '改派',
      '接单',
    ]);
  });

  it('lets an administrator take an order named to others', async () => {
    const r = await report({ isStopped: false });
    await f.a.ok(act(f.a, r.id, 'audit', { dispatchedIds: [helperId] }));
    await f.a.ok(act(f.a, r.id, 'accept'));
    expect((await repairOf(r.id)).status).toBe(3);
  });
});

describe('a tenant that skips the repair audit (维修免审核)', () => {
  let skip: Awaited<ReturnType<Harness['addTenant']>>;
  let admin: Calls;
  let operator: Calls;
  let keeper: Calls;
  let press: number;
  beforeAll(async () => {
    skip = await h.addTenant(
      'repskip',
      [
        { userName: 'caozuo', name: '操作工小李', modules: ['equipment'] },
        { userName: 'weixiu', name: '维修工老周', modules: ['equipment'] },
      ],
      { skipRepairAudit: true },
    );
    admin = callsAs(h, await h.login('repskip', 'admin'));
    operator = callsAs(h, await h.login('repskip', 'caozuo'));
    keeper = callsAs(h, await h.login('repskip', 'weixiu'));
    press = (
      await admin.ok<{ id: number }>(
        admin.post(`${E}equipment/addEquipment`, { code: 'YJ-01', name: '1#液压机' }),
      )
    ).id;
    await h.db.withTenant(skip.id, (tx) =>
      tx.insert(userEquipment).values({ userId: skip.users.weixiu, equipmentId: press }),
    );
  });

  const detailOf = (id: number) => admin.ok<Repair>(admin.get(`${REPAIR}getEquipmentRepairDetail`, { id }));
  const actHere = async (as: Calls, id: number, action: string, body: Record<string, unknown> = {}) =>
    as.post(`${REPAIR}${action}`, { id, version: (await detailOf(id)).version, ...body });
  const file = (phenomenon: string) =>
    operator.ok<Repair>(
      operator.post(`${FAULT}addEquipmentFault`, {
        equipmentId: press,
        faultTime: new Date(Date.now() - 10 * 60_000).toISOString(),
        phenomenon,
        isStopped: true,
      }),
    );

  it('files from the list at 待接单, the audit recorded as skipped by the system, the keepers told to take it', async () => {
    const r = await file('液压站油温高报警');
    expect(r).toMatchObject({ status: 2, untouched: true, dispatchedIds: [] });
    const [row] = await h.db.withTenant(skip.id, (tx) =>
      tx
        .select({ auditedBy: equipmentRepairs.auditedBy })
        .from(equipmentRepairs)
        .where(eq(equipmentRepairs.id, r.id)),
    );
    expect(row.auditedBy).toBeNull();
    expect((await trailOf(admin, r.id)).map((t) => [t.actionLabel, t.userName])).toEqual([
      ['免审核', '系统'],
    ]);
    expect(await eventOf(skip.id, 'equipmentRepair.reported', r.id)).toEqual([
      expect.objectContaining({ status: 2, keeperIds: [skip.users.weixiu] }),
    ]);
    expect((await noticesOf(skip.users.weixiu, 'equipmentRepairRecordCreated')).at(-1)).toBe(
      `操作工小李报修设备“1#液压机”（YJ-01），已停机：液压站油温高报警。维修单号 ${r.code}，已免审核，请及时接单`,
    );
    // nobody named: the pool, as after an audit
    await keeper.ok(actHere(keeper, r.id, 'accept'));
    expect((await detailOf(r.id)).status).toBe(3);
  });

  it('files through fileFaultReport at 待接单 too (a reading, a check, a call)', async () => {
    const filed = await h.db.withTenant(skip.id, (tx) =>
      fileFaultReport(tx, 'system', { equipmentId: press, phenomenon: '油温超上限：78 ℃' }),
    );
    expect(await detailOf(filed.id)).toMatchObject({ status: 2, reporterName: null });
    expect(await eventOf(skip.id, 'equipmentRepair.reported', filed.id)).toEqual([
      expect.objectContaining({ status: 2 }),
    ]);
  });

  it('lets the reporter edit and withdraw a report nobody has acted on, not once one is named or has taken it', async () => {
    const r = await file('主缸保压掉压');
    await operator.ok(
      operator.put(`${FAULT}updateOne`, {
        id: r.id,
        version: r.version,
        phenomenon: '主缸保压掉压，10分钟掉2MPa',
      }),
    );
    const gone = await file('误报');
    await operator.ok(operator.del(`${FAULT}deleteOne`, gone.id));
    // taken and given back: a repairer has had it
    await keeper.ok(actHere(keeper, r.id, 'accept'));
    await keeper.ok(actHere(keeper, r.id, 'giveBack', { reason: '等备件' }));
    const back = await detailOf(r.id);
    expect(back).toMatchObject({ status: 2, untouched: false });
    const edit = await operator.put(`${FAULT}updateOne`, {
      id: r.id,
      version: back.version,
      phenomenon: 'x',
    });
    expect(edit.body.errorMsg).toBe(`故障报修“${r.code}”已接单，不能修改`);
    // named by 改派 (the keeper dispatches when there is no audit)
    const named = await file('滑块下行抖动');
    await admin.ok(actHere(admin, named.id, 'redispatch', { dispatchedIds: [skip.users.weixiu] }));
    const del = await operator.del(`${FAULT}deleteOne`, named.id);
    expect(del.body.errorMsg).toBe(`故障报修“${named.code}”已指派维修人员，不能删除`);
  });
});

type Part = {
  id: number;
  materialsId: number;
  materialsName: string;
  lowerLimit: number | null;
  upperLimit: number | null;
  stockQuantity: number;
  usedQuantity: number;
};
type Apply = {
  id: number;
  code: string;
  version: number;
  auditStatus: number;
  issueStatus: number;
  equipmentName: string | null;
  stockDocCode: string | null;
  rejectReason: string | null;
  applicantName: string | null;
};

/** A repair order taken and being repaired by the repairer (parts are asked for those). */
async function repairing() {
  const r = await report({ isStopped: false });
  await f.a.ok(act(f.a, r.id, 'audit'));
  await repairer.ok(act(repairer, r.id, 'accept'));
  await repairer.ok(act(repairer, r.id, 'start'));
  return r;
}

const applyOf = (id: number) => f.a.ok<Apply>(f.a.get(`${APPLY}getPartApplyDetail`, { id }));
async function applyAct(as: Calls, id: number, action: string, body: Record<string, unknown> = {}) {
  const { version } = await applyOf(id);
  return as.post(`${APPLY}${action}`, { id, version, ...body });
}

describe('spare parts', () => {
  it('registers a material once; its limits are the material’s; stock counts spare warehouses only', async () => {
    const page = await f.a.page<Part>(`${PART}getSparePartListPage`);
    const copper = page.content.find((p) => p.materialsId === f.ids.copper);
    expect(copper).toMatchObject({ lowerLimit: 5, upperLimit: null });
    expect(copper?.stockQuantity).toBeGreaterThan(0);
    const twice = await f.a.post(`${PART}addSparePart`, { materialsId: f.ids.copper });
    expect(twice.body.errorMsg).toBe('物料“漆包铜线 Φ1.8”已登记为备件，不能重复登记');
    const upside = await f.a.put(`${PART}updateOne`, {
      id: copper?.id,
      materialsId: f.ids.copper,
      lowerLimit: 50,
      upperLimit: 20,
    });
    expect(upside.body.errorMsg).toBe('库存上限不能小于安全库存');
    await f.a.ok(
      f.a.put(`${PART}updateOne`, {
        id: copper?.id,
        materialsId: f.ids.copper,
        lowerLimit: 4,
        upperLimit: 40,
      }),
    );
    const [m] = await h.db
      .withTenant(f.tenant.id, (tx) =>
        tx.execute(
          sql`select lower_limit::float as lo, upper_limit::float as up from material where id = ${f.ids.copper}`,
        ),
      )
      .then((r) => (r as unknown as { rows: { lo: number; up: number }[] }).rows);
    expect(m).toEqual({ lo: 4, up: 40 });
  });

  it('refuses a part not registered or a warehouse not a spare one, naming the line', async () => {
    const r = await repairing();
    const body = (line: Record<string, unknown>) => ({
      faultReasonId: reason,
      measures: '更换',
      parts: [{ materialsId: f.ids.copper, warehouseId: f.ids.raw, quantity: 1 }, line],
    });
    const steel = await act(
      repairer,
      r.id,
      'finish',
      body({ materialsId: f.ids.steel, warehouseId: f.ids.raw, quantity: 1 }),
    );
    expect(steel.body.errorMsg).toBe('第2行物料“硅钢片 30Q120”不是备件，请先在备件台账中登记');
    const finished = await act(
      repairer,
      r.id,
      'finish',
      body({ materialsId: f.ids.copper, warehouseId: f.ids.finished, quantity: 1 }),
    );
    expect(finished.body.errorMsg).toBe('第2行仓库“成品仓”不是备件仓');
    expect((await repairOf(r.id)).status).toBe(4);
  });

  it('applies for parts against a repair: audited, issued once from stock to the machine', async () => {
    const r = await repairing();
    const unknown = await repairer.post(`${APPLY}addPartApply`, {
      sourceType: 0,
      sourceCode: 'WX-NONE',
      lines: [{ materialsId: f.ids.copper, warehouseId: f.ids.raw, quantity: 1 }],
    });
    expect(unknown.body.errorMsg).toBe('维修工单“WX-NONE”不存在');
    const added = await repairer.ok<Apply>(
      repairer.post(`${APPLY}addPartApply`, {
        sourceType: 0,
        sourceCode: r.code,
        reason: '张力传感器线缆破损',
        lines: [{ materialsId: f.ids.copper, warehouseId: f.ids.raw, quantity: 3 }],
      }),
    );
    expect(added).toMatchObject({
      auditStatus: -1,
      issueStatus: 0,
      equipmentName: '1#立式绕线机',
      applicantName: '维修工老张',
    });
    expect(added.code).toMatch(/^BJSQ\d{8}\d{3}$/);
    await repairer.ok(applyAct(repairer, added.id, 'submit'));
    const edit = await repairer.put(`${APPLY}updateOne`, {
      id: added.id,
      version: (await applyOf(added.id)).version,
      reason: '改',
    });
    expect(edit.body.errorMsg).toBe(`备件申请“${added.code}”待审核，不能修改，请先撤回`);
    await f.a.ok(applyAct(f.a, added.id, 'reject', { reason: '数量偏多' }));
    expect(await applyOf(added.id)).toMatchObject({ auditStatus: 2, rejectReason: '数量偏多' });
    const { version } = await applyOf(added.id);
    await repairer.ok(
      repairer.put(`${APPLY}updateOne`, {
        id: added.id,
        version,
        lines: [{ materialsId: f.ids.copper, warehouseId: f.ids.raw, quantity: 2 }],
      }),
    );
    await repairer.ok(applyAct(repairer, added.id, 'submit'));
    await f.a.ok(applyAct(f.a, added.id, 'approve'));
    const before = await copperOnHand();
    await f.a.ok(applyAct(f.a, added.id, 'issue'));
    expect(await copperOnHand()).toBe(before - 2);
    const issued = await applyOf(added.id);
    expect(issued).toMatchObject({ auditStatus: 1, issueStatus: 1 });
    expect(issued.stockDocCode).toBeTruthy();
    const again = await applyAct(f.a, added.id, 'issue');
    expect(again.body.errorMsg).toBe(`备件申请“${added.code}”已发放，不能发放`);
    const used = await f.a.ok<{ quantity: number; sourceCode: string; equipmentName: string }[]>(
      f.a.get(`${PART}getSparePartUsageList`, { sourceType: 0, sourceId: r.id }),
    );
    expect(used).toEqual([
      expect.objectContaining({ quantity: 2, sourceCode: r.code, equipmentName: '1#立式绕线机' }),
    ]);
  });

  it('refuses an issue short of stock and leaves the application passed, not issued', async () => {
    const r = await repairing();
    const a = await repairer.ok<Apply>(
      repairer.post(`${APPLY}addPartApply`, {
        sourceType: 0,
        sourceCode: r.code,
        lines: [{ materialsId: f.ids.copper, warehouseId: f.ids.raw, quantity: 500 }],
      }),
    );
    await repairer.ok(applyAct(repairer, a.id, 'submit'));
    await f.a.ok(applyAct(f.a, a.id, 'approve'));
    const short = await applyAct(f.a, a.id, 'issue');
    expect(short.body.errorMsg).toContain('库存不足');
    expect(await applyOf(a.id)).toMatchObject({ auditStatus: 1, issueStatus: 0, stockDocCode: null });
  });

  it('issues parts on an upkeep task’s finish (source 保养), not on a spot-check', async () => {
    const grease = await f.a.ok<{ id: number }>(
      f.a.post(`${E}checkItem/addCheckItem`, { code: 'BY-01', name: '导轨润滑', kind: 2, valueType: 0 }),
    );
    const task = await f.a.ok<{ id: number; version: number; code: string }>(
      f.a.post(`${E}maintenanceBill/addMaintenanceBill`, {
        equipmentId: winder,
        dueTime: '2099-01-01 08:00:00',
        itemIds: [grease.id],
        assigneeIds: [repairerId],
      }),
    );
    const started = await repairer.ok<{ version: number }>(
      repairer.post(`${E}maintenanceBill/start`, { id: task.id, version: task.version }),
    );
    const items = await repairer.ok<{ itemId: number }[]>(
      repairer.get(`${E}maintenanceBill/getItemList`, { id: task.id }),
    );
    const before = await copperOnHand();
    await repairer.ok(
      repairer.post(`${E}maintenanceBill/finish`, {
        id: task.id,
        version: started.version,
        items: items.map((i) => ({ itemId: i.itemId, result: 0 })),
        parts: [{ materialsId: f.ids.copper, warehouseId: f.ids.raw, quantity: 1 }],
      }),
    );
    expect(await copperOnHand()).toBe(before - 1);
    const used = await f.a.ok<{ sourceType: number; sourceCode: string }[]>(
      f.a.get(`${PART}getSparePartUsageList`, { sourceType: 1, sourceId: task.id }),
    );
    expect(used).toEqual([expect.objectContaining({ sourceType: 1, sourceCode: task.code })]);
  });

  it('walks every (state, action) of the application machine', async () => {
    const r = await repairing();
    const a = await repairer.ok<Apply>(
      repairer.post(`${APPLY}addPartApply`, {
        sourceType: 0,
        sourceCode: r.code,
        lines: [{ materialsId: f.ids.copper, warehouseId: f.ids.raw, quantity: 0.5 }],
      }),
    );
    // 发放 from 1/0 is allowed but refused for the data: the walk acts as the system, and only a user takes parts out
    const steps = await walkMachine(h, f.tenant.id, partApplyActions, partApplications, a.id);
    expect(steps).toHaveLength(4 * 2 * 5);
    expect(
      steps.filter((s) => !s.refused).map((s) => `${s.action} ${s.state.auditStatus}/${s.state.issueStatus}`),
    ).toEqual([
      'withdraw 0/0',
      'approve 0/0',
      'reject 0/0',
      'withdraw 0/1',
      'approve 0/1',
      'reject 0/1',
      'submit 2/0',
      'submit 2/1',
      'submit -1/0',
      'submit -1/1',
    ]);
  });
});
