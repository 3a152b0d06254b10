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
import { type AnyColumn, and, eq, gt, gte, ilike, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import { fieldError, invalid } from './errors.ts';

export type ListFieldType = 'string' | 'number' | 'boolean' | 'date';

/** One field a list may filter or sort on. Nothing undeclared reaches SQL. */
export interface ListField {
  column: AnyColumn | SQL;
  type: ListFieldType;
  /** Operators allowed in searchVal; omitted means not filterable. */
  filter?: readonly FilterOperator[];
  sort?: boolean;
}
export type ListFields = Record<string, ListField>;

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

/** Translates filters to one SQL condition, values always bound. */
export function whereOf(fields: ListFields, filters: FilterItem[]): SQL | undefined {
  const parts: SQL[] = [];
  for (const f of filters) {
    const decl = Object.hasOwn(fields, f.fieldName) ? fields[f.fieldName] : undefined;
    if (!decl?.filter) throw fieldError('searchVal', `不支持按“${f.fieldName.slice(0, 40)}”查询`);
    if (!decl.filter.includes(f.operator)) {
      throw fieldError('searchVal', `“${f.fieldName}”不支持${f.operator}查询`);
    }
    const col = decl.column as AnyColumn;
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
    switch (f.operator) {
      case 'eq':
        parts.push(eq(col, one()));
        break;
      case 'ne':
        parts.push(ne(col, one()));
        break;
      case 'in':
        parts.push(inArray(col, list()));
        break;
      case 'like':
        parts.push(ilike(col, `%${escapeLike(String(one()))}%`));
        break;
      case 'gt':
        parts.push(gt(col, one()));
        break;
      case 'gte':
        parts.push(gte(col, one()));
        break;
      case 'lt':
        parts.push(lt(col, one()));
        break;
      case 'lte':
        parts.push(lte(col, one()));
        break;
      case 'between': {
        const [from, to] = list();
        if (from === undefined || to === undefined)
          throw fieldError('searchVal', `查询条件“${f.fieldName}”应为两个值`);
        parts.push(and(gte(col, from), lte(col, to)) as SQL);
        break;
      }
    }
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

/**
 * Runs a paged list: one query returns the page and, through count(*) over(), the total, so
 * paging costs no second round trip (only a page past the end needs a separate count).
 */
export async function listPage<Row extends Record<string, unknown>>(
  // biome-ignore lint/suspicious/noExplicitAny: any drizzle select builder
  build: (extra: { total: SQL<number> }) => any,
  fields: ListFields,
  query: ListPageQueryInput,
  opts: { where?: SQL; defaultOrder: SQL[] },
): Promise<{ content: Row[]; total: number }> {
  // the page size was checked against the tenant's options when the route received it
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const page = query.currentPage ?? 1;
  const where = and(opts.where, whereOf(fields, await decodeSearchVal(query.searchVal)));
  const order = [...orderOf(fields, query.order), ...opts.defaultOrder];
  const total = sql<number>`(count(*) over())::int`.mapWith(Number);
  const rows: (Row & { __total: number })[] = await build({ total })
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  let count = rows[0]?.__total ?? 0;
  if (rows.length === 0 && page > 1) {
    const again: { __total: number }[] = await build({ total }).where(where).limit(1);
    count = again[0]?.__total ?? 0;
  }
  return { content: rows.map(({ __total, ...row }) => row as unknown as Row), total: count };
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
    out[key] = { column, type: listTypeOf(f), filter: f.filter, sort: f.sort };
  }
  return out;
}

/** The declaration's default order as SQL (for listPage's defaultOrder). */
export function defaultOrderOf(decl: EntityDecl, fields: ListFields): SQL[] {
  return orderOf(fields, decl.defaultOrder);
}

/** The select-list contract (spec 000 §7: page, limit, searchVal → records, total) over listPage. */
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
    { where: opts.where, defaultOrder: opts.order },
  );
  return { records: content, total };
}
