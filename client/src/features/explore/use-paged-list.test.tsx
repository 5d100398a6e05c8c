import type { ListItem, TopWindowName } from '#contract/explore';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ServerError } from '../../testing/fake-server';
import { acting, type RenderedHook, renderHook, waitFor } from '../../testing/render-hook';
import { PAGE_SIZE, type PagedList, useNewStories, useTopStories } from './use-paged-list';

const story = (username: string): ListItem => ({ username, title: `Story of ${username}`, image: null, timestamp: null, like_count: 0 });

/** Newest first: the server's list as it stands, paged as the server pages it. */
function newestFirst(count: number, prefix = 'u') {
  const list = Array.from({ length: count }, (_, i) => story(`${prefix}${count - i}`));
  return {
    list,
    page: (input: unknown) => {
      const { page, limit } = input as { page: number; limit: number };
      return list.slice((page - 1) * limit, page * limit);
    },
    count: () => ({ count: list.length }),
  };
}

const usernames = (list: PagedList) => list.items.map((i) => i.username);

let rendered: RenderedHook<PagedList, TopWindowName> | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
  vi.unstubAllGlobals();
});

describe('useNewStories', () => {
  it('loads page 1 with the count in one request, then page 2 on more(), and stops after a short page', async () => {
    const data = newestFirst(62);
    // Page 2 waits for the test to let it through, so the hook can be seen loading it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = fakeServer({
      'explore.new': async (input) => {
        if ((input as { page: number }).page === 2) await held;
        return data.page(input);
      },
      'explore.newCount': data.count,
    });
    rendered = await renderHook(() => useNewStories());
    expect(rendered.current.firstLoad).toBe(true);

    await waitFor(() => expect(rendered!.current.items).toHaveLength(50));
    expect(server.requests()).toBe(1);
    expect(server.callsTo('explore.new')).toEqual([{ page: 1, limit: PAGE_SIZE }]);
    expect(rendered.current.total).toBe(62);
    expect(rendered.current.hasMore).toBe(true);

    await acting(() => rendered!.current.more());
    await waitFor(() => expect(rendered!.current.loadingMore).toBe(true));
    expect(rendered.current.items).toHaveLength(50);
    release();
    await waitFor(() => expect(rendered!.current.items).toHaveLength(62));
    expect(rendered.current.loadingMore).toBe(false);
    expect(server.callsTo('explore.new')).toEqual([
      { page: 1, limit: PAGE_SIZE },
      { page: 2, limit: PAGE_SIZE },
    ]);
    expect(usernames(rendered.current)).toEqual(data.list.map((s) => s.username));
    expect(rendered.current.hasMore).toBe(false);

    // Nothing more to ask for: more() is a no-op.
    await acting(() => rendered!.current.more());
    expect(server.callsTo('explore.new')).toHaveLength(2);
  });

  it('skips a row already listed when a new story shifts the pages, and takes the new total', async () => {
    const data = newestFirst(62);
    fakeServer({ 'explore.new': data.page, 'explore.newCount': data.count });
    rendered = await renderHook(() => useNewStories());
    await waitFor(() => expect(rendered!.current.items).toHaveLength(50));
    const first = usernames(rendered.current);

    // Someone publishes: page 2 now starts with the old row 50, already on screen.
    data.list.unshift(story('newcomer'));
    await acting(() => rendered!.current.more());
    await waitFor(() => expect(rendered!.current.items).toHaveLength(62));
    const all = usernames(rendered.current);
    expect(new Set(all).size).toBe(62);
    expect(all.slice(0, 50)).toEqual(first);
    expect(all).not.toContain('newcomer');
    expect(rendered.current.total).toBe(63);
    expect(rendered.current.hasMore).toBe(false);
  });

  it('stops at a short page even when the count (stale) promises more, and at a full last page when the count says so', async () => {
    const short = newestFirst(60);
    fakeServer({ 'explore.new': short.page, 'explore.newCount': () => ({ count: 120 }) });
    rendered = await renderHook(() => useNewStories());
    await waitFor(() => expect(rendered!.current.items).toHaveLength(50));
    expect(rendered.current.hasMore).toBe(true);
    await acting(() => rendered!.current.more());
    await waitFor(() => expect(rendered!.current.items).toHaveLength(60));
    expect(rendered.current.hasMore).toBe(false);
    await rendered.unmount();
    vi.unstubAllGlobals();

    const exact = newestFirst(50);
    const server = fakeServer({ 'explore.new': exact.page, 'explore.newCount': exact.count });
    rendered = await renderHook(() => useNewStories());
    await waitFor(() => expect(rendered!.current.items).toHaveLength(50));
    expect(rendered.current.hasMore).toBe(false);
    expect(server.callsTo('explore.new')).toHaveLength(1);
  });

  it('asks once for a double See More', async () => {
    const data = newestFirst(120);
    const server = fakeServer({ 'explore.new': data.page, 'explore.newCount': data.count });
    rendered = await renderHook(() => useNewStories());
    await waitFor(() => expect(rendered!.current.items).toHaveLength(50));
    await acting(() => {
      rendered!.current.more();
      rendered!.current.more();
    });
    await waitFor(() => expect(rendered!.current.items).toHaveLength(100));
    expect(server.callsTo('explore.new')).toHaveLength(2);
  });

  it('keeps the rows when a later page fails, and asks for that page again on retry', async () => {
    const data = newestFirst(62);
    let failPage2 = true;
    const server = fakeServer({
      'explore.new': (input) => {
        if ((input as { page: number }).page === 2 && failPage2) throw new ServerError('BAD_REQUEST', 400, 'Page two is not there.');
        return data.page(input);
      },
      'explore.newCount': data.count,
    });
    rendered = await renderHook(() => useNewStories());
    await waitFor(() => expect(rendered!.current.items).toHaveLength(50));
    await acting(() => rendered!.current.more());
    await waitFor(() => expect(rendered!.current.error).toBeTruthy());
    expect((rendered.current.error as Error).message).toBe('Page two is not there.');
    expect(rendered.current.items).toHaveLength(50);

    failPage2 = false;
    await acting(() => rendered!.current.retry());
    await waitFor(() => expect(rendered!.current.items).toHaveLength(62));
    expect(rendered.current.error).toBeNull();
    // Page 1 was not asked for again: only the page that failed.
    expect(server.callsTo('explore.new').map((i) => (i as { page: number }).page)).toEqual([1, 2, 2]);
  });
});

describe('useTopStories', () => {
  it('starts over at page 1 for another window, and again when coming back (nothing kept off screen)', async () => {
    const all = newestFirst(80, 'a');
    const year = newestFirst(5, 'y');
    const server = fakeServer({
      'explore.top': (input) => ((input as { window: string }).window === 'year' ? year : all).page(input),
      'explore.topCount': (input) => ((input as { window: string }).window === 'year' ? year : all).count(),
    });
    rendered = await renderHook<PagedList, TopWindowName>((w) => useTopStories(w), 'all');
    await waitFor(() => expect(rendered!.current.items).toHaveLength(50));
    await acting(() => rendered!.current.more());
    await waitFor(() => expect(rendered!.current.items).toHaveLength(80));

    await rendered.rerender('year');
    // The old window's rows never show under the new one.
    expect(usernames(rendered.current).some((u) => u.startsWith('a'))).toBe(false);
    await waitFor(() => expect(usernames(rendered!.current)).toEqual(['y5', 'y4', 'y3', 'y2', 'y1']));
    expect(rendered.current.total).toBe(5);
    expect(rendered.current.hasMore).toBe(false);

    await rendered.rerender('all');
    await waitFor(() => expect(rendered!.current.items).toHaveLength(50));
    expect(rendered.current.hasMore).toBe(true);
    expect(server.callsTo('explore.top')).toEqual([
      { window: 'all', page: 1, limit: PAGE_SIZE },
      { window: 'all', page: 2, limit: PAGE_SIZE },
      { window: 'year', page: 1, limit: PAGE_SIZE },
      { window: 'all', page: 1, limit: PAGE_SIZE },
    ]);
  });
});
