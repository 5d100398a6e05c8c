// The story's contents on every page (docs/decisions/0029-chapters.md): the list, the current chapter, "Chapter 2 of
// 3", and a chapter link that lands on its heading, on another page or on this one.
import type { ReaderStory } from '#contract/stories';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useRoute } from 'wouter';
import { fakeServer } from '../../testing/fake-server';
import { waitFor } from '../../testing/render-hook';
import { type RenderedNode, renderNode } from '../../testing/render-node';
import { currentChapter, pageOpening } from './current-chapter';
import { StoryScreen } from './story-screen';

const chapters = [
  { title: 'Where I was born', slug: 'where-i-was-born', page: 1 },
  { title: 'My first school', slug: 'my-first-school', page: 2 },
  { title: 'Meeting Tom', slug: 'meeting-tom', page: 3 },
];

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
  chapters,
};

const PAGES: Record<number, string> = {
  1: '<h2 id="where-i-was-born">Where I was born</h2><p>By the sea.</p>',
  2: '<h2 id="my-first-school">My first school</h2><p>A red door.</p>',
  3: '<p>The end of school.</p><h2 id="meeting-tom">Meeting Tom</h2><p>At a dance.</p>',
};

let rendered: RenderedNode | null = null;
beforeEach(() => history.replaceState(null, '', '/story/mara/page/1'));
afterEach(async () => {
  await rendered?.unmount();
  rendered = null;
});

const serve = (answer: ReaderStory = story) =>
  fakeServer({
    'stories.get': () => answer,
    'stories.page': ({ page_number }) => ({ html: PAGES[Number(page_number)]!, page_number: Number(page_number), page_count: 3 }),
    'social.flags': () => ({ liked: false, bookmarked: false }),
    'follows.status': () => ({ following: false }),
  });

/** The story page as the router shows it: the page number from the address. */
function Routed() {
  const [, params] = useRoute('/story/:id/page/:n');
  return <StoryScreen username="mara" pageNumber={Number(params?.n ?? 1)} />;
}

const nav = (c: HTMLElement) => c.querySelector<HTMLElement>('nav[aria-label="Chapters"]');
const link = (c: HTMLElement, title: string) =>
  [...(nav(c)?.querySelectorAll('a') ?? [])].find((a) => a.querySelector('.chapter-title')?.textContent === title) ?? null;

describe('the contents of a story with chapters', () => {
  it('lists every chapter with its page and address, marks the current one, and says where the reader is', async () => {
    serve();
    rendered = await renderNode(<StoryScreen username="mara" pageNumber={2} />);
    const c = rendered.container;
    await waitFor(() => expect(c.textContent).toContain('A red door.'));
    expect(nav(c)?.querySelector('summary')?.textContent).toBe('Chapters (3)');
    const links = [...(nav(c)?.querySelectorAll('a') ?? [])];
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['/story/mara/page/1#where-i-was-born', 'Where I was bornpage 1'],
      ['/story/mara/page/2#my-first-school', 'My first schoolpage 2'],
      ['/story/mara/page/3#meeting-tom', 'Meeting Tompage 3'],
    ]);
    expect(links.map((a) => a.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    expect(c.querySelector('.chapter-context')?.textContent).toBe('Chapter 2 of 3');
    // above the page text
    expect(c.querySelector('.chapter-context')?.nextElementSibling?.classList.contains('story-page')).toBe(true);
  });

  it('follows a chapter to another page and lands on its heading, which takes the focus', async () => {
    serve();
    rendered = await renderNode(<Routed />);
    const c = rendered.container;
    await waitFor(() => expect(link(c, 'Meeting Tom')).not.toBeNull());
    await act(async () => link(c, 'Meeting Tom')?.click());
    expect(location.pathname + location.hash).toBe('/story/mara/page/3#meeting-tom');
    await waitFor(() => expect(document.activeElement?.id).toBe('meeting-tom'));
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
    // Page 3 begins with the end of chapter 2: the line above the text says so; the contents mark the chosen chapter.
    await waitFor(() => expect(c.querySelector('.chapter-context')?.textContent).toBe('Chapter 2 of 3, continued: My first school'));
    expect(link(c, 'Meeting Tom')?.getAttribute('aria-current')).toBe('true');
  });

  it('on the same page, moves to the heading without loading anything', async () => {
    serve();
    rendered = await renderNode(<StoryScreen username="mara" pageNumber={1} />);
    const c = rendered.container;
    await waitFor(() => expect(c.textContent).toContain('By the sea.'));
    await act(async () => link(c, 'Where I was born')?.click());
    expect(location.hash).toBe('#where-i-was-born');
    expect(document.activeElement?.id).toBe('where-i-was-born');
  });

  it('says nothing above a first page that opens before the first chapter', async () => {
    serve();
    const first = PAGES[1]!;
    PAGES[1] = `<p>A few words first.</p>${first}`;
    try {
      rendered = await renderNode(<StoryScreen username="mara" pageNumber={1} />);
      const c = rendered.container;
      await waitFor(() => expect(c.textContent).toContain('A few words first.'));
      expect(nav(c)).not.toBeNull();
      expect(c.querySelector('.chapter-context')).toBeNull();
    } finally {
      PAGES[1] = first;
    }
  });

  it('is not shown for a story with fewer than two chapters', async () => {
    serve({ ...story, chapters: chapters.slice(0, 1) });
    rendered = await renderNode(<StoryScreen username="mara" pageNumber={1} />);
    const c = rendered.container;
    await waitFor(() => expect(c.textContent).toContain('By the sea.'));
    expect(nav(c)).toBeNull();
    expect(c.querySelector('.chapter-context')).toBeNull();
  });
});

describe('currentChapter', () => {
  it('is the chapter a page begins with, else the last begun before, else the first begun on it', () => {
    expect(currentChapter(chapters, 2, PAGES[2])).toBe(1);
    expect(currentChapter(chapters, 3, PAGES[3])).toBe(1);
    expect(currentChapter(chapters, 4, '<p>x</p>')).toBe(2);
    expect(currentChapter(chapters.slice(1), 1, '<p>Before any chapter.</p>')).toBeNull();
    expect(currentChapter([{ title: 'A', slug: 'a', page: 1 }], 1, '<p>Intro.</p><h2 id="a">A</h2>')).toBe(0);
    expect(currentChapter([], 1, '<p>x</p>')).toBeNull();
    // the chapter the address names, when it is on this page
    expect(currentChapter(chapters, 3, PAGES[3], '#meeting-tom')).toBe(2);
    expect(currentChapter(chapters, 2, PAGES[2], '#meeting-tom')).toBe(1);
  });

  it('knows a chapter heading with its direction (pages formatted since issue #30) as one without', () => {
    const page = '<h2 id="my-first-school" dir="auto">My first school</h2><p dir="auto">A red door.</p>';
    expect(currentChapter(chapters, 2, page)).toBe(1);
    expect(pageOpening(chapters, 2, page)).toEqual({ index: 1, begins: true });
    // another chapter whose slug starts the same is not this one
    expect(currentChapter([{ title: 'My', slug: 'my', page: 2 }], 2, page)).toBe(0);
    expect(pageOpening([{ title: 'My', slug: 'my', page: 2 }], 2, page)).toBeNull();
  });
});
