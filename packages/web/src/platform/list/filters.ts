import type { FilterItem, FilterOperator } from '@factory/shared/api/list';
import type { EntityDecl, FieldDecl } from '@factory/shared/entities/define';
import dayjs, { type Dayjs } from 'dayjs';

/** How the search form asks for a field, from its type and first declared operator. */
export type SearchControl =
  | 'text'
  | 'select'
  | 'multiSelect'
  | 'boolean'
  | 'date'
  | 'dateRange'
  | 'number'
  | 'numberRange';

export interface SearchField {
  key: string;
  field: FieldDecl;
  operator: FilterOperator;
  control: SearchControl;
}

const isDate = (f: FieldDecl) => f.type === 'date' || f.type === 'datetime';
const isNumber = (f: FieldDecl) => f.type === 'number' || f.type === 'integer';

export function searchControlOf(f: FieldDecl, op: FilterOperator): SearchControl {
  if (f.type === 'enum') return op === 'in' ? 'multiSelect' : 'select';
  if (f.type === 'boolean') return 'boolean';
  if (isDate(f)) return op === 'between' ? 'dateRange' : 'date';
  if (isNumber(f)) return op === 'between' ? 'numberRange' : 'number';
  return 'text';
}

/** The fields of the search form: those declaring `filter`, in declaration order. */
export function searchFieldsOf(entity: EntityDecl): SearchField[] {
  return Object.entries(entity.fields)
    .filter(([, f]) => f.filter?.length)
    .map(([key, f]) => {
      const operator = (f.filter as readonly FilterOperator[])[0];
      return { key, field: f, operator, control: searchControlOf(f, operator) };
    });
}

/**
 * Search values as they live in the URL: plain JSON (dates as 'YYYY-MM-DD'), only filled fields.
 * Ranges are two-element arrays whose ends may be null.
 */
export type SearchValues = Record<string, unknown>;

const DAY = 'YYYY-MM-DD';

const blank = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.every(blank));

/** The enum defaults the spec names, as the form's starting values. */
export function defaultSearchValues(entity: EntityDecl): SearchValues {
  const out: SearchValues = {};
  for (const s of searchFieldsOf(entity)) {
    const d = s.field.enum?.defaultValue;
    if (d !== undefined) out[s.key] = s.control === 'multiSelect' ? [d] : d;
  }
  return out;
}

/** antd form values (Dayjs for dates) → URL-safe search values, dropping empty ones. */
export function fromFormValues(entity: EntityDecl, form: Record<string, unknown>): SearchValues {
  const out: SearchValues = {};
  for (const s of searchFieldsOf(entity)) {
    const v = form[s.key];
    if (blank(v)) continue;
    if (s.control === 'dateRange') {
      const [a, b] = v as [Dayjs | null, Dayjs | null];
      out[s.key] = [a ? a.format(DAY) : null, b ? b.format(DAY) : null];
    } else if (s.control === 'date') out[s.key] = (v as Dayjs).format(DAY);
    else if (s.control === 'text') out[s.key] = String(v).trim();
    else out[s.key] = v;
  }
  return out;
}

/** URL search values → antd form values (strings back to Dayjs). */
export function toFormValues(entity: EntityDecl, values: SearchValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of searchFieldsOf(entity)) {
    const v = values[s.key];
    if (blank(v)) continue;
    if (s.control === 'dateRange' && Array.isArray(v))
      out[s.key] = v.map((d) => (typeof d === 'string' && dayjs(d).isValid() ? dayjs(d) : null));
    else if (s.control === 'date' && typeof v === 'string') out[s.key] = dayjs(v).isValid() ? dayjs(v) : null;
    else out[s.key] = v;
  }
  return out;
}

/**
 * A day as the server compares it: date fields as the day itself; datetime fields as the start or
 * end instant of that day with the browser's offset, so the server needs no time zone of its own.
 */
function dayBound(f: FieldDecl, day: string, end: boolean): string {
  if (f.type === 'date') return day;
  const d = dayjs(day);
  return (end ? d.endOf('day') : d.startOf('day')).format();
}

const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : undefined;

/** Builds the searchVal list of `{fieldName, fieldType, fieldValue, operator}` from search values. */
export function toFilterItems(entity: EntityDecl, values: SearchValues): FilterItem[] {
  const items: FilterItem[] = [];
  for (const { key, field, operator, control } of searchFieldsOf(entity)) {
    const v = values[key];
    if (blank(v)) continue;
    const allows = (op: FilterOperator) => field.filter?.includes(op) ?? false;
    const push = (op: FilterOperator, fieldValue: unknown) =>
      items.push({ fieldName: key, fieldType: field.type, fieldValue, operator: op });
    switch (control) {
      case 'text':
        push(operator, String(v).trim());
        break;
      case 'select':
      case 'boolean':
        push(operator, v);
        break;
      case 'multiSelect': {
        const list = (Array.isArray(v) ? v : [v]).filter((x) => !blank(x));
        if (list.length) push(operator, list);
        break;
      }
      case 'date':
        if (typeof v === 'string')
          push(operator, dayBound(field, v, operator === 'lte' || operator === 'gt'));
        break;
      case 'dateRange': {
        const [from, to] = Array.isArray(v) ? v : [];
        if (typeof from === 'string' && typeof to === 'string')
          push('between', [dayBound(field, from, false), dayBound(field, to, true)]);
        else if (typeof from === 'string' && allows('gte')) push('gte', dayBound(field, from, false));
        else if (typeof to === 'string' && allows('lte')) push('lte', dayBound(field, to, true));
        break;
      }
      case 'number': {
        const n = num(v);
        if (n !== undefined) push(operator, n);
        break;
      }
      case 'numberRange': {
        const [a, b] = Array.isArray(v) ? v.map(num) : [];
        if (a !== undefined && b !== undefined) push('between', a <= b ? [a, b] : [b, a]);
        else if (a !== undefined && allows('gte')) push('gte', a);
        else if (b !== undefined && allows('lte')) push('lte', b);
        break;
      }
    }
  }
  return items;
}

/** The filters of a remote select: its fixed ones plus `like` on the search field when typed. */
export function selectFilters(
  searchField: string,
  text: string,
  fixed: readonly FilterItem[] = [],
): FilterItem[] {
  const t = text.trim();
  return t
    ? [...fixed, { fieldName: searchField, fieldType: 'string', fieldValue: t, operator: 'like' }]
    : [...fixed];
}
