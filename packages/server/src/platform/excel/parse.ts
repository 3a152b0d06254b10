import { DEFAULT_START_ROW, IMPORT_MAX_ROWS, importMessages } from '@factory/shared/api/import';
import { type EntityDecl, importFields, importHeader } from '@factory/shared/entities/define';
import type { CellValue, Row } from 'exceljs';
import type { UnpackLimits } from '../../config.ts';
import { AppError, invalid } from '../errors.ts';
import { type PlainCell, plainCell } from './cells.ts';
import { readFirstSheet } from './reader.ts';

export interface ParsedRow {
  /** Row number as Excel shows it. */
  rowNumber: number;
  /** Field → non-empty cell of the columns the header row matched. */
  values: Record<string, PlainCell>;
}

export interface ParsedImport {
  rows: ParsedRow[];
  /** Problems of the header row (a required column missing, a column twice): nothing can be checked. */
  headerErrors: string[];
}

export interface ParseOptions {
  /** The header row, 1-based (spec 000 §5: configurable, default 1); data starts below it. */
  startRow?: number;
  /** What the file may unpack to; default the process's (config.ts, loadUnpackLimits). */
  limits?: UnpackLimits;
}

/** The cells of a row, 0-based by column; empty cells are undefined. */
type Cells = (PlainCell | undefined)[];

function cellsOf(row: Row): Cells {
  const values = row.values as CellValue[];
  const cells: Cells = [];
  for (let c = 1; c < values.length; c++) cells.push(plainCell(values[c]));
  return cells;
}

const isEmpty = (cells: Cells) => cells.every((cell) => cell === undefined);

/** Header text as matched: trimmed, without the '*' the template marks required columns with. */
const headerKey = (cell: PlainCell | undefined) =>
  cell === undefined ? '' : String(cell).replace(/^[\s*＊]+|[\s*＊]+$/g, '');

/** Column index → field, by header text (`importHeader`); unknown columns are ignored. */
function matchColumns(decl: EntityDecl, header: Cells) {
  const byHeader = new Map(importFields(decl).map(([key, f]) => [importHeader(f), key]));
  const columns = new Map<number, string>();
  const seen = new Set<string>();
  const headerErrors: string[] = [];
  header.forEach((cell, index) => {
    const text = headerKey(cell);
    const key = byHeader.get(text);
    if (key === undefined) return;
    if (seen.has(key)) headerErrors.push(importMessages.duplicateColumn(text));
    else columns.set(index, key);
    seen.add(key);
  });
  const missing = importFields(decl)
    .filter(([key, f]) => f.required && !seen.has(key))
    .map(([, f]) => importHeader(f));
  if (missing.length) headerErrors.unshift(importMessages.missingColumns(missing));
  return { columns, headerErrors };
}

interface SheetRows {
  header: Cells;
  rows: { rowNumber: number; cells: Cells }[];
}

/**
 * The header row and the non-empty data rows below it. Refuses an empty sheet and more than
 * IMPORT_MAX_ROWS data rows with the spec's messages, and anything exceljs cannot read as a
 * format error.
 */
async function readRows(buffer: Buffer, startRow: number, limits?: UnpackLimits): Promise<SheetRows> {
  if (!Number.isSafeInteger(startRow) || startRow < 1) throw invalid(importMessages.badStartRow);
  const out: SheetRows = { header: [], rows: [] };
  let tooMany = false;
  try {
    await readFirstSheet(
      buffer,
      (row) => {
        if (row.number < startRow) return true;
        const cells = cellsOf(row);
        if (row.number === startRow) out.header = cells;
        else if (!isEmpty(cells)) {
          tooMany = out.rows.length === IMPORT_MAX_ROWS;
          if (!tooMany) out.rows.push({ rowNumber: row.number, cells });
        }
        return !tooMany;
      },
      limits,
    );
  } catch (err) {
    // a limit's refusal names the limit; anything else the reader trips on is a malformed file
    throw err instanceof AppError ? err : invalid(importMessages.format);
  }
  if (tooMany) throw invalid(importMessages.tooManyRows);
  if (out.rows.length === 0) throw invalid(importMessages.empty);
  return out;
}

/**
 * Reads an import file against an entity declaration: the first sheet, header at `startRow`,
 * columns matched to fields by header text, cells reduced to plain values (see plainCell).
 */
export async function parseImport(
  buffer: Buffer,
  decl: EntityDecl,
  { startRow = DEFAULT_START_ROW, limits }: ParseOptions = {},
): Promise<ParsedImport> {
  const sheet = await readRows(buffer, startRow, limits);
  const { columns, headerErrors } = matchColumns(decl, sheet.header);
  const rows = sheet.rows.map(({ rowNumber, cells }) => {
    const values: Record<string, PlainCell> = {};
    for (const [index, key] of columns) {
      const cell = cells[index];
      if (cell !== undefined) values[key] = cell;
    }
    return { rowNumber, values };
  });
  return { rows, headerErrors };
}

/**
 * Reads the file exactly as an import does, without a declaration, and returns the number of
 * data rows: the baseline the import benchmark compares check + write against.
 */
export async function parseOnly(buffer: Buffer, { startRow = DEFAULT_START_ROW, limits }: ParseOptions = {}) {
  return (await readRows(buffer, startRow, limits)).rows.length;
}
