import { describe, expect, it } from 'vitest';
import { firstChars, storyChanges } from './story-changes';

const p = (words: number, word = 'word') => `<p>${Array.from({ length: words }, (_, i) => `${word}${i}`).join(' ')}.</p>`;

describe('storyChanges', () => {
  it('names new headings and counts the words of the new blocks', () => {
    const before = `<h2>Childhood</h2>${p(10, 'a')}`;
    const after = `${before}<h2>The war years</h2>${p(20, 'b')}<h3>Coming home</h3>${p(5, 'c')}`;
    const changes = storyChanges(before, after, [
      `<h2>Childhood</h2>${p(10, 'a')}`,
      `<h2>The war years</h2>${p(20, 'b')}<h3>Coming home</h3>${p(5, 'c')}`,
    ]);
    expect(changes).toEqual({
      headings: ['The war years', 'Coming home'],
      words: 3 + 20 + 2 + 5,
      firstLines: expect.stringMatching(/^b0 b1 .* c4\.$/),
      page: 2,
    });
  });

  it('without new headings, counts words; unchanged text adds nothing', () => {
    const before = `<h2>One</h2>${p(10, 'a')}`;
    const after = `<h2>One</h2>${p(10, 'a')}${p(600, 'z')}`;
    const changes = storyChanges(before, after, [after]);
    expect(changes?.headings).toEqual([]);
    expect(changes?.words).toBe(600);
    expect(changes?.firstLines.endsWith('…')).toBe(true);
    expect(changes?.page).toBe(1);
    expect(storyChanges(after, after, [after])).toBeNull();
    // Taking text away is no news.
    expect(storyChanges(after, before, [before])).toBeNull();
  });

  it('everything is new after an empty story', () => {
    expect(storyChanges('', '<p>Hello there.</p>', ['<p>Hello there.</p>'])).toEqual({
      headings: [],
      words: 2,
      firstLines: 'Hello there.',
      page: 1,
    });
  });

  it('cuts the first lines at a word', () => {
    expect(firstChars('aaa bbb ccc', 8)).toBe('aaa bbb…');
  });
});
