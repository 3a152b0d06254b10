import { type ImportError, importReasons } from '@factory/shared/api/import';
import {
  type EntityDecl,
  type FieldDecl,
  importFields,
  importHeader,
  requiredMessage,
} from '@factory/shared/entities/define';
import { cellText, type PlainCell } from './cells.ts';
import { convertCell } from './convert.ts';
import type { ParsedRow } from './parse.ts';

/**
 * The database look-ups a check needs, batched: each is called once per field with every
 * distinct value of the file, never once per row. The caller runs them in its tenant
 * transaction (see tableLookups for the drizzle binding).
 */
export interface ImportHooks {
  /** Ids of the referenced rows whose code or name is among `values` (value → id). */
  lookupRefs(field: string, by: 'code' | 'name', values: string[]): Promise<Map<string, unknown>>;
  /** Which of `values` a unique field already has in the database (compared as text). */
  existing(field: string, values: (string | number)[]): Promise<Set<unknown>>;
  /** Rules across the fields of a row whose cells are all valid: the field (key) to blame and why. */
  checkRow?(data: Record<string, unknown>): { key: string; message: string }[];
  /**
   * Rules across rows and the database that a row alone cannot answer (a location that must lie in
   * the row's warehouse, a batch number another material has), called once with every row still
   * valid after the checks above, so its look-ups are batched too. It may put what it looked up
   * into a row's `data` (the warehouse's id) for the write; each problem names the row (its
   * `rowNumber`), the field (key) to blame and why.
   */
  checkRows?(rows: readonly ValidRow[]): Promise<RowProblem[]>;
}

/** A row refused by a rule across rows: the field (key) to blame and why. */
export interface RowProblem {
  rowNumber: number;
  key: string;
  message: string;
}

export interface ValidRow {
  rowNumber: number;
  /** Field → converted value (a reference field holds the referenced id); empty cells absent. */
  data: Record<string, unknown>;
}

export interface ImportCheck {
  valid: ValidRow[];
  errors: ImportError[];
}

/** Error values quoted back to the user are cut to this many characters. */
const MAX_QUOTED = 100;

type Field = [key: string, decl: FieldDecl];

/**
 * A file's rows after the checks that need no database (required, type and format): what
 * `convertRows` returns and `checkConverted` finishes. It depends only on the rows and the
 * declaration, so it stays true while the database changes, and the write step can reuse the
 * check step's instead of reading the file again (see cache.ts). Treat it as read-only:
 * `checkConverted` works on a copy.
 */
export interface ConvertedRows {
  readonly rows: readonly ParsedRow[];
  readonly fields: readonly Field[];
  /** Converted data per row; a bad cell's field is absent. */
  readonly data: readonly Readonly<Record<string, unknown>>[];
  readonly errors: readonly CheckError[];
  /** Indexes of the rows with an error. */
  readonly bad: readonly number[];
}

type CheckError = ImportError & { col: number };

/** The state of one check: converted data per row and the errors found so far. */
class Checker {
  readonly data: Record<string, unknown>[];
  private readonly errors: CheckError[];
  private readonly bad: Set<number>;

  constructor(
    readonly rows: readonly ParsedRow[],
    readonly fields: readonly Field[],
    from?: ConvertedRows,
  ) {
    // a copy: the database checks change the data (a reference's text becomes its id)
    this.data = from ? from.data.map((data) => ({ ...data })) : rows.map(() => ({}));
    this.errors = from ? [...from.errors] : [];
    this.bad = new Set(from?.bad);
  }

  report(i: number, field: Field, reason: string): void {
    const cell = this.rows[i].values[field[0]];
    const value = cell === undefined ? undefined : cellText(cell).slice(0, MAX_QUOTED);
    const col = this.fields.indexOf(field);
    this.errors.push({ row: this.rows[i].rowNumber, column: importHeader(field[1]), value, reason, col });
    this.bad.add(i);
    delete this.data[i][field[0]];
  }

  isBad(i: number): boolean {
    return this.bad.has(i);
  }

  /** The field a rule blames; one the template lacks still refuses the row, on its first column. */
  fieldOf(key: string): Field {
    return this.fields.find(([k]) => k === key) ?? this.fields[0];
  }

  /** Rows holding a converted value for the field, grouped by that value as text. */
  byValue([key]: Field): Map<string, number[]> {
    const groups = new Map<string, number[]>();
    this.data.forEach((data, i) => {
      if (!(key in data)) return;
      const text = String(data[key]);
      const group = groups.get(text);
      if (group) group.push(i);
      else groups.set(text, [i]);
    });
    return groups;
  }

  snapshot(): ConvertedRows {
    return {
      rows: this.rows,
      fields: this.fields,
      data: this.data,
      errors: [...this.errors],
      bad: [...this.bad],
    };
  }

  result(): ImportCheck {
    const valid = this.rows.flatMap((row, i) =>
      this.bad.has(i) ? [] : [{ rowNumber: row.rowNumber, data: this.data[i] }],
    );
    const errors = this.errors
      .sort((a, b) => a.row - b.row || a.col - b.col)
      .map(({ col, value, ...e }) => (value === undefined ? e : { ...e, value }));
    return { valid, errors };
  }
}

/** Required and type/format rules, cell by cell. */
function convertAll(c: Checker): void {
  c.rows.forEach((row, i) => {
    for (const field of c.fields) {
      const [key, f] = field;
      const cell: PlainCell | undefined = row.values[key];
      if (cell === undefined) {
        if (f.required) c.report(i, field, requiredMessage(f));
        continue;
      }
      const converted = convertCell(f, cell);
      if ('error' in converted) c.report(i, field, converted.error);
      else c.data[i][key] = converted.value;
    }
  });
}

/** References: one look-up per field; the code or name becomes the referenced id. */
async function resolveRefs(c: Checker, hooks: ImportHooks): Promise<void> {
  for (const field of c.fields) {
    const [key, f] = field;
    if (!f.ref) continue;
    const groups = c.byValue(field);
    if (groups.size === 0) continue;
    const ids = await hooks.lookupRefs(key, f.ref.by, [...groups.keys()]);
    for (const [text, rows] of groups) {
      const id = ids.get(text);
      for (const i of rows) {
        if (id === undefined) c.report(i, field, importReasons.unknownRef(f.ref.by, text, f.label));
        else c.data[i][key] = id;
      }
    }
  }
}

/** Unique fields: a repeat within the file names the first row; then one database look-up. */
async function checkUnique(c: Checker, hooks: ImportHooks): Promise<void> {
  for (const field of c.fields) {
    const [key, f] = field;
    if (!f.unique) continue;
    const groups = c.byValue(field);
    if (groups.size === 0) continue;
    const values = [...groups.values()].map((rows) => c.data[rows[0]][key] as string | number);
    const found = new Set([...(await hooks.existing(key, values))].map(String));
    for (const [text, rows] of groups) {
      rows.forEach((i, n) => {
        if (n > 0) c.report(i, field, importReasons.duplicateInFile(c.rows[rows[0]].rowNumber));
        if (found.has(text)) c.report(i, field, importReasons.duplicateInDb);
      });
    }
  }
}

/**
 * The checks that need no database (required, type and format), cell by cell. Finish with
 * `checkConverted`, at once or later: the result holds nothing the database could change.
 */
export function convertRows(rows: readonly ParsedRow[], decl: EntityDecl): ConvertedRows {
  const c = new Checker(rows, importFields(decl));
  convertAll(c);
  return c.snapshot();
}

/**
 * The database checks on converted rows (unknown references, duplicates within the file and in
 * the database, the hooks' rules), each a batched look-up through `hooks`, then the complete result. Leaves
 * `converted` unchanged, so the same rows can be checked again against a changed database.
 */
export async function checkConverted(converted: ConvertedRows, hooks: ImportHooks): Promise<ImportCheck> {
  const c = new Checker(converted.rows, converted.fields, converted);
  await resolveRefs(c, hooks);
  await checkUnique(c, hooks);
  rowRules(c, hooks);
  await acrossRows(c, hooks);
  return c.result();
}

/** Rules across fields, on the rows whose cells passed (a lower limit above the upper one). */
function rowRules(c: Checker, hooks: ImportHooks): void {
  if (!hooks.checkRow) return;
  c.data.forEach((data, i) => {
    if (c.isBad(i)) return;
    for (const problem of hooks.checkRow?.(data) ?? []) c.report(i, c.fieldOf(problem.key), problem.message);
  });
}

/** Rules across rows and the database, on the rows every check so far has passed. */
async function acrossRows(c: Checker, hooks: ImportHooks): Promise<void> {
  if (!hooks.checkRows) return;
  const indexOf = new Map<number, number>();
  const rows: ValidRow[] = [];
  c.data.forEach((data, i) => {
    if (c.isBad(i)) return;
    indexOf.set(c.rows[i].rowNumber, i);
    rows.push({ rowNumber: c.rows[i].rowNumber, data });
  });
  if (rows.length === 0) return;
  for (const problem of await hooks.checkRows(rows)) {
    const i = indexOf.get(problem.rowNumber);
    if (i === undefined) throw new Error(`import checkRows: row ${problem.rowNumber} was not given`);
    c.report(i, c.fieldOf(problem.key), problem.message);
  }
}

/**
 * Validates every row completely (spec 000 §4 step "check"): required, type and format, unknown
 * references, duplicates within the file and in the database, then the hooks' own rules. Every
 * bad cell of every row is reported, ordered by row and column; rows without errors come back
 * converted, ready to write.
 */
export function checkImport(rows: ParsedRow[], decl: EntityDecl, hooks: ImportHooks): Promise<ImportCheck> {
  return checkConverted(convertRows(rows, decl), hooks);
}
