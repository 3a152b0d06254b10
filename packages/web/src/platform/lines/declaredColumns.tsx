import type { FilterItem, SelectEndpoint } from '@factory/shared/api/list';
import { bodyKey, type EntityDecl, type FieldDecl, type LinesDecl } from '@factory/shared/entities/define';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { entities } from '@factory/shared/entities/index';
import { productColumns } from '@factory/shared/entities/produceOrder';
import type { LineBodyOf } from '@factory/shared/entities/schema';
import { Checkbox, DatePicker, type TableColumnType } from 'antd';
import dayjs from 'dayjs';
import { cellOf } from '../list/columns.tsx';
import { placeholderOf } from '../list/formRules.ts';
import { RemoteSelect } from '../list/RemoteSelect.tsx';
import type { LineColumn, PasteResult } from './lines.ts';
import { lookupRow, type MaterialInfo, materialColumns } from './materialColumns.tsx';

/**
 * A document's lines declared on its entity (`EntityDecl.lines`) as the lines editor's columns, so
 * a document's form declares only what is special to it (the locations of the chosen warehouse, a
 * batch picked from the stock there). One column per line field, by its declaration:
 *
 * - a reference to materials: the material columns (select by code or name, its code and
 *   specification, its type); the line's declared code, specification and unit are what they show,
 *   and a quantity shows the unit;
 * - another reference: a remote select of the referenced entity (its select call, or the field's
 *   own `ref.select`), which a pasted code or name fills too;
 * - numbers: a number box with the declared limits; enumerations: a select of their items; texts:
 *   a text box with the declared length; dates: a date picker; a yes/no: a checkbox;
 * - read-only fields: shown, not edited.
 *
 * A line as the editor holds it (`DocLine`) is a line of the detail (`id`, values, references' ids
 * and names) plus what a material column keeps of its material; `lineOfRow` makes one from the
 * detail and `linesBody` turns the lines into the add or update body's `lines`.
 */
export type DocLine = Record<string, unknown>;

/** The read-only fields a material line declares (code, specification, unit): the material columns show them. */
const MATERIAL_SHOWN = new Set(Object.keys(productColumns));
const isMaterialRef = (f: FieldDecl) => f.ref?.entity === 'materials' && !!f.ref.idField;
const isEdited = (f: FieldDecl) => !f.readOnly && f.form !== false;
/** Where a line keeps what its material column shows of the material chosen (`materialsIdInfo`). */
export const materialInfoKey = (idField: string) => `${idField}Info`;

/** The material reference of the lines, if they have one. */
function materialField(decl: LinesDecl): [string, FieldDecl] | undefined {
  return Object.entries(decl.fields).find(([, f]) => isMaterialRef(f) && isEdited(f));
}

/** What a reference column narrows and how it labels its options, beyond the declaration. */
export interface RefColumnOptions {
  /** Filters its select and a pasted text's look-up add (the chosen warehouse's locations). */
  filters?: readonly FilterItem[];
  /** Why nothing can be chosen yet ('请先选择仓库'): the placeholder of a disabled select. */
  blocked?: string;
  /** An option's text from its row; the row's name when omitted. */
  optionLabel?(row: Record<string, unknown>): string;
  /** The field typing searches (`like`); the name when omitted. */
  searchField?: string;
}

export interface DeclaredColumnsOptions<T extends DocLine> {
  /**
   * Changes to a column, keyed as the line's body names the field (a reference by its id field:
   * `locationId`): another title, width, editor or check; `false` leaves the column out.
   */
  columns?: Partial<Record<string, Partial<LineColumn<T>> | false>>;
  /** Per reference column (keyed by its id field): its select's filters, labels, or why it is blocked. */
  refs?: Partial<Record<string, RefColumnOptions>>;
}

const TINY = 0.001;

/**
 * The fault of a filled value against its declaration ('须大于0', '不能大于1000000000',
 * '不能超过64个字符'), said after the column's name as the editor names it.
 */
export function declaredFault(f: FieldDecl, value: unknown): string | undefined {
  if (f.type === 'number' || f.type === 'integer') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n)) return '须为数字';
    if (f.type === 'integer' && !Number.isInteger(n)) return '须为整数';
    // a minimum just above 0 (0.000001) means "more than nothing"
    if (f.min !== undefined && n < f.min) return f.min > 0 && f.min < TINY ? '须大于0' : `不能小于${f.min}`;
    if (f.max !== undefined && n > f.max) return `不能大于${f.max}`;
    return undefined;
  }
  if ((f.type === 'string' || f.type === 'text') && typeof value === 'string') {
    if (f.maxLength !== undefined && value.length > f.maxLength) return `不能超过${f.maxLength}个字符`;
    if (f.pattern && value.trim() && !new RegExp(f.pattern.source).test(value.trim()))
      return f.pattern.message;
  }
  return undefined;
}

const validateOf =
  (f: FieldDecl) =>
  (v: unknown): string | undefined =>
    declaredFault(f, v);

/** A remote select of the referenced entity, filled by a pasted code or name too. */
function refColumn<T extends DocLine>(key: string, f: FieldDecl, opts: RefColumnOptions = {}): LineColumn<T> {
  const ref = f.ref as NonNullable<FieldDecl['ref']>;
  const idKey = bodyKey(key, f);
  const target = entities[ref.entity];
  if (!ref.select && !target) throw new Error(`lines.${key}: unknown entity ${ref.entity}`);
  const endpoint: SelectEndpoint = ref.select ?? entityEndpoints(target).list;
  const filters = [...(ref.filters ?? []), ...(opts.filters ?? [])];
  const labelOf = (row: Record<string, unknown>) =>
    opts.optionLabel ? opts.optionLabel(row) : String(row.name ?? row.code ?? row.id);
  const placeholder = f.placeholder ?? placeholderOf(f);
  return {
    key: idKey,
    title: f.label,
    width: f.width,
    required: f.required,
    editor: {
      kind: 'custom',
      render: ({ id, value, line, index, disabled, status, set }) => {
        const name = line[key];
        const has = typeof value === 'number' || typeof value === 'string';
        return (
          <RemoteSelect
            id={id}
            endpoint={endpoint}
            filters={filters}
            optionLabel={labelOf}
            searchField={opts.searchField}
            value={has ? value : undefined}
            placeholder={opts.blocked ?? placeholder}
            disabled={disabled || !!opts.blocked}
            allowClear={!f.required}
            status={status}
            style={{ width: '100%' }}
            aria-label={`第${index + 1}行${f.label}`}
            knownOptions={has && name ? [{ value, label: String(name) }] : undefined}
            onChange={(v, option) => {
              const picked = Array.isArray(option) ? undefined : option;
              set(v ?? undefined, { [key]: v === undefined ? undefined : picked?.label } as Partial<T>);
            }}
          />
        );
      },
      paste: async (text): Promise<PasteResult<T>> => {
        if (opts.blocked) return { error: opts.blocked };
        const row = await lookupRow(endpoint, text, filters).catch(() => undefined);
        if (!row) return { error: `没有编码或名称为“${text}”的${f.label}` };
        return { value: row.id, patch: { [key]: labelOf(row) } as Partial<T> };
      },
    },
    validate: validateOf(f),
  };
}

const YES = new Set(['是', 'y', 'yes', 'true', '1', '√']);
const NO = new Set(['否', 'n', 'no', 'false', '0', '×']);

/** A date or time picked, kept as the text the body sends ('2026-11-26', '2026-11-26 08:00:00'). */
function dateColumn<T extends DocLine>(key: string, f: FieldDecl): LineColumn<T> {
  const format = f.type === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss';
  return {
    key,
    title: f.label,
    width: f.width ?? (f.type === 'date' ? 150 : 190),
    required: f.required,
    editor: {
      kind: 'custom',
      render: ({ id, value, index, disabled, status, set }) => (
        <DatePicker
          id={id}
          showTime={f.type === 'datetime'}
          value={typeof value === 'string' && value ? dayjs(value) : null}
          onChange={(d) => set(d ? d.format(format) : undefined)}
          placeholder={f.placeholder ?? placeholderOf(f)}
          disabled={disabled}
          status={status}
          style={{ width: '100%' }}
          aria-label={`第${index + 1}行${f.label}`}
        />
      ),
      paste: (text) => {
        const d = dayjs(text.replace(/[./年月]/g, '-').replace(/日/, ''));
        return d.isValid() ? { value: d.format(format) } : { error: `“${text}”不是日期` };
      },
    },
  };
}

/** The editing column of one declared line field (the material's several); none for what is not edited. */
function columnsOf<T extends DocLine>(
  key: string,
  f: FieldDecl,
  withMaterial: boolean,
  materialInfo: string | undefined,
  opts: DeclaredColumnsOptions<T>,
): LineColumn<T>[] {
  const placeholder = f.placeholder ?? placeholderOf(f);
  if (!isEdited(f)) {
    // the material columns show its code, specification and unit
    if (withMaterial && MATERIAL_SHOWN.has(key)) return [];
    const cell = cellOf(f);
    return [
      {
        key,
        title: f.label,
        width: f.width,
        // level with the inputs beside it
        editor: {
          kind: 'view',
          render: (line) => <span style={{ display: 'inline-block', paddingTop: 5 }}>{cell(line[key])}</span>,
        },
      },
    ];
  }
  if (f.ref && isMaterialRef(f)) {
    const idKey = bodyKey(key, f);
    const [select, ...shown] = materialColumns<T>({
      key: idKey,
      info: materialInfoKey(idKey),
      title: f.label,
      placeholder: f.placeholder ?? `请选择${f.label}`,
      width: Math.max(f.width ?? 0, 220),
    });
    return [{ ...select, required: !!f.required }, ...shown];
  }
  if (f.ref) return [refColumn<T>(key, f, opts.refs?.[bodyKey(key, f)])];
  switch (f.type) {
    case 'integer':
    case 'number': {
      // a minimum just above 0 is checked, not clamped to, so a typed 0 says what is wrong
      const min = f.min !== undefined && f.min > 0 && f.min < TINY ? 0 : f.min;
      const unitOf =
        materialInfo && /quantity/i.test(key)
          ? (line: T) => (line[materialInfo] as MaterialInfo | undefined)?.unitName ?? undefined
          : undefined;
      return [
        {
          key,
          title: f.label,
          width: f.width ?? 120,
          required: f.required,
          editor: {
            kind: 'number',
            min,
            max: f.max,
            precision: f.type === 'integer' ? 0 : undefined,
            placeholder,
            suffix: unitOf,
          },
          validate: validateOf(f),
        },
      ];
    }
    case 'enum':
      return [
        {
          key,
          title: f.label,
          width: f.width ?? 120,
          required: f.required,
          editor: {
            kind: 'select',
            options: (f.enum?.items ?? []).map((i) => ({ value: i.value, label: i.label })),
            placeholder,
            allowClear: !f.required,
          },
        },
      ];
    case 'boolean':
      return [
        {
          key,
          title: f.label,
          width: f.width ?? 80,
          editor: {
            kind: 'custom',
            render: ({ id, value, index, disabled, set }) => (
              <Checkbox
                id={id}
                checked={value === true}
                disabled={disabled}
                onChange={(e) => set(e.target.checked)}
                aria-label={`第${index + 1}行${f.label}`}
              />
            ),
            paste: (text) => {
              const t = text.trim().toLowerCase();
              if (YES.has(t)) return { value: true };
              if (NO.has(t)) return { value: false };
              return { error: `“${text}”不是“是”或“否”` };
            },
          },
        },
      ];
    case 'date':
    case 'datetime':
      return [dateColumn<T>(key, f)];
    default:
      return [
        {
          key,
          title: f.label,
          width: f.width ?? 160,
          required: f.required,
          editor: { kind: 'text', maxLength: f.maxLength, placeholder },
          validate: validateOf(f),
        },
      ];
  }
}

/** The lines editor's columns of a document's declared lines, with the module's changes. */
export function declaredLineColumns<T extends DocLine = DocLine>(
  decl: LinesDecl,
  opts: DeclaredColumnsOptions<T> = {},
): LineColumn<T>[] {
  const material = materialField(decl);
  const materialInfo = material ? materialInfoKey(bodyKey(...material)) : undefined;
  const out: LineColumn<T>[] = [];
  for (const [key, f] of Object.entries(decl.fields)) {
    if (key === 'id') continue;
    for (const c of columnsOf<T>(key, f, !!material, materialInfo, opts)) {
      const change = opts.columns?.[c.key];
      if (change === false) continue;
      out.push(change ? { ...c, ...change } : c);
    }
  }
  return out;
}

/** A line of a document's detail as the editor holds it: its values, and its material for the material columns. */
export function lineOfRow(decl: LinesDecl, row: Record<string, unknown>): DocLine {
  const line: DocLine = { ...row };
  const material = materialField(decl);
  if (material) {
    const [key, f] = material;
    const id = bodyKey(key, f);
    if (row[id] !== null && row[id] !== undefined) {
      const info: MaterialInfo = {
        name: String(row[key] ?? ''),
        code: String(row.materialsCode ?? ''),
        specifications: (row.materialsSpecifications as string | null | undefined) ?? null,
        unitName: (row.unitName as string | null | undefined) ?? null,
        materialType: null,
      };
      line[materialInfoKey(id)] = info;
    }
  }
  return line;
}

/** A line's value as the body sends it: texts trimmed, empty values null. */
function bodyValue(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
  return v;
}

/** One line as the add and update bodies carry it: the declared form fields, references as their ids. */
export function lineBody(decl: LinesDecl, line: DocLine): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(decl.fields)) {
    if (!isEdited(f)) continue;
    const k = bodyKey(key, f);
    const v = bodyValue(line[k]);
    // an optional value left empty is simply not sent
    if (v !== null || f.required) body[k] = v;
  }
  return body;
}

/**
 * The lines of a document's add or update body (each in full: a save replaces them), typed as the
 * entity's declaration types them. The editor's checks have run, so required values are there.
 */
export function linesBody<E extends EntityDecl & { lines: LinesDecl }>(
  entity: E,
  lines: readonly DocLine[],
): LineBodyOf<E>[] {
  // built field by field from the same declaration the body schema is built from
  return lines.map((l) => lineBody(entity.lines, l) as LineBodyOf<E>);
}

/** Too few or too many lines for the declaration ('请至少添加1行物料明细'); undefined when fine. */
export function lineCountFault(decl: LinesDecl, count: number): string | undefined {
  const min = decl.min ?? 0;
  if (count < min) return `请至少添加${min}行${decl.label}`;
  if (count > decl.max) return `${decl.label}最多${decl.max}行，当前${count}行`;
  return undefined;
}

/** The read-only table columns of a document's declared lines (a detail page's lines): every field as declared. */
export function declaredLineTableColumns<R extends Record<string, unknown>>(
  decl: LinesDecl,
  overrides: Partial<Record<string, Partial<TableColumnType<R>>>> = {},
): TableColumnType<R>[] {
  return Object.entries(decl.fields)
    .filter(([key]) => key !== 'id')
    .map(([key, f]) => {
      const cell = cellOf(f);
      const numeric = f.type === 'number' || f.type === 'integer';
      return {
        key,
        dataIndex: key,
        title: f.label,
        width: f.width,
        align: numeric ? ('right' as const) : undefined,
        ellipsis: f.type === 'string' || f.type === 'text' ? { showTitle: true } : false,
        render: (v: unknown) => cell(v),
        ...overrides[key],
      };
    });
}
