import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planFor } from '../modules/quality/index.ts';
import { createHarness, type Harness } from '../testing/harness.ts';

let h: Harness;
let tenantId: number;

beforeAll(async () => {
  h = await createHarness({ demo: true });
  [{ id: tenantId }] = await h.db.systemQuery<{ id: number }>(
    sql`select id from tenant where member_code = 'transformer'`,
  );
});
afterAll(() => h?.close());

const idOf = async (table: string, column: string, value: string) =>
  (
    await h.db.systemQuery<{ id: number }>(
      sql`select id from ${sql.raw(table)} where tenant_id = ${tenantId} and ${sql.raw(column)} = ${value}`,
    )
  )[0].id;

describe('the transformer works’ quality configuration', () => {
  it('has its items, defects and enabled plans with their lines', async () => {
    const [counts] = await h.db.systemQuery<{
      items: number;
      defects: number;
      plans: number;
      lines: number;
    }>(sql`
      select (select count(*)::int from quality_inspection_item where tenant_id = ${tenantId}) as items,
        (select count(*)::int from quality_defect_item where tenant_id = ${tenantId}) as defects,
        (select count(*)::int from quality_inspection_plan where tenant_id = ${tenantId} and enabled) as plans,
        (select count(*)::int from quality_inspection_plan_item where tenant_id = ${tenantId}) as lines`);
    expect(counts).toEqual({ items: 13, defects: 10, plans: 6, lines: 23 });
  });

  it('answers planFor with the most specific plan', async () => {
    const find = (q: Parameters<typeof planFor>[1]) => h.db.withTenant(tenantId, (tx) => planFor(tx, q));
    const s13 = await idOf('material', 'code', 'CP-S13-400');
    const scb = await idOf('material', 'code', 'CP-SCB13-1000');
    expect((await find({ inspectionType: 5, materialsId: s13 }))?.name).toBe('S13-M-400/10 出厂例行试验');
    expect((await find({ inspectionType: 5, materialsId: scb }))?.name).toBe('成品出厂例行试验');
    const steel = await idOf('material', 'code', 'YCL-GG-002');
    expect((await find({ inspectionType: 4, materialsId: steel }))?.name).toBe('硅钢片来料检验（27Q110）');
    const wire = await idOf('material', 'code', 'YCL-CU-001');
    expect((await find({ inspectionType: 4, materialsId: wire }))?.name).toBe('铜线铜排来料检验');
    const hv = await idOf('procedure', 'code', 'GX001');
    expect((await find({ inspectionType: 2, materialsId: wire, procedureId: hv }))?.name).toBe(
      '线圈绕制首检',
    );
  });
});

describe('the transformer works’ year of inspections', () => {
  it('inspected every receipt and report its plans cover, with a few failures, through the quality services', async () => {
    const rows = await h.db.systemQuery<{
      type: number;
      source: number;
      status: number;
      verdict: number | null;
      n: number;
    }>(sql`
      select inspection_type as type, source_type as source, status, verdict, count(*)::int as n
      from quality_inspection_order where tenant_id = ${tenantId}
      group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
    const count = (p: (r: (typeof rows)[number]) => boolean) => rows.filter(p).reduce((s, r) => s + r.n, 0);
    // incoming lots of steel and copper, first articles of winding, finished transformers
    expect(count((r) => r.type === 4 && r.source === 3)).toBeGreaterThan(20);
    expect(count((r) => r.type === 2 && r.source === 1)).toBeGreaterThan(50);
    expect(count((r) => r.type === 5 && r.source === 2)).toBeGreaterThan(50);
    // a failed first article is followed by a passing one raised by hand
    const failedFirst = count((r) => r.type === 2 && r.source === 1 && r.verdict === 1);
    expect(failedFirst).toBeGreaterThan(0);
    expect(count((r) => r.type === 2 && r.source === 0 && r.verdict === 0)).toBe(failedFirst);
    expect(count((r) => r.verdict === 1 && r.type === 5)).toBeGreaterThan(0);
    // two lots of steel and copper failed on arrival, and this morning's wait for the inspector
    expect(count((r) => r.type === 4 && r.verdict === 1)).toBe(2);
    expect(count((r) => r.type === 4 && r.status === 1)).toBe(2);
    // every one was submitted by the inspector, with a result for each sample and item
    const [open] = await h.db.systemQuery<{ unsubmitted: number; missing: number }>(sql`
      select (select count(*)::int from quality_inspection_order o where o.tenant_id = ${tenantId}
          and o.status < 3 and o.source_type in (1, 3) and o.created_at < now() - interval '1 day') as unsubmitted,
        (select count(*)::int from quality_inspection_order o where o.tenant_id = ${tenantId} and o.status >= 3
          and (select count(*) from quality_inspection_result r where r.order_id = o.id)
            <> o.sample_quantity * (select count(*) from quality_inspection_order_item i where i.order_id = o.id)) as missing`);
    expect(open).toEqual({ unsubmitted: 0, missing: 0 });
  });
});

describe('the transformer works’ non-conforming handling', () => {
  it('handled what failed over the year — returned, conceded, scrapped, repaired — and the last ten days’ still wait', async () => {
    const byDisposition = await h.db.systemQuery<{ disposition: number; n: number }>(sql`
      select disposition, count(*)::int as n from quality_disposition where tenant_id = ${tenantId}
      group by 1 order by 1`);
    const n = (d: number) => byDisposition.find((r) => r.disposition === d)?.n ?? 0;
    expect(n(0)).toBeGreaterThan(0);
    expect(n(1)).toBeGreaterThan(0);
    expect(n(2)).toBeGreaterThan(0);
    expect(n(3)).toBe(1);
    const [status] = await h.db.systemQuery<{ stale: number; open: number; heldLots: number }>(sql`
      select (select count(*)::int from quality_nonconforming where tenant_id = ${tenantId}
          and handling_status < 2 and created_at < now() - interval '11 days') as stale,
        (select count(*)::int from quality_nonconforming where tenant_id = ${tenantId}
          and handling_status = 0) as open,
        (select count(*)::int from batch_number where tenant_id = ${tenantId} and quality_status = 2) as "heldLots"`);
    expect(status.stale).toBe(0);
    expect(status.open).toBeGreaterThan(0);
    // the lot rejected nine days ago waits for its handling; the older one went back to its supplier
    expect(status.heldLots).toBe(2);
  });
});
