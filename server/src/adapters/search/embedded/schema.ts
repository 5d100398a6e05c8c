/**
 * The search_* tables and every statement run against them, prepared once per connection. A posting is
 * (term, kind, field class, exact, id) and nothing else: a document's likes live only in its own row, so a
 * like rewrites that row and its likes indexes, never a posting (docs/decisions/0015-likes-out-of-posting-keys.md).
 * The documents' (likes DESC, uname) indexes are the ranking order a short prefix is walked in; search_vocab
 * sizes the classes and lists the typo candidates; search_meta counts vocabulary changes (for the in-memory
 * typo cache) and the documents of each kind (whether a class is a large share of them).
 */
import type BetterSqlite3 from 'better-sqlite3';
import { KIND_STORY, KIND_USER } from './index-layout';
import type { WalkStatements } from './row-streams';

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS search_stories (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL,
  uname TEXT NOT NULL,
  title TEXT NOT NULL,
  likes INTEGER NOT NULL,
  likes30d INTEGER NOT NULL,
  likes365d INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  terms TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS search_stories_top_all ON search_stories (likes DESC, created_at DESC, uname);
CREATE INDEX IF NOT EXISTS search_stories_top_month ON search_stories (likes30d DESC, created_at DESC, uname) WHERE likes30d > 0;
CREATE INDEX IF NOT EXISTS search_stories_top_year ON search_stories (likes365d DESC, created_at DESC, uname) WHERE likes365d > 0;
CREATE INDEX IF NOT EXISTS search_stories_rank ON search_stories (likes DESC, uname);
CREATE TABLE IF NOT EXISTS search_users (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL,
  uname TEXT NOT NULL,
  first_name TEXT,
  last_name TEXT,
  likes INTEGER NOT NULL,
  terms TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS search_users_rank ON search_users (likes DESC, uname);
CREATE TABLE IF NOT EXISTS search_terms (
  term TEXT NOT NULL,
  kind INTEGER NOT NULL,
  fc INTEGER NOT NULL,
  exact INTEGER NOT NULL,
  id INTEGER NOT NULL,
  PRIMARY KEY (term, kind, fc, exact, id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS search_vocab (
  term TEXT PRIMARY KEY,
  head TEXT NOT NULL,
  len INTEGER NOT NULL,
  df INTEGER NOT NULL,
  n0 INTEGER NOT NULL,
  n1 INTEGER NOT NULL,
  n2 INTEGER NOT NULL,
  n3 INTEGER NOT NULL,
  n4 INTEGER NOT NULL,
  n5 INTEGER NOT NULL,
  n6 INTEGER NOT NULL,
  n7 INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS search_vocab_typo ON search_vocab (head, len, df);
DROP INDEX IF EXISTS search_vocab_heavy;
CREATE TABLE IF NOT EXISTS search_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
INSERT OR IGNORE INTO search_meta (key, value) VALUES ('vocab', 0);
INSERT OR IGNORE INTO search_meta (key, value) SELECT 'search_stories', count(*) FROM search_stories;
INSERT OR IGNORE INTO search_meta (key, value) SELECT 'search_users', count(*) FROM search_users;
`;

/** Statements of one kind: pages of its postings joined with the documents' current likes, and its walk. */
interface KindStatements {
  /**
   * ({terms: JSON array, fc, e1, e2, likes, uname, id, limit}): the next page, in ranking order after (likes,
   * uname, id),
   * of the documents with a posting of one of the terms in field class fc with exact e1 or e2.
   */
  terms: BetterSqlite3.Statement;
  /** Like `terms`, with the document's posting keys (multi-word queries check the other words with them). */
  termsWithKeys: BetterSqlite3.Statement;
  /** ({lo, hi, fc, likes, uname, id, limit}): the same for the whole tokens strictly between lo and hi. */
  range: BetterSqlite3.Statement;
  rangeWithKeys: BetterSqlite3.Statement;
  walk: WalkStatements;
  /** How many documents of this kind are indexed. */
  count: BetterSqlite3.Statement;
}

/** The statements a query reads with (see run-query.ts and class-postings.ts), by kind. */
export interface QueryStatements {
  kinds: [KindStatements, KindStatements];
  idsOfTerm: BetterSqlite3.Statement;
  idsInRange: BetterSqlite3.Statement;
  vocabCounts: BetterSqlite3.Statement;
  vocabRangeCounts: BetterSqlite3.Statement;
  storyTerms: BetterSqlite3.Statement;
  userTerms: BetterSqlite3.Statement;
}

export type Statements = ReturnType<typeof prepareStatements>;

function kindStatements(db: BetterSqlite3.Database, kind: number, table: string): KindStatements {
  // CROSS JOIN keeps the postings as the outer loop: one primary-key lookup of the document per posting;
  // SQLite then keeps the best `limit` in a sorter and hands over only those.
  const page = (where: string, keys: string) =>
    db
      .prepare(
        `SELECT -d.likes, d.uname, ${kind}, d.id${keys} FROM search_terms t CROSS JOIN ${table} d ON d.id = t.id
         WHERE ${where} AND t.kind = ${kind} AND t.fc = @fc
           AND (d.likes < @likes OR (d.likes = @likes AND (d.uname, d.id) > (@uname, @id)))
         ORDER BY d.likes DESC, d.uname, d.id LIMIT @limit`,
      )
      .raw();
  const terms = `t.term IN (SELECT value FROM json_each(@terms)) AND t.exact IN (@e1, @e2)`;
  const range = `t.term > @lo AND t.term < @hi AND t.exact = 1`;
  return {
    terms: page(terms, ''),
    termsWithKeys: page(terms, ', d.terms'),
    range: page(range, ''),
    rangeWithKeys: page(range, ', d.terms'),
    walk: {
      below: db
        .prepare(`SELECT -likes, uname, ${kind}, id, terms FROM ${table} WHERE likes < ? ORDER BY likes DESC, uname, id LIMIT ?`)
        .raw(),
      within: db
        .prepare(
          `SELECT -likes, uname, ${kind}, id, terms FROM ${table} WHERE likes = ? AND (uname, id) > (?, ?) ORDER BY uname, id LIMIT ?`,
        )
        .raw(),
    },
    count: db.prepare(`SELECT value FROM search_meta WHERE key = '${table}'`).pluck(),
  };
}

export function prepareStatements(db: BetterSqlite3.Database) {
  const q: QueryStatements = {
    kinds: [kindStatements(db, KIND_STORY, 'search_stories'), kindStatements(db, KIND_USER, 'search_users')],
    idsOfTerm: db.prepare(`SELECT id FROM search_terms WHERE term = ? AND kind = ? AND fc = ? AND exact = ?`).pluck(),
    idsInRange: db.prepare(`SELECT kind, id FROM search_terms WHERE term > ? AND term < ? AND fc = ?`).raw(),
    vocabCounts: db.prepare(`SELECT n0, n1, n2, n3, n4, n5, n6, n7 FROM search_vocab WHERE term = ?`).raw(),
    vocabRangeCounts: db
      .prepare(
        `SELECT total(n0), total(n1), total(n2), total(n3), total(n4), total(n5), total(n6), total(n7) FROM search_vocab WHERE term > ? AND term < ?`,
      )
      .raw(),
    storyTerms: db.prepare(`SELECT terms FROM search_stories WHERE id = ?`).pluck(),
    userTerms: db.prepare(`SELECT terms FROM search_users WHERE id = ?`).pluck(),
  };
  return {
    q,
    getStory: db.prepare(`SELECT terms FROM search_stories WHERE id = ?`),
    getUser: db.prepare(`SELECT terms FROM search_users WHERE id = ?`),
    storyFields: db.prepare(`SELECT title, username FROM search_stories WHERE id = ?`),
    userFields: db.prepare(`SELECT username, first_name, last_name FROM search_users WHERE id = ?`),
    putStory: db.prepare(
      `INSERT INTO search_stories (id, username, uname, title, likes, likes30d, likes365d, created_at, terms)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET username = excluded.username, uname = excluded.uname, title = excluded.title,
         likes = excluded.likes, likes30d = excluded.likes30d, likes365d = excluded.likes365d,
         created_at = excluded.created_at, terms = excluded.terms`,
    ),
    putUser: db.prepare(
      `INSERT INTO search_users (id, username, uname, first_name, last_name, likes, terms) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET username = excluded.username, uname = excluded.uname,
         first_name = excluded.first_name, last_name = excluded.last_name, likes = excluded.likes, terms = excluded.terms`,
    ),
    delStory: db.prepare(`DELETE FROM search_stories WHERE id = ?`),
    delUser: db.prepare(`DELETE FROM search_users WHERE id = ?`),
    insTerm: db.prepare(`INSERT INTO search_terms (term, kind, fc, exact, id) VALUES (?, ?, ?, ?, ?)`),
    delTerm: db.prepare(`DELETE FROM search_terms WHERE term = ? AND kind = ? AND fc = ? AND exact = ? AND id = ?`),
    docCountAdd: db.prepare(`UPDATE search_meta SET value = value + ? WHERE key = ?`),
    vocabAdd: db
      .prepare(
        `INSERT INTO search_vocab (term, head, len, df, n0, n1, n2, n3, n4, n5, n6, n7) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (term) DO UPDATE SET df = df + excluded.df, n0 = n0 + excluded.n0, n1 = n1 + excluded.n1,
         n2 = n2 + excluded.n2, n3 = n3 + excluded.n3, n4 = n4 + excluded.n4, n5 = n5 + excluded.n5,
         n6 = n6 + excluded.n6, n7 = n7 + excluded.n7
       RETURNING df`,
      )
      .pluck(),
    vocabVersion: db.prepare(`SELECT value FROM search_meta WHERE key = 'vocab'`).pluck(),
    vocabBump: db.prepare(`UPDATE search_meta SET value = value + 1 WHERE key = 'vocab' RETURNING value`).pluck(),
    vocabOfHead: db.prepare(`SELECT term FROM search_vocab WHERE head = ? AND df > 0`).pluck(),
    vocabDrop: db.prepare(
      `DELETE FROM search_vocab WHERE term = ? AND n0 = 0 AND n1 = 0 AND n2 = 0 AND n3 = 0 AND n4 = 0 AND n5 = 0 AND n6 = 0 AND n7 = 0`,
    ),
    top: {
      all: db.prepare(`SELECT id FROM search_stories ORDER BY likes DESC, created_at DESC, uname LIMIT ? OFFSET ?`).pluck(),
      month: db
        .prepare(`SELECT id FROM search_stories WHERE likes30d > 0 ORDER BY likes30d DESC, created_at DESC, uname LIMIT ? OFFSET ?`)
        .pluck(),
      year: db
        .prepare(`SELECT id FROM search_stories WHERE likes365d > 0 ORDER BY likes365d DESC, created_at DESC, uname LIMIT ? OFFSET ?`)
        .pluck(),
    },
    count: {
      all: db.prepare(`SELECT count(*) FROM search_stories`).pluck(),
      month: db.prepare(`SELECT count(*) FROM search_stories WHERE likes30d > 0`).pluck(),
      year: db.prepare(`SELECT count(*) FROM search_stories WHERE likes365d > 0`).pluck(),
    },
  };
}
