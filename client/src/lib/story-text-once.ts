// The story's text once per page (issue #32, docs/decisions/0038-lighter-reader-pages.md): a server-rendered story
// page carries the page's HTML in its markup, so the state sent beside it for hydration leaves that text out, and the
// browser reads it back from the markup before hydrating. Only what the markup shows verbatim is left out: a page the
// screen did not render keeps its text in the state.
import type { DehydratedState } from '@tanstack/react-query';

/** The element the story page's text is rendered into (story-page-text.tsx): the one the browser reads it from. */
export const PAGE_TEXT_ATTRIBUTE = 'data-page-text';

type DehydratedQuery = DehydratedState['queries'][number];

/** A stories.page answer ({ html, page_number, page_count }); its key is @trpc/react-query's [['stories', 'page'], …]. */
function isStoryPage(query: DehydratedQuery): query is DehydratedQuery & { state: { data: { html?: unknown } } } {
  const path = query.queryKey[0];
  const data = query.state.data;
  return Array.isArray(path) && path[0] === 'stories' && path[1] === 'page' && typeof data === 'object' && data !== null;
}

/** On the server: the state without the text of a page the markup shows verbatim. */
export function leaveOutRenderedText(state: DehydratedState, markup: string): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      if (!isStoryPage(query)) return query;
      const { html, ...rest } = query.state.data;
      if (typeof html !== 'string' || !html.trim() || !markup.includes(html)) return query;
      return { ...query, state: { ...query.state, data: rest } };
    }),
  };
}

/**
 * In the browser, before hydration: puts back the text the server left out, read from the markup (the browser's
 * own serialisation of the same HTML; React keeps the rendered nodes as they are). A page whose text cannot be
 * found is dropped from the state: the screen then asks the server for it, as it would for any page.
 */
export function putBackRenderedText(state: DehydratedState, doc: Document): DehydratedState {
  const texts = doc.querySelectorAll(`[${PAGE_TEXT_ATTRIBUTE}]`);
  return {
    ...state,
    queries: state.queries.flatMap((query) => {
      if (!isStoryPage(query) || typeof query.state.data.html === 'string') return [query];
      const text = texts.length === 1 ? texts[0] : undefined;
      if (!text) return [];
      return [{ ...query, state: { ...query.state, data: { ...query.state.data, html: text.innerHTML } } }];
    }),
  };
}
