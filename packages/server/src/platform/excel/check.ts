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

/** The state of one check: converted data per row and the errors found so far. */
class Checker {
  readonly data: Record<string, unknown>[];
  private readonly errors: (ImportError & { col: number })[] = [];
  private readonly bad = new Set<number>();

  constructor(
    readonly rows: ParsedRow[],
    readonly fields: Field[],
  ) {
    this.data = rows.map(() => ({}));
  }

  report(i: number, field: Field, reason: string): void {
    const cell = this.rows[i].values[field[0]];
    const value = cell === undefined ? undefined : cellText(cell).slice(0, MAX_QUOTED);
    const col = this.fields.indexOf(field);
    this.errors.push({ row: this.rows[i].rowNumber, column: importHeader(field[1]), value, reason, col });
    this.bad.add(i);
    delete this.data[i][field[0]];
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
 * Validates every row completely (spec 000 §4 step "check"): required, type and format, unknown
 * references, duplicates within the file and in the database. Every bad cell of every row is
 * reported, ordered by row and column; rows without errors come back converted, ready to write.
 */
export async function checkImport(
  rows: ParsedRow[],
  decl: EntityDecl,
  hooks: ImportHooks,
): Promise<ImportCheck> {
  const c = new Checker(rows, importFields(decl));
  convertAll(c);
  await resolveRefs(c, hooks);
  await checkUnique(c, hooks);
  return c.result();
}
