import { describe, expect, it } from 'vitest';
import { formatStory } from './format-story';

describe('formatStory: every block of the pages in its own direction', () => {
  it('gives paragraphs, headings, list items, quotes, captions and cells dir="auto"; the body stays as written', () => {
    const html =
      '<h2>بيتنا</h2><p>كانت جدتي تخبز الخبز كل صباح.</p><p>Hello שלום.</p><h3>עוד</h3>' +
      '<ul><li>واحد</li><li><p>اثنان</p><ul><li>x</li></ul></li></ul><ol start="3"><li>three</li></ol>' +
      '<blockquote><p>قالت: لا تنسَ.</p><h3>h</h3></blockquote>' +
      '<table><tr><th>a</th><td>ب</td></tr></table><pre>code</pre><hr>';
    const story = formatStory(html);
    expect(story.body).not.toContain('dir=');
    expect(story.pages).toEqual([
      '<h2 id="بيتنا" dir="auto">بيتنا</h2><p dir="auto">كانت جدتي تخبز الخبز كل صباح.</p><p dir="auto">Hello שלום.</p>' +
        '<h3 dir="auto">עוד</h3>' +
        '<ul><li dir="auto">واحد</li><li dir="auto"><p>اثنان</p><ul><li dir="auto">x</li></ul></li></ul>' +
        '<ol start="3"><li dir="auto">three</li></ol>' +
        // A block inside a quote or an item takes the quote's direction: with its own, the quote's `auto` would
        // skip its text and resolve left to right, its border on the wrong side.
        '<blockquote dir="auto"><p>قالت: لا تنسَ.</p><h3>h</h3></blockquote>' +
        '<table><tr><th dir="auto">a</th><td dir="auto">ب</td></tr></table><pre>code</pre><hr>',
    ]);
  });

  it('keeps the directions on both sides of a page cut', () => {
    const words = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ');
    const story = formatStory(`<blockquote><p>${words(1200, 'كلمة')}</p></blockquote>`);
    expect(story.pages.length).toBeGreaterThan(1);
    for (const page of story.pages) expect(page.startsWith('<blockquote dir="auto">')).toBe(true);
  });
});
