import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';

/** Dates need the styles (a date is a number with a date format); hyperlinks are not needed. */
const READ_OPTIONS = {
  sharedStrings: 'cache',
  styles: 'cache',
  hyperlinks: 'ignore',
  worksheets: 'emit',
} as const;

type Entry = Readable;
type Chunks = AsyncIterable<Buffer | string>;

/** The parts of exceljs 4.4's streaming reader that turn zip entries into XML text. */
interface ReaderInternals {
  _parseWorkbook(entry: Entry): Promise<void>;
  _parseSharedStrings(entry: Entry): AsyncGenerator<unknown>;
  _parseStyles(entry: Entry): Promise<void>;
  _parseWorksheet(chunks: Chunks, sheetNo: string): Generator<unknown>;
}

const base = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as ReaderInternals;
for (const name of ['_parseWorkbook', '_parseSharedStrings', '_parseStyles', '_parseWorksheet'] as const) {
  // an exceljs upgrade that renames these must fail here, not silently garble text
  if (typeof base[name] !== 'function') throw new Error(`exceljs: WorkbookReader.${name} is gone`);
}

/** Decodes UTF-8 across chunk boundaries. */
async function* utf8(chunks: Chunks): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) yield typeof chunk === 'string' ? chunk : decoder.write(chunk);
  const rest = decoder.end();
  if (rest) yield rest;
}

/**
 * exceljs's streaming reader decodes each chunk of XML on its own, so a Chinese character cut by
 * a chunk boundary becomes replacement characters (a 10 000-row file came back with two names
 * garbled, and they were written so). Its parsers accept text as well as bytes: these overrides
 * hand them text decoded across chunk boundaries.
 */
class Utf8WorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  _parseWorkbook(entry: Entry) {
    return base._parseWorkbook.call(this, entry.setEncoding('utf8'));
  }
  _parseSharedStrings(entry: Entry) {
    return base._parseSharedStrings.call(this, entry.setEncoding('utf8'));
  }
  _parseStyles(entry: Entry) {
    return base._parseStyles.call(this, entry.setEncoding('utf8'));
  }
  _parseWorksheet(chunks: Chunks, sheetNo: string) {
    return base._parseWorksheet.call(this, utf8(chunks), sheetNo);
  }
}

type SheetReader = AsyncIterable<ExcelJS.Row> & { name?: string };

/**
 * Streams the first sheet (in tab order) row by row until `visit` answers false, so a file with
 * far too many rows costs only the rows up to the limit, and memory holds one row at a time.
 * Only the inner loop is ever left early: leaving the outer one would skip exceljs's clean-up of
 * the temporary file it parks a sheet in while the shared strings, which Excel stores after the
 * sheets, are still to come.
 */
export async function readFirstSheet(buffer: Buffer, visit: (row: ExcelJS.Row) => boolean): Promise<void> {
  const reader = new Utf8WorkbookReader(Readable.from(buffer), READ_OPTIONS);
  let done = false;
  for await (const sheet of reader as AsyncIterable<SheetReader>) {
    const firstTab = (reader as { model?: { sheets?: { name: string }[] } }).model?.sheets?.[0];
    const wanted: boolean = !done && (!firstTab || firstTab.name === sheet.name);
    done ||= wanted;
    // a sheet that is not read is still entered and left, which closes its file
    for await (const row of sheet) if (!wanted || !visit(row)) break;
  }
}
