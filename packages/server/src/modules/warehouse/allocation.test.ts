import { type KittingResult, type StockBalanceRow, warehouseApi } from '@factory/shared/api/warehouse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { openWorkOrder } from '../plans/testing.ts';
import { DOC, PREP, type PrepFixture, prepFixture } from './testing.ts';

const INVENTORY = 'warehouse/kiki/private/warehouseMaterialsBatKiki/';
const WORK_ORDER = 'production/kiki/private/produceWorkOrder/';
const COUNT = 'warehouse/private/stockCount/';

let h: Harness;
let p: PrepFixture;
/** A keeper, who approves the admin's counts. */
let keeper: Calls;

/** The fixture's product takes one core and 40 kg of copper a unit. */
beforeAll(async () => {
  h = await createHarness();
  // the receipt names the fixture's materials: posted once it is there
  p = await prepFixture(h, 'hold', [], [{ userName: 'keeper', name: '仓管员甲', modules: ['warehouse'] }]);
  keeper = callsAs(h, await h.login('hold', 'keeper'));
  await p.receive([
    { materialsId: p.f.ids.copper, quantity: 100, batchCode: 'CU-OLD' },
    { materialsId: p.f.ids.copper, quantity: 200, batchCode: 'CU-NEW' },
    { materialsId: p.f.ids.core, quantity: 3, batchCode: 'CORE-1' },
  ]);
});
afterAll(() => h.close());

const balances = (materialsId: number, prepId?: number) =>
  p.f.a.ok<StockBalanceRow[]>(
    p.f.a.get(`${INVENTORY}getMaterialsBatchList`, { materialsId, ...(prepId ? { prepId } : {}) }),
  );
/** [batch, on hand, allocated] of a material's balances in the raw-material warehouse. */
const held = async (materialsId: number) =>
  (await balances(materialsId))
    .filter((b) => b.warehouseId === p.raw)
    .map((b) => [b.batchCode, b.onHand, b.allocated]);
const heldOf = async (prepId: number) => (await p.linesOf(prepId)).map((l) => l.heldQuantity);
const stockOut = async (materialsId: number, quantity: number, batchCode?: string) => {
  const types = await p.f.a.page<{ id: number; name: string }>(
    'warehouse/private/stockType/getStockTypeListPage',
  );
  const doc = await p.f.a.ok<{ id: number; version: number }>(
    p.f.a.post(`${DOC}addStockDoc`, {
      kind: 1,
      stockTypeId: types.content.find((t) => t.name === '其他出库')?.id,
      warehouseId: p.raw,
      lines: [{ materialsId, quantity, batchCode }],
    }),
  );
  const { version } = await p.f.a.ok<{ version: number }>(
    p.f.a.post(`${DOC}submit`, { id: doc.id, version: doc.version }),
  );
  return p.f.a.post(`${DOC}approve`, { id: doc.id, version });
};

describe('holds (预占)', () => {
  it('sending holds the oldest stock a line needs; no other stock-out takes it; the pick takes it and lets go', async () => {
    const wo = await openWorkOrder(p.f, 3);
    const prep = await p.send(wo.id);
    // 3 cores and 120 kg of copper, the oldest batch first
    expect(await heldOf(prep.id)).toEqual([3, 120]);
    expect(await held(p.f.ids.copper)).toEqual([
      ['CU-OLD', 100, 100],
      ['CU-NEW', 200, 20],
    ]);
    const taken = await stockOut(p.f.ids.copper, 190, 'CU-NEW');
    expect(taken.body.errorMsg).toBe(
      '库存不足：“漆包铜线 Φ1.8”在“原材料库”批次 CU-NEW 可用 180 kg，需要 190 kg',
    );
    // the order's own pick sees what it holds as available
    const own = (await balances(p.f.ids.copper, prep.id)).filter((b) => b.warehouseId === p.raw);
    expect(own.map((b) => [b.batchCode, b.available])).toEqual([
      ['CU-OLD', 100],
      ['CU-NEW', 200],
    ]);

    const [core, copper] = await p.linesOf(prep.id);
    const picked = await p.f.a.ok<{ version: number; status: number }>(
      p.f.a.post(`${PREP}pick`, {
        id: prep.id,
        version: prep.version,
        warehouseId: p.raw,
        lines: [{ lineId: copper.id, quantity: 50, batchCode: 'CU-NEW' }],
      }),
    );
    // the pick's 50 came off what the line held in the warehouse picked from, the named batch first
    expect(await heldOf(prep.id)).toEqual([3, 70]);
    expect(await held(p.f.ids.copper)).toEqual([
      ['CU-OLD', 100, 70],
      ['CU-NEW', 150, 0],
    ]);
    await p.f.a.ok(
      p.f.a.post(`${PREP}pick`, {
        id: prep.id,
        version: picked.version,
        warehouseId: p.raw,
        lines: [
          { lineId: core.id, quantity: 3 },
          { lineId: copper.id, quantity: 70 },
        ],
      }),
    );
    expect(await heldOf(prep.id)).toEqual([0, 0]);
    expect(await held(p.f.ids.copper)).toEqual([
      ['CU-OLD', 30, 0],
      ['CU-NEW', 150, 0],
    ]);
  });

  it('holds what the shelves have, tops up when stock comes in, and lets go when cancelled or the work order ends', async () => {
    // cores: none left on the shelves
    const wo = await openWorkOrder(p.f, 2);
    const prep = await p.send(wo.id);
    expect(await heldOf(prep.id)).toEqual([0, 80]);
    await p.receive([{ materialsId: p.f.ids.core, quantity: 1, batchCode: 'CORE-2' }]);
    const { version } = await p.prepOf(wo.id);
    await p.f.a.ok(p.f.a.post(`${PREP}hold`, { id: prep.id, version }));
    expect(await heldOf(prep.id)).toEqual([1, 80]);

    const { version: woVersion } = await p.f.a.ok<{ version: number }>(
      p.f.a.get(`${WORK_ORDER}getProduceWorkOrderDetail`, { id: wo.id }),
    );
    await p.f.a.ok(p.f.a.post(`${WORK_ORDER}end`, { id: wo.id, version: woVersion, reason: '客户取消' }));
    expect(await heldOf(prep.id)).toEqual([0, 0]);

    const other = await openWorkOrder(p.f, 1);
    const sent = await p.send(other.id);
    expect(await heldOf(sent.id)).toEqual([1, 40]);
    await p.f.a.ok(p.f.a.post(`${PREP}cancel`, { id: sent.id, version: sent.version }));
    expect(await heldOf(sent.id)).toEqual([0, 0]);
    const [left] = await h.db.systemQuery<{ allocated: number; holds: number }>(sql`select
      (select coalesce(sum(allocated), 0) from stock_balance where tenant_id = ${p.f.tenant.id})::float8 as allocated,
      (select count(*) from stock_allocation where tenant_id = ${p.f.tenant.id})::int as holds`);
    expect(left).toEqual({ allocated: 0, holds: 0 });
  });

  it('a count that finds held stock missing lets go of what is not there', async () => {
    const wo = await openWorkOrder(p.f, 1);
    const prep = await p.send(wo.id);
    expect(await heldOf(prep.id)).toEqual([1, 40]);
    const count = await p.f.a.ok<{ id: number; version: number }>(
      p.f.a.post(`${COUNT}addStockCount`, { warehouseId: p.raw }),
    );
    const detail = async () =>
      p.f.a.ok<{ version: number }>(p.f.a.get(`${COUNT}getStockCountDetail`, { id: count.id }));
    await p.f.a.ok(p.f.a.post(`${COUNT}start`, { id: count.id, version: (await detail()).version }));
    const lines = await p.f.a.ok<{ id: number; batchCode: string | null; bookQuantity: number }[]>(
      p.f.a.get(`${COUNT}getStockCountLineList`, { id: count.id }),
    );
    // CU-OLD holds 30 on the book, 10 on the shelf; it was held whole (the oldest)
    await p.f.a.ok(
      p.f.a.post(`${COUNT}saveCounts`, {
        id: count.id,
        version: (await detail()).version,
        lines: lines.map((l) => ({
          id: l.id,
          countedQuantity: l.batchCode === 'CU-OLD' ? 10 : l.bookQuantity,
        })),
      }),
    );
    await p.f.a.ok(p.f.a.post(`${COUNT}submit`, { id: count.id, version: (await detail()).version }));
    await keeper.ok(keeper.post(`${COUNT}approve`, { id: count.id, version: (await detail()).version }));
    // 40 held: 30 of CU-OLD, 10 of CU-NEW; 20 of CU-OLD were not there
    expect(await heldOf(prep.id)).toEqual([1, 20]);
    expect(await held(p.f.ids.copper)).toEqual([
      ['CU-OLD', 10, 10],
      ['CU-NEW', 150, 10],
    ]);
    const { version } = await p.prepOf(wo.id);
    await p.f.a.ok(p.f.a.post(`${PREP}cancel`, { id: prep.id, version }));
  });

  it('kitting counts a plan’s holds as its own and leaves other work orders’ line-side stock alone', async () => {
    const first = await openWorkOrder(p.f, 1);
    const prep = await p.send(first.id);
    const [core, copper] = await p.linesOf(prep.id);
    // the first order's copper goes to the line side (picked, not used yet); its core stays held
    await p.f.a.ok(
      p.f.a.post(`${PREP}pick`, {
        id: prep.id,
        version: prep.version,
        warehouseId: p.raw,
        lines: [{ lineId: copper.id, quantity: copper.remainingQuantity }],
      }),
    );
    expect(core.heldQuantity).toBe(1);
    const second = await openWorkOrder(p.f, 1);
    const result = await p.f.a.ok<KittingResult>(
      p.f.a.post(warehouseApi.kittingCalculate.path, { planIds: [first.planId, second.planId] }),
    );
    const plan = (id: number) => result.plans.find((x) => x.planId === id);
    expect(plan(first.planId)).toMatchObject({ isKitted: true, kittedQuantity: 1 });
    // the line side's copper is the first order's; the one core on the shelf is held by it
    const coreLine = result.lines.find((l) => l.planId === second.planId && l.materialsId === p.f.ids.core);
    expect(coreLine).toMatchObject({ need: 1, shortage: 1 });
    // the line side's 3 cores are the first test's open work order's, issued and not yet used
    expect(await p.onHand(p.f.ids.core, p.lineSide)).toBe(3);
    expect(await held(p.f.ids.core)).toEqual([['CORE-2', 1, 1]]);
  });
});
