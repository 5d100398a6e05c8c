import type { Chapter } from '#contract/stories';

/**
 * The chapter a page is in (docs/decisions/0029-chapters.md): the one the address names (`#slug`: the reader chose it)
 * when it is on this page, else the one the page begins with, else the last one begun on an earlier page, else the
 * first one begun on this page (a page 1 that opens with a few lines before the first chapter). null for a story
 * without chapters. `pageHtml` is the page as the server stores it: a chapter heading is `<h2 id="slug" dir="auto">`
 * (`<h2 id="slug">` in pages formatted before blocks had their direction).
 */
/** Whether the page begins with this chapter's heading, with or without its direction after the id. */
function opensWithHeading(pageHtml: string, slug: string): boolean {
  const tag = `<h2 id="${slug}"`;
  return pageHtml.startsWith(tag) && (pageHtml[tag.length] === '>' || pageHtml[tag.length] === ' ');
}

export function currentChapter(chapters: readonly Chapter[], pageNumber: number, pageHtml: string | undefined, hash = ''): number | null {
  const chosen = hash.length > 1 ? chapters.findIndex((c) => c.page === pageNumber && `#${encodeURIComponent(c.slug)}` === hash) : -1;
  if (chosen >= 0) return chosen;
  let before: number | null = null;
  let onPage: number | null = null;
  for (const [i, chapter] of chapters.entries()) {
    if (chapter.page < pageNumber) before = i;
    else if (chapter.page === pageNumber) {
      if (pageHtml !== undefined && opensWithHeading(pageHtml, chapter.slug)) return i;
      onPage ??= i;
    }
  }
  return before ?? onPage;
}

/**
 * How the page opens, for "Chapter 3 of 12" above its text: with chapter `index`'s heading (`begins`), or inside
 * chapter `index`, begun on an earlier page. Not the chapter the address names: a chapter chosen further down the
 * page has its own heading there, and the line above the text speaks of the text below it. null for a page before
 * any chapter, a story without chapters, or a page not loaded yet.
 */
export function pageOpening(
  chapters: readonly Chapter[],
  pageNumber: number,
  pageHtml: string | undefined,
): { index: number; begins: boolean } | null {
  if (pageHtml === undefined) return null;
  let before: number | null = null;
  for (const [i, chapter] of chapters.entries()) {
    if (chapter.page < pageNumber) before = i;
    else if (chapter.page === pageNumber && opensWithHeading(pageHtml, chapter.slug)) return { index: i, begins: true };
  }
  return before === null ? null : { index: before, begins: false };
}

/** A chapter's address: its page, and its heading there. */
export function chapterPath(username: string, chapter: Chapter): string {
  return `/story/${encodeURIComponent(username)}/page/${chapter.page}#${encodeURIComponent(chapter.slug)}`;
}

/**
 * Brings the heading the address names into view and gives it the focus (it takes it with tabindex -1), below the
 * sticky bar (story.css). false when this page has no such heading.
 */
export function scrollToHeading(hash: string): boolean {
  if (hash.length < 2) return false;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return false;
  }
  const heading = document.getElementById(id);
  if (!heading?.closest('.story-text')) return false;
  heading.setAttribute('tabindex', '-1');
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  heading.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
  heading.focus({ preventScroll: true });
  return true;
}
