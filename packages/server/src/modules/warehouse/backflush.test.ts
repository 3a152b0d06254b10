import type { StockBalanceRow } from '@factory/shared/api/warehouse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { openWorkOrder, PRODUCTION, type ProductionFixture, reportWork } from '../plans/testing.ts';
import { bomBySteps, type PrepFixture, pickWhole, prepFixture } from './testing.ts';

const W = 'warehouse/private/';
const INVENTORY = 'warehouse/kiki/private/warehouseMaterialsBatKiki/';

let h: Harness;
let f: ProductionFixture;
let p: PrepFixture;
let raw: number;
let lineSide: number;

/**
 * The fixture's product takes 40 kg of copper at 绕线 and one core at 总装 (its flow's BOM list
 * view); the raw warehouse holds two batches of copper and one of cores; the line has a line side.
 */
beforeAll(async () => {
  h = await createHarness();
  p = await prepFixture(h, 'bf', []);
  ({ f, raw, lineSide } = p);
  await bomBySteps(f);
  await p.receive([
    { materialsId: f.ids.copper, quantity: 100, batchCode: 'CU-B1' },
    { materialsId: f.ids.copper, quantity: 500, batchCode: 'CU-B2' },
    { materialsId: f.ids.core, quantity: 20, batchCode: 'CORE-B1' },
  ]);
});
afterAll(() => h.close());

/** A released work order of `quantity` with its preparation order sent and picked whole (or only the lines of material `only`). */
async function preparedWorkOrder(quantity: number, only?: number) {
  const wo = await openWorkOrder(f, quantity);
  const prep = await pickWhole(f, wo.id, raw, only);
  return { wo, prepId: prep.id };
}

const batches = async (materialsId: number) =>
  (await f.a.ok<StockBalanceRow[]>(f.a.get(`${INVENTORY}getMaterialsBatchList`, { materialsId })))
    .filter((b) => b.warehouseId === lineSide)
    .map((b) => [b.batchCode, b.onHand])
    .sort();
const lineSideOf = async (materialsId: number) =>
  (await batches(materialsId)).reduce((s, [, q]) => s + Number(q), 0);
const consumed = async (prepId: number) =>
  // what backflush has taken, by line (copper, core)
  (
    await h.db.systemQuery<{ c: string }>(
      sql`select consumed_quantity::text as c from material_prep_line where prep_id = ${prepId} order by line_no`,
    )
  ).map((r) => Number(r.c));
const feedDocs = (sourceNumber: string) =>
  f.a.page<{
    kind: number;
    stockTypeName: string;
    warehouseName: string;
    totalQuantity: number;
    status: number;
  }>(`${W}stockDoc/getStockDocListPage`, [
    { fieldName: 'sourceNumber', operator: 'like', fieldValue: sourceNumber },
  ]);

describe('backflush (倒冲) on report work', () => {
  it("takes each step's materials from the line side by good + defect, first in first out, posting only the difference", async () => {
    const { wo, prepId } = await preparedWorkOrder(3);
    // the pick took copper CU-B1 (100) then CU-B2 (20), first in first out
    expect(await batches(f.ids.copper)).toEqual([
      ['CU-B1', 100],
      ['CU-B2', 20],
    ]);
    const [winding, assembly] = wo.taskIds;
    const first = await f.a.ok<{ code: string }>(
      reportWork(f, {
        taskId: winding,
        stationId: f.ids.windingStation,
        goodQuantity: 1,
        defectQuantity: 0.5,
      }),
    );
    // 1.5 units at 40 kg: 60 kg, from the oldest batch; the core is used at 总装, not yet
    expect(await batches(f.ids.copper)).toEqual([
      ['CU-B1', 40],
      ['CU-B2', 20],
    ]);
    expect(await lineSideOf(f.ids.core)).toBe(3);
    expect(await consumed(prepId)).toEqual([60, 0]);
    const docs = await feedDocs(first.code);
    expect(docs.content).toEqual([
      expect.objectContaining({
        kind: 1,
        stockTypeName: '生产投料',
        warehouseName: '油变一线线边仓',
        totalQuantity: 60,
        status: 2,
      }),
    ]);

    // undone through the report, never on its own
    const [fed] = docs.content as unknown as { id: number; code: string; version: number }[];
    const reversed = await f.a.post(`${W}stockDoc/reverse`, {
      id: fed.id,
      version: fed.version,
      reason: '错了',
    });
    expect(reversed.body.errorMsg).toBe(
      `单据“${fed.code}”由报工记录“${first.code}”自动生成，不能冲销；请撤销该报工记录`,
    );

    await f.a.ok(reportWork(f, { taskId: winding, stationId: f.ids.windingStation, goodQuantity: 1.5 }));
    expect(await consumed(prepId)).toEqual([120, 0]);
    expect(await lineSideOf(f.ids.copper)).toBe(0);
    await f.a.ok(reportWork(f, { taskId: assembly, stationId: f.ids.assemblyStation, goodQuantity: 2 }));
    expect(await consumed(prepId)).toEqual([120, 2]);
    expect(await lineSideOf(f.ids.core)).toBe(1);
  });

  it('refuses a report the line side cannot cover, naming material, place and quantities, and writes nothing', async () => {
    // picked only the cores: the line side is under control, its copper is gone
    const { wo, prepId } = await preparedWorkOrder(2, f.ids.core);
    const refused = await reportWork(f, {
      taskId: wo.taskIds[0],
      stationId: f.ids.windingStation,
      goodQuantity: 1,
    });
    expect(refused.body.errorMsg).toBe(
      '线边仓用料不足，不能报工。库存不足：“漆包铜线 Φ1.8”在“油变一线线边仓”可用 0 kg，需要 40 kg，请先领料到线边仓',
    );
    const tasks = await f.a.ok<{ goodQuantity: number }[]>(
      f.a.get(`${PRODUCTION}produceTask/getProduceTaskList`, { workOrderId: wo.id }),
    );
    expect(tasks[0].goodQuantity).toBe(0);
    expect(await consumed(prepId)).toEqual([0, 0]);
    const [records] = await h.db.systemQuery<{ n: number }>(
      sql`select count(*)::int as n from report_work where work_order_id = ${wo.id}`,
    );
    expect(records.n).toBe(0);
  });

  it('gives back into the batches it took from when the report is withdrawn, and takes again on the next report', async () => {
    const { wo, prepId } = await preparedWorkOrder(1);
    expect(await batches(f.ids.copper)).toEqual([['CU-B2', 40]]);
    const made = await f.a.ok<{ id: number; code: string }>(
      reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 1 }),
    );
    expect(await lineSideOf(f.ids.copper)).toBe(0);
    const reversal = await f.a.ok<{ code: string }>(
      f.a.post(`${PRODUCTION}reportWork/withdraw`, { id: made.id, reason: '报错工单' }),
    );
    expect(await batches(f.ids.copper)).toEqual([['CU-B2', 40]]);
    expect(await consumed(prepId)).toEqual([0, 0]);
    expect((await feedDocs(reversal.code)).content).toEqual([
      expect.objectContaining({ kind: 0, stockTypeName: '报工撤回入库', totalQuantity: 40, status: 2 }),
    ]);
    await f.a.ok(reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 1 }));
    expect(await lineSideOf(f.ids.copper)).toBe(0);
    expect(await consumed(prepId)).toEqual([40, 0]);
  });

  it('takes nothing for a work order whose line has no line side: its pick went to the work', async () => {
    await f.a.ok(
      f.a.put(`${W}sitWarehouse/updateOne`, {
        id: lineSide,
        name: '油变一线线边仓',
        areaId: f.ids.otherLine,
      }),
    );
    try {
      const wo = await openWorkOrder(f, 1);
      await f.a.ok(
        reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 1 }),
      );
    } finally {
      await f.a.ok(
        f.a.put(`${W}sitWarehouse/updateOne`, { id: lineSide, name: '油变一线线边仓', areaId: f.ids.line }),
      );
    }
  });
});

describe('the preparation of a split or reduced work order', () => {
  const WO = `${PRODUCTION}produceWorkOrder/`;
  const act = async (action: string, id: number, quantity: number) => {
    const { version } = await f.a.ok<{ version: number }>(f.a.get(`${WO}getProduceWorkOrderDetail`, { id }));
    return f.a.ok<{ id: number; code: string }>(f.a.post(`${WO}${action}`, { id, version, quantity }));
  };
  const figures = async (prepId: number) =>
    (await p.linesOf(prepId)).map((l) => [l.requiredQuantity, l.issuedQuantity, l.heldQuantity]);

  it('gives the split-off order its share with what was picked for it, each backflushing its own; a reduction takes the need down', async () => {
    await h.db.systemQuery(
      sql`update tenant set flags = '{"splitWorkOrder": true}', config_version = config_version + 1 where id = ${f.tenant.id}`,
    );
    // 4 units: 160 kg of copper and 4 cores picked; one unit wound
    const { wo, prepId } = await preparedWorkOrder(4);
    await f.a.ok(reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 1 }));
    const lineSideBefore = await lineSideOf(f.ids.copper);

    const split = await act('split', wo.id, 2);
    const splitPrep = await p.prepOf(split.id);
    expect(splitPrep).toMatchObject({ status: 3, targetWarehouseName: '油变一线线边仓' });
    // each keeps 2 units' need, and the material picked for the two split off goes with them
    expect(await figures(prepId)).toEqual([
      [80, 80, 0],
      [2, 2, 0],
    ]);
    expect(await figures(splitPrep.id)).toEqual([
      [80, 80, 0],
      [2, 2, 0],
    ]);
    const splitTasks = await f.a.ok<{ id: number }[]>(
      f.a.get(`${PRODUCTION}produceTask/getProduceTaskList`, { workOrderId: split.id }),
    );
    await f.a.ok(
      reportWork(f, { taskId: splitTasks[0].id, stationId: f.ids.windingStation, goodQuantity: 1 }),
    );
    expect(await consumed(splitPrep.id)).toEqual([40, 0]);
    expect(await consumed(prepId)).toEqual([40, 0]);
    expect(await lineSideOf(f.ids.copper)).toBe(lineSideBefore - 40);

    // the original down to the unit it wound: it needs 40 kg and a core, and has more picked
    await act('reduce', wo.id, 1);
    expect(await figures(prepId)).toEqual([
      [40, 80, 0],
      [1, 2, 0],
    ]);
  });

  it('holds what a sent order still lacks, shared out again when it is split before any pick', async () => {
    const wo = await openWorkOrder(f, 2);
    const sent = await p.send(wo.id);
    expect(await figures(sent.id)).toEqual([
      [80, 0, 80],
      [2, 0, 2],
    ]);
    const split = await act('split', wo.id, 1);
    const splitPrep = await p.prepOf(split.id);
    expect(splitPrep.status).toBe(1);
    for (const id of [sent.id, splitPrep.id])
      expect(await figures(id)).toEqual([
        [40, 0, 40],
        [1, 0, 1],
      ]);
  });
});
