import { BOOLEAN_LABELS, importReasons } from '@factory/shared/api/import';
import type { FieldDecl } from '@factory/shared/entities/define';
import { dateOfSerial, dayText, instantOfSheetTime, type PlainCell, wallClockText } from './cells.ts';

/** A cell turned into a field's value, or the reason it cannot be. */
export type Converted = { value: unknown } | { error: string };

const ok = (value: unknown): Converted => ({ value });
const fail = (error: string): Converted => ({ error });

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
/** 2024-03-01, 2024/3/1, 2024.3.1 or 2024年3月1日, optionally followed by a time of day. */
const DATE_TEXT = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

const BOOLEAN_TEXT = new Map<string, boolean>([
  [BOOLEAN_LABELS.true, true],
  [BOOLEAN_LABELS.false, false],
  ['true', true],
  ['false', false],
  ['1', true],
  ['0', false],
]);

/** Text of a cell for text fields: a date typed into a text column reads as Excel shows it. */
const textOf = (cell: PlainCell): string => (cell instanceof Date ? wallClockText(cell) : String(cell));

function numberOf(cell: PlainCell): number | undefined {
  if (typeof cell === 'number') return cell;
  if (typeof cell === 'string' && NUMERIC.test(cell)) return Number(cell);
  return undefined;
}

function checkRange(f: FieldDecl, n: number): Converted {
  if (f.min !== undefined && n < f.min) return fail(importReasons.min(f.min));
  if (f.max !== undefined && n > f.max) return fail(importReasons.max(f.max));
  return ok(n);
}

/** A wall-clock time (as exceljs reads dates: UTC fields) from a date cell, serial or text. */
function wallClockOf(cell: PlainCell): Date | undefined {
  if (cell instanceof Date) return cell;
  if (typeof cell === 'number') return dateOfSerial(cell);
  const m = typeof cell === 'string' ? DATE_TEXT.exec(cell) : null;
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date.UTC rolls 2024-02-30 over into March: a day that does not exist is not a date
  const real = date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
  return real ? date : undefined;
}

/** Serial numbers carry float noise (10:00 reads as 09:59:59.9999): round to the second. */
const toSecond = (d: Date) => new Date(Math.round(d.getTime() / 1000) * 1000);

type Converter = (f: FieldDecl, cell: PlainCell) => Converted;

function convertText(f: FieldDecl, cell: PlainCell): Converted {
  const text = textOf(cell);
  // code points, as PostgreSQL counts characters; the UTF-16 length is an upper bound
  if (f.maxLength !== undefined && text.length > f.maxLength && [...text].length > f.maxLength) {
    return fail(importReasons.maxLength(f.maxLength));
  }
  if (f.pattern && !patternOf(f).test(text)) return fail(f.pattern.message);
  return ok(text);
}

const patterns = new WeakMap<FieldDecl, RegExp>();
function patternOf(f: FieldDecl): RegExp {
  let re = patterns.get(f);
  if (!re) {
    re = new RegExp((f.pattern as { source: string }).source);
    patterns.set(f, re);
  }
  return re;
}

const optionsOf = new WeakMap<FieldDecl, Map<string, unknown>>();
/** Enum cells may hold the Chinese label (what the template offers) or the raw value. */
function enumOptions(f: FieldDecl): Map<string, unknown> {
  let options = optionsOf.get(f);
  if (!options) {
    const items = f.enum?.items ?? [];
    options = new Map(items.map((item) => [String(item.value), item.value as unknown]));
    for (const item of items) options.set(item.label, item.value);
    optionsOf.set(f, options);
  }
  return options;
}

const converters: Record<FieldDecl['type'], Converter> = {
  string: convertText,
  text: convertText,
  integer(f, cell) {
    const n = numberOf(cell);
    return n !== undefined && Number.isSafeInteger(n) ? checkRange(f, n) : fail(importReasons.integer);
  },
  number(f, cell) {
    const n = numberOf(cell);
    return n !== undefined && Number.isFinite(n) ? checkRange(f, n) : fail(importReasons.number);
  },
  boolean(_f, cell) {
    const b = typeof cell === 'boolean' ? cell : BOOLEAN_TEXT.get(textOf(cell).toLowerCase());
    return b === undefined ? fail(importReasons.boolean) : ok(b);
  },
  date(_f, cell) {
    const d = wallClockOf(cell);
    return d ? ok(dayText(toSecond(d))) : fail(importReasons.date);
  },
  datetime(_f, cell) {
    const d = wallClockOf(cell);
    return d ? ok(instantOfSheetTime(toSecond(d))) : fail(importReasons.datetime);
  },
  enum(f, cell) {
    const options = enumOptions(f);
    const key = textOf(cell);
    if (options.has(key)) return ok(options.get(key));
    return fail(importReasons.enum((f.enum?.items ?? []).map((item) => item.label)));
  },
};

/**
 * Converts one non-empty cell to the field's value: text (length, pattern), integer and number
 * (range), boolean (是/否), date ('YYYY-MM-DD'), datetime (a Date; sheet times are UTC+8, see
 * cells.ts) or enum (label or value). A reference field yields its text, which the
 * check then looks up.
 */
export function convertCell(f: FieldDecl, cell: PlainCell): Converted {
  return f.ref ? ok(textOf(cell)) : converters[f.type](f, cell);
}
