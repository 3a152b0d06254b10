import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchVal } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { openWorkOrder, type ProductionFixture, productionFixture, reportWork } from '../plans/testing.ts';

const Q = 'quality/private/';
const REPAIRS = `${Q}repairRecord/`;
const WASTE = `${Q}reportWasteRecord/`;
const NC = `${Q}nonconforming/`;
const WITHDRAW = 'production/kiki/private/reportWork/withdraw';

interface Repair {
  id: number;
  code: string;
  source: number;
  sourceCode: string | null;
  materialsName: string | null;
  materialsCode: string | null;
  materialsId: number | null;
  workOrderCode: string | null;
  workOrderId: number | null;
  procedureName: string | null;
  quantity: number;
  reworkWorkOrderCode: string | null;
  reworkWorkOrderId: number | null;
  reworkStatus: number | null;
  handledByName: string | null;
  handledAt: string;
  remark: string | null;
}
interface Waste {
  id: number;
  reportId: number;
  reportCode: string;
  reportedAt: string;
  workOrderCode: string;
  materialsName: string | null;
  materialsCode: string | null;
  procedureName: string;
  stationName: string | null;
  userNames: string | null;
  scrapReasonName: string | null;
  scrapReasonCategory: string | null;
  quantity: number;
  ncCode: string | null;
  ncId: number | null;
  handlingStatus: number | null;
}
interface Nc {
  id: number;
  code: string;
  version: number;
  quantity: number;
  handlingStatus: number;
  defectSummary: string | null;
}
type Filter = { fieldName: string; operator: string; fieldValue: unknown };

let h: Harness;
let f: ProductionFixture;
let reasons: { deformed: number; insulation: number };
let wo: { id: number; code: string; taskIds: number[] };
let other: { id: number; code: string; taskIds: number[] };
/** A: 5 good, 3 defects by two reasons, 1 repaired; C: 1 defect with no reason; E: at 总装. */
let reports: {
  a: { id: number; code: string };
  c: { id: number; code: string };
  e: { id: number; code: string };
};

const repairs = async (filters: Filter[] = []) =>
  (await f.a.page<Repair>(`${REPAIRS}getRepairRecordListPage`, filters)).content;
const waste = async (filters: Filter[] = []) =>
  (await f.a.page<Waste>(`${WASTE}getReportWasteRecordListPage`, filters)).content;
const ncOf = async (fieldName: string, fieldValue: unknown) =>
  (await f.a.page<Nc>(`${NC}getNonconformingListPage`, [{ fieldName, operator: 'eq', fieldValue }])).content;
const report = (body: Record<string, unknown>) => f.a.ok<{ id: number; code: string }>(reportWork(f, body));
/** A day range around today, and one wholly in the future. */
const today = new Date();
const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const around = [`${day(-1)} 00:00:00`, `${day(1)} 23:59:59`];
const later = [`${day(30)} 00:00:00`, `${day(31)} 23:59:59`];

beforeAll(async () => {
  h = await createHarness();
  f = await productionFixture(h, 'qr');
  const S = 'basicData/production/private/scrapReason/';
  const reason = async (name: string, category: string) =>
    (await f.a.ok<{ id: number }>(f.a.post(`${S}addScrapReason`, { name, category }))).id;
  reasons = {
    deformed: await reason('绕组变形', '工艺缺陷'),
    insulation: await reason('绝缘破损', '材料缺陷'),
  };
  wo = await openWorkOrder(f, 20);
  other = await openWorkOrder(f, 5);
  const winding = { taskId: wo.taskIds[0], stationId: f.ids.windingStation };
  const a = await report({
    ...winding,
    goodQuantity: 5,
    defectQuantity: 3,
    repairQuantity: 1,
    defects: [
      { scrapReasonId: reasons.deformed, quantity: 2 },
      { scrapReasonId: reasons.insulation, quantity: 1 },
    ],
  });
  const c = await report({ ...winding, goodQuantity: 1, defectQuantity: 1 });
  // reported and withdrawn: neither it nor its reversal is waste
  const d = await report({
    ...winding,
    goodQuantity: 0,
    defectQuantity: 2,
    defects: [{ scrapReasonId: reasons.deformed, quantity: 2 }],
  });
  await f.a.ok(f.a.post(WITHDRAW, { id: d.id, reason: '报错数量' }));
  const e = await report({
    taskId: wo.taskIds[1],
    stationId: f.ids.assemblyStation,
    goodQuantity: 1,
    defectQuantity: 1,
    defects: [{ scrapReasonId: reasons.insulation, quantity: 1 }],
  });
  reports = { a, c, e };
});
afterAll(() => h.close());

describe('报工报废记录 (reportWasteRecord)', () => {
  it('lists one row per reason line of the standing reports, newest first, with the record each opened', async () => {
    const rows = await waste();
    expect(rows.map((r) => [r.reportCode, r.scrapReasonName, r.quantity])).toEqual([
      [reports.e.code, '绝缘破损', 1],
      [reports.c.code, null, 1],
      [reports.a.code, '绕组变形', 2],
      [reports.a.code, '绝缘破损', 1],
    ]);
    const [e, c, a1, a2] = rows;
    expect(e).toMatchObject({
      reportId: reports.e.id,
      workOrderCode: wo.code,
      materialsName: 'S13-M-400/10 油浸式变压器',
      materialsCode: 'S13-M-400',
      procedureName: '总装',
      stationName: '总装工位1',
      userNames: '管理员',
      scrapReasonCategory: '材料缺陷',
      handlingStatus: 0,
    });
    expect(e.reportedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // a line's id: the report's × 100 + its place among the report's reasons
    expect([a1.id, a2.id, c.id]).toEqual([
      reports.a.id * 100 + 1,
      reports.a.id * 100 + 2,
      reports.c.id * 100,
    ]);
    expect(a1).toMatchObject({
      procedureName: '绕线',
      stationName: '绕线工位1',
      scrapReasonCategory: '工艺缺陷',
    });

    // A opened two records: its defects (3, pending) and its repair (born handled); the lines name the first
    const records = await ncOf('workOrderId', wo.id);
    const defects = records.find((n) => n.defectSummary !== '报工返修' && n.quantity === 3);
    const repaired = records.find((n) => n.defectSummary === '报工返修');
    expect(defects?.handlingStatus).toBe(0);
    expect(repaired?.handlingStatus).toBe(2);
    expect(a1).toMatchObject({ ncCode: defects?.code, ncId: defects?.id, handlingStatus: 0 });
    expect(a2.ncCode).toBe(defects?.code);
    expect(c.ncCode).not.toBe(defects?.code);
    expect(c.ncCode).toMatch(/^BHG/);

    const detail = await f.a.ok<Waste>(f.a.get(`${WASTE}getReportWasteRecordDetail`, { id: a2.id }));
    expect(detail).toMatchObject({ reportCode: reports.a.code, scrapReasonName: '绝缘破损', quantity: 1 });
    const missing = await f.a.get(`${WASTE}getReportWasteRecordDetail`, { id: reports.a.id * 100 + 3 });
    expect(missing.body.errorCode).not.toBe(0);
  });

  it('leaves out a reversed report and its reversal', async () => {
    const all = await f.a.page<{ code: string; reversalOf: number | null; defectQuantity: number }>(
      'production/kiki/private/reportWork/getReportWorkListPage',
      [{ fieldName: 'workOrderCode', operator: 'like', fieldValue: wo.code }],
    );
    const reversal = all.content.find((r) => r.reversalOf !== null);
    expect(reversal?.defectQuantity).toBe(-2);
    const listed = new Set((await waste()).map((r) => r.reportCode));
    expect(listed.has(reversal?.code ?? '')).toBe(false);
    expect(listed.size).toBe(3);
    const original = all.content.find((r) => r.code !== reversal?.code && r.defectQuantity === 2);
    expect(original).toBeDefined();
    expect(listed.has(original?.code ?? '')).toBe(false);
    const byReason = await waste([
      { fieldName: 'scrapReasonName', operator: 'like', fieldValue: '绕组变形' },
    ]);
    expect(byReason.map((r) => [r.reportCode, r.quantity])).toEqual([[reports.a.code, 2]]);
  });

  it('filters by report time, reason, procedure, work order and material', async () => {
    const codes = async (filters: Filter[]) => (await waste(filters)).map((r) => r.id);
    const all = await codes([]);
    expect(await codes([{ fieldName: 'reportedAt', operator: 'between', fieldValue: around }])).toEqual(all);
    expect(await codes([{ fieldName: 'reportedAt', operator: 'between', fieldValue: later }])).toEqual([]);
    expect(
      (await waste([{ fieldName: 'scrapReasonCategory', operator: 'like', fieldValue: '材料' }])).map(
        (r) => r.reportCode,
      ),
    ).toEqual([reports.e.code, reports.a.code]);
    expect(
      (await waste([{ fieldName: 'procedureName', operator: 'like', fieldValue: '总装' }])).map(
        (r) => r.reportCode,
      ),
    ).toEqual([reports.e.code]);
    expect(await codes([{ fieldName: 'workOrderCode', operator: 'like', fieldValue: wo.code }])).toEqual(all);
    expect(await codes([{ fieldName: 'workOrderCode', operator: 'like', fieldValue: other.code }])).toEqual(
      [],
    );
    expect(await codes([{ fieldName: 'materialsCode', operator: 'like', fieldValue: 'S13' }])).toEqual(all);
    expect(await codes([{ fieldName: 'materialsName', operator: 'like', fieldValue: '干式' }])).toEqual([]);
    expect(
      (await waste([{ fieldName: 'reportCode', operator: 'like', fieldValue: reports.c.code }])).map(
        (r) => r.scrapReasonName,
      ),
    ).toEqual([null]);
  });

  it('exports the filtered rows', async () => {
    const rows = await f.a.exported(`${WASTE}export`, {
      searchVal: await searchVal([{ fieldName: 'scrapReasonName', operator: 'like', fieldValue: '绝缘' }]),
      columns: 'reportCode,scrapReasonName,quantity',
    });
    expect(rows).toEqual([
      ['报工单号', '报废原因', '报废数量'],
      [reports.e.code, '绝缘破损', 1],
      [reports.a.code, '绝缘破损', 1],
    ]);
  });
});

describe('返修记录 (repairRecord)', () => {
  it('lists each repair disposition with its record, origin and rework work order, newest first', async () => {
    // A's repair quantity, born handled by the rework work order the report made
    const [born] = await repairs();
    expect(born).toMatchObject({
      source: 0,
      sourceCode: reports.a.code,
      materialsName: 'S13-M-400/10 油浸式变压器',
      materialsCode: 'S13-M-400',
      materialsId: f.ids.product,
      workOrderCode: wo.code,
      workOrderId: wo.id,
      procedureName: '绕线',
      quantity: 1,
      reworkStatus: 0,
      handledByName: '管理员',
    });
    expect(born.reworkWorkOrderCode).toMatch(/^WO/);

    // a repair of one of A's defects, taken on its record
    const [defects] = (await ncOf('workOrderId', wo.id)).filter((n) => n.quantity === 3);
    const { version } = await f.a.ok<Nc>(f.a.get(`${NC}getNonconformingDetail`, { id: defects.id }));
    await f.a.ok(f.a.post(`${NC}repair`, { id: defects.id, version, quantity: 2, remark: '重新绕制' }));
    // a scrap is not a repair
    const now = await f.a.ok<Nc>(f.a.get(`${NC}getNonconformingDetail`, { id: defects.id }));
    await f.a.ok(f.a.post(`${NC}scrap`, { id: defects.id, version: now.version, quantity: 1 }));

    const rows = await repairs();
    expect(rows.map((r) => [r.code, r.quantity, r.remark])).toEqual([
      [defects.code, 2, '重新绕制'],
      [born.code, 1, null],
    ]);
    expect(rows[0].reworkWorkOrderCode).toMatch(/^WO/);
    expect(rows[0].reworkWorkOrderCode).not.toBe(born.reworkWorkOrderCode);
    expect(rows[0].handledAt >= born.handledAt).toBe(true);
    const detail = await f.a.ok<Repair>(f.a.get(`${REPAIRS}getRepairRecordDetail`, { id: rows[0].id }));
    expect(detail).toMatchObject({ code: defects.code, quantity: 2, procedureName: '绕线' });

    // repaired 2 and scrapped 1 of 3: the waste lines of A show their record handled
    expect(
      (await waste()).filter((r) => r.reportCode === reports.a.code).map((r) => r.handlingStatus),
    ).toEqual([2, 2]);
  });

  it('filters by date, material, work order and rework status; a withdrawn report takes its repair along', async () => {
    const count = async (filters: Filter[]) => (await repairs(filters)).length;
    expect(await count([{ fieldName: 'handledAt', operator: 'between', fieldValue: around }])).toBe(2);
    expect(await count([{ fieldName: 'handledAt', operator: 'between', fieldValue: later }])).toBe(0);
    expect(await count([{ fieldName: 'materialsCode', operator: 'like', fieldValue: 'S13' }])).toBe(2);
    expect(await count([{ fieldName: 'materialsName', operator: 'like', fieldValue: '干式' }])).toBe(0);
    expect(await count([{ fieldName: 'workOrderCode', operator: 'like', fieldValue: wo.code }])).toBe(2);
    expect(await count([{ fieldName: 'workOrderCode', operator: 'like', fieldValue: other.code }])).toBe(0);
    expect(await count([{ fieldName: 'reworkStatus', operator: 'in', fieldValue: [0] }])).toBe(2);
    expect(await count([{ fieldName: 'reworkStatus', operator: 'eq', fieldValue: 9 }])).toBe(0);
    expect(await count([{ fieldName: 'source', operator: 'eq', fieldValue: 1 }])).toBe(0);

    // a repair reported on the other work order, listed, then withdrawn: its rework is cancelled
    // and its record goes with the report
    const f2 = await report({
      taskId: other.taskIds[0],
      stationId: f.ids.windingStation2,
      goodQuantity: 1,
      repairQuantity: 1,
    });
    const [mine] = await repairs([{ fieldName: 'workOrderCode', operator: 'like', fieldValue: other.code }]);
    expect(mine).toMatchObject({ sourceCode: f2.code, quantity: 1, reworkStatus: 0 });
    await f.a.ok(f.a.post(WITHDRAW, { id: f2.id }));
    expect(await count([{ fieldName: 'workOrderCode', operator: 'like', fieldValue: other.code }])).toBe(0);
    expect(await count([])).toBe(2);
  });
});
