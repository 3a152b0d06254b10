import type { AccountRow, LineSideStockRow, StockBalanceRow } from '@factory/shared/api/warehouse';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { openWorkOrder, type ProductionFixture } from '../plans/testing.ts';
import { materialPrepLines } from './schema.ts';
import { PREP, type PrepFixture, prepFixture } from './testing.ts';

const W = 'warehouse/private/';
const SITE = `${W}sitWarehouseStock/`;
const SITE_ACCOUNT = `${W}sitWarehouseAccount/`;
const INVENTORY = 'warehouse/kiki/private/warehouseMaterialsBatKiki/';
const ACCOUNT = `${W}inventoryAccount/`;
const WORK_ORDER = 'production/kiki/private/produceWorkOrder/';
const ALL_TIME = { beginTime: '2020-01-01', endTime: '2999-12-31' };

let h: Harness;
let f: ProductionFixture;
/** A user whose role holds only the line-side pages (线边仓). */
let lineSideUser: Calls;
let raw: number;
let lineSide: number;
let otherLineSide: number;
let prepOf: PrepFixture['prepOf'];
let linesOf: PrepFixture['linesOf'];

beforeAll(async () => {
  h = await createHarness();
  const p = await prepFixture(h, 'lineside', [], [{ userName: 'xianbian', modules: ['siteWarehouse'] }]);
  ({ f, raw, lineSide, prepOf, linesOf } = p);
  lineSideUser = callsAs(h, await h.login('lineside', 'xianbian'));
  otherLineSide = await p.add(`${W}sitWarehouse/addSitWarehouse`, {
    name: '干变一线线边仓',
    areaId: f.ids.otherLine,
  });
  await p.receive([
    { materialsId: f.ids.core, quantity: 10, batchCode: 'CORE-B1' },
    { materialsId: f.ids.copper, quantity: 500, batchCode: 'CU-B1' },
  ]);
});
afterAll(() => h.close());

type Page<T> = { content: T[]; total: number };
const stock = (as: Calls, query: Record<string, string | number> = {}) =>
  as.ok<Page<LineSideStockRow>>(as.get(`${SITE}getSitWarehouseStockListPage`, { pageSize: 20, ...query }));
/** A row's figures: [warehouse, material, on hand, need, shortfall, work orders]. */
const figures = (rows: LineSideStockRow[]) =>
  rows.map((r) => [
    r.warehouseName,
    r.materialsCode,
    r.currentQuantity,
    r.needQuantity,
    r.shortageQuantity,
    r.workOrderCount,
  ]);
/** Sets what report work has backflushed of a line (backflush itself lands with report work). */
const consume = (lineId: number, quantity: string) =>
  h.db.withTenant(f.tenant.id, (tx) =>
    tx.update(materialPrepLines).set({ consumedQuantity: quantity }).where(eq(materialPrepLines.id, lineId)),
  );

describe('line-side stock (线边库存)', () => {
  let copperLine: number;

  it('shows what an open work order still needs of the line-side warehouse, short until picked', async () => {
    const wo = await openWorkOrder(f, 2);
    const prep = await prepOf(wo.id);
    const [core, copper] = await linesOf(prep.id);
    copperLine = copper.id;
    // nothing picked yet: all of it is short
    expect(figures((await stock(f.a)).content)).toEqual([
      ['油变一线线边仓', 'CORE-400', 0, 2, 2, 1],
      ['油变一线线边仓', 'CU-1.8', 0, 80, 80, 1],
    ]);

    const sent = await f.a.ok<{ version: number }>(
      f.a.post(`${PREP}send`, { id: prep.id, version: prep.version }),
    );
    await f.a.ok(
      f.a.post(`${PREP}pick`, {
        id: prep.id,
        version: sent.version,
        warehouseId: raw,
        lines: [
          { lineId: copper.id, quantity: 50 },
          { lineId: core.id, quantity: 2 },
        ],
      }),
    );
    const page = await stock(f.a);
    expect(figures(page.content)).toEqual([
      ['油变一线线边仓', 'CORE-400', 2, 2, 0, 1],
      ['油变一线线边仓', 'CU-1.8', 50, 80, 30, 1],
    ]);
    expect(page.content[1]).toMatchObject({
      areaName: '油变一线',
      warehouseId: lineSide,
      materialsUnit: 'kg',
      availableQuantity: 50,
      batchCount: 1,
    });
    // the raw warehouse is never a row here
    expect(page.content.every((r) => r.warehouseId === lineSide)).toBe(true);
  });

  it('subtracts what report work consumed from the need', async () => {
    await consume(copperLine, '20');
    // need 80 − 20 = 60, on hand 50: 10 short
    expect(figures((await stock(f.a, { keyword: 'CU' })).content)).toEqual([
      ['油变一线线边仓', 'CU-1.8', 50, 60, 10, 1],
    ]);
    // a line consumed past its need needs nothing (it does not lower another line's need)
    await consume(copperLine, '90');
    expect(figures((await stock(f.a, { keyword: 'CU' })).content)).toEqual([
      ['油变一线线边仓', 'CU-1.8', 50, 0, 0, 0],
    ]);
    await consume(copperLine, '20');
  });

  it('counts only work orders still open and preparation orders not cancelled', async () => {
    // a second work order needing 40 kg more copper: 100 needed, 50 on hand
    const second = await openWorkOrder(f, 1);
    expect(figures((await stock(f.a, { keyword: 'CU-1.8' })).content)).toEqual([
      ['油变一线线边仓', 'CU-1.8', 50, 100, 50, 2],
    ]);
    // ended (强制结束): its need goes away, its preparation order stays as it was
    const { version } = await f.a.ok<{ version: number }>(
      f.a.get(`${WORK_ORDER}getProduceWorkOrderDetail`, { id: second.id }),
    );
    await f.a.ok(f.a.post(`${WORK_ORDER}end`, { id: second.id, version, reason: '客户取消' }));
    expect((await prepOf(second.id)).status).toBe(0);
    expect(figures((await stock(f.a, { keyword: 'CU-1.8' })).content)).toEqual([
      ['油变一线线边仓', 'CU-1.8', 50, 60, 10, 1],
    ]);
    // a withdrawn plan cancels its preparation order: nothing needed of it either
    const third = await openWorkOrder(f, 1);
    const plan = await f.a.ok<{ version: number }>(
      f.a.get('production/kiki/private/producePlan/getProducePlanDetail', { id: third.planId }),
    );
    await f.a.ok(
      f.a.post('production/kiki/private/producePlan/withdraw', { id: third.planId, version: plan.version }),
    );
    expect((await prepOf(third.id)).status).toBe(9);
    expect(figures((await stock(f.a, { keyword: 'CU-1.8' })).content)).toEqual([
      ['油变一线线边仓', 'CU-1.8', 50, 60, 10, 1],
    ]);
  });

  it('filters by warehouse and shortfall, sorts by the declared keys and refuses other sorts', async () => {
    expect(figures((await stock(f.a, { shortOnly: 1 })).content)).toEqual([
      ['油变一线线边仓', 'CU-1.8', 50, 60, 10, 1],
    ]);
    expect((await stock(f.a, { warehouseIdStr: String(otherLineSide) })).total).toBe(0);
    const sorted = await stock(f.a, { order: '-currentQuantity' });
    expect(sorted.content.map((r) => r.materialsCode)).toEqual(['CU-1.8', 'CORE-400']);
    const refused = await f.a.get(`${SITE}getSitWarehouseStockListPage`, { order: '+remark' });
    expect(refused.body.errorMsg).toContain('不支持按“remark”排序');
  });

  it('exports the rows as listed', async () => {
    const rows = await f.a.exported(`${SITE}export`, { shortOnly: 1 });
    expect(rows[0]).toEqual([
      '产线',
      '线边仓',
      '物料编码',
      '物料名称',
      '规格型号',
      '单位',
      '现存量',
      '可用量',
      '在制需求',
      '缺料',
      '需求工单数',
      '批次数',
    ]);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[6], r[8], r[9]])).toEqual([
      ['油变一线线边仓', 'CU-1.8', 50, 60, 10],
    ]);
  });
});

describe('line-side account (线边仓台账) and who may read what', () => {
  it('keeps the account of the line-side warehouses only', async () => {
    const account = (as: Calls, url: string, query: Record<string, string | number> = {}) =>
      as.ok<Page<AccountRow>>(as.get(url, { ...ALL_TIME, ...query }));
    const lineSideRows = await account(f.a, `${SITE_ACCOUNT}getSitWarehouseAccountListPage`);
    expect(
      lineSideRows.content.map((r) => [r.materialsCode, r.openingQuantity, r.inQuantity, r.closingQuantity]),
    ).toEqual([
      ['CORE-400', 0, 2, 2],
      ['CU-1.8', 0, 50, 50],
    ]);
    // the warehouse's own account sees both warehouses: the pick nets out across them
    const all = await account(f.a, `${ACCOUNT}getInventoryAccountListPage`);
    expect(all.content.map((r) => [r.materialsCode, r.inQuantity, r.outQuantity, r.closingQuantity])).toEqual(
      [
        ['CORE-400', 12, 2, 10],
        ['CU-1.8', 550, 50, 500],
      ],
    );
    // asking for the raw warehouse by id answers nothing
    expect(
      (await account(f.a, `${SITE_ACCOUNT}getSitWarehouseAccountListPage`, { warehouseIdStr: String(raw) }))
        .total,
    ).toBe(0);
    const exported = await f.a.exported(`${SITE_ACCOUNT}export`, ALL_TIME);
    expect(exported.slice(1).map((r) => [r[0], r[7]])).toEqual([
      ['CORE-400', 2],
      ['CU-1.8', 50],
    ]);
  });

  it('lets a user with only the line-side pages read line-side stock and nothing of the raw warehouse', async () => {
    const u = lineSideUser;
    expect(figures((await stock(u, { keyword: 'CU-1.8' })).content)).toEqual([
      ['油变一线线边仓', 'CU-1.8', 50, 60, 10, 1],
    ]);
    // the warehouse's own views are not theirs
    for (const [url, query] of [
      [`${INVENTORY}getWarehouseMaterialsTotalListPage`, { pageSize: 20 }],
      [`${INVENTORY}getMaterialsBatchList`, { materialsId: f.ids.copper }],
      [`${ACCOUNT}getInventoryAccountListPage`, ALL_TIME],
      [`${W}stockMovement/getStockMovementListPage`, { pageSize: 20 }],
    ] as const) {
      const refused = await u.get(url, query);
      expect(refused.body.errorCode, url).toBe(3);
    }
    // the line-side calls answer line-side warehouses only, whatever is asked
    const batches = (query: Record<string, string | number>) =>
      u.ok<StockBalanceRow[]>(
        u.get(`${SITE}getSitWarehouseBatchList`, { materialsId: f.ids.copper, ...query }),
      );
    expect((await batches({})).map((b) => [b.warehouseName, b.onHand])).toEqual([['油变一线线边仓', 50]]);
    expect(await batches({ warehouseIdStr: String(raw) })).toEqual([]);
    const moves = await u.page<{ warehouseId: number; quantity: number }>(
      `${SITE}getSitWarehouseMovementListPage`,
      [{ fieldName: 'materialsId', operator: 'eq', fieldValue: f.ids.copper }],
    );
    expect(moves.content.map((m) => [m.warehouseId, m.quantity])).toEqual([[lineSide, 50]]);
    const rawMoves = await u.page(`${SITE}getSitWarehouseMovementListPage`, [
      { fieldName: 'warehouseId', operator: 'in', fieldValue: [raw] },
    ]);
    expect(rawMoves.total).toBe(0);
    expect((await u.get(`${SITE}export`, {})).body.errorCode).toBe(0);
  });

  it('refuses the line-side calls to a user without the line-side pages', async () => {
    const t = await h.addTenant('lineside2', [{ userName: 'cangguan', modules: ['warehouse'] }]);
    const u = callsAs(h, await h.login(t.memberCode, 'cangguan'));
    const refused = await u.get(`${SITE}getSitWarehouseStockListPage`, { pageSize: 20 });
    expect(refused.body.errorCode).toBe(3);
  });
});
