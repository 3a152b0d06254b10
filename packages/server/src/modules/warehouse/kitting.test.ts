import type { KittingResult } from '@factory/shared/api/warehouse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { addOrder, addPlan, type ProductionFixture, productionFixture } from '../plans/testing.ts';

const W = 'warehouse/private/';

let h: Harness;
let f: ProductionFixture;

beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h, 'kit');
});
afterAll(() => h.close());

describe('kitting (齐套)', () => {
  it('gives each material’s stock to the plans in their order and says what is short', async () => {
    const raw = (await f.a.ok<{ id: number }>(f.a.post(`${W}warehouse/addWarehouse`, { name: '原材料库' })))
      .id;
    const types = await f.a.page<{ id: number; name: string }>(`${W}stockType/getStockTypeListPage`);
    const purchase = types.content.find((t) => t.name === '采购入库')?.id;
    const doc = await f.a.ok<{ id: number; version: number }>(
      f.a.post(`${W}stockDoc/addStockDoc`, {
        kind: 0,
        stockTypeId: purchase,
        warehouseId: raw,
        lines: [
          { materialsId: f.ids.core, quantity: 3 },
          { materialsId: f.ids.copper, quantity: 100 },
        ],
      }),
    );
    const { version } = await f.a.ok<{ version: number }>(
      f.a.post(`${W}stockDoc/submit`, { id: doc.id, version: doc.version }),
    );
    await f.a.ok(f.a.post(`${W}stockDoc/approve`, { id: doc.id, version }));

    const order = await addOrder(f, { quantity: 4 });
    const first = await addPlan(f, order.id, { quantity: 2, planStartTime: '2026-12-01 08:00:00' });
    const second = await addPlan(f, order.id, { quantity: 2, planStartTime: '2026-12-02 08:00:00' });
    const result = await f.a.ok<KittingResult>(
      f.a.post(`${W}kitting/calculate`, { planIds: [second.id, first.id], save: true, remark: '周计划' }),
    );
    expect(result.plans.map((p) => [p.planCode, p.kittedQuantity, p.isKitted, p.shortMaterialCount])).toEqual(
      [
        [first.code, 2, true, 0],
        [second.code, 0, false, 2],
      ],
    );
    expect(result.materials.map((m) => [m.materialsCode, m.need, m.supply, m.shortage, m.planCount])).toEqual(
      [
        ['CU-1.8', 160, 100, 60, 2],
        ['CORE-400', 4, 3, 1, 2],
      ],
    );
    expect(
      result.lines.filter((l) => l.planId === second.id).map((l) => [l.materialsCode, l.allocated]),
    ).toEqual([
      ['CORE-400', 1],
      ['CU-1.8', 20],
    ]);

    // saved: the list shows it, its detail answers the same result
    expect(result.code).toMatch(/^QT\d{11}$/);
    const list = await f.a.page<{
      code: string;
      planCount: number;
      kittedCount: number;
      shortMaterialCount: number;
    }>(`${W}kitting/getKittingListPage`);
    expect(list.content[0]).toMatchObject({
      code: result.code,
      planCount: 2,
      kittedCount: 1,
      shortMaterialCount: 2,
    });
    const saved = await f.a.ok<KittingResult>(
      f.a.get(`${W}kitting/getKittingResult`, { id: result.id as number }),
    );
    expect(saved.plans).toEqual(result.plans);
  });
});
