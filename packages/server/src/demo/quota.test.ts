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

describe('the transformer works’ production quotas', () => {
  it('has one effective quota per finished product with a flow, and the replaced one obsolete', async () => {
    const rows = await transformer<{ code: string; status: number; lines: number; tolerance: string }>(sql`
      select q.code, q.status, q.line_count as lines,
        (select max(l.tolerance_pct)::text from quota_line l where l.quota_id = q.id) as tolerance
      from quota q where q.tenant_id = (select id from t) order by q.id`);
    expect(rows.filter((r) => r.status === 2)).toHaveLength(1);
    const effective = rows.filter((r) => r.status === 1);
    expect(effective.length).toBeGreaterThanOrEqual(8);
    for (const r of effective) {
      expect(r.code).toMatch(/^DE\d{11}$/);
      expect(r.lines, r.code).toBeGreaterThan(0);
      expect(Number(r.tolerance)).toBe(3);
    }
  });

  it('kept every pick of the year within its quota (none went past it)', async () => {
    const [{ overruns, picked }] = await transformer<{ overruns: number; picked: number }>(sql`
      select (select count(*)::int from quota_overrun where tenant_id = (select id from t)) as overruns,
        (select count(*)::int from material_prep p join quota q on q.materials_id = p.materials_id and q.status = 1
          where p.tenant_id = (select id from t) and p.status = 3) as picked`);
    expect(overruns).toBe(0);
    expect(picked).toBeGreaterThan(20);
  });

  it('has this week’s over-quota applications: yesterday’s passed, this morning’s waiting, on open work orders', async () => {
    const rows = await transformer<{
      status: number;
      wo: number;
      applicant: string;
      approver: string | null;
    }>(sql`
      select a.audit_status as status, w.status as wo, u.user_name as applicant, v.user_name as approver
      from quota_application a join produce_work_order w on w.id = a.work_order_id
        join users u on u.id = a.applicant_id left join users v on v.id = a.approved_by
      where a.tenant_id = (select id from t) order by a.id`);
    expect(rows.map((r) => [r.status, r.wo, r.applicant, r.approver])).toEqual([
      [1, 1, 'cangguan01', 'admin'],
      [0, 1, 'cangguan01', null],
    ]);
  });
});
