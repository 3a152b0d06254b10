import { bodyKey, type EntityDecl, formFields } from '@factory/shared/entities/define';
import { parseFactoryTime } from '@factory/shared/factoryTime';
import { and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db.ts';
import { fieldError } from '../errors.ts';
import type { RefBinding } from '../excel/import.ts';
import { factoryTimeText } from '../factoryTime.ts';
import { qualified } from './qualified.ts';

/** Where a document's lines live (`CrudOptions.lines`). */
export interface LinesOptions {
  /** The lines' table: property names are the line fields' keys, plus `lineNo` and the document's id. */
  table: PgTable;
  /** The column holding the document's id. */
  docId: PgColumn;
  /** Per reference field of a line (materialsName): where its id, name and code live. */
  refs?: Record<string, RefBinding & { name: PgColumn }>;
  /** Line values beyond the table's own columns (a material's code and unit), as SQL. */
  columns?: Record<string, SQL | PgColumn>;
}

export type LineValues = Record<string, unknown>;

/**
 * The lines of a document declared with `lines` (DESIGN "documents with lines"): read in their
 * order with their references' names, checked (references by row, '第3行所选物料不存在或已被删除')
 * and written whole in the document's transaction — a save replaces the lines.
 */
export function documentLines(entity: EntityDecl, o: LinesOptions) {
  const decl = entity.lines;
  if (!decl) throw new Error(`${entity.name}: lines options without declared lines`);
  const cols = getTableColumns(o.table) as Record<string, PgColumn>;
  if (!cols.lineNo) throw new Error(`${entity.name}: its lines' table has no lineNo`);
  const fields = formFields(decl);

  const rowColumns: Record<string, SQL | PgColumn> = { id: cols.id };
  for (const [key, f] of Object.entries(decl.fields)) {
    if (key === 'id') continue;
    const ref = o.refs?.[key];
    const idField = f.ref?.idField;
    if (ref?.name && idField) {
      const own = cols[idField];
      if (!own) throw new Error(`${entity.name}.lines.${key}: no column ${idField}`);
      rowColumns[key] = sql<
        string | null
      >`(select r.${sql.identifier(ref.name.name)} from ${ref.name.table} r where r.${sql.identifier(ref.id.name)} = ${qualified(own)})`;
      rowColumns[idField] = own;
      continue;
    }
    const column = cols[key];
    if (!column) continue;
    rowColumns[key] =
      f.type === 'number'
        ? sql<number | null>`${qualified(column)}`.mapWith((v) => (v === null ? null : Number(v)))
        : f.type === 'datetime'
          ? factoryTimeText(qualified(column))
          : column;
  }
  Object.assign(rowColumns, o.columns);

  /** The lines of documents, in their order. */
  async function read(tx: Tx, docIds: number[]): Promise<Map<number, Record<string, unknown>[]>> {
    const byDoc = new Map<number, Record<string, unknown>[]>(docIds.map((id) => [id, []]));
    if (!docIds.length) return byDoc;
    const rows = await tx
      .select({ ...rowColumns, _doc: o.docId })
      .from(o.table)
      .where(inArray(o.docId, docIds))
      .orderBy(asc(o.docId), asc(cols.lineNo));
    for (const { _doc, ...row } of rows as (Record<string, unknown> & { _doc: number })[])
      byDoc.get(_doc)?.push(row);
    return byDoc;
  }

  /** A line body as table values: '' is empty, texts trimmed, times parsed. */
  function valuesOf(body: Record<string, unknown>): LineValues {
    const values: LineValues = {};
    for (const [key, f] of fields) {
      const k = bodyKey(key, f);
      let v = body[k];
      if (typeof v === 'string') v = v.trim();
      if (v === '' || v === undefined) v = null;
      if (f.type === 'datetime' && typeof v === 'string') v = parseFactoryTime(v) ?? v;
      values[k] = v;
    }
    return values;
  }

  /** Every line's references exist in the tenant (and pass the binding's narrowing). */
  async function checkRefs(tx: Tx, lines: LineValues[]) {
    for (const [key, f] of fields) {
      const ref = o.refs?.[key];
      if (!ref || !f.ref) continue;
      const k = bodyKey(key, f);
      const wanted = [...new Set(lines.map((l) => l[k]).filter((v): v is number => typeof v === 'number'))];
      if (!wanted.length) continue;
      const found = new Set(
        (
          await tx
            .select({ id: ref.id })
            .from(ref.id.table)
            .where(and(inArray(ref.id, wanted), ref.where))
        ).map((r) => r.id as number),
      );
      const bad = lines.findIndex((l) => typeof l[k] === 'number' && !found.has(l[k] as number));
      if (bad >= 0) throw fieldError(`lines.${bad}.${k}`, `第${bad + 1}行所选${f.label}不存在或已被删除`);
    }
  }

  /** Replaces a document's lines with these (already checked) values; answers the new lines' ids. */
  async function write(tx: Tx, docId: number, lines: LineValues[], isNew: boolean): Promise<number[]> {
    if (!isNew) await tx.delete(o.table).where(eq(o.docId, docId));
    if (!lines.length) return [];
    const docKey = Object.keys(cols).find((k) => cols[k] === o.docId) as string;
    const rows = await tx
      .insert(o.table)
      .values(lines.map((l, i) => ({ ...l, [docKey]: docId, lineNo: i + 1 })) as never)
      .returning({ id: cols.id });
    return rows.map((r) => r.id as number);
  }

  return { decl, fields, rowColumns, read, valuesOf, checkRefs, write };
}

export type DocumentLines = ReturnType<typeof documentLines>;
