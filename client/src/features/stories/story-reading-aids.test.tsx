import type { ReaderStory } from '#contract/stories';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fake-server';
import { waitFor } from '../../testing/render-hook';
import { buttonNamed, type RenderedNode, renderNode } from '../../testing/render-node';
import { StoryScreen } from './story-screen';

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
  page_count: 3,
  text: null,
  like_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  version: 1,
  chapters: [],
};

let rendered: RenderedNode | null = null;
beforeEach(() => {
  history.replaceState(null, '', '/story/mara/page/1');
  localStorage.clear();
  document.documentElement.style.removeProperty('--reading-scale');
});
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
});

const serve = () =>
  fakeServer({
    'stories.get': () => story,
    'stories.page': ({ page_number }) => ({
      html: `<p>Words of page ${Number(page_number)}.</p>`,
      page_number: Number(page_number),
      page_count: 3,
    }),
    'social.flags': () => ({ liked: false, bookmarked: false }),
    'follows.status': () => ({ following: false }),
  });

/** A- Smaller / A+ Larger: the letters are hidden from screen readers, so the name is the word. */
const sizeButton = (c: HTMLElement, word: string) =>
  [...c.querySelectorAll<HTMLButtonElement>('.text-size button')].find((b) => b.textContent?.trim().endsWith(word)) ?? null;

const scale = () => document.documentElement.style.getPropertyValue('--reading-scale');

describe('reading aids on the story page (issue #26, point 7)', () => {
  it('makes the text larger and smaller with A+ and A-, and keeps the size on this device', async () => {
    serve();
    rendered = await renderNode(<StoryScreen username="mara" pageNumber={1} />);
    const c = rendered.container;
    await waitFor(() => expect(sizeButton(c, 'Larger')).not.toBeNull());
    expect(sizeButton(c, 'Smaller')?.disabled).toBe(true);
    await act(async () => sizeButton(c, 'Larger')?.click());
    await act(async () => sizeButton(c, 'Larger')?.click());
    expect(scale()).toBe('1.3');
    expect(localStorage.getItem('reading-text-size')).toBe('2');
    await act(async () => sizeButton(c, 'Smaller')?.click());
    expect(scale()).toBe('1.15');
    expect(localStorage.getItem('reading-text-size')).toBe('1');
    await rendered.unmount();

    // Another visit starts at the kept size.
    rendered = await renderNode(<StoryScreen username="mara" pageNumber={1} />);
    await waitFor(() => expect(sizeButton(rendered?.container as HTMLElement, 'Smaller')?.disabled).toBe(false));
  });

  it('puts Next Page at the end of the text, and says where the story ends', async () => {
    serve();
    rendered = await renderNode(<StoryScreen username="mara" pageNumber={2} />);
    const c = rendered.container;
    await waitFor(() => expect(c.textContent).toContain('Words of page 2.'));
    const end = c.querySelector('nav[aria-label="End of the page"]');
    expect(end?.textContent).toContain('End of page 2 of 3.');
    // Right after the text, before the bar above the comments.
    expect(c.querySelector('.story-page')?.nextElementSibling).toBe(end);
    await act(async () => buttonNamed(end as HTMLElement, 'Next Page')?.click());
    expect(location.pathname).toBe('/story/mara/page/3');
  });
});
