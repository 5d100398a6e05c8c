import type { Comment } from '#contract/social';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/fake-server';
import { acting, type RenderedHook, renderHook, waitFor } from '../../testing/render-hook';
import { COMMENTS_PAGE_SIZE, usePagedComments } from './use-paged-comments';

const comment = (id: number): Comment => ({
  comment_id: id,
  username: 'chatty',
  first_name: null,
  last_name: null,
  text: `Comment number ${id}`,
  timestamp: '2026-11-01T10:00:00.000Z',
  image: null,
});

/** The story's comments on the server, newest first, paged as the server pages them. */
function thread(count: number) {
  const list = Array.from({ length: count }, (_, i) => comment(count - i));
  return {
    list,
    handlers: {
      'social.comments': (input: unknown) => {
        const { page, limit } = input as { page: number; limit: number };
        return list.slice((page - 1) * limit, page * limit);
      },
      'social.commentCount': () => ({ count: list.length }),
    },
  };
}

type Comments = ReturnType<typeof usePagedComments>;
const texts = (c: Comments) => c.comments.map((x) => x.text);

let rendered: RenderedHook<Comments, undefined> | null = null;
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
  vi.unstubAllGlobals();
});

describe('usePagedComments', () => {
  it('loads 50, then See More without duplicates when a new comment of this visit shifted the pages', async () => {
    const data = thread(55);
    const server = fakeServer(data.handlers);
    rendered = await renderHook(() => usePagedComments('author'));
    expect(rendered.current.firstLoad).toBe(true);
    await waitFor(() => expect(rendered!.current.comments).toHaveLength(50));
    expect(rendered.current.total).toBe(55);
    expect(rendered.current.hasMore).toBe(true);
    expect(server.callsTo('social.comments')).toEqual([{ story_username: 'author', page: 1, limit: COMMENTS_PAGE_SIZE }]);

    // This person comments: it goes on top, the count follows, and the server's page 2 now repeats comment 6.
    const mine = comment(56);
    data.list.unshift(mine);
    await acting(() => rendered!.current.created(mine));
    expect(rendered.current.comments[0]).toEqual(mine);
    expect(rendered.current.total).toBe(56);

    await acting(() => rendered!.current.seeMore());
    await waitFor(() => expect(rendered!.current.comments).toHaveLength(56));
    expect(new Set(texts(rendered.current)).size).toBe(56);
    expect(texts(rendered.current).at(-1)).toBe('Comment number 1');
    expect(rendered.current.hasMore).toBe(false);
    // Page 1 stays as it was (refetching it would reshuffle the list): only page 2 was asked for.
    expect(server.callsTo('social.comments').map((i) => (i as { page: number }).page)).toEqual([1, 2]);
  });

  it('hides a deleted comment and counts it out', async () => {
    const data = thread(3);
    fakeServer(data.handlers);
    rendered = await renderHook(() => usePagedComments('author'));
    await waitFor(() => expect(rendered!.current.comments).toHaveLength(3));
    expect(rendered.current.hasMore).toBe(false);
    await acting(() => rendered!.current.deleted(2));
    expect(texts(rendered.current)).toEqual(['Comment number 3', 'Comment number 1']);
    expect(rendered.current.total).toBe(2);
  });

  it('follows the spec: See More while pages * 50 is at or below the total, until a page comes back short', async () => {
    const data = thread(50);
    const server = fakeServer(data.handlers);
    rendered = await renderHook(() => usePagedComments('author'));
    await waitFor(() => expect(rendered!.current.comments).toHaveLength(50));
    expect(rendered.current.hasMore).toBe(true);
    await acting(() => rendered!.current.seeMore());
    await waitFor(() => expect(server.callsTo('social.comments')).toHaveLength(2));
    await waitFor(() => expect(rendered!.current.hasMore).toBe(false));
    expect(rendered.current.comments).toHaveLength(50);
  });
});
