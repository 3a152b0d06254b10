import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import {
  openWorkOrder,
  PRODUCTION,
  type ProductionFixture,
  productionFixture,
  reportWork,
} from '../plans/testing.ts';
import { bomBySteps, pickWhole } from './testing.ts';

const W = 'warehouse/private/';

let h: Harness;
let f: ProductionFixture;
let raw: number;
let finished: number;
let typeId: (name: string) => number | undefined;

interface Doc {
  id: number;
  code: string;
  version: number;
  status: number;
  sourceNumber: string | null;
  sourceKind: number | null;
  postedByName: string | null;
  createdByName: string | null;
}
interface Movement {
  docCode: string;
  createdByName: string | null;
}

/**
 * The fixture's product takes 40 kg of copper at 绕线 and one core at 总装; the raw warehouse
 * holds both, the line has a line side, finished goods go to their own warehouse.
 */
beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h, 'src');
  const add = async (url: string, body: unknown) => (await f.a.ok<{ id: number }>(f.a.post(url, body))).id;
  raw = await add(`${W}warehouse/addWarehouse`, { name: '原材料库' });
  finished = await add(`${W}warehouse/addWarehouse`, { name: '成品库' });
  await add(`${W}sitWarehouse/addSitWarehouse`, { name: '油变一线线边仓', areaId: f.ids.line });
  await bomBySteps(f);
  const types = await f.a.page<{ id: number; name: string }>(`${W}stockType/getStockTypeListPage`);
  typeId = (name) => types.content.find((t) => t.name === name)?.id;
  await keeperDoc({
    kind: 0,
    stockTypeId: typeId('采购入库'),
    warehouseId: raw,
    lines: [
      { materialsId: f.ids.copper, quantity: 500, batchCode: 'CU-B1' },
      { materialsId: f.ids.core, quantity: 20, batchCode: 'CORE-B1' },
    ],
  });
});
afterAll(() => h.close());

/** A document a keeper writes, submits and approves. */
async function keeperDoc(body: Record<string, unknown>): Promise<number> {
  const doc = await f.a.ok<{ id: number; version: number }>(f.a.post(`${W}stockDoc/addStockDoc`, body));
  const { version } = await f.a.ok<{ version: number }>(
    f.a.post(`${W}stockDoc/submit`, { id: doc.id, version: doc.version }),
  );
  await f.a.ok(f.a.post(`${W}stockDoc/approve`, { id: doc.id, version }));
  return doc.id;
}

const docsOf = async (sourceNumber: string) =>
  (
    await f.a.page<Doc>(`${W}stockDoc/getStockDocListPage`, [
      { fieldName: 'sourceNumber', operator: 'like', fieldValue: sourceNumber },
    ])
  ).content.filter((d) => d.sourceNumber === sourceNumber);
const detail = (id: number) => f.a.ok<Doc>(f.a.get(`${W}stockDoc/getStockDocDetail`, { id }));
const reverse = async (d: Doc) =>
  (await f.a.post(`${W}stockDoc/reverse`, { id: d.id, version: d.version, reason: '错了' })).body;
const movementsOf = async (docCode: string) =>
  (
    await f.a.page<Movement>(`${W}stockMovement/getStockMovementListPage`, [
      { fieldName: 'docCode', operator: 'eq', fieldValue: docCode },
    ])
  ).content;

describe('documents production made (undone through their source)', () => {
  it('say what made them on their rows, and refuse 冲销 naming the source to undo instead', async () => {
    // the work order's preparation order, sent and picked whole to the line side
    const wo = await openWorkOrder(f, 1);
    const prep = await pickWhole(f, wo.id, raw);
    // a report fed by backflush, withdrawn (the return), reported again through every step
    const [winding, assembly, testing] = wo.taskIds;
    const first = await f.a.ok<{ id: number; code: string }>(
      reportWork(f, { taskId: winding, stationId: f.ids.windingStation, goodQuantity: 1 }),
    );
    const withdrawal = await f.a.ok<{ code: string }>(
      f.a.post(`${PRODUCTION}reportWork/withdraw`, { id: first.id, reason: '报错数量' }),
    );
    await f.a.ok(reportWork(f, { taskId: winding, stationId: f.ids.windingStation, goodQuantity: 1 }));
    await f.a.ok(reportWork(f, { taskId: assembly, stationId: f.ids.assemblyStation, goodQuantity: 1 }));
    await f.a.ok(reportWork(f, { taskId: testing, stationId: f.ids.testingStation, goodQuantity: 1 }));
    const stockIn = await f.a.ok<{ id: number; code: string }>(
      f.a.post(`${PRODUCTION}producePlan/stocking`, { id: wo.planId, warehouseId: finished }),
    );

    const [pick] = await docsOf(prep.code);
    const [fed] = await docsOf(first.code);
    const [returned] = await docsOf(withdrawal.code);
    const planned = await detail(stockIn.id);
    expect([pick, fed, returned, planned].map((d) => d.sourceKind)).toEqual([3, 1, 2, 4]);
    expect((await detail(fed.id)).sourceKind).toBe(1);

    expect((await reverse(pick)).errorMsg).toBe(
      `单据“${pick.code}”是备料单“${prep.code}”的领料，不能冲销；多领的物料请调拨退回仓库`,
    );
    expect((await reverse(fed)).errorMsg).toBe(
      `单据“${fed.code}”由报工记录“${first.code}”自动生成，不能冲销；请撤销该报工记录`,
    );
    expect((await reverse(returned)).errorMsg).toBe(
      `单据“${returned.code}”由报工撤销记录“${withdrawal.code}”自动生成，不能冲销；如需恢复请重新报工`,
    );
    expect((await reverse(planned)).errorMsg).toBe(
      `单据“${planned.code}”是生产计划“${planned.sourceNumber}”的完工入库，不能冲销`,
    );
    expect((await detail(fed.id)).status).toBe(2);

    // a keeper's 生产投料 naming the same report is the keeper's: reversed as any other
    const byHand = await detail(
      await keeperDoc({
        kind: 1,
        stockTypeId: typeId('生产投料'),
        warehouseId: raw,
        sourceNumber: first.code,
        lines: [{ materialsId: f.ids.copper, quantity: 5 }],
      }),
    );
    expect(byHand.sourceKind).toBeNull();
    expect((await reverse(byHand)).errorMsg).toBe('');
    expect((await detail(byHand.id)).status).toBe(3);
  });

  it('name 系统 as who posted what the system posted, and the keeper as who posted theirs', async () => {
    const wo = await openWorkOrder(f, 1);
    const [winding, assembly, testing] = wo.taskIds;
    for (const [taskId, stationId] of [
      [winding, f.ids.windingStation],
      [assembly, f.ids.assemblyStation],
      [testing, f.ids.testingStation],
    ])
      await f.a.ok(reportWork(f, { taskId, stationId, goodQuantity: 1 }));
    const stockIn = await f.a.ok<{ id: number; code: string }>(
      f.a.post(`${PRODUCTION}producePlan/stocking`, { id: wo.planId, warehouseId: finished }),
    );
    const made = await detail(stockIn.id);
    expect(made.createdByName).not.toBeNull();
    expect(made.postedByName).toBe('系统');
    expect((await movementsOf(made.code)).map((m) => m.createdByName)).toEqual(['系统']);

    const byHand = await detail(
      await keeperDoc({
        kind: 1,
        stockTypeId: typeId('其他出库'),
        warehouseId: raw,
        lines: [{ materialsId: f.ids.copper, quantity: 1 }],
      }),
    );
    expect(byHand.postedByName).toBe(byHand.createdByName);
    expect((await movementsOf(byHand.code)).map((m) => m.createdByName)).toEqual([byHand.createdByName]);
    // not posted yet: nobody approved it
    const draft = await f.a.ok<{ id: number }>(
      f.a.post(`${W}stockDoc/addStockDoc`, {
        kind: 1,
        stockTypeId: typeId('其他出库'),
        warehouseId: raw,
        lines: [{ materialsId: f.ids.copper, quantity: 1 }],
      }),
    );
    expect((await detail(draft.id)).postedByName).toBeNull();
  });
});
