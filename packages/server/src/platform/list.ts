import {
  DEFAULT_PAGE_SIZE,
  FILTER_OPERATORS,
  type FilterItem,
  type FilterOperator,
  PAGE_SIZES,
  UNPAGED_SIZE,
} from '@factory/shared/api/list';
import { decryptText } from '@factory/shared/crypto';
import type { EntityDecl, FieldDecl } from '@factory/shared/entities/define';
import {
  type AnyColumn,
  and,
  eq,
  getTableColumns,
  gt,
  gte,
  ilike,
  inArray,
  is,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias, PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { qualified } from './crud/qualified.ts';
import { fieldError, invalid } from './errors.ts';

export type ListFieldType = 'string' | 'number' | 'boolean' | 'date';

/** One field a list may filter or sort on. Nothing undeclared reaches SQL. */
export interface ListField {
  column: AnyColumn | SQL;
  type: ListFieldType;
  /** Operators allowed in searchVal; omitted means not filterable. */
  filter?: readonly FilterOperator[];
  sort?: boolean;
  /** A value looked up in another table (see `lookupValue`): filters become a semi-join on its key. */
  via?: Lookup;
}
export type ListFields = Record<string, ListField>;

/**
 * Every column a list declares searchable with `like` (directly or as a looked-up value), and the
 * `like` fields that are expressions rather than columns. Each column must carry an n-gram index
 * (`searchIndex` in platform/schema.ts): a test walks this registry against the migrated database.
 */
export const searched = { columns: new Set<PgColumn>(), expressions: new Set<string>() };

/** Declares a list's fields: what they search with `like` is registered in `searched`. */
export function listFields<T extends ListFields>(fields: T): T {
  for (const [name, f] of Object.entries(fields)) {
    if (!f.filter?.includes('like')) continue;
    const column = f.via ? f.via.value : f.column;
    if (is(column, PgColumn)) searched.columns.add(column);
    else searched.expressions.add(name);
  }
  return fields;
}

/** Where a looked-up value lives: the row's `key` points at `id` of `table`, whose `value` is shown. */
export interface Lookup {
  key: AnyColumn | SQL;
  table: PgTable;
  id: PgColumn;
  value: PgColumn;
}

const lookups = new WeakMap<object, Lookup>();

/**
 * Marks a row value (`expr`, the correlated look-up `(select value from table where id = key)`)
 * as that look-up, so a list filtering on it asks `key in (select id from table where value …)`
 * instead: the other table is searched once and the list's own indexes (or a hashed set of the
 * few ids found) do the rest, rather than one look-up per candidate row. Both forms keep the same
 * rows, a missing or empty value included (neither matches any condition). Returns `expr`.
 */
export function lookupValue<T extends SQL>(expr: T, via: Lookup): T {
  lookups.set(expr, via);
  return expr;
}

/**
 * The value of another table's row that `key` points at (`id`, its primary key by default), as
 * `lookupValue` marks it: a list shows and sorts on it, and filters through that table's own
 * indexes (a name searched by its n-grams) instead of looking it up for every row.
 */
export function lookedUp(key: PgColumn, value: PgColumn, id?: PgColumn): SQL<string | null> {
  const table = value.table;
  const idColumn = id ?? (getTableColumns(table) as Record<string, PgColumn>).id;
  return lookupValue(
    sql<
      string | null
    >`(select r.${sql.identifier(value.name)} from ${table} r where r.${sql.identifier(idColumn.name)} = ${qualified(key)})`,
    { key: qualified(key), table, id: idColumn, value },
  );
}

/** The semi-join form of a condition on a looked-up value (see `lookupValue`). */
function throughLookup(via: Lookup, condition: (column: AnyColumn) => SQL): SQL {
  const r = alias(via.table, '__lookup');
  const columns = getTableColumns(via.table) as Record<string, PgColumn>;
  const keyOf = (c: PgColumn) => {
    const found = Object.entries(columns).find(([, column]) => column === c)?.[0];
    if (!found) throw new Error(`lookup: column ${c.name} is not of its table`);
    return (r as unknown as Record<string, PgColumn>)[found];
  };
  return sql`${via.key} in (select ${keyOf(via.id)} from ${via.table} ${sql.identifier('__lookup')} where ${condition(keyOf(via.value))})`;
}

const MAX_FILTERS = 50;
const MAX_IN_VALUES = 1000;

/** Decrypts and shape-checks searchVal; anything that is not a list of filter items is refused. */
export async function decodeSearchVal(searchVal: string | undefined): Promise<FilterItem[]> {
  if (!searchVal) return [];
  const text = await decryptText(searchVal);
  if (text === undefined) throw fieldError('searchVal', '查询条件无法解析');
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    throw fieldError('searchVal', '查询条件无法解析');
  }
  if (!Array.isArray(list)) throw fieldError('searchVal', '查询条件应为列表');
  if (list.length > MAX_FILTERS) throw fieldError('searchVal', `查询条件不能超过${MAX_FILTERS}个`);
  return list.map((item) => {
    const f = item as Partial<FilterItem> | null;
    if (!f || typeof f !== 'object' || typeof f.fieldName !== 'string' || typeof f.operator !== 'string') {
      throw fieldError('searchVal', '查询条件格式不正确');
    }
    if (!(FILTER_OPERATORS as readonly string[]).includes(f.operator)) {
      throw fieldError('searchVal', `不支持的查询方式：${f.operator.slice(0, 20)}`);
    }
    return f as FilterItem;
  });
}

function coerce(field: string, type: ListFieldType, value: unknown): string | number | boolean | Date {
  const bad = () => fieldError(field, `查询条件“${field}”的值无效`);
  switch (type) {
    case 'string':
      if (typeof value !== 'string' && typeof value !== 'number') throw bad();
      if (String(value).length > 500) throw bad();
      return String(value);
    case 'number': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value)
            : Number.NaN;
      if (!Number.isFinite(n)) throw bad();
      return n;
    }
    case 'boolean':
      if (value === true || value === 1 || value === '1' || value === 'true') return true;
      if (value === false || value === 0 || value === '0' || value === 'false') return false;
      throw bad();
    case 'date': {
      const d = typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
      if (!d || Number.isNaN(d.getTime())) throw bad();
      return d;
    }
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `col ILIKE '%text%'` served by the column's n-gram index (`searchIndex` in platform/schema.ts):
 * every row whose lower-cased value contains the lower-cased text holds all of the text's
 * bigrams (its one character when it has one) among its own unigrams and bigrams, so the
 * containment narrows to a superset of the answer through the GIN index, and the ILIKE keeps
 * exactly its answer. Both grams are computed by the database (`app_grams`,
 * `app_pattern_grams`), with the lower-casing ILIKE itself uses.
 */
const byGrams = (col: PgColumn, text: string, pattern: string): SQL =>
  sql`(app_grams(${col}) @> app_pattern_grams(${text}) and ${ilike(col, pattern)})`;

/** One operator's condition on a column; the values are read (and checked) before the column is known. */
function conditionOf(
  operator: FilterOperator,
  fieldName: string,
  one: () => string | number | boolean | Date,
  list: () => (string | number | boolean | Date)[],
): (col: AnyColumn) => SQL {
  switch (operator) {
    case 'eq': {
      const v = one();
      return (col) => eq(col, v);
    }
    case 'ne': {
      const v = one();
      return (col) => ne(col, v);
    }
    case 'in': {
      const vs = list();
      return (col) => inArray(col, vs);
    }
    case 'like': {
      const text = String(one());
      const pattern = `%${escapeLike(text)}%`;
      return (col) => (text && is(col, PgColumn) ? byGrams(col, text, pattern) : ilike(col, pattern));
    }
    case 'gt': {
      const v = one();
      return (col) => gt(col, v);
    }
    case 'gte': {
      const v = one();
      return (col) => gte(col, v);
    }
    case 'lt': {
      const v = one();
      return (col) => lt(col, v);
    }
    case 'lte': {
      const v = one();
      return (col) => lte(col, v);
    }
    case 'between': {
      const [from, to] = list();
      if (from === undefined || to === undefined)
        throw fieldError('searchVal', `查询条件“${fieldName}”应为两个值`);
      return (col) => and(gte(col, from), lte(col, to)) as SQL;
    }
  }
}

/** Translates filters to one SQL condition, values always bound. */
export function whereOf(
  fields: ListFields,
  filters: FilterItem[],
  /** A `like` on one of these fields matches any of them that the list searches with `like`. */
  likeTogether: readonly string[] = [],
): SQL | undefined {
  const parts: SQL[] = [];
  for (const f of filters) {
    const decl = Object.hasOwn(fields, f.fieldName) ? fields[f.fieldName] : undefined;
    if (!decl?.filter) throw fieldError('searchVal', `不支持按“${f.fieldName.slice(0, 40)}”查询`);
    if (!decl.filter.includes(f.operator)) {
      throw fieldError('searchVal', `“${f.fieldName}”不支持${f.operator}查询`);
    }
    const one = () => coerce(f.fieldName, decl.type, f.fieldValue);
    const list = () => {
      const values = Array.isArray(f.fieldValue)
        ? f.fieldValue
        : String(f.fieldValue ?? '')
            .split(',')
            .filter(Boolean);
      if (values.length === 0 || values.length > MAX_IN_VALUES)
        throw fieldError('searchVal', `查询条件“${f.fieldName}”的值无效`);
      return values.map((v) => coerce(f.fieldName, decl.type, v));
    };
    const condition = conditionOf(f.operator, f.fieldName, one, list);
    const on = (d: ListField) => (d.via ? throughLookup(d.via, condition) : condition(d.column as AnyColumn));
    const together =
      f.operator === 'like' && likeTogether.includes(f.fieldName)
        ? likeTogether.flatMap((n) =>
            Object.hasOwn(fields, n) && fields[n].filter?.includes('like') ? [fields[n]] : [],
          )
        : [];
    parts.push(together.length > 1 ? (or(...together.map(on)) as SQL) : on(decl));
  }
  return parts.length ? and(...parts) : undefined;
}

/** '+prop' ascending, '-prop' descending, several comma-separated; only sortable fields. */
export function orderOf(fields: ListFields, order: string | undefined): SQL[] {
  if (!order) return [];
  return order.split(',').map((part) => {
    const dir = part[0];
    const name = part.slice(1);
    const decl = Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!decl?.sort || (dir !== '+' && dir !== '-'))
      throw fieldError('order', `不支持按“${name.slice(0, 40)}”排序`);
    // empty values last in both directions (PostgreSQL puts NULLs first when descending)
    return dir === '+' ? sql`${decl.column} asc nulls last` : sql`${decl.column} desc nulls last`;
  });
}

export function checkPageSize(pageSize: number, allowed: readonly number[] = PAGE_SIZES): void {
  if (pageSize !== UNPAGED_SIZE && !allowed.includes(pageSize)) {
    throw invalid(`每页条数应为${allowed.join('、')}之一`, [{ field: 'pageSize', message: '每页条数无效' }]);
  }
}

export interface ListPageQueryInput {
  currentPage?: number;
  pageSize?: number;
  searchVal?: string;
  order?: string;
}

export interface ListPageOptions {
  where?: SQL;
  defaultOrder: SQL[];
  /**
   * Counts at most this many rows past the start of the asked page: the total is exact while
   * fewer match, else it is the page's start + this limit (a pager can always go on from where it
   * is, and the count never reads a huge filtered set). Undefined counts every match.
   */
  countLimit?: number;
  /** See `whereOf`: the fields a `like` search covers together. */
  likeTogether?: readonly string[];
}

/** The page a list call asks for, and its filter and order as SQL. */
async function pageOf(fields: ListFields, query: ListPageQueryInput, opts: ListPageOptions) {
  // the page size was checked against the tenant's options when the route received it
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const page = query.currentPage ?? 1;
  const offset = (page - 1) * pageSize;
  return {
    page,
    pageSize,
    offset,
    where: and(opts.where, whereOf(fields, await decodeSearchVal(query.searchVal), opts.likeTogether)),
    order: [...orderOf(fields, query.order), ...opts.defaultOrder],
    countLimit: opts.countLimit === undefined ? undefined : offset + opts.countLimit,
  };
}

/**
 * The total of a list as a scalar subquery: the same select (its joins and grouping too), filtered
 * and counted, up to `limit` rows. PostgreSQL drops the counted select's columns nobody reads.
 */
function totalOf(
  // biome-ignore lint/suspicious/noExplicitAny: any drizzle select builder
  build: (extra: { total: SQL<number> }) => any,
  where: SQL | undefined,
  limit: number | undefined,
): SQL<number> {
  const counted = build({ total: sql`0` }).where(where);
  return sql<number>`(select count(*)::int from ${limit === undefined ? counted : counted.limit(limit)} as "__counted")`.mapWith(
    Number,
  );
}

/**
 * Runs a paged list in one statement: the page (filtered, sorted, limited — so an index on the
 * sort can stop after the page instead of sorting every match) and its total, a count of the same
 * filtered rows in a subquery run once (not `count(*) over()`, which makes PostgreSQL read and
 * sort every match to number them, computing each one's columns). Only a page past the end needs
 * a second statement for the total.
 */
export async function listPage<Row extends Record<string, unknown>>(
  // biome-ignore lint/suspicious/noExplicitAny: any drizzle select builder
  build: (extra: { total: SQL<number> }) => any,
  fields: ListFields,
  query: ListPageQueryInput,
  opts: ListPageOptions,
): Promise<{ content: Row[]; total: number }> {
  const p = await pageOf(fields, query, opts);
  const total = totalOf(build, p.where, p.countLimit);
  const rows: (Row & { __total: number })[] = await build({ total })
    .where(p.where)
    .orderBy(...p.order)
    .limit(p.pageSize)
    .offset(p.offset);
  let count = rows[0]?.__total ?? 0;
  if (rows.length === 0 && p.page > 1) {
    const again: { __total: number }[] = await build({ total }).where(p.where).limit(1);
    count = again[0]?.__total ?? 0;
  }
  return { content: rows.map(({ __total, ...row }) => row as unknown as Row), total: count };
}

/**
 * listPage for rows that cost (many look-ups each) over large tables, in two statements: the page
 * first — the ids of the filtered, sorted, limited rows and the total, a statement over the list's
 * own columns and indexes only — then `rowsOf` those ids (a statement whose text never changes, so
 * it can be prepared once per connection), answered in the page's order.
 */
export async function listPageFirst<Row extends Record<string, unknown>>(
  // biome-ignore lint/suspicious/noExplicitAny: a drizzle select builder of { id, __total }
  ids: (extra: { total: SQL<number> }) => any,
  rowsOf: (ids: number[]) => Promise<Row[]>,
  fields: ListFields,
  query: ListPageQueryInput,
  opts: ListPageOptions,
): Promise<{ content: Row[]; total: number }> {
  const p = await pageOf(fields, query, opts);
  const total = totalOf(ids, p.where, p.countLimit);
  const page: { id: number; __total: number }[] = await ids({ total })
    .where(p.where)
    .orderBy(...p.order)
    .limit(p.pageSize)
    .offset(p.offset);
  if (page.length === 0) {
    if (p.page === 1) return { content: [], total: 0 };
    const again: { __total: number }[] = await ids({ total }).where(p.where).limit(1);
    return { content: [], total: again[0]?.__total ?? 0 };
  }
  const byId = new Map<unknown, Row>((await rowsOf(page.map((r) => r.id))).map((row) => [row.id, row]));
  // a row gone between the two statements (another transaction deleted it) is left out
  const content = page.flatMap((r): Row[] => {
    const row = byId.get(r.id);
    return row ? [row] : [];
  });
  return { content, total: page[0].__total };
}

const listTypeOf = (f: FieldDecl): ListFieldType => {
  switch (f.type) {
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
    case 'datetime':
      return 'date';
    case 'enum':
      return typeof f.enum?.items[0]?.value === 'number' ? 'number' : 'string';
    default:
      return 'string';
  }
};

/**
 * The searchVal/order whitelist of an entity, from its declaration: each declared field that the
 * module maps to a column, with the operators and sorting the declaration allows.
 */
export function listFieldsOf<F extends Record<string, FieldDecl>>(
  decl: EntityDecl<F>,
  columns: Partial<Record<keyof F, AnyColumn | SQL>>,
): ListFields {
  const out: ListFields = {};
  for (const [key, f] of Object.entries(decl.fields)) {
    const column = columns[key as keyof F];
    if (!column || (!f.filter && !f.sort)) continue;
    const via = lookups.get(column);
    out[key] = { column, type: listTypeOf(f), filter: f.filter, sort: f.sort, ...(via ? { via } : {}) };
  }
  return listFields(out);
}

/** The declaration's default order as SQL (for listPage's defaultOrder). */
export function defaultOrderOf(decl: EntityDecl, fields: ListFields): SQL[] {
  return orderOf(fields, decl.defaultOrder);
}

/**
 * What a picker's search text is looked for in, whichever of them it names: a material by its code,
 * name or specification, a user by name, user name or job number.
 */
/** A typed text as an ilike pattern matching it anywhere (its %, _ and \\ taken literally). */
export const containing = (text: string) => `%${text.trim().replace(/[\\%_]/g, '\\$&')}%`;

export const SELECT_SEARCH_FIELDS = ['name', 'code', 'specifications', 'userName', 'jobNumber'] as const;

/**
 * The select-list contract (spec 000 §7: page, limit, searchVal → records, total) over listPage;
 * its `like` search covers SELECT_SEARCH_FIELDS together.
 */
export async function selectPage<Row extends Record<string, unknown>>(
  // biome-ignore lint/suspicious/noExplicitAny: any drizzle select builder
  build: (extra: { total: SQL<number> }) => any,
  fields: ListFields,
  query: { page?: number; limit?: number; searchVal?: string },
  opts: { where?: SQL; order: SQL[] },
): Promise<{ records: Row[]; total: number }> {
  const { content, total } = await listPage<Row>(
    build,
    fields,
    { currentPage: query.page, pageSize: query.limit, searchVal: query.searchVal },
    { where: opts.where, defaultOrder: opts.order, likeTogether: SELECT_SEARCH_FIELDS },
  );
  return { records: content, total };
}
