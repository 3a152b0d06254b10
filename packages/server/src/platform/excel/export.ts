import { once } from 'node:events';
import type { OutgoingHttpHeaders } from 'node:http';
import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BOOLEAN_LABELS } from '@factory/shared/api/import';
import { type EntityDecl, exportFields, type FieldDecl } from '@factory/shared/entities/define';
import { and, type SQL } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { decodeSearchVal, type ListFields, orderOf, whereOf } from '../list.ts';
import { neutralise, sheetDate, sheetDateTime, XLSX_CONTENT_TYPE } from './cells.ts';

export interface XlsxColumn {
  header: string;
  /** Property of the row objects this column shows. */
  key: string;
  /** Width in characters (Excel's unit). */
  width?: number;
  /** Excel number format of the column's cells (dates). */
  numFmt?: string;
  /** The row's value as a cell; without it, see `plainValue`. */
  cell?: (value: unknown) => ExcelJS.CellValue;
}

export interface XlsxStream {
  /** Download name without the extension; any language. */
  fileName: string;
  sheetName: string;
  columns: readonly XlsxColumn[];
  rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>;
}

/** Rows per page when an export reads its query (see pageRows). */
export const EXPORT_BATCH = 2000;
/** An xlsx sheet holds 1 048 576 rows; one of them is the header. Further rows go to a new sheet. */
const SHEET_MAX_DATA_ROWS = 1_048_575;
const DATE_FORMAT = 'yyyy-mm-dd';
const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

const booleanLabel = (v: unknown) => (v ? BOOLEAN_LABELS.true : BOOLEAN_LABELS.false);

/** Cell of a value without a declaration: dates stay dates, booleans read 是/否. */
export function plainValue(value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return booleanLabel(value);
  if (typeof value === 'number' || typeof value === 'string' || value instanceof Date) return value;
  return typeof value === 'bigint' ? Number(value) : JSON.stringify(value);
}

/** numeric columns arrive as strings ('12.500'): Excel should get a number it can sum. */
function numberCell(value: unknown): ExcelJS.CellValue {
  const n = Number(value);
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(n) ? n : plainValue(value);
}

function dateCell(value: unknown): ExcelJS.CellValue {
  return typeof value === 'string' ? (sheetDate(value) ?? value) : plainValue(value);
}

function dateTimeCell(value: unknown): ExcelJS.CellValue {
  const instant = typeof value === 'string' ? new Date(value) : value;
  return instant instanceof Date && !Number.isNaN(instant.getTime())
    ? sheetDateTime(instant)
    : plainValue(value);
}

/** How a declared field's value becomes a cell. */
function fieldCell(f: FieldDecl): Pick<XlsxColumn, 'cell' | 'numFmt'> {
  // a reference's value in list rows is already the referenced name (see FieldDecl.ref)
  if (f.ref) return {};
  switch (f.type) {
    case 'enum':
      return {
        cell: (v) => (v === null || v === undefined ? null : (f.enum?.label(v, String(v)) ?? String(v))),
      };
    case 'boolean':
      return { cell: (v) => (v === null || v === undefined ? null : booleanLabel(v)) };
    case 'integer':
    case 'number':
      return { cell: numberCell };
    case 'date':
      return { cell: dateCell, numFmt: DATE_FORMAT };
    case 'datetime':
      return { cell: dateTimeCell, numFmt: DATETIME_FORMAT };
    default:
      return {};
  }
}

/** Chinese characters are about two Excel width units; list widths are pixels (~7 per unit). */
const widthOf = (f: FieldDecl) =>
  Math.max(10, f.width ? Math.round(f.width / 7) : [...f.label].length * 2 + 4);

/**
 * The columns of an export. Without `visible`, the declaration's exportable fields. With it (the
 * user's visible columns, in their order, as a list or comma-separated), those fields unless
 * declared `export: false`: a column a user chose to show is one they expect in the file, while
 * `export: false` marks what must never leave the system. Unknown keys are ignored.
 */
export function exportColumns(decl: EntityDecl, visible?: readonly string[] | string): XlsxColumn[] {
  const keys = typeof visible === 'string' ? visible.split(',') : (visible ?? []);
  const chosen = [...new Set(keys)]
    .filter((key) => Object.hasOwn(decl.fields, key) && decl.fields[key].export !== false)
    .map((key): [string, FieldDecl] => [key, decl.fields[key]]);
  const fields = chosen.length ? chosen : exportFields(decl);
  return fields.map(([key, f]) => ({ header: f.label, key, width: widthOf(f), ...fieldCell(f) }));
}

/**
 * The list's filter and sort for an export, through the same translator as the list itself
 * (searchVal whitelist, sortable fields), so the file holds exactly what the screen shows. For
 * pageRows, end `defaultOrder` with the id: pages need a total order.
 */
export async function exportQuery(
  fields: ListFields,
  query: { searchVal?: string; order?: string },
  opts: { where?: SQL; defaultOrder: SQL[] },
): Promise<{ where: SQL | undefined; orderBy: SQL[] }> {
  const where = and(opts.where, whereOf(fields, await decodeSearchVal(query.searchVal)));
  return { where, orderBy: [...orderOf(fields, query.order), ...opts.defaultOrder] };
}

/**
 * Reads a query page by page (limit/offset) so an export holds one page in memory. Offset, not
 * keyset: the user may sort by any sortable column in either direction, and a keyset would need
 * a row comparison per combination. The order must end in a unique column (the id) so pages
 * neither overlap nor skip; a row written while the export runs may still move across a page
 * boundary, as in any paged read at READ COMMITTED.
 */
export async function* pageRows<R>(
  page: (limit: number, offset: number) => Promise<R[]>,
  batchSize = EXPORT_BATCH,
): AsyncGenerator<R> {
  for (let offset = 0; ; offset += batchSize) {
    const rows = await page(batchSize, offset);
    yield* rows;
    if (rows.length < batchSize) return;
  }
}

/** RFC 6266/5987: an ASCII fallback plus the UTF-8 name, so Chinese names survive every browser. */
function attachment(fileName: string): string {
  const name = `${fileName}.xlsx`;
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const utf8 = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/** Excel refuses sheet names over 31 characters or with any of []:*?/\ */
const sheetNameOf = (name: string) => name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet1';

/**
 * The response is hijacked: the file outlives the handler's return value, and the route wrapper
 * must neither wrap it in an envelope nor send anything after it.
 */
function startDownload(reply: FastifyReply, fileName: string): void {
  reply.hijack();
  reply.raw.writeHead(200, {
    // headers that hooks set on the reply, which hijacking would otherwise drop
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': XLSX_CONTENT_TYPE,
    'content-disposition': attachment(fileName),
    'cache-control': 'no-store',
  });
}

/** Sends a workbook built in memory (templates, error lists). */
export function sendXlsx(reply: FastifyReply, fileName: string, buffer: Buffer): void {
  startDownload(reply, fileName);
  reply.raw.end(buffer);
}

function addSheet(book: ExcelJS.stream.xlsx.WorkbookWriter, x: XlsxStream, n: number) {
  const name = sheetNameOf(n === 1 ? x.sheetName : `${x.sheetName.slice(0, 26)}(${n})`);
  const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = x.columns.map((c) => ({ key: c.key, width: c.width ?? 12 }));
  const header = sheet.addRow(x.columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  return sheet;
}

type SheetWriter = ReturnType<ExcelJS.stream.xlsx.WorkbookWriter['addWorksheet']>;
type Inflow = Writable & { _writableState?: { needDrain?: boolean } };

/**
 * The stream a sheet's XML enters the zip by. exceljs's sheet stream ignores backpressure: it
 * writes every chunk into it at once, so a fast row source outruns compression and the XML piles
 * up uncompressed (a 400 000-row export held 120 MB). It is a readable-stream 2 PassThrough,
 * which keeps its "needs drain" flag only in its state. Undefined if a later exceljs changes
 * this, which loses the throttle, not the file.
 */
const inflowOf = (sheet: SheetWriter) =>
  (sheet as unknown as { stream?: { pipes?: Inflow[] } }).stream?.pipes?.[0];

const isBehind = (stream: Inflow) => (stream.writableNeedDrain ?? stream._writableState?.needDrain) === true;

/** Waits while compression or the client is behind, so memory holds about one buffer of each. */
async function caughtUp(out: PassThrough, sheet: SheetWriter, failed: Promise<never>): Promise<void> {
  for (const stream of [inflowOf(sheet), out]) {
    if (stream && isBehind(stream)) await Promise.race([once(stream, 'drain'), failed]);
  }
}

type Row = Record<string, unknown>;

/** Writes the workbook into `out`, pausing whenever compression or the client is behind. */
async function writeBook(
  out: PassThrough,
  x: XlsxStream,
  rows: { first: IteratorResult<Row>; rest: AsyncIterator<Row> },
  failed: Promise<never>,
): Promise<number> {
  // inline strings: a shared-string table would keep every distinct text in memory to the end
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const formats = x.columns.map((c) => c.numFmt);
  let sheet = addSheet(book, x, 1);
  let count = 0;
  for (let next = rows.first; !next.done; next = await rows.rest.next()) {
    if (count > 0 && count % SHEET_MAX_DATA_ROWS === 0) {
      sheet.commit();
      sheet = addSheet(book, x, count / SHEET_MAX_DATA_ROWS + 1);
    }
    const row = next.value;
    const cells = x.columns.map((c) => {
      const value = (c.cell ?? plainValue)(row[c.key]);
      return typeof value === 'string' ? neutralise(value) : value;
    });
    const added = sheet.addRow(cells);
    formats.forEach((numFmt, i) => {
      if (numFmt) added.getCell(i + 1).numFmt = numFmt;
    });
    added.commit();
    count++;
    await caughtUp(out, sheet, failed);
  }
  sheet.commit();
  await Promise.race([book.commit(), failed]);
  return count;
}

/**
 * Streams rows into an xlsx download (DESIGN §2 "Excel"): header row bold and frozen, strings
 * neutralised against formula injection, dates as Excel dates. Memory stays flat: rows are
 * written as they arrive and the source is not read further while compression or the client is
 * behind. The first row is read before anything is sent, so a failing query still gets its error
 * envelope. Resolves with the number of rows once the whole file is sent, so the caller's
 * transaction (which the row source reads in) stays open until then.
 */
export async function streamXlsx(reply: FastifyReply, x: XlsxStream): Promise<number> {
  const rest = (async function* () {
    yield* x.rows;
  })();
  const first = await rest.next();
  startDownload(reply, x.fileName);
  const out = new PassThrough();
  const sent = pipeline(out, reply.raw);
  // rejects only if the response fails first (client gone), so the writer stops waiting
  const failed = new Promise<never>((_, reject) => sent.catch(reject));
  failed.catch(() => {});
  try {
    const count = await writeBook(out, x, { first, rest }, failed);
    await sent;
    return count;
  } catch (err) {
    // a download cut short must look broken to the browser, not like a complete file
    out.destroy(err as Error);
    await sent.catch(() => {});
    await rest.return(undefined);
    throw err;
  }
}
