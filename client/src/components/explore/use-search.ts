// Search as you type (the Explore screen). Every keystroke searches the text as it is now
// (after a 100 ms pause, so a fast typist sends fewer requests), never the previous keystroke's text.
// React Query keys each answer by its input, so an answer for older text lands in its own cache entry
// and is never shown for the current text: only data whose input equals the current text is final.
import { useEffect, useState } from 'react';
import type { ListItem } from '#contract/schemas';
import { trpc } from '../../lib/trpc';

export type SearchKind = 'all' | 'stories' | 'users';

const DEBOUNCE_MS = 100;

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

  const query = trpc.explore.search.useQuery({ text: sent, kind }, { enabled: sent !== '', staleTime: 15_000, retry: false });
  const searching = term !== '';
  const final = searching && sent === term && query.data !== undefined;

  // The last final answer stays on screen, dimmed, while the next one loads: no flicker, never final.
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    if (final && query.data) setShown({ text: sent, kind, items: query.data });
    if (!searching) setShown(null);
  }, [final, query.data, sent, kind, searching]);

  const items = !searching ? [] : final ? query.data! : (shown?.items ?? []);
  const itemsFor = !searching ? null : final ? term : (shown?.text ?? null);

  return {
    text,
    setText,
    kind,
    toggle: (k) => setKind((current) => (current === k ? 'all' : k)),
    searching,
    items,
    itemsFor,
    final,
    error: searching && sent === term ? query.error : null,
  };
}
