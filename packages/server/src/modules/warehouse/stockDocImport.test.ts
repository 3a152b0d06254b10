import { ErrorCode } from '@factory/shared/api/errors';
import type { ImportCheckResult, ImportWriteResult } from '@factory/shared/api/import';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorityFor } from '../../demo/roles.ts';
import { callsAs, workbook } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { DOC, detail, type WarehouseFixture, warehouseFixture } from './testing.ts';

const IMPORT = `${DOC}importStockIn`;
const HEADER = ['入库类型', '仓库', '库位', '物料编码', '批次号', '数量', '备注'];

let h: Harness;
let f: WarehouseFixture;

beforeAll(async () => {
  h = await createHarness();
  f = await warehouseFixture(h, 'whimp', [{ userName: 'clerk' }], { batchStockIn: true });
});
afterAll(() => h.close());

const upload = async (mode: 'check' | 'write', rows: unknown[][]) =>
  f.a.upload(IMPORT, mode, await workbook(HEADER, rows));
const docCount = async () => (await f.a.page(`${DOC}getStockDocListPage`)).total;

type Line = {
  materialsCode: string;
  locationName: string | null;
  batchCode: string | null;
  quantity: number;
};
type Doc = {
  code: string;
  kind: number;
  status: number;
  stockTypeName: string;
  warehouseName: string;
  version: number;
  lines: Line[];
};

describe('batch stock-in 批量入库', () => {
  it('makes one submitted stock-in per stock type and warehouse, in one go', async () => {
    const rows = [
      ['采购入库', '原材料仓', 'A-01-01', 'GG-30Q120', 'IMP-B1', 100.5, '首批'],
      ['采购入库', 'CK01', '', 'CU-1.8', '', '20'],
      ['其他入库', '原材料仓', 'B-01-01', 'GG-30Q120', '', 3.125],
      ['采购入库', '成品仓', 'F-01-01', 'CU-1.8', 'IMP-B2', 7],
      ['采购入库', '原材料仓', 'A-01-02', 'GG-30Q120', 'IMP-B1', 0.000001],
    ];
    const before = await docCount();
    const check = await upload('check', rows);
    expect(check.errorCode, JSON.stringify(check)).toBe(0);
    expect(check.result).toEqual({ total: 5, valid: 5, errors: [] } satisfies ImportCheckResult);
    expect(await docCount()).toBe(before);

    const written = await upload('write', rows);
    expect(written.errorCode, JSON.stringify(written)).toBe(0);
    const result = written.result as ImportWriteResult;
    expect(result).toMatchObject({ total: 5, written: 5 });
    expect(result.documents?.map((d) => d.lines)).toEqual([3, 1, 1]);
    expect(await docCount()).toBe(before + 3);

    const docs = (await Promise.all(
      (result.documents ?? []).map((d) => detail(f, d.id)),
    )) as unknown as Doc[];
    expect(docs.map((d) => d.code)).toEqual(result.documents?.map((d) => d.code));
    // the admin may submit: the documents wait for approval, as the form's 保存并提交 leaves them
    expect(docs.map((d) => [d.kind, d.status, d.stockTypeName, d.warehouseName])).toEqual([
      [0, 1, '采购入库', '原材料仓'],
      [0, 1, '其他入库', '原材料仓'],
      [0, 1, '采购入库', '成品仓'],
    ]);
    expect(docs[0].lines).toMatchObject([
      { materialsCode: 'GG-30Q120', locationName: 'A-01-01', batchCode: 'IMP-B1', quantity: 100.5 },
      { materialsCode: 'CU-1.8', locationName: null, batchCode: null, quantity: 20 },
      { materialsCode: 'GG-30Q120', locationName: 'A-01-02', batchCode: 'IMP-B1', quantity: 0.000001 },
    ]);

    // approving posts them as any stock-in: the batch the file named now exists
    const approved = await f.a.ok<{ status: number }>(
      f.a.post(`${DOC}approve`, { id: result.documents?.[0].id, version: docs[0].version }),
    );
    expect(approved.status).toBe(2);
  });

  it('names every fault by row and column, and writes nothing while there is one', async () => {
    const rows = [
      ['其他出库', '原材料仓', '', 'GG-30Q120', '', 1],
      ['采购入库', '成品库', '', 'GG-30Q120', '', 1],
      ['采购入库', '原材料仓', 'F-01-01', 'GG-30Q120', '', 1],
      ['采购入库', '原材料仓', '', 'GG-30Q120', '', 0],
      ['采购入库', '原材料仓', '', 'GG-30Q120', '', 1.1234567],
      ['采购入库', '原材料仓', '', 'NOPE', '', 1],
      ['采购入库', '原材料仓', '', 'CU-1.8', 'IMP-B1', 1],
      ['采购入库', '原材料仓', '', 'GG-30Q120', 'NEW-1', 1],
      ['采购入库', '原材料仓', '', 'CU-1.8', 'NEW-1', 1],
      ['采购入库', '', 'Z-99', 'CU-1.8', '', 'x'],
      ['采购入库', '原材料仓', 'A-01-01', 'CU-1.8', '', 5],
    ];
    const before = await docCount();
    const check = await upload('check', rows);
    expect(check.errorCode, JSON.stringify(check)).toBe(0);
    const result = check.result as ImportCheckResult;
    expect(result).toMatchObject({ total: 11, valid: 2 });
    expect(result.errors.map((e) => `第${e.row}行“${e.column}”：${e.reason}`)).toEqual([
      '第2行“入库类型”：未找到名称为“其他出库”的入库类型',
      '第3行“仓库”：没有名称或编码为“成品库”的仓库',
      '第4行“库位”：库位“F-01-01”不在仓库“原材料仓”中',
      '第5行“数量”：必须大于0',
      '第6行“数量”：最多6位小数',
      '第7行“物料编码”：未找到编码为“NOPE”的物料',
      '第8行“批次号”：批次号“IMP-B1”已用于物料“硅钢片 30Q120”',
      '第10行“批次号”：批次号“NEW-1”在第9行已用于另一物料',
      '第11行“仓库”：请输入仓库',
      '第11行“数量”：应为数字',
    ]);

    const refused = await upload('write', rows);
    expect(refused.errorCode).toBe(ErrorCode.validation);
    expect(refused.errorMsg).toBe('数据校验未通过，共10处错误，请修正后重新导入');
    expect(await docCount()).toBe(before);
  });

  it('leaves drafts to a user who may not submit, as the form does', async () => {
    // the clerk adds and batch-imports stock documents, but may not submit them
    const authority = authorityFor({
      modules: ['warehouseRecord'],
      actions: ['Add', 'BatchStockIn', 'Detail'],
    });
    await h.db.withTenant(f.tenant.id, (tx) =>
      tx.execute(sql`update roles set authority = ${authority} where name = 'clerk的角色'`),
    );
    const clerk = callsAs(h, await h.login('whimp', 'clerk'));
    const written = await clerk.upload(
      IMPORT,
      'write',
      await workbook(HEADER, [['其他入库', 'CK02', '', 'CU-1.8', '', 2]]),
    );
    expect(written.errorCode, JSON.stringify(written)).toBe(0);
    const [made] = (written.result as ImportWriteResult).documents ?? [];
    expect(await detail(f, made.id)).toMatchObject({ status: 0, warehouseName: '成品仓' });
  });

  it('is refused to a tenant without the flag', async () => {
    await h.addTenant('whnoflag');
    const admin = callsAs(h, await h.login('whnoflag', 'admin'));
    const refused = await admin.upload(
      IMPORT,
      'check',
      await workbook(HEADER, [['采购入库', '原材料仓', '', 'GG-30Q120', '', 1]]),
    );
    expect(refused).toMatchObject({ errorCode: ErrorCode.forbidden, errorMsg: '当前企业未开通“批量入库”' });
    const template = await admin.get(`${DOC}importStockInTemplate`);
    expect(template.body).toMatchObject({ errorCode: ErrorCode.forbidden });
  });
});
