import { ErrorCode } from '@factory/shared/api/errors';
import {
  DEFAULT_START_ROW,
  type ImportCheckResult,
  type ImportError,
  type ImportWriteResult,
  importMessages,
} from '@factory/shared/api/import';
import type { EntityDecl } from '@factory/shared/entities/define';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Tx } from '../db.ts';
import { AppError, invalid } from '../errors.ts';
import { type CheckedFiles, checkedFileKey, checkedFiles } from './cache.ts';
import { neutralise } from './cells.ts';
import {
  type ConvertedRows,
  checkConverted,
  convertRows,
  type ImportCheck,
  type ImportHooks,
  type ValidRow,
} from './check.ts';
import { parseImport } from './parse.ts';

/**
 * The import engine (spec 000 §2, §4, §5): a route receives the file, then runs the check or the
 * write in its tenant transaction; an entity brings only its declaration, its table binding and
 * how a checked row becomes a table row:
 *
 *   const file = await receiveImportFile(req);
 *   return runImport({ mode, file: file.buffer, decl: userEntity, startRow, tx,
 *     hooks: tableLookups(tx, { unique: { userName: users.userName } }),
 *     write: (tx, rows) => insertRows(tx, users, rows.map(({ data }) => toUser(data))) });
 *
 * A document import (one row = one line; rows grouped into documents, e.g. 批量入库) declares its
 * row as an entity too, adds its rules across rows and the database as `hooks.checkRows`, and
 * makes its documents in `write` through the module's own service, answering what it made.
 *
 * The write step reuses what the check step of the same file learnt without the database
 * (cache.ts), so in the wizard a file is read once; the database checks always run again.
 */
export { CheckedFiles, type CheckedFilesOptions, checkedFiles } from './cache.ts';
export {
  type ConvertedRows,
  checkConverted,
  checkImport,
  convertRows,
  type ImportHooks,
  type RowProblem,
  type ValidRow,
} from './check.ts';
export { type ImportBinding, type RefBinding, tableLookups } from './lookups.ts';
export { type ParsedImport, type ParsedRow, parseImport, parseOnly } from './parse.ts';
export { assertWorkbook, type ImportFile, receiveImportFile } from './receive.ts';
export { insertRows, insertRowsReturning } from './write.ts';

/** What a write answers beyond the row count: the rows written and the documents made of them. */
export type ImportWritten = Omit<ImportWriteResult, 'total'>;

export interface ImportRunOptions {
  /** The uploaded workbook (see receiveImportFile). */
  file: Buffer;
  decl: EntityDecl;
  /** Header row (spec 000 §5), default 1. */
  startRow?: number;
  /** The route's tenant transaction: look-ups and the write run in it. */
  tx: Tx;
  hooks: ImportHooks;
  /**
   * Writes the checked rows. It runs inside `tx`, so a throw anywhere rolls every row back (all
   * or nothing); it may return the number written when that differs from the rows given, and a
   * document import what it made of them (`ImportWritten`).
   */
  write?: (tx: Tx, rows: ValidRow[]) => Promise<number | ImportWritten | undefined>;
  /** Where checked files are kept for their write; default the process's `checkedFiles`. */
  cache?: CheckedFiles;
}

/** Reads and converts a file; header problems refuse the whole file. */
async function convertFile(o: Omit<ImportRunOptions, 'write'>): Promise<ConvertedRows> {
  const parsed = await parseImport(o.file, o.decl, { startRow: o.startRow });
  if (parsed.headerErrors.length) throw invalid(parsed.headerErrors.join('；'));
  return convertRows(parsed.rows, o.decl);
}

/** Parses and checks a file; header problems refuse the whole file. */
export async function checkFile(
  o: Omit<ImportRunOptions, 'write'>,
): Promise<ImportCheck & { total: number }> {
  const converted = await convertFile(o);
  const check = await checkConverted(converted, o.hooks);
  return { ...check, total: converted.rows.length };
}

/** The tenant the transaction is confined to (row-level security's setting), '' when none. */
async function tenantOf(tx: Tx): Promise<string> {
  const result = (await tx.execute(
    sql`select current_setting('app.tenant_id', true) as tenant`,
  )) as unknown as {
    rows: { tenant: string | null }[];
  };
  return result.rows[0]?.tenant ?? '';
}

/**
 * The wizard's steps 2 and 3 (spec 000 §4) as one call for a route. `check` reads the file and
 * lists every bad cell. `write` checks again — the database may have changed since the check, so
 * references and uniqueness are always looked up again in `tx` — and, only when nothing is wrong,
 * writes all rows in the route's transaction. A file with errors is refused with code 1 and the
 * check result, and nothing is written.
 *
 * Reading and converting a file depends on nothing but its bytes, the declaration and the header
 * row: `check` keeps that part in `cache` under the tenant, the declaration, the header row and
 * the file's SHA-256, and `write` reuses it when found instead of reading the file again (a miss
 * reads it, so the cache only saves time). `check` itself always reads the file.
 */
export async function runImport(o: ImportRunOptions & { mode: 'check' }): Promise<ImportCheckResult>;
export async function runImport(o: ImportRunOptions & { mode: 'write' }): Promise<ImportWriteResult>;
export async function runImport(
  o: ImportRunOptions & { mode: 'check' | 'write' },
): Promise<ImportCheckResult | ImportWriteResult>;
export async function runImport(
  o: ImportRunOptions & { mode: 'check' | 'write' },
): Promise<ImportCheckResult | ImportWriteResult> {
  const cache = o.cache ?? checkedFiles;
  const key = checkedFileKey({
    tenant: await tenantOf(o.tx),
    decl: o.decl,
    startRow: o.startRow ?? DEFAULT_START_ROW,
    file: o.file,
  });
  let converted: ConvertedRows | undefined;
  if (o.mode === 'check') {
    converted = await convertFile(o);
    cache.set(key, converted);
  } else converted = cache.get(key) ?? (await convertFile(o));
  const { valid, errors } = await checkConverted(converted, o.hooks);
  const total = converted.rows.length;
  const checked: ImportCheckResult = { total, valid: valid.length, errors };
  if (o.mode === 'check') return checked;
  if (errors.length)
    throw new AppError(ErrorCode.validation, importMessages.hasErrors(errors.length), checked);
  if (!o.write) throw new Error('runImport: write mode needs a write function');
  const written = await o.write(o.tx, valid);
  // the rows are in (they commit with the route's transaction): the check has served its purpose
  cache.delete(key);
  if (typeof written === 'object') return { total, ...written };
  return { total, written: written ?? valid.length };
}

/** The check's errors as an xlsx to download and correct the file by (行号, 列, 值, 原因). */
export async function errorWorkbook(errors: readonly ImportError[], decl: EntityDecl): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(`${decl.label}导入错误`.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = [
    { header: '行号', key: 'row', width: 8 },
    { header: '列', key: 'column', width: 20 },
    { header: '值', key: 'value', width: 30 },
    { header: '原因', key: 'reason', width: 50 },
  ];
  sheet.getRow(1).font = { bold: true };
  // the quoted values are the user's own input: neutralised like any export
  for (const e of errors)
    sheet.addRow([e.row, e.column, e.value === undefined ? null : neutralise(e.value), e.reason]);
  return Buffer.from(await book.xlsx.writeBuffer());
}
