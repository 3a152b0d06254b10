import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importMessages } from '@factory/shared/api/import';
import { defineEntity } from '@factory/shared/entities/define';
import { priority } from '@factory/shared/enums';
import fastifyMultipart from '@fastify/multipart';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles, users } from '../../modules/setting/index.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { multipart } from '../../testing/multipart.ts';
import type { Tx } from '../db.ts';
import { AppError } from '../errors.ts';
import { XLSX_CONTENT_TYPE } from './cells.ts';
import { exportColumns, pageRows, streamXlsx } from './export.ts';
import {
  assertWorkbook,
  checkImport,
  errorWorkbook,
  type ImportHooks,
  insertRows,
  parseImport,
  parseOnly,
  receiveImportFile,
  runImport,
  tableLookups,
  type ValidRow,
} from './import.ts';
import { templateWorkbook } from './template.ts';

const sample = defineEntity({
  name: 'sample',
  label: '样品',
  route: 'sampleList',
  defaultOrder: '+code',
  fields: {
    id: { label: '编号', type: 'integer', readOnly: true, list: false },
    code: {
      label: '编码',
      type: 'string',
      required: true,
      unique: true,
      import: true,
      pattern: { source: '^[A-Za-z0-9-]+$', message: '编码只能包含字母、数字和-' },
    },
    name: { label: '名称', type: 'string', required: true, maxLength: 20, import: true },
    qty: { label: '数量', type: 'integer', min: 0, import: true },
    price: { label: '单价', type: 'number', import: true },
    kind: { label: '优先级', type: 'enum', enum: priority, import: true },
    category: { label: '类别', type: 'string', ref: { entity: 'category', by: 'name' }, import: true },
    active: { label: '启用', type: 'boolean', import: true },
    madeOn: { label: '生产日期', type: 'date', import: true, importHeader: '生产日期(年-月-日)' },
    note: { label: '备注', type: 'text', list: false },
    secret: { label: '密钥', type: 'string', export: false },
  },
});

const HEADERS = ['编码', '名称', '数量', '单价', '优先级', '类别', '启用', '生产日期(年-月-日)'];
const CATEGORIES = new Map<string, unknown>([
  ['五金', 11],
  ['电子', 12],
]);

/** Fake look-ups that record their calls, so the tests can prove they are batched. */
function hooks(existingCodes: string[] = []) {
  const calls: { kind: string; field: string; values: unknown[] }[] = [];
  const h: ImportHooks = {
    async lookupRefs(field, _by, values) {
      calls.push({ kind: 'ref', field, values });
      return new Map(values.flatMap((v) => (CATEGORIES.has(v) ? [[v, CATEGORIES.get(v)]] : [])));
    },
    async existing(field, values) {
      calls.push({ kind: 'unique', field, values });
      return new Set(values.filter((v) => existingCodes.includes(String(v))));
    },
  };
  return { hooks: h, calls };
}

/** An xlsx whose first sheet holds these rows (row 1 first). */
async function workbook(rows: unknown[][], more?: (book: ExcelJS.Workbook) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('数据');
  for (const row of rows) sheet.addRow(row);
  more?.(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const goodRow = (i: number) => [
  `C${i}`,
  `样品${i}`,
  i,
  i * 1.5,
  '紧急',
  i % 2 ? '五金' : '电子',
  '是',
  new Date(Date.UTC(2024, 0, 1 + (i % 28))),
];

async function readBack(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as unknown as ArrayBuffer);
  return book;
}

const texts = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);

async function refusal(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError).message;
}

describe('parse and check', () => {
  it('accepts a valid file: every row converted, references resolved in one batched look-up', async () => {
    const file = await workbook([HEADERS, ...Array.from({ length: 30 }, (_, i) => goodRow(i + 1))]);
    const parsed = await parseImport(file, sample);
    expect(parsed.headerErrors).toEqual([]);
    expect(parsed.rows).toHaveLength(30);
    const { hooks: h, calls } = hooks();
    const { valid, errors } = await checkImport(parsed.rows, sample, h);
    expect(errors).toEqual([]);
    expect(valid).toHaveLength(30);
    expect(valid[0]).toEqual({
      rowNumber: 2,
      data: {
        code: 'C1',
        name: '样品1',
        qty: 1,
        price: 1.5,
        kind: 1,
        category: 11,
        active: true,
        madeOn: '2024-01-02',
      },
    });
    expect(calls.map((c) => [c.kind, c.field, c.values.length])).toEqual([
      ['ref', 'category', 2],
      ['unique', 'code', 30],
    ]);
  });

  it('reports every bad cell with row number, column header, value and reason', async () => {
    const file = await workbook([
      HEADERS,
      goodRow(1),
      [
        null,
        '名称超过二十个字符名称超过二十个字符名称超过',
        'abc',
        'x',
        '很急',
        '木材',
        '也许',
        '2024-02-30',
      ],
      ['C3', '好', -1, '2.5', 0, '五金', 'false', '2024/3/9'],
      ['C 4', '好', 1.5, 1, '特急', '电子', 0, 45000],
      ['C1', '重复', 1, 1, '普通', '五金', '否', null],
      ['DB1', '库中已有', 1, 1, '普通', '五金', '否', null],
    ]);
    const parsed = await parseImport(file, sample);
    const { valid, errors } = await checkImport(parsed.rows, sample, hooks(['DB1']).hooks);
    expect(errors).toEqual([
      { row: 3, column: '编码', reason: '请输入编码' },
      {
        row: 3,
        column: '名称',
        value: '名称超过二十个字符名称超过二十个字符名称超过',
        reason: '不能超过20个字符',
      },
      { row: 3, column: '数量', value: 'abc', reason: '应为整数' },
      { row: 3, column: '单价', value: 'x', reason: '应为数字' },
      { row: 3, column: '优先级', value: '很急', reason: '不是有效的选项，可选：普通、紧急、特急' },
      { row: 3, column: '类别', value: '木材', reason: '未找到名称为“木材”的类别' },
      { row: 3, column: '启用', value: '也许', reason: '应为“是”或“否”' },
      { row: 3, column: '生产日期(年-月-日)', value: '2024-02-30', reason: '应为日期' },
      { row: 4, column: '数量', value: '-1', reason: '不能小于0' },
      { row: 5, column: '编码', value: 'C 4', reason: '编码只能包含字母、数字和-' },
      { row: 5, column: '数量', value: '1.5', reason: '应为整数' },
      { row: 6, column: '编码', value: 'C1', reason: '与第2行重复' },
      { row: 7, column: '编码', value: 'DB1', reason: '已存在' },
    ]);
    expect(valid.map((v) => v.rowNumber)).toEqual([2]);
  });

  it('accepts enum values as well as labels, 是/否 spellings, date text and serials', async () => {
    const file = await workbook([
      HEADERS,
      ['A1', '甲', '7', '0.25', 2, '五金', 'TRUE', '2024年3月9日'],
      ['A2', '乙', 0, -3, '0', '电子', 1, 45000],
    ]);
    const { valid, errors } = await checkImport(
      (await parseImport(file, sample)).rows,
      sample,
      hooks().hooks,
    );
    expect(errors).toEqual([]);
    expect(valid.map((v) => v.data)).toEqual([
      {
        code: 'A1',
        name: '甲',
        qty: 7,
        price: 0.25,
        kind: 2,
        category: 11,
        active: true,
        madeOn: '2024-03-09',
      },
      {
        code: 'A2',
        name: '乙',
        qty: 0,
        price: -3,
        kind: 0,
        category: 12,
        active: true,
        madeOn: '2023-03-15',
      },
    ]);
  });

  it('reads the first sheet from startRow, skips empty rows and normalises rich text and formulas', async () => {
    const file = await workbook(
      [
        ['样品导入'],
        [],
        [' 编码 ', { richText: [{ text: '名称' }, { text: '*' }] }, '其他列', '单价'],
        ['B1', { richText: [{ text: '富' }, { text: '文本' }] }, 'x', { formula: '1+1', result: 2 }],
        [],
        ['B2', '  两边空格  ', 'y', null],
      ],
      (book) => book.addWorksheet('第二页').addRow(['不读']),
    );
    const parsed = await parseImport(file, sample, { startRow: 3 });
    expect(parsed.headerErrors).toEqual([]);
    expect(parsed.rows).toEqual([
      { rowNumber: 4, values: { code: 'B1', name: '富文本', price: 2 } },
      { rowNumber: 6, values: { code: 'B2', name: '两边空格' } },
    ]);
    // the same file read from row 1 has no header where the data is
    const wrong = await parseImport(file, sample);
    expect(wrong.headerErrors).toEqual([importMessages.missingColumns(['编码', '名称'])]);
  });

  it('refuses a header without a required column, and a column given twice', async () => {
    const parsed = await parseImport(
      await workbook([
        ['名称', '数量', '数量'],
        ['甲', 1, 2],
      ]),
      sample,
    );
    expect(parsed.headerErrors).toEqual(['缺少必填列：编码', '列“数量”重复']);
  });

  it('warns on an empty sheet and on a header without data', async () => {
    expect(await refusal(parseImport(await workbook([]), sample))).toBe('导入数据为空，请完善后重新导入');
    expect(await refusal(parseImport(await workbook([HEADERS, [], []]), sample))).toBe(importMessages.empty);
  });

  it(`accepts ${IMPORT_MAX_ROWS} rows and refuses ${IMPORT_MAX_ROWS + 1}`, async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => goodRow(i + 1));
    const over = await workbook([HEADERS, ...rows]);
    expect(await refusal(parseImport(over, sample))).toBe('单次导入不能超过10000行');
    const atLimit = await workbook([HEADERS, ...rows.slice(0, IMPORT_MAX_ROWS)]);
    expect(await parseOnly(atLimit)).toBe(IMPORT_MAX_ROWS);
    const parsed = await parseImport(atLimit, sample);
    // every Chinese text intact, including those that straddle the reader's chunk boundaries
    const garbled = parsed.rows.filter((row, i) => row.values.name !== `样品${i + 1}`);
    expect(garbled).toEqual([]);
    const { hooks: h, calls } = hooks();
    const { valid, errors } = await checkImport(parsed.rows, sample, h);
    expect([valid.length, errors.length]).toEqual([IMPORT_MAX_ROWS, 0]);
    expect(calls).toHaveLength(2);
  });

  it('refuses content that is not an xlsx workbook', async () => {
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]);
    expect(() => assertWorkbook('旧表.xls', ole)).toThrow(importMessages.legacyXls);
    const encrypted = Buffer.concat([ole, Buffer.from('EncryptedPackage', 'utf16le')]);
    expect(() => assertWorkbook('加密.xlsx', encrypted)).toThrow(importMessages.encrypted);
    expect(() => assertWorkbook('a.xlsx', Buffer.from('PK\x03\x04word/document.xml'))).toThrow(
      importMessages.format,
    );
    const xlsx = await workbook([HEADERS]);
    expect(() => assertWorkbook('a.csv', xlsx)).toThrow(importMessages.format);
    expect(() => assertWorkbook('a.XLS', xlsx)).not.toThrow();
    const corrupt = Buffer.from('PK\x03\x04 xl/workbook.xml but not a zip');
    expect(await refusal(parseImport(corrupt, sample))).toBe(importMessages.format);
  });

  it('lists the errors in a downloadable workbook that reads back', async () => {
    const errors = [
      { row: 3, column: '编码', reason: '请输入编码' },
      { row: 4, column: '名称', value: '=HYPERLINK("x")', reason: '不能超过20个字符' },
    ];
    const book = await readBack(await errorWorkbook(errors, sample));
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('样品导入错误');
    expect(texts(sheet.getRow(1))).toEqual(['行号', '列', '值', '原因']);
    expect(texts(sheet.getRow(2))).toEqual([3, '编码', undefined, '请输入编码']);
    expect(texts(sheet.getRow(3))).toEqual([4, '名称', `'=HYPERLINK("x")`, '不能超过20个字符']);
  });
});

/** The upload body: plain fields, then the files under the field name `file`. */
const importBody = (files: { name: string; content: Buffer }[], fields: Record<string, string> = {}) =>
  multipart([
    ...Object.entries(fields).map(([name, data]) => ({ name, data })),
    ...files.map((f) => ({ name: 'file', filename: f.name, data: f.content })),
  ]);

describe('upload and download over HTTP', () => {
  let app: FastifyInstance;
  const warnings: string[] = [];
  const pages: number[] = [];
  const exported = Array.from({ length: 5000 }, (_, i) => ({
    id: i + 1,
    code: `E${i + 1}`,
    name: ['=SUM(A1)', '+1', '-1', '@x', '\tcmd', '普通文本'][i % 6],
    qty: i,
    price: '12.500',
    kind: i % 3,
    category: '五金',
    active: i % 2 === 0,
    madeOn: '2024-03-09',
    checkedAt: new Date('2024-03-09T02:30:00Z'),
    secret: 'never',
  }));
  const withTime = defineEntity({
    ...sample,
    fields: { ...sample.fields, checkedAt: { label: '检验时间', type: 'datetime', list: false } },
  });

  beforeAll(async () => {
    app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => warnings.push(line) } } });
    await app.register(fastifyMultipart, { limits: { files: 1, fileSize: IMPORT_MAX_BYTES + 1 } });
    app.setErrorHandler((err, _req, reply) =>
      reply.status(err instanceof AppError ? 422 : 500).send({ errorMsg: (err as Error).message }),
    );
    app.post('/import', async (req) => {
      const file = await receiveImportFile(req);
      return { fileName: file.fileName, size: file.buffer.length, fields: file.fields };
    });
    // as the route wrapper does (route.ts): a sent reply is returned, anything else enveloped
    // failAt: the page offset whose query fails, as a database error would
    app.get<{ Querystring: { columns?: string; failAt?: string } }>('/export', async (req, reply) => {
      await streamXlsx(reply, {
        fileName: '样品_导出',
        sheetName: '样品',
        columns: exportColumns(withTime, req.query.columns),
        rows: pageRows(async (limit, offset) => {
          if (String(offset) === req.query.failAt) throw new AppError(1, '查询失败');
          pages.push(offset);
          return exported.slice(offset, offset + limit);
        }),
      });
      return reply.sent ? reply : { errorCode: 0 };
    });
  });
  afterAll(() => app.close());

  const upload = async (files: { name: string; content: Buffer }[], fields?: Record<string, string>) => {
    const res = await app.inject({ method: 'POST', url: '/import', ...importBody(files, fields) });
    return { status: res.statusCode, body: res.json() };
  };

  it('receives one workbook with the form fields', async () => {
    const content = await workbook([HEADERS, goodRow(1)]);
    const res = await upload([{ name: 'sample.xlsx', content }], { startRow: '3' });
    expect(res).toEqual({
      status: 200,
      body: { fileName: 'sample.xlsx', size: content.length, fields: { startRow: '3' } },
    });
  });

  it('refuses a file of 5 MB or more', async () => {
    const big = Buffer.concat([await workbook([HEADERS, goodRow(1)]), Buffer.alloc(IMPORT_MAX_BYTES)]);
    expect((await upload([{ name: 'big.xlsx', content: big }])).body.errorMsg).toBe('导入文件不能超过5MB');
    const exact = big.subarray(0, IMPORT_MAX_BYTES);
    expect((await upload([{ name: 'exact.xlsx', content: exact }])).body.errorMsg).toBe(
      importMessages.tooLarge,
    );
  });

  it('refuses a renamed text file, legacy .xls content, two files and no file', async () => {
    const text = Buffer.from('编码,名称\nC1,样品\n');
    expect(await upload([{ name: 'data.xlsx', content: text }])).toEqual({
      status: 422,
      body: { errorMsg: '格式错误，请上传xls或者xlsx格式' },
    });
    const ole = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
    expect((await upload([{ name: 'old.xls', content: ole }])).body.errorMsg).toBe(importMessages.legacyXls);
    const book = await workbook([HEADERS, goodRow(1)]);
    const two = [
      { name: 'a.xlsx', content: book },
      { name: 'b.xlsx', content: book },
    ];
    expect((await upload(two)).body.errorMsg).toBe('只能上传一个文件');
    expect((await upload([], { startRow: '1' })).body.errorMsg).toBe('请选择要导入的文件');
    const json = await app.inject({ method: 'POST', url: '/import', payload: { file: 'x' } });
    expect(json.json().errorMsg).toBe(importMessages.noFile);
  });

  it('streams an export with the visible columns, neutralised text, labels and real dates', async () => {
    const columns = 'name,code,madeOn,checkedAt,kind,active,qty,price,secret,bogus,category';
    const res = await app.inject({ method: 'GET', url: '/export', query: { columns } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_____.xlsx"; filename*=UTF-8''${encodeURIComponent('样品_导出.xlsx')}`,
    );
    expect(pages).toEqual([0, 2000, 4000]);
    expect(warnings).toEqual([]);

    const book = await readBack(res.rawPayload);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('样品');
    expect(sheet.rowCount).toBe(5001);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(texts(sheet.getRow(1))).toEqual([
      '名称',
      '编码',
      '生产日期',
      '检验时间',
      '优先级',
      '启用',
      '数量',
      '单价',
      '类别',
    ]);
    expect(texts(sheet.getRow(2))).toEqual([
      "'=SUM(A1)",
      'E1',
      new Date('2024-03-09T00:00:00Z'),
      new Date('2024-03-09T10:30:00Z'),
      '普通',
      '是',
      0,
      12.5,
      '五金',
    ]);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('yyyy-mm-dd');
    const names = [2, 3, 4, 5, 6, 7].map((r) => sheet.getRow(r).getCell(1).value);
    expect(names).toEqual(["'=SUM(A1)", "'+1", "'-1", "'@x", "'\tcmd", '普通文本']);
    expect(texts(sheet.getRow(5001)).slice(4, 6)).toEqual(['紧急', '否']);

    // the exported file imports again, unneutralised and intact
    const parsed = await parseImport(res.rawPayload, sample);
    expect(parsed.rows.filter((row, i) => row.values.code !== exported[i].code)).toEqual([]);
    expect(parsed.rows.slice(0, 6).map((r) => r.values.name)).toEqual([
      '=SUM(A1)',
      '+1',
      '-1',
      '@x',
      'cmd',
      '普通文本',
    ]);
  });

  it('answers a query failing before the first row with an error, and cuts a later failure short', async () => {
    const before = await app.inject({ method: 'GET', url: '/export', query: { failAt: '0' } });
    expect([before.statusCode, before.json()]).toEqual([422, { errorMsg: '查询失败' }]);
    // the response is destroyed mid-body: a browser sees a failed download, never a complete-looking
    // file with rows missing; inject reports it as an error
    const during = await app
      .inject({ method: 'GET', url: '/export', query: { failAt: '2000' } })
      .catch((e) => e);
    expect(during).toBeInstanceOf(Error);
  });

  it('exports the declared list columns when no visible columns are given', async () => {
    expect(exportColumns(sample).map((c) => c.key)).toEqual([
      'code',
      'name',
      'qty',
      'price',
      'kind',
      'category',
      'active',
      'madeOn',
    ]);
    expect(exportColumns(sample, ['bogus']).map((c) => c.key)).toHaveLength(8);
  });
});

describe('template', () => {
  it('has the import headers, required ones starred, dropdowns and a guide sheet', async () => {
    const book = await readBack(await templateWorkbook(sample));
    const [data, guide] = book.worksheets;
    expect(data.name).toBe('样品');
    expect(HEADERS.map((_, i) => data.getRow(1).getCell(i + 1).text)).toEqual([
      '编码*',
      '名称*',
      ...HEADERS.slice(2),
    ]);
    expect(data.getCell('E2').dataValidation).toMatchObject({ type: 'list', formulae: ['"普通,紧急,特急"'] });
    expect(data.getCell('G9999').dataValidation).toMatchObject({ formulae: ['"是,否"'] });
    expect(guide.name).toBe('填写说明');
    expect(texts(guide.getRow(1))).toEqual(['列名', '必填', '类型', '填写规则']);
    expect(texts(guide.getRow(2))).toEqual([
      '编码',
      '是',
      '文本',
      '编码只能包含字母、数字和-；不能与已有数据或文件中其他行重复',
    ]);
    expect(texts(guide.getRow(3))).toEqual(['名称', '是', '文本', '不能超过20个字符']);
    expect(texts(guide.getRow(6))).toEqual(['优先级', '否', '选项', '可选：普通、紧急、特急']);
    expect(texts(guide.getRow(7))).toEqual(['类别', '否', '文本', '填写已有类别的名称']);

    // filled in, the template imports
    data.addRow(goodRow(1));
    const filled = Buffer.from(await book.xlsx.writeBuffer());
    const parsed = await parseImport(filled, sample);
    expect(parsed.headerErrors).toEqual([]);
    expect(parsed.rows[0].values.code).toBe('C1');
  });
});

describe('write in the tenant transaction (database)', () => {
  let h: Harness;
  let tenant: { id: number; adminId: number };
  const role = defineEntity({
    name: 'role',
    label: '角色',
    route: 'roleList',
    defaultOrder: '+name',
    fields: {
      name: { label: '角色名称', type: 'string', required: true, maxLength: 50, unique: true, import: true },
      remark: { label: '备注', type: 'string', maxLength: 200, import: true },
      owner: { label: '负责人', type: 'string', ref: { entity: 'user', by: 'name' }, import: true },
    },
  });
  const binding = { unique: { name: roles.name }, refs: { owner: { id: users.id, name: users.name } } };
  const roleFile = (n: number) =>
    workbook([
      ['角色名称', '备注'],
      ...Array.from({ length: n }, (_, i) => [`导入角色${i + 1}`, `备注${i + 1}`]),
    ]);
  const countRoles = (tx: Tx) =>
    tx
      .select({ n: count() })
      .from(roles)
      .then(([row]) => row.n);
  const inTenant = <T>(fn: (tx: Tx) => Promise<T>) => h.db.withTenant(tenant.id, fn);

  /** Inserts row by row, as a module's write hook would, failing at row `failAt` when given. */
  const insertRoles = (failAt?: number, seen?: { before: number }) => async (tx: Tx, rows: ValidRow[]) => {
    for (const [i, row] of rows.entries()) {
      if (i + 1 === failAt) {
        if (seen) seen.before = await countRoles(tx);
        throw new Error('injected fault');
      }
      await tx.insert(roles).values({ name: String(row.data.name), remark: String(row.data.remark) });
    }
    return rows.length;
  };

  beforeAll(async () => {
    h = await createHarness();
    tenant = await h.addTenant('excel');
  });
  afterAll(() => h.close());

  it('a fault injected in the middle of the write leaves zero rows', async () => {
    const file = await roleFile(100);
    const before = await inTenant(countRoles);
    const seen = { before: 0 };
    const run = inTenant((tx) =>
      runImport({
        mode: 'write',
        file,
        decl: role,
        tx,
        hooks: tableLookups(tx, binding),
        write: insertRoles(50, seen),
      }),
    );
    await expect(run).rejects.toThrow('injected fault');
    expect(seen.before).toBe(before + 49);
    expect(await inTenant(countRoles)).toBe(before);
  });

  it('writes all 100 rows in one statement, then finds them as duplicates in the database', async () => {
    const file = await roleFile(100);
    const before = await inTenant(countRoles);
    const bulk = (tx: Tx, rows: ValidRow[]) =>
      insertRows(
        tx,
        roles,
        rows.map(({ data }) => ({ name: data.name, remark: data.remark ?? null })),
      );
    const written = await inTenant((tx) =>
      runImport({ mode: 'write', file, decl: role, tx, hooks: tableLookups(tx, binding), write: bulk }),
    );
    expect(written).toEqual({ total: 100, written: 100 });
    expect(await inTenant(countRoles)).toBe(before + 100);
    const [last] = await inTenant((tx) =>
      tx
        .select({ remark: roles.remark, enabled: roles.enabled })
        .from(roles)
        .where(eq(roles.name, '导入角色100')),
    );
    // the given columns written, the others left to their defaults
    expect(last).toEqual({ remark: '备注100', enabled: true });

    const checked = await inTenant((tx) =>
      runImport({ mode: 'check', file, decl: role, tx, hooks: tableLookups(tx, binding) }),
    );
    expect(checked.valid).toBe(0);
    expect(checked.errors).toHaveLength(100);
    expect(checked.errors[0]).toEqual({ row: 2, column: '角色名称', value: '导入角色1', reason: '已存在' });

    const refused = await inTenant((tx) =>
      runImport({
        mode: 'write',
        file,
        decl: role,
        tx,
        hooks: tableLookups(tx, binding),
        write: insertRoles(),
      }),
    ).catch((e: AppError) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 1,
      message: importMessages.hasErrors(100),
      result: { total: 100, valid: 0 },
    });
    expect(await inTenant(countRoles)).toBe(before + 100);
  });

  it('looks references up by name within the tenant', async () => {
    const file = await workbook([
      ['角色名称', '负责人'],
      ['新角色甲', '管理员'],
      ['新角色乙', '无此人'],
    ]);
    const rows = (await parseImport(file, role)).rows;
    const { valid, errors } = await inTenant((tx) => checkImport(rows, role, tableLookups(tx, binding)));
    expect(valid).toEqual([{ rowNumber: 2, data: { name: '新角色甲', owner: tenant.adminId } }]);
    expect(errors).toEqual([
      { row: 3, column: '负责人', value: '无此人', reason: '未找到名称为“无此人”的负责人' },
    ]);
  });
});
