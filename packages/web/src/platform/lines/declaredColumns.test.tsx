import { decryptText } from '@factory/shared/crypto';
import { defineEntity, type LinesDecl } from '@factory/shared/entities/define';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { stockDocEntity } from '@factory/shared/entities/stockDoc';
import { warehouseLocationEntity } from '@factory/shared/entities/warehouse';
import { priority } from '@factory/shared/enums';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request } from '../request.ts';
import {
  type DocLine,
  declaredFault,
  declaredLineColumns,
  declaredLineTableColumns,
  lineBody,
  lineCountFault,
  lineOfRow,
  linesBody,
  materialInfoKey,
} from './declaredColumns.tsx';
import { lineErrors, pasteValue, serverLineErrors } from './lines.ts';

vi.mock('../request.ts', async (original) => ({
  ...(await original<typeof import('../request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);
afterEach(() => send.mockReset());

const STOCK_LINES = stockDocEntity.lines;
const LOCATIONS = entityEndpoints(warehouseLocationEntity).list;

/** Every kind of line field the mapping knows. */
const wide: LinesDecl = {
  label: '明细',
  max: 3,
  min: 1,
  fields: {
    id: { label: 'ID', type: 'integer', readOnly: true },
    count: { label: '件数', type: 'integer', min: 1, max: 99 },
    level: { label: '等级', type: 'enum', enum: priority, required: true },
    urgent: { label: '加急', type: 'boolean' },
    due: { label: '交期', type: 'date' },
    note: { label: '说明', type: 'string', maxLength: 4 },
    total: { label: '合计', type: 'number', readOnly: true },
  },
};

describe('declaredLineColumns', () => {
  it("turns a stock document's declared lines into the editor's columns, keyed as the body names them", () => {
    const columns = declaredLineColumns(STOCK_LINES);
    expect(columns.map((c) => [c.key, c.title, c.editor.kind, !!c.required])).toEqual([
      // the material: its select, its code and specification, its type (the declared code,
      // specification and unit are what these show, so they are no columns of their own)
      ['materialsId', '物料', 'custom', true],
      ['materialsIdCode', '物料编码 / 规格型号', 'view', false],
      ['materialsIdType', '类型', 'view', false],
      ['batchCode', '批次号', 'text', false],
      // other references: remote selects, by their id field
      ['locationId', '库位', 'custom', false],
      ['targetLocationId', '调入库位', 'custom', false],
      ['quantity', '数量', 'number', true],
      ['remark', '备注', 'text', false],
    ]);
  });

  it('gives each field type its editor with the declared limits', () => {
    const columns = declaredLineColumns(wide);
    const byKey = Object.fromEntries(columns.map((c) => [c.key, c]));
    expect(Object.keys(byKey)).toEqual(['count', 'level', 'urgent', 'due', 'note', 'total']);
    expect(byKey.count.editor).toMatchObject({ kind: 'number', min: 1, max: 99, precision: 0 });
    expect(byKey.level.editor).toMatchObject({
      kind: 'select',
      options: priority.items.map((i) => ({ value: i.value, label: i.label })),
      allowClear: false,
    });
    expect(byKey.level.required).toBe(true);
    expect(byKey.urgent.editor.kind).toBe('custom');
    expect(byKey.due.editor.kind).toBe('custom');
    expect(byKey.note.editor).toMatchObject({ kind: 'text', maxLength: 4, placeholder: '请输入说明' });
    expect(byKey.total.editor.kind).toBe('view');
  });

  it('checks the declared limits, saying the fault after the column as the editor names it', () => {
    const columns = declaredLineColumns(STOCK_LINES);
    expect(
      lineErrors(columns, [
        { materialsId: 1, quantity: 0 },
        { quantity: 2_000_000_000, batchCode: 'B'.repeat(65) },
        { materialsId: 2, quantity: 12.5 },
      ]),
    ).toEqual([
      { index: 0, key: 'quantity', message: '第1行“数量”须大于0' },
      { index: 1, key: 'materialsId', message: '第2行“物料”不能为空' },
      { index: 1, key: 'batchCode', message: '第2行“批次号”不能超过64个字符' },
      { index: 1, key: 'quantity', message: '第2行“数量”不能大于1000000000' },
    ]);
    // a minimum just above 0 is checked, not clamped to, so a typed 0 says what is wrong
    expect(columns.find((c) => c.key === 'quantity')?.editor).toMatchObject({ min: 0, max: 1_000_000_000 });
    expect(declaredFault({ label: '件数', type: 'integer', min: 1 }, 1.5)).toBe('须为整数');
    expect(declaredFault({ label: '件数', type: 'integer', min: 1 }, 0)).toBe('不能小于1');
    expect(
      declaredFault(
        { label: '编码', type: 'string', pattern: { source: '^[A-Z]+$', message: '只能是大写字母' } },
        'a1',
      ),
    ).toBe('只能是大写字母');
  });

  it("takes the module's changes: another title or editor, a column left out, a reference's filters", async () => {
    const columns = declaredLineColumns(STOCK_LINES, {
      columns: {
        materialsIdType: false,
        targetLocationId: false,
        locationId: { title: '调出库位', width: 99 },
      },
      refs: {
        locationId: {
          filters: [
            { fieldName: 'warehouseAreaId', fieldType: 'integer', operator: 'in', fieldValue: [3, 4] },
          ],
          optionLabel: (r) => String(r.code),
        },
      },
    });
    expect(columns.map((c) => c.key)).toEqual([
      'materialsId',
      'materialsIdCode',
      'batchCode',
      'locationId',
      'quantity',
      'remark',
    ]);
    const location = columns.find((c) => c.key === 'locationId');
    expect(location).toMatchObject({ title: '调出库位', width: 99 });
    // a pasted location is looked up by code within the filters, and brings its name
    const searches: unknown[] = [];
    send.mockImplementation(async (_m, path, opts) => {
      expect(path).toBe(LOCATIONS.path);
      const searchVal = (opts?.query as { searchVal?: string } | undefined)?.searchVal ?? '';
      searches.push(JSON.parse((await decryptText(searchVal)) ?? 'null'));
      return { records: [{ id: 31, code: 'A-01-01', name: '一排一列' }], total: 1 } as never;
    });
    if (!location) throw new Error('no location column');
    expect(await pasteValue(location, 'A-01-01', {})).toEqual({
      value: 31,
      patch: { locationName: 'A-01-01' },
    });
    expect(searches).toEqual([
      [
        { fieldName: 'warehouseAreaId', fieldType: 'integer', operator: 'in', fieldValue: [3, 4] },
        { fieldName: 'code', fieldType: 'string', operator: 'eq', fieldValue: 'A-01-01' },
      ],
    ]);
  });

  it('refuses a paste into a reference that cannot be chosen yet, and names what was not found', async () => {
    const [blocked] = declaredLineColumns(STOCK_LINES, {
      refs: { locationId: { blocked: '请先选择仓库' } },
    }).filter((c) => c.key === 'locationId');
    expect(await pasteValue(blocked, 'A-01-01', {})).toEqual({ error: '请先选择仓库' });
    send.mockResolvedValue({ records: [], total: 0 } as never);
    const [open] = declaredLineColumns(STOCK_LINES).filter((c) => c.key === 'locationId');
    expect(await pasteValue(open, 'Z-9', {})).toEqual({ error: '没有编码或名称为“Z-9”的库位' });
  });

  it("shows the material's unit beside a quantity", () => {
    const quantity = declaredLineColumns(STOCK_LINES).find((c) => c.key === 'quantity');
    if (quantity?.editor.kind !== 'number') throw new Error('quantity is no number column');
    const line = lineOfRow(STOCK_LINES, { id: 1, materialsId: 5, materialsName: '硅钢片', unitName: 'kg' });
    expect(quantity.editor.suffix?.(line)).toBe('kg');
  });
});

describe('lines from the detail and into the body', () => {
  const row = {
    id: 8,
    materialsId: 5,
    materialsName: '硅钢片',
    materialsCode: 'YCL-005',
    materialsSpecifications: '0.35mm',
    unitName: 'kg',
    batchCode: 'B20261101',
    locationId: 31,
    locationName: 'A-01-01',
    targetLocationId: null,
    targetLocationName: null,
    quantity: 12.5,
    remark: null,
  };

  it('keeps what the material columns show of a loaded line', () => {
    expect(lineOfRow(STOCK_LINES, row)[materialInfoKey('materialsId')]).toEqual({
      name: '硅钢片',
      code: 'YCL-005',
      specifications: '0.35mm',
      unitName: 'kg',
      materialType: null,
    });
  });

  it('sends the form fields only, references as ids, texts trimmed, empty optional values left out', () => {
    const line: DocLine = { ...lineOfRow(STOCK_LINES, row), batchCode: ' B20261101 ', remark: '  ' };
    expect(lineBody(STOCK_LINES, line)).toEqual({
      materialsId: 5,
      batchCode: 'B20261101',
      locationId: 31,
      quantity: 12.5,
    });
    expect(linesBody(stockDocEntity, [line, { materialsId: 6, quantity: 1 }])).toEqual([
      { materialsId: 5, batchCode: 'B20261101', locationId: 31, quantity: 12.5 },
      { materialsId: 6, quantity: 1 },
    ]);
  });

  it('says when there are too few or too many lines', () => {
    expect(lineCountFault(STOCK_LINES, 0)).toBe('请至少添加1行物料明细');
    expect(lineCountFault(STOCK_LINES, 1)).toBeUndefined();
    expect(lineCountFault(wide, 4)).toBe('明细最多3行，当前4行');
  });

  it('gives a detail page the declared fields as read-only table columns', () => {
    const columns = declaredLineTableColumns(STOCK_LINES, { remark: { title: '行备注' } });
    expect(columns.map((c) => c.title)).toEqual([
      '物料',
      '物料编码',
      '规格型号',
      '单位',
      '批次号',
      '库位',
      '调入库位',
      '数量',
      '行备注',
    ]);
    expect(columns.find((c) => c.key === 'quantity')?.align).toBe('right');
  });
});

describe("the server's faults of lines", () => {
  const columns = declaredLineColumns(STOCK_LINES);
  it('puts them on their cells, keeping messages that already name the row', () => {
    expect(
      serverLineErrors(
        [
          { field: 'lines.1.quantity', message: '第2行“数量”不能小于0.000001' },
          { field: 'lines.0.locationId', message: '第1行库位不在所选仓库中' },
          { field: 'lines.2.batchCode', message: '已用于其他物料' },
          { field: 'warehouseId', message: '请选择仓库' },
        ],
        'lines',
        columns,
      ),
    ).toEqual([
      { index: 1, key: 'quantity', message: '第2行“数量”不能小于0.000001' },
      { index: 0, key: 'locationId', message: '第1行库位不在所选仓库中' },
      { index: 2, key: 'batchCode', message: '第3行“批次号”：已用于其他物料' },
    ]);
  });

  it("marks the line's first cell when the field has no column of its own", () => {
    expect(
      serverLineErrors(
        [{ field: 'lines.0.targetLocationId', message: '第1行调入库位与调出库位相同' }],
        'lines',
        [...columns.filter((c) => c.key !== 'targetLocationId')],
      ),
    ).toEqual([{ index: 0, key: 'materialsId', message: '第1行调入库位与调出库位相同' }]);
  });
});

it('accepts any declaration with lines', () => {
  const doc = defineEntity({
    name: 'demoDoc',
    label: '单据',
    route: 'warehouseRecord',
    defaultOrder: '+id',
    fields: { id: { label: 'ID', type: 'integer', readOnly: true } },
    lines: wide,
  });
  expect(declaredLineColumns(doc.lines).length).toBe(6);
});
