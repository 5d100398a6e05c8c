import type { SessionUser } from '#contract/accounts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, signedOut } from '../../state/session';
import { fakeServer, ServerError } from '../../testing/fake-server';
import { acting, type RenderedHook, renderHook, waitFor } from '../../testing/render-hook';
import { type StoryMarks, useStoryMarks } from './use-story-marks';

const reader: SessionUser = {
  user_info: {
    username: 'reader',
    first_name: null,
    last_name: null,
    email: 'r@example.org',
    dob: '1990-04-02T00:00:00.000',
    image: null,
    is_private: false,
  },
};

let rendered: RenderedHook<StoryMarks, undefined> | null = null;
beforeEach(() => {
  history.replaceState(null, '', '/story/author/page/2');
});
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
  signedOut();
  vi.unstubAllGlobals();
});

describe('useStoryMarks', () => {
  it('sends a visitor to sign in and back, without asking for flags', async () => {
    const server = fakeServer({});
    rendered = await renderHook(() => useStoryMarks('author'));
    expect(rendered.current.signedIn).toBe(false);
    expect(rendered.current.ready).toBe(true);
    await acting(() => rendered!.current.toggleLike('top'));
    expect(location.pathname).toBe('/login');
    expect(new URLSearchParams(location.search).get('next')).toBe('/story/author/page/2');
    expect(server.calls).toEqual([]);
  });

  it('flips like only once the server agrees; a press made before its code has come waits for it (issue #32)', async () => {
    signedIn(reader);
    let agree = () => {};
    const agreed = new Promise<void>((resolve) => {
      agree = resolve;
    });
    // The flags answer when the test says so: on a loaded machine a prompt answer could land inside renderHook's act.
    let answerFlags = () => {};
    const flagsAsked = new Promise<void>((resolve) => {
      answerFlags = resolve;
    });
    const server = fakeServer({
      'social.flags': async () => {
        await flagsAsked;
        return { liked: false, bookmarked: true };
      },
      'social.like': async (input) => {
        await agreed;
        return { on: input.on, changed: true };
      },
      'stories.get': () => null,
    });
    rendered = await renderHook(() => useStoryMarks('author'));
    expect(rendered.current.ready).toBe(false);
    answerFlags();
    await waitFor(() => expect(rendered!.current.ready).toBe(true));
    expect(rendered.current.bookmarked).toBe(true);

    // The first press of the file: mark-story.ts is asked for now, and the press is sent once it has come.
    await acting(() => rendered!.current.toggleLike('bottom'));
    await waitFor(() => expect(rendered!.current.likePending).toBe(true));
    expect(rendered.current.liked).toBe(false);
    // A second press while the first is on its way sends nothing more.
    await acting(() => rendered!.current.toggleLike('bottom'));

    agree();
    await waitFor(() => expect(rendered!.current.liked).toBe(true));
    expect(rendered.current.bookmarked).toBe(true);
    expect(server.callsTo('social.like')).toEqual([{ story_username: 'author', on: true }]);
  });

  it('says where a bookmark failed, and keeps the old state', async () => {
    signedIn(reader);
    fakeServer({
      'social.flags': () => ({ liked: false, bookmarked: false }),
      'social.bookmark': () => {
        throw new ServerError('BAD_REQUEST', 400, 'No.');
      },
    });
    rendered = await renderHook(() => useStoryMarks('author'));
    await waitFor(() => expect(rendered!.current.ready).toBe(true));
    await acting(() => rendered!.current.toggleBookmark('top'));
    await waitFor(() => expect(rendered!.current.failure).toEqual({ message: 'Failed to save or unsave story.', where: 'top' }));
    expect(rendered.current.bookmarked).toBe(false);
  });
});
