import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { walkMachine } from '../../testing/machineWalk.ts';
import { addOrder, addPlan, type ProductionFixture, release } from '../plans/testing.ts';
import { materialPrepActions, materialPreps } from './index.ts';
import { PREP, type PrepFixture, type PrepRow, prepFixture } from './testing.ts';

const W = 'warehouse/private/';
const PLAN = 'production/kiki/private/producePlan/';

let h: Harness;
let f: ProductionFixture;
let p: PrepFixture;
let raw: number;
let lineSide: number;

beforeAll(async () => {
  h = await createHarness();
  p = await prepFixture(h, 'prep', []);
  ({ f, raw, lineSide } = p);
  await p.receive([
    { materialsId: f.ids.core, quantity: 10, batchCode: 'CORE-B1' },
    { materialsId: f.ids.copper, quantity: 500, batchCode: 'CU-B1' },
  ]);
});
afterAll(() => h.close());

const prepOfPlan = async (planId: number) => {
  const page = await f.a.page<PrepRow>(`${PREP}getMaterialPrepListPage`, [
    { fieldName: 'planId', operator: 'eq', fieldValue: planId },
  ]);
  return page.content[0];
};
const linesOf = (id: number) => p.linesOf(id);
const planPrepStatus = async (id: number) =>
  (await f.a.ok<{ preparationStatus: number }>(f.a.get(`${PLAN}getProducePlanDetail`, { id })))
    .preparationStatus;
const onHand = (materialsId: number, warehouseId: number) => p.onHand(materialsId, warehouseId);

describe('material preparation (备料)', () => {
  it('makes the order at release, picks to the line-side warehouse, and is prepared when every line is covered', async () => {
    const order = await addOrder(f, { quantity: 2 });
    const plan = await addPlan(f, order.id, { quantity: 2 });
    await release(f, plan.id);
    const prep = await prepOfPlan(plan.id);
    expect(prep).toMatchObject({ status: 0, targetWarehouseName: '油变一线线边仓' });
    expect(prep.code).toMatch(/^BL\d{11}$/);
    const lines = await linesOf(prep.id);
    expect(lines.map((l) => [l.materialsCode, l.requiredQuantity, l.remainingQuantity])).toEqual([
      ['CORE-400', 2, 2],
      ['CU-1.8', 80, 80],
    ]);
    const [core, copper] = lines;

    const sent = await f.a.ok<{ version: number }>(
      f.a.post(`${PREP}send`, { id: prep.id, version: prep.version }),
    );
    expect(await planPrepStatus(plan.id)).toBe(1);
    const first = await f.a.ok<{ version: number; status: number; docCode: string }>(
      f.a.post(`${PREP}pick`, {
        id: prep.id,
        version: sent.version,
        warehouseId: raw,
        lines: [{ lineId: copper.id, quantity: 50 }],
      }),
    );
    expect(first.status).toBe(2);
    expect(first.docCode).toMatch(/^CRK/);
    expect(await onHand(f.ids.copper, lineSide)).toBe(50);
    expect(await onHand(f.ids.copper, raw)).toBe(450);
    const over = await f.a.post(`${PREP}pick`, {
      id: prep.id,
      version: first.version,
      warehouseId: raw,
      lines: [{ lineId: copper.id, quantity: 40 }],
    });
    expect(over.body.errorMsg).toBe('第1行领料数量超出未领数量30');
    const done = await f.a.ok<{ status: number }>(
      f.a.post(`${PREP}pick`, {
        id: prep.id,
        version: first.version,
        warehouseId: raw,
        lines: [
          { lineId: core.id, quantity: 2 },
          { lineId: copper.id, quantity: 30, batchCode: 'CU-B1' },
        ],
      }),
    );
    expect(done.status).toBe(3);
    expect(await planPrepStatus(plan.id)).toBe(3);
    expect((await linesOf(prep.id)).map((l) => l.remainingQuantity)).toEqual([0, 0]);
    expect(await onHand(f.ids.core, lineSide)).toBe(2);
    const doc = await f.a.page<{ stockTypeName: string; kind: number; targetWarehouseName: string }>(
      `${W}stockDoc/getStockDocListPage`,
      [{ fieldName: 'sourceNumber', operator: 'like', fieldValue: prep.code }],
    );
    expect(doc.content[0]).toMatchObject({
      kind: 2,
      stockTypeName: '生产领料',
      targetWarehouseName: '油变一线线边仓',
    });
  });

  it('is cancelled when its plan is withdrawn', async () => {
    const order = await addOrder(f, { quantity: 1 });
    const plan = await addPlan(f, order.id, { quantity: 1 });
    const released = await release(f, plan.id);
    await f.a.ok(f.a.post(`${PLAN}withdraw`, { id: plan.id, version: released.version }));
    expect((await prepOfPlan(plan.id)).status).toBe(9);
  });

  it('walks every (state, action) pair of the preparation machine', async () => {
    const order = await addOrder(f, { quantity: 1 });
    const plan = await addPlan(f, order.id, { quantity: 1 });
    await release(f, plan.id);
    const prep = await prepOfPlan(plan.id);
    const steps = await walkMachine(h, f.tenant.id, materialPrepActions, materialPreps, prep.id, {
      pick: { id: prep.id, version: 0, warehouseId: raw, lines: [] },
    });
    expect(steps).toHaveLength(5 * 4);
    expect(steps.filter((s) => !s.refused).map((s) => `${s.action} ${s.state.status}`)).toEqual(
      expect.arrayContaining(['send 0', 'hold 1', 'hold 2', 'cancel 0', 'cancel 1', 'cancel 2']),
    );
  });
});
