// The embedded SearchIndex: how its tables, matching, ranking and queries work is in README.md in this folder.
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
   * have been folded before, into another index, so serve.ts rebuilds it from the log (ADR 0023).
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
    /**
     * Where the app's own connection opens the same file (SQLite), its writes wait until no transaction is open there:
     * such a transaction holds the write lock across its awaits (db/outside-transactions.ts, README.md).
     */
    private readonly gate: <T>(fn: () => T) => Promise<T> = async (fn) => fn(),
  ) {
    this.db = new BetterSqlite3(file);
    // First: every later step may meet another process's lock (README.md, "Several processes").
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
  private commit(work: () => VocabDelta): Promise<void> {
    const st = this.st;
    return this.gate(() => {
      let change: VocabChange | undefined;
      // IMMEDIATE: work() reads the documents' current terms before writing (README.md, "Several processes").
      this.db
        .transaction(() => {
          change = applyVocabDelta(st, work());
        })
        .immediate();
      if (change) this.vocabulary.applied(change.version, change.present, change.absent);
    });
  }

  async upsertStories(docs: StoryDoc[]): Promise<void> {
    const st = this.st;
    const rows = storyWrites(st, docs);
    await this.commit(() => writeDocs(st, KIND_STORY, rows));
  }

  async upsertUsers(docs: UserDoc[]): Promise<void> {
    const st = this.st;
    const rows = userWrites(st, docs);
    await this.commit(() => writeDocs(st, KIND_USER, rows));
  }

  async deleteStories(ids: number[]): Promise<void> {
    await this.commit(() => deleteDocs(this.st, KIND_STORY, ids));
  }

  async deleteUsers(ids: number[]): Promise<void> {
    await this.commit(() => deleteDocs(this.st, KIND_USER, ids));
  }

  async clear(): Promise<void> {
    this.st;
    await this.gate(() =>
      this.db.exec(
        `BEGIN IMMEDIATE; DELETE FROM search_terms; DELETE FROM search_vocab; DELETE FROM search_stories; DELETE FROM search_users;
       UPDATE search_meta SET value = value + 1 WHERE key = 'vocab';
       UPDATE search_meta SET value = 0 WHERE key IN ('search_stories', 'search_users'); COMMIT;`,
      ),
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
    // One read transaction: one snapshot for every statement of the search (README.md, "Several processes").
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

  /** The server checkpoints this file on a thread of its own (deps.ts): no commit of the index does it then. */
  leaveCheckpointsToAThread(): void {
    this.db.pragma('wal_autocheckpoint = 0');
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
