// Chapters (docs/decisions/0029-chapters.md): slugs, ids written by the server into the pages only, and the page each
// chapter starts on.
import { describe, expect, it } from 'vitest';
import { CHAPTER_TITLE_MAX, MAX_CHAPTERS, slugOf } from './chapters';
import { formatStory } from './format-story';

const words = (n: number, prefix = 'w'): string => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');

describe('slugOf', () => {
  it('makes a readable slug of any script, without accents or punctuation', () => {
    expect(slugOf('My first school')).toBe('my-first-school');
    expect(slugOf('  Été à Paris, 1962!  ')).toBe('ete-a-paris-1962');
    expect(slugOf('Мой первый дом')).toBe('мой-первый-дом');
    expect(slugOf('“Why?” — she asked')).toBe('why-she-asked');
    expect(slugOf('!!!')).toBe('chapter');
    expect(slugOf('a'.repeat(100))).toHaveLength(60);
  });
});

describe('formatStory: chapters', () => {
  it('gives each h2 a unique id in the pages, never in the body, and lists the chapters', () => {
    const html = '<h2>My first school</h2><p>a</p><h2>My first school</h2><p>b</p><h2>Main</h2><h2>Heading 1</h2>';
    const story = formatStory(html);
    expect(story.body).toBe('<h2>My first school</h2><p>a</p><h2>My first school</h2><p>b</p><h2>Main</h2><h2>Heading 1</h2>');
    expect(story.pages).toEqual([
      '<h2 id="my-first-school" dir="auto">My first school</h2><p dir="auto">a</p>' +
        '<h2 id="my-first-school-2" dir="auto">My first school</h2><p dir="auto">b</p>' +
        '<h2 id="main-2" dir="auto">Main</h2><h2 id="heading-1-2" dir="auto">Heading 1</h2>',
    ]);
    expect(story.chapters).toEqual([
      { title: 'My first school', slug: 'my-first-school', page: 1 },
      { title: 'My first school', slug: 'my-first-school-2', page: 1 },
      // ids the reader's page and the book use themselves are never a chapter's
      { title: 'Main', slug: 'main-2', page: 1 },
      { title: 'Heading 1', slug: 'heading-1-2', page: 1 },
    ]);
  });

  it("keeps no id from the writer's input: only the server names chapters", () => {
    const story = formatStory('<h2 id="root" class="x">Home</h2><p id="evil">a</p><h3 id="y">Sub</h3>');
    expect(story.body).toBe('<h2>Home</h2><p>a</p><h3>Sub</h3>');
    expect(story.pages).toEqual(['<h2 id="home" dir="auto">Home</h2><p dir="auto">a</p><h3 dir="auto">Sub</h3>']);
  });

  it('a chapter is a top-level h2 with text: not an h3, an empty h2 or one in a quote', () => {
    const story = formatStory('<h2> </h2><h3>Sub</h3><blockquote><h2>Quoted</h2></blockquote><h2>Real <em>one</em></h2>');
    expect(story.chapters).toEqual([{ title: 'Real one', slug: 'real-one', page: 1 }]);
    expect(story.pages[0]).toContain('<blockquote dir="auto"><h2>Quoted</h2></blockquote>');
  });

  it('gives the page each chapter starts on, the id on the first part of a cut heading only', () => {
    const html = `<h2>One</h2><p>${words(500, 'a')}</p><h2>Two</h2><p>${words(950, 'b')}</p><h2>${words(1000, 'c')}</h2>`;
    const story = formatStory(html);
    expect(story.chapters.map((c) => [c.slug, c.page])).toEqual([
      ['one', 1],
      ['two', 2],
      [`${words(30, 'c').replace(/ /g, '-')}`.slice(0, 60).replace(/-+$/, ''), 3],
    ]);
    const ids = story.pages.join('').match(/ id="/g) ?? [];
    expect(ids).toHaveLength(3);
    // the long heading's title in the contents is cut near CHAPTER_TITLE_MAX
    expect(story.chapters[2]!.title.length).toBeLessThanOrEqual(CHAPTER_TITLE_MAX + 1);
    expect(story.chapters[2]!.title.endsWith('…')).toBe(true);
  });

  it('lists at most MAX_CHAPTERS chapters', () => {
    const story = formatStory(Array.from({ length: MAX_CHAPTERS + 5 }, (_, i) => `<h2>C ${i}</h2>`).join(''));
    expect(story.chapters).toHaveLength(MAX_CHAPTERS);
    expect(story.pages.join('')).toContain('<h2 dir="auto">C 504</h2>');
  });

  it('a story without content has no chapters', () => {
    expect(formatStory('').chapters).toEqual([]);
    expect(formatStory('<p>Just words.</p>').chapters).toEqual([]);
  });
});
