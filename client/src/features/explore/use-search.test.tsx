import type { ListItem } from '#contract/explore';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ServerError } from '../../testing/fake-server';
import { acting, type RenderedHook, renderHook, waitFor } from '../../testing/render-hook';
import { type SearchState, useSearch } from './use-search';

const person = (username: string): ListItem => ({ username, title: '', image: null, timestamp: null, like_count: 0 });

/** Answers every search with one row named after the text and kind, after `delayMs`. */
function searchServer(delayMs = 0) {
  return fakeServer({
    'explore.searchPage': async (input) => {
      const { text, kind } = input as { text: string; kind: string };
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { items: [person(`${kind}:${text}`)], nextCursor: null };
    },
  });
}

/** 45 matches for any text, 20 to a page; the second page fails once when `failOnce` is set. */
function pagedServer(failOnce = false) {
  let failed = !failOnce;
  return fakeServer({
    'explore.searchPage': async (input) => {
      // The first page comes without a cursor (the server reads none as 0).
      const { cursor = 0, limit } = input as { cursor?: number; limit: number };
      if (cursor > 0 && !failed) {
        failed = true;
        throw new ServerError('INTERNAL_SERVER_ERROR', 500, 'Something went wrong.');
      }
      const end = Math.min(45, cursor + limit);
      const items = Array.from({ length: end - cursor }, (_, i) => person(`p${cursor + i}`));
      return { items, nextCursor: end < 45 ? end : null };
    },
  });
}

const sent = (server: ReturnType<typeof fakeServer>) =>
  server.callsTo('explore.searchPage').map((c) => {
    const { text, kind } = c as { text: string; kind: string };
    return { text, kind };
  });

const names = (s: SearchState) => s.items.map((i) => i.username);

let rendered: RenderedHook<SearchState, undefined> | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
  vi.unstubAllGlobals();
});

describe('useSearch', () => {
  it('searches the text as it is after a pause: a fast typist sends one request, for the last text', async () => {
    const server = searchServer();
    rendered = await renderHook(() => useSearch());
    expect(rendered.current.searching).toBe(false);
    await acting(() => rendered!.current.setText('m'));
    await acting(() => rendered!.current.setText('ma'));
    await acting(() => rendered!.current.setText('mar '));
    expect(rendered.current.searching).toBe(true);
    expect(rendered.current.final).toBe(false);

    await waitFor(() => expect(rendered!.current.final).toBe(true));
    expect(names(rendered.current)).toEqual(['all:mar']);
    expect(rendered.current.itemsFor).toBe('mar');
    expect(sent(server)).toEqual([{ text: 'mar', kind: 'all' }]);
  });

  it('keeps the last answer on screen, not final, while the next text is on its way', async () => {
    searchServer(50);
    rendered = await renderHook(() => useSearch());
    await acting(() => rendered!.current.setText('ann'));
    await waitFor(() => expect(rendered!.current.final).toBe(true));

    await acting(() => rendered!.current.setText('anna'));
    expect(rendered.current.final).toBe(false);
    expect(names(rendered.current)).toEqual(['all:ann']);
    expect(rendered.current.itemsFor).toBe('ann');
    await waitFor(() => expect(rendered!.current.final).toBe(true));
    expect(names(rendered.current)).toEqual(['all:anna']);
  });

  it('toggles Stories and Users exclusively, back to everything, and empties on a cleared box', async () => {
    const server = searchServer();
    rendered = await renderHook(() => useSearch());
    await acting(() => rendered!.current.setText('lee'));
    await waitFor(() => expect(rendered!.current.final).toBe(true));

    await acting(() => rendered!.current.toggle('users'));
    expect(rendered.current.kind).toBe('users');
    await waitFor(() => expect(names(rendered!.current)).toEqual(['users:lee']));
    await acting(() => rendered!.current.toggle('stories'));
    expect(rendered.current.kind).toBe('stories');
    await acting(() => rendered!.current.toggle('stories'));
    expect(rendered.current.kind).toBe('all');

    await acting(() => rendered!.current.setText('  '));
    expect(rendered.current.searching).toBe(false);
    expect(rendered.current.items).toEqual([]);
    expect(rendered.current.itemsFor).toBeNull();
    expect(sent(server)).toContainEqual({ text: 'lee', kind: 'stories' });
  });

  it('shows 20 matches, then the next ones with See More, until every match is shown', async () => {
    const server = pagedServer();
    rendered = await renderHook(() => useSearch());
    await acting(() => rendered!.current.setText('anna'));
    await waitFor(() => expect(rendered!.current.final).toBe(true));
    expect(rendered.current.items).toHaveLength(20);
    expect(rendered.current.hasMore).toBe(true);

    await acting(() => rendered!.current.more());
    await waitFor(() => expect(rendered!.current.items).toHaveLength(40));
    await acting(() => rendered!.current.more());
    await waitFor(() => expect(rendered!.current.items).toHaveLength(45));
    expect(rendered.current.hasMore).toBe(false);
    expect(names(rendered.current)).toEqual(Array.from({ length: 45 }, (_, i) => `p${i}`));
    expect(server.callsTo('explore.searchPage').map((c) => (c as { cursor?: number }).cursor)).toEqual([undefined, 20, 40]);
  });

  it('keeps the matches shown when the next page fails, and asks again', async () => {
    pagedServer(true);
    rendered = await renderHook(() => useSearch());
    await acting(() => rendered!.current.setText('anna'));
    await waitFor(() => expect(rendered!.current.final).toBe(true));
    await acting(() => rendered!.current.more());
    await waitFor(() => expect(rendered!.current.moreError).not.toBeNull());
    expect(rendered.current.items).toHaveLength(20);
    expect(rendered.current.error).toBeNull();

    await acting(() => rendered!.current.more());
    await waitFor(() => expect(rendered!.current.items).toHaveLength(40));
    expect(rendered.current.moreError).toBeNull();
  });
});
