import type { MouldOnLine, MouldShotRow } from '@factory/shared/api/mould';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { walkMachine } from '../../testing/machineWalk.ts';
import { userEquipment } from '../equipment/index.ts';
import {
  openWorkOrder,
  PRODUCTION,
  type ProductionFixture,
  productionFixture,
  reportWork,
} from '../plans/testing.ts';
import { mouldHandleActions, mouldHandles, moulds, shotsOf, sweepMoulds } from './index.ts';

const M = 'mould/private/mould/';
const H = 'mould/private/mouldHandle/';
const ST = 'mould/private/mouldStock/';

type Mould = {
  id: number;
  code: string;
  status: number;
  usedShots: number;
  usedShotsExact: string;
  designLife: number;
  warnPct: number;
  cavities: number;
  currentAreaId: number | null;
  currentAreaName: string | null;
  currentEquipmentName: string | null;
  procedureIds: number[];
  procedureNames: string;
  materialsNames: string;
};
type Handle = { id: number; code: string; version: number; auditStatus: number; shotsAt: number | null };

let h: Harness;
let f: ProductionFixture;
let press: number;
let keeper: number;

beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h, 'mld', [{ userName: 'keeper', name: '设备员老李' }]);
  press = (
    await f.a.ok<{ id: number }>(
      f.a.post('equipment/private/equipment/addEquipment', { code: 'YJ-01', name: '油箱冲压机' }),
    )
  ).id;
  keeper = f.tenant.users.keeper;
  await h.db.withTenant(f.tenant.id, (tx) =>
    tx.insert(userEquipment).values({ userId: keeper, equipmentId: press }),
  );
});
afterAll(() => h.close());

const mouldOf = (id: number) => f.a.ok<Mould>(f.a.get(`${M}getMouldDetail`, { id }));
const handleOf = (id: number) => f.a.ok<Handle>(f.a.get(`${H}getMouldHandleDetail`, { id }));

async function addMould(body: Record<string, unknown> = {}) {
  return f.a.ok<Mould>(
    f.a.post(`${M}addMould`, {
      name: '油箱上盖冲压模',
      cavities: 2,
      designLife: 100,
      procedureIds: [f.ids.winding],
      materialsIds: [f.ids.product],
      ...body,
    }),
  );
}

async function act(id: number, action: string, body: Record<string, unknown> = {}) {
  const { version } = await handleOf(id);
  return f.a.post(`${H}${action}`, { id, version, ...body });
}

/** A handling document written, submitted and passed; answers the passed document. */
async function pass(mouldId: number, handleType: number, body: Record<string, unknown> = {}) {
  const doc = await f.a.ok<Handle>(f.a.post(`${H}addMouldHandle`, { mouldId, handleType, ...body }));
  await f.a.ok(act(doc.id, 'submit'));
  await f.a.ok(act(doc.id, 'approve'));
  return handleOf(doc.id);
}

/** A mould stocked in and lent to the fixture's line on the press. */
async function lentMould(body: Record<string, unknown> = {}) {
  const m = await addMould(body);
  await pass(m.id, 0);
  await pass(m.id, 1, { areaId: f.ids.line, equipmentId: press });
  return mouldOf(m.id);
}

describe('moulds', () => {
  it('numbers a mould MJ…, starts it pending stock-in with its products and procedures named', async () => {
    const m = await addMould();
    expect(m.code).toMatch(/^MJ\d{4}$/);
    expect(m).toMatchObject({ status: 0, usedShots: 0, warnPct: 90, procedureIds: [f.ids.winding] });
    expect(m.procedureNames).toBe('绕线');
    expect(m.materialsNames).toBe('S13-M-400/10 油浸式变压器');
    const page = await f.a.page<Mould>(`${M}getMouldListPage`, [
      { fieldName: 'id', operator: 'eq', fieldValue: m.id },
    ]);
    expect(page.content[0]).toMatchObject({
      procedureNames: '绕线',
      materialsIds: [f.ids.product],
      usedShots: 0,
    });
    const bad = await f.a.post(`${M}addMould`, { name: '坏模', cavities: 0, designLife: 10 });
    expect(bad.body.errorCode).toBe(1);
    const ghost = await f.a.post(`${M}addMould`, {
      name: '坏模',
      cavities: 1,
      designLife: 10,
      procedureIds: [999999],
    });
    expect(ghost.body.errorMsg).toBe('所选适用工序不存在或已被删除');
  });

  it('keeps the products and procedures a mould serves from being deleted', async () => {
    const B = 'basicData/';
    const cover = await f.a.ok<{ id: number }>(
      f.a.post(`${B}materials/private/materials/addMaterials`, {
        code: 'BCP-XG-01',
        name: '箱盖',
        materialType: 1,
        mainUnitId: f.ids.kg,
        isVirtualMaterials: false,
      }),
    );
    const stamping = await f.a.ok<{ id: number }>(
      f.a.post(`${B}production/private/procedure/addProcedure`, { name: '冲压', processType: 0 }),
    );
    const m = await addMould({ name: '箱盖冲压模', materialsIds: [cover.id], procedureIds: [stamping.id] });
    expect((await f.a.del(`${B}materials/private/materials/deleteOne`, cover.id)).body.errorMsg).toBe(
      `“箱盖”已被模具“${m.code}”使用，不能删除`,
    );
    expect((await f.a.del(`${B}production/private/procedure/deleteOne`, stamping.id)).body.errorMsg).toBe(
      `“冲压”已被模具“${m.code}”使用，不能删除`,
    );
  });

  it('moves the mould only when its document passes: stock-in, lend, return, repair out and back with a life extension, scrap', async () => {
    const m = await addMould();
    const stockIn = await f.a.ok<Handle>(f.a.post(`${H}addMouldHandle`, { mouldId: m.id, handleType: 0 }));
    expect(stockIn.code).toMatch(/^MC\d{8}\d{3}$/);
    expect(stockIn.auditStatus).toBe(-1);
    await f.a.ok(act(stockIn.id, 'submit'));
    expect((await mouldOf(m.id)).status).toBe(0);
    const rejected = await act(stockIn.id, 'reject');
    expect(rejected.body.errorMsg).toBe('请输入驳回原因');
    await f.a.ok(act(stockIn.id, 'reject', { reason: '库位未定' }));
    await f.a.ok(act(stockIn.id, 'submit'));
    await f.a.ok(act(stockIn.id, 'approve'));
    expect((await mouldOf(m.id)).status).toBe(1);
    const edit = await f.a.put(`${H}updateOne`, {
      id: stockIn.id,
      version: (await handleOf(stockIn.id)).version,
      mouldId: m.id,
      handleType: 0,
      reason: 'x',
    });
    expect(edit.body.errorMsg).toContain('已通过，不能修改');

    const noLine = await f.a.post(`${H}addMouldHandle`, { mouldId: m.id, handleType: 1 });
    expect(noLine.body.errorMsg).toBe('请选择借用产线');
    const wrongLine = await f.a.post(`${H}addMouldHandle`, {
      mouldId: m.id,
      handleType: 1,
      areaId: f.ids.otherLine,
    });
    expect(wrongLine.body.errorCode).toBe(0); // 干变一线 has a winding station
    await pass(m.id, 1, { areaId: f.ids.line, equipmentId: press });
    expect(await mouldOf(m.id)).toMatchObject({
      status: 2,
      currentAreaName: '油变一线',
      currentEquipmentName: '油箱冲压机',
    });
    // the other lend document no longer fits: the mould is lent
    const twice = await act((wrongLine.body.result as Handle).id, 'submit');
    expect(twice.body.errorMsg).toBe(`模具“${m.code}”借出，不能借用`);

    await pass(m.id, 2);
    expect(await mouldOf(m.id)).toMatchObject({ status: 1, currentAreaId: null });
    await pass(m.id, 3);
    expect((await mouldOf(m.id)).status).toBe(3);
    const lendInRepair = await f.a.post(`${H}addMouldHandle`, {
      mouldId: m.id,
      handleType: 1,
      areaId: f.ids.line,
    });
    expect(lendInRepair.body.errorMsg).toBe(`模具“${m.code}”维修中，不能借用`);
    await pass(m.id, 4, { lifeExtension: 50 });
    expect(await mouldOf(m.id)).toMatchObject({ status: 1, designLife: 150 });
    await pass(m.id, 5);
    expect((await mouldOf(m.id)).status).toBe(4);
    const after = await f.a.post(`${H}addMouldHandle`, { mouldId: m.id, handleType: 0 });
    expect(after.body.errorMsg).toBe(`模具“${m.code}”报废，不能入库`);
    const del = await f.a.post(`${M}deleteOne`, { id: m.id });
    expect(del.body.errorCode).not.toBe(0);
  });

  it('walks every (audit status, action) pair of the handling document', async () => {
    const m = await addMould();
    const doc = await f.a.ok<Handle>(f.a.post(`${H}addMouldHandle`, { mouldId: m.id, handleType: 0 }));
    const steps = await walkMachine(h, f.tenant.id, mouldHandleActions, mouldHandles, doc.id);
    expect(steps).toHaveLength(4 * 4);
    expect(steps.filter((s) => !s.refused).map((s) => `${s.action} ${JSON.stringify(s.state)}`)).toEqual([
      'withdraw {"auditStatus":0}',
      'approve {"auditStatus":0}',
      'reject {"auditStatus":0}',
      'submit {"auditStatus":2}',
      'submit {"auditStatus":-1}',
    ]);
  });

  it('lists each mould with its place and counter on mould-stock', async () => {
    const m = await lentMould({ name: '散热片成型模' });
    const page = await f.a.page<{
      id: number;
      place: string;
      usedShots: number;
      remainingShots: number;
      status: number;
    }>(`${ST}getMouldStockListPage`, [{ fieldName: 'id', operator: 'eq', fieldValue: m.id }]);
    expect(page.content[0]).toMatchObject({
      place: '借出：油变一线 / 油箱冲压机',
      usedShots: 0,
      remainingShots: 100,
      status: 2,
    });
  });
});

describe('shots from report work', () => {
  it('divides exactly and rounds up to the millionth', () => {
    expect(shotsOf(10_000_000n, 3)).toBe(3_333_334n);
    expect(shotsOf(-10_000_000n, 3)).toBe(-3_333_334n);
    expect(shotsOf(7_000_000n, 1)).toBe(7_000_000n);
  });

  it('adds (good + defect + repair) ÷ cavities, and a withdrawal takes it back', async () => {
    const m = await lentMould({ cavities: 3 });
    const wo = await openWorkOrder(f, 20);
    const first = await f.a.ok<{ id: number }>(
      reportWork(f, {
        taskId: wo.taskIds[0],
        stationId: f.ids.windingStation,
        goodQuantity: 8,
        defectQuantity: 1,
        repairQuantity: 1,
        mouldId: m.id,
      }),
    );
    let now = await mouldOf(m.id);
    expect(now.usedShotsExact).toBe('3.333334');
    expect(now.usedShots).toBe(4);
    await f.a.ok(
      reportWork(f, {
        taskId: wo.taskIds[0],
        stationId: f.ids.windingStation,
        goodQuantity: 2,
        mouldId: m.id,
      }),
    );
    expect((await mouldOf(m.id)).usedShotsExact).toBe('4');
    const shots = await f.a.ok<MouldShotRow[]>(f.a.get(`${M}getMouldShotList`, { id: m.id }));
    // each report writes the difference it makes to Σ quantity ÷ cavities, so roundings never add up
    expect(shots.map((s) => [s.quantity, s.shots])).toEqual([
      [2, 0.666666],
      [10, 3.333334],
    ]);
    await f.a.ok(f.a.post(`${PRODUCTION}reportWork/withdraw`, { id: first.id, reason: '报错模具' }));
    now = await mouldOf(m.id);
    expect(now.usedShotsExact).toBe('0.666667');
    expect((await f.a.ok<MouldShotRow[]>(f.a.get(`${M}getMouldShotList`, { id: m.id })))[0]).toMatchObject({
      quantity: -10,
      shots: -3.333333,
    });
    const cavities = await f.a.put(`${M}updateOne`, {
      id: m.id,
      name: now.code,
      cavities: 2,
      designLife: 100,
    });
    expect(cavities.body.errorMsg).toBe(`模具“${m.code}”已有报工模次，不能修改穴数`);
  });

  it('refuses a mould not lent to the report line, or not serving the procedure', async () => {
    const wo = await openWorkOrder(f, 5);
    const inStock = await addMould();
    await pass(inStock.id, 0);
    const refused = await reportWork(f, {
      taskId: wo.taskIds[0],
      stationId: f.ids.windingStation,
      goodQuantity: 1,
      mouldId: inStock.id,
    });
    expect(refused.body.errorMsg).toBe(
      `模具“${inStock.code}”未借用到产线“油变一线”，不能用于报工，请先办理模具借用`,
    );
    const other = await addMould({ procedureIds: [f.ids.winding] });
    await pass(other.id, 0);
    await pass(other.id, 1, { areaId: f.ids.otherLine });
    const elsewhere = await reportWork(f, {
      taskId: wo.taskIds[0],
      stationId: f.ids.windingStation,
      goodQuantity: 1,
      mouldId: other.id,
    });
    expect(elsewhere.body.errorMsg).toContain('未借用到产线“油变一线”');
    const testingOnly = await lentMould({ procedureIds: [f.ids.assembly] });
    const wrongStep = await reportWork(f, {
      taskId: wo.taskIds[0],
      stationId: f.ids.windingStation,
      goodQuantity: 1,
      mouldId: testingOnly.id,
    });
    expect(wrongStep.body.errorMsg).toBe(`模具“${testingOnly.code}”不适用工序“绕线”，不能用于报工`);
    const otherProduct = await lentMould({ materialsIds: [f.ids.noFlow] });
    const wrongProduct = await reportWork(f, {
      taskId: wo.taskIds[0],
      stationId: f.ids.windingStation,
      goodQuantity: 1,
      mouldId: otherProduct.id,
    });
    expect(wrongProduct.body.errorMsg).toBe(
      `模具“${otherProduct.code}”不适用产品“S13-M-400/10 油浸式变压器”，不能用于报工`,
    );
    // nothing was counted, nothing reported
    expect((await mouldOf(inStock.id)).usedShots).toBe(0);
    // what the report dialog offers: moulds lent to the task's line serving its procedure
    const serving = await lentMould();
    const onLine = await f.a.ok<MouldOnLine[]>(f.a.get(`${M}getMouldsForTask`, { taskId: wo.taskIds[0] }));
    expect(onLine.some((o) => o.id === serving.id)).toBe(true);
    const offered = onLine.map((o) => o.id);
    for (const no of [testingOnly, other, inStock, otherProduct]) expect(offered).not.toContain(no.id);
  });

  it('tells the keepers once at the warning threshold and again at the design life; past its life a mould cannot be lent', async () => {
    const m = await lentMould({ cavities: 1, designLife: 10, warnPct: 80 });
    const wo = await openWorkOrder(f, 20);
    const report = (q: number) =>
      f.a.ok(
        reportWork(f, {
          taskId: wo.taskIds[0],
          stationId: f.ids.windingStation,
          goodQuantity: q,
          mouldId: m.id,
        }),
      );
    const sweep = () =>
      h.db.withTenant(f.tenant.id, (tx) => sweepMoulds(tx, f.tenant.id, h.services, () => undefined));
    const events = () =>
      h.db.withTenant(f.tenant.id, async (tx) => {
        const res = await tx.execute(
          sql`select payload from domain_event where name = 'mould.lifeWarning' order by id`,
        );
        return (
          res as unknown as { rows: { payload: { mouldId: number; kind: number; keeperIds: number[] } }[] }
        ).rows
          .map((r) => r.payload)
          .filter((p) => p.mouldId === m.id);
      });
    await report(7);
    expect(await sweep()).toBe(0);
    await report(1);
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    await report(1);
    expect(await sweep()).toBe(0);
    await report(1);
    expect(await sweep()).toBe(1);
    // reports continue past the life
    await report(1);
    expect(await sweep()).toBe(0);
    expect((await events()).map((e) => [e.kind, e.keeperIds])).toEqual([
      [1, [keeper]],
      [2, [keeper]],
    ]);
    expect((await mouldOf(m.id)).usedShots).toBe(11);

    await pass(m.id, 2);
    const lend = await f.a.post(`${H}addMouldHandle`, { mouldId: m.id, handleType: 1, areaId: f.ids.line });
    expect(lend.body.errorMsg).toBe(`模具“${m.code}”已用模次 11 已达设计寿命 10，不能借用，请先送修或报废`);
    await pass(m.id, 3);
    await pass(m.id, 4, { lifeExtension: 20 });
    await h.db.withTenant(f.tenant.id, async (tx) => {
      const [row] = await tx.select().from(moulds).where(eq(moulds.id, m.id));
      expect(row.warnedAt).toBeNull();
      expect(row.lifeEndNotifiedAt).toBeNull();
    });
    await pass(m.id, 1, { areaId: f.ids.line });
    expect((await mouldOf(m.id)).status).toBe(2);
  });
});
