import type { FormEvent } from 'react';
import type { Audience } from '#contract/access';
import type { SessionUser } from '#contract/accounts';
import type { VersionedStory } from '#contract/stories';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, signedOut } from '../../state/session';
import { fakeServer, ServerError } from '../../testing/fake-server';
import { acting, type RenderedHook, renderHook, waitFor } from '../../testing/render-hook';
import { AUDIENCE_LATER, AUDIENCE_NOW, useAudienceChoice } from './use-audience-choice';
import { useDraftSession } from './use-draft-session';

const writer: SessionUser = {
  user_info: {
    username: 'mara',
    first_name: 'Mara',
    last_name: null,
    email: 'm@example.org',
    dob: '1950-04-02T00:00:00.000',
    image: null,
    is_private: false,
  },
};

const story = (audience: VersionedStory['audience']): VersionedStory => ({
  username: 'mara',
  title: 'By the sea',
  story_image: null,
  first_name: 'Mara',
  last_name: null,
  dob: null,
  age: null,
  user_image: null,
  is_private: false,
  page_count: 1,
  text: '<p>Once.</p>',
  like_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  version: 3,
  audience,
});

// biome-ignore lint/suspicious/noExplicitAny: each test renders a different hook.
let rendered: RenderedHook<any, any> | null = null;
beforeEach(() => {
  signedIn(writer);
  history.replaceState(null, '', '/story/write');
});
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
  signedOut();
  vi.unstubAllGlobals();
});

describe('the audience of a story never published', () => {
  it('shows the choice kept on the server, keeps a new one at once, and the first publish takes it', async () => {
    let kept: Audience = 'link'; // chosen on another device, weeks ago
    const server = fakeServer({
      'stories.get': () => null,
      'stories.audience': () => ({ audience: kept }),
      'stories.setAudience': (input) => {
        kept = input.audience;
        return { audience: kept };
      },
      'stories.preview': (input) => ({ title: String(input.title), html: input.text ?? '', page_count: 1 }),
      'stories.publish': () => ({ page_count: 1, version: 1, draft_version: 1 }),
    });
    const editor = { current: { html: () => '<p>My first words.</p>', unfinishedPhotos: () => 0 } };
    const opening = {
      content: { title: 'My life', text: '' },
      restoredAt: null,
      baseVersion: 0,
      draftVersion: 0,
      serverHas: null,
      unsynced: false,
      conflict: null,
    };
    const r = await renderHook(() => useDraftSession({ opening, story: null, adopted: undefined, username: 'mara' }, editor));
    rendered = r;
    expect(r.current.audience.published).toBe(false);
    await waitFor(() => expect(r.current.audience.chosen).toBe('link'));

    await acting(() => r.current.audience.choose('circle'));
    expect(r.current.audience.chosen).toBe('circle');
    // Kept at once, so that closing the screen (or another device) cannot lose it before Save Story.
    await waitFor(() => expect(r.current.audience.message).toBe(AUDIENCE_LATER.circle.defaultMessage));
    expect(server.callsTo('stories.setAudience')).toEqual([{ audience: 'circle' }]);

    // A first Save Story shows page 1 as readers will see it; nothing is published until "Publish my story".
    await acting(() => r.current.submit({ preventDefault: () => {} } as FormEvent));
    await waitFor(() => expect(r.current.preview).toEqual({ title: 'My life', html: '<p>My first words.</p>', page_count: 1 }));
    expect(server.callsTo('stories.publish')).toEqual([]);
    await acting(() => r.current.publishPreviewed());
    await waitFor(() => expect(server.callsTo('stories.publish')).toHaveLength(1));
    // The publish leaves the audience to the server, which holds the choice (not a copy another device may have changed).
    expect(server.callsTo('stories.publish')[0]).toMatchObject({ title: 'My life', text: '<p>My first words.</p>' });
    expect(server.callsTo('stories.publish')[0]).not.toHaveProperty('audience');
  });
});

describe('the audience of a published story', () => {
  it('shows the current audience and applies a choice at once, saying so', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const server = fakeServer({
      'stories.setAudience': async (input) => {
        await answered;
        return { audience: input.audience };
      },
    });
    const r = await renderHook(() => useAudienceChoice({ publishedStory: story('circle'), username: 'mara' }));
    rendered = r;
    expect(r.current.chosen).toBe('circle');
    expect(r.current.publishAudience).toBeUndefined();

    await acting(() => r.current.choose('everyone'));
    // The radio moves at once; the message waits for the server.
    expect(r.current.chosen).toBe('everyone');
    expect(r.current.message).toBeNull();
    answer();
    await waitFor(() => expect(r.current.message).toBe(AUDIENCE_NOW.everyone.defaultMessage));
    expect(server.callsTo('stories.setAudience')).toEqual([{ audience: 'everyone' }]);
    expect(r.current.failure).toBeNull();
  });

  it('puts the radio back and says so when the change fails', async () => {
    fakeServer({
      'stories.setAudience': () => {
        throw new ServerError('INTERNAL_SERVER_ERROR', 500);
      },
    });
    const r = await renderHook(() => useAudienceChoice({ publishedStory: story('link'), username: 'mara' }));
    rendered = r;
    await acting(() => r.current.choose('only_me'));
    await waitFor(() => expect(r.current.failure).toBe('We could not change who can read your story. Please try again.'));
    expect(r.current.chosen).toBe('link');
    expect(r.current.message).toBeNull();
  });

  it('updates the story the screens share, so the story page says the new audience', async () => {
    fakeServer({ 'stories.setAudience': (input) => ({ audience: input.audience }) });
    const r = await renderHook(() => useAudienceChoice({ publishedStory: story('everyone'), username: 'mara' }));
    rendered = r;
    r.queryClient.setQueryData([['stories', 'get'], { input: { username: 'mara' }, type: 'query' }], story('everyone'));
    await acting(() => r.current.choose('circle'));
    await waitFor(() => expect(r.current.message).toBe(AUDIENCE_NOW.circle.defaultMessage));
    const kept = r.queryClient.getQueryData<VersionedStory>([['stories', 'get'], { input: { username: 'mara' }, type: 'query' }]);
    expect(kept?.audience).toBe('circle');
  });
});
