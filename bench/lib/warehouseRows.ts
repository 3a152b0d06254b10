import type pg from 'pg';

/**
 * Bulk warehouse rows for the warehouse bench (bench/warehouse.ts), each set in a few
 * `insert … select` statements on the caller's client in its transaction, as the owner with
 * tenant_id explicit. Deterministic: row g is the same in every run.
 */

export interface LedgerHistoryOptions {
  tenantId: number;
  /** The materials whose code starts with this (insertMaterials's WL0000001 …), in code order. */
  materialPrefix: string;
  /** Warehouses, each with `locationsPer` of its locations (flattened, warehouse by warehouse). */
  warehouseIds: number[];
  locationIds: number[];
  locationsPer: number;
  /** Movements in all (the default is 1 000 000). */
  movements: number;
  /** Movements a history document holds. */
  perDoc: number;
  /** Stock types: purchase stock-in for the ins, production pick for the outs. */
  inTypeId: number;
  outTypeId: number;
  userId: number;
  /** Told each step's name and milliseconds, for finding a slow one. */
  onStep?: (step: string, ms: number) => void;
}

/**
 * A year of ledger history ending before today (the factory's day), so the documents' numbers of
 * the history never meet the ones the app takes today:
 * - two batches per material (P00001-1, P00001-2);
 * - each material held in three of the warehouses (which three turns with the material), both of
 *   its batches in each, at one location of the warehouse: six keys a material;
 * - `movements` movements over those keys, about the same number each, alternating an in of
 *   10–200 and an out of half of it, spread over the year; every tenth material's keys end with
 *   an out of all that is left (nothing on hand: the list leaves them out unless asked);
 * - the movements grouped `perDoc` to a posted stock document (ins with ins, outs with outs, one
 *   warehouse a document), numbered CRK + day + sequence as the app numbers them;
 * - the balances: Σ movements per key, first-in time its first movement's.
 * Left out because no measured call reads them: the history documents' lines and audit trails
 * (the movements carry no line id).
 */
export async function insertLedgerHistory(
  c: pg.Client,
  o: LedgerHistoryOptions,
): Promise<{ keys: number; movements: number; docs: number; batches: number }> {
  const t = o.tenantId;
  let t0 = performance.now();
  const step = (name: string) => {
    o.onStep?.(name, performance.now() - t0);
    t0 = performance.now();
  };
  await c.query(
    `create temp table bench_mat on commit drop as
     select id, row_number() over (order by code)::int as g from material
     where tenant_id = $1 and starts_with(code, $2)`,
    [t, o.materialPrefix],
  );
  // the history ends an hour before the factory's today began
  await c.query(
    `create temp table bench_epoch on commit drop as
     select ((date_trunc('day', now() at time zone 'Asia/Shanghai')) at time zone 'Asia/Shanghai')
       - interval '1 hour' as epoch`,
  );
  const batches = await c.query(
    `insert into batch_number (tenant_id, code, material_id, produced_on, created_by, created_at, updated_at)
     select $1, 'P' || lpad(m.g::text, 5, '0') || '-' || b, m.id,
       ((e.epoch - interval '380 days' + make_interval(days => (m.g * 7 + b * 131) % 360))
         at time zone 'Asia/Shanghai')::date,
       $2, e.epoch - interval '380 days', e.epoch - interval '380 days'
     from bench_mat m cross join generate_series(1, 2) b cross join bench_epoch e
     order by m.g, b`,
    [t, o.userId],
  );
  step('batches');
  await c.query(
    `create temp table bench_key on commit drop as
     select row_number() over (order by m.g, w.ord, b.b)::int as kk, m.id as materials_id,
       w.id as warehouse_id, ($3::int[])[(w.ord::int - 1) * $4 + 1 + m.g % $4] as location_id,
       bn.id as batch_id, m.g % 10 = 0 as zero
     from bench_mat m
       cross join unnest($2::int[]) with ordinality as w(id, ord)
       cross join generate_series(1, 2) b(b)
       join batch_number bn on bn.tenant_id = $1 and bn.code = 'P' || lpad(m.g::text, 5, '0') || '-' || b.b
     where (m.g + w.ord) % 4 <> 0`,
    [t, o.warehouseIds, o.locationIds, o.locationsPer],
  );
  step('keys');
  const { rows: k } = await c.query<{ n: number }>('select count(*)::int as n from bench_key');
  const keys = k[0].n;
  const per = Math.floor(o.movements / keys);
  if (per < 2) throw new Error(`${o.movements} movements over ${keys} keys: fewer than two a key`);
  const rem = o.movements - per * keys;
  // movement j of key kk: odd an in, even an out of half the in before it; a zero key's last takes
  // all that is left; its time spread over the year, keys offset from one another
  await c.query(
    `create temp table bench_mv on commit drop as
     select s.*, sum(s.q) over (partition by s.kk order by s.j) as balance_after
     from (
       select r.*, case when r.zero and r.j = r.n then -(sum(r.q0) over (partition by r.kk order by r.j) - r.q0)
           else r.q0 end as q
       from (
         select k.kk, k.materials_id, k.warehouse_id, k.location_id, k.batch_id, k.zero, j,
           $1::int + (k.kk <= $2)::int as n,
           case when j % 2 = 1 then 10 * (1 + abs(hashint4(k.kk * 1000 + j)::bigint) % 20)
             else -5 * (1 + abs(hashint4(k.kk * 1000 + j - 1)::bigint) % 20) end::numeric as q0,
           e.epoch - make_interval(secs => 31536000.0 *
             (1 - (j - 1 + (abs(hashint4(k.kk)::bigint) % 1000) / 1000.0) / ($1::int + (k.kk <= $2)::int))) as at
         from bench_key k cross join bench_epoch e
           cross join lateral generate_series(1, $1::int + (k.kk <= $2)::int) j
       ) r
     ) s`,
    [per, rem],
  );
  step('movements (temp)');
  // documents: ins with ins, outs with outs, one warehouse each, perDoc movements in time order
  await c.query(
    `create temp table bench_mvdoc on commit drop as
     select kk, j, q > 0 as is_in, warehouse_id,
       (row_number() over (partition by q > 0, warehouse_id order by at, kk) - 1) / $1 as doc_seq
     from bench_mv`,
    [o.perDoc],
  );
  step('documents of movements (temp)');
  await c.query(
    `create temp table bench_doc on commit drop as
     select x.*, 'CRK' || to_char(x.posted at time zone 'Asia/Shanghai', 'YYYYMMDD') ||
       lpad(x.day_seq::text, greatest(3, length(x.day_seq::text)), '0') as code
     from (
       select d.*, row_number() over (partition by (d.posted at time zone 'Asia/Shanghai')::date
         order by d.posted, d.is_in, d.warehouse_id, d.doc_seq) as day_seq
       from (
         select md.is_in, md.warehouse_id, md.doc_seq, max(mv.at) as posted, count(*)::int as lines,
           sum(abs(mv.q)) as total
         from bench_mvdoc md join bench_mv mv using (kk, j)
         group by md.is_in, md.warehouse_id, md.doc_seq
       ) d
     ) x`,
  );
  step('documents (temp)');
  const docs = await c.query(
    `insert into stock_doc (tenant_id, code, kind, stock_type_id, book_as, warehouse_id, status, version,
       line_count, total_quantity, posted_at, posted_by, created_by, created_at, updated_at)
     select $1, d.code, case when d.is_in then 0 else 1 end, st.id, st.book_as, d.warehouse_id, 2, 2,
       d.lines, d.total, d.posted, $4, $4, d.posted - interval '1 hour', d.posted
     from bench_doc d join stock_type st on st.tenant_id = $1 and st.id = case when d.is_in then $2::int else $3::int end
     order by d.posted, d.code`,
    [t, o.inTypeId, o.outTypeId, o.userId],
  );
  step('stock_doc');
  // every movement of a document at its posting time, as the app stamps them. Its eight foreign
  // keys checked row by row take minutes for a million rows; every value comes from the row it
  // points at (the joins above), so a superuser skips the checks for this one statement
  const { rows: su } = await c.query<{ su: boolean }>(
    'select rolsuper as su from pg_roles where rolname = current_user',
  );
  if (su[0]?.su) await c.query('set local session_replication_role = replica');
  const moved = await c.query(
    `insert into stock_movement (tenant_id, materials_id, warehouse_id, location_id, batch_id, quantity,
       balance_after, doc_kind, book_as, stock_type_id, doc_id, doc_code, created_by, created_at)
     select $1, mv.materials_id, mv.warehouse_id, mv.location_id, mv.batch_id, mv.q, mv.balance_after,
       sd.kind, sd.book_as, sd.stock_type_id, sd.id, sd.code, $2, sd.posted_at
     from bench_mv mv
       join bench_mvdoc md using (kk, j)
       join bench_doc d on d.is_in = md.is_in and d.warehouse_id = md.warehouse_id and d.doc_seq = md.doc_seq
       join stock_doc sd on sd.tenant_id = $1 and sd.code = d.code
     order by sd.posted_at, sd.id, mv.kk`,
    [t, o.userId],
  );
  if (su[0]?.su) await c.query('set local session_replication_role = origin');
  step('stock_movement');
  await c.query(
    `insert into stock_balance (tenant_id, materials_id, warehouse_id, location_id, batch_id, on_hand,
       allocated, first_in_at, updated_at)
     select $1, materials_id, warehouse_id, location_id, batch_id, sum(quantity), 0, min(created_at), max(created_at)
     from stock_movement where tenant_id = $1
     group by materials_id, warehouse_id, location_id, batch_id
     order by min(created_at)`,
    [t],
  );
  step('stock_balance');
  return { keys, movements: moved.rowCount ?? 0, docs: docs.rowCount ?? 0, batches: batches.rowCount ?? 0 };
}

/**
 * `count` copies of a submitted stock-out document the app made (its header as the app wrote it,
 * numbered `codePrefix` + 6 digits), each with the template's one line on a batch picked
 * deterministically from `batches` (by the copy's number g). Answers the copies in g order with
 * what a request and its replay need.
 */
export async function copySubmittedOuts(
  c: pg.Client,
  o: {
    tenantId: number;
    templateId: number;
    codePrefix: string;
    count: number;
    batches: { materialsId: number; code: string }[];
  },
): Promise<
  { id: number; version: number; code: string; line: number; materialsId: number; batchCode: string }[]
> {
  await c.query(
    `insert into stock_doc (tenant_id, code, kind, stock_type_id, book_as, warehouse_id, target_warehouse_id,
       supplier_id, source_number, status, version, line_count, total_quantity, created_by, remark,
       created_at, updated_at)
     select d.tenant_id, $3 || lpad(g::text, 6, '0'), d.kind, d.stock_type_id, d.book_as, d.warehouse_id,
       d.target_warehouse_id, d.supplier_id, d.source_number, d.status, d.version, d.line_count,
       d.total_quantity, d.created_by, d.remark, d.created_at, d.updated_at
     from stock_doc d cross join generate_series(1, $4::int) g
     where d.tenant_id = $1 and d.id = $2
     order by g`,
    [o.tenantId, o.templateId, o.codePrefix, o.count],
  );
  await c.query(
    `with hot as (
       select * from unnest($5::int[], $6::text[]) with ordinality as h(materials_id, code, i)
     ), copies as (
       select d.id, substr(d.code, length($3) + 1)::int as g
       from stock_doc d where d.tenant_id = $1 and starts_with(d.code, $3) and length(d.code) = length($3) + 6
     )
     insert into stock_doc_line (tenant_id, doc_id, line_no, materials_id, batch_code, location_id,
       target_location_id, quantity, remark)
     select l.tenant_id, c.id, l.line_no, h.materials_id, h.code, l.location_id, l.target_location_id,
       l.quantity, l.remark
     from copies c
       join hot h on h.i = 1 + abs(hashint4(c.g + 424242)::bigint) % $4
       cross join stock_doc_line l
     where l.tenant_id = $1 and l.doc_id = $2
     order by c.g`,
    [
      o.tenantId,
      o.templateId,
      o.codePrefix,
      o.batches.length,
      o.batches.map((b) => b.materialsId),
      o.batches.map((b) => b.code),
    ],
  );
  const { rows } = await c.query<{
    id: number;
    version: number;
    code: string;
    line: number;
    materials_id: number;
    batch_code: string;
  }>(
    `select d.id, d.version, d.code, l.id as line, l.materials_id, l.batch_code
     from stock_doc d join stock_doc_line l on l.tenant_id = d.tenant_id and l.doc_id = d.id
     where d.tenant_id = $1 and starts_with(d.code, $2) and length(d.code) = length($2) + 6
     order by d.code`,
    [o.tenantId, o.codePrefix],
  );
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    code: r.code,
    line: r.line,
    materialsId: r.materials_id,
    batchCode: r.batch_code,
  }));
}

/**
 * Stock limits set around each material's stock now (insertMaterials's limits know nothing of
 * it), as a planner sets them: a lower limit of a quarter of the stock and an upper one of three
 * times it, but 1 material in 25 below its lower limit and 1 in 100 above its upper; none for
 * materials with nothing on hand. So the limit sweep has a few hundred crossings to tell at once,
 * not thousands over many runs.
 */
export async function setLimitsAroundStock(c: pg.Client, tenantId: number, materialPrefix: string) {
  await c.query(
    `update material m set
       lower_limit = case when s.total = 0 then null when x.g % 25 = 3 then ceil(s.total * 1.5)
         else floor(s.total / 4) end,
       upper_limit = case when s.total = 0 then null when x.g % 100 = 7 then floor(s.total / 2)
         else ceil(s.total * 3) end
     from (select id, row_number() over (order by code) as g from material
           where tenant_id = $1 and starts_with(code, $2)) x
       cross join lateral (select coalesce(sum(b.on_hand), 0) as total from stock_balance b
                           where b.tenant_id = $1 and b.materials_id = x.id) s
     where m.tenant_id = $1 and m.id = x.id`,
    [tenantId, materialPrefix],
  );
}
