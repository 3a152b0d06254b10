import path from 'node:path';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { importMessages } from '@factory/shared/api/import';
import ExcelJS from 'exceljs';
import { loadUnpackLimits, type UnpackLimits } from '../../config.ts';
import { invalid } from '../errors.ts';
import { type PartKind, UploadZip, unpackMessages } from './zip.ts';

/**
 * Dates need the styles (a date is a number with a date format); hyperlinks are not needed; the
 * shared strings are emitted so that each is kept as plain text (see sharedStrings below).
 */
const READ_OPTIONS = {
  sharedStrings: 'emit',
  styles: 'cache',
  hyperlinks: 'ignore',
  worksheets: 'emit',
} as const;

type SharedText = string | null | { richText: { text?: string | null }[] };
type SheetReader = AsyncIterable<ExcelJS.Row>;

/**
 * The parts of exceljs 4.4's streaming reader that turn XML text into a workbook model, shared
 * strings, styles and worksheet rows. We drive them ourselves instead of its `parse()`, which
 * unzips with unzipper and no limit: UploadZip inflates each part with the limits checked.
 */
interface ReaderInternals {
  workbookRels?: { Id: string; Type: string; Target: string }[];
  model?: { sheets?: { id: number; rId: string }[] };
  sharedStrings?: (string | null)[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<{ index: number; text: SharedText }>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(chunks: AsyncIterable<string>, sheetNo: string): Generator<{ value: SheetReader }>;
}

const base = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as ReaderInternals;
for (const name of [
  '_parseRels',
  '_parseWorkbook',
  '_parseSharedStrings',
  '_parseStyles',
  '_parseWorksheet',
] as const) {
  // an exceljs upgrade that renames these must fail here, not silently misread files
  if (typeof base[name] !== 'function') throw new Error(`exceljs: WorkbookReader.${name} is gone`);
}

/**
 * Decodes UTF-8 across chunk boundaries: exceljs decodes each chunk on its own, so a Chinese
 * character cut by a chunk boundary became replacement characters (a 10 000-row file came back
 * with two names garbled). Its parsers accept text as well as bytes.
 */
async function* utf8(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) yield decoder.write(chunk);
  const rest = decoder.end();
  if (rest) yield rest;
}

/** Excel's own last column (XFD); a `<col>` range beyond it is no Excel file. */
const EXCEL_COLUMNS = 16_384;
/** A tag longer than this (Excel's longest are a few KB of range lists) is refused, not carried. */
const MAX_TAG_CHARS = 1024 * 1024;
const TAG = /<(row|col|c)[\s/>]([^>]*)/g;

/** An attribute's value as the XML parser will see it (character references decoded). */
function attribute(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs);
  if (!m) return undefined;
  return (m[1] ?? m[2]).replace(/&#(x[0-9a-fA-F]+|[0-9]+);/g, (_, n: string) => {
    const code = n[0] === 'x' ? Number.parseInt(n.slice(1), 16) : Number.parseInt(n, 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** The column of a cell reference as exceljs decodes it: the letters A–Z before the first digit. */
function columnOf(ref: string): number {
  const letters = (/^[^0-9]*/.exec(ref)?.[0] ?? '').replace(/[^A-Z]/g, '');
  if (letters.length > 7) return Number.POSITIVE_INFINITY;
  let column = 0;
  for (const ch of letters) column = column * 26 + ch.charCodeAt(0) - 64;
  return column;
}

/**
 * Passes the sheet's XML text on unchanged after checking what exceljs would build of it: every
 * row counts against maxRows, every cell's column against maxColumns (exceljs creates a column
 * object for each column up to a cell's, and the import keeps every row as wide as its last
 * cell), and a `<col>` range past Excel's last column is refused (exceljs creates an object for
 * each column of it). A chunk is checked before exceljs sees it; a tag cut by the chunk's end
 * is checked with the next one, which completes it.
 */
async function* guardSheet(chunks: AsyncIterable<string>, limits: UnpackLimits): AsyncGenerator<string> {
  let rest = '';
  let rows = 0;
  let cols = 0;
  for await (const chunk of chunks) {
    const text = rest + chunk;
    const open = text.lastIndexOf('<');
    const cut = open >= 0 && text.indexOf('>', open) < 0 ? open : text.length;
    rest = text.slice(cut);
    if (rest.length > MAX_TAG_CHARS) throw invalid(importMessages.format);
    for (const [, name, attrs] of text.slice(0, cut).matchAll(TAG)) {
      if (name === 'row') {
        if (++rows > limits.maxRows) throw invalid(unpackMessages.rows(limits.maxRows));
      } else if (name === 'c') {
        const ref = attribute(attrs, 'r');
        if (ref !== undefined && columnOf(ref) > limits.maxColumns)
          throw invalid(unpackMessages.columns(limits.maxColumns));
      } else {
        const max = Number.parseInt(attribute(attrs, 'max') ?? '', 10);
        const min = Number.parseInt(attribute(attrs, 'min') ?? '', 10);
        if (++cols > EXCEL_COLUMNS || max > EXCEL_COLUMNS || min > EXCEL_COLUMNS)
          throw invalid(importMessages.format);
      }
    }
    yield chunk;
  }
}

/** A shared string as plain text: rich text is joined once here, not once per cell using it. */
const plainText = (text: SharedText): string | null =>
  text !== null && typeof text === 'object' ? text.richText.map((run) => run.text ?? '').join('') : text;

let processLimits: UnpackLimits | undefined;
/** The limits from the environment, read once. */
function defaultLimits(): UnpackLimits {
  processLimits ??= loadUnpackLimits();
  return processLimits;
}

/**
 * Streams the first sheet (in tab order) row by row until `visit` answers false, so a file with
 * far too many rows costs only the rows up to the limit, and memory holds one row at a time.
 * Only the parts needed are inflated — relationships, workbook, shared strings, styles, that
 * sheet — each through UploadZip, which checks `limits` (default: the process's, see
 * loadUnpackLimits) before the part inflates and holds the part to its declared size while it
 * does. The sheet's text also goes through guardSheet. Over a limit it throws the AppError
 * naming that limit.
 */
export async function readFirstSheet(
  buffer: Buffer,
  visit: (row: ExcelJS.Row) => boolean,
  limits: UnpackLimits = defaultLimits(),
): Promise<void> {
  const zip = new UploadZip(buffer, limits);
  const text = (name: string, kind: PartKind) => {
    const bytes = zip.read(name, kind);
    return bytes && utf8(bytes);
  };
  /** Hands a part to an exceljs parser as the stream it wants, and closes it when the parser is done. */
  async function parse(name: string, kind: PartKind, parser: (entry: Readable) => Promise<void>) {
    const chunks = text(name, kind);
    if (!chunks) throw invalid(importMessages.format);
    const entry = Readable.from(chunks);
    try {
      await parser(entry);
    } finally {
      // a parser may stop at its root element's end: what is left is not inflated
      entry.destroy();
    }
  }
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), READ_OPTIONS);
  const book = reader as unknown as ReaderInternals;
  await parse('xl/_rels/workbook.xml.rels', 'part', (e) => base._parseRels.call(book, e));
  await parse('xl/workbook.xml', 'part', (e) => base._parseWorkbook.call(book, e));
  const rels = book.workbookRels ?? [];
  /** A part the workbook points at, by relationship type; targets are relative to xl/. */
  const target = (t: string) => (t.startsWith('/') ? t.slice(1) : path.posix.join('xl', t));
  const partOf = (type: string, fallback: string) => {
    const rel = rels.find((r) => r.Type?.endsWith(`/${type}`));
    return rel ? target(rel.Target) : fallback;
  };

  const strings = partOf('sharedStrings', 'xl/sharedStrings.xml');
  if (zip.has(strings))
    await parse(strings, 'sharedStrings', async (e) => {
      const shared: (string | null)[] = [];
      for await (const s of base._parseSharedStrings.call(book, e)) shared.push(plainText(s.text));
      book.sharedStrings = shared;
    });
  const styles = partOf('styles', 'xl/styles.xml');
  if (zip.has(styles)) await parse(styles, 'part', (e) => base._parseStyles.call(book, e));

  const first = book.model?.sheets?.[0];
  if (!first) return;
  const rel = rels.find((r) => r.Id === first.rId);
  const chunks = rel && text(target(rel.Target), 'sheet');
  if (!chunks) throw invalid(importMessages.format);
  for (const { value: sheet } of base._parseWorksheet.call(
    book,
    guardSheet(chunks, limits),
    String(first.id),
  ))
    for await (const row of sheet) if (!visit(row)) return;
}
