import type { CountLineRow, StockBalanceRow } from '@factory/shared/api/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { walkMachine } from '../../testing/machineWalk.ts';
import { stockCountActions, stockCounts } from './index.ts';
import { sweepLimits } from './limits.ts';
import { addDoc, DOC, postDoc, stockIn, type WarehouseFixture, warehouseFixture } from './testing.ts';

const COUNT = 'warehouse/private/stockCount/';
const INVENTORY = 'warehouse/kiki/private/warehouseMaterialsBatKiki/';

let h: Harness;
let f: WarehouseFixture;
/** The keeper who counts; the admin approves. */
let k: Calls;

beforeAll(async () => {
  h = await createHarness();
  f = await warehouseFixture(h, 'count', [{ userName: 'keeper', name: '仓管员甲', modules: ['warehouse'] }]);
  k = callsAs(h, await h.login('count', 'keeper'));
});
afterAll(() => h.close());

type Count = { id: number; code: string; version: number; status: number };
const countOf = (id: number) =>
  f.a.ok<Count & Record<string, unknown>>(f.a.get(`${COUNT}getStockCountDetail`, { id }));
const linesOf = (calls: Calls, id: number) =>
  calls.ok<CountLineRow[]>(calls.get(`${COUNT}getStockCountLineList`, { id }));
const act = async (calls: Calls, action: string, id: number, extra: Record<string, unknown> = {}) => {
  const { version } = await countOf(id);
  return calls.post(`${COUNT}${action}`, { id, version, ...extra });
};
const balancesOf = (materialsId: number) =>
  f.a.ok<StockBalanceRow[]>(f.a.get(`${INVENTORY}getMaterialsBatchList`, { materialsId }));

describe('stock count (盘点)', () => {
  it('snapshots the book at the start, freezes the warehouse, posts gains and losses on approval by another', async () => {
    await stockIn(f, [
      { materialsId: f.ids.steel, locationId: f.ids.a0101, quantity: 50, batchCode: 'PD-S1' },
      { materialsId: f.ids.copper, locationId: f.ids.a0102, quantity: 10.5, batchCode: 'PD-C1' },
    ]);
    const count = await k.ok<Count>(
      k.post(`${COUNT}addStockCount`, { warehouseId: f.ids.raw, isBlind: true }),
    );
    expect(count.code).toMatch(/^PD\d{11}$/);
    await k.ok(act(k, 'start', count.id));
    const lines = await linesOf(k, count.id);
    expect(lines.map((l) => [l.locationName, l.batchCode, l.bookQuantity])).toEqual([
      ['A-01-01', 'PD-S1', null],
      ['A-01-02', 'PD-C1', null],
    ]);

    // frozen: nothing posts into the warehouse being counted
    const blocked = await addDoc(f, { lines: [{ materialsId: f.ids.steel, quantity: 1 }] });
    const submitted = await f.a.ok<{ version: number }>(
      f.a.post(`${DOC}submit`, { id: blocked.id, version: blocked.version }),
    );
    const refused = await f.a.post(`${DOC}approve`, { id: blocked.id, version: submitted.version });
    expect(refused.body.errorMsg).toBe(`“原材料仓”正在盘点（${count.code}），暂停出入库`);

    // not every line counted yet
    const { version } = await countOf(count.id);
    await k.ok(
      k.post(`${COUNT}saveCounts`, {
        id: count.id,
        version,
        lines: [{ id: lines[0].id, countedQuantity: 48 }],
      }),
    );
    // blind: how many lines differ is not told while counting, neither is the book
    expect(await countOf(count.id)).toMatchObject({ lineCount: 2, differenceCount: null });
    const early = await act(k, 'submit', count.id);
    expect(early.body.errorMsg).toBe(`盘点单“${count.code}”第2行“漆包铜线 Φ1.8”尚未录入实盘数量`);
    await k.ok(
      k.post(`${COUNT}saveCounts`, {
        id: count.id,
        version: (await countOf(count.id)).version,
        lines: [
          { id: lines[1].id, countedQuantity: 10.5 },
          { materialsId: f.ids.copper, locationId: f.ids.a0101, batchCode: 'PD-FOUND', countedQuantity: 2 },
        ],
      }),
    );
    await k.ok(act(k, 'submit', count.id));
    const afterSubmit = await linesOf(k, count.id);
    expect(afterSubmit.map((l) => [l.batchCode, l.bookQuantity, l.countedQuantity, l.difference])).toEqual([
      ['PD-S1', 50, 48, -2],
      ['PD-C1', 10.5, 10.5, 0],
      ['PD-FOUND', 0, 2, 2],
    ]);
    expect(await countOf(count.id)).toMatchObject({
      lineCount: 3,
      differenceCount: 2,
      countedByName: '仓管员甲',
      createdByName: '仓管员甲',
    });

    // the counter does not approve their own count
    const own = await act(k, 'approve', count.id);
    expect(own.body.errorMsg).toBe(`盘点单“${count.code}”须由盘点人以外的人审核`);
    await f.a.ok(act(f.a, 'approve', count.id));
    const posted = await countOf(count.id);
    expect(posted).toMatchObject({ status: 3, differenceCount: 2 });
    expect(String(posted.adjustCodes)).toMatch(/^CRK\d{11}、CRK\d{11}$/);
    const steel = (await balancesOf(f.ids.steel)).find((b) => b.batchCode === 'PD-S1');
    expect(steel?.onHand).toBe(48);
    const found = (await balancesOf(f.ids.copper)).find((b) => b.batchCode === 'PD-FOUND');
    expect(found).toMatchObject({ locationName: 'A-01-01', onHand: 2 });
    // unfrozen
    const again = await f.a.post(`${DOC}approve`, { id: blocked.id, version: submitted.version });
    expect(again.body.errorCode).toBe(0);
  });

  it('freezes only its area, and refuses an area of another warehouse', async () => {
    const wrong = await k.post(`${COUNT}addStockCount`, {
      warehouseId: f.ids.finished,
      warehouseAreaId: f.ids.areaA,
    });
    expect(wrong.body.errorMsg).toBe('所选库区不在所选仓库中');
    const count = await k.ok<Count>(
      k.post(`${COUNT}addStockCount`, { warehouseId: f.ids.raw, warehouseAreaId: f.ids.areaB }),
    );
    await k.ok(act(k, 'start', count.id));
    // not blind: the list tells the lines and how many differ while counting
    const listed = await k.page<Record<string, unknown>>(`${COUNT}getStockCountListPage`);
    expect(listed.content.find((r) => r.id === count.id)).toMatchObject({
      warehouseAreaName: 'B区',
      isBlind: false,
      status: 1,
      differenceCount: 0,
      createdByName: '仓管员甲',
    });
    // a location of area A still takes postings
    const doc = await stockIn(f, [{ materialsId: f.ids.steel, locationId: f.ids.a0101, quantity: 1 }]);
    expect(doc.lines).toHaveLength(1);
    const intoB = await addDoc(f, {
      lines: [{ materialsId: f.ids.steel, locationId: f.ids.b0101, quantity: 1 }],
    });
    await expect(postDoc(f, intoB)).rejects.toThrow('正在盘点');
    await k.ok(act(k, 'cancel', count.id));
    const { version } = await f.a.ok<{ version: number }>(
      f.a.get(`${DOC}getStockDocDetail`, { id: intoB.id }),
    );
    await f.a.ok(f.a.post(`${DOC}approve`, { id: intoB.id, version }));
  });

  it('walks every (state, action) pair of the count machine', async () => {
    const count = await k.ok<Count>(k.post(`${COUNT}addStockCount`, { warehouseId: f.ids.finished }));
    const steps = await walkMachine(h, f.tenant.id, stockCountActions, stockCounts, count.id);
    expect(steps).toHaveLength(5 * 5);
    expect(steps.filter((s) => !s.refused).map((s) => `${s.action} ${s.state.status}`)).toEqual(
      expect.arrayContaining(['start 0', 'submit 1', 'reject 2', 'approve 2', 'cancel 0', 'cancel 1']),
    );
  });
});

describe('stock limits', () => {
  it('tells the keepers once when a material falls below its lower limit, and again after it recovered', async () => {
    await f.a.ok(
      f.a.put('basicData/materials/private/materials/updateOne', {
        id: f.ids.copper,
        lowerLimit: 1000,
        upperLimit: 100_000,
      }),
    );
    const sweep = () =>
      h.db.withTenant(f.tenant.id, (tx) => sweepLimits(tx, f.tenant.id, h.services, () => undefined));
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    await stockIn(f, [{ materialsId: f.ids.copper, quantity: 2000 }]);
    expect(await sweep()).toBe(0);
    const out = await addDoc(f, {
      kind: 1,
      stockTypeId: f.ids.otherOut,
      lines: [{ materialsId: f.ids.copper, quantity: 1500 }],
    });
    await postDoc(f, out);
    expect(await sweep()).toBe(1);
    const low = await f.a.ok<{ content: { materialsCode: string; limitState: number }[]; total: number }>(
      f.a.get(`${INVENTORY}getWarehouseMaterialsTotalListPage`, {
        currentPage: 1,
        pageSize: 20,
        limitState: 1,
      }),
    );
    expect(low.content.map((r) => [r.materialsCode, r.limitState])).toEqual([['CU-1.8', 1]]);
    expect(low.total).toBe(1);
  });
});
