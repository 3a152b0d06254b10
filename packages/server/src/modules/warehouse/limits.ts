import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.ts';
import { eachTenant } from '../../platform/eachTenant.ts';
import { emitEvent } from '../../platform/events/bus.ts';
import type { Services } from '../../platform/services.ts';
import { materials, units, warehouses } from '../information/index.ts';
import { stockBalances, stockLimitNotices } from './schema.ts';

/** The limit sweep: every 5 minutes, once across the nodes. */
export const LIMIT_NOTICES_JOB = 'stock-limit-notices';
export const LIMIT_NOTICES_CRON = '*/5 * * * *';

type Crossing = {
  id: number;
  code: string;
  name: string;
  unit: string | null;
  kind: 1 | 2;
  quantity: string;
  limit: string;
  keeper_ids: number[] | null;
};

/**
 * One tenant's limit sweep (DOMAIN "Limits"): a material whose available stock over the ordinary
 * warehouses fell below its lower limit, or whose stock rose above its upper limit (0 or none: no
 * limit), is told to the keepers of the warehouses holding it (every keeper when none does) — once
 * per crossing: the notice is remembered until the stock is back within the limit.
 */
export async function sweepLimits(
  tx: Tx,
  tenantId: number,
  services: Pick<Services, 'events'>,
  afterCommit: (fn: () => void | Promise<void>) => void,
) {
  const totals = sql`(
    select m.id, m.code, m.name, u.name as unit, m.lower_limit, m.upper_limit,
      coalesce(sum(b.on_hand - b.allocated), 0) as available, coalesce(sum(b.on_hand), 0) as on_hand,
      array_agg(distinct w.keeper_id) filter (where w.keeper_id is not null and b.on_hand > 0) as keepers
    from ${materials} m
    left join ${stockBalances} b on b.materials_id = m.id
      and b.warehouse_id in (select id from ${warehouses} where kind = 0)
    left join ${warehouses} w on w.id = b.warehouse_id
    left join ${units} u on u.id = m.main_unit_id
    where coalesce(m.lower_limit, 0) > 0 or coalesce(m.upper_limit, 0) > 0
    group by m.tenant_id, m.id, u.name)`;
  // back within the limits: the next crossing is told again
  await tx.execute(sql`
    delete from ${stockLimitNotices} n using ${totals} t
    where n.materials_id = t.id and (
      (n.kind = 1 and (coalesce(t.lower_limit, 0) = 0 or t.available >= t.lower_limit))
      or (n.kind = 2 and (coalesce(t.upper_limit, 0) = 0 or t.on_hand <= t.upper_limit)))`);
  const res = await tx.execute(sql`
    with t as ${totals}, crossed as (
      select id, code, name, unit, 1 as kind, available as quantity, lower_limit as "limit", keepers
      from t where coalesce(lower_limit, 0) > 0 and available < lower_limit
      union all
      select id, code, name, unit, 2, on_hand, upper_limit, keepers
      from t where coalesce(upper_limit, 0) > 0 and on_hand > upper_limit)
    select c.id, c.code, c.name, c.unit, c.kind, c.quantity::text, c."limit"::text,
      coalesce(c.keepers, (select array_agg(distinct keeper_id) from ${warehouses} where keeper_id is not null and kind = 0)) as keeper_ids
    from crossed c
    where not exists (select 1 from ${stockLimitNotices} n where n.materials_id = c.id and n.kind = c.kind)
    order by c.code limit 500`);
  const crossings = (res as unknown as { rows: Crossing[] }).rows;
  const ctx = { tx, session: { tenantId, userId: null, name: '系统' }, services, afterCommit };
  for (const c of crossings) {
    await emitEvent(ctx, 'stock.outOfLimit', {
      materialsId: c.id,
      code: c.code,
      name: c.name,
      kind: c.kind,
      quantity: Number(c.quantity),
      limit: Number(c.limit),
      unit: c.unit ?? '',
      keeperIds: (c.keeper_ids ?? []).map(Number),
    });
    await tx.insert(stockLimitNotices).values({ materialsId: c.id, kind: c.kind, quantity: c.quantity });
  }
  return crossings.length;
}

/** The sweep over every enabled tenant; events are dispatched after each tenant's commit. */
export const sweepLimitNotices = (services: Pick<Services, 'db' | 'events'>) =>
  eachTenant(services, async (tx, tenantId, afterCommit) => {
    await sweepLimits(tx, tenantId, services, afterCommit);
  });
