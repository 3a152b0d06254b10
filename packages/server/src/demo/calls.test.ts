import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, callTypes } from '../modules/call/index.ts';
import { auditLog } from '../platform/schema.ts';
import { callsAs } from '../testing/calls.ts';
import { createHarness, type Harness } from '../testing/harness.ts';
import { seedCalls } from './calls.ts';

let h: Harness;
let tenantId: number;

/** The call demo on its own, with the transformer works' people, a group and a few stations. */
beforeAll(async () => {
  h = await createHarness();
  const t = await h.addTenant(
    'calldemo',
    [
      'shebei01',
      'shebei02',
      'cangguan01',
      'cangguan02',
      'zhijian01',
      'zhijian02',
      'gongyi01',
      'jingli01',
      'jihua01',
    ].map((userName) => ({ userName, name: userName, modules: [] })),
  );
  tenantId = t.id;
  const admin = callsAs(h, await h.login('calldemo', 'admin'));
  const add = async (url: string, body: unknown) =>
    (await admin.ok<{ id: number }>(admin.post(url, body))).id;
  const line = await add('basicData/private/area/addArea', { name: '绕线一线' });
  for (const name of ['高压绕线工位1', '高压绕线工位2', '低压绕线工位1'])
    await add('basicData/private/station/addStation', { name, areaId: line });
  await add('basicData/settings/private/userGroup/addUserGroup', {
    name: '生产管理组',
    userIds: [t.users.jihua01, t.users.jingli01],
  });
  await h.db.withTenant(t.id, (tx) =>
    seedCalls(
      tx,
      {
        id: t.id,
        memberCode: 'transformer',
        companyName: '变压器厂',
        logo: null,
        version: null,
        flags: {},
        configVersion: 0,
      },
      t.adminId,
    ),
  );
}, 120_000);
afterAll(() => h?.close());

describe('call demo', () => {
  it('escalates only calls answered after a level of their type, and the equipment call waiting now', async () => {
    const rows = await h.db.withTenant(tenantId, (tx) =>
      tx
        .select({
          id: calls.id,
          status: calls.status,
          level: calls.escalatedLevel,
          calledAt: calls.calledAt,
          escalatedAt: calls.escalatedAt,
          responseSeconds: calls.responseSeconds,
          typeName: callTypes.name,
          levels: callTypes.escalation,
        })
        .from(calls)
        .innerJoin(callTypes, eq(callTypes.id, calls.typeId)),
    );
    const types = new Map(rows.map((r) => [r.typeName, r.levels.map((l) => l.afterMinutes)]));
    expect(types.get('设备')).toEqual([15, 30]);
    expect(types.get('其他')).toEqual([]);
    for (const r of rows) {
      const passed = r.levels.filter(
        (l) => r.responseSeconds !== null && l.afterMinutes * 60 <= r.responseSeconds,
      );
      if (r.status !== 0) expect(r.level, `call ${r.id}`).toBe(r.status === 9 ? 0 : passed.length);
      if (r.level > 0)
        expect(r.escalatedAt?.getTime()).toBe(
          r.calledAt.getTime() + r.levels[r.level - 1].afterMinutes * 60_000,
        );
    }
    const waiting = rows.filter((r) => r.status === 0);
    expect(waiting.map((r) => [r.typeName, r.level])).toEqual([['设备', 1]]);
    const trail = await h.db.withTenant(tenantId, (tx) =>
      tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'call'), eq(auditLog.action, 'escalate'))),
    );
    // the sweep ran at each level's minute: one entry per level reached
    expect(trail.length).toBe(rows.reduce((n, r) => n + r.level, 0));
  });
});
