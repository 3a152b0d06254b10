import type { PartNumsRow } from '@factory/shared/api/sparePartStock';
import type { StockBalanceRow } from '@factory/shared/api/warehouse';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs, searchVal, workbook } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { warehouses } from '../information/index.ts';
import { postNow } from '../warehouse/index.ts';
import { stockIn, type WarehouseFixture, warehouseFixture } from '../warehouse/testing.ts';

const E = 'equipment/private/';
const S = `${E}sparePartStock/`;
const PART = `${E}sparePart/`;
const M = 'basicData/materials/private/';

let h: Harness;
let f: WarehouseFixture;
/** The equipment keeper: the equipment pages only, none of the warehouse's. */
let keeper: Calls;
/** A second 备件仓, and a registered bearing with no stock yet. */
let spare2: number;
let bearing: number;

type Page<T> = { content: T[]; total: number };
const nums = (query: Record<string, string | number> = {}) =>
  keeper.ok<Page<PartNumsRow>>(
    keeper.get(`${S}getPartNumsListPage`, { currentPage: 1, pageSize: 20, ...query }),
  );
/** A row's figures: [part, warehouse, on hand, available, limit state, batches]. */
const figures = (rows: PartNumsRow[]) =>
  rows.map((r) => [
    r.materialsCode,
    r.warehouseName,
    r.currentQuantity,
    r.availableQuantity,
    r.limitState,
    r.batchCount,
  ]);

beforeAll(async () => {
  h = await createHarness();
  f = await warehouseFixture(h, 'spst', [
    { userName: 'beijian', name: '设备科何军', modules: ['equipment'] },
  ]);
  keeper = callsAs(h, await h.login('spst', 'beijian'));
  // the raw-material warehouse keeps spare parts too (备件仓); the finished-goods one does not
  await h.db.withTenant(f.tenant.id, (tx) =>
    tx.update(warehouses).set({ isSpare: true }).where(eq(warehouses.id, f.ids.raw)),
  );
  spare2 = (
    await f.a.ok<{ id: number }>(
      f.a.post('warehouse/private/warehouse/addWarehouse', {
        code: 'BJ02',
        name: '二号备件库',
        isSpare: true,
      }),
    )
  ).id;
  const [kg] = (await f.a.page<{ id: number }>(`${M}unit/getUnitListPage`)).content;
  bearing = (
    await f.a.ok<{ id: number }>(
      f.a.post(`${M}materials/addMaterials`, {
        code: 'BRG-6205',
        name: '深沟球轴承 6205',
        materialType: 3,
        mainUnitId: kg.id,
        isVirtualMaterials: false,
      }),
    )
  ).id;
  await f.a.ok(f.a.post(`${PART}addSparePart`, { materialsId: f.ids.copper, lowerLimit: 5, upperLimit: 12 }));
  await f.a.ok(f.a.post(`${PART}addSparePart`, { materialsId: bearing, lowerLimit: 2 }));
  // steel is no spare part; the finished-goods warehouse is no 备件仓
  await stockIn(f, [
    { materialsId: f.ids.copper, locationId: f.ids.a0101, batchCode: 'CU-01', quantity: 6 },
    { materialsId: f.ids.copper, locationId: f.ids.a0102, batchCode: 'CU-02', quantity: 4 },
    { materialsId: f.ids.steel, locationId: f.ids.a0101, quantity: 50 },
  ]);
  await stockIn(f, [{ materialsId: f.ids.copper, locationId: f.ids.f0101, quantity: 30 }], {
    warehouseId: f.ids.finished,
  });
});
afterAll(() => h.close());

describe('备件库存', () => {
  it('lists registered spare parts in 备件仓 only, with their limit state', async () => {
    const page = await nums();
    // steel (not registered) and the copper in the finished-goods warehouse are not counted
    expect(figures(page.content)).toEqual([['CU-1.8', '原材料仓', 10, 10, 0, 2]]);
    expect(page.content[0]).toMatchObject({ lowerLimit: 5, upperLimit: 12, materialsUnit: 'kg' });
    expect(page.content[0].lastInAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d/);
    expect(page.content[0].lastOutAt).toBeNull();
    // 显示零库存: the bearing, held nowhere, shows once without a warehouse, below its safety stock
    const all = await nums({ isShowZero: 1 });
    expect(figures(all.content)).toEqual([
      ['BRG-6205', null, 0, 0, 1, 0],
      ['CU-1.8', '原材料仓', 10, 10, 0, 2],
    ]);
    expect(figures((await nums({ isShowZero: 1, limitState: 1 })).content)).toEqual([
      ['BRG-6205', null, 0, 0, 1, 0],
    ]);
    expect((await nums({ keyword: '轴承', isShowZero: 1 })).total).toBe(1);
    expect((await nums({ warehouseIdStr: String(spare2) })).total).toBe(0);
    const rows = await keeper.exported(`${S}exportPartNums`, { isShowZero: 1 });
    expect(rows[0]).toContain('库存状态');
    expect(rows.slice(1).map((r) => [r[0], r[11]])).toEqual([
      ['BRG-6205', '低于安全库存'],
      ['CU-1.8', '正常'],
    ]);
  });

  it('opens a part’s batches in the 备件仓 only, under the stock page’s key', async () => {
    const batches = (query: Record<string, string | number>) =>
      keeper.ok<StockBalanceRow[]>(keeper.get(`${S}getPartNumsBatchList`, query));
    // the copper in the finished-goods warehouse (no 备件仓) is not among them
    expect(
      (await batches({ materialsId: f.ids.copper })).map((b) => [b.warehouseName, b.batchCode, b.onHand]),
    ).toEqual([
      ['原材料仓', 'CU-01', 6],
      ['原材料仓', 'CU-02', 4],
    ]);
    expect(await batches({ materialsId: f.ids.copper, warehouseIdStr: String(spare2) })).toEqual([]);
    expect(await batches({ materialsId: f.ids.copper, warehouseIdStr: String(f.ids.finished) })).toEqual([]);
    // steel is no spare part: nothing, though it lies in a 备件仓
    expect(await batches({ materialsId: f.ids.steel })).toEqual([]);
  });

  it('checks the opening-stock file row by row, then posts one stock-in per 备件仓', async () => {
    const header = ['备件编码', '仓库', '批次号', '数量', '备注'];
    const bad = await workbook(header, [
      ['GG-30Q120', '原材料仓', '', 5, ''],
      ['BRG-6205', '成品仓', '', 5, ''],
      ['BRG-6205', '三号库', '', 5, ''],
      ['BRG-6205', 'CK01', 'CU-01', 1, ''],
      ['NOPE', 'CK01', '', 1, ''],
      ['BRG-6205', 'CK01', '', 0, ''],
    ]);
    const checked = await keeper.upload(`${S}importPartNums`, 'check', bad);
    expect(checked.errorCode, JSON.stringify(checked)).toBe(0);
    const errors = (checked.result as { errors: { row: number; column: string; reason: string }[] }).errors;
    const said = errors.map((e) => `${e.row}|${e.column}|${e.reason}`);
    expect(said).toEqual(
      expect.arrayContaining([
        '2|备件编码|物料“硅钢片 30Q120”不是备件，请先在备件台账中登记',
        '3|仓库|仓库“成品仓”不是备件仓',
        '4|仓库|没有名称或编码为“三号库”的仓库',
        '5|批次号|批次号“CU-01”已用于物料“漆包铜线 Φ1.8”',
        '6|备件编码|未找到编码为“NOPE”的备件',
        '7|数量|必须大于0',
      ]),
    );
    const refused = await keeper.upload(`${S}importPartNums`, 'write', bad);
    expect(refused.errorCode).not.toBe(0);

    const good = await workbook(header, [
      ['BRG-6205', '原材料仓', 'BRG-QC', 3, '期初'],
      ['BRG-6205', 'BJ02', '', 2, ''],
      ['CU-1.8', '二号备件库', '', 1.5, ''],
    ]);
    const written = await keeper.upload(`${S}importPartNums`, 'write', good);
    expect(written.errorCode, JSON.stringify(written)).toBe(0);
    const result = written.result as { written: number; documents: { code: string; lines: number }[] };
    expect(result.written).toBe(3);
    expect(result.documents.map((d) => d.lines)).toEqual([1, 2]);
    // by part, then warehouse code (BJ02 before CK01)
    expect(figures((await nums({ keyword: 'BRG' })).content)).toEqual([
      ['BRG-6205', '二号备件库', 2, 2, 0, 1],
      ['BRG-6205', '原材料仓', 3, 3, 0, 1],
    ]);
    // the documents are posted spare bills, booked as the seeded 其他入库
    const bills = await keeper.ok<Page<{ code: string; status: number; stockTypeName: string }>>(
      keeper.get(`${S}getPartBillsListPage`, { currentPage: 1, pageSize: 20 }),
    );
    const opening = bills.content.filter((b) => result.documents.some((d) => d.code === b.code));
    expect(opening.map((b) => [b.status, b.stockTypeName])).toEqual([
      [2, '其他入库'],
      [2, '其他入库'],
    ]);
  });
});

describe('备件出入库', () => {
  const bills = (filters: unknown[] = []) =>
    keeper.ok<Page<{ id: number; code: string; warehouseName: string; status: number }>>(
      (async () =>
        keeper.get(`${S}getPartBillsListPage`, {
          currentPage: 1,
          pageSize: 20,
          ...(filters.length ? { searchVal: await searchVal(filters) } : {}),
        }))(),
    );

  it('lists only the documents of 备件仓', async () => {
    const page = await bills();
    expect(page.content.every((b) => b.warehouseName !== '成品仓')).toBe(true);
    expect(page.total).toBe(3);
    const rows = await keeper.exported(`${S}exportPartBills`, {});
    expect(rows.length).toBe(4);
    expect(rows[0]).toContain('单据编号');
  });

  it('posts a spare stock-out at once, and reverses it after', async () => {
    const refusedPart = await keeper.post(`${S}addPartBill`, {
      kind: 1,
      stockTypeId: f.ids.otherOut,
      warehouseId: f.ids.raw,
      lines: [{ materialsId: f.ids.steel, quantity: 1 }],
    });
    expect(refusedPart.body.errorMsg).toContain('第1行物料“硅钢片 30Q120”不是备件');
    const refusedPlace = await keeper.post(`${S}addPartBill`, {
      kind: 1,
      stockTypeId: f.ids.otherOut,
      warehouseId: f.ids.finished,
      lines: [{ materialsId: f.ids.copper, quantity: 1 }],
    });
    expect(refusedPlace.body.errorMsg).toContain('仓库“成品仓”不是备件仓');
    const wrongType = await keeper.post(`${S}addPartBill`, {
      kind: 0,
      stockTypeId: f.ids.otherOut,
      warehouseId: f.ids.raw,
      lines: [{ materialsId: f.ids.copper, quantity: 1 }],
    });
    expect(wrongType.body.errorMsg).toContain('是出库类型，与单据类别不符');
    const short = await keeper.post(`${S}addPartBill`, {
      kind: 1,
      stockTypeId: f.ids.otherOut,
      warehouseId: f.ids.raw,
      lines: [{ materialsId: f.ids.copper, quantity: 99 }],
    });
    expect(short.body.errorMsg).toContain('库存不足');

    const made = await keeper.ok<{ id: number; code: string }>(
      keeper.post(`${S}addPartBill`, {
        kind: 1,
        stockTypeId: f.ids.otherOut,
        warehouseId: f.ids.raw,
        remark: '3#绕线机更换',
        lines: [{ materialsId: f.ids.copper, quantity: 7 }],
      }),
    );
    const doc = await keeper.ok<{ status: number; lines: { materialsId: number; quantity: number }[] }>(
      keeper.get(`${S}getPartBillDetail`, { id: made.id }),
    );
    expect(doc.status).toBe(2);
    expect(doc.lines.map((l) => [l.materialsId, Number(l.quantity)])).toEqual([[f.ids.copper, 7]]);
    // 3 left of the 10 in 原材料仓 (+1.5 elsewhere) — below the safety stock of 5
    const [copper] = (await nums({ keyword: 'CU', warehouseIdStr: String(f.ids.raw) })).content;
    expect([copper.currentQuantity, copper.limitState]).toEqual([3, 1]);
    expect(copper.lastOutAt).not.toBeNull();

    const reversed = await keeper.ok<{ status: number }>(
      keeper.post(`${S}reversePartBill`, { id: made.id, reason: '领错了' }),
    );
    expect(reversed.status).toBe(3);
    const [back] = (await nums({ keyword: 'CU', warehouseIdStr: String(f.ids.raw) })).content;
    expect([back.currentQuantity, back.limitState]).toEqual([10, 0]);
    const again = await keeper.post(`${S}reversePartBill`, { id: made.id });
    expect(again.body.errorCode).not.toBe(0);
  });

  it('refuses a bill a repair made and a document of another warehouse', async () => {
    const repairDoc = await h.db.withTenant(f.tenant.id, (tx) =>
      postNow(
        tx,
        f.tenant.adminId,
        {
          kind: 1,
          stockTypeId: f.ids.otherOut,
          warehouseId: f.ids.raw,
          sourceNumber: 'WX20260101001',
          lines: [{ materialsId: f.ids.copper, quantity: 1 }],
        },
        9,
      ),
    );
    const refused = await keeper.post(`${S}reversePartBill`, { id: repairDoc, reason: '退回' });
    expect(refused.body.errorMsg).toContain('是维修工单“WX20260101001”的备件领用，不能冲销');
    const other = (
      await f.a.page<{ id: number; warehouseName: string }>('warehouse/private/stockDoc/getStockDocListPage')
    ).content.find((d) => d.warehouseName === '成品仓');
    const elsewhere = await keeper.post(`${S}reversePartBill`, { id: other?.id ?? 0, reason: 'x' });
    expect(elsewhere.body.errorMsg).toContain('备件出入库单不存在');
    const detail = await keeper.get(`${S}getPartBillDetail`, { id: other?.id ?? 0 });
    expect(detail.body.errorCode).not.toBe(0);
  });
});
