/**
 * Search and top lists over stories and people, fed only by the projector.
 * Every adapter passes tests/ports/search-index.case.ts.
 *
 * Ids are user ids: a story is keyed by its author (one story per person).
 */
import { LIMITS } from '../contract/limits';

export interface StoryDoc {
  id: number;
  username: string;
  title: string;
  /** Likes that stand now, all time. */
  likes: number;
  /** Standing likes given in the last 30 / 365 days, as of the projector's clock. */
  likes30d: number;
  likes365d: number;
  /** Story creation time in ms, for tie-breaks: newer first. */
  createdAt: number;
}

export interface UserDoc {
  id: number;
  username: string;
  /** Always null for a private account: private names are never indexed. */
  firstName: string | null;
  lastName: string | null;
  /** Likes on this person's story (0 without one), the secondary ranking. */
  likes: number;
}

export type SearchKind = 'all' | 'stories' | 'users';

/** How deep a search can be paged: the best this many hits (Meilisearch's maxTotalHits, see index-settings.ts). */
export const SEARCH_DEPTH = LIMITS.searchDepth;

export interface SearchQuery {
  text: string;
  kind: SearchKind;
  /** 1..50 */
  limit: number;
  /** Hits to skip (paging): 0 when absent; offset + limit is capped at SEARCH_DEPTH. */
  offset?: number;
}

export type MatchField = 'title' | 'username' | 'firstName' | 'lastName';

/** A highlighted stretch of a field's value, in UTF-16 code units. */
export interface Match {
  field: MatchField;
  start: number;
  length: number;
}

export interface SearchHit {
  /** The user id: the story's author, or the person found. */
  id: number;
  matches: Match[];
}

export type TopWindow = 'all' | 'month' | 'year';

/** Where a rebuild writes the complete new set of documents. */
export interface SearchIndexWriter {
  upsertStories(docs: StoryDoc[]): Promise<void>;
  upsertUsers(docs: UserDoc[]): Promise<void>;
}

export interface SearchIndex {
  readonly name: string;
  init(): Promise<void>;
  upsertStories(docs: StoryDoc[]): Promise<void>;
  deleteStories(ids: number[]): Promise<void>;
  upsertUsers(docs: UserDoc[]): Promise<void>;
  deleteUsers(ids: number[]): Promise<void>;
  /** Removes every document. */
  clear(): Promise<void>;
  /**
   * Replaces every document with those `fill` writes (`npm run reindex`). Where the adapter can, searches keep
   * answering from the old documents until the new set is complete and then switch at once, and a failed fill
   * leaves the old documents in place (Meilisearch: a fresh index swapped in). The embedded index clears and
   * refills in place.
   */
  rebuild(fill: (writer: SearchIndexWriter) => Promise<void>): Promise<void>;
  /**
   * Search as you type: every word but the last must match a whole word (with typo tolerance: 1 typo
   * from 5 letters, 2 from 9), the last word may be a prefix, or within those typos of a prefix. Ranked by
   * relevance (typos, prefix, name field, words a story matches only by its author's username), then likes,
   * then username (docs/decisions/0011-search-ranking-and-paging.md). 'all' merges stories and people, one hit
   * per id. Empty text gives no hits. `offset` skips the best hits, for the pages after the first.
   */
  search(query: SearchQuery): Promise<SearchHit[]>;
  /**
   * Story ids of a top list. 'all': every story by likes; 'month'/'year': stories with likes30d/likes365d > 0
   * by that count. Ties: newer story first (createdAt desc), then username.
   */
  top(window: TopWindow, offset: number, limit: number): Promise<number[]>;
  /** How many entries top(window) pages through. */
  countTop(window: TopWindow): Promise<number>;
  close(): Promise<void>;
}

/**
 * What the stored documents mean, for both adapters. Bump it when a change alters what an adapter stores for
 * the same document (a field moved, a ranking key added): the server then rebuilds the index from the event
 * log once, on its next start (Projector.rebuildIfFormatChanged). 2: a story's author in its own field class
 * (docs/decisions/0011-search-ranking-and-paging.md). 3: the embedded index's postings without likes
 * (docs/decisions/0015-likes-out-of-posting-keys.md). 4: the embedded index's tokens split by Intl.Segmenter in
 * scripts written without spaces, vowel marks kept in Indic and Thai scripts, more letters folded
 * (docs/stories-in-every-language.md): old tokens would not meet new queries.
 */
export const SEARCH_DOCUMENT_FORMAT = 4;
