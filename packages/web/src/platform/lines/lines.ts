import type { ReactNode } from 'react';

/**
 * The pure part of a document's lines (BOM lines, flow steps, and every order, work order and
 * stock document to come): the column declaration, per-line checks with messages that name the
 * row and the column, moving lines, and turning text pasted from Excel into line values.
 */

/** An option of a select column: matched by its label or its code when text is pasted. */
export interface LineOption {
  value: string | number;
  label: string;
  code?: string;
}

/** What a pasted cell becomes: a value (and other fields it brings), or why it could not. */
export type PasteResult<T> = { value: unknown; patch?: Partial<T> } | { error: string };

/** What a custom cell gets to draw its control. */
export interface CellContext<T> {
  /** The control's id: unique per editor, line and column, as a form item's would be. */
  id: string;
  value: unknown;
  line: T;
  index: number;
  disabled: boolean;
  status?: 'error';
  /** Sets this cell's value, and other fields of the line with it (a material brings its unit). */
  set(value: unknown, patch?: Partial<T>): void;
}

export type LineEditorKind<T> =
  | { kind: 'text'; maxLength?: number; placeholder?: string }
  | {
      kind: 'number';
      min?: number;
      max?: number;
      precision?: number;
      placeholder?: string;
      suffix?(line: T): ReactNode;
    }
  | { kind: 'select'; options: readonly LineOption[]; placeholder?: string; allowClear?: boolean }
  | {
      kind: 'custom';
      render(cell: CellContext<T>): ReactNode;
      /** Turns pasted text into the value (a remote select looks the code up); pasting is skipped without it. */
      paste?(text: string, line: T): PasteResult<T> | Promise<PasteResult<T>>;
    }
  /** Shown, not edited (a material's code and unit beside its select); Enter, Tab and paste skip it. */
  | { kind: 'view'; render(line: T, index: number): ReactNode };

export interface LineColumn<T> {
  /** The line's field the column edits (or a name of its own for a view column). */
  key: string;
  title: string;
  width?: number;
  editor: LineEditorKind<T>;
  required?: boolean;
  /** The fault of a filled value, said after the column's name: '须大于0' → 第3行“用量”须大于0. */
  validate?(value: unknown, line: T, index: number): string | undefined;
}

export interface LineError {
  index: number;
  key: string;
  message: string;
}

export const isEmptyValue = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && !v.length);

export const lineMessage = (index: number, title: string, fault: string) =>
  `第${index + 1}行“${title}”${fault}`;

export const isEditable = <T>(c: LineColumn<T>) => c.editor.kind !== 'view';

const fieldOf = <T>(line: T, key: string): unknown => (line as Record<string, unknown>)[key];

/** Every line's faults: required columns left empty, then each column's own check. */
export function lineErrors<T>(columns: readonly LineColumn<T>[], lines: readonly T[]): LineError[] {
  const out: LineError[] = [];
  lines.forEach((line, index) => {
    for (const c of columns) {
      if (!isEditable(c)) continue;
      const v = fieldOf(line, c.key);
      const fault = isEmptyValue(v) ? (c.required ? '不能为空' : undefined) : c.validate?.(v, line, index);
      if (fault) out.push({ index, key: c.key, message: lineMessage(index, c.title, fault) });
    }
  });
  return out;
}

/**
 * A line that passed `lineErrors` typed as such: its required cells are filled, so a save call can
 * take it. Throws when one is empty, which only a save without the editor's check could meet.
 */
export function filled<T, K extends keyof T>(line: T, ...keys: K[]): T & { [P in K]-?: NonNullable<T[P]> } {
  const empty = keys.find((k) => isEmptyValue(line[k]));
  if (empty !== undefined) throw new Error(`line saved without ${String(empty)}`);
  return line as T & { [P in K]-?: NonNullable<T[P]> };
}

/** The list with the line at `from` moved to `to`. */
export function moveLine<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [line] = out.splice(from, 1);
  out.splice(to, 0, line);
  return out;
}

/**
 * Excel's clipboard text as rows of cells: tab between cells, a line break between rows, the
 * trailing line break dropped, and quoted cells (a cell holding a line break or a tab) unquoted.
 */
export function parseClipboard(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  const s = text.replace(/\r\n?/g, '\n');
  while (i < s.length) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else cell += ch;
      i++;
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === '\t') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
    i++;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Pasted text holds more than one cell. */
export const isGrid = (text: string) => /[\t\n\r]/.test(text.replace(/[\r\n]+$/, ''));

/** A number from pasted text ('1,234.5', ' 12 ', '１２'), checked against the column's limits. */
export function parseNumber(
  text: string,
  { min, max, precision }: { min?: number; max?: number; precision?: number } = {},
): PasteResult<never> {
  const t = text
    .trim()
    .replace(/[０-９．－]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[,\s]/g, '');
  if (t === '') return { value: undefined };
  const n = Number(t);
  if (!Number.isFinite(n)) return { error: `“${text.trim()}”不是数字` };
  if (min !== undefined && n < min) return { error: `不能小于${min}` };
  if (max !== undefined && n > max) return { error: `不能大于${max}` };
  const value = precision === undefined ? n : Number(n.toFixed(precision));
  return { value };
}

/** The option a pasted text names, by label or code, ignoring case and surrounding spaces. */
export function matchOption(options: readonly LineOption[], text: string): LineOption | undefined {
  const t = text.trim().toLowerCase();
  if (!t) return undefined;
  return (
    options.find((o) => o.label.trim().toLowerCase() === t) ??
    options.find((o) => o.code?.trim().toLowerCase() === t) ??
    options.find((o) => String(o.value).toLowerCase() === t)
  );
}

/** What one pasted text becomes in a column, by the column's editor. */
export async function pasteValue<T>(column: LineColumn<T>, text: string, line: T): Promise<PasteResult<T>> {
  const e = column.editor;
  switch (e.kind) {
    case 'text':
      return { value: e.maxLength ? text.trim().slice(0, e.maxLength) : text.trim() };
    case 'number':
      return parseNumber(text, e);
    case 'select': {
      if (!text.trim()) return { value: undefined };
      const o = matchOption(e.options, text);
      return o ? { value: o.value } : { error: `没有“${text.trim()}”这一项` };
    }
    case 'custom':
      if (!text.trim()) return { value: undefined };
      return e.paste ? e.paste(text.trim(), line) : { error: '不能粘贴' };
    default:
      return { value: fieldOf(line, column.key) };
  }
}

/**
 * Pasted cells laid onto the lines from (`row`, the `col`-th editable column) rightwards and
 * downwards, adding lines from `blank` as needed. A cell that cannot be read leaves the field
 * empty and is reported, named by row and column.
 */
export async function applyPaste<T>({
  lines,
  columns,
  grid,
  row,
  col,
  blank,
}: {
  lines: readonly T[];
  columns: readonly LineColumn<T>[];
  grid: readonly (readonly string[])[];
  row: number;
  col: number;
  blank(lines: readonly T[]): T;
}): Promise<{ lines: T[]; errors: LineError[]; added: number }> {
  const targets = columns.filter(isEditable).slice(col);
  const out = [...lines];
  const before = out.length;
  for (let r = 0; r < grid.length; r++) if (row + r >= out.length) out.push(blank(out));
  const errors: LineError[] = [];
  await Promise.all(
    grid.map(async (cells, r) => {
      const at = row + r;
      let line = out[at];
      const results = await Promise.all(
        targets.slice(0, cells.length).map((c, i) => pasteValue(c, cells[i], out[at])),
      );
      results.forEach((res, i) => {
        const c = targets[i];
        if ('error' in res) {
          line = { ...line, [c.key]: undefined };
          errors.push({ index: at, key: c.key, message: lineMessage(at, c.title, res.error) });
        } else line = { ...line, ...res.patch, [c.key]: res.value };
      });
      out[at] = line;
    }),
  );
  errors.sort((a, b) => a.index - b.index);
  return { lines: out, errors, added: out.length - before };
}

/**
 * A server's per-field faults of a lines call (`items.2.childId`) as line errors; faults that are
 * not about a line are left to the message the request client showed. A message that already names
 * its row (the server's '第2行“数量”不能小于0.000001') is kept as it is; a fault of a field that has
 * no column is put on the line's first editable cell, so the row is marked all the same.
 */
export function serverLineErrors<T>(
  fields: readonly { field: string; message: string }[],
  listName: string,
  columns: readonly LineColumn<T>[],
): LineError[] {
  const re = new RegExp(`^${listName}\\.(\\d+)\\.(\\w+)$`);
  const first = columns.find(isEditable);
  return fields.flatMap((f) => {
    const m = re.exec(f.field);
    if (!m) return [];
    const index = Number(m[1]);
    const c = columns.find((x) => x.key === m[2] && isEditable(x));
    const key = c?.key ?? first?.key;
    if (key === undefined) return [];
    const message = f.message.startsWith(`第${index + 1}行`)
      ? f.message
      : `第${index + 1}行${c ? `“${c.title}”` : ''}：${f.message}`;
    return [{ index, key, message }];
  });
}
