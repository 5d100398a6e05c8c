// The chapters of a story's HTML (docs/decisions/0028-questions-by-life-stage.md): a chapter is a second-level
// heading (<h2>) and what follows it up to the next one, the same headings the reader's contents list
// (core/stories/chapters.ts: an empty <h2> is no chapter). Pure: no database.
import type { ChildNode, Element } from 'domhandler';
import { findChapters } from '../stories/chapters';
import { countNodeWords, parseFragment } from '../stories/html-text';

export interface Chapter {
  /** The heading's text, as shown. */
  heading: string;
  /** Words of the chapter under its heading, up to the next chapter (the heading's own words not counted). */
  words: number;
}

export interface ChapterOutline {
  chapters: Chapter[];
  /** Words before the first chapter. */
  openingWords: number;
}

/** The chapters of story HTML (sanitised, or a draft as the editor sent it: only text is read from it). */
export function chaptersOf(html: string): ChapterOutline {
  const chapters: Chapter[] = [];
  let openingWords = 0;
  let current: { heading: string; body: ChildNode[] } | null = null;
  const close = () => {
    if (current) chapters.push({ heading: current.heading, words: countNodeWords(current.body) });
  };
  const opening: ChildNode[] = [];
  const nodes = parseFragment(html);
  const titles = new Map<ChildNode, string>(findChapters(nodes).map(({ heading, title }): [Element, string] => [heading, title]));
  for (const node of nodes) {
    const title = titles.get(node);
    if (title !== undefined) {
      close();
      current = { heading: title, body: [] };
    } else if (current) current.body.push(node);
    else opening.push(node);
  }
  close();
  openingWords = countNodeWords(opening);
  return { chapters, openingWords };
}

/**
 * A heading as it is compared with the one the picker added: the same words, whatever the case, spacing, quotes or
 * closing punctuation ("What was your mother like?" and "what was your mother like" are one).
 */
export function normalisedHeading(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s?!.:;,…]+$/u, '');
}
