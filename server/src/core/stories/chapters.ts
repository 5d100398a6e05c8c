// Chapters (docs/decisions/0029-chapters.md): a top-level `<h2>` with text starts one. At publish each gets an id
// slugged from its title, unique within the story, written into the stored pages only (the body stays the writer's
// text, and the sanitiser keeps no id from anyone's input); the list of chapters, with the page each starts on, is
// stored with the story for the reader's contents. The book (core/book/book-html.ts) lists the same chapters.
import { type ChildNode, type Element, isTag } from 'domhandler';
import type { Chapter } from '../../contract/stories';
import { nodesToText } from './html-text';

/** Chapters listed at most: past this many headings (no story written by hand has them) the rest are text. */
export const MAX_CHAPTERS = 500;
/** A chapter title is cut near this many characters in the contents (the heading itself keeps its words). */
export const CHAPTER_TITLE_MAX = 200;
/** Characters of a slug at most. */
const SLUG_MAX = 60;

/**
 * Ids the reader's page or the book use themselves (client/src, core/book/): a chapter never takes one, and never
 * one of the book's `heading-<n>`.
 */
const RESERVED = new Set([
  'root',
  'main',
  'top',
  'nav-links',
  'ssr-state',
  'comments-heading',
  'contents-heading',
  'halo',
  'sky',
  'sun',
  'new',
  'saved',
  'settings',
  'about',
  'audience',
  'share-link',
  'toc',
  'chapters',
]);
const isReserved = (slug: string) => RESERVED.has(slug) || /^heading-\d+$/.test(slug);

/** A heading's text on one line, cut near CHAPTER_TITLE_MAX at a word boundary. */
export function chapterTitle(heading: Element): string {
  return cutTitle(nodesToText(heading.children));
}

/** A heading's text on one line, cut as chapterTitle cuts it. */
export function cutTitle(heading: string): string {
  const text = heading.replace(/\s+/g, ' ').trim();
  if (text.length <= CHAPTER_TITLE_MAX) return text;
  const cut = text.lastIndexOf(' ', CHAPTER_TITLE_MAX);
  return `${text.slice(0, cut > CHAPTER_TITLE_MAX / 2 ? cut : CHAPTER_TITLE_MAX).trimEnd()}…`;
}

/** `My first school!` -> `my-first-school`: letters and digits of any script (Latin accents dropped), joined by hyphens. */
export function slugOf(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1') // é -> e; a Cyrillic й keeps its mark
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const slug = Array.from(words).slice(0, SLUG_MAX).join('').replace(/-+$/, '');
  return slug === '' ? 'chapter' : slug;
}

/** The first free slug for `title`: `my-first-school`, then `my-first-school-2`, `-3`, ... */
function uniqueSlug(title: string, used: Set<string>): string {
  const base = slugOf(title);
  let slug = base;
  for (let n = 2; used.has(slug) || isReserved(slug); n++) slug = `${base}-${n}`;
  used.add(slug);
  return slug;
}

/** The chapter headings among top-level nodes, with their titles and slugs, in story order. */
export function findChapters(nodes: readonly ChildNode[]): { heading: Element; title: string; slug: string }[] {
  const found: { heading: Element; title: string; slug: string }[] = [];
  const used = new Set<string>();
  for (const node of nodes) {
    if (found.length >= MAX_CHAPTERS) break;
    if (!isTag(node) || node.name !== 'h2') continue;
    const title = chapterTitle(node);
    if (title !== '') found.push({ heading: node, title, slug: uniqueSlug(title, used) });
  }
  return found;
}

/**
 * Gives each chapter heading among the (sanitised) top-level nodes its id, and returns the chapters with the page
 * they start on, once `pagesOf` has cut the nodes into pages (the splitter keeps an id on the first part of a cut
 * heading only, and a heading has no other attribute but its direction, so `<h2 id="slug" dir="auto">` names its
 * page; text-direction.ts).
 */
export function markChapters(nodes: readonly ChildNode[], pagesOf: () => string[]): { pages: string[]; chapters: Chapter[] } {
  const found = findChapters(nodes);
  for (const { heading, slug } of found) heading.attribs = { id: slug, dir: 'auto' };
  const pages = pagesOf();
  const chapters: Chapter[] = [];
  let page = 0;
  for (const { title, slug } of found) {
    const tag = `<h2 id="${slug}" dir="auto">`;
    while (page < pages.length - 1 && !pages[page]!.includes(tag)) page++;
    chapters.push({ title, slug, page: page + 1 });
  }
  return { pages, chapters };
}
