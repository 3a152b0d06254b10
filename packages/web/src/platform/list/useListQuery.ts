import { basicConfigApi } from '@factory/shared/api/basicConfig';
import type { Endpoint } from '@factory/shared/api/contract';
import {
  DEFAULT_PAGE_SIZE,
  type FilterItem,
  PAGE_SIZES,
  type PageEndpoint,
  type RowSchema,
} from '@factory/shared/api/list';
import { encryptText } from '@factory/shared/crypto';
import type { EntityDecl } from '@factory/shared/entities/define';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../call.ts';
import { defaultSearchValues, type SearchValues, searchFieldsOf, toFilterItems } from './filters.ts';
import { cleanOrder, sortableKeys } from './order.ts';

/** Query state of a list page; it lives in the URL so a reload or a tag switch keeps it. */
export interface ListState {
  currentPage: number;
  pageSize: number;
  order?: string;
  search: SearchValues;
}

export interface ListDefaults {
  sizes: readonly number[];
  defaultSize: number;
  sortable: Set<string>;
  /** Keys the search form has; others in the URL are ignored. */
  searchKeys: readonly string[];
  search: SearchValues;
}

const PARAM = { page: 'page', size: 'size', order: 'order', search: 'q' } as const;

/** The tenant's page sizes (basic config page_size_config, spec 000 §9); anything malformed → the defaults. */
export function parsePageSizes(value: unknown): number[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [...PAGE_SIZES];
    }
  }
  const sizes =
    Array.isArray(list) && list.every((n): n is number => Number.isInteger(n) && n >= 1 && n <= 500)
      ? list
      : [];
  return sizes.length ? [...new Set(sizes)].sort((a, b) => a - b) : [...PAGE_SIZES];
}

/** 20 when the tenant offers it, else its first option. */
export const defaultPageSize = (sizes: readonly number[]): number =>
  sizes.includes(DEFAULT_PAGE_SIZE) ? DEFAULT_PAGE_SIZE : sizes[0];

function parseSearch(text: string | null, keys: readonly string[], fallback: SearchValues): SearchValues {
  if (text === null) return fallback;
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return fallback;
    return Object.fromEntries(Object.entries(value).filter(([k]) => keys.includes(k)));
  } catch {
    return fallback;
  }
}

export function readListState(params: URLSearchParams, d: ListDefaults): ListState {
  const page = Number(params.get(PARAM.page));
  const size = Number(params.get(PARAM.size));
  return {
    currentPage: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: d.sizes.includes(size) ? size : d.defaultSize,
    order: cleanOrder(params.get(PARAM.order), d.sortable),
    search: parseSearch(params.get(PARAM.search), d.searchKeys, d.search),
  };
}

/** A list page's address opened on a search: `href` with these search values (a number). */
export const searchHref = (href: string, search: SearchValues) =>
  `${href}?${PARAM.search}=${encodeURIComponent(JSON.stringify(search))}`;

/** The URL parameters of a state; defaults are left out and other parameters kept. */
export function writeListState(params: URLSearchParams, s: ListState, d: ListDefaults): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (k: string, v: string | undefined) => (v === undefined ? next.delete(k) : next.set(k, v));
  set(PARAM.page, s.currentPage > 1 ? String(s.currentPage) : undefined);
  set(PARAM.size, s.pageSize !== d.defaultSize ? String(s.pageSize) : undefined);
  set(PARAM.order, s.order);
  const search = JSON.stringify(s.search);
  set(PARAM.search, search !== JSON.stringify(d.search) ? search : undefined);
  return next;
}

/** Page-size options of the tenant; cached, as the config rarely changes. */
export function usePageSizes() {
  const q = useQuery({
    queryKey: ['systemConfig', 'page_size_config'],
    queryFn: () => call(basicConfigApi.value, { code: 'page_size_config' }),
    staleTime: 5 * 60_000,
  });
  const sizes = useMemo(() => (q.data === undefined ? [...PAGE_SIZES] : parsePageSizes(q.data)), [q.data]);
  return { sizes, defaultSize: defaultPageSize(sizes), ready: !q.isPending };
}

/** The cache key of a list call's pages: invalidate it to reload every page of that list. */
export const listQueryKey = (e: Endpoint) => ['list', e.path] as const;

export interface ListQueryOptions {
  /** Filters sent with every call and not in the search form (an area's locations). */
  fixed?: readonly FilterItem[];
  /**
   * false: the state lives in the component, not the URL (a list embedded under another, whose
   * paging must not move the page's own list).
   */
  inUrl?: boolean;
  /**
   * The page's own starting search values, over the declared enum defaults (work orders start
   * with the open ones); a search the user makes replaces them, 重置 brings them back.
   */
  defaultSearch?: SearchValues;
}

type ParamsChange = (p: URLSearchParams) => URLSearchParams;

/** The list state's parameters: the URL's, or the component's own. */
function useStateParams(inUrl: boolean): [URLSearchParams, (change: ParamsChange) => void] {
  const [url, setUrl] = useSearchParams();
  const [local, setLocal] = useState(() => new URLSearchParams());
  const setInUrl = useCallback((change: ParamsChange) => setUrl(change, { replace: true }), [setUrl]);
  return inUrl ? [url, setInUrl] : [local, setLocal];
}

/**
 * A paged list call (`get<Entity>ListPage`) driven by URL state: currentPage, pageSize, the
 * encrypted searchVal built from the search values, and order. Rows are typed as the endpoint declares.
 */
export function useListQuery<S extends RowSchema>(
  entity: EntityDecl,
  endpoint: PageEndpoint<S>,
  opts: ListQueryOptions = {},
) {
  const [params, setParams] = useStateParams(opts.inUrl ?? true);
  const { sizes, defaultSize, ready } = usePageSizes();
  // compared by content: a page may pass a new object on every render
  const pageDefaultsText = JSON.stringify(opts.defaultSearch ?? {});
  const defaults = useMemo<ListDefaults>(
    () => ({
      sizes,
      defaultSize,
      sortable: sortableKeys(entity),
      searchKeys: searchFieldsOf(entity).map((s) => s.key),
      search: { ...defaultSearchValues(entity), ...(JSON.parse(pageDefaultsText) as SearchValues) },
    }),
    [entity, sizes, defaultSize, pageDefaultsText],
  );
  const state = readListState(params, defaults);
  // compared by content: the state is a new object on every render
  const searchText = JSON.stringify(state.search);
  const fixedText = JSON.stringify(opts.fixed ?? []);
  const filters: FilterItem[] = useMemo(
    () => [
      ...(JSON.parse(fixedText) as FilterItem[]),
      ...toFilterItems(entity, JSON.parse(searchText) as SearchValues),
    ],
    [entity, searchText, fixedText],
  );

  const query = useQuery({
    queryKey: [...listQueryKey(endpoint), state.currentPage, state.pageSize, state.order ?? '', filters],
    queryFn: async ({ signal }) => {
      const searchVal = filters.length ? await encryptText(JSON.stringify(filters)) : undefined;
      return call(
        endpoint,
        { currentPage: state.currentPage, pageSize: state.pageSize, searchVal, order: state.order },
        { signal },
      );
    },
    enabled: ready,
    placeholderData: keepPreviousData,
    // another screen or a dialog may have changed rows since
    staleTime: 0,
  });

  const update = useCallback(
    (change: (s: ListState) => ListState) =>
      setParams((p) => writeListState(p, change(readListState(p, defaults)), defaults)),
    [setParams, defaults],
  );

  // after deleting the last rows of the last page, show the page that now is the last one
  const { data } = query;
  useEffect(() => {
    if (data && data.content.length === 0 && data.total > 0 && state.currentPage > 1) {
      update((s) => ({ ...s, currentPage: Math.max(1, Math.ceil(data.total / s.pageSize)) }));
    }
  }, [data, state.currentPage, update]);

  return {
    state,
    filters,
    sizes,
    /** The search values the list starts with and 重置 returns to. */
    defaultSearch: defaults.search,
    query,
    search: (search: SearchValues) => update((s) => ({ ...s, search, currentPage: 1 })),
    page: (currentPage: number, pageSize: number) =>
      update((s) => ({ ...s, currentPage: pageSize === s.pageSize ? currentPage : 1, pageSize })),
    sort: (order: string | undefined) => update((s) => ({ ...s, order, currentPage: 1 })),
  };
}
