import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await createHarness({ demo: true });
});
afterAll(() => h?.close());

function transformer<T extends Record<string, unknown>>(query: ReturnType<typeof sql>) {
  return h.db.systemQuery<T>(
    sql`with t as (select id from tenant where member_code = 'transformer') ${query}`,
  );
}

describe('the transformer works’ register', () => {
  it('files each machine with its serial, dates and line, and most with their maker', async () => {
    const [r] = await transformer<{ n: number; dated: number; made: number; lined: number }>(sql`
      select count(*)::int as n,
        count(*) filter (where sn is not null and warranty_end > commission_date)::int as dated,
        count(maker)::int as made, count(area_id)::int as lined
      from equipment where tenant_id = (select id from t)`);
    expect(r.n).toBeGreaterThanOrEqual(30);
    expect(r.dated).toBe(r.n);
    expect(r.made).toBeGreaterThan(r.n / 2);
    expect(r.lined).toBeGreaterThan(r.n / 2);
  });
});

describe('the transformer works’ repairs', () => {
  it('has a year of repair orders, most completed with their reasons and times, and this week’s open in every state', async () => {
    const rows = await transformer<{
      status: number;
      source: number;
      n: number;
      timed: number;
      reasoned: number;
    }>(sql`
      select status, source, count(*)::int as n,
        count(*) filter (where repair_minutes > 0 and downtime_minutes >= repair_minutes)::int as timed,
        count(fault_reason_id)::int as reasoned
      from equipment_repair where tenant_id = (select id from t) group by status, source order by status, source`);
    const of = (status: number, source = 0) => rows.find((r) => r.status === status && r.source === source);
    expect(of(6)?.n).toBeGreaterThan(40);
    expect(of(6)?.timed).toBe(of(6)?.n);
    expect(of(6)?.reasoned).toBe(of(6)?.n);
    expect(of(6, 1)?.n).toBeGreaterThan(3);
    expect(of(7)?.n).toBeGreaterThan(0);
    for (const open of [1, 2, 3, 4, 5]) expect(of(open)?.n, `status ${open}`).toBeGreaterThan(0);
  });

  it('names the keeper who takes half the audited orders; yesterday’s waits for either keeper (改派)', async () => {
    const [r] = await transformer<{ named: number; takenByNamed: number; waiting: number }>(sql`
      select count(*) filter (where cardinality(dispatched_ids) > 0 and status between 3 and 6)::int as named,
        count(*) filter (where cardinality(dispatched_ids) > 0 and status between 3 and 6
          and repairer_ids[1] = any(dispatched_ids))::int as "takenByNamed",
        count(*) filter (where status = 2 and cardinality(dispatched_ids) = 2)::int as waiting
      from equipment_repair where tenant_id = (select id from t)`);
    expect(r.named).toBeGreaterThan(10);
    expect(r.takenByNamed).toBe(r.named);
    expect(r.waiting).toBe(1);
    const [flags] = await h.db.systemQuery<{ transformer: boolean; machinery: boolean }>(sql`
      select bool_or(member_code = 'transformer' and flags->>'skipRepairAudit' = 'true') as transformer,
        bool_or(member_code = 'machinery' and flags->>'skipRepairAudit' = 'true') as machinery from tenant`);
    expect(flags).toEqual({ transformer: false, machinery: true });
  });

  it('leaves the machines as their open repairs say: 维保中 while repaired, 故障维修 while a stopping report is open', async () => {
    const wrong = await transformer<{ name: string; state: number; runType: number }>(sql`
      select e.name, e.state, e.run_type as "runType" from equipment e
      where e.tenant_id = (select id from t) and e.enabled and (
        (e.run_type = 1) <> exists (select 1 from equipment_repair r
          where r.equipment_id = e.id and r.is_stopped and r.status between 1 and 5)
        or (exists (select 1 from equipment_repair r where r.equipment_id = e.id and r.status between 3 and 5)
          and e.state <> 2))`);
    expect(wrong).toEqual([]);
  });
});

describe('the transformer works’ spare parts', () => {
  it('keeps a registered stock in 备件库 that the year’s repairs drew on, directly and through passed applications', async () => {
    const [r] = await transformer<{
      parts: number;
      used: number;
      upkeep: number;
      applied: number;
      issued: number;
      pending: number;
      saved: number;
    }>(sql`
      select (select count(*)::int from spare_part where tenant_id = (select id from t)) as parts,
        (select count(*)::int from spare_part_usage where tenant_id = (select id from t) and source_type = 0) as used,
        (select count(*)::int from spare_part_usage where tenant_id = (select id from t) and source_type = 1) as upkeep,
        (select count(*)::int from part_application where tenant_id = (select id from t)) as applied,
        (select count(*)::int from part_application where tenant_id = (select id from t) and issue_status = 1 and stock_doc_id is not null) as issued,
        (select count(*)::int from part_application where tenant_id = (select id from t) and audit_status = 0) as pending,
        (select count(*)::int from part_application where tenant_id = (select id from t) and audit_status = -1) as saved`);
    expect(r.parts).toBeGreaterThanOrEqual(10);
    expect(r.used).toBeGreaterThan(20);
    // the weekly upkeep of the oil filler and the compressor replaces its consumable
    expect(r.upkeep).toBeGreaterThan(0);
    expect(r.issued).toBeGreaterThan(3);
    expect(r.pending + r.saved).toBeGreaterThan(0);
    expect(r.applied).toBe(r.issued + r.pending + r.saved);
    const [stock] = await transformer<{ n: number }>(sql`
      select count(*)::int as n from stock_balance b join warehouse w on w.id = b.warehouse_id
      where b.tenant_id = (select id from t) and w.is_spare and b.on_hand > 0`);
    expect(stock.n).toBeGreaterThan(5);
  });
});
