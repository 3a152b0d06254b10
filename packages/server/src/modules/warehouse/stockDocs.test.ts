import type { InventoryRow, StockBalanceRow } from '@factory/shared/api/warehouse';
import type { AuditEntry } from '@factory/shared/machines/endpoints';
import { sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { walkMachine } from '../../testing/machineWalk.ts';
import { stockDocActions, stockDocs } from './index.ts';
import { addDoc, DOC, detail, postDoc, stockIn, type WarehouseFixture, warehouseFixture } from './testing.ts';

const INVENTORY = 'warehouse/kiki/private/warehouseMaterialsBatKiki/';
const MOVE = 'warehouse/private/stockMovement/';

let h: Harness;
let f: WarehouseFixture;

beforeAll(async () => {
  h = await createHarness();
  f = await warehouseFixture(h);
});
afterAll(() => h.close());

const inventoryOf = async (materialsId: number, extra: Record<string, unknown> = {}) => {
  const page = await f.a.ok<{ content: InventoryRow[] }>(
    f.a.get(`${INVENTORY}getWarehouseMaterialsTotalListPage`, {
      currentPage: 1,
      pageSize: 20,
      materialsId,
      ...extra,
    }),
  );
  return page.content[0];
};
const balancesOf = (materialsId: number) =>
  f.a.ok<StockBalanceRow[]>(f.a.get(`${INVENTORY}getMaterialsBatchList`, { materialsId }));

/** Σ movements per key equals the kept balance, for every key of the tenant. */
async function ledgerAgrees() {
  const rows = await h.db.withTenant(f.tenant.id, async (tx) => {
    const res = await tx.execute(sql`
      select b.id from stock_balance b
      left join (
        select materials_id, warehouse_id, coalesce(location_id, 0) as location_id, coalesce(batch_id, 0) as batch_id,
          sum(quantity) as total
        from stock_movement group by 1, 2, 3, 4
      ) m using (materials_id, warehouse_id, location_id, batch_id)
      where b.on_hand <> coalesce(m.total, 0)`);
    return (res as unknown as { rows: unknown[] }).rows;
  });
  expect(rows).toEqual([]);
}

describe('stock documents', () => {
  it('saves a document with its lines, numbered, and answers them in order with their materials', async () => {
    const doc = await addDoc(f, {
      sourceNumber: 'PO-001',
      lines: [
        { materialsId: f.ids.steel, locationId: f.ids.a0101, quantity: 120.5, batchCode: 'B-STEEL-1' },
        { materialsId: f.ids.copper, quantity: 80 },
      ],
    });
    expect(doc.code).toMatch(/^CRK\d{11}$/);
    const row = await f.a.ok<Record<string, unknown>>(f.a.get(`${DOC}getStockDocDetail`, { id: doc.id }));
    expect(row).toMatchObject({
      kind: 0,
      status: 0,
      stockTypeName: '采购入库',
      warehouseName: '原材料仓',
      lineCount: 2,
      totalQuantity: 200.5,
      createdByName: expect.any(String),
    });
    expect(row.lines).toMatchObject([
      {
        materialsName: '硅钢片 30Q120',
        materialsCode: 'GG-30Q120',
        unitName: 'kg',
        locationName: 'A-01-01',
        quantity: 120.5,
      },
      { materialsName: '漆包铜线 Φ1.8', locationName: null, quantity: 80, batchCode: null },
    ]);
  });

  it('names the row and the column of a bad line, and saves nothing', async () => {
    const before = await f.a.page(`${DOC}getStockDocListPage`);
    const bad = await f.a.post(`${DOC}addStockDoc`, {
      kind: 0,
      stockTypeId: f.ids.purchaseIn,
      warehouseId: f.ids.raw,
      lines: [
        { materialsId: f.ids.steel, quantity: 1 },
        { materialsId: f.ids.copper, quantity: 0 },
      ],
    });
    expect(bad.body.errorCode).toBe(1);
    expect(bad.body.errorMsg).toContain('第2行“数量”不能小于');
    const wrongPlace = await f.a.post(`${DOC}addStockDoc`, {
      kind: 0,
      stockTypeId: f.ids.purchaseIn,
      warehouseId: f.ids.finished,
      lines: [{ materialsId: f.ids.steel, quantity: 1, locationId: f.ids.a0101 }],
    });
    expect(wrongPlace.body.errorMsg).toBe('第1行库位不在所选仓库中');
    const noLines = await f.a.post(`${DOC}addStockDoc`, {
      kind: 0,
      stockTypeId: f.ids.purchaseIn,
      warehouseId: f.ids.raw,
      lines: [],
    });
    expect(noLines.body.errorCode).toBe(1);
    const wrongType = await f.a.post(`${DOC}addStockDoc`, {
      kind: 1,
      stockTypeId: f.ids.purchaseIn,
      warehouseId: f.ids.raw,
      lines: [{ materialsId: f.ids.steel, quantity: 1 }],
    });
    expect(wrongType.body.errorMsg).toBe('“采购入库”是入库类型，与单据类别不符');
    const missing = await f.a.post(`${DOC}addStockDoc`, {
      kind: 0,
      stockTypeId: f.ids.purchaseIn,
      warehouseId: f.ids.raw,
      lines: [{ materialsId: 999_999, quantity: 1 }],
    });
    expect(missing.body.errorMsg).toBe('第1行所选物料不存在或已被删除');
    expect((await f.a.page(`${DOC}getStockDocListPage`)).total).toBe(before.total);
  });

  it('posts a stock-in on approval: balances by batch, a numbered batch for an empty one, the movements and the inventory', async () => {
    const doc = await stockIn(f, [
      { materialsId: f.ids.steel, locationId: f.ids.a0101, quantity: 100, batchCode: 'B-IN-1' },
      { materialsId: f.ids.steel, locationId: f.ids.a0102, quantity: 20.25 },
    ]);
    const auto = doc.lines[1].batchCode;
    expect(auto).toMatch(/^PC\d{12}$/);
    const row = await f.a.ok<Record<string, unknown>>(f.a.get(`${DOC}getStockDocDetail`, { id: doc.id }));
    expect(row).toMatchObject({ status: 2, postedByName: expect.any(String), postedAt: expect.any(String) });
    const stock = await inventoryOf(f.ids.steel);
    expect(stock).toMatchObject({
      currentQuantity: 120.25,
      availableQuantity: 120.25,
      materialsUnit: 'kg',
      batchCount: 2,
    });
    const balances = await balancesOf(f.ids.steel);
    expect(balances.map((b) => [b.locationName, b.batchCode, b.onHand])).toEqual([
      ['A-01-01', 'B-IN-1', 100],
      ['A-01-02', auto, 20.25],
    ]);
    const moves = await f.a.page<{
      docCode: string;
      quantity: number;
      balanceAfter: number;
      batchCode: string;
    }>(
      `${MOVE}getStockMovementListPage`,
      [{ fieldName: 'docCode', operator: 'eq', fieldValue: doc.code }],
      '+id',
    );
    expect(moves.content.map((m) => [m.batchCode, m.quantity, m.balanceAfter])).toEqual([
      ['B-IN-1', 100, 100],
      [auto, 20.25, 20.25],
    ]);
    await ledgerAgrees();
  });

  it('takes a stock-out first in, first out, exact to the decimal, and refuses a shortage naming place, batch and quantities', async () => {
    await stockIn(f, [
      { materialsId: f.ids.copper, locationId: f.ids.a0101, quantity: 0.3, batchCode: 'CU-OLD' },
    ]);
    await stockIn(f, [
      { materialsId: f.ids.copper, locationId: f.ids.a0102, quantity: 10, batchCode: 'CU-NEW' },
    ]);
    const out = await addDoc(f, {
      kind: 1,
      stockTypeId: f.ids.pickOut,
      lines: [{ materialsId: f.ids.copper, quantity: 0.5 }],
    });
    await postDoc(f, out);
    const left = await balancesOf(f.ids.copper);
    expect(left.map((b) => [b.batchCode, b.onHand])).toEqual([['CU-NEW', 9.8]]);
    const tooMuch = await addDoc(f, {
      kind: 1,
      stockTypeId: f.ids.otherOut,
      lines: [{ materialsId: f.ids.copper, quantity: 20, batchCode: 'CU-NEW', locationId: f.ids.a0102 }],
    });
    const submitted = await f.a.ok<{ version: number }>(
      f.a.post(`${DOC}submit`, { id: tooMuch.id, version: tooMuch.version }),
    );
    const refused = await f.a.post(`${DOC}approve`, { id: tooMuch.id, version: submitted.version });
    expect(refused.body.errorMsg).toBe(
      '库存不足：“漆包铜线 Φ1.8”在“原材料仓/A-01-02”批次 CU-NEW 可用 9.8 kg，需要 20 kg',
    );
    expect((await detail(f, tooMuch.id)).status).toBe(1);
    expect((await inventoryOf(f.ids.copper)).currentQuantity).toBe(9.8);
    await ledgerAgrees();
  });

  it('moves stock between warehouses by transfer, batch kept', async () => {
    await stockIn(f, [
      { materialsId: f.ids.steel, locationId: f.ids.a0101, quantity: 5, batchCode: 'B-MOVE' },
    ]);
    const move = await addDoc(f, {
      kind: 2,
      stockTypeId: null,
      targetWarehouseId: f.ids.finished,
      lines: [{ materialsId: f.ids.steel, batchCode: 'B-MOVE', quantity: 3, targetLocationId: f.ids.f0101 }],
    });
    await postDoc(f, move);
    const byPlace = (await balancesOf(f.ids.steel)).filter((b) => b.batchCode === 'B-MOVE');
    expect(byPlace.map((b) => [b.warehouseName, b.locationName, b.onHand])).toEqual([
      ['原材料仓', 'A-01-01', 2],
      ['成品仓', 'F-01-01', 3],
    ]);
    const finishedOnly = await inventoryOf(f.ids.steel, { warehouseIdStr: String(f.ids.finished) });
    expect(finishedOnly.currentQuantity).toBe(3);
    // by area (库区): only the stock on that area's locations, in the list and its drill-down
    await stockIn(f, [
      { materialsId: f.ids.steel, locationId: f.ids.b0101, quantity: 4, batchCode: 'B-AREA' },
    ]);
    expect((await inventoryOf(f.ids.steel, { warehouseAreaId: f.ids.areaB })).currentQuantity).toBe(4);
    const inB = await f.a.ok<StockBalanceRow[]>(
      f.a.get(`${INVENTORY}getMaterialsBatchList`, {
        materialsId: f.ids.steel,
        warehouseAreaId: f.ids.areaB,
      }),
    );
    expect(inB.map((b) => [b.locationName, b.batchCode, b.onHand])).toEqual([['B-01-01', 'B-AREA', 4]]);
    // pages walk the materials holding stock; the total counts them all
    const onePage = await f.a.ok<{ content: InventoryRow[]; total: number }>(
      f.a.get(`${INVENTORY}getWarehouseMaterialsTotalListPage`, { currentPage: 2, pageSize: 10 }),
    );
    expect(onePage.content).toEqual([]);
    expect(onePage.total).toBe(2);
    const inFinished = await f.a.ok<{ content: InventoryRow[]; total: number }>(
      f.a.get(`${INVENTORY}getWarehouseMaterialsTotalListPage`, {
        currentPage: 1,
        pageSize: 20,
        warehouseIdStr: String(f.ids.finished),
        isShowZero: 1,
      }),
    );
    expect(inFinished.content.map((r) => [r.materialsCode, r.currentQuantity])).toEqual([
      ['CU-1.8', 0],
      ['GG-30Q120', 3],
    ]);
    await ledgerAgrees();
  });

  it('reverses a posted document by new movements, and refuses to reverse a receipt already used', async () => {
    const doc = await stockIn(f, [{ materialsId: f.ids.steel, quantity: 7, batchCode: 'B-REV' }]);
    const posted = await f.a.ok<{ version: number }>(f.a.get(`${DOC}getStockDocDetail`, { id: doc.id }));
    const noReason = await f.a.post(`${DOC}reverse`, { id: doc.id, version: posted.version });
    expect(noReason.body.errorCode).toBe(1);
    await f.a.ok(f.a.post(`${DOC}reverse`, { id: doc.id, version: posted.version, reason: '供应商送错' }));
    const moves = await f.a.page<{ quantity: number; isReversal: boolean }>(
      `${MOVE}getStockMovementListPage`,
      [{ fieldName: 'docCode', operator: 'eq', fieldValue: doc.code }],
      '+id',
    );
    expect(moves.content.map((m) => [m.quantity, m.isReversal])).toEqual([
      [7, false],
      [-7, true],
    ]);
    expect((await balancesOf(f.ids.steel)).some((b) => b.batchCode === 'B-REV')).toBe(false);

    const used = await stockIn(f, [{ materialsId: f.ids.steel, quantity: 4, batchCode: 'B-USED' }]);
    const out = await addDoc(f, {
      kind: 1,
      stockTypeId: f.ids.otherOut,
      lines: [{ materialsId: f.ids.steel, quantity: 3, batchCode: 'B-USED' }],
    });
    await postDoc(f, out);
    const usedRow = await f.a.ok<{ version: number }>(f.a.get(`${DOC}getStockDocDetail`, { id: used.id }));
    const refused = await f.a.post(`${DOC}reverse`, {
      id: used.id,
      version: usedRow.version,
      reason: '录错',
    });
    expect(refused.body.errorMsg).toContain(`单据“${used.code}”入库的物料已被使用，不能冲销`);
    expect((await detail(f, used.id)).status).toBe(2);
    await ledgerAgrees();
  });

  it('edits only a draft: the lines are replaced and the trail lists what changed by row', async () => {
    const doc = await addDoc(f, { lines: [{ materialsId: f.ids.steel, quantity: 1 }] });
    await f.a.ok(
      f.a.put(`${DOC}updateOne`, {
        id: doc.id,
        version: doc.version,
        lines: [
          { materialsId: f.ids.steel, quantity: 2 },
          { materialsId: f.ids.copper, quantity: 3 },
        ],
      }),
    );
    const row = await detail(f, doc.id);
    expect(row.lines.map((l) => l.quantity)).toEqual([2, 3]);
    const trail = await f.a.ok<Static<typeof AuditEntry>[]>(f.a.get(`${DOC}getLogList`, { id: doc.id }));
    expect(trail.at(-1)?.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: '第1行数量', from: '1', to: '2' }),
        expect.objectContaining({ label: '第2行', to: '新增' }),
      ]),
    );
    await f.a.ok(f.a.post(`${DOC}submit`, { id: doc.id, version: row.version }));
    const late = await f.a.put(`${DOC}updateOne`, { id: doc.id, version: row.version + 1, remark: '改' });
    expect(late.body.errorMsg).toBe(`单据“${doc.code}”已提交，不能修改`);
    const del = await f.a.del(`${DOC}deleteOne`, doc.id);
    expect(del.body.errorMsg).toBe(`单据“${doc.code}”已提交，不能删除`);
  });

  it('never takes stock below zero under 50 concurrent stock-outs of the last units of one batch', async () => {
    await stockIn(f, [{ materialsId: f.ids.copper, quantity: 23, batchCode: 'CU-LAST' }]);
    const docs = [];
    for (let i = 0; i < 50; i++) {
      const doc = await addDoc(f, {
        kind: 1,
        stockTypeId: f.ids.otherOut,
        lines: [{ materialsId: f.ids.copper, quantity: 1, batchCode: 'CU-LAST' }],
      });
      const submitted = await f.a.ok<{ version: number }>(
        f.a.post(`${DOC}submit`, { id: doc.id, version: doc.version }),
      );
      docs.push({ id: doc.id, version: submitted.version });
    }
    const results = await Promise.all(docs.map((d) => f.a.post(`${DOC}approve`, d)));
    const passed = results.filter((r) => r.body.errorCode === 0).length;
    expect(passed).toBe(23);
    expect(
      results.filter((r) => r.body.errorCode !== 0).every((r) => r.body.errorMsg.startsWith('库存不足')),
    ).toBe(true);
    expect((await balancesOf(f.ids.copper)).some((b) => b.batchCode === 'CU-LAST')).toBe(false);
    await ledgerAgrees();
  });

  it('walks every (state, action) pair of the stock document machine', async () => {
    const doc = await addDoc(f, { lines: [{ materialsId: f.ids.steel, quantity: 1 }] });
    const steps = await walkMachine(h, f.tenant.id, stockDocActions, stockDocs, doc.id);
    expect(steps).toHaveLength(5 * 5);
    expect(steps.filter((s) => !s.refused).map((s) => `${s.action} ${s.state.status}`)).toEqual(
      expect.arrayContaining(['submit 0', 'approve 1', 'cancel 0', 'cancel 1', 'withdraw 1']),
    );
  });
});
