import type { EntityDecl } from '@factory/shared/entities/define';

export type SortDirection = 'ascend' | 'descend';

/** The part of antd's sorter this needs (one column, or several with multiple sorting). */
export interface SorterLike {
  columnKey?: unknown;
  field?: unknown;
  order?: SortDirection | null;
}

export const sortableKeys = (entity: EntityDecl): Set<string> =>
  new Set(Object.entries(entity.fields).flatMap(([k, f]) => (f.sort ? [k] : [])));

/** antd's sorter → the list call's `order`: '+prop' / '-prop', comma-separated; unsortable keys dropped. */
export function toOrder(
  sorter: SorterLike | SorterLike[] | undefined,
  sortable: Set<string>,
): string | undefined {
  const list = Array.isArray(sorter) ? sorter : sorter ? [sorter] : [];
  const parts = list.flatMap((s) => {
    const key = String(s.columnKey ?? s.field ?? '');
    return s.order && sortable.has(key) ? [`${s.order === 'ascend' ? '+' : '-'}${key}`] : [];
  });
  return parts.length ? parts.join(',') : undefined;
}

/** `order` → direction per key, for the columns' controlled sort state; anything malformed is dropped. */
export function parseOrder(
  order: string | undefined | null,
  sortable: Set<string>,
): Map<string, SortDirection> {
  const out = new Map<string, SortDirection>();
  for (const part of (order ?? '').split(',')) {
    const dir = part[0];
    const key = part.slice(1);
    if ((dir === '+' || dir === '-') && sortable.has(key) && !out.has(key))
      out.set(key, dir === '+' ? 'ascend' : 'descend');
  }
  return out;
}

/** Normalises an `order` from the URL: only sortable keys, or undefined. */
export function cleanOrder(order: string | undefined | null, sortable: Set<string>): string | undefined {
  const parts = [...parseOrder(order, sortable)].map(([k, d]) => `${d === 'ascend' ? '+' : '-'}${k}`);
  return parts.length ? parts.join(',') : undefined;
}
