import type { AuditEntry } from '@factory/shared/machines/endpoints';
import { sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorityFor } from '../../demo/roles.ts';
import { callsAs } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { walkMachine } from '../../testing/machineWalk.ts';
import { produceOrderActions, produceOrders } from './index.ts';
import { addOrder, PRODUCTION, type ProductionFixture, productionFixture } from './testing.ts';

const O = `${PRODUCTION}produceOrder/`;
type Order = {
  id: number;
  code: string;
  version: number;
  confirmStatus: number;
  planStatus: number;
  quantity: number;
  materialsCode: string;
  unitName: string;
  customerName: string;
  priority: number;
};

let h: Harness;
let f: ProductionFixture;

beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h);
});
afterAll(() => h.close());

const detail = (id: number) => f.a.ok<Order>(f.a.get(`${O}getProduceOrderDetail`, { id }));
const trail = (id: number) => f.a.ok<Static<typeof AuditEntry>[]>(f.a.get(`${O}getLogList`, { id }));

describe('production orders', () => {
  it('numbers a new order by the rule, shows its product and customer, starts unconfirmed and unplanned', async () => {
    const order = await addOrder(f, { quantity: 12.5 }, { confirm: false });
    const row = await detail(order.id);
    expect(row.code).toMatch(/^MO\d{8}\d{3}$/);
    expect(row).toMatchObject({
      confirmStatus: 0,
      planStatus: 0,
      quantity: 12.5,
      materialsCode: 'S13-M-400',
      unitName: '台',
      customerName: '国网江苏省电力有限公司',
      version: 0,
    });
  });

  it('refuses a product that is not made (raw material) and a quantity of 0, naming the field', async () => {
    const raw = await f.a.post(`${O}addProduceOrder`, {
      materialsId: f.ids.copper,
      quantity: 1,
      deliveryTime: '2026-12-31 17:00:00',
    });
    expect(raw.body.errorCode).toBe(1);
    expect(raw.body.errorMsg).toBe('所选产品不存在或已被删除');
    const zero = await f.a.post(`${O}addProduceOrder`, {
      materialsId: f.ids.product,
      quantity: 0,
      deliveryTime: '2026-12-31 17:00:00',
    });
    expect(zero.body.errorCode).toBe(1);
    expect(zero.body.errorMsg).toContain('订单数量');
  });

  it('confirms only a product with a main flow version, and says so', async () => {
    const order = await addOrder(f, { materialsId: f.ids.noFlow }, { confirm: false });
    const res = await f.a.post(`${O}confirm`, { id: order.id, version: order.version });
    expect(res.body).toMatchObject({ errorCode: 7 });
    expect(res.body.errorMsg).toBe(`订单“${order.code}”的产品没有启用的工艺路线主版本，请先在工艺路线中维护`);
    expect((await detail(order.id)).confirmStatus).toBe(0);
  });

  it('refuses an action its state does not allow, naming the order, its state and the action', async () => {
    const order = await addOrder(f);
    const again = await f.a.post(`${O}confirm`, { id: order.id, version: order.version });
    expect(again.body).toMatchObject({ errorCode: 7, errorMsg: `订单“${order.code}”已确认，不能确认` });
    const finish = await f.a.post(`${O}finish`, { id: order.id, version: order.version });
    expect(finish.body.errorMsg).toBe(`订单“${order.code}”未计划，不能完成`);
  });

  it('refuses a stale version (code 6: reload) and acts once when the same click arrives twice', async () => {
    const order = await addOrder(f, {}, { confirm: false });
    const [first, second] = await Promise.all([
      f.a.post(`${O}confirm`, { id: order.id, version: order.version }),
      f.a.post(`${O}confirm`, { id: order.id, version: order.version }),
    ]);
    const codes = [first.body.errorCode, second.body.errorCode].sort();
    expect(codes).toEqual([0, 6]);
    const refused = first.body.errorCode === 6 ? first.body : second.body;
    expect(refused.errorMsg).toBe(`订单“${order.code}”已被他人修改，请刷新后重试`);
    const row = await detail(order.id);
    expect(row).toMatchObject({ confirmStatus: 1, version: 1 });
    expect((await trail(order.id)).filter((e) => e.action === 'confirm')).toHaveLength(1);
  });

  it('edits only while unconfirmed, with the version read, and the trail lists the changed fields', async () => {
    const order = await addOrder(f, { quantity: 10, priority: 0 }, { confirm: false });
    const edited = await f.a.ok<Order>(
      f.a.put(`${O}updateOne`, { id: order.id, version: order.version, quantity: 20, priority: 2 }),
    );
    expect(edited).toMatchObject({ quantity: 20, priority: 2, version: 1 });
    const stale = await f.a.put(`${O}updateOne`, { id: order.id, version: order.version, quantity: 30 });
    expect(stale.body.errorCode).toBe(6);
    expect((await detail(order.id)).quantity).toBe(20);
    const entries = await trail(order.id);
    expect(entries.map((e) => e.actionLabel)).toEqual(['新增', '修改']);
    expect(entries[1].userName).toBe('管理员');
    expect(entries[1].changes).toEqual([
      { field: 'quantity', label: '订单数量', from: '10', to: '20' },
      { field: 'priority', label: '优先级', from: '普通', to: '特急' },
    ]);
    await f.a.ok(f.a.post(`${O}confirm`, { id: order.id, version: 1 }));
    const locked = await f.a.put(`${O}updateOne`, { id: order.id, version: 2, remark: '改交期' });
    expect(locked.body).toMatchObject({
      errorCode: 7,
      errorMsg: `订单“${order.code}”已确认，不能修改，请先取消确认`,
    });
    const del = await f.a.del(`${O}deleteOne`, order.id);
    expect(del.body.errorCode).toBe(7);
  });

  it('cancels, finishes and reopens along the declared machine, each step on the trail with from → to', async () => {
    const order = await addOrder(f, {}, { confirm: false });
    const cancelled = await f.a.ok<{ version: number; planStatus: number }>(
      f.a.post(`${O}cancel`, { id: order.id, version: order.version }),
    );
    expect(cancelled.planStatus).toBe(9);
    const confirm = await f.a.post(`${O}confirm`, { id: order.id, version: cancelled.version });
    expect(confirm.body.errorMsg).toBe(`订单“${order.code}”已取消，不能确认`);
    const [add, cancel] = await trail(order.id);
    expect(add.action).toBe('add');
    expect(cancel).toMatchObject({
      action: 'cancel',
      actionLabel: '取消',
      from: { planStatus: 0, confirmStatus: 0 },
      to: { planStatus: 9, confirmStatus: 0 },
    });
  });

  it('answers the trail only to those who see orders, and only of their own tenant', async () => {
    const order = await addOrder(f, {}, { confirm: false });
    await h.addTenant('prod2', [{ userName: 'clerk', modules: ['materialsList'] }]);
    const other = callsAs(h, await h.login('prod2', 'admin'));
    expect((await other.get(`${O}getLogList`, { id: order.id })).body.errorCode).toBe(4);
    expect((await other.get(`${O}getProduceOrderDetail`, { id: order.id })).body.errorCode).toBe(4);
    const clerk = callsAs(h, await h.login('prod2', 'clerk'));
    expect((await clerk.get(`${O}getLogList`, { id: order.id })).body.errorCode).toBe(3);
  });

  it('lets a user confirm only with the orderListConfirm key', async () => {
    const g = await productionFixture(h, 'prod3', [{ userName: 'planner', modules: ['orderList'] }]);
    const order = await addOrder(g, {}, { confirm: false });
    await h.db.systemQuery(
      sql`update roles set authority = ${authorityFor({ modules: ['orderList'], actions: ['Add'] })} where name = 'planner的角色'`,
    );
    const planner = callsAs(h, await h.login('prod3', 'planner'));
    expect((await planner.get(`${O}getProduceOrderDetail`, { id: order.id })).body.errorCode).toBe(0);
    const refused = await planner.post(`${O}confirm`, { id: order.id, version: order.version });
    expect(refused.body.errorCode).toBe(3);
    await h.db.systemQuery(
      sql`update roles set authority = ${authorityFor({ modules: ['orderList'], actions: ['Confirm'] })} where name = 'planner的角色'`,
    );
    const planner2 = callsAs(h, await h.login('prod3', 'planner'));
    expect(
      (await planner2.post(`${O}confirm`, { id: order.id, version: order.version })).body.errorCode,
    ).toBe(0);
  });
});

describe('the order machine, walked', () => {
  it('refuses every (state, action) pair the declaration forbids with its message, and no other', async () => {
    const order = await addOrder(f, {}, { confirm: false });
    const steps = await walkMachine(h, f.tenant.id, produceOrderActions, produceOrders, order.id);
    expect(steps).toHaveLength(5 * 2 * 5);
    expect(steps.filter((s) => !s.refused).map((s) => `${s.action} ${JSON.stringify(s.state)}`)).toContain(
      'confirm {"planStatus":0,"confirmStatus":0}',
    );
  });
});
