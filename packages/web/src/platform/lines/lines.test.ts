import { describe, expect, it } from 'vitest';
import {
  applyPaste,
  filled,
  isGrid,
  type LineColumn,
  lineErrors,
  matchOption,
  moveLine,
  parseClipboard,
  parseNumber,
  serverLineErrors,
} from './lines.ts';

type Line = { materialId?: number; quantity?: number; unit?: string; remark?: string };

const units = [
  { value: 'kg', label: '千克', code: 'KG' },
  { value: 'm', label: '米', code: 'M' },
];
/** A material is found by its code, as a remote select's paste would look it up. */
const materials: Record<string, number> = { 'YCL-001': 11, 'YCL-002': 12 };
const columns: LineColumn<Line>[] = [
  {
    key: 'materialId',
    title: '物料',
    required: true,
    editor: {
      kind: 'custom',
      render: () => null,
      paste: async (text) =>
        materials[text]
          ? { value: materials[text], patch: { remark: `来自${text}` } }
          : { error: `没有编码为“${text}”的物料` },
    },
  },
  { key: 'code', title: '编码', editor: { kind: 'view', render: () => null } },
  {
    key: 'quantity',
    title: '用量',
    required: true,
    editor: { kind: 'number', min: 0, precision: 3 },
    validate: (v) => ((v as number) > 0 ? undefined : '须大于0'),
  },
  { key: 'unit', title: '单位', editor: { kind: 'select', options: units } },
  { key: 'remark', title: '备注', editor: { kind: 'text', maxLength: 5 } },
];
const blank = (): Line => ({ quantity: 1 });

describe('lineErrors', () => {
  it('names the row and the column: empty required cells, then each column check', () => {
    expect(
      lineErrors(columns, [
        { materialId: 11, quantity: 2 },
        { quantity: 1 },
        { materialId: 12, quantity: 0 },
      ]),
    ).toEqual([
      { index: 1, key: 'materialId', message: '第2行“物料”不能为空' },
      { index: 2, key: 'quantity', message: '第3行“用量”须大于0' },
    ]);
  });
  it('does not check empty optional cells nor view columns', () => {
    expect(lineErrors(columns, [{ materialId: 1, quantity: 1, remark: '' }])).toEqual([]);
  });
});

describe('filled', () => {
  it('passes a checked line on with its required cells typed as present', () => {
    const line: Line = { materialId: 11, quantity: 2 };
    const checked = filled(line, 'materialId', 'quantity');
    expect(checked.materialId + checked.quantity).toBe(13);
  });

  it('refuses a line whose required cell is empty', () => {
    expect(() =>
      filled<Line, 'materialId' | 'unit'>({ materialId: 11, unit: '' }, 'materialId', 'unit'),
    ).toThrow('unit');
    expect(() => filled<Line, 'materialId'>({ quantity: 1 }, 'materialId')).toThrow('materialId');
  });
});

describe('moveLine', () => {
  it('moves one line and leaves the list it was given alone', () => {
    const list = ['a', 'b', 'c'];
    expect(moveLine(list, 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveLine(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveLine(list, 0, -1)).toEqual(['a', 'b', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

describe('parseClipboard', () => {
  it("reads Excel's rows and cells, dropping the trailing line break", () => {
    expect(parseClipboard('YCL-001\t2\r\nYCL-002\t3.5\r\n')).toEqual([
      ['YCL-001', '2'],
      ['YCL-002', '3.5'],
    ]);
  });
  it('keeps empty cells and unquotes cells holding line breaks or quotes', () => {
    expect(parseClipboard('a\t\tc\n"two\nlines"\t"say ""hi"""')).toEqual([
      ['a', '', 'c'],
      ['two\nlines', 'say "hi"'],
    ]);
  });
  it('tells one value from a grid', () => {
    expect(isGrid('12\n')).toBe(false);
    expect(isGrid('12\t3')).toBe(true);
    expect(isGrid('1\n2')).toBe(true);
  });
});

describe('parseNumber', () => {
  it('reads thousands separators, spaces and full-width digits', () => {
    expect(parseNumber(' 1,234.5 ')).toEqual({ value: 1234.5 });
    expect(parseNumber('１２')).toEqual({ value: 12 });
    expect(parseNumber('1.23456', { precision: 3 })).toEqual({ value: 1.235 });
  });
  it('refuses what is not a number or out of range', () => {
    expect(parseNumber('十')).toEqual({ error: '“十”不是数字' });
    expect(parseNumber('-1', { min: 0 })).toEqual({ error: '不能小于0' });
    expect(parseNumber('101', { max: 100 })).toEqual({ error: '不能大于100' });
  });
});

describe('matchOption', () => {
  it('matches by label, then code, ignoring case and spaces', () => {
    expect(matchOption(units, ' 米 ')?.value).toBe('m');
    expect(matchOption(units, 'kg')?.value).toBe('kg');
    expect(matchOption(units, '吨')).toBeUndefined();
  });
});

describe('applyPaste', () => {
  it('fills cells right and down from the pasted one, adding lines and converting values', async () => {
    const res = await applyPaste({
      lines: [{ materialId: 11, quantity: 5 }],
      columns,
      grid: [
        ['YCL-002', '2', '米'],
        ['YCL-001', '1,000', 'KG', '很长的备注文字'],
      ],
      row: 0,
      col: 0,
      blank,
    });
    expect(res.errors).toEqual([]);
    expect(res.added).toBe(1);
    expect(res.lines).toEqual([
      { materialId: 12, quantity: 2, unit: 'm', remark: '来自YCL-002' },
      { materialId: 11, quantity: 1000, unit: 'kg', remark: '很长的备注' },
    ]);
  });

  it('leaves a cell that matches nothing empty and reports it by row and column', async () => {
    const res = await applyPaste({
      lines: [],
      columns,
      grid: [
        ['2', '吨'],
        ['x', 'kg'],
      ],
      row: 0,
      col: 1, // 用量: the view column is skipped
      blank,
    });
    expect(res.lines).toEqual([
      { quantity: 2, unit: undefined },
      { quantity: undefined, unit: 'kg' },
    ]);
    expect(res.errors).toEqual([
      { index: 0, key: 'unit', message: '第1行“单位”没有“吨”这一项' },
      { index: 1, key: 'quantity', message: '第2行“用量”“x”不是数字' },
    ]);
  });

  it('reports an unknown code of a looked-up column', async () => {
    const res = await applyPaste({ lines: [], columns, grid: [['NOPE', '1']], row: 0, col: 0, blank });
    expect(res.lines).toEqual([{ materialId: undefined, quantity: 1 }]);
    expect(res.errors.map((e) => e.message)).toEqual(['第1行“物料”没有编码为“NOPE”的物料']);
  });
});

describe('serverLineErrors', () => {
  it("maps the server's items.N.field faults to lines, leaving other faults alone", () => {
    expect(
      serverLineErrors(
        [
          { field: 'items.2.quantity', message: '必须大于0' },
          { field: 'parentId', message: '不存在' },
        ],
        'items',
        columns,
      ),
    ).toEqual([{ index: 2, key: 'quantity', message: '第3行“用量”：必须大于0' }]);
  });
});
