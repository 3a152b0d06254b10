import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../testing/harness.ts';

let h: Harness;
let admin: string;
const RULE = 'systemConfig/private/codeRule/';
const AREA = 'basicData/private/area/';
const ST = 'basicData/private/station/';
type Env = { errorCode: number; result: unknown; errorMsg: string };

const ok = async <T>(p: Promise<{ body: Env }>): Promise<T> => {
  const { body } = await p;
  expect(body.errorCode, JSON.stringify(body)).toBe(0);
  return body.result as T;
};
const post = (url: string, body: unknown) => h.call('POST', url, { token: admin, body });
const today = () => {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' })
    .format(new Date())
    .split('-');
  return `${y}${m}${d}`;
};

let lineId: number;

beforeAll(async () => {
  h = await createHarness();
  await h.addTenant('num');
  await h.addTenant('other');
  admin = await h.login('num', 'admin');
  lineId = (await ok<{ id: number }>(post(`${AREA}addArea`, { name: '一线' }))).id;
});
afterAll(() => h.close());

describe('numbering rules', () => {
  it('numbers a record left without a code by the default rule, and suggests without taking', async () => {
    expect(await ok(h.call('GET', `${AREA}getMaxAreaCode`, { token: admin }))).toBe('CX002');
    expect(await ok(h.call('GET', `${AREA}getMaxAreaCode`, { token: admin }))).toBe('CX002');
    const typed = await ok<{ code: string }>(post(`${AREA}addArea`, { code: 'CX002', name: '二线' }));
    expect(typed.code).toBe('CX002');
    // a typed code that follows the rule counts as taken
    const next = await ok<{ code: string }>(post(`${AREA}addArea`, { name: '三线' }));
    expect(next.code).toBe('CX003');
    // a typed code ahead of the sequence moves it on; one already used is skipped
    await ok(post(`${AREA}addArea`, { code: 'CX010', name: '十线' }));
    expect((await ok<{ code: string }>(post(`${AREA}addArea`, { name: '十一线' }))).code).toBe('CX011');
  });

  it('follows the tenant rule with a date part and a daily reset', async () => {
    const bad = await post(`${RULE}addCodeRule`, {
      docType: 'station',
      prefix: 'ST',
      seqLength: 4,
      resetPeriod: 1,
    });
    expect(bad.body).toMatchObject({ errorCode: 1, errorMsg: '每日重置的流水号须包含年月日' });
    await ok(
      post(`${RULE}addCodeRule`, {
        docType: 'station',
        prefix: 'ST-',
        dateFormat: 'YYYYMMDD',
        seqLength: 4,
        resetPeriod: 1,
      }),
    );
    const dup = await post(`${RULE}addCodeRule`, {
      docType: 'station',
      prefix: 'X',
      seqLength: 3,
      resetPeriod: 0,
    });
    expect(dup.body.errorCode).toBe(7);
    const s = await ok<{ code: string }>(post(`${ST}addStation`, { name: '工位甲', areaId: lineId }));
    expect(s.code).toBe(`ST-${today()}0001`);
    expect(await ok(h.call('GET', `${ST}getMaxStationCode`, { token: admin }))).toBe(`ST-${today()}0002`);
    const list = await ok<{ content: { docType: string; prefix: string }[] }>(
      h.call('GET', `${RULE}getCodeRuleListPage`, { token: admin, query: { currentPage: 1, pageSize: 20 } }),
    );
    expect(list.content).toEqual([expect.objectContaining({ docType: 'station', prefix: 'ST-' })]);
  });

  it('gives 200 records created in parallel 200 different codes', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post(`${ST}addStation`, { name: `并发工位${i}`, areaId: lineId }),
      ),
    );
    const codes = results.map((r) => {
      expect(r.body.errorCode, JSON.stringify(r.body)).toBe(0);
      return (r.body.result as { code: string }).code;
    });
    expect(new Set(codes).size).toBe(200);
    const numbers = codes.map((c) => Number(c.slice(-4))).sort((a, b) => a - b);
    expect(numbers[0]).toBe(2);
    expect(numbers[199]).toBe(201);
  });

  it("keeps one tenant's sequence apart from another's", async () => {
    const other = await h.login('other', 'admin');
    const res = await h.call('POST', `${AREA}addArea`, { token: other, body: { name: '别家一线' } });
    expect((res.body.result as { code: string }).code).toBe('CX001');
  });
});
