/**
 * The Meilisearch index settings, kept in code and applied at every start (Meilisearch does nothing when they
 * are unchanged, and re-indexes when they differ). They map the SearchIndex ranking onto Meilisearch; see
 * docs/decisions/0006-scale-out-adapters.md.
 *
 * - Searchable: `text` (a story's title, a person's username: field class 0) before `names` (a story's author
 *   username, the first and last name of public accounts: field class 1, so that a story's title ranks above
 *   its author, ADR 0011).
 * - Ranking: words (every word must match anyway: matchingStrategy 'all'), typo (fewer typos first),
 *   attributeRank (text before names, whatever the word position), exactness (whole words before prefixes),
 *   sort (only for explicit sorts; none on searches), then likes desc and username asc. No proximity or word
 *   position: the port ranks neither.
 * - Typo tolerance as the port: 1 typo from 5 letters, 2 from 9.
 * - `_` and `.` separate words, so `anna_k` is found by `anna` and by `anna k`.
 */
import type { Settings } from 'meilisearch';

export const INDEX_SETTINGS: Settings = {
  searchableAttributes: ['text', 'names'],
  displayedAttributes: ['id', 'kind', 'pid', 'text', 'names'],
  filterableAttributes: ['kind', 'pid', 'likes30d', 'likes365d'],
  sortableAttributes: ['likes', 'likes30d', 'likes365d', 'createdAt', 'uname'],
  rankingRules: ['words', 'typo', 'attributeRank', 'exactness', 'sort', 'likes:desc', 'uname:asc'],
  typoTolerance: {
    enabled: true,
    minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 },
    disableOnAttributes: [],
    disableOnWords: [],
  },
  separatorTokens: ['_', '.'],
  nonSeparatorTokens: [],
  stopWords: [],
  synonyms: {},
  dictionary: [],
  distinctAttribute: null,
  // Proximity is not ranked, so the cheaper attribute-level precision is enough.
  proximityPrecision: 'byAttribute',
  prefixSearch: 'indexingTime',
  facetSearch: false,
  // Searches page down to SEARCH_DEPTH (1000) hits, and kind 'all' reads twice as many documents; top lists page
  // through the documents route, which this does not cap.
  pagination: { maxTotalHits: 2000 },
};
