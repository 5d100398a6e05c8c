// One paging engine for the Top, New and Saved lists (50 to a page, docs/architecture.md §2): page 1 first,
// each See More appends page+1, rows whose username is already listed are skipped, and See More stays
// while page * 50 < total. A new `key` (another top window) starts over from an empty list.
import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '../../../../server/src/contract/limits';
import type { ListItem } from '../../../../server/src/contract/schemas';

export const PAGE_SIZE = LIMITS.pageSizeMax;

export interface PagedSource {
  /** Names the list; when it changes the list is cleared and paging restarts at page 1. */
  key: string;
  fetchPage: (page: number) => Promise<ListItem[]>;
  fetchCount: () => Promise<{ count: number }>;
}

interface State {
  key: string;
  items: ListItem[];
  /** The last page appended (0 before the first arrives). */
  page: number;
  total: number | null;
  status: 'loading' | 'idle' | 'error';
  error: unknown;
  /** The page to ask for again after a failure. */
  failedPage: number;
  /** Index of the first row the last See More added (null for page 1). */
  appendedFrom: number | null;
}

export interface PagedList {
  items: ListItem[];
  total: number | null;
  loading: boolean;
  error: unknown;
  hasMore: boolean;
  /** Index of the first row the last See More added (null for page 1), to move focus there. */
  appendedFrom: number | null;
  more: () => void;
  retry: () => void;
}

const fresh = (key: string): State => ({
  key,
  items: [],
  page: 0,
  total: null,
  status: 'loading',
  error: null,
  failedPage: 1,
  appendedFrom: null,
});

export function usePagedList(source: PagedSource): PagedList {
  const [state, setState] = useState<State>(() => fresh(source.key));
  // Each (re)start gets a number; answers that arrive for an older one are dropped.
  const generation = useRef(0);
  // Set synchronously on a request, so a quick double click on See More asks only once.
  const busy = useRef(false);
  // The latest fetchers without restarting the list when their identity changes on a re-render.
  const latest = useRef(source);
  latest.current = source;

  const load = useCallback(async (page: number, gen: number) => {
    busy.current = true;
    setState((s) => ({ ...s, status: 'loading', error: null }));
    try {
      const [rows, { count }] = await Promise.all([latest.current.fetchPage(page), latest.current.fetchCount()]);
      if (gen !== generation.current) return;
      setState((s) => {
        const seen = new Set(s.items.map((i) => i.username));
        const added = rows.filter((row) => !seen.has(row.username) && seen.add(row.username));
        const appendedFrom = page > 1 ? s.items.length : null;
        return { ...s, items: [...s.items, ...added], page, total: count, status: 'idle', error: null, failedPage: page + 1, appendedFrom };
      });
    } catch (error) {
      if (gen !== generation.current) return;
      setState((s) => ({ ...s, status: 'error', error, failedPage: page }));
    } finally {
      if (gen === generation.current) busy.current = false;
    }
  }, []);

  useEffect(() => {
    const gen = ++generation.current;
    busy.current = false;
    setState(fresh(source.key));
    void load(1, gen);
    return () => {
      generation.current++;
    };
  }, [source.key, load]);

  // Until the restart's effect runs, a changed key already shows an empty, loading list.
  const current = state.key === source.key ? state : fresh(source.key);
  const hasMore = current.status !== 'error' && current.total !== null && current.page * PAGE_SIZE < current.total;

  const more = useCallback(() => {
    if (busy.current) return;
    void load(current.page + 1, generation.current);
  }, [load, current.page]);

  const retry = useCallback(() => {
    if (busy.current) return;
    void load(current.failedPage, generation.current);
  }, [load, current.failedPage]);

  return {
    items: current.items,
    total: current.total,
    loading: current.status === 'loading',
    error: current.status === 'error' ? current.error : null,
    hasMore,
    appendedFrom: current.appendedFrom,
    more,
    retry,
  };
}
