import type { InventoryRow, StockBalanceRow } from '@factory/shared/api/warehouse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { openWorkOrder, type ProductionFixture, productionFixture, reportWork } from '../plans/testing.ts';

const W = 'warehouse/private/';
const INVENTORY = 'warehouse/kiki/private/warehouseMaterialsBatKiki/';
const PLAN = 'production/kiki/private/producePlan/';

let h: Harness;
let f: ProductionFixture;
let finished: number;
let location: number;

beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h, 'stk');
  const add = async (url: string, body: unknown) => (await f.a.ok<{ id: number }>(f.a.post(url, body))).id;
  finished = await add(`${W}warehouse/addWarehouse`, { code: 'CP', name: '成品库' });
  const area = await add(`${W}warehouseArea/addWarehouseArea`, {
    code: 'CP-A',
    name: '变压器区',
    warehouseId: finished,
  });
  location = await add(`${W}warehouseLocation/addWarehouseLocation`, {
    code: 'F-01',
    name: 'F-01',
    warehouseAreaId: area,
  });
});
afterAll(() => h.close());

/** A work order of `quantity` reported good through its three steps. */
async function completed(quantity: number) {
  const wo = await openWorkOrder(f, quantity);
  const stations = [f.ids.windingStation, f.ids.assemblyStation, f.ids.testingStation];
  for (const [i, taskId] of wo.taskIds.entries())
    await f.a.ok(reportWork(f, { taskId, stationId: stations[i], goodQuantity: quantity }));
  return wo;
}

const stocked = (id: number) =>
  h.db.withTenant(f.tenant.id, async (tx) => {
    const res = await tx.execute(
      sql`select stocked_quantity::float as q from produce_work_order where id = ${id}`,
    );
    return Number((res as unknown as { rows: { q: number }[] }).rows[0].q);
  });

describe('finished goods stock-in (生产入库)', () => {
  it('stocks a plan’s completed units into the chosen warehouse as a new batch, posted at once, and never twice', async () => {
    const wo = await completed(2);
    const done = await f.a.ok<{ code: string; lineCount: number; totalQuantity: number }>(
      f.a.post(`${PLAN}stocking`, { id: wo.planId, warehouseId: finished, locationId: location }),
    );
    expect(done).toMatchObject({ lineCount: 1, totalQuantity: 2 });
    const doc = await f.a.ok<{
      status: number;
      stockTypeName: string;
      lines: { batchCode: string; remark: string }[];
    }>(f.a.get(`${W}stockDoc/getStockDocDetail`, { id: (done as unknown as { id: number }).id }));
    expect(doc).toMatchObject({ status: 2, stockTypeName: '生产入库' });
    expect(doc.lines[0].remark).toBe(`工单 ${wo.code}`);
    const stock = await f.a.ok<{ content: InventoryRow[] }>(
      f.a.get(`${INVENTORY}getWarehouseMaterialsTotalListPage`, {
        currentPage: 1,
        pageSize: 20,
        materialsId: f.ids.product,
      }),
    );
    expect(stock.content[0]).toMatchObject({ currentQuantity: 2, materialsUnit: '台' });
    const batches = await f.a.ok<StockBalanceRow[]>(
      f.a.get(`${INVENTORY}getMaterialsBatchList`, { materialsId: f.ids.product }),
    );
    expect(batches.map((b) => [b.warehouseName, b.locationName, b.batchCode, b.onHand])).toEqual([
      ['成品库', 'F-01', doc.lines[0].batchCode, 2],
    ]);
    expect(await stocked(wo.id)).toBe(2);
    const again = await f.a.post(`${PLAN}stocking`, { id: wo.planId, warehouseId: finished });
    expect(again.body.errorMsg).toBe('该计划没有已完工未入库的数量');
  });

  it('stocks several plans on one document, a batch per work order, and refuses a warehouse that is not there', async () => {
    const one = await completed(1);
    const two = await completed(3);
    const done = await f.a.ok<{ lineCount: number; totalQuantity: number }>(
      f.a.post(`${PLAN}stockingBatch`, { ids: [one.planId, two.planId], warehouseId: finished }),
    );
    expect(done).toMatchObject({ lineCount: 2, totalQuantity: 4 });
    const wrongPlace = await f.a.post(`${PLAN}stocking`, { id: one.planId, warehouseId: 999_999 });
    expect(wrongPlace.body.errorMsg).toBe('所选仓库不存在或已被删除');
  });
});
