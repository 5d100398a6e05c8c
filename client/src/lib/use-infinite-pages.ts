// Cumulative paging on TanStack Query's useInfiniteQuery, for lists whose procedures take a page number
// (the spec's `page` / `limit`, not a cursor): page 1 first, each `more()` appends page + 1, and a row seen
// on an earlier page (pages shift when someone adds a story or a comment meanwhile) is shown once.
// Paging stops at a short page, or when a page carries the list's total and every row of it is in.
import { hashKey, type QueryKey, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';

export interface Page<T> {
  rows: T[];
  /** How many rows the whole list has, when the page comes with it (asked for together with each page). */
  total?: number;
}

export interface InfinitePagesOptions<T> {
  /** One list per key: a new key (another top window, another story) is another list, paged from 1. */
  queryKey: QueryKey;
  fetchPage: (page: number, signal: AbortSignal) => Promise<Page<T>>;
  pageSize: number;
  /** Identity of a row, for dropping repeats; pass a function defined once, not a new one every render. */
  keyOf: (row: T) => string | number;
  /**
   * How long a list nobody shows stays cached (ms). 0 makes every visit start afresh at page 1 instead of
   * showing the pages of the last visit; the default is TanStack Query's.
   */
  gcTime?: number;
  staleTime?: number;
}

export interface InfinitePages<T> {
  items: T[];
  /** The total the last page came with, or null (not asked for, or nothing loaded yet). */
  total: number | null;
  /** Pages loaded so far. */
  pages: number;
  hasMore: boolean;
  /** Nothing loaded yet and no answer so far (a failed first page is an `error`). */
  firstLoad: boolean;
  /** Any page is being fetched (the first, the next, or a refetch). */
  loading: boolean;
  loadingMore: boolean;
  error: unknown;
  /** Fetches the next page; ignored while a fetch is under way, so a double click asks once. */
  more: () => void;
  /** Asks again for what failed: the next page when that failed, else the whole list. */
  retry: () => void;
}

export function nextPageParam<T>(pageSize: number) {
  return (last: Page<T>, _all: Page<T>[], lastPage: number): number | undefined => {
    if (last.rows.length < pageSize) return undefined;
    if (last.total !== undefined && lastPage * pageSize >= last.total) return undefined;
    return lastPage + 1;
  };
}

/** The rows of all pages in order, each key once (its first place wins). */
export function mergePages<T>(pages: readonly Page<T>[], keyOf: (row: T) => string | number): T[] {
  const seen = new Set<string | number>();
  const items: T[] = [];
  for (const page of pages) {
    for (const row of page.rows) {
      const key = keyOf(row);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(row);
    }
  }
  return items;
}

export function useInfinitePages<T>({
  queryKey,
  fetchPage,
  pageSize,
  keyOf,
  gcTime,
  staleTime,
}: InfinitePagesOptions<T>): InfinitePages<T> {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam<T>(pageSize),
    ...(gcTime === undefined ? {} : { gcTime }),
    ...(staleTime === undefined ? {} : { staleTime }),
  });
  // A list that came with a server-rendered page was put in the cache with TanStack's default gcTime, and an
  // observer can raise a query's gcTime but never lower it: so gcTime 0 is also applied here, by dropping the list
  // once nothing shows it (a moment later, so a screen that shows it again at once keeps it).
  const queryClient = useQueryClient();
  const hash = hashKey(queryKey);
  useEffect(() => {
    if (gcTime !== 0) return;
    return () => {
      setTimeout(() => {
        const cached = queryClient.getQueryCache().get(hash);
        if (cached && cached.getObserversCount() === 0) queryClient.getQueryCache().remove(cached);
      }, 0);
    };
  }, [gcTime, queryClient, hash]);
  const pages = query.data?.pages;
  const items = useMemo(() => mergePages(pages ?? [], keyOf), [pages, keyOf]);
  const last = pages?.[pages.length - 1];

  return {
    items,
    total: last?.total ?? null,
    pages: pages?.length ?? 0,
    hasMore: query.hasNextPage,
    firstLoad: query.isPending,
    loading: query.isFetching,
    loadingMore: query.isFetchingNextPage,
    error: query.error,
    more: () => {
      if (!query.isFetching && query.hasNextPage) void query.fetchNextPage({ cancelRefetch: false });
    },
    retry: () => {
      if (query.isFetching) return;
      if (query.isFetchNextPageError) void query.fetchNextPage({ cancelRefetch: false });
      else void query.refetch();
    },
  };
}
