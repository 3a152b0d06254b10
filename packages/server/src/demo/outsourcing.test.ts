import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await createHarness({ demo: true });
});
afterAll(() => h?.close());

/** Rows of a demo tenant (a reading across its tables, as the system). */
function of<T extends Record<string, unknown>>(memberCode: string, query: ReturnType<typeof sql>) {
  return h.db.systemQuery<T>(
    sql`with t as (select id from tenant where member_code = ${memberCode}) ${query}`,
  );
}

describe('the demo’s outsourcing', () => {
  it('sends the transformer works’ tank painting out on outsourcing orders to the paint maker', async () => {
    const orders = await of<{ status: number; supplier: string | null; overdue: boolean; n: number }>(
      'transformer',
      sql`select o.status, s.name as supplier, count(*)::int as n,
          (o.status in (2, 3) and o.plan_return_date < (now() at time zone 'Asia/Shanghai')::date
            and o.sent_quantity > o.received_good_quantity + o.received_defect_quantity) as overdue
        from outsource_order o left join supplier s on s.id = o.supplier_id
        where o.tenant_id = (select id from t) group by 1, 2, 4`,
    );
    const count = (p: (r: (typeof orders)[number]) => boolean) =>
      orders.filter(p).reduce((s, r) => s + r.n, 0);
    // a year of them completed at the paint maker; the newest released still drafts
    expect(count((r) => r.status === 4)).toBeGreaterThan(20);
    expect(count((r) => r.status === 0)).toBeGreaterThan(0);
    for (const r of orders.filter((o) => o.status !== 0 && o.status !== 9))
      expect(r.supplier).toBe('某变压器油有限公司');
    // and some out at the supplier today, past the promised return (逾期)
    expect(count((r) => r.status === 2 || r.status === 3)).toBeGreaterThan(0);
    expect(count((r) => r.overdue)).toBeGreaterThan(0);
  });

  it('reports every outsourced step through a receipt of an order, defects by reason', async () => {
    for (const memberCode of ['transformer', 'machinery']) {
      const [r] = await of<{ reports: number; unreceived: number; unexplained: number }>(
        memberCode,
        sql`select count(*)::int as reports,
            count(*) filter (where not exists (select 1 from outsource_receipt x where x.report_id = w.id))::int as unreceived,
            count(*) filter (where w.defect_quantity > 0 and not exists (
              select 1 from report_work_defect d where d.report_id = w.id))::int as unexplained
          from report_work w join produce_task k on k.id = w.task_id
          where w.tenant_id = (select id from t) and k.process_type = 1 and w.reversal_of is null`,
      );
      expect(r.unreceived, memberCode).toBe(0);
      expect(r.unexplained, memberCode).toBe(0);
    }
  });

  it('moves the tank paint into the paint maker’s 委外仓 on sending, and backflushes the receipts from there', async () => {
    const [w] = await of<{ name: string; transfers: number; feeds: number; negative: number }>(
      'transformer',
      sql`select w.name,
          (select count(*)::int from stock_doc d where d.target_warehouse_id = w.id and d.made_for = 8 and d.status = 2) as transfers,
          (select count(*)::int from stock_doc d where d.warehouse_id = w.id and d.kind = 1 and d.book_as = 3 and d.status = 2) as feeds,
          (select count(*)::int from stock_balance b where b.warehouse_id = w.id and b.on_hand < 0) as negative
        from warehouse w join supplier s on s.id = w.supplier_id
        where w.tenant_id = (select id from t) and w.kind = 2 and s.name = '某变压器油有限公司'`,
    );
    expect(w.name).toBe('某变压器油有限公司委外仓');
    expect(w.transfers).toBeGreaterThan(10);
    expect(w.feeds).toBeGreaterThan(10);
    expect(w.negative).toBe(0);
  });
});
