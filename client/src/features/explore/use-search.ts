// Search as you type (the Explore screen). Every keystroke searches the text as it is now
// (after a 100 ms pause, so a fast typist sends fewer requests), never the previous keystroke's text.
// React Query keys each answer by its input, so an answer for older text lands in its own cache entry
// and is never shown for the current text: only data whose input equals the current text is final.
// Results come 20 at a time (explore.searchPage); See More asks for the next 20 after them, so every match
// can be reached (ADR 0011).
import { useEffect, useMemo, useState } from 'react';
import { LIMITS } from '#contract/limits';
import type { ListItem, SearchPage } from '#contract/explore';
import { trpc } from '../../lib/trpc';

export type SearchKind = 'all' | 'stories' | 'users';

const DEBOUNCE_MS = 100;
export const SEARCH_PAGE_SIZE = LIMITS.searchResultsMax;

interface Shown {
  text: string;
  kind: SearchKind;
  items: ListItem[];
}

export interface SearchState {
  text: string;
  setText: (text: string) => void;
  kind: SearchKind;
  /** Stories and Users are exclusive; pressing the active one goes back to searching everything. */
  toggle: (kind: Exclude<SearchKind, 'all'>) => void;
  /** True once the box holds something to search for; clearing it empties the results. */
  searching: boolean;
  /** The rows on screen: final ones for the current text, or the last final ones (dimmed) while it loads. */
  items: ListItem[];
  /** The text the rows on screen belong to. */
  itemsFor: string | null;
  /** True when `items` answer the current text and kind. */
  final: boolean;
  error: unknown;
  /** More matches can be shown (See More). */
  hasMore: boolean;
  /** The next page is on its way. */
  loadingMore: boolean;
  /** Why the next page could not be had (the rows already shown stay). */
  moreError: unknown;
  /** Asks for the next page; ignored while one is on its way. */
  more: () => void;
}

/** The rows of all pages in order, each username once (a page boundary can shift while the index changes). */
function rowsOf(pages: readonly SearchPage[]): ListItem[] {
  const seen = new Set<string>();
  const out: ListItem[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.username)) continue;
      seen.add(item.username);
      out.push(item);
    }
  }
  return out;
}

export function useSearch(): SearchState {
  const [text, setText] = useState('');
  const [kind, setKind] = useState<SearchKind>('all');
  const term = text.trim();
  const [sent, setSent] = useState(term);

  useEffect(() => {
    if (term === '') {
      setSent('');
      return;
    }
    const timer = setTimeout(() => setSent(term), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);

  const query = trpc.explore.searchPage.useInfiniteQuery(
    { text: sent, kind, limit: SEARCH_PAGE_SIZE },
    {
      enabled: sent !== '',
      staleTime: 15_000,
      retry: false,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    },
  );
  const searching = term !== '';
  const current = searching && sent === term;
  const final = current && query.data !== undefined;
  const pages = query.data?.pages;
  const rows = useMemo(() => (pages ? rowsOf(pages) : undefined), [pages]);

  // The last final answer stays on screen, dimmed, while the next one loads: no flicker, never final.
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    if (final && rows) setShown({ text: sent, kind, items: rows });
    if (!searching) setShown(null);
  }, [final, rows, sent, kind, searching]);

  const items = !searching ? [] : final ? rows! : (shown?.items ?? []);
  const itemsFor = !searching ? null : final ? term : (shown?.text ?? null);
  const moreFailed = query.isFetchNextPageError;

  return {
    text,
    setText,
    kind,
    toggle: (k) => setKind((current) => (current === k ? 'all' : k)),
    searching,
    items,
    itemsFor,
    final,
    error: current && !moreFailed ? query.error : null,
    hasMore: final && query.hasNextPage,
    loadingMore: final && query.isFetchingNextPage,
    moreError: current && moreFailed ? query.error : null,
    more: () => {
      if (final && !query.isFetching) void query.fetchNextPage();
    },
  };
}
