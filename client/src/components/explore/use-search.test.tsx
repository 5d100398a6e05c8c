import type { ListItem } from '#contract/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server';
import { acting, type RenderedHook, renderHook, waitFor } from '../../testing/render-hook';
import { type SearchState, useSearch } from './use-search';

const person = (username: string): ListItem => ({ username, title: '', image: null, timestamp: null, like_count: 0 });

/** Answers every search with one row named after the text and kind, after `delayMs`. */
function searchServer(delayMs = 0) {
  return fakeServer({
    'explore.search': async (input) => {
      const { text, kind } = input as { text: string; kind: string };
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return [person(`${kind}:${text}`)];
    },
  });
}

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
    expect(server.callsTo('explore.search')).toEqual([{ text: 'mar', kind: 'all' }]);
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
    expect(server.callsTo('explore.search')).toContainEqual({ text: 'lee', kind: 'stories' });
  });
});
