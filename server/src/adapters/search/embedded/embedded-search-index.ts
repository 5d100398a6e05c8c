/**
 * Embedded SearchIndex: plain SQLite tables (prefixed `search_`) in the application's database file, on a
 * connection of its own. Not FTS5: ranked FTS5 prefix queries of 2-3 letters take 70-140 ms at 100k documents,
 * far over the 20 ms budget of search-as-you-type. The tables are laid out instead so that every relevance class
 * is one B-tree range of postings, or, for a short prefix, a walk of the documents in likes order; a class is
 * read in ranking order, and reading stops as soon as nothing further can enter the result.
 *
 * TEXT. NFKD, combining marks dropped, lower case, a few letters without a decomposition folded (ł, ø, ß, æ...),
 * split on everything but letters and digits. `_` and `.` between letters hold a token together; the whole
 * ("anna_k") and its parts ("anna", "k") are then all tokens. Field classes (fc): 0 = a story's title, a
 * person's username; 1 = a story's author username, a person's first/last name (null for private accounts,
 * so never indexed). A word found only in a story's author ranks like a name: below a title match
 * (docs/decisions/0011-search-ranking-and-paging.md).
 *
 * MATCHING. Every query word but the last must equal a token or be within 1 typo (5-8 letters) / 2 typos
 * (9+ letters) of one (optimal string alignment distance: a swap of neighbours is one typo; the first letter
 * must be right, which keeps typo candidates cheap). The last word may also be a proper prefix of a token,
 * unless the text ends with a separator such as a space (then the word is complete).
 *
 * RANKING. For each word the best way it matches the document, as (typos, prefix-only?, name field?); summed
 * over the words and compared in that order; then likes desc, username asc (then kind, id). A last word of
 * 1-2 letters is nearly always unfinished, so there a whole-token match counts like a prefix match ("a" does
 * not favour the token "a" over "anna"). 'all' keeps one hit per id, the better of its story and person hit.
 *
 * TABLES
 * - search_stories, search_users: one row per document: original values (for highlights), likes, top-list
 *   counters, and `terms`, the document's posting keys ("<fc><exact><term>" joined by spaces), so that its
 *   postings can be found again (text change, delete) and a candidate can be checked without tokenising.
 *   (likes DESC, uname) indexes on both: the ranking order within a class, walked for short prefixes. Top
 *   lists are index scans of search_stories: (likes DESC, created_at DESC, uname) and the partial indexes
 *   (likes30d DESC, ...) WHERE likes30d > 0 and (likes365d DESC, ...) WHERE likes365d > 0; the counts too.
 * - search_terms, WITHOUT ROWID, primary key (term, kind, fc, exact, id): one posting per distinct (term,
 *   document, field class), without likes (docs/decisions/0015-likes-out-of-posting-keys.md). exact = 1: a
 *   whole token; exact = 0: a proper prefix of 1..PREFIX_ROWS letters of a token (unless a whole token of the
 *   field class equals it). Short prefixes match tens of thousands of documents; with their own postings
 *   "an" is one range instead of a merge of thousands of tokens.
 * - search_vocab (term, head, len, df, n0..n7): every term with its number of postings in total (whole
 *   tokens, df) and per (kind, fc, exact) slot. It sizes classes exactly with one primary-key lookup (to pick
 *   the smallest class of a combination, and to choose how to read it) and gives the typo candidates (tokens
 *   with the same first letter, held in memory per first letter and kept in step through search_meta('vocab'),
 *   a counter of vocabulary changes: this connection's changes are applied to the cache, anybody else's drop
 *   it). search_meta also counts the documents of each kind.
 *
 * QUERIES. Each word has classes: whole token (E), prefix (P; a 1-2 letter last word has one class EP for
 * both), k typos (T1, T2), each for fc 0 and 1. A class of one kind is read in ranking order one of two ways
 * (row-streams.ts): its postings (one range for E/EP and short prefixes, a range of tokens for a longer
 * prefix, the candidates' for typos) loaded with their documents' current likes and sorted; or, when it is so
 * large a share of the documents that walking them is expected to reach the hits sooner (a 1-3 letter prefix),
 * the documents walked in likes order and each checked by its `terms`, loading instead once the walk has read
 * as many documents as the class has postings. Combinations of one class per word are visited best-first by
 * summed relevance. A combination is read from its smallest class (the driver) in ranking order; the other
 * words are checked against the document's `terms` (carried in the driver's rows), or, once a class has been
 * checked often enough to make it worthwhile, against the set of its ids read in one go. A top-N collector
 * ends a combination as soon as its worst entry ranks above the row being read (every later row ranks
 * lower), and the whole search once the next combination has lower relevance than its worst entry. Rows read
 * for a class are kept and replayed for later combinations. Highlights are computed for the final hits only,
 * by tokenising the original values (offsets in UTF-16 code units of the original).
 *
 * WRITES. One transaction per batch, postings sorted before insertion, vocabulary counts updated by delta.
 * A document whose indexed text did not change (a like) only has its own row rewritten: no posting moves, so
 * what a like costs does not grow with the index (docs/performance.md, "Likes").
 *
 * FILES (in this folder). index-layout: constants the tables, writes and queries share. normalize-text:
 * folding and tokenising. posting-keys: a document's `terms`. schema: tables and prepared statements.
 * write-documents: upserts, deletes, vocabulary deltas. typo-candidates: bounded edit distance and the
 * per-first-letter vocabulary cache. query-words: parsing a query, matching a token, a word's classes.
 * row-streams: ordered streams of postings. class-postings: sizes, streams and id sets of a query's classes.
 * top-collector: the top N. run-query: the best-first combination search. highlights: match offsets.
 * This file implements the SearchIndex port and wires them together.
 *
 * SEVERAL PROCESSES. With PostgreSQL and SEARCH_INDEX=embedded, the instances on one machine open this file
 * together (docs/decisions/0023-several-instances.md); only the projector's lock holder writes, but a takeover
 * may overlap a dying holder's last batch. So: WAL (readers never wait for the writer), a busy timeout set before
 * anything else (switching to WAL needs a lock too), writes in IMMEDIATE transactions (a read-then-write
 * transaction that began DEFERRED could not wait for another process's write: SQLITE_BUSY_SNAPSHOT), and each
 * search inside one read transaction, so all its statements see one snapshot even when another process commits
 * in the middle (in one process a search is synchronous and cannot interleave with a write). Nothing read is
 * kept between searches but the typo cache, which checks search_meta('vocab') on every search.
 */
import BetterSqlite3 from 'better-sqlite3';
import {
  SEARCH_DEPTH,
  type SearchHit,
  type SearchIndex,
  type SearchIndexWriter,
  type SearchKind,
  type SearchQuery,
  type StoryDoc,
  type TopWindow,
  type UserDoc,
} from '../../../ports/search-index';
import { DEFAULT_TUNING, type ReadTuning } from './class-postings';
import { matchesOf } from './highlights';
import { KIND_STORY, KIND_USER } from './index-layout';
import { parseQuery } from './query-words';
import { QueryRun } from './run-query';
import { prepareStatements, SCHEMA, type Statements } from './schema';
import { VocabularyCache } from './typo-candidates';
import { applyVocabDelta, deleteDocs, storyWrites, userWrites, type VocabChange, type VocabDelta, writeDocs } from './write-documents';

/** Documents per write transaction during a rebuild. */
const REBUILD_BATCH = 20_000;

export class EmbeddedSearchIndex implements SearchIndex {
  readonly name = 'embedded';
  private readonly db: BetterSqlite3.Database;
  private s: Statements | undefined;
  /**
   * Whether init() made the index's tables (a new file, or one without an index): with PostgreSQL the events may
   * have been folded before, into another index, so main.ts rebuilds it from the log (ADR 0023).
   */
  madeNew = false;
  private readonly vocabulary = new VocabularyCache(
    () => this.st.vocabVersion.get() as number,
    (head) => this.st.vocabOfHead.all(head) as string[],
  );

  /** `tuning`: when a class is walked rather than loaded; the defaults but in tests (class-postings.ts). */
  constructor(
    file: string,
    private readonly tuning: ReadTuning = DEFAULT_TUNING,
  ) {
    this.db = new BetterSqlite3(file);
    // First: every later step may meet another process's lock (see SEVERAL PROCESSES above).
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // 16 MB: searches at 100k documents ran as fast as with 64 MB (the OS caches the file too), for 48 MB less
    // resident memory (docs/performance.md).
    this.db.pragma('cache_size = -16384');
    this.db.pragma('temp_store = MEMORY');
  }

  async init(): Promise<void> {
    // An index of the layout before ADR 0015 (likes in every posting's key) is dropped: the server rebuilds it
    // from the events at start, as SEARCH_DOCUMENT_FORMAT changed with it.
    // One IMMEDIATE transaction: two instances starting at once check and make the tables one after the other.
    let made = false;
    this.db
      .transaction(() => {
        const columns = (table: string) => this.db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table);
        const vocabColumns = columns('search_vocab');
        if (columns('search_terms').includes('nlikes') || (vocabColumns.length > 0 && !vocabColumns.includes('n7'))) {
          this.db.exec(
            `DROP TABLE IF EXISTS search_terms; DROP TABLE IF EXISTS search_vocab; DROP TABLE IF EXISTS search_stories;
             DROP TABLE IF EXISTS search_users; DROP TABLE IF EXISTS search_meta;`,
          );
        }
        made = columns('search_stories').length === 0;
        this.db.exec(SCHEMA);
      })
      .immediate();
    this.madeNew = made;
    this.s = prepareStatements(this.db);
  }

  private get st(): Statements {
    if (!this.s) throw new Error('EmbeddedSearchIndex: init() has not been called');
    return this.s;
  }

  // ------------------------------------------------------------------------------------------ writes

  /** Runs a write in one transaction; `work` returns the posting count changes of the vocabulary. */
  private commit(work: () => VocabDelta): void {
    const st = this.st;
    let change: VocabChange | undefined;
    // IMMEDIATE: work() reads the documents' current terms before writing (see SEVERAL PROCESSES above).
    this.db
      .transaction(() => {
        change = applyVocabDelta(st, work());
      })
      .immediate();
    if (change) this.vocabulary.applied(change.version, change.present, change.absent);
  }

  async upsertStories(docs: StoryDoc[]): Promise<void> {
    const st = this.st;
    const rows = storyWrites(st, docs);
    this.commit(() => writeDocs(st, KIND_STORY, rows));
  }

  async upsertUsers(docs: UserDoc[]): Promise<void> {
    const st = this.st;
    const rows = userWrites(st, docs);
    this.commit(() => writeDocs(st, KIND_USER, rows));
  }

  async deleteStories(ids: number[]): Promise<void> {
    this.commit(() => deleteDocs(this.st, KIND_STORY, ids));
  }

  async deleteUsers(ids: number[]): Promise<void> {
    this.commit(() => deleteDocs(this.st, KIND_USER, ids));
  }

  async clear(): Promise<void> {
    this.st;
    this.db.exec(
      `BEGIN IMMEDIATE; DELETE FROM search_terms; DELETE FROM search_vocab; DELETE FROM search_stories; DELETE FROM search_users;
       UPDATE search_meta SET value = value + 1 WHERE key = 'vocab';
       UPDATE search_meta SET value = 0 WHERE key IN ('search_stories', 'search_users'); COMMIT;`,
    );
  }

  /**
   * In place: the file is local and a rebuild is quick, so readers briefly seeing a partial index is accepted.
   * Documents are written in batches of REBUILD_BATCH whatever the filler's chunks: a batch's postings go in
   * sorted, so a large batch fills the B-tree in long ascending runs (200k documents: ~40 s in chunks of 1000,
   * ~24 s in batches of 20k).
   */
  async rebuild(fill: (writer: SearchIndexWriter) => Promise<void>): Promise<void> {
    await this.clear();
    const stories: StoryDoc[] = [];
    const users: UserDoc[] = [];
    await fill({
      upsertStories: async (docs) => {
        for (const d of docs) stories.push(d);
        if (stories.length >= REBUILD_BATCH) await this.upsertStories(stories.splice(0));
      },
      upsertUsers: async (docs) => {
        for (const d of docs) users.push(d);
        if (users.length >= REBUILD_BATCH) await this.upsertUsers(users.splice(0));
      },
    });
    if (stories.length) await this.upsertStories(stories);
    if (users.length) await this.upsertUsers(users);
  }

  // ------------------------------------------------------------------------------------------ reads

  async search(query: SearchQuery): Promise<SearchHit[]> {
    // One read transaction: one snapshot for every statement of the search (see SEVERAL PROCESSES above).
    return this.db.transaction(() => this.searchNow(query)).deferred();
  }

  private searchNow(query: SearchQuery): SearchHit[] {
    const st = this.st;
    const words = parseQuery(query.text ?? '');
    if (words.length === 0) return [];
    const limit = Math.max(1, Math.min(50, Math.floor(query.limit) || 1));
    const offset = Math.max(0, Math.min(SEARCH_DEPTH - limit, Math.floor(query.offset ?? 0) || 0));
    const kinds = kindsOf(query.kind);
    const run = new QueryRun(st.q, this.vocabulary, words, kinds, offset + limit, this.tuning);
    const entries = run.run().slice(offset);
    const kindsToShow = query.kind === 'all' ? [KIND_STORY, KIND_USER] : kinds;
    return entries.map((e) => ({ id: e.id, matches: matchesOf(st, words, kindsToShow, e.id) }));
  }

  async top(window: TopWindow, offset: number, limit: number): Promise<number[]> {
    const lim = Math.max(0, Math.floor(limit));
    const off = Math.max(0, Math.floor(offset));
    if (lim === 0) return [];
    return this.st.top[window].all(lim, off) as number[];
  }

  async countTop(window: TopWindow): Promise<number> {
    return this.st.count[window].get() as number;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

function kindsOf(kind: SearchKind): number[] {
  if (kind === 'stories') return [KIND_STORY];
  if (kind === 'users') return [KIND_USER];
  return [KIND_STORY, KIND_USER];
}
