// Normalisation never multiplies the input: every shape of the hardening report (and more) at the size a
// save accepts stays within storedLengthAllowed, keeps its words, and caps how deep inline marks nest.
import { isTag, type AnyNode } from 'domhandler';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { ADVERSARIAL_STORIES } from '../../../../seed/adversarial-stories';
import { htmlish } from '../../../../tests/support/html-arbitraries';
import { AppError } from '../../contract/errors';
import { LIMITS } from '../../contract/limits';
import { TOO_COMPLEX } from '../../ports/story-formatter';
import { formatStory, storedLengthAllowed } from './format-story';
import { countHtmlWords, parseFragment } from './html-text';
import { INLINE_TAGS } from './block-structure-model';
import { MAX_INLINE_DEPTH } from './block-structure-builder';
import { sanitizeStoryHtml } from './sanitize-story-html';
import { splitIntoPages } from './split-into-pages';

/**
 * The pages as the splitter alone makes them: chapter headings carry an id (chapters.ts) and blocks their direction
 * (text-direction.ts) only in formatStory's.
 */
const withoutChapterIds = (page: string) => page.replace(/<h2 id="[^"]*"/g, '<h2').replace(/ dir="auto"/g, '');

const storedLength = (story: { body: string; pages: string[] }) => story.body.length + story.pages.reduce((n, p) => n + p.length, 0);
/** How many blocks of the pages carry their direction (allowed on top of the bound: format-story.ts). */
const blockDirections = (pages: string[]) => pages.reduce((n, p) => n + p.split(' dir="auto"').length - 1, 0);

/** The deepest run of inline elements nested in one another. */
function inlineDepth(nodes: AnyNode[], depth = 0): number {
  let max = depth;
  for (const n of nodes) {
    if (!isTag(n)) continue;
    max = Math.max(max, inlineDepth(n.children, INLINE_TAGS.has(n.name) ? depth + 1 : 0));
  }
  return max;
}

// Every test here is seconds of synchronous CPU. Letting the event loop turn after each one lets the worker answer
// vitest's main process; a whole file without a turn outlasts vitest's 60 s call ("Timeout calling onTaskUpdate").
afterEach(() => new Promise<void>((resolve) => setImmediate(resolve)));

// Seconds of CPU each at the largest size: on a busy two-core machine running two test files, more than the default 30 s.
describe('formatStory at the largest accepted size', { timeout: 180_000 }, () => {
  for (const [shape, make] of Object.entries(ADVERSARIAL_STORIES)) {
    it(`${shape}: stored within 2x the input + 1 MiB, words kept`, () => {
      const html = make();
      expect(Buffer.byteLength(html)).toBeLessThanOrEqual(LIMITS.storyBytesMax);
      const story = formatStory(html);
      expect(storedLength(story)).toBeLessThanOrEqual(storedLengthAllowed(html.length, blockDirections(story.pages)));
      const words = countHtmlWords(sanitizeStoryHtml(html));
      expect(countHtmlWords(story.body)).toBe(words);
      if (shape !== 'huge table') expect(story.pages.reduce((n, p) => n + countHtmlWords(p), 0)).toBe(words); // (a table's head repeats)
    });
  }

  it('the red-team shape: 80 open marks are cut to 8, and every paragraph keeps its text', () => {
    const html = ADVERSARIAL_STORIES['nested marks + tiny paragraphs']!();
    const paragraphs = html.split('<p>x</p>').length - 1;
    const story = formatStory(html);
    expect(inlineDepth(parseFragment(story.body))).toBe(MAX_INLINE_DEPTH);
    expect(story.body.split('x').length - 1).toBe(paragraphs);
    // Reopened marks stop once their allowance is spent: later paragraphs are plain.
    expect(story.body.endsWith('<p>x</p>')).toBe(true);
    expect(story.body.startsWith('<p><b><i><u><s><del><sub><sup><em>x</em></sup></sub></del></s></u></i></b></p>')).toBe(true);
  });

  it('carries marks across a few blocks as before', () => {
    expect(formatStory('<b>bold<p>still bold</p><p>and here</p></b>').body).toBe(
      '<p><b>bold</b></p><p><b>still bold</b></p><p><b>and here</b></p>',
    );
  });

  it('refuses a story whose stored form would outgrow the input, with a sentence for the text field', () => {
    // 100,000 links: each is given our rel attribute, which more than doubles such a body.
    const html = '<a href="https://a.example">y</a>'.repeat(LIMITS.storyTagsMax / 2);
    let error: unknown;
    try {
      formatStory(html);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ kind: 'UNPROCESSABLE', message: TOO_COMPLEX, fieldErrors: { text: TOO_COMPLEX } });
  });
});

describe("formatStory splits the sanitiser's tree without parsing it again", () => {
  it('gives exactly splitIntoPages(sanitizeStoryHtml(html)) for random HTML-ish input', () => {
    fc.assert(
      fc.property(htmlish, fc.integer({ min: 1, max: 6 }), (html, wordsPerPage) => {
        const body = sanitizeStoryHtml(html);
        const story = formatStory(html, {}, wordsPerPage);
        expect({ ...story, pages: story.pages.map(withoutChapterIds) }).toEqual({
          body,
          pages: splitIntoPages(body, wordsPerPage),
          word_count: countHtmlWords(body),
          chapters: story.chapters,
        });
      }),
      { numRuns: 1000 },
    );
  });

  // One test per shape: each is seconds of synchronous CPU, and a worker that blocks for over a minute misses
  // vitest's own 60 s call to the main process ("Timeout calling onTaskUpdate") on a loaded machine.
  for (const [shape, make] of Object.entries(ADVERSARIAL_STORIES)) {
    it(`and for ${shape} at the largest size`, { timeout: 180_000 }, () => {
      const html = make();
      const body = sanitizeStoryHtml(html);
      expect(formatStory(html).pages.map(withoutChapterIds)).toEqual(splitIntoPages(body));
    });
  }
});
