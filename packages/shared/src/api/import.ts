import { type Static, Type } from 'typebox';

/**
 * The batch import wizard (spec 000 §2 "Batch import dialog", §4 "Import wizard", §5 "Import",
 * §9) and list exports: limits, the messages the server answers with and the web wizard shows,
 * and the result schemas of the check and write steps.
 */

/** Files must be under this size (spec 000 §9: 5 MB). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Data rows per import (spec 000 §9). */
export const IMPORT_MAX_ROWS = 10_000;
/** The header row; data starts below it (spec 000 §5: configurable, default 1). */
export const DEFAULT_START_ROW = 1;
/** Extensions the upload accepts (spec 000 §5); the server also checks the content. */
export const IMPORT_EXTENSIONS = ['.xls', '.xlsx'] as const;

/** File-level refusals, in the words of spec 000 §5 where it gives them. */
export const importMessages = {
  noFile: '请选择要导入的文件',
  oneFile: '只能上传一个文件',
  tooLarge: '导入文件不能超过5MB',
  format: '格式错误，请上传xls或者xlsx格式',
  /** Legacy .xls (OLE) content: exceljs reads only the Open XML format. */
  legacyXls: '暂不支持旧版 .xls 文件，请在 Excel 中另存为 .xlsx 后重新导入',
  encrypted: '文件已加密，请取消密码保护后重新导入',
  empty: '导入数据为空，请完善后重新导入',
  tooManyRows: `单次导入不能超过${IMPORT_MAX_ROWS}行`,
  badStartRow: '起始行无效',
  missingColumns: (headers: readonly string[]) => `缺少必填列：${headers.join('、')}`,
  duplicateColumn: (header: string) => `列“${header}”重复`,
  hasErrors: (count: number) => `数据校验未通过，共${count}处错误，请修正后重新导入`,
  written: (count: number) => `成功导入${count}条数据`,
} as const;

/** Why a cell was refused (step 2 of the wizard lists them per row and column). */
export const importReasons = {
  integer: '应为整数',
  number: '应为数字',
  date: '应为日期',
  datetime: '应为日期时间',
  boolean: '应为“是”或“否”',
  enum: (labels: readonly string[]) => `不是有效的选项，可选：${labels.join('、')}`,
  maxLength: (max: number) => `不能超过${max}个字符`,
  min: (min: number) => `不能小于${min}`,
  max: (max: number) => `不能大于${max}`,
  unknownRef: (by: 'code' | 'name', value: string, label: string) =>
    `未找到${by === 'code' ? '编码' : '名称'}为“${value}”的${label}`,
  duplicateInFile: (row: number) => `与第${row}行重复`,
  duplicateInDb: '已存在',
} as const;

/** Booleans in spreadsheets, both ways. */
export const BOOLEAN_LABELS = { true: '是', false: '否' } as const;

export const ImportError = Type.Object({
  /** Row number as Excel shows it. */
  row: Type.Integer({ title: '行号' }),
  /** The column's header text. */
  column: Type.String({ title: '列' }),
  value: Type.Optional(Type.String({ title: '值' })),
  reason: Type.String({ title: '原因' }),
});
export type ImportError = Static<typeof ImportError>;

/** Step 2: every bad cell; the file is written only when `errors` is empty. */
export const ImportCheckResult = Type.Object({
  total: Type.Integer({ title: '数据行数' }),
  valid: Type.Integer({ title: '有效行数' }),
  errors: Type.Array(ImportError),
});
export type ImportCheckResult = Static<typeof ImportCheckResult>;

/** A document a document import made of its rows (rows grouped into documents, e.g. 批量入库). */
export const ImportedDocument = Type.Object({
  id: Type.Integer(),
  code: Type.String({ title: '单据编号' }),
  lines: Type.Integer({ title: '行数' }),
});
export type ImportedDocument = Static<typeof ImportedDocument>;

/** Step 3: all rows were written in one transaction; a document import names the documents. */
export const ImportWriteResult = Type.Object({
  total: Type.Integer({ title: '数据行数' }),
  written: Type.Integer({ title: '写入行数' }),
  documents: Type.Optional(Type.Array(ImportedDocument)),
});
export type ImportWriteResult = Static<typeof ImportWriteResult>;

/** Query of an import call: the wizard's step (check, then write); the file travels as multipart/form-data. */
export const ImportQuery = Type.Object(
  {
    startRow: Type.Integer({ minimum: 1, maximum: 1000, default: DEFAULT_START_ROW, title: '起始行' }),
    mode: Type.Union([Type.Literal('check'), Type.Literal('write')], { title: '步骤' }),
  },
  { additionalProperties: false },
);

/**
 * Query of a list export: the list's own filters and sort, plus the user's visible columns in
 * their order (comma-separated field names; unknown names are ignored).
 */
export const ExportQuery = Type.Object(
  {
    searchVal: Type.Optional(Type.String({ maxLength: 20_000, title: '查询条件' })),
    order: Type.Optional(
      Type.String({
        maxLength: 500,
        pattern: '^([+-][A-Za-z][A-Za-z0-9]*)(,[+-][A-Za-z][A-Za-z0-9]*)*$',
        title: '排序',
      }),
    ),
    columns: Type.Optional(Type.String({ maxLength: 2000, pattern: '^[A-Za-z0-9_,]*$', title: '导出列' })),
  },
  { additionalProperties: false },
);
