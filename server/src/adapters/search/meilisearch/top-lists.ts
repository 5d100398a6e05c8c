/**
 * The top lists, served by Meilisearch from the counters the projector keeps in each story document: a
 * filter (stories; for the windows, those with a standing like in it) and a sort with the port's tie-breaks.
 * They are read through the documents route, which pages without the search route's maxTotalHits cap and
 * counts exactly (`total`), where a search would only estimate.
 */
import type { TopWindow } from '../../../ports/search-index';

const COUNTER: Record<TopWindow, 'likes' | 'likes30d' | 'likes365d'> = {
  all: 'likes',
  month: 'likes30d',
  year: 'likes365d',
};

export function topListQuery(window: TopWindow): { filter: string; sort: string[] } {
  const counter = COUNTER[window];
  return {
    filter: window === 'all' ? 'kind = "story"' : `kind = "story" AND ${counter} > 0`,
    sort: [`${counter}:desc`, 'createdAt:desc', 'uname:asc'],
  };
}
