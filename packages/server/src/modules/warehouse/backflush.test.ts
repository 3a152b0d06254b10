import type { PrepLineRow, StockBalanceRow } from '@factory/shared/api/warehouse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import {
  openWorkOrder,
  PRODUCTION,
  type ProductionFixture,
  productionFixture,
  reportWork,
} from '../plans/testing.ts';

const W = 'warehouse/private/';
const PREP = `${W}materialPrep/`;
const INVENTORY = 'warehouse/kiki/private/warehouseMaterialsBatKiki/';
const FLOW = 'basicData/production/private/';

let h: Harness;
let f: ProductionFixture;
let raw: number;
let lineSide: number;

/**
 * The fixture's product takes 40 kg of copper at 绕线 and one core at 总装 (its flow's BOM list
 * view); the raw warehouse holds two batches of copper and one of cores; the line has a line side.
 */
beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h, 'bf');
  const add = async (url: string, body: unknown) => (await f.a.ok<{ id: number }>(f.a.post(url, body))).id;
  raw = await add(`${W}warehouse/addWarehouse`, { name: '原材料库' });
  lineSide = await add(`${W}sitWarehouse/addSitWarehouse`, { name: '油变一线线边仓', areaId: f.ids.line });
  const version = await f.a.ok<{ steps: { id: number; procedureId: number }[] }>(
    f.a.get(`${FLOW}processFlowVersion/getProcessFlowVersionDetail`, { id: f.ids.mainVersion }),
  );
  const stepOf = (procedureId: number) => version.steps.find((s) => s.procedureId === procedureId)?.id;
  await f.a.ok(
    f.a.post(`${FLOW}processFlow/updateBomListView`, {
      versionId: f.ids.mainVersion,
      items: [
        { materialId: f.ids.copper, stepId: stepOf(f.ids.winding), quantity: 40 },
        { materialId: f.ids.core, stepId: stepOf(f.ids.assembly), quantity: 1 },
      ],
    }),
  );
  const types = await f.a.page<{ id: number; name: string }>(`${W}stockType/getStockTypeListPage`);
  const doc = await f.a.ok<{ id: number; version: number }>(
    f.a.post(`${W}stockDoc/addStockDoc`, {
      kind: 0,
      stockTypeId: types.content.find((t) => t.name === '采购入库')?.id,
      warehouseId: raw,
      lines: [
        { materialsId: f.ids.copper, quantity: 100, batchCode: 'CU-B1' },
        { materialsId: f.ids.copper, quantity: 500, batchCode: 'CU-B2' },
        { materialsId: f.ids.core, quantity: 20, batchCode: 'CORE-B1' },
      ],
    }),
  );
  const { version: v } = await f.a.ok<{ version: number }>(
    f.a.post(`${W}stockDoc/submit`, { id: doc.id, version: doc.version }),
  );
  await f.a.ok(f.a.post(`${W}stockDoc/approve`, { id: doc.id, version: v }));
});
afterAll(() => h.close());

/** A released work order of `quantity` with its preparation order sent and picked whole (or only the lines of material `only`). */
async function preparedWorkOrder(quantity: number, only?: number) {
  const wo = await openWorkOrder(f, quantity);
  const page = await f.a.page<{ id: number; version: number }>(`${PREP}getMaterialPrepListPage`, [
    { fieldName: 'workOrderId', operator: 'eq', fieldValue: wo.id },
  ]);
  const prep = page.content[0];
  const lines = await f.a.ok<PrepLineRow[]>(f.a.get(`${PREP}getMaterialPrepLineList`, { id: prep.id }));
  const sent = await f.a.ok<{ version: number }>(
    f.a.post(`${PREP}send`, { id: prep.id, version: prep.version }),
  );
  await f.a.ok(
    f.a.post(`${PREP}pick`, {
      id: prep.id,
      version: sent.version,
      warehouseId: raw,
      lines: lines
        .filter((l) => only === undefined || l.materialsId === only)
        .map((l) => ({ lineId: l.id, quantity: l.requiredQuantity })),
    }),
  );
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
