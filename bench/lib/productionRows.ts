import type pg from 'pg';

/**
 * Bulk production history for the production bench (bench/production.ts): `count` released work
 * orders over the past year, each with its plan, grouped five to an order, the newest `bigOrder`
 * of them in one order, and one task per step of its product's flow version, in states a factory
 * would have: older work orders mostly completed (1 in 20 cancelled, 1 in 20 force-ended), the
 * newest 30 % a mix of not started, in progress (earlier steps completed, the current one half
 * reported, its good passed to the next) and completed. Deterministic (row g is the same in every
 * run). Runs on the caller's client in its transaction, as the owner with tenant_id explicit.
 *
 * Left out because no measured call reads them: the tasks' allowed stations, report records and
 * plan materials.
 */
export interface ProductionRowsOptions {
  tenantId: number;
  count: number;
  bigOrder: number;
  /** Products with their flow and its main version (whose steps the tasks copy). */
  products: { id: number; flowId: number; versionId: number }[];
  areaId: number;
  customerId: number;
  /** The operator the started tasks name. */
  userId: number;
}

/** Returns the code of the order holding the newest `bigOrder` work orders. */
export async function insertProduction(c: pg.Client, o: ProductionRowsOptions): Promise<string> {
  const t = o.tenantId;
  // one row per work order with everything derived from g; dropped at commit
  await c.query(
    `create temp table bench_wo on commit drop as
     select x.*,
       case when x.status = 0 or x.status = 9 then null else x.plan_start + interval '2 hours' end as actual_start,
       case x.status when 2 then x.plan_end - interval '3 hours' when 3 then x.plan_end end as finished
     from (
       select g, k, 1 + (k - 1) % $3 as pi,
         'WO' || to_char(created at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(g::text, 6, '0') as code,
         'PP' || to_char(created at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(g::text, 6, '0') as plan_code,
         'SO' || lpad(k::text, 7, '0') as order_code,
         1 + abs(hashint4(g)::bigint) % 100 as quantity,
         case when g::float8 / $1 < 0.7 then (case g % 20 when 0 then 9 when 1 then 3 else 2 end)
           else (case g % 4 when 0 then 0 when 3 then 2 else 1 end) end as status,
         case when g % 50 = 0 then 2 when g % 10 = 0 then 1 else 0 end as priority,
         created,
         created + interval '1 day' as plan_start,
         created + interval '1 day' + make_interval(days => 1 + g % 9) as plan_end
       from (
         select g,
           case when g <= $1 - $2 then (g + 4) / 5 else ($1 - $2 + 4) / 5 + 1 end as k,
           now() - make_interval(secs => ($1 - g) * 31536000.0 / $1) as created
         from generate_series(1, $1::int) g
       ) s
     ) x`,
    [o.count, o.bigOrder, o.products.length],
  );
  const ids = o.products.map((p) => p.id);
  await c.query(
    `insert into produce_order (tenant_id, code, source, customer_id, material_id, quantity, delivery_time,
       priority, confirm_status, plan_status, planned_quantity, created_at, updated_at)
     select $1, order_code, 0, $2, ($3::int[])[pi], sum(quantity), max(plan_end) + interval '2 days',
       max(priority), 1, case when bool_and(status in (2, 3, 9)) then 2 else 1 end, sum(quantity),
       min(created) - interval '1 day', max(created)
     from bench_wo group by order_code, pi order by min(g)`,
    [t, o.customerId, ids],
  );
  await c.query(
    `insert into produce_plan (tenant_id, code, order_id, material_id, quantity, plan_type, flow_id,
       flow_version_id, area_id, plan_start_time, plan_end_time, actual_start_time, schedule_status,
       plan_progress, sort_order, created_at, updated_at)
     select $1, b.plan_code, o.id, o.material_id, b.quantity, 0, ($2::int[])[b.pi], ($3::int[])[b.pi], $4,
       b.plan_start, b.plan_end, b.actual_start, case when b.status in (2, 3) then 4 else 1 end,
       case when b.status in (2, 3) then 2 when b.status = 1 then 1 else 0 end, b.g, b.created, b.created
     from bench_wo b join produce_order o on o.tenant_id = $1 and o.code = b.order_code
     order by b.g`,
    [t, o.products.map((p) => p.flowId), o.products.map((p) => p.versionId), o.areaId],
  );
  await c.query(
    `insert into produce_work_order (tenant_id, code, plan_id, order_id, material_id, area_id,
       flow_version_id, work_type, quantity, priority, status, is_distributed, plan_start_time,
       plan_end_time, actual_start_time, finished_at, end_reason, created_at, updated_at)
     select $1, b.code, p.id, p.order_id, p.material_id, p.area_id, p.flow_version_id, 0, b.quantity,
       b.priority, b.status, case when b.status <> 0 or b.g % 2 = 0 then 1 else 0 end, b.plan_start,
       b.plan_end, b.actual_start, b.finished, case when b.status = 3 then '客户取消剩余数量' end,
       b.created, coalesce(b.finished, b.actual_start, b.created)
     from bench_wo b join produce_plan p on p.tenant_id = $1 and p.code = b.plan_code
     order by b.g`,
    [t],
  );
  // the current step c of a started work order: steps before it done, it half reported
  await c.query(
    `with st as (
       select s.id, s.version_id, s.seq, s.procedure_id, s.process_type, s.standard_minutes,
         row_number() over (partition by s.version_id order by s.seq) as r,
         count(*) over (partition by s.version_id) as n,
         (select min(ss.station_id) from process_flow_step_station ss where ss.step_id = s.id) as station
       from process_flow_step s where s.tenant_id = $1
     )
     insert into produce_task (tenant_id, work_order_id, code, seq, procedure_id, process_type,
       standard_minutes, in_quantity, good_quantity, defect_quantity, status, actual_start_time,
       finished_at, current_station_id, current_user_id, updated_at)
     select $1, w.id, w.code || '-' || lpad(st.seq::text, 2, '0'), st.seq, st.procedure_id, st.process_type,
       st.standard_minutes,
       case when ph.p in ('done', 'current') then b.quantity
         when b.status in (1, 3) and st.r = ph.c + 1 then b.quantity / 2
         when b.status in (0, 9) and st.r = 1 then b.quantity else 0 end,
       case ph.p when 'done' then b.quantity when 'current' then b.quantity / 2 else 0 end,
       case when ph.p = 'current' and b.g % 7 = 0 then 1 else 0 end,
       case ph.p when 'done' then 2 when 'current' then (case when b.status = 3 then 3 else 1 end)
         else (case when b.status = 3 then 3 else 0 end) end,
       case when ph.p <> 'after' then b.actual_start + make_interval(hours => (st.r - 1)::int) end,
       case when ph.p = 'done' then b.actual_start + make_interval(hours => st.r::int) end,
       case when ph.p <> 'after' then st.station end,
       case when ph.p <> 'after' then $2::int end,
       coalesce(b.finished, b.actual_start, b.created)
     from bench_wo b
       join produce_work_order w on w.tenant_id = $1 and w.code = b.code
       join st on st.version_id = w.flow_version_id
       cross join lateral (
         select 1 + b.g % st.n as c,
           case when b.status = 2 or (b.status in (1, 3) and st.r < 1 + b.g % st.n) then 'done'
             when b.status in (1, 3) and st.r = 1 + b.g % st.n then 'current' else 'after' end as p
       ) ph
     order by w.id, st.seq`,
    [t, o.userId],
  );
  await c.query(
    `update produce_work_order w set completed_quantity = t.good_quantity
     from (select distinct on (work_order_id) work_order_id, good_quantity from produce_task
           where tenant_id = $1 order by work_order_id, seq desc) t
     where t.work_order_id = w.id and t.good_quantity <> 0`,
    [t],
  );
  await c.query(
    `update produce_order o set completed_quantity = x.s
     from (select order_id, sum(completed_quantity) as s from produce_work_order
           where tenant_id = $1 and work_type = 0 group by order_id) x
     where x.order_id = o.id and x.s <> 0`,
    [t],
  );
  const { rows } = await c.query<{ code: string }>(
    'select order_code as code from bench_wo order by g desc limit 1',
  );
  return rows[0].code;
}
