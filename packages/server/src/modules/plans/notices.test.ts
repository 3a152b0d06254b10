import { formatFactoryTime } from '@factory/shared/factoryTime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchVal } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { sweepDueNotices } from './notices.ts';
import {
  addOrder,
  addPlan,
  PRODUCTION,
  type ProductionFixture,
  productionFixture,
  release,
} from './testing.ts';

let h: Harness;
let f: ProductionFixture;

beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h, 'notice');
});
afterAll(() => h.close());

type Task = { type: string; title: string; message: string; recipientId: number };
const inbox = async () =>
  f.a.ok<Task[]>(
    f.a.get('notification/private/notificationTask/getNotificationTaskList', {
      searchVal: await searchVal([
        { fieldName: 'recipientId', fieldType: 'integer', operator: 'eq', fieldValue: f.tenant.adminId },
      ]),
    }),
  );

describe('production notices', () => {
  it('tells the planner once when a work order passes its planned end and when an order is due in 3 days', async () => {
    const now = new Date();
    const lateOrder = await addOrder(f, { quantity: 1 });
    const latePlan = await addPlan(f, lateOrder.id, { quantity: 1, planStartTime: '2026-01-05 08:00:00' });
    await release(f, latePlan.id);
    const dueOrder = await addOrder(f, {
      quantity: 2,
      deliveryTime: formatFactoryTime(new Date(now.getTime() + 24 * 3600_000)),
    });
    await addPlan(f, dueOrder.id, { quantity: 1 });
    const farOrder = await addOrder(f, {
      quantity: 1,
      deliveryTime: formatFactoryTime(new Date(now.getTime() + 10 * 24 * 3600_000)),
    });

    await sweepDueNotices(h.services, now);
    await sweepDueNotices(h.services, now);

    const tasks = await inbox();
    const overdue = tasks.filter((t) => t.type === 'workOrderOverdue');
    const dueSoon = tasks.filter((t) => t.type === 'orderDueSoon');
    expect(overdue).toHaveLength(1);
    expect(overdue[0].message).toMatch(/^工单“WO\d+”计划于2026-01-05 \d\d:\d\d完工，现已超期仍未完工$/);
    expect(dueSoon.map((t) => t.message)).toEqual([expect.stringContaining(`订单“${dueOrder.code}”将于`)]);
    expect(tasks.some((t) => t.message.includes(farOrder.code))).toBe(false);
    expect(tasks.some((t) => t.message.includes(lateOrder.code))).toBe(false);
    // the order list still shows them: the marks are the sweep's own
    expect(
      (await f.a.get(`${PRODUCTION}produceOrder/getProduceOrderDetail`, { id: dueOrder.id })).body.errorCode,
    ).toBe(0);
  });
});
