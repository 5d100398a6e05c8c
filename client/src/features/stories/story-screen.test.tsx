import type { SessionUser } from '#contract/accounts';
import type { ReaderStory } from '#contract/stories';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, signedOut } from '../../state/session';
import { fakeServer } from '../../testing/fake-server';
import { acting, waitFor } from '../../testing/render-hook';
import { buttonNamed, linkNamed, type RenderedNode, renderNode } from '../../testing/render-node';
import { StoryScreen } from './story-screen';

const person = (username: string): SessionUser => ({
  user_info: {
    username,
    first_name: null,
    last_name: null,
    email: `${username}@example.org`,
    dob: '1950-04-02T00:00:00.000',
    image: null,
    is_private: false,
  },
});

const story: ReaderStory = {
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
  text: null,
  like_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  version: 1,
  chapters: [],
};

let rendered: RenderedNode | null = null;
beforeEach(() => history.replaceState(null, '', '/story/mara/page/1'));
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
  signedOut();
  vi.unstubAllGlobals();
});

const server = (answer: ReaderStory) =>
  fakeServer({
    'stories.get': () => answer,
    'stories.page': () => ({ html: '<p>Once upon a time.</p>', page_number: 1, page_count: 1 }),
    'social.flags': () => ({ liked: false, bookmarked: false }),
    'follows.status': () => ({ following: false }),
  });

describe('the story page and who can read it', () => {
  it('tells the author who can read their story, with the ways to change it, and offers them no follow', async () => {
    const s = server({ ...story, text: '<p>Once upon a time.</p>', audience: 'circle' });
    signedIn(person('mara'));
    rendered = await renderNode(<StoryScreen username="mara" pageNumber={1} />);
    const c = rendered.container;
    await waitFor(() => expect(c.textContent).toContain('Published: visible only to people you invite.'));
    expect(linkNamed(c, 'Change who can read')?.getAttribute('href')).toBe('/story/write#audience');
    expect(linkNamed(c, 'Your readers')?.getAttribute('href')).toBe('/readers');
    await waitFor(() => expect(c.textContent).toContain('Once upon a time.'));
    expect(buttonNamed(c, 'Follow this story')).toBeNull();
    expect(c.querySelector('.story-follow')).toBeNull();
    expect(s.callsTo('follows.status')).toEqual([]);
  });

  it('shows a signed-in reader the follow button and no audience line', async () => {
    server(story);
    signedIn(person('ruth'));
    rendered = await renderNode(<StoryScreen username="mara" pageNumber={1} />);
    const c = rendered.container;
    await waitFor(() => expect(buttonNamed(c, 'Follow this story')?.disabled).toBe(false));
    expect(c.textContent).not.toContain('Published:');
    expect(linkNamed(c, 'Change who can read')).toBeNull();
  });

  it('shows a reader without an account the address form', async () => {
    server(story);
    rendered = await renderNode(<StoryScreen username="mara" pageNumber={1} />);
    const c = rendered.container;
    await waitFor(() => expect(buttonNamed(c, 'Email me when it grows')).not.toBeNull());
    expect(c.textContent).not.toContain('Published:');
  });
});

describe('parts that come when first used (issue #32)', () => {
  const photoPage =
    '<figure><img src="/media/p/small.webp" data-full="/media/p/large.webp" alt="The harbour"><figcaption>Porto</figcaption></figure>';

  it('opens a photo pressed before the lightbox’s code came, and shows the comments once the reader nears them', async () => {
    // The page's observers, told by the test when their element comes within a screen (use-near-view.ts).
    const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly seen: { callback: IntersectionObserverCallback; elements: Element[] };
        constructor(callback: IntersectionObserverCallback) {
          this.seen = { callback, elements: [] };
          observers.push(this.seen);
        }
        observe(element: Element) {
          this.seen.elements.push(element);
        }
        disconnect() {
          this.seen.elements = [];
        }
      },
    );
    const s = fakeServer({
      'stories.get': () => story,
      'stories.page': () => ({ html: photoPage, page_number: 1, page_count: 1 }),
      'social.commentCount': () => ({ count: 0 }),
      'social.comments': () => [],
    });
    rendered = await renderNode(<StoryScreen username="mara" pageNumber={1} />);
    const c = rendered.container;
    await waitFor(() => expect(c.querySelector('img[data-full]')?.getAttribute('role')).toBe('button'));
    (c.querySelector('img[data-full]') as HTMLImageElement).click();
    await waitFor(() => expect(c.querySelector('dialog.lightbox')?.getAttribute('aria-label')).toBe('Photo: The harbour'));

    // The comments' heading is there; their code and answers only once the reader is near.
    expect(c.querySelector('#comments-heading')?.textContent).toBe('Comments');
    expect(c.textContent).not.toContain('No comments yet.');
    expect(s.callsTo('social.comments')).toEqual([]);
    await acting(() => {
      for (const { callback, elements } of observers)
        callback(
          elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        );
    });
    await waitFor(() => expect(c.textContent).toContain('No comments yet.'));
  });

  it('gives the author Edit and Delete Story from their own chunk', async () => {
    server(story);
    signedIn(person('mara'));
    rendered = await renderNode(<StoryScreen username="mara" pageNumber={1} />);
    const c = rendered.container;
    await waitFor(() => expect(buttonNamed(c, 'Delete Story')).not.toBeNull());
    expect(linkNamed(c, 'Edit')?.getAttribute('href')).toBe('/story/write');
  });

  it("shows the author's page only with their buttons: the pager never moves down when they arrive", async () => {
    // Fresh modules: the author's chunk, once loaded (by the tests above), never suspends again.
    vi.resetModules();
    const fresh = {
      session: await import('../../state/session'),
      render: await import('../../testing/render-node'),
      screen: await import('./story-screen'),
    };
    server({ ...story, page_count: 3 });
    fresh.session.signedIn(person('mara'));
    // Every state the page is in: a top bar with its pager but without Edit and Delete Story above it would move the
    // pager down under a finger on its way to Next Page.
    const barsWithoutOwnerActions: string[] = [];
    const watch = new MutationObserver(() => {
      const bar = document.querySelector('.story-bar.top');
      if (bar?.querySelector('.pager') && !bar.querySelector('.story-owner-actions')) barsWithoutOwnerActions.push(bar.outerHTML);
    });
    watch.observe(document.body, { childList: true, subtree: true });
    try {
      rendered = await fresh.render.renderNode(<fresh.screen.StoryScreen username="mara" pageNumber={1} />);
      const c = rendered.container;
      await waitFor(() => expect(buttonNamed(c, 'Delete Story')).not.toBeNull());
      expect(c.querySelector('.story-bar.top .pager')).not.toBeNull();
    } finally {
      watch.disconnect();
      fresh.session.signedOut();
    }
    expect(barsWithoutOwnerActions).toEqual([]);
  });
});
