import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListQuery } from '../admin-api';

export interface ListParamsDefaults {
  readonly sort?: string;
  readonly order?: 'asc' | 'desc';
  readonly limit?: number;
  /** Filter names read from and written to the URL beside page, limit, sort and order. */
  readonly filters?: readonly string[];
  /** A prefix when one page shows two lists (`c` -> `c_page`, `c_limit`). */
  readonly prefix?: string;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;

function positive(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/**
 * A server-paged list's state lives in the URL (page, limit, sort, order, filters): a reload, a
 * shared link or the back button shows the same page. Changing the sort or a filter goes back
 * to page 1.
 */
export function useListParams(defaults: ListParamsDefaults = {}) {
  const [params, setParams] = useSearchParams();
  const key = useCallback((name: string) => (defaults.prefix ? `${defaults.prefix}_${name}` : name), [defaults.prefix]);
  const filterNames = defaults.filters ?? [];
  const query: ListQuery = useMemo(() => {
    const limit = positive(params.get(key('limit')), defaults.limit ?? 20);
    const q: ListQuery = { page: positive(params.get(key('page')), 1), limit: Math.min(limit, 100) };
    const sort = params.get(key('sort')) ?? defaults.sort;
    if (sort) q.sort = sort;
    const order = params.get(key('order'));
    if (defaults.sort) q.order = order === 'desc' || order === 'asc' ? order : (defaults.order ?? 'asc');
    for (const name of filterNames) {
      const value = params.get(key(name));
      if (value) q[name] = value;
    }
    return q;
    // filterNames is a constant list per page.
  }, [params, key, defaults.limit, defaults.sort, defaults.order]);

  const update = useCallback(
    (changes: Record<string, string | number | undefined>, resetPage: boolean) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key(name));
            else next.set(key(name), String(value));
          }
          if (resetPage) next.delete(key('page'));
          return next;
        },
        { replace: false },
      );
    },
    [setParams, key],
  );

  return {
    query,
    setPage: (page: number) => update({ page: page === 1 ? undefined : page }, false),
    setLimit: (limit: number) => update({ limit }, true),
    /** A click on a column: first ascending, then descending. */
    toggleSort: (column: string) => update({ sort: column, order: query.sort === column && query.order === 'asc' ? 'desc' : 'asc' }, true),
    setFilter: (name: string, value: string) => update({ [name]: value }, true),
  };
}

export type ListParams = ReturnType<typeof useListParams>;

type PagedResult<Row> = { data?: { items: Row[]; total: number } | undefined; isPending: boolean; error: unknown };

/**
 * What a DataTable takes from a server-paged list: the page's rows, its loading and error states,
 * and paging wired to the list's URL state. Rows are keyed by `id`, or by `keyOf` when they have none.
 */
export function pagedRows<Row extends { id: string | number }>(list: ListParams, result: PagedResult<Row>): PagedTableProps<Row>;
export function pagedRows<Row>(list: ListParams, result: PagedResult<Row>, keyOf: (row: Row) => string | number): PagedTableProps<Row>;
export function pagedRows<Row>(list: ListParams, result: PagedResult<Row>, keyOf?: (row: Row) => string | number): PagedTableProps<Row> {
  return {
    rows: result.data?.items,
    // Without keyOf the first signature holds: the row has an id.
    rowKey: keyOf ?? ((row) => (row as Row & { id: string | number }).id),
    isLoading: result.isPending,
    error: result.error,
    paging: {
      page: list.query.page,
      limit: list.query.limit,
      total: result.data?.total ?? 0,
      onPage: list.setPage,
      onLimit: list.setLimit,
    },
  };
}

interface PagedTableProps<Row> {
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  isLoading: boolean;
  error: unknown;
  paging: { page: number; limit: number; total: number; onPage(page: number): void; onLimit(limit: number): void };
}
