import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../testing/harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await createHarness({ demo: true });
});
afterAll(() => h?.close());

describe('the transformer works’ demo moulds', () => {
  it('has its tank and fin moulds in stock, lent to the assembly line, out for repair and pending stock-in', async () => {
    const rows = await h.db.systemQuery<{
      name: string;
      status: number;
      line: string | null;
      docs: string;
    }>(sql`
      select m.name, m.status, a.name as line,
        (select string_agg(d.handle_type || ':' || d.audit_status, ',' order by d.id) from mould_handle d where d.mould_id = m.id) as docs
      from mould m left join area a on a.id = m.current_area_id
      where m.tenant_id = (select id from tenant where member_code = 'transformer') order by m.code`);
    expect(rows.map((r) => [r.name, r.status, r.line, r.docs])).toEqual([
      ['油箱上盖冲压模', 2, '总装一线', '0:1,1:1'],
      ['油箱波纹片成型模', 2, '总装一线', '0:1,1:1'],
      ['散热片成型模', 1, null, '0:1'],
      ['油箱法兰冲孔模', 1, null, '0:1,3:0'],
      ['散热片成型模（备模）', 0, null, '0:-1'],
    ]);
  });
});
