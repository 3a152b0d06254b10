import {
  type FilterItem,
  type RowSchema,
  SELECT_PAGE_SIZE,
  type SelectEndpoint,
} from '@factory/shared/api/list';
import { encryptText } from '@factory/shared/crypto';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { materialsEntity } from '@factory/shared/entities/materials';
import type { RowOf } from '@factory/shared/entities/schema';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Empty, Flex, Select, type SelectProps, Spin } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { Static, TUnsafe } from 'typebox';
import { call } from '../call.ts';
import { selectFilters } from './filters.ts';

/** Spec 000 §9: the next page loads at most every 500 ms while scrolling at the bottom. */
export const LOAD_MORE_THROTTLE_MS = 500;
const SEARCH_DEBOUNCE_MS = 300;
/** Distance from the bottom of the list that counts as "at the bottom". */
const BOTTOM_PX = 24;

type Row = Record<string, unknown>;
type Value = string | number;

/**
 * An option: a loaded one carries its row as the endpoint declares it, so onChange(value, option)
 * and optionRender can show more than the label; a known one (not loaded) has none.
 */
export type RemoteOption<R> = { label: string; value: Value; row?: R };

export interface RemoteSelectProps<S extends RowSchema = RowSchema>
  extends Omit<
    SelectProps<Value | Value[], RemoteOption<Static<S>>>,
    'options' | 'loading' | 'showSearch' | 'filterOption'
  > {
  /** The `get<Entity>List` call offering the choices. */
  endpoint: SelectEndpoint<S>;
  labelField?: string;
  /** An option's text from its row, when more than the label field (a material's code and name). */
  optionLabel?(row: Static<S>): string;
  valueField?: string;
  /** Field searched with `like`; the label field when omitted (spec: by name). */
  searchField?: string;
  /** Fixed filters sent with every call. */
  filters?: readonly FilterItem[];
  /** Labels of values that may not be on the loaded pages (an edit form's current value). */
  knownOptions?: { label: string; value: Value }[];
  /** Values never offered (a BOM's parent among its own children). */
  exclude?: readonly Value[];
}

/**
 * A select over a remote list (spec 000 §5, §9): searches by name with `like`, pages of 20, loads
 * the next page at the bottom of the list. Works as a Form.Item control. Its options carry rows
 * typed by `endpoint`; inside, any endpoint's rows are read alike, by field name.
 */
export function RemoteSelect<S extends RowSchema>(props: RemoteSelectProps<S>): ReactNode;
export function RemoteSelect({
  endpoint,
  labelField = 'name',
  optionLabel,
  valueField = 'id',
  searchField,
  filters,
  knownOptions,
  exclude,
  onOpenChange,
  onPopupScroll,
  value,
  ...rest
}: RemoteSelectProps) {
  const [typed, setTyped] = useState('');
  const [text, setText] = useState('');
  const [opened, setOpened] = useState(false);
  const lastLoad = useRef(0);

  useEffect(() => {
    const t = setTimeout(() => setText(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [typed]);

  const items = useMemo(
    () => selectFilters(searchField ?? labelField, text, filters),
    [searchField, labelField, text, filters],
  );
  const hasValue = Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null;

  const q = useInfiniteQuery({
    queryKey: ['select', endpoint.path, items],
    queryFn: async ({ pageParam, signal }) => {
      const searchVal = items.length ? await encryptText(JSON.stringify(items)) : undefined;
      return call(endpoint, { page: pageParam, limit: SELECT_PAGE_SIZE, searchVal }, { signal });
    },
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.records.length, 0) < last.total && last.records.length > 0
        ? pages.length + 1
        : undefined,
    // nothing is fetched until the list opens, unless a value needs its label
    enabled: opened || (hasValue && !knownOptions?.length),
  });

  const options = useMemo(() => {
    const seen = new Set<Value>(exclude);
    const out: RemoteOption<Row>[] = [];
    for (const r of q.data?.pages.flatMap((p) => p.records) ?? []) {
      const v = r[valueField];
      // a row without a usable value cannot be chosen
      if ((typeof v !== 'string' && typeof v !== 'number') || seen.has(v)) continue;
      seen.add(v);
      out.push({ value: v, label: optionLabel ? optionLabel(r) : String(r[labelField] ?? v), row: r });
    }
    // known labels only fill in values the loaded pages lack, and only when not searching
    if (!text) for (const o of knownOptions ?? []) if (!seen.has(o.value)) out.push(o);
    return out;
  }, [q.data, valueField, labelField, optionLabel, knownOptions, text, exclude]);

  return (
    <Select
      {...rest}
      value={value}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      options={options}
      loading={q.isFetching}
      onOpenChange={(open) => {
        if (open) setOpened(true);
        else setTyped('');
        onOpenChange?.(open);
      }}
      onPopupScroll={(e) => {
        onPopupScroll?.(e);
        const el = e.currentTarget;
        const now = Date.now();
        if (
          el.scrollTop + el.clientHeight >= el.scrollHeight - BOTTOM_PX &&
          q.hasNextPage &&
          !q.isFetchingNextPage &&
          now - lastLoad.current >= LOAD_MORE_THROTTLE_MS
        ) {
          lastLoad.current = now;
          void q.fetchNextPage();
        }
      }}
      notFoundContent={
        q.isFetching ? (
          <Flex justify="center" style={{ padding: 12 }}>
            <Spin size="small" />
          </Flex>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
        )
      }
      popupRender={(menu) => (
        <>
          {menu}
          {q.isFetchingNextPage && (
            <Flex justify="center" style={{ padding: 6 }}>
              <Spin size="small" />
            </Flex>
          )}
        </>
      )}
    />
  );
}

/** Materials that can be produced or stocked: virtual materials are never offered (spec 000 §5). */
export const NON_VIRTUAL_MATERIALS: readonly FilterItem[] = [
  { fieldName: 'isVirtualMaterials', fieldType: 'integer', operator: 'eq', fieldValue: 0 },
];

/** The material list of spec 001 §7.2. */
export const MATERIAL_LIST = entityEndpoints(materialsEntity).list;
/** A material row, as the material lists answer it. */
export type MaterialRow = RowOf<typeof materialsEntity>;
type MaterialSchema = TUnsafe<MaterialRow>;

/** Materials are told apart by code: two may share a name (铜线 in two gauges). */
/**
 * A row's chosen ids as `knownOptions`, labelled by the names its list call joins with 、 in the
 * same order (so a form shows names before the options load).
 */
export const knownOptions = (ids: readonly number[] | undefined, names: string | null | undefined) => {
  const labels = names ? names.split('、') : [];
  return (ids ?? []).map((value, i) => ({ value, label: labels[i] ?? String(value) }));
};

export const materialLabel = (r: Pick<MaterialRow, 'code' | 'name'>) =>
  r.code ? `${r.code} ${r.name ?? ''}` : (r.name ?? '');

/** The material variant of RemoteSelect: never a virtual material; options read 编码 名称. */
export function MaterialSelect({
  endpoint = MATERIAL_LIST,
  filters,
  ...props
}: Omit<RemoteSelectProps<MaterialSchema>, 'endpoint'> & { endpoint?: SelectEndpoint<MaterialSchema> }) {
  const all = useMemo(() => [...NON_VIRTUAL_MATERIALS, ...(filters ?? [])], [filters]);
  return <RemoteSelect optionLabel={materialLabel} {...props} endpoint={endpoint} filters={all} />;
}
