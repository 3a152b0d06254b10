import {
  BOOLEAN_LABELS,
  DEFAULT_START_ROW,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importReasons,
} from '@factory/shared/api/import';
import { type EntityDecl, type FieldDecl, importFields, importHeader } from '@factory/shared/entities/define';
import ExcelJS from 'exceljs';

const RED = { argb: 'FFFF0000' };
const GUIDE_SHEET = '填写说明';
/** A list validation's formula is limited to 255 characters; longer lists are only described. */
const MAX_LIST_FORMULA = 255;

const typeNames: Record<FieldDecl['type'], string> = {
  string: '文本',
  text: '文本',
  integer: '整数',
  number: '数字',
  boolean: '是/否',
  date: '日期',
  datetime: '日期时间',
  enum: '选项',
};

/** The choices a cell offers (enum labels, 是/否), or undefined for free input. */
function choicesOf(f: FieldDecl): string[] | undefined {
  if (f.ref) return undefined;
  if (f.type === 'enum') return (f.enum?.items ?? []).map((item) => item.label);
  if (f.type === 'boolean') return [BOOLEAN_LABELS.true, BOOLEAN_LABELS.false];
  return undefined;
}

/** One line of the guide: what a column accepts, in the words of the check's messages. */
function ruleOf(f: FieldDecl): string {
  const rules: string[] = [];
  if (f.ref) rules.push(`填写已有${f.label}的${f.ref.by === 'code' ? '编码' : '名称'}`);
  const choices = choicesOf(f);
  if (choices) rules.push(`可选：${choices.join('、')}`);
  if (f.maxLength !== undefined) rules.push(importReasons.maxLength(f.maxLength));
  if (f.min !== undefined) rules.push(importReasons.min(f.min));
  if (f.max !== undefined) rules.push(importReasons.max(f.max));
  if (f.pattern) rules.push(f.pattern.message);
  if (f.type === 'date') rules.push('格式如 2024-01-31');
  if (f.type === 'datetime') rules.push('格式如 2024-01-31 08:30');
  if (f.unique) rules.push('不能与已有数据或文件中其他行重复');
  if (f.importNote) rules.push(f.importNote);
  return rules.join('；');
}

/** Text columns are formatted as text, so Excel keeps codes such as 007 as typed. */
function numFmtOf(f: FieldDecl): string | undefined {
  if (f.ref || f.type === 'string' || f.type === 'text') return '@';
  if (f.type === 'date') return 'yyyy-mm-dd';
  if (f.type === 'datetime') return 'yyyy-mm-dd hh:mm';
  return undefined;
}

/** The header cell: the import header, with a red * when the column is required. */
function headerCell(f: FieldDecl): ExcelJS.CellValue {
  const text = importHeader(f);
  return f.required ? { richText: [{ text }, { text: '*', font: { bold: true, color: RED } }] } : text;
}

/**
 * exceljs keeps a sheet's range validations in `dataValidations` but types only the per-cell
 * form, which would create 10 000 cells per column.
 */
const validationsOf = (sheet: ExcelJS.Worksheet) =>
  (sheet as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } })
    .dataValidations;

function addDataSheet(book: ExcelJS.Workbook, decl: EntityDecl): void {
  const fields = importFields(decl);
  const sheet = book.addWorksheet(decl.label, { views: [{ state: 'frozen', ySplit: DEFAULT_START_ROW }] });
  sheet.columns = fields.map(([key, f]) => {
    const numFmt = numFmtOf(f);
    return { key, width: Math.max(12, [...importHeader(f)].length * 2 + 4), style: numFmt ? { numFmt } : {} };
  });
  const header = sheet.getRow(DEFAULT_START_ROW);
  fields.forEach(([, f], i) => {
    header.getCell(i + 1).value = headerCell(f);
  });
  header.font = { bold: true };
  fields.forEach(([, f], i) => {
    const choices = choicesOf(f);
    const formula = choices && `"${choices.join(',')}"`;
    if (!formula || formula.length > MAX_LIST_FORMULA) return;
    const column = sheet.getColumn(i + 1).letter;
    const range = `${column}${DEFAULT_START_ROW + 1}:${column}${DEFAULT_START_ROW + IMPORT_MAX_ROWS}`;
    validationsOf(sheet).add(range, { type: 'list', allowBlank: true, formulae: [formula] });
  });
}

function addGuideSheet(book: ExcelJS.Workbook, decl: EntityDecl): void {
  const sheet = book.addWorksheet(GUIDE_SHEET);
  sheet.columns = [
    { header: '列名', width: 20 },
    { header: '必填', width: 8 },
    { header: '类型', width: 10 },
    { header: '填写规则', width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const [, f] of importFields(decl)) {
    sheet.addRow([importHeader(f), f.required ? '是' : '否', f.ref ? '文本' : typeNames[f.type], ruleOf(f)]);
  }
  sheet.addRow([]);
  sheet.addRow([
    `说明：第${DEFAULT_START_ROW}行为表头，请勿修改；数据从第${DEFAULT_START_ROW + 1}行开始，` +
      `单次最多${IMPORT_MAX_ROWS}行，文件需小于${IMPORT_MAX_BYTES / 1024 / 1024}MB；带红色*的列必填。`,
  ]);
}

/**
 * The downloadable import template of an entity: its import headers (required ones with a red
 * *), dropdowns for enum and yes/no columns, and a '填写说明' sheet with each column's rules.
 */
export async function templateWorkbook(decl: EntityDecl): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  addDataSheet(book, decl);
  addGuideSheet(book, decl);
  return Buffer.from(await book.xlsx.writeBuffer());
}
