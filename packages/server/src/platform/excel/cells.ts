import type { CellValue } from 'exceljs';

/** What a spreadsheet cell means once its Excel wrapping (rich text, formula …) is removed. */
export type PlainCell = string | number | boolean | Date;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Spreadsheet dates carry no time zone, and the people who open them work in China Standard
 * Time: date-times are written and read as UTC+8 wall-clock time.
 */
const SHEET_UTC_OFFSET_MINUTES = 480;
const OFFSET_MS = SHEET_UTC_OFFSET_MINUTES * 60_000;
const DAY_MS = 86_400_000;
/** 1970-01-01 as an Excel serial day number (1900 date system). */
const UNIX_EPOCH_SERIAL = 25_569;

/**
 * Text that a spreadsheet could take for a formula (OWASP "CSV injection": = + - @, tab, carriage
 * return, and the full-width forms a Chinese input method produces) gets a leading apostrophe.
 * We chose the apostrophe over a leading tab because it is visible, so nobody mistakes the cell
 * for its formula, and because Excel itself reads a typed leading apostrophe as "this is text":
 * editing the cell and pressing Enter still does not evaluate it. Imports strip it again
 * (`unneutralise`), so an exported file re-imports unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;

export const neutralise = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

const unneutralise = (text: string): string =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;

/** A JS Date Excel will show as the given instant's UTC+8 wall-clock time. */
export const sheetDateTime = (instant: Date): Date => new Date(instant.getTime() + OFFSET_MS);

/** The instant meant by a wall-clock time read from a sheet (exceljs reads it as UTC). */
export const instantOfSheetTime = (wallClock: Date): Date => new Date(wallClock.getTime() - OFFSET_MS);

/** 'YYYY-MM-DD' (a date column) as the Date Excel shows as that day. */
export function sheetDate(day: string | Date): Date | undefined {
  if (day instanceof Date) return day;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : undefined;
}

/** An Excel serial day number (a date cell without a date format) as a UTC wall-clock Date. */
export const dateOfSerial = (serial: number): Date => new Date((serial - UNIX_EPOCH_SERIAL) * DAY_MS);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** 'YYYY-MM-DD' of a UTC wall-clock Date. */
export const dayText = (d: Date): string =>
  `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** 'YYYY-MM-DD HH:mm:ss' of a UTC wall-clock Date; midnight shows as the day alone. */
export function wallClockText(d: Date): string {
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return time === '00:00:00' ? dayText(d) : `${dayText(d)} ${time}`;
}

/**
 * The meaning of a cell as read by exceljs: rich text becomes its text, a formula its cached
 * result, a hyperlink its text, an error its code; text is trimmed and de-neutralised, and an
 * empty cell is undefined.
 */
export function plainCell(value: CellValue): PlainCell | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const text = unneutralise(value).trim();
    return text === '' ? undefined : text;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if ('richText' in value) return plainCell(value.richText.map((part) => part.text).join(''));
  if ('result' in value) return plainCell(value.result as CellValue);
  if ('formula' in value || 'sharedFormula' in value) return undefined;
  if ('hyperlink' in value) return plainCell(value.text as CellValue);
  if ('error' in value) return value.error;
  return undefined;
}

/** How a plain cell is quoted back to the user in an error list. */
export const cellText = (value: PlainCell): string =>
  value instanceof Date ? wallClockText(value) : String(value);
