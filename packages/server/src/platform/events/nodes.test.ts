import { DEMO_PASSWORD } from '@factory/shared/api/auth';
import { encryptText } from '@factory/shared/crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationRule } from '../../modules/notification/index.ts';
import { createHarness, type Harness, onPostgres, type TestTenant } from '../../testing/harness.ts';
import { type ApiNode, startNode } from '../../testing/nodes.ts';
import { emitEvent } from './bus.ts';

/**
 * Two API server processes on one PostgreSQL deliver the outbox together: every event reaches
 * every subscriber once — never lost, never twice. PGlite is one process's database, so this runs
 * on PostgreSQL.
 */
let h: Harness;
let t: TestTenant;

const count = async (query: ReturnType<typeof sql>) => (await h.db.systemQuery<{ n: number }>(query))[0].n;
const tasksOfWang = () =>
  count(sql`select count(*)::int as n from notification_task where recipient_id = ${t.users.wang}`);

describe.runIf(onPostgres)('domain events across API nodes', () => {
  const started: ApiNode[] = [];

  beforeAll(async () => {
    h = await createHarness();
    t = await h.addTenant('evnodes', [{ userName: 'wang', name: '王班长' }]);
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
    await Promise.all(started.map((n) => n.stop()));
    await h?.close();
  });

  it('handles each event once per handler while two nodes deliver at once', async () => {
    // 30 events committed by a node that died before dispatching any of them
    const session = { tenantId: t.id, userId: t.adminId, name: '管理员' };
    await h.db.withTenant(t.id, async (tx) => {
      for (let i = 0; i < 30; i++)
        await emitEvent({ tx, session, services: h.services, afterCommit: () => undefined }, 'user.created', {
          userId: t.users.wang,
          userName: `lost${i}`,
          name: `遗留${i}`,
        });
    });
    const env = { DATABASE_URL: (h.db as { url?: string }).url };
    const [a, b] = await Promise.all([startNode(env), startNode(env)]);
    started.push(a, b);

    // meanwhile both nodes take new users, each delivering its own events right after the commit
    const token = await h.login('evnodes', 'admin');
    const password = await encryptText(DEMO_PASSWORD);
    const add = async (node: ApiNode, i: number) => {
      const res = await fetch(`${node.origin}/api/web/v1/authority/private/user/addUser`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify({ userName: `new${i}`, name: `新人${i}`, password }),
      });
      expect(((await res.json()) as { errorCode: number }).errorCode).toBe(0);
    };
    await Promise.all(Array.from({ length: 10 }, (_, i) => add(i % 2 ? a : b, i)));

    await expect
      .poll(() => count(sql`select count(*)::int as n from domain_event where delivered_at is null`), {
        timeout: 60_000,
      })
      .toBe(0);
    expect(await tasksOfWang()).toBe(40);
    expect(
      await count(sql`select count(*)::int as n from domain_event_handling
        where handler = 'notification' and handled_at is not null`),
    ).toBe(40);
  });
});
