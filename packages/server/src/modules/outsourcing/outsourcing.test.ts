import type { OutsourcedTask, OutsourceTrace } from '@factory/shared/api/outsourcing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { walkMachine } from '../../testing/machineWalk.ts';
import {
  openWorkOrder,
  PRODUCTION,
  type ProductionFixture,
  productionFixture,
  reportWork,
} from '../plans/testing.ts';
import { bomBySteps, type PrepFixture, pickWhole, prepFixture } from '../warehouse/testing.ts';
import { outsourceOrderActions, outsourceOrders, sweepOverdue } from './index.ts';

const W = 'outsourcing/private/outsourceOrder/';
const P = 'basicData/production/private/';
const SUPPLIER = 'basicData/unit/private/supplier/';

type Order = {
  id: number;
  code: string;
  version: number;
  status: number;
  supplierId: number | null;
  supplierName: string | null;
  workOrderId: number;
  taskId: number;
  procedureName: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  sentQuantity: number;
  receivedGoodQuantity: number;
  receivedDefectQuantity: number;
  isOverdue: number;
  planReturnDate: string | null;
};
type Task = { id: number; seq: number; inQuantity: number; goodQuantity: number; defectQuantity: number };

let h: Harness;
let f: ProductionFixture;
let supplier: number;

beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h, 'ww');
  const { a, ids } = f;
  const dip = (
    await a.ok<{ id: number }>(a.post(`${P}procedure/addProcedure`, { name: '浸漆', processType: 1 }))
  ).id;
  // 绕线 → 浸漆 (outsourced) → 总装 → 试验
  await a.ok(
    a.put(`${P}processFlowVersion/updateOne`, {
      id: ids.mainVersion,
      steps: [
        { procedureId: ids.winding, processType: 0, areaIds: [ids.line], stationIds: [ids.windingStation] },
        { procedureId: dip, processType: 1, areaIds: [], stationIds: [] },
        { procedureId: ids.assembly, processType: 0, areaIds: [ids.line], stationIds: [ids.assemblyStation] },
        { procedureId: ids.testing, processType: 0, areaIds: [ids.line], stationIds: [ids.testingStation] },
      ],
    }),
  );
  supplier = (await a.ok<{ id: number }>(a.post(`${SUPPLIER}addSupplier`, { name: '常州某绝缘浸漆厂' }))).id;
});
afterAll(() => h.close());

const ordersOf = async (workOrderId: number) =>
  (
    await f.a.page<Order>(`${W}getOutsourceOrderListPage`, [
      { fieldName: 'workOrderId', operator: 'eq', fieldValue: workOrderId },
    ])
  ).content;
const detail = (id: number) => f.a.ok<Order>(f.a.get(`${W}getOutsourceOrderDetail`, { id }));
const trace = (id: number) => f.a.ok<OutsourceTrace>(f.a.get(`${W}getOutsourceOrderTrace`, { id }));
const tasksOf = (workOrderId: number) =>
  f.a.ok<Task[]>(f.a.get(`${PRODUCTION}produceTask/getProduceTaskList`, { workOrderId }));

/** The order's editable fields with changes, at the version it has now. */
async function edit(id: number, changes: Record<string, unknown>) {
  const o = await detail(id);
  return f.a.put(`${W}updateOne`, {
    id,
    version: o.version,
    code: o.code,
    supplierId: o.supplierId,
    quantity: o.quantity,
    unitPrice: o.unitPrice,
    planReturnDate: o.planReturnDate,
    ...changes,
  });
}
const act = async (action: string, id: number, body: Record<string, unknown> = {}) =>
  f.a.post(`${W}${action}`, { id, version: (await detail(id)).version, ...body });

/** A released work order of `quantity` with its draft confirmed to the supplier at 12.5 a unit. */
async function confirmedOrder(quantity: number, changes: Record<string, unknown> = {}) {
  const wo = await openWorkOrder(f, quantity);
  const [order] = await ordersOf(wo.id);
  await f.a.ok(edit(order.id, { supplierId: supplier, unitPrice: 12.5, ...changes }));
  await f.a.ok(act('confirm', order.id));
  return { wo, order: await detail(order.id) };
}

describe('outsourcing orders', () => {
  it('release drafts one order per outsourced step for the work order quantity, supplier empty', async () => {
    const wo = await openWorkOrder(f, 10);
    const orders = await ordersOf(wo.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      status: 0,
      quantity: 10,
      supplierId: null,
      procedureName: '浸漆',
      taskId: wo.taskIds[1],
      sentQuantity: 0,
      isOverdue: 0,
    });
    expect(orders[0].code).toMatch(/^WW\d{8}\d{3}$/);
    const tasks = await f.a.ok<OutsourcedTask[]>(f.a.get(`${W}getOutsourcedTasks`, { workOrderId: wo.id }));
    expect(tasks).toEqual([
      expect.objectContaining({ id: wo.taskIds[1], procedureName: '浸漆', orderedQuantity: 10 }),
    ]);
  });

  it('a confirmation needs a supplier and a price; the next release takes the last supplier and price', async () => {
    const wo = await openWorkOrder(f, 5);
    const [order] = await ordersOf(wo.id);
    const noSupplier = await act('confirm', order.id);
    expect(noSupplier.body.errorCode).toBe(7);
    expect(noSupplier.body.errorMsg).toBe(`委外单“${order.code}”未选择委外供应商，不能确认`);
    await f.a.ok(edit(order.id, { supplierId: supplier }));
    const noPrice = await act('confirm', order.id);
    expect(noPrice.body.errorMsg).toBe(`委外单“${order.code}”未填写单价，不能确认`);
    await f.a.ok(edit(order.id, { unitPrice: 12.5 }));
    expect((await detail(order.id)).amount).toBe(62.5);
    await f.a.ok(act('confirm', order.id));
    // confirmed: no more edits; 取消确认 gives it back
    const edited = await edit(order.id, { quantity: 4 });
    expect(edited.body.errorMsg).toBe(`委外单“${order.code}”已确认，不能修改，请先取消确认`);
    await f.a.ok(act('unconfirm', order.id));
    expect((await detail(order.id)).status).toBe(0);
    const next = await openWorkOrder(f, 2);
    expect((await ordersOf(next.id))[0]).toMatchObject({ supplierId: supplier, unitPrice: 12.5, amount: 25 });
  });

  it('sends no more than the step has available, receives as the step report, refuses over-receipt, reverses a receipt', async () => {
    const { wo, order } = await confirmedOrder(10);
    const nothing = await act('send', order.id, { quantity: 1 });
    expect(nothing.body.errorCode).toBe(1);
    expect(nothing.body.errorMsg).toContain('发外数量超出可发数量 0');
    await f.a.ok(reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 6 }));
    expect((await act('send', order.id, { quantity: 7 })).body.errorMsg).toContain('发外数量超出可发数量 6');
    expect((await f.a.ok<{ status: number }>(act('send', order.id, { quantity: 4 }))).status).toBe(2);
    expect((await act('send', order.id, { quantity: 3 })).body.errorMsg).toContain('超出可发数量 2');
    // sent: no more unconfirm or cancel
    expect((await act('unconfirm', order.id)).body.errorMsg).toBe(
      `委外单“${order.code}”已发外，不能取消确认`,
    );
    expect((await act('cancel', order.id)).body.errorMsg).toBe(`委外单“${order.code}”已发外，不能取消`);

    const back = await f.a.ok<{ status: number }>(
      act('receive', order.id, { goodQuantity: 3, defectQuantity: 1 }),
    );
    expect(back.status).toBe(3);
    let tasks = await tasksOf(wo.id);
    expect(tasks[1]).toMatchObject({ goodQuantity: 3, defectQuantity: 1 });
    // the good went on to 总装
    expect(tasks[2].inQuantity).toBe(3);
    const reports = await f.a.page<{ remark: string; goodQuantity: number }>(
      `${PRODUCTION}reportWork/getReportWorkListPage`,
      [{ fieldName: 'workOrderCode', operator: 'like', fieldValue: wo.code }],
    );
    expect(reports.content[0].remark).toContain('常州某绝缘浸漆厂');
    expect(reports.content[0].remark).toContain(order.code);
    const over = await act('receive', order.id, { goodQuantity: 1 });
    expect(over.body.errorCode).toBe(1);
    expect(over.body.errorMsg).toBe(`收回数量超出在外数量：委外单“${order.code}”在外 0，本次 1`);

    let t = await trace(order.id);
    expect(t.sends).toEqual([expect.objectContaining({ quantity: 4 })]);
    expect(t).toMatchObject({ available: 2, outstanding: 0 });
    const reversed = await f.a.ok<{ status: number }>(
      act('reverseReceipt', order.id, { receiptId: t.receipts[0].id, reason: '数量点错' }),
    );
    expect(reversed.status).toBe(2);
    tasks = await tasksOf(wo.id);
    expect(tasks[1]).toMatchObject({ goodQuantity: 0, defectQuantity: 0 });
    expect(tasks[2].inQuantity).toBe(0);
    t = await trace(order.id);
    expect(t.receipts[0].reversedAt).not.toBeNull();
    expect(t.outstanding).toBe(4);
    const twice = await act('reverseReceipt', order.id, { receiptId: t.receipts[0].id, reason: '再撤' });
    // nothing stands received: the machine refuses before the receipt is looked at
    expect(twice.body.errorMsg).toBe(`委外单“${order.code}”已发外，不能撤销收回`);

    // the rest of the work: all ten out and back, the order completes
    await f.a.ok(reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 4 }));
    await f.a.ok(act('send', order.id, { quantity: 6 }));
    const done = await f.a.ok<{ status: number }>(act('receive', order.id, { goodQuantity: 10 }));
    expect(done.status).toBe(4);
    expect(await detail(order.id)).toMatchObject({ sentQuantity: 10, receivedGoodQuantity: 10, status: 4 });
    expect((await act('send', order.id, { quantity: 1 })).body.errorMsg).toBe(
      `委外单“${order.code}”已完成，不能发外`,
    );
  });

  it('flags an order sent and not all back past its planned return date, and filters on it', async () => {
    const late = await confirmedOrder(2, { planReturnDate: '2020-01-01' });
    const onTime = await confirmedOrder(2, { planReturnDate: '2999-12-31' });
    for (const { wo, order } of [late, onTime]) {
      await f.a.ok(
        reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 2 }),
      );
      await f.a.ok(act('send', order.id, { quantity: 2 }));
    }
    expect((await detail(late.order.id)).isOverdue).toBe(1);
    expect((await detail(onTime.order.id)).isOverdue).toBe(0);
    const flagged = await f.a.page<Order>(`${W}getOutsourceOrderListPage`, [
      { fieldName: 'isOverdue', operator: 'eq', fieldValue: 1 },
    ]);
    expect(flagged.content.map((o) => o.id)).toContain(late.order.id);
    expect(flagged.content.map((o) => o.id)).not.toContain(onTime.order.id);
    // the planner is told once a factory day, from 08:00 (00:30 UTC is 08:30 in Shanghai)
    const sweep = (at: string) =>
      h.db.withTenant(f.tenant.id, (tx) =>
        sweepOverdue(tx, f.tenant.id, h.services, new Date(at), () => undefined),
      );
    const told = () =>
      h.db.withTenant(f.tenant.id, async (tx) => {
        const res = await tx.execute(
          sql`select payload from domain_event where name = 'outsourceOrder.overdue' order by id`,
        );
        return (res as unknown as { rows: { payload: { orderId: number; outQuantity: number } }[] }).rows
          .map((r) => r.payload)
          .filter((p) => p.orderId === late.order.id || p.orderId === onTime.order.id);
      });
    expect(await sweep('2030-03-01T23:30:00Z')).toBe(0); // 07:30 there: not yet
    await sweep('2030-03-02T00:30:00Z');
    await sweep('2030-03-02T06:00:00Z');
    expect(await told()).toEqual([expect.objectContaining({ orderId: late.order.id, outQuantity: 2 })]);
    await sweep('2030-03-03T01:00:00Z');
    expect(await told()).toHaveLength(2);
    // all back: no longer overdue, nor told
    await f.a.ok(act('receive', late.order.id, { goodQuantity: 2 }));
    expect((await detail(late.order.id)).isOverdue).toBe(0);
    await sweep('2030-03-04T01:00:00Z');
    expect(await told()).toHaveLength(2);
  });

  it('完成 closes an order short once all sent is back, cut to what was sent', async () => {
    const { wo, order } = await confirmedOrder(4);
    await f.a.ok(reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 4 }));
    await f.a.ok(act('send', order.id, { quantity: 3 }));
    const out = await act('finish', order.id, { reason: '余量厂内自做' });
    expect(out.body.errorMsg).toBe(`委外单“${order.code}”还有 3 在外未收回，不能完成，请先收回`);
    await f.a.ok(act('receive', order.id, { goodQuantity: 3 }));
    expect((await act('finish', order.id)).body.errorMsg).toBe('请输入完成原因');
    await f.a.ok(act('finish', order.id, { reason: '余量厂内自做' }));
    expect(await detail(order.id)).toMatchObject({ status: 4, quantity: 3, amount: 37.5, sentQuantity: 3 });
    // the unsent unit may go out again on an order added by hand
    await f.a.ok(
      f.a.post(`${W}addOutsourceOrder`, { workOrderId: wo.id, taskId: wo.taskIds[1], quantity: 1 }),
    );
  });

  it('refuses to close the work order while units are out at the supplier', async () => {
    const { wo, order } = await confirmedOrder(3);
    await f.a.ok(reportWork(f, { taskId: wo.taskIds[0], stationId: f.ids.windingStation, goodQuantity: 3 }));
    await f.a.ok(act('send', order.id, { quantity: 3 }));
    await f.a.ok(act('receive', order.id, { goodQuantity: 1 }));
    const woAct = async (action: string, body: Record<string, unknown> = {}) => {
      const { version } = await f.a.ok<{ version: number }>(
        f.a.get(`${PRODUCTION}produceWorkOrder/getProduceWorkOrderDetail`, { id: wo.id }),
      );
      return f.a.post(`${PRODUCTION}produceWorkOrder/${action}`, { id: wo.id, version, ...body });
    };
    const ended = await woAct('end', { reason: '客户取消' });
    expect(ended.body).toMatchObject({
      errorCode: 7,
      errorMsg: `工单“${wo.code}”还有 2 在供应商“常州某绝缘浸漆厂”处未收回（委外单“${order.code}”），不能结束，请先收回`,
    });
    await f.a.ok(act('receive', order.id, { goodQuantity: 1, defectQuantity: 1 }));
    await f.a.ok(woAct('end', { reason: '客户取消' }));
  });

  it('refuses a stale version on edits and actions', async () => {
    const wo = await openWorkOrder(f, 3);
    const [order] = await ordersOf(wo.id);
    await f.a.ok(edit(order.id, { supplierId: supplier, unitPrice: 8 }));
    const stale = await f.a.put(`${W}updateOne`, {
      id: order.id,
      version: order.version,
      quantity: 3,
      supplierId: supplier,
      unitPrice: 9,
    });
    expect(stale.body.errorCode).toBe(6);
    const staleAction = await f.a.post(`${W}confirm`, { id: order.id, version: order.version });
    expect(staleAction.body.errorCode).toBe(6);
    expect(staleAction.body.errorMsg).toBe(`委外单“${order.code}”已被他人修改，请刷新后重试`);
  });

  it('adds an order by hand only for an outsourced step of the work order; closing the work order cancels unsent orders', async () => {
    const wo = await openWorkOrder(f, 4);
    const inHouse = await f.a.post(`${W}addOutsourceOrder`, {
      workOrderId: wo.id,
      taskId: wo.taskIds[0],
      quantity: 4,
    });
    expect(inHouse.body.errorMsg).toBe('工序“绕线”不是委外工序');
    const added = await f.a.ok<{ id: number }>(
      f.a.post(`${W}addOutsourceOrder`, {
        workOrderId: wo.id,
        taskId: wo.taskIds[1],
        quantity: 2,
        supplierId: supplier,
      }),
    );
    expect(await detail(added.id)).toMatchObject({
      status: 0,
      quantity: 2,
      supplierId: supplier,
      taskId: wo.taskIds[1],
    });
    const { version } = await f.a.ok<{ version: number }>(
      f.a.get(`${PRODUCTION}produceWorkOrder/getProduceWorkOrderDetail`, { id: wo.id }),
    );
    await f.a.ok(f.a.post(`${PRODUCTION}produceWorkOrder/cancel`, { id: wo.id, version }));
    expect((await ordersOf(wo.id)).map((o) => o.status)).toEqual([9, 9]);
    const late = await f.a.post(`${W}addOutsourceOrder`, {
      workOrderId: wo.id,
      taskId: wo.taskIds[1],
      quantity: 1,
    });
    expect(late.body.errorMsg).toContain('已取消，不能新增委外单');
  });

  it('follows a split and a reduction: unsent orders keep to the work order, the split-off one gets its own draft', async () => {
    await h.db.systemQuery(
      sql`update tenant set flags = '{"splitWorkOrder": true}', config_version = config_version + 1 where id = ${f.tenant.id}`,
    );
    const wo = await openWorkOrder(f, 10);
    const woAct = async (action: string, body: Record<string, unknown>) => {
      const { version } = await f.a.ok<{ version: number }>(
        f.a.get(`${PRODUCTION}produceWorkOrder/getProduceWorkOrderDetail`, { id: wo.id }),
      );
      return f.a.ok<{ id: number }>(
        f.a.post(`${PRODUCTION}produceWorkOrder/${action}`, { id: wo.id, version, ...body }),
      );
    };
    const split = await woAct('split', { quantity: 3 });
    expect((await ordersOf(wo.id)).map((o) => o.quantity)).toEqual([7]);
    expect((await ordersOf(split.id)).map((o) => [o.quantity, o.status])).toEqual([[3, 0]]);
    await woAct('reduce', { quantity: 6 });
    expect((await ordersOf(wo.id)).map((o) => o.quantity)).toEqual([6]);
  });

  it('walks every (status, action) pair: refused outside the declared states', async () => {
    const wo = await openWorkOrder(f, 1);
    const [order] = await ordersOf(wo.id);
    const steps = await walkMachine(h, f.tenant.id, outsourceOrderActions, outsourceOrders, order.id);
    expect(steps.length).toBeGreaterThan(0);
  });
});

describe('materials at the supplier (委外发料)', () => {
  let p: PrepFixture;
  let g: ProductionFixture;
  let sup: number;

  /** 绕线 (40 kg copper) → 浸漆, outsourced (one core a unit, standing in for its varnish) → 总装 → 试验. */
  beforeAll(async () => {
    p = await prepFixture(h, 'wwm', []);
    g = p.f;
    const dip = await p.add(`${P}procedure/addProcedure`, { name: '浸漆', processType: 1 });
    const { ids } = g;
    await g.a.ok(
      g.a.put(`${P}processFlowVersion/updateOne`, {
        id: ids.mainVersion,
        steps: [
          { procedureId: ids.winding, processType: 0, areaIds: [ids.line], stationIds: [ids.windingStation] },
          { procedureId: dip, processType: 1, areaIds: [], stationIds: [] },
          {
            procedureId: ids.assembly,
            processType: 0,
            areaIds: [ids.line],
            stationIds: [ids.assemblyStation],
          },
          { procedureId: ids.testing, processType: 0, areaIds: [ids.line], stationIds: [ids.testingStation] },
        ],
      }),
    );
    await bomBySteps(g);
    const version = await g.a.ok<{ steps: { id: number; procedureId: number }[] }>(
      g.a.get(`${P}processFlowVersion/getProcessFlowVersionDetail`, { id: ids.mainVersion }),
    );
    const stepOf = (procedureId: number) => version.steps.find((s) => s.procedureId === procedureId)?.id;
    await g.a.ok(
      g.a.post(`${P}processFlow/updateBomListView`, {
        versionId: ids.mainVersion,
        items: [
          { materialId: ids.copper, stepId: stepOf(ids.winding), quantity: 40 },
          { materialId: ids.core, stepId: stepOf(dip), quantity: 1 },
        ],
      }),
    );
    await p.receive([
      { materialsId: ids.copper, quantity: 1000, batchCode: 'WW-CU' },
      { materialsId: ids.core, quantity: 50, batchCode: 'WW-CORE' },
    ]);
    sup = await p.add(`${SUPPLIER}addSupplier`, { name: '无锡某浸漆厂' });
  });

  const at = (path: string, body: Record<string, unknown>) => g.a.post(`${W}${path}`, body);
  const gDetail = (id: number) => g.a.ok<Order>(g.a.get(`${W}getOutsourceOrderDetail`, { id }));
  const gAct = async (action: string, id: number, body: Record<string, unknown> = {}) =>
    at(action, { id, version: (await gDetail(id)).version, ...body });
  const supplierWarehouse = async () =>
    (
      await h.db.systemQuery<{ id: number; name: string }>(
        sql`select id, name from warehouse where kind = 2 and supplier_id = ${sup}`,
      )
    )[0];
  /** A work order of `quantity` whose 绕线 is reported whole, its order confirmed to the supplier. */
  async function ready(quantity: number, picked: 'all' | 'copper only' | 'none') {
    const wo = await openWorkOrder(g, quantity);
    if (picked !== 'none') await pickWhole(g, wo.id, p.raw, picked === 'all' ? undefined : g.ids.copper);
    await g.a.ok(
      reportWork(g, { taskId: wo.taskIds[0], stationId: g.ids.windingStation, goodQuantity: quantity }),
    );
    const [order] = (
      await g.a.page<Order>(`${W}getOutsourceOrderListPage`, [
        { fieldName: 'workOrderId', operator: 'eq', fieldValue: wo.id },
      ])
    ).content;
    const o = await gDetail(order.id);
    await g.a.ok(
      g.a.put(`${W}updateOne`, {
        id: o.id,
        version: o.version,
        quantity: o.quantity,
        supplierId: sup,
        unitPrice: 20,
      }),
    );
    await g.a.ok(gAct('confirm', o.id));
    return { wo, order: o };
  }

  it("moves the step's materials into the supplier's 委外仓 at 发外 and backflushes its receipts from there", async () => {
    const { order } = await ready(4, 'all');
    expect(await p.onHand(g.ids.core, p.lineSide)).toBe(4);
    await g.a.ok(gAct('send', order.id, { quantity: 3 }));
    const wh = await supplierWarehouse();
    expect(wh.name).toBe('无锡某浸漆厂委外仓');
    expect(await p.onHand(g.ids.core, wh.id)).toBe(3);
    expect(await p.onHand(g.ids.core, p.lineSide)).toBe(1);
    // the batch goes with it; copper belongs to 绕线 and stays
    const sends = (await g.a.ok<OutsourceTrace>(g.a.get(`${W}getOutsourceOrderTrace`, { id: order.id })))
      .sends;
    expect(sends[0].stockDocCode).toMatch(/^\S+$/);
    const received = await g.a.ok<unknown>(gAct('receive', order.id, { goodQuantity: 2 }));
    expect(received).toBeTruthy();
    expect(await p.onHand(g.ids.core, wh.id)).toBe(1);
    expect(await p.onHand(g.ids.core, p.lineSide)).toBe(1);
    // 撤销收回 gives the cores back to the supplier's warehouse, where they were taken from
    const { receipts } = await g.a.ok<OutsourceTrace>(
      g.a.get(`${W}getOutsourceOrderTrace`, { id: order.id }),
    );
    await g.a.ok(gAct('reverseReceipt', order.id, { receiptId: receipts[0].id, reason: '数量点错' }));
    expect(await p.onHand(g.ids.core, wh.id)).toBe(3);
    // the transfer is the outsourcing order's: a keeper cannot reverse it alone
    const docs = await g.a.page<{ id: number; version: number; code: string }>(
      'warehouse/private/stockDoc/getStockDocListPage',
      [{ fieldName: 'code', operator: 'eq', fieldValue: sends[0].stockDocCode }],
    );
    const reversed = await g.a.post('warehouse/private/stockDoc/reverse', {
      id: docs.content[0].id,
      version: docs.content[0].version,
      reason: '试试',
    });
    expect(reversed.body.errorMsg).toBe(
      `单据“${sends[0].stockDocCode}”是委外单“${order.code}”的委外发料，不能冲销；在外物料请调拨退回`,
    );
  });

  it('refuses to send when the line side lacks the step materials, until they are picked', async () => {
    const { wo, order } = await ready(2, 'copper only');
    const refused = await gAct('send', order.id, { quantity: 2 });
    expect(refused.body.errorCode).toBe(7);
    expect(refused.body.errorMsg).toMatch(/^线边仓物料不足，不能发外。库存不足：.*请先领料到线边仓$/);
    expect((await gDetail(order.id)).sentQuantity).toBe(0);
    const prep = await p.prepOf(wo.id);
    const core = (await p.linesOf(prep.id)).find((l) => l.materialsId === g.ids.core);
    await g.a.ok(
      g.a.post('warehouse/private/materialPrep/pick', {
        id: prep.id,
        version: prep.version,
        warehouseId: p.raw,
        lines: [{ lineId: core?.id, quantity: 2 }],
      }),
    );
    const wh = await supplierWarehouse();
    const before = await p.onHand(g.ids.core, wh.id);
    await g.a.ok(gAct('send', order.id, { quantity: 2 }));
    expect(await p.onHand(g.ids.core, wh.id)).toBe(before + 2);
  });

  it('a send before any pick moves nothing; the receipt moves what is due by then and backflushes it', async () => {
    const { wo, order } = await ready(2, 'none');
    await g.a.ok(gAct('send', order.id, { quantity: 2 }));
    const { sends } = await g.a.ok<OutsourceTrace>(g.a.get(`${W}getOutsourceOrderTrace`, { id: order.id }));
    expect(sends[0].stockDocCode).toBeNull();
    const prep = await pickWhole(g, wo.id, p.raw);
    const wh = await supplierWarehouse();
    const before = await p.onHand(g.ids.core, wh.id);
    const lineSideBefore = await p.onHand(g.ids.core, p.lineSide);
    await g.a.ok(gAct('receive', order.id, { goodQuantity: 2 }));
    const core = (await p.linesOf(prep.id)).find((l) => l.materialsId === g.ids.core);
    const [line] = await h.db.systemQuery<{ consumed: string; out: string }>(
      sql`select consumed_quantity::text as consumed, out_quantity::text as out from material_prep_line where id = ${core?.id}`,
    );
    expect([Number(line.consumed), Number(line.out)]).toEqual([2, 2]);
    // through the supplier's warehouse: out of the line side, nothing left at the supplier
    expect(await p.onHand(g.ids.core, p.lineSide)).toBe(lineSideBefore - 2);
    expect(await p.onHand(g.ids.core, wh.id)).toBe(before);
  });
});
