import type { AddressInfo } from 'node:net';
import { DEMO_PASSWORD } from '@factory/shared/api/auth';
import { warehouseApi } from '@factory/shared/api/warehouse';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../packages/server/src/app.ts';
import { demoTenants, seedDemo } from '../../packages/server/src/demo/generate.ts';
import {
  produceOrder,
  produceOrderActions,
  producePlan,
} from '../../packages/server/src/modules/plans/index.ts';
import { memoryCounters } from '../../packages/server/src/platform/counters.ts';
import { openDatabase } from '../../packages/server/src/platform/db.ts';
import type { Actor } from '../../packages/server/src/platform/machine.ts';
import { API, login } from './fixture.ts';
import { createBenchDatabase } from './pgdb.ts';
import type { cleanupStack } from './runner.ts';

/**
 * The demo on a throwaway PostgreSQL database (seedDemo, as `npm start` writes it: the transformer
 * works' year of production and warehouse), its app listening, and `plans` more plans of the
 * transformer works made through the services as the demo makes them — an order of a finished
 * product the demo plans, confirmed, and one plan of it on the line the demo books that product
 * on, starting over the coming weeks — so kitting (齐套) has the demo's BOMs, plan materials and
 * stock to work on. Deterministic: plan i is the same in every run.
 */
export async function kittingDemo(
  opts: { pgUrl: string; poolSize: number; plans: number },
  cleanups: ReturnType<typeof cleanupStack>,
) {
  const bench = await createBenchDatabase(opts.pgUrl, 'bench_kit');
  cleanups.push(`drop database ${bench.name}`, () => bench.drop());
  const db = await openDatabase({ databaseUrl: bench.url, poolSize: opts.poolSize });
  cleanups.push('close kitting pool', () => db.close());
  await db.migrate();
  const built = await buildApp({
    db,
    counters: memoryCounters(),
    logger: false,
    config: { demo: false, databaseUrl: bench.url, poolSize: opts.poolSize, host: '127.0.0.1' },
  });
  cleanups.push('close kitting app', () => built.close());
  let t0 = performance.now();
  await seedDemo(built.services);
  const seedSeconds = (performance.now() - t0) / 1000;

  const demo = demoTenants.find((t) => t.memberCode === 'transformer');
  if (!demo) throw new Error('no transformer tenant in the demo');
  const [row] = await db.systemQuery<{ tenant_id: number; admin_id: number }>(
    sql`select t.id as tenant_id, u.id as admin_id from tenant t join users u on u.tenant_id = t.id
      where t.member_code = ${demo.memberCode} and u.user_name = 'admin'`,
  );
  const admin: Actor = {
    userId: row.admin_id,
    tenant: { ...demo, id: row.tenant_id, logo: null, configVersion: 0 },
    permissions: new Set(),
    isAdmin: true,
  };
  t0 = performance.now();
  const planIds = await db.withTenant(row.tenant_id, async (tx) => {
    // what the demo plans: each finished product on its line
    const made = (
      (await tx.execute(
        sql`select distinct material_id, area_id from produce_plan where area_id is not null order by 1, 2`,
      )) as unknown as { rows: { material_id: number; area_id: number }[] }
    ).rows;
    if (!made.length) throw new Error('the demo planned nothing');
    // the factory's days from tomorrow on
    const day = (d: number) => new Date(Date.now() + (1 + d) * 86_400_000).toISOString().slice(0, 10);
    const ids: number[] = [];
    for (let i = 0; i < opts.plans; i++) {
      const m = made[i % made.length];
      const quantity = 2 + (i % 7);
      const orderId = await produceOrder.create(tx, admin.userId, {
        materialsId: m.material_id,
        customerId: null,
        quantity,
        deliveryTime: `${day(30 + (i % 60))} 17:00:00`,
        priority: i % 17 === 0 ? 2 : i % 5 === 0 ? 1 : 0,
        source: 0,
      });
      await produceOrderActions.act(tx, admin, 'confirm', { id: orderId });
      ids.push(
        await producePlan.create(tx, admin.userId, {
          produceOrderId: orderId,
          quantity,
          areaId: m.area_id,
          planStartTime: `${day(i % 45)} 08:00:00`,
        }),
      );
    }
    return ids;
  });
  const planSeconds = (performance.now() - t0) / 1000;
  const [sizes] = await db.systemQuery<{ lines: number; materials: number; balances: number; open: number }>(
    sql`select (select count(*)::int from produce_plan_material where tenant_id = ${row.tenant_id}
        and plan_id = any(string_to_array(${planIds.join(',')}, ',')::int[])) as lines,
      (select count(distinct material_id)::int from produce_plan_material where tenant_id = ${row.tenant_id}
        and plan_id = any(string_to_array(${planIds.join(',')}, ',')::int[])) as materials,
      (select count(*)::int from stock_balance where tenant_id = ${row.tenant_id}) as balances,
      (select count(*)::int from produce_plan where tenant_id = ${row.tenant_id}
        and schedule_status in (0, 1, 2, 3)) as open`,
  );
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  const token = await login(url, demo.memberCode, 'admin', DEMO_PASSWORD);
  return {
    url: `${url}${API}${warehouseApi.kittingCalculate.path}`,
    token,
    planIds,
    seedSeconds,
    planSeconds,
    sizes,
  };
}
