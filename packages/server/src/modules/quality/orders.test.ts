import type { InspectionSheet } from '@factory/shared/api/quality';
import type { StockBalanceRow } from '@factory/shared/api/warehouse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { walkMachine } from '../../testing/machineWalk.ts';
import { openWorkOrder, type ProductionFixture, productionFixture, reportWork } from '../plans/testing.ts';
import { inspectionOrderActions, inspectionOrders } from './index.ts';

const Q = 'quality/private/';
const O = `${Q}inspectionOrder/`;
const PO = 'purchase/private/purchaseOrder/';
const W = 'warehouse/private/';
const PLAN = 'production/kiki/private/producePlan/';
const INVENTORY = 'warehouse/kiki/private/warehouseMaterialsBatKiki/';

interface Order {
  id: number;
  code: string;
  version: number;
  status: number;
  verdict: number | null;
  effective: boolean;
  inspectionType: number;
  qualityType: number;
  sourceType: number;
  sourceCode: string | null;
  batchCode: string | null;
  lotQuantity: number;
  sampleQuantity: number;
  acceptNumber: number;
  rejectNumber: number;
  ngQuantity: number;
  rejectedQuantity: number;
  inspectorName: string | null;
  auditorName: string | null;
}

let h: Harness;
let f: ProductionFixture;
let supplier: number;
let raw: number;
let finished: number;
let items: { look: number; diameter: number; winding: number; resistance: number };

const add = async (url: string, body: unknown) => (await f.a.ok<{ id: number }>(f.a.post(url, body))).id;
const order = (id: number) => f.a.ok<Order>(f.a.get(`${O}getQualityInspectionOrderDetail`, { id }));
const sheet = (id: number) => f.a.ok<InspectionSheet>(f.a.get(`${O}getInspectionSheet`, { id }));
const ordersOf = async (filters: { fieldName: string; operator: string; fieldValue: unknown }[]) =>
  (await f.a.page<Order>(`${O}getQualityInspectionOrderListPage`, filters)).content;

/**
 * Enters the sheet's cells as `cells` says: NG or OK (a measured item's OK is a value within its
 * limits), a measured value, or null to leave the cell empty.
 */
async function inspect(o: Order, cells: (sample: number, line: number) => number | 'NG' | 'OK' | null) {
  const s = await sheet(o.id);
  const results = [];
  for (let n = 1; n <= s.sampleQuantity; n++)
    for (const item of s.items) {
      const v = cells(n, item.lineNo);
      if (v === null) continue;
      if (item.valueType === 0)
        results.push({ sampleNo: n, lineNo: item.lineNo, judgement: v === 'NG' ? 1 : 0 });
      else {
        const within = ((item.lowerLimit ?? 0) + (item.upperLimit ?? (item.lowerLimit ?? 0) * 3)) / 2;
        const outside = (item.lowerLimit ?? 0) - 1;
        results.push({
          sampleNo: n,
          lineNo: item.lineNo,
          value: v === 'OK' ? within : v === 'NG' ? outside : v,
        });
      }
    }
  return f.a.post(`${O}record`, { id: o.id, version: o.version, results });
}
const act = async (id: number, action: string, body: Record<string, unknown> = {}, as = f.a) =>
  as.post(`${O}${action}`, { id, version: (await order(id)).version, ...body });

const available = async (materialsId: number, batchCode: string) => {
  const rows = await f.a.ok<StockBalanceRow[]>(f.a.get(`${INVENTORY}getMaterialsBatchList`, { materialsId }));
  return rows.filter((r) => r.batchCode === batchCode).reduce((s, r) => s + Number(r.available), 0);
};
const batchStatus = (code: string) =>
  h.db.withTenant(f.tenant.id, async (tx) => {
    const r = await tx.execute(sql`select quality_status from batch_number where code = ${code}`);
    return Number((r as unknown as { rows: { quality_status: number }[] }).rows[0].quality_status);
  });

beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h, 'qo', [{ userName: 'zhijian', name: '王芳', modules: ['quality'] }]);
  supplier = await add('basicData/unit/private/supplier/addSupplier', { name: '江南铜材有限公司' });
  raw = await add(`${W}warehouse/addWarehouse`, { code: 'YL', name: '原材料仓' });
  finished = await add(`${W}warehouse/addWarehouse`, { code: 'CP', name: '成品仓' });
  const item = (body: Record<string, unknown>) => add(`${Q}inspectionItem/addInspectionItem`, body);
  items = {
    look: await item({ name: '来料外观', valueType: 0 }),
    diameter: await item({ name: '线径', valueType: 1, unit: 'mm', lowerLimit: 1.77, upperLimit: 1.83 }),
    winding: await item({ name: '绕组外观', valueType: 0 }),
    resistance: await item({ name: '绝缘电阻', valueType: 1, unit: 'MΩ', lowerLimit: 1000 }),
  };
  const plan = (body: Record<string, unknown>, itemIds: number[]) =>
    add(`${Q}inspectionPlan/addQualityInspectionPlan`, {
      samplingMode: 0,
      ...body,
      lines: itemIds.map((itemId) => ({ itemId })),
    });
  await plan(
    { name: '铜线来料检验', inspectionType: 4, materialsIds: [f.ids.copper], samplingMode: 3, aql: 1.0 },
    [items.look, items.diameter],
  );
  await plan({ name: '绕线首检', inspectionType: 2, procedureIds: [f.ids.winding] }, [items.winding]);
  await plan({ name: '变压器成品检验', inspectionType: 5, materialsIds: [f.ids.product] }, [
    items.resistance,
  ]);
});
afterAll(() => h.close());

/** A confirmed purchase order of copper, received in one batch of `quantity` kg. */
async function receive(quantity: number, batchCode: string) {
  const { id } = await f.a.ok<{ id: number }>(
    f.a.post(`${PO}addPurchaseOrder`, {
      supplierId: supplier,
      lines: [
        {
          materialsId: f.ids.copper,
          quantity,
          unitPrice: 68,
          taxRate: 13,
          deliveryTime: '2026-12-10 17:00:00',
        },
      ],
    }),
  );
  const po = await f.a.ok<{ id: number; version: number; lines: { id: number }[] }>(
    f.a.get(`${PO}getPurchaseOrderDetail`, { id }),
  );
  const confirmed = await f.a.ok<{ version: number }>(
    f.a.post(`${PO}confirm`, { id: po.id, version: po.version }),
  );
  await f.a.ok(
    f.a.post(`${PO}receive`, {
      id: po.id,
      version: confirmed.version,
      warehouseId: raw,
      lines: [{ lineId: po.lines[0].id, quantity, batchCode }],
    }),
  );
  const [o] = await ordersOf([{ fieldName: 'batchCode', operator: 'eq', fieldValue: batchCode }]);
  return { po, order: o };
}

describe('incoming inspection (来料检)', () => {
  it('raises an AQL order for a received batch, holds its stock until the verdict and rejects at Re', async () => {
    const { order: o } = await receive(1000, 'CU-IN-1');
    expect(o).toMatchObject({
      inspectionType: 4,
      qualityType: 2,
      sourceType: 3,
      status: 1,
      lotQuantity: 1000,
      // lot 1 000 → J, n 80; AQL 1.0 → Ac 2 / Re 3
      sampleQuantity: 80,
      acceptNumber: 2,
      rejectNumber: 3,
    });
    expect(o.sourceCode).toMatch(/^[A-Z]+\d+/);
    expect(await batchStatus('CU-IN-1')).toBe(0);
    expect(await available(f.ids.copper, 'CU-IN-1')).toBe(0);
    // three samples under the lower limit of 线径
    const entered = await inspect(o, (n, l) => (l === 1 ? 'OK' : n <= 3 ? 1.7 : 1.8));
    expect(entered.body.errorCode, JSON.stringify(entered.body)).toBe(0);
    const now = await order(o.id);
    expect(now).toMatchObject({ status: 2, ngQuantity: 3, inspectorName: '管理员' });
    expect((await sheet(o.id)).items.map((i) => i.ngCount)).toEqual([0, 3]);
    await f.a.ok(act(o.id, 'submit'));
    expect(await order(o.id)).toMatchObject({
      status: 3,
      verdict: 1,
      effective: true,
      rejectedQuantity: 1000,
    });
    expect(await batchStatus('CU-IN-1')).toBe(2);
    expect(await available(f.ids.copper, 'CU-IN-1')).toBe(0);
  });

  it('accepts at Ac: the batch is released and its stock can be used', async () => {
    const { order: o } = await receive(1000, 'CU-IN-2');
    await f.a.ok(inspect(o, (n, l) => (l === 1 ? (n <= 2 ? 'NG' : 'OK') : 1.8)));
    const early = await act(o.id, 'audit');
    expect(early.body.errorMsg).toBe(`质检单“${o.code}”检验中，不能审核`);
    await f.a.ok(act(o.id, 'submit'));
    expect(await order(o.id)).toMatchObject({ status: 3, verdict: 0, ngQuantity: 2, rejectedQuantity: 0 });
    expect(await batchStatus('CU-IN-2')).toBe(1);
    expect(await available(f.ids.copper, 'CU-IN-2')).toBe(1000);
    // the verdict has taken effect: no sending back
    const back = await act(o.id, 'sendBack', { reason: '复核' });
    expect(back.body.errorMsg).toBe('检验结论已生效，不能退回');
  });

  it('refuses to submit while a cell is empty, naming it', async () => {
    const { order: o } = await receive(50, 'CU-IN-3');
    // lot 50 → D; AQL 1.0 ↓ → E, n 13
    expect(o).toMatchObject({ sampleQuantity: 13, acceptNumber: 0, rejectNumber: 1 });
    await f.a.ok(inspect(o, (n, l) => (n === 13 && l === 2 ? null : 'OK')));
    const refused = await act(o.id, 'submit');
    expect(refused.body.errorMsg).toBe(`质检单“${o.code}”样本13的“线径”尚未录入结果`);
    // a null clears a cell: then sample 2 is the first one missing
    const { version } = await order(o.id);
    await f.a.ok(
      f.a.post(`${O}record`, {
        id: o.id,
        version,
        results: [
          { sampleNo: 2, lineNo: 1, judgement: null },
          { sampleNo: 2, lineNo: 2, value: null },
        ],
      }),
    );
    expect((await sheet(o.id)).results).toHaveLength(13 * 2 - 3);
    expect((await act(o.id, 'submit')).body.errorMsg).toBe(`质检单“${o.code}”样本2的“来料外观”尚未录入结果`);
  });

  it('goes with its receipt while not begun; a begun one keeps the receipt', async () => {
    const { po, order: o } = await receive(20, 'CU-IN-4');
    const detail = await f.a.ok<{ version: number; receipts: { stockDocId: number }[] }>(
      f.a.get(`${PO}getPurchaseOrderTrace`, { id: po.id }),
    );
    const stockDocId = detail.receipts[0].stockDocId;
    await f.a.ok(inspect(o, () => 'OK'));
    const refused = await f.a.post(`${PO}reverseReceipt`, {
      id: po.id,
      version: (await f.a.ok<{ version: number }>(f.a.get(`${PO}getPurchaseOrderDetail`, { id: po.id })))
        .version,
      stockDocId,
      reason: '收错',
    });
    expect(refused.body.errorMsg).toMatch(/^收货单“.+”已生成质检单“ZJ\d+”并开始检验，不能撤销$/);
    const second = await receive(20, 'CU-IN-5');
    const trace = await f.a.ok<{ receipts: { stockDocId: number }[] }>(
      f.a.get(`${PO}getPurchaseOrderTrace`, { id: second.po.id }),
    );
    await f.a.ok(
      f.a.post(`${PO}reverseReceipt`, {
        id: second.po.id,
        version: (
          await f.a.ok<{ version: number }>(f.a.get(`${PO}getPurchaseOrderDetail`, { id: second.po.id }))
        ).version,
        stockDocId: trace.receipts[0].stockDocId,
        reason: '收错',
      }),
    );
    expect(await ordersOf([{ fieldName: 'batchCode', operator: 'eq', fieldValue: 'CU-IN-5' }])).toEqual([]);
  });
});

describe('first-article inspection (首检)', () => {
  it('raises it with the first report of the step and holds further reports until it has passed', async () => {
    const wo = await openWorkOrder(f, 10);
    const report = (goodQuantity: number) =>
      reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity });
    await f.a.ok(report(1));
    const [fa] = await ordersOf([{ fieldName: 'taskId', operator: 'eq', fieldValue: wo.taskIds[0] }]);
    expect(fa).toMatchObject({
      inspectionType: 2,
      qualityType: 1,
      sourceType: 1,
      sampleQuantity: 1,
      status: 1,
    });
    // only the last step's reports raise a finished-product inspection
    expect(
      await ordersOf([
        { fieldName: 'workOrderId', operator: 'eq', fieldValue: wo.id },
        { fieldName: 'inspectionType', operator: 'eq', fieldValue: 5 },
      ]),
    ).toEqual([]);
    const taskCode = `${wo.code}-01`;
    expect((await report(1)).body.errorMsg).toBe(
      `工序任务“${taskCode}”的首检单“${fa.code}”尚未判定合格，暂不能继续报工`,
    );
    await f.a.ok(inspect(fa, () => 'NG'));
    await f.a.ok(act(fa.id, 'submit'));
    expect((await report(1)).body.errorMsg).toBe(
      `工序任务“${taskCode}”首检不合格（${fa.code}），请调整后重新首检，首检合格后才能继续报工`,
    );
    // a new first-article check by hand on the step
    const again = await f.a.ok<Order>(
      f.a.post(`${O}addQualityInspectionOrder`, {
        inspectionType: 2,
        materialsId: f.ids.product,
        workOrderId: wo.id,
        procedureId: f.ids.winding,
        lotQuantity: 1,
      }),
    );
    expect(again).toMatchObject({ sourceType: 0, sampleQuantity: 1 });
    await f.a.ok(inspect(again, () => 'OK'));
    await f.a.ok(act(again.id, 'submit'));
    await f.a.ok(report(2));
  });
});

describe('finished-product inspection (成品检)', () => {
  it('holds the completed units of each last-step report until passed; a full inspection keeps only its NG units', async () => {
    const wo = await openWorkOrder(f, 3);
    // the step's first-article check passes first
    await f.a.ok(reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 1 }));
    const [fa] = await ordersOf([{ fieldName: 'taskId', operator: 'eq', fieldValue: wo.taskIds[0] }]);
    await f.a.ok(inspect(fa, () => 'OK'));
    await f.a.ok(act(fa.id, 'submit'));
    await f.a.ok(reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 2 }));
    await f.a.ok(reportWork(f, { taskId: wo.taskIds[1], stationId: f.ids.assemblyStation, goodQuantity: 3 }));
    await f.a.ok(reportWork(f, { taskId: wo.taskIds[2], stationId: f.ids.testingStation, goodQuantity: 3 }));
    const [fin] = await ordersOf([
      { fieldName: 'workOrderId', operator: 'eq', fieldValue: wo.id },
      { fieldName: 'inspectionType', operator: 'eq', fieldValue: 5 },
    ]);
    expect(fin).toMatchObject({ qualityType: 3, sourceType: 2, lotQuantity: 3, sampleQuantity: 3 });
    const stock = () => f.a.post(`${PLAN}stocking`, { id: wo.planId, warehouseId: finished });
    expect((await stock()).body.errorMsg).toBe('该计划没有已完工未入库的数量');
    // unit 2 below 1 000 MΩ
    await f.a.ok(inspect(fin, (n) => (n === 2 ? 800 : 2500)));
    await f.a.ok(act(fin.id, 'submit'));
    expect(await order(fin.id)).toMatchObject({ verdict: 1, ngQuantity: 1, rejectedQuantity: 1 });
    const doc = await f.a.ok<{ totalQuantity: number }>(stock());
    expect(doc.totalQuantity).toBe(2);
  });
});

describe('audit and approval', () => {
  it('takes effect at the tenant’s level, audited by someone other than the inspector', async () => {
    const flags = (on: boolean) =>
      h.db.systemQuery(
        sql`update tenant set flags = flags || ${JSON.stringify({ qualityAudit: on })}::jsonb where id = ${f.tenant.id}`,
      );
    await flags(true);
    try {
      const { order: o } = await receive(10, 'CU-AU-1');
      await f.a.ok(inspect(o, () => 'OK'));
      await f.a.ok(act(o.id, 'submit'));
      expect(await order(o.id)).toMatchObject({ status: 3, verdict: 0, effective: false });
      expect(await available(f.ids.copper, 'CU-AU-1')).toBe(0);
      expect((await act(o.id, 'audit')).body.errorMsg).toBe(`质检单“${o.code}”须由检验员以外的人审核`);
      await f.a.ok(act(o.id, 'sendBack', { reason: '线径复测' }));
      expect(await order(o.id)).toMatchObject({ status: 2, verdict: null });
      await f.a.ok(act(o.id, 'submit'));
      const inspector = callsAs(h, await h.login('qo', 'zhijian'));
      await inspector.ok(act(o.id, 'audit', {}, inspector));
      expect(await order(o.id)).toMatchObject({ status: 4, effective: true, auditorName: '王芳' });
      expect(await available(f.ids.copper, 'CU-AU-1')).toBe(10);
    } finally {
      await flags(false);
    }
  });
});

describe('the inspection order machine, walked', () => {
  it('refuses every (state, action) pair the declaration forbids with its message, and no other', async () => {
    const o = await f.a.ok<Order>(
      f.a.post(`${O}addQualityInspectionOrder`, {
        inspectionType: 4,
        materialsId: f.ids.copper,
        lotQuantity: 5,
      }),
    );
    const steps = await walkMachine(h, f.tenant.id, inspectionOrderActions, inspectionOrders, o.id, {
      record: { id: o.id, results: [] },
    });
    expect(steps).toHaveLength(5 * 5);
  });
});

describe('non-conforming handling (不合格品)', () => {
  const NC = `${Q}nonconforming/`;
  interface Nc {
    id: number;
    code: string;
    version: number;
    kind: number;
    source: number;
    handlingStatus: number;
    quantity: number;
    handledQuantity: number;
    scrapQuantity: number;
    concessionQuantity: number;
    returnQuantity: number;
    repairQuantity: number;
    defectSummary: string | null;
  }
  const ncOf = async (fieldName: string, fieldValue: unknown) =>
    (await f.a.page<Nc>(`${NC}getNonconformingListPage`, [{ fieldName, operator: 'eq', fieldValue }]))
      .content;
  const dispose = async (nc: Nc, action: string, quantity: number, remark?: string) => {
    const { version } = await f.a.ok<Nc>(f.a.get(`${NC}getNonconformingDetail`, { id: nc.id }));
    return f.a.post(`${NC}${action}`, { id: nc.id, version, quantity, ...(remark ? { remark } : {}) });
  };
  const onHand = async (batchCode: string) => {
    const rows = await f.a.ok<StockBalanceRow[]>(
      f.a.get(`${INVENTORY}getMaterialsBatchList`, { materialsId: f.ids.copper }),
    );
    return rows.filter((r) => r.batchCode === batchCode).reduce((s, r) => s + Number(r.onHand), 0);
  };

  it('handles a rejected batch in parts: concession releases, scrap and return post out of stock', async () => {
    const [nc] = await ncOf('batchCode', 'CU-IN-1');
    expect(nc).toMatchObject({ kind: 2, source: 1, quantity: 1000, handlingStatus: 0 });
    expect((await dispose(nc, 'repair', 10)).body.errorMsg).toBe(
      '来料不合格批次不能返修，请让步接收、报废或退供应商',
    );
    expect((await dispose(nc, 'concession', 200)).body.errorMsg).toBe(
      '请填写让步接收的说明（批准人及让步理由）',
    );
    await f.a.ok(dispose(nc, 'concession', 200, '韩雪批准：线径偏差不影响绕制'));
    expect(await available(f.ids.copper, 'CU-IN-1')).toBe(200);
    expect(await batchStatus('CU-IN-1')).toBe(3);
    await f.a.ok(dispose(nc, 'scrap', 300));
    expect(await onHand('CU-IN-1')).toBe(700);
    expect((await dispose(nc, 'returnToSupplier', 600)).body.errorMsg).toBe('处置数量不能超过未处理数量 500');
    await f.a.ok(dispose(nc, 'returnToSupplier', 500));
    expect(await onHand('CU-IN-1')).toBe(200);
    expect(await available(f.ids.copper, 'CU-IN-1')).toBe(200);
    const [done] = await ncOf('batchCode', 'CU-IN-1');
    expect(done).toMatchObject({
      handlingStatus: 2,
      handledQuantity: 1000,
      concessionQuantity: 200,
      scrapQuantity: 300,
      returnQuantity: 500,
    });
    const rows = await f.a.ok<{ disposition: number; quantity: number; madeCode: string | null }[]>(
      f.a.get(`${NC}getDispositionList`, { id: nc.id }),
    );
    expect(rows.map((r) => [r.disposition, r.quantity])).toEqual([
      [2, 200],
      [1, 300],
      [3, 500],
    ]);
    expect(rows[1].madeCode).toMatch(/^[A-Z]+\d+/);
    const po = await ordersOf([{ fieldName: 'batchCode', operator: 'eq', fieldValue: 'CU-IN-1' }]);
    expect(po).toHaveLength(1);
    expect((await dispose(done, 'scrap', 1)).body.errorMsg).toBe(`不合格品“${nc.code}”已处理，不能报废`);
  });

  it('repairs the NG unit of a finished lot through a rework work order; a report’s defects open a record at its step', async () => {
    const [fin] = (await ncOf('source', 1)).filter((n) => n.kind === 1);
    expect(fin).toMatchObject({ quantity: 1, handlingStatus: 0 });
    expect((await dispose(fin, 'returnToSupplier', 1)).body.errorMsg).toBe(
      '自制品不能退供应商，请返修、报废或让步接收',
    );
    await f.a.ok(dispose(fin, 'repair', 1));
    const [rows] = [await f.a.ok<{ madeCode: string }[]>(f.a.get(`${NC}getDispositionList`, { id: fin.id }))];
    expect(rows[0].madeCode).toMatch(/^WO/);

    const wo = await openWorkOrder(f, 4);
    const [fa] = await Promise.all([
      f.a.ok(reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 1 })),
    ]);
    expect(fa).toBeTruthy();
    const [first] = await ordersOf([{ fieldName: 'taskId', operator: 'eq', fieldValue: wo.taskIds[0] }]);
    await f.a.ok(inspect(first, () => 'OK'));
    await f.a.ok(act(first.id, 'submit'));
    await f.a.ok(
      reportWork(f, {
        taskId: wo.taskIds[0],
        stationId: f.ids.windingStation,
        goodQuantity: 1,
        defectQuantity: 2,
      }),
    );
    const [wip] = await ncOf('workOrderId', wo.id);
    expect(wip).toMatchObject({ kind: 0, source: 0, quantity: 2, handlingStatus: 0 });
    await f.a.ok(dispose(wip, 'concession', 1, '外观轻微，不影响性能'));
    await f.a.ok(dispose(wip, 'scrap', 1));
    const tasks = await f.a.ok<{ id: number; inQuantity: number }[]>(
      f.a.get('production/kiki/private/produceTask/getProduceTaskList', { workOrderId: wo.id }),
    );
    // 2 good + 1 conceded go on to 总装
    expect(tasks.find((t) => t.id === wo.taskIds[1])?.inQuantity).toBe(3);
    expect((await ncOf('workOrderId', wo.id))[0]).toMatchObject({ handlingStatus: 2, scrapQuantity: 1 });
  });

  it('records a report’s repair as handled by its rework work order, and drops it when the report is reversed', async () => {
    const wo = await openWorkOrder(f, 3);
    await f.a.ok(reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 1 }));
    const [first] = await ordersOf([{ fieldName: 'taskId', operator: 'eq', fieldValue: wo.taskIds[0] }]);
    await f.a.ok(inspect(first, () => 'OK'));
    await f.a.ok(act(first.id, 'submit'));
    const report = await f.a.ok<{ id: number }>(
      reportWork(f, {
        taskId: wo.taskIds[0],
        stationId: f.ids.windingStation,
        goodQuantity: 1,
        repairQuantity: 1,
      }),
    );
    const [repaired] = await ncOf('workOrderId', wo.id);
    expect(repaired).toMatchObject({
      kind: 0,
      quantity: 1,
      handlingStatus: 2,
      repairQuantity: 1,
      defectSummary: '报工返修',
    });
    const rows = await f.a.ok<{ madeCode: string }[]>(
      f.a.get(`${NC}getDispositionList`, { id: repaired.id }),
    );
    expect(rows[0].madeCode).toMatch(/^WO/);
    await f.a.ok(f.a.post('production/kiki/private/reportWork/withdraw', { id: report.id, reason: '报错' }));
    expect(await ncOf('workOrderId', wo.id)).toEqual([]);
  });
});
