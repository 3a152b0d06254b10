import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUserEquipment, equipmentCrud } from '../modules/equipment/index.ts';
import { createHarness, type Harness } from '../testing/harness.ts';
import { seedEquipmentTasks } from './equipmentTasks.ts';

let h: Harness;
let ms = 0;
let tenantId: number;

/**
 * The task demo on its own, on the transformer works' machines that it plans for: the whole demo
 * needs the template a test run builds; this one times the phase npm start adds.
 */
beforeAll(async () => {
  h = await createHarness();
  const t = await h.addTenant('trdemo', [
    { userName: 'shebei01', name: '杨帆', modules: ['equipment'] },
    { userName: 'shebei02', name: '何军', modules: ['equipment'] },
  ]);
  tenantId = t.id;
  const now = Date.now();
  await h.db.withTenant(t.id, async (tx) => {
    const machines = [
      ...[1, 2, 3, 4, 5, 6].map((n) => `${n}#立式绕线机`),
      '1#真空干燥罐',
      '2#真空干燥罐',
      ...[1, 2, 3, 4].map((n) => `${n}#行车`),
      '1#真空注油机',
      '2#真空注油机',
      '1#螺杆空压机',
      '2#螺杆空压机',
    ];
    for (const [i, name] of machines.entries()) {
      const id = await equipmentCrud.create(tx, t.adminId, {
        code: `SB${String(i + 1).padStart(4, '0')}`,
        name,
      });
      await addUserEquipment(tx, t.adminId, t.users.shebei01, [id]);
    }
    const start = performance.now();
    await seedEquipmentTasks(
      tx,
      {
        id: t.id,
        memberCode: t.memberCode,
        companyName: '变压器厂',
        logo: null,
        version: null,
        flags: {},
        configVersion: 0,
      },
      t.adminId,
      now,
    );
    ms = performance.now() - start;
  });
}, 120_000);
afterAll(() => h?.close());

describe('the equipment task demo', () => {
  it('writes two weeks of tasks: most done on time, some late, a few skipped, a few NG with their fault reports', async () => {
    const [r] = await h.db.systemQuery<{
      total: number;
      done: number;
      late: number;
      skipped: number;
      pending: number;
      ng: number;
      reports: number;
    }>(sql`
      select count(*)::int as total,
        count(*) filter (where status = 3)::int as done,
        count(*) filter (where status = 3 and not is_on_time)::int as late,
        count(*) filter (where status = 0)::int as skipped,
        count(*) filter (where status in (1, 2))::int as pending,
        count(*) filter (where ng_item_count > 0)::int as ng,
        (select count(*)::int from equipment_repair r where r.tenant_id = ${tenantId} and r.task_id is not null) as reports
      from check_task where tenant_id = ${tenantId}`);
    console.log(`equipment task demo: ${Math.round(ms)} ms`, r);
    expect(r.total).toBeGreaterThan(50);
    expect(r.done / r.total).toBeGreaterThan(0.7);
    expect(r.late).toBeGreaterThan(0);
    expect(r.skipped).toBeGreaterThan(0);
    expect(r.pending).toBeGreaterThan(0);
    expect(r.ng).toBeGreaterThan(0);
    expect(r.reports).toBe(r.ng);
  });

  it('feeds the machine states, so the compressor that passed 5 000 run hours has its 500-hour upkeep', async () => {
    const machines = await h.db.systemQuery<{ name: string; state: number | null; hours: number }>(sql`
      select e.name, rs.machine_state as state, (rs.run_seconds / 3600)::float8 as hours
      from equipment_run_state rs join equipment e on e.tenant_id = rs.tenant_id and e.id = rs.equipment_id
      where rs.tenant_id = ${tenantId} order by e.name`);
    expect(machines.map((m) => m.name)).toEqual([
      '1#真空干燥罐',
      '1#立式绕线机',
      '1#螺杆空压机',
      '2#立式绕线机',
      '2#螺杆空压机',
      '3#立式绕线机',
    ]);
    const compressor = machines.find((m) => m.name === '1#螺杆空压机');
    expect(compressor?.hours).toBeGreaterThan(5000);
    const upkeep = await h.db.systemQuery<{ name: string; meter: number }>(sql`
      select e.name, t.meter_hours as meter from check_task t join equipment e on e.tenant_id = t.tenant_id and e.id = t.equipment_id
      where t.tenant_id = ${tenantId} and t.meter_hours is not null`);
    expect(upkeep).toEqual([{ name: '1#螺杆空压机', meter: 5000 }]);
    const changes = await h.db.systemQuery<{ n: number }>(
      sql`select count(*)::int as n from equipment_state_change where tenant_id = ${tenantId} and machine_state = 3`,
    );
    expect(changes[0].n).toBeGreaterThan(0);
  });
});
