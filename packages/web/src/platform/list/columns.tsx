import type { EntityDecl, FieldDecl } from '@factory/shared/entities/define';
import type { AnyEnum } from '@factory/shared/enums/defineEnum';
import { Badge, Flex, type TableColumnType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { ImageUpload } from '../ImageUpload.tsx';
import type { ColumnBase, ColumnState } from './columnPrefs.ts';
import { formatNumber } from './format.ts';
import type { SortDirection } from './order.ts';
import type { ColumnOverride, ExtraColumn } from './types.ts';

/** Everything the list knows about one possible column. */
export interface ColumnDef<T> {
  key: string;
  /** Plain name for the column settings. */
  label: string;
  title: ReactNode;
  width?: number;
  visible: boolean;
  sortable: boolean;
  align?: 'left' | 'right' | 'center';
  ellipsis: boolean;
  render(value: unknown, row: T, index: number): ReactNode;
}

export const EMPTY_CELL = '—';

export function EnumCell({ value, enumDecl }: { value: unknown; enumDecl: AnyEnum }) {
  const label = enumDecl.label(value, value === null || value === undefined ? EMPTY_CELL : String(value));
  const color = enumDecl.color(value);
  return color ? <Badge color={color} text={label} /> : <Tag variant="filled">{label}</Tag>;
}

/** Names joined by '、' (a user's roles, a station's procedures) as tags. */
export function NameTags({ value }: { value: unknown }) {
  if (!value) return <Typography.Text type="secondary">{EMPTY_CELL}</Typography.Text>;
  return (
    <Flex wrap gap={4}>
      {String(value)
        .split('、')
        .map((n) => (
          <Tag key={n} variant="filled" color="processing" style={{ marginInlineEnd: 0 }}>
            {n}
          </Tag>
        ))}
    </Flex>
  );
}

const timeText = (v: string, format: string) =>
  v.includes('T') && dayjs(v).isValid() ? dayjs(v).format(format) : v;

/** The default cell of a declared field: enum badge, truncated number, 是/否, date text. */
export function cellOf(f: FieldDecl): (value: unknown) => ReactNode {
  if (f.upload === 'image')
    return (v) => (typeof v === 'string' && v ? <ImageUpload value={v} disabled /> : EMPTY_CELL);
  switch (f.type) {
    case 'enum':
      return (v) => (f.enum ? <EnumCell value={v} enumDecl={f.enum} /> : String(v ?? EMPTY_CELL));
    case 'number':
    case 'integer':
      return (v) => formatNumber(v);
    case 'boolean':
      return (v) => (v === null || v === undefined ? EMPTY_CELL : v ? '是' : '否');
    case 'date':
    case 'datetime':
      return (v) =>
        typeof v === 'string' && v
          ? timeText(v, f.type === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss')
          : EMPTY_CELL;
    default:
      return (v) => (v === null || v === undefined || v === '' ? EMPTY_CELL : String(v));
  }
}

/** A row's custom values (the tenant's own fields, in its `custom` object); none when it has none. */
export function customValues(row: unknown): Record<string, unknown> {
  if (!row || typeof row !== 'object' || !('custom' in row)) return {};
  const { custom } = row;
  return custom && typeof custom === 'object' ? { ...custom } : {};
}

const isNumeric = (f: FieldDecl) => f.type === 'number' || (f.type === 'integer' && !f.readOnly);

/** The possible columns of an entity: its declared fields (with the page's overrides) and extra columns. */
export function columnDefsOf<T>(
  entity: EntityDecl,
  overrides: Partial<Record<string, ColumnOverride<T>>> = {},
  extras: readonly ExtraColumn<T>[] = [],
): ColumnDef<T>[] {
  const defs: ColumnDef<T>[] = Object.entries(entity.fields).map(([key, f]) => {
    const o = overrides[key] ?? {};
    const cell = cellOf(f);
    return {
      key,
      label: f.label,
      title: o.title ?? f.label,
      width: o.width ?? f.width,
      visible: o.list ?? f.list !== false,
      sortable: !!f.sort,
      align: o.align ?? (isNumeric(f) ? 'right' : undefined),
      ellipsis: o.ellipsis ?? (f.type === 'string' || f.type === 'text'),
      // a custom field's value lives in the row's `custom` object
      render: o.render ?? (f.custom ? (_v, row) => cell(customValues(row)[key]) : (v) => cell(v)),
    };
  });
  for (const x of extras) {
    const def: ColumnDef<T> = {
      key: x.key,
      label: x.title,
      title: x.title,
      width: x.width,
      visible: x.list !== false,
      sortable: false,
      align: x.align,
      ellipsis: x.ellipsis ?? false,
      render: x.render,
    };
    const at = x.after ? defs.findIndex((d) => d.key === x.after) : -1;
    if (at >= 0) defs.splice(at + 1, 0, def);
    else defs.push(def);
  }
  return defs;
}

export const columnBases = <T,>(defs: readonly ColumnDef<T>[]): ColumnBase[] =>
  defs.map((d) => ({ key: d.key, visible: d.visible, width: d.width }));

/** Width given to columns that declare none, for the table's horizontal scroll. */
export const FLEX_WIDTH = 160;

/** The table's columns: the checked ones in the user's order and widths, sorted as the list is. */
export function tableColumns<T>(
  defs: readonly ColumnDef<T>[],
  states: readonly ColumnState[],
  sortOrder: Map<string, SortDirection>,
): TableColumnType<T>[] {
  const byKey = new Map(defs.map((d) => [d.key, d]));
  return states.flatMap((s) => {
    const d = byKey.get(s.key);
    if (!d || !s.checked) return [];
    return [
      {
        key: d.key,
        dataIndex: d.key,
        title: d.title,
        width: s.width ?? d.width,
        align: d.align,
        ellipsis: d.ellipsis ? { showTitle: true } : false,
        sorter: d.sortable,
        sortOrder: d.sortable ? (sortOrder.get(d.key) ?? null) : undefined,
        render: (v: unknown, row: T, i: number) => d.render(v, row, i),
      },
    ];
  });
}
