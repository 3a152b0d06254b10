import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { notificationRule } from '../../modules/notification/index.ts';
import { createHarness, type Harness, onPostgres, type TestTenant } from '../../testing/harness.ts';
import { openDatabase } from '../db.ts';
import { type EmitContext, EventBus, emitEvent } from './bus.ts';

let h: Harness;
let t: TestTenant;
const quiet = { warn() {}, error() {} };

/** Emits in a tenant transaction of `t` as its admin, as a route would; answers the after-commit tasks. */
async function emitIn(
  bus: EventBus,
  emit: (ctx: EmitContext) => Promise<unknown>,
  fail = false,
): Promise<(() => void | Promise<void>)[]> {
  const after: (() => void | Promise<void>)[] = [];
  await h.db.withTenant(t.id, async (tx) => {
    await emit({
      tx,
      session: { tenantId: t.id, userId: t.adminId, name: '管理员' },
      services: { events: bus },
      afterCommit: (fn) => after.push(fn),
    });
    if (fail) throw new Error('回滚');
  });
  return after;
}

const userCreated = (n: number) => (ctx: EmitContext) =>
  emitEvent(ctx, 'user.created', { userId: t.users.wang, userName: `u${n}`, name: `新人${n}` });

const count = async (query: ReturnType<typeof sql>) => (await h.db.systemQuery<{ n: number }>(query))[0].n;

const tasksOfWang = () =>
  count(sql`select count(*)::int as n from notification_task where recipient_id = ${t.users.wang}`);

describe('domain events', () => {
  beforeAll(async () => {
    h = await createHarness();
    t = await h.addTenant('events', [{ userName: 'wang', name: '王班长' }]);
    // the notification rules keep working through the events: 王班长 hears of every new user
    await h.db.withTenant(t.id, (tx) =>
      notificationRule.create(tx, t.adminId, {
        name: '新用户通知班长',
        event: 'userCreated',
        userIds: [t.users.wang],
        isEnabled: 1,
      }),
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  it('emits nothing from a rolled-back transaction', async () => {
    const before = await count(sql`select count(*)::int as n from domain_event`);
    const seen: number[] = [];
    const bus = new EventBus(h.db, quiet);
    bus.subscribe('user.created', 'test', async ({ event }) => {
      seen.push(event.id);
    });
    await expect(emitIn(bus, userCreated(1), true)).rejects.toThrow('回滚');
    expect(await count(sql`select count(*)::int as n from domain_event`)).toBe(before);
    await bus.drain();
    expect(seen).toEqual([]);
  });

  it('refuses a payload that does not match the declaration', async () => {
    const bad = (ctx: EmitContext) =>
      emitEvent(ctx, 'user.created', { userId: 1, name: '缺少账号' } as never);
    await expect(emitIn(h.services.events, bad)).rejects.toThrow('does not match');
  });

  it('delivers after the commit, each handler once however often it is dispatched', async () => {
    const before = await tasksOfWang();
    const after = await emitIn(h.services.events, userCreated(2));
    expect(await tasksOfWang()).toBe(before);
    for (const fn of after) await fn();
    expect(await tasksOfWang()).toBe(before + 1);
    for (const fn of after) await fn();
    await h.services.events.drain();
    expect(await tasksOfWang()).toBe(before + 1);
    const [row] = await h.db.systemQuery<{ message: string; creator: string }>(
      sql`select message, creator from notification_task where recipient_id = ${t.users.wang} order by id desc limit 1`,
    );
    expect(row).toEqual({ message: '管理员新增了用户“新人2”（u2）', creator: '管理员' });
  });

  it('retries a handler that throws, without holding up the other handlers or other events', async () => {
    const bus = new EventBus(h.db, quiet);
    const steady: number[] = [];
    const flaky: number[] = [];
    let failures = 1;
    bus.subscribe('user.passwordReset', 'flaky', async ({ event }) => {
      if (failures-- > 0) throw new Error('暂时不可用');
      flaky.push(event.id);
    });
    bus.subscribe('user.passwordReset', 'steady', async ({ event }) => {
      steady.push(event.id);
    });
    const reset = (ctx: EmitContext) =>
      emitEvent(ctx, 'user.passwordReset', { userId: t.users.wang, name: '王班长' });
    for (const fn of await emitIn(bus, reset)) await fn();
    const [first] = steady;
    expect(flaky).toEqual([]);
    const [failure] = await h.db.systemQuery<{ attempts: number; last_error: string; waits: boolean }>(
      sql`select attempts, last_error, retry_at > now() as waits from domain_event_handling
          where event_id = ${first} and handler = 'flaky'`,
    );
    expect(failure).toEqual({ attempts: 1, last_error: '暂时不可用', waits: true });
    expect(
      await count(
        sql`select count(*)::int as n from domain_event where id = ${first} and delivered_at is null`,
      ),
    ).toBe(1);

    // a later event is handled by both at once: the failure holds up nothing
    for (const fn of await emitIn(bus, reset)) await fn();
    expect(steady).toHaveLength(2);
    expect(flaky).toEqual([steady[1]]);

    // until its retry is due the drain leaves the failed handling alone, then runs it once
    await bus.drain();
    expect(flaky).toEqual([steady[1]]);
    await new Promise((r) => setTimeout(r, 1100));
    await bus.drain();
    expect(flaky.sort()).toEqual([...steady].sort());
    expect(steady).toHaveLength(2);
    expect(
      await count(
        sql`select count(*)::int as n from domain_event where id = ${first} and delivered_at is not null`,
      ),
    ).toBe(1);
  });

  it('handles each event once per handler when several nodes drain at the same time', async () => {
    const other = onPostgres
      ? await openDatabase({ databaseUrl: (h.db as { url?: string }).url, poolSize: 5 })
      : h.db;
    const handled: number[] = [];
    const buses = [new EventBus(h.db, quiet), new EventBus(other, quiet)];
    for (const bus of buses)
      bus.subscribe('user.created', 'counted', async ({ event }) => {
        handled.push(event.id);
      });
    const ids: number[] = [];
    for (let i = 0; i < 20; i++)
      await emitIn(buses[0], async (ctx) => ids.push(await userCreated(100 + i)(ctx)));
    await Promise.all([...buses.map((b) => b.drain()), ...buses.map((b) => b.drain())]);
    expect(handled.filter((id) => ids.includes(id)).sort()).toEqual(ids.sort());
    if (other !== h.db) await other.close();
  });

  it('delivers what a node committed but never dispatched when another node starts', async () => {
    const before = await tasksOfWang();
    // committed, and the node "dies": its after-commit dispatch never runs
    await emitIn(h.services.events, userCreated(3));
    expect(await tasksOfWang()).toBe(before);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'factory-test-'));
    const node = await buildApp({
      db: h.db,
      logger: false,
      config: { demo: false, dataDir },
      jobs: { pollingIntervalSeconds: 0.5 },
    });
    try {
      await node.app.ready();
      await expect.poll(tasksOfWang, { timeout: 20_000 }).toBe(before + 1);
    } finally {
      await node.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
