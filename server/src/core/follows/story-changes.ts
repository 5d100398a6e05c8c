// What is new in a story since a follower last heard of it (docs/decisions/0027-followers-and-digests.md): the
// top-level blocks of the published body whose text the earlier body did not hold. New headings (h1 to h3) are the
// new chapters; otherwise the email says how many words were added. The first changed page is the page that holds
// the first new block.
import { isTag } from 'domhandler';
import { countWords, nodesToText, parseFragment } from '../stories/html-text';

export interface StoryChanges {
  /** Texts of the new headings, in story order. */
  headings: string[];
  /** Words in the new blocks (headings included). */
  words: number;
  /** The start of the new text (not a heading, when there is more), cut near FIRST_LINES_CHARS. */
  firstLines: string;
  /** The page (from 1) the first new block is on. */
  page: number;
}

const FIRST_LINES_CHARS = 280;
const HEADING = /^h[1-3]$/;

interface Block {
  text: string;
  heading: boolean;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

function blocksOf(html: string): Block[] {
  const blocks: Block[] = [];
  for (const node of parseFragment(html)) {
    const text = squash(nodesToText([node]));
    if (text) blocks.push({ text, heading: isTag(node) && HEADING.test(node.name) });
  }
  return blocks;
}

/** Cuts at a word boundary near `max` characters, with an ellipsis when cut. */
export function firstChars(text: string, max = FIRST_LINES_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(' ', max);
  return `${text.slice(0, cut > max / 2 ? cut : max).trimEnd()}…`;
}

/** What `after` adds to `before` (sanitised bodies), or null when it adds no text; `pages` are `after`'s pages. */
export function storyChanges(before: string, after: string, pages: readonly string[]): StoryChanges | null {
  const seen = new Set(blocksOf(before).map((b) => b.text));
  const fresh = blocksOf(after).filter((b) => !seen.has(b.text));
  if (fresh.length === 0) return null;
  const headings = fresh.filter((b) => b.heading).map((b) => b.text);
  const words = fresh.reduce((n, b) => n + countWords(b.text), 0);
  const body = fresh.filter((b) => !b.heading);
  const firstLines = firstChars((body.length ? body : fresh).map((b) => b.text).join(' '));
  // A block cut over two pages starts on the first: look for its beginning.
  const probe = fresh[0]!.text.slice(0, 60);
  const index = pages.findIndex((p) => squash(nodesToText(parseFragment(p))).includes(probe));
  return { headings, words, firstLines, page: index >= 0 ? index + 1 : 1 };
}
