/**
 * Embedded SearchIndex: plain SQLite tables (prefixed `search_`) in the application's database file, on a
 * connection of its own. Not FTS5: ranked FTS5 prefix queries of 2-3 letters take 70-140 ms at 100k documents,
 * far over the 20 ms budget of search-as-you-type. The tables are laid out instead so that the best N documents
 * of every relevance class can be read in ranking order straight from a B-tree, and reading stops as soon as
 * nothing further can enter the result.
 *
 * TEXT. NFKD, combining marks dropped, lower case, a few letters without a decomposition folded (ł, ø, ß, æ...),
 * split on everything but letters and digits. `_` and `.` between letters hold a token together; the whole
 * ("anna_k") and its parts ("anna", "k") are then all tokens. Field classes (fc): 0 = title/username,
 * 1 = first/last name (null for private accounts, so never indexed).
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
 *   postings can be found again (likes update, delete) and a candidate can be checked without tokenising.
 *   Top lists are index scans of search_stories: (likes DESC, created_at DESC, uname) and the partial indexes
 *   (likes30d DESC, ...) WHERE likes30d > 0 and (likes365d DESC, ...) WHERE likes365d > 0; the counts too.
 * - search_terms, WITHOUT ROWID, primary key (term, kind, fc, exact, nlikes, uname, id): one posting per
 *   distinct (term, document, field class); nlikes = -likes, so that for a fixed (term, kind, fc, exact) the key
 *   is already in ranking order and a class is a keyset-paginated range. exact = 1: a whole token;
 *   exact = 0: a proper prefix of 1..PREFIX_ROWS letters of a token (unless a whole token of the field class
 *   equals it). Short prefixes match tens of thousands of documents; with their own postings "an" is one
 *   ordered range instead of a merge of thousands of tokens.
 * - search_vocab (term, head, len, df, n0..n5): every term with its number of postings in total (whole
 *   tokens, df) and per (kind, fc, exact) slot. It sizes classes exactly with one primary-key lookup (to pick
 *   the smallest class of a combination), lists the heavy tokens of a long prefix (partial index on
 *   df > HEAVY_DF) and gives the typo candidates (tokens with the same first letter and a length within the
 *   distance, held in memory per first letter and kept in step through search_meta('vocab'), a counter of
 *   vocabulary changes: this connection's changes are applied to the cache, anybody else's drop it).
 *
 * QUERIES. Each word has classes: whole token (E), prefix (P; a 1-2 letter last word has one class EP for
 * both), k typos (T1, T2), each for fc 0 and 1. A class is a merge of ordered streams: one range of
 * search_terms per kind for E/EP and short prefixes; for a prefix longer than PREFIX_ROWS, one range per heavy
 * token plus the gaps between them (SQLite sorts the light rest, LIMIT-bounded); for typos, one range per heavy
 * candidate plus the light candidates loaded and sorted. Combinations of one class per word are visited
 * best-first by summed relevance. A combination is read from its smallest class (the driver) in ranking
 * order; the other words are checked against the document's `terms` (joined into the driver's rows), or,
 * once a class has been checked often enough to make it worthwhile, against the set of its ids read in one
 * go. A top-N collector ends a combination as soon as its worst entry ranks above the row being read (every
 * later row ranks lower), and the whole search once the next combination has lower relevance than its worst
 * entry. Rows read for a class are kept and replayed for later combinations. Highlights are computed for the
 * final hits only, by tokenising the original values (offsets in UTF-16 code units of the original).
 *
 * WRITES. One transaction per batch, postings sorted before insertion, vocabulary counts updated by delta.
 * A document whose indexed text did not change only gets the likes of its postings rewritten (point updates
 * by primary key); a likes change is therefore cheap and never touches the vocabulary.
 */
import BetterSqlite3 from 'better-sqlite3';
import type {
  Match,
  MatchField,
  SearchHit,
  SearchIndex,
  SearchKind,
  SearchQuery,
  StoryDoc,
  TopWindow,
  UserDoc,
} from '../../ports/search-index';

// ---------------------------------------------------------------------------------------------------------
// Constants

/** Longest proper prefix (in code points) stored as a posting of its own. */
const PREFIX_ROWS = 3;
/** Tokens with more postings than this are "heavy" (read as their own ordered stream). Also in the schema. */
const HEAVY_DF = 64;
/** Safety valve on the number of class combinations read for one query. */
const MAX_COMBOS = 400;
const MAX_WORDS = 10;

const KIND_STORY = 0;
const KIND_USER = 1;
const FC_MAIN = 0;
const FC_NAME = 1;

// ---------------------------------------------------------------------------------------------------------
// Text

const FOLD: Record<string, string> = {
  ł: 'l',
  đ: 'd',
  ð: 'd',
  ø: 'o',
  ħ: 'h',
  ı: 'i',
  ŀ: 'l',
  ŧ: 't',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
};
const FOLD_RE = /[łđðøħıŀŧßæœþ]/gu;
const MARKS_RE = /\p{M}/gu;
const WORD_RE = /^[\p{L}\p{N}]$/u;

const T_SEP = 0;
const T_WORD = 1;
const T_JOIN = 2;

const normCache = new Map<string, string>();

/** Normalised form of one code point of the original text (may be empty or several characters). */
function normCodePoint(cp: string, code: number): string {
  if (code < 128) return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : cp;
  let n = normCache.get(cp);
  if (n === undefined) {
    n = cp
      .normalize('NFKD')
      .replace(MARKS_RE, '')
      .toLowerCase()
      .replace(FOLD_RE, (c) => FOLD[c] ?? c);
    n = n.normalize('NFKD').replace(MARKS_RE, '');
    if (normCache.size < 20_000) normCache.set(cp, n);
  }
  return n;
}

function charType(c: string): number {
  const code = c.charCodeAt(0);
  if (code < 128) {
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) return T_WORD;
    if (code === 95 || code === 46) return T_JOIN;
    return T_SEP;
  }
  return WORD_RE.test(c) ? T_WORD : T_SEP;
}

export interface Token {
  /** Normalised text. */
  norm: string;
  /** Offset of the token in the original value (UTF-16 code units). */
  start: number;
  /** ends[i]: original offset just after the source of normalised code unit i (only with offsets). */
  ends: number[];
  /** A part of a compound token ("anna" of "anna_k"). */
  part: boolean;
}

interface SegChar {
  c: string;
  t: number;
  s: number;
  e: number;
}

/** Splits a value into tokens: compounds joined by `_`/`.` give the whole and each part. */
export function tokenize(value: string, offsets: boolean): Token[] {
  const out: Token[] = [];
  let seg: SegChar[] = [];
  const emit = (chars: SegChar[], part: boolean): void => {
    let norm = '';
    const ends: number[] = [];
    for (const ch of chars) {
      norm += ch.c;
      if (offsets) for (let k = 0; k < ch.c.length; k++) ends.push(ch.e);
    }
    out.push({ norm, start: chars[0]!.s, ends, part });
  };
  const flush = (): void => {
    if (seg.length === 0) return;
    let a = 0;
    let b = seg.length;
    while (a < b && seg[a]!.t === T_JOIN) a++;
    while (b > a && seg[b - 1]!.t === T_JOIN) b--;
    if (a < b) {
      const chars = seg.slice(a, b);
      const parts: SegChar[][] = [];
      let cur: SegChar[] = [];
      for (const ch of chars) {
        if (ch.t === T_JOIN) {
          if (cur.length) parts.push(cur);
          cur = [];
        } else cur.push(ch);
      }
      if (cur.length) parts.push(cur);
      emit(chars, false);
      if (parts.length > 1) for (const p of parts) emit(p, true);
    }
    seg = [];
  };
  for (let i = 0; i < value.length;) {
    const code = value.codePointAt(i)!;
    const len = code > 0xffff ? 2 : 1;
    const cp = len === 1 ? value[i]! : value.slice(i, i + 2);
    const n = normCodePoint(cp, code);
    for (const c of n) {
      const t = charType(c);
      if (t === T_SEP) flush();
      else seg.push({ c, t, s: i, e: i + len });
    }
    i += len;
  }
  flush();
  return out;
}

function maxTyposFor(word: string): number {
  let n = 0;
  for (const _ of word) n++;
  return n >= 9 ? 2 : n >= 5 ? 1 : 0;
}

function firstCodePoint(s: string): string {
  const code = s.codePointAt(0)!;
  return code > 0xffff ? s.slice(0, 2) : s.slice(0, 1);
}

let dpRows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal string alignment distance (Damerau: adjacent transpositions count 1), or max + 1 as soon as it
 * exceeds max. Only the diagonal band |i - j| <= max is computed.
 */
export function boundedDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  const over = max + 1;
  if (Math.abs(la - lb) > max) return over;
  if (a === b) return 0;
  if (dpRows[0].length < lb + 2) dpRows = [new Int32Array(lb + 2), new Int32Array(lb + 2), new Int32Array(lb + 2)];
  let [p2, p, c] = dpRows;
  for (let j = 0; j <= lb; j++) p[j] = j;
  for (let i = 1; i <= la; i++) {
    const lo = Math.max(1, i - max);
    const hi = Math.min(lb, i + max);
    c[lo - 1] = lo === 1 ? i : over;
    let rowMin = c[lo - 1]!;
    const ca = a.charCodeAt(i - 1);
    const ca1 = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = lo; j <= hi; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = p[j - 1]! + (ca === cb ? 0 : 1);
      const del = p[j]! + 1;
      if (del < v) v = del;
      const ins = c[j - 1]! + 1;
      if (ins < v) v = ins;
      if (j > 1 && ca1 === cb && ca === b.charCodeAt(j - 2)) {
        const tr = p2[j - 2]! + 1;
        if (tr < v) v = tr;
      }
      c[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (hi + 1 <= lb) c[hi + 1] = over;
    if (rowMin > max) return over;
    const t = p2;
    p2 = p;
    p = c;
    c = t;
  }
  const d = p[lb]!;
  return d > max ? over : d;
}

/** Smallest string greater than every string that starts with `s`. */
function prefixUpperBound(s: string): string {
  const cps = Array.from(s);
  const last = cps.pop()!;
  return cps.join('') + String.fromCodePoint(last.codePointAt(0)! + 1);
}

interface QueryWord {
  w: string;
  head: string;
  last: boolean;
  prefix: boolean;
  maxTypos: number;
}

export function parseQuery(text: string): QueryWord[] {
  const toks = tokenize(text, false).filter((t) => !t.part);
  if (toks.length === 0) return [];
  const words = toks.slice(0, MAX_WORDS);
  // The last word is a prefix unless the text ends with a separator (the user finished the word).
  let prefixMode = words.length === toks.length;
  if (prefixMode) {
    const lastCp = Array.from(text).pop() ?? ' ';
    const n = normCodePoint(lastCp, lastCp.codePointAt(0)!);
    const lastChar = Array.from(n).pop();
    prefixMode = lastChar !== undefined && charType(lastChar) !== T_SEP;
  }
  return words.map((t, i) => ({
    w: t.norm,
    head: firstCodePoint(t.norm),
    last: i === words.length - 1,
    prefix: i === words.length - 1 && prefixMode,
    maxTypos: maxTyposFor(t.norm),
  }));
}

/** How `term` matches `word`: -1 none, else typos * 2 + (prefix ? 1 : 0). */
function matchCode(word: QueryWord, term: string): number {
  if (term === word.w) return 0;
  if (word.prefix && term.length > word.w.length && term.startsWith(word.w)) return 1;
  if (word.maxTypos > 0 && term.startsWith(word.head) && Math.abs(term.length - word.w.length) <= word.maxTypos) {
    const d = boundedDistance(word.w, term, word.maxTypos);
    if (d <= word.maxTypos) return d * 2;
  }
  return -1;
}

/** Posting keys of a document: `${fc}${exact}${term}` joined by spaces, in a deterministic order. */
function buildTerms(fields: Array<[number, string | null]>): string {
  const rows = new Map<string, number>();
  for (const [fc, value] of fields) {
    if (!value) continue;
    for (const tok of tokenize(value, false)) rows.set(`${fc}${tok.norm}`, 1);
  }
  for (const [fc, value] of fields) {
    if (!value) continue;
    for (const tok of tokenize(value, false)) {
      const cps = Array.from(tok.norm);
      let p = '';
      for (let k = 0; k < Math.min(PREFIX_ROWS, cps.length - 1); k++) {
        p += cps[k]!;
        // A query word never ends with `_` or `.` (the tokenizer trims them), but may continue after one:
        // "a_b" must still find "a_bob" while it is typed.
        if (charType(cps[k]!) === T_JOIN) continue;
        const key = `${fc}${p}`;
        if (!rows.has(key)) rows.set(key, 0);
      }
    }
  }
  const out: string[] = [];
  for (const [key, exact] of rows) out.push(`${key[0]}${exact}${key.slice(1)}`);
  return out.join(' ');
}

interface TermRow {
  fc: number;
  exact: number;
  term: string;
}

function parseTerms(terms: string): TermRow[] {
  if (terms === '') return [];
  return terms.split(' ').map((e) => ({ fc: e.charCodeAt(0) - 48, exact: e.charCodeAt(1) - 48, term: e.slice(2) }));
}

// ---------------------------------------------------------------------------------------------------------
// Ordered streams of postings

/** [nlikes, uname, kind, id] and, from the streams of multi-word queries, the document's posting keys. */
type Row = [number, string, number, number, string?];

function cmpRow(a: Row, b: Row): number {
  if (a[0] !== b[0]) return a[0] - b[0];
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  if (a[2] !== b[2]) return a[2] - b[2];
  return a[3] - b[3];
}

interface Source {
  peek(): Row | undefined;
  next(): void;
}

class ArraySource implements Source {
  private i = 0;
  constructor(private readonly rows: Row[]) {}
  peek(): Row | undefined {
    return this.rows[this.i];
  }
  next(): void {
    this.i++;
  }
}

type PageStmt = BetterSqlite3.Statement;

/** One (term, kind, fc, exact) range of search_terms, read page by page with a keyset cursor. */
class SqlSource implements Source {
  private buf: Row[] = [];
  private i = 0;
  private done = false;
  private page = 32;
  private lastN = Number.MIN_SAFE_INTEGER;
  private lastU = '';
  private lastId = Number.MIN_SAFE_INTEGER;
  constructor(
    private readonly stmt: PageStmt,
    private readonly term: string,
    private readonly kind: number,
    private readonly fc: number,
    private readonly exact: number,
  ) {}
  peek(): Row | undefined {
    if (this.i < this.buf.length) return this.buf[this.i];
    if (this.done) return undefined;
    const got = this.stmt.all(
      this.term,
      this.kind,
      this.fc,
      this.exact,
      this.lastN,
      this.lastU,
      this.lastId,
      this.page,
    ) as Row[];
    if (got.length < this.page) this.done = true;
    this.page = Math.min(this.page * 4, 2048);
    this.buf = got;
    this.i = 0;
    const last = got[got.length - 1];
    if (last) {
      this.lastN = last[0];
      this.lastU = last[1];
      this.lastId = last[3];
    }
    return this.buf[0];
  }
  next(): void {
    this.i++;
  }
}

/** A source read once and replayed: several combinations of one query share a driver class. */
class Tape {
  private readonly rows: Row[] = [];
  constructor(private readonly src: Source) {}
  at(i: number): Row | undefined {
    while (this.rows.length <= i) {
      const r = this.src.peek();
      if (!r) return undefined;
      this.rows.push(r);
      this.src.next();
    }
    return this.rows[i];
  }
}

class TapeReader implements Source {
  private i = 0;
  constructor(private readonly tape: Tape) {}
  peek(): Row | undefined {
    return this.tape.at(this.i);
  }
  next(): void {
    this.i++;
  }
}

class MergeSource implements Source {
  private readonly sources: Source[];
  private best: Source | undefined;
  private bestRow: Row | undefined;
  private fresh = false;
  constructor(sources: Source[]) {
    this.sources = sources;
  }
  peek(): Row | undefined {
    if (this.fresh) return this.bestRow;
    this.best = undefined;
    this.bestRow = undefined;
    for (const s of this.sources) {
      const r = s.peek();
      if (r && (!this.bestRow || cmpRow(r, this.bestRow) < 0)) {
        this.best = s;
        this.bestRow = r;
      }
    }
    this.fresh = true;
    return this.bestRow;
  }
  next(): void {
    if (!this.fresh) this.peek();
    this.best?.next();
    this.fresh = false;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Ranking keys and the top-N collector

/** [typos, prefix, names, nlikes, uname, kind, id] */
type Key = [number, number, number, number, string, number, number];

function cmpKey(a: Key, b: Key): number {
  for (let i = 0; i < 7; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

interface Entry {
  key: Key;
  /** The id the result is deduplicated on: the user id, for both kinds. */
  id: number;
}

class Collector {
  readonly entries: Entry[] = [];
  private readonly byId = new Map<number, Entry>();
  constructor(private readonly limit: number) {}
  get full(): boolean {
    return this.entries.length >= this.limit;
  }
  get worst(): Key | undefined {
    return this.entries[this.entries.length - 1]?.key;
  }
  offer(key: Key): void {
    const id = key[6];
    const existing = this.byId.get(id);
    if (existing) {
      if (cmpKey(key, existing.key) >= 0) return;
      this.entries.splice(this.entries.indexOf(existing), 1);
      this.byId.delete(id);
    } else if (this.full) {
      if (cmpKey(key, this.worst!) >= 0) return;
      const out = this.entries.pop()!;
      this.byId.delete(out.id);
    }
    const entry: Entry = { key, id };
    let i = this.entries.length;
    while (i > 0 && cmpKey(this.entries[i - 1]!.key, key) > 0) i--;
    this.entries.splice(i, 0, entry);
    this.byId.set(id, entry);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Query evaluation

/**
 * E: the word is a whole token; P: a proper prefix of one; EP: either (a last word of 1-2 letters is nearly always
 * unfinished, so a whole-token match there ranks like a prefix match); T: a whole token with `typos` typos.
 */
type ClassType = 'E' | 'EP' | 'P' | 'T';
interface WordClass {
  type: ClassType;
  typos: number;
  prefix: number;
  fc: number;
}

/** Longest last word whose whole-token and prefix matches form one class. */
const SHORT_LAST = 2;

function classesFor(word: QueryWord): WordClass[] {
  if (word.prefix && cpLength(word.w) <= Math.min(SHORT_LAST, PREFIX_ROWS)) {
    return [
      { type: 'EP', typos: 0, prefix: 0, fc: FC_MAIN },
      { type: 'EP', typos: 0, prefix: 0, fc: FC_NAME },
    ];
  }
  const out: WordClass[] = [
    { type: 'E', typos: 0, prefix: 0, fc: FC_MAIN },
    { type: 'E', typos: 0, prefix: 0, fc: FC_NAME },
  ];
  if (word.prefix) {
    out.push({ type: 'P', typos: 0, prefix: 1, fc: FC_MAIN }, { type: 'P', typos: 0, prefix: 1, fc: FC_NAME });
  }
  for (let k = 1; k <= word.maxTypos; k++) {
    out.push({ type: 'T', typos: k, prefix: 0, fc: FC_MAIN }, { type: 'T', typos: k, prefix: 0, fc: FC_NAME });
  }
  return out;
}

/**
 * Whether the space-separated posting keys contain `entry` as a whole key, or (with `longer`) as the start of
 * a longer key.
 */
function hasEntry(terms: string, entry: string, longer: boolean): boolean {
  for (let i = terms.indexOf(entry); i >= 0; i = terms.indexOf(entry, i + 1)) {
    if (i > 0 && terms.charCodeAt(i - 1) !== 32) continue;
    const end = i + entry.length;
    const atEnd = end === terms.length || terms.charCodeAt(end) === 32;
    if (longer !== atEnd) return true;
  }
  return false;
}

/** Whether a match code (see matchCode) belongs to a class. */
function inClass(cls: WordClass, code: number): boolean {
  switch (cls.type) {
    case 'E':
      return code === 0;
    case 'EP':
      return code === 0 || code === 1;
    case 'P':
      return code === 1;
    case 'T':
      return code === cls.typos * 2;
  }
}

function cpLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Index of the per-(kind, field class, exact) posting counter in search_vocab (n0..n5). */
function slot(kind: number, fc: number, exact: number): number {
  return (kind === KIND_STORY ? 0 : 1 + fc) * 2 + exact;
}

/** Typo candidates of one word and distance: heavy tokens stream, light ones are loaded and sorted. */
interface TypoSet {
  heavy: string[];
  /** Light postings by kind * 2 + fc, sorted. */
  light: Row[][];
  /** Postings by kind * 2 + fc. */
  size: number[];
}

interface Statements {
  page: PageStmt;
  /** Like `page`, with the document's posting keys joined in (by kind), for multi-word queries. */
  pageWithTerms: [PageStmt, PageStmt];
  range: PageStmt;
  idsOfTerm: BetterSqlite3.Statement;
  idsInRange: BetterSqlite3.Statement;
  vocabCounts: BetterSqlite3.Statement;
  vocabRangeCounts: BetterSqlite3.Statement;
  heavyInRange: BetterSqlite3.Statement;
  postingsOfTerm: BetterSqlite3.Statement;
  storyTerms: BetterSqlite3.Statement;
  userTerms: BetterSqlite3.Statement;
}

/** A gap of a long-prefix range between heavy tokens, read with SQLite doing the top-N sort. */
class RangeSource implements Source {
  private buf: Row[] = [];
  private i = 0;
  private done = false;
  private page = 32;
  private last: Row = [Number.MIN_SAFE_INTEGER, '', -1, Number.MIN_SAFE_INTEGER];
  constructor(
    private readonly stmt: PageStmt,
    private readonly lo: string,
    private readonly hi: string,
    private readonly fc: number,
    private readonly kinds: number[],
  ) {}
  peek(): Row | undefined {
    if (this.i < this.buf.length) return this.buf[this.i];
    if (this.done) return undefined;
    const k0 = this.kinds[0]!;
    const k1 = this.kinds[1] ?? k0;
    const l = this.last;
    this.buf = this.stmt.all(this.lo, this.hi, this.fc, k0, k1, l[0], l[1], l[2], l[3], this.page) as Row[];
    if (this.buf.length < this.page) this.done = true;
    this.page = Math.min(this.page * 8, 4096);
    this.i = 0;
    const last = this.buf[this.buf.length - 1];
    if (last) this.last = last;
    return this.buf[0];
  }
  next(): void {
    this.i++;
  }
}

/**
 * The whole tokens of the vocabulary by first letter and length, loaded per first letter on demand, for typo
 * candidates. search_meta('vocab') counts vocabulary changes: this connection's own changes are applied to the
 * cache, anybody else's (another process writing the same file) drop it.
 */
class VocabularyCache {
  private version = -1;
  private readonly heads = new Map<string, Map<number, Set<string>>>();
  constructor(
    private readonly getVersion: () => number,
    private readonly loadHead: (head: string) => string[],
  ) {}

  *candidates(head: string, minLen: number, maxLen: number): Iterable<string> {
    const v = this.getVersion();
    if (v !== this.version) {
      this.heads.clear();
      this.version = v;
    }
    let byLen = this.heads.get(head);
    if (!byLen) {
      byLen = new Map();
      for (const term of this.loadHead(head)) {
        let set = byLen.get(term.length);
        if (!set) byLen.set(term.length, (set = new Set()));
        set.add(term);
      }
      this.heads.set(head, byLen);
    }
    for (let len = minLen; len <= maxLen; len++) {
      const set = byLen.get(len);
      if (set) yield* set;
    }
  }

  /** After a committed write that moved the version from `newVersion - 1` to `newVersion`. */
  applied(newVersion: number, present: string[], absent: string[]): void {
    if (this.version !== newVersion - 1) {
      this.heads.clear();
      this.version = -1;
      return;
    }
    this.version = newVersion;
    for (const term of present) {
      const byLen = this.heads.get(firstCodePoint(term));
      if (!byLen) continue;
      let set = byLen.get(term.length);
      if (!set) byLen.set(term.length, (set = new Set()));
      set.add(term);
    }
    for (const term of absent) this.heads.get(firstCodePoint(term))?.get(term.length)?.delete(term);
  }
}

class QueryRun {
  private classes: WordClass[][];
  private readonly estimates = new Map<string, number>();
  private readonly vocab = new Map<string, number[]>();
  private readonly rangeCounts = new Map<number, number[]>();
  private readonly heavy = new Map<number, string[]>();
  private readonly typoSets = new Map<string, TypoSet>();
  private readonly typoCands = new Map<number, Array<[string, number]>>();
  private readonly sets = new Map<string, Set<number>>();
  private readonly tapes = new Map<string, Tape>();
  private readonly checks = new Map<string, number>();
  private readonly docTerms = new Map<number, string | null>();
  readonly collector: Collector;

  constructor(
    private readonly st: Statements,
    private readonly vocabulary: VocabularyCache,
    private readonly words: QueryWord[],
    private readonly kinds: number[],
    limit: number,
  ) {
    this.classes = words.map(classesFor);
    this.collector = new Collector(limit);
  }

  run(): Entry[] {
    const n = this.words.length;
    if (n > 1) {
      // Drop the classes known to be empty (typo classes are only worked out if they are reached).
      this.classes = this.classes.map((cs, wi) => cs.filter((c, ci) => c.type === 'T' || this.estimate(wi, ci) > 0));
      this.estimates.clear();
      if (this.classes.some((cs) => cs.length === 0)) return [];
    }
    const rOf = (idx: number[]): [number, number, number] => {
      let t = 0;
      let p = 0;
      let f = 0;
      idx.forEach((ci, wi) => {
        const c = this.classes[wi]![ci]!;
        t += c.typos;
        p += c.prefix;
        f += c.fc;
      });
      return [t, p, f];
    };
    // Best-first enumeration of class combinations by summed relevance.
    type Combo = { idx: number[]; r: [number, number, number]; order: number };
    const heap: Combo[] = [];
    let order = 0;
    const cmpCombo = (a: Combo, b: Combo): number =>
      a.r[0] - b.r[0] || a.r[1] - b.r[1] || a.r[2] - b.r[2] || a.order - b.order;
    const push = (c: Combo): void => {
      heap.push(c);
      let i = heap.length - 1;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (cmpCombo(heap[p]!, heap[i]!) <= 0) break;
        [heap[p], heap[i]] = [heap[i]!, heap[p]!];
        i = p;
      }
    };
    const pop = (): Combo | undefined => {
      const top = heap[0];
      const last = heap.pop();
      if (heap.length > 0 && last) {
        heap[0] = last;
        let i = 0;
        for (;;) {
          const l = 2 * i + 1;
          const r = l + 1;
          let m = i;
          if (l < heap.length && cmpCombo(heap[l]!, heap[m]!) < 0) m = l;
          if (r < heap.length && cmpCombo(heap[r]!, heap[m]!) < 0) m = r;
          if (m === i) break;
          [heap[m], heap[i]] = [heap[i]!, heap[m]!];
          i = m;
        }
      }
      return top;
    };
    const seenCombos = new Set<string>();
    const start = new Array<number>(n).fill(0);
    push({ idx: start, r: rOf(start), order: order++ });
    seenCombos.add(start.join(','));
    let processed = 0;
    let popped = 0;
    for (let combo = pop(); combo; combo = pop()) {
      if (++popped > MAX_COMBOS * 8) break;
      const worst = this.collector.worst;
      if (this.collector.full && worst) {
        const d = worst[0] - combo.r[0] || worst[1] - combo.r[1] || worst[2] - combo.r[2];
        if (d < 0) break;
      }
      for (let wi = 0; wi < n; wi++) {
        if (combo.idx[wi]! + 1 < this.classes[wi]!.length) {
          const next = combo.idx.slice();
          next[wi]!++;
          const k = next.join(',');
          if (!seenCombos.has(k)) {
            seenCombos.add(k);
            push({ idx: next, r: rOf(next), order: order++ });
          }
        }
      }
      if (processed >= MAX_COMBOS) break;
      if (this.processCombo(combo.idx, combo.r)) processed++;
    }
    return this.collector.entries;
  }

  /**
   * Reads the documents of one combination (each word matched in its class) from its smallest class, in
   * ranking order, checking the other words. Returns false when the combination is empty.
   */
  private processCombo(idx: number[], r: [number, number, number]): boolean {
    const n = this.words.length;
    let driver = 0;
    const others: Array<[number, number]> = [];
    if (n > 1) {
      const ests = idx.map((ci, wi) => this.estimate(wi, ci));
      if (ests.some((e) => e === 0)) return false;
      for (let wi = 1; wi < n; wi++) if (ests[wi]! < ests[driver]!) driver = wi;
      for (let wi = 0; wi < n; wi++) if (wi !== driver) others.push([wi, ests[wi]!]);
      others.sort((a, b) => a[1] - b[1]);
    } else if (this.kindsFor(this.classes[0]![idx[0]!]!.fc).length === 0) {
      return false;
    }
    const src = this.source(driver, idx[driver]!);
    const col = this.collector;
    for (let row = src.peek(); row; row = src.peek()) {
      if (col.full) {
        const bound: Key = [r[0], r[1], r[2], row[0], row[1], row[2], row[3]];
        if (cmpKey(col.worst!, bound) < 0) break;
      }
      src.next();
      let ok = true;
      for (const [wi] of others) {
        if (!this.member(wi, idx[wi]!, row)) {
          ok = false;
          break;
        }
      }
      if (ok) col.offer([r[0], r[1], r[2], row[0], row[1], row[2], row[3]]);
    }
    return true;
  }

  /** Whether a document matches word `wi` in class `ci`: by a materialised id set, or by its stored terms. */
  private member(wi: number, ci: number, row: Row): boolean {
    const kind = row[2];
    const id = row[3];
    const key = `${wi}:${ci}`;
    let set = this.sets.get(key);
    if (!set) {
      const count = (this.checks.get(key) ?? 0) + 1;
      this.checks.set(key, count);
      // A check reads the document's stored posting keys (a primary-key lookup and a string search), which
      // costs about as much as reading 10-20 postings of a class: materialise the class once the checks made
      // so far would have paid for a good share of reading all of it.
      if (count > 32 + this.estimate(wi, ci) / 12) set = this.materialise(wi, ci);
    }
    if (set) return set.has(id * 2 + kind);
    const dk = id * 2 + kind;
    let terms = row[4] ?? this.docTerms.get(dk);
    if (terms === undefined) {
      terms = ((kind === KIND_STORY ? this.st.storyTerms : this.st.userTerms).get(id) as string | undefined) ?? null;
      this.docTerms.set(dk, terms);
    }
    if (terms === null) return false;
    const word = this.words[wi]!;
    const cls = this.classes[wi]![ci]!;
    const f = String(cls.fc);
    switch (cls.type) {
      case 'E':
        return hasEntry(terms, `${f}1${word.w}`, false);
      case 'EP':
        return hasEntry(terms, `${f}1${word.w}`, false) || hasEntry(terms, `${f}0${word.w}`, false);
      case 'P':
        return this.isShort(word) ? hasEntry(terms, `${f}0${word.w}`, false) : hasEntry(terms, `${f}1${word.w}`, true);
      case 'T': {
        const fcChar = 48 + cls.fc;
        let from = 0;
        while (from < terms.length) {
          let to = terms.indexOf(' ', from);
          if (to < 0) to = terms.length;
          if (terms.charCodeAt(from) === fcChar && terms.charCodeAt(from + 1) === 49) {
            if (inClass(cls, matchCode(word, terms.slice(from + 2, to)))) return true;
          }
          from = to + 1;
        }
        return false;
      }
    }
  }

  private materialise(wi: number, ci: number): Set<number> {
    const word = this.words[wi]!;
    const cls = this.classes[wi]![ci]!;
    const kinds = this.kindsFor(cls.fc);
    const set = new Set<number>();
    const addTerm = (term: string, exact: number): void => {
      for (const kind of kinds) {
        for (const id of this.st.idsOfTerm.all(term, kind, cls.fc, exact) as number[]) set.add(id * 2 + kind);
      }
    };
    switch (cls.type) {
      case 'E':
        addTerm(word.w, 1);
        break;
      case 'EP':
        addTerm(word.w, 1);
        addTerm(word.w, 0);
        break;
      case 'P':
        if (this.isShort(word)) addTerm(word.w, 0);
        else {
          for (const [kind, id] of this.st.idsInRange.all(word.w, prefixUpperBound(word.w), cls.fc) as Array<
            [number, number]
          >) {
            if (kinds.includes(kind)) set.add(id * 2 + kind);
          }
        }
        break;
      case 'T': {
        const ts = this.typoSet(wi, cls.typos);
        for (const h of ts.heavy) addTerm(h, 1);
        for (const kind of kinds) for (const row of ts.light[kind * 2 + cls.fc]!) set.add(row[3] * 2 + kind);
        break;
      }
    }
    this.sets.set(`${wi}:${ci}`, set);
    return set;
  }

  private kindsFor(fc: number): number[] {
    return fc === FC_NAME ? this.kinds.filter((k) => k === KIND_USER) : this.kinds;
  }

  private isShort(word: QueryWord): boolean {
    return cpLength(word.w) <= PREFIX_ROWS;
  }

  private vocabCounts(term: string): number[] {
    let c = this.vocab.get(term);
    if (!c) {
      c = (this.st.vocabCounts.get(term) as number[] | undefined) ?? [0, 0, 0, 0, 0, 0];
      this.vocab.set(term, c);
    }
    return c;
  }

  /** Number of postings of a class (exact for whole tokens and short prefixes). */
  private estimate(wi: number, ci: number): number {
    const key = `${wi}:${ci}`;
    const cached = this.estimates.get(key);
    if (cached !== undefined) return cached;
    const word = this.words[wi]!;
    const cls = this.classes[wi]![ci]!;
    let est = 0;
    for (const kind of this.kindsFor(cls.fc)) {
      switch (cls.type) {
        case 'E':
          est += this.vocabCounts(word.w)[slot(kind, cls.fc, 1)]!;
          break;
        case 'EP': {
          const c = this.vocabCounts(word.w);
          est += c[slot(kind, cls.fc, 1)]! + c[slot(kind, cls.fc, 0)]!;
          break;
        }
        case 'P':
          if (this.isShort(word)) est += this.vocabCounts(word.w)[slot(kind, cls.fc, 0)]!;
          else {
            let c = this.rangeCounts.get(wi);
            if (!c) {
              c = this.st.vocabRangeCounts.get(word.w, prefixUpperBound(word.w)) as number[];
              this.rangeCounts.set(wi, c);
            }
            est += c[slot(kind, cls.fc, 1)]!;
          }
          break;
        case 'T':
          est += this.typoSet(wi, cls.typos).size[kind * 2 + cls.fc]!;
          break;
      }
    }
    this.estimates.set(key, est);
    return est;
  }

  private source(wi: number, ci: number): Source {
    const key = `${wi}:${ci}`;
    let tape = this.tapes.get(key);
    if (!tape) {
      tape = new Tape(this.openSource(wi, ci));
      this.tapes.set(key, tape);
    }
    return new TapeReader(tape);
  }

  private pageStmt(kind: number): PageStmt {
    return this.words.length > 1 ? this.st.pageWithTerms[kind]! : this.st.page;
  }

  private openSource(wi: number, ci: number): Source {
    const word = this.words[wi]!;
    const cls = this.classes[wi]![ci]!;
    const kinds = this.kindsFor(cls.fc);
    const sources: Source[] = [];
    switch (cls.type) {
      case 'E':
      case 'EP':
        for (const kind of kinds) {
          sources.push(new SqlSource(this.pageStmt(kind), word.w, kind, cls.fc, 1));
          if (cls.type === 'EP') sources.push(new SqlSource(this.pageStmt(kind), word.w, kind, cls.fc, 0));
        }
        break;
      case 'P':
        if (this.isShort(word)) {
          for (const kind of kinds) sources.push(new SqlSource(this.pageStmt(kind), word.w, kind, cls.fc, 0));
        } else {
          const hi = prefixUpperBound(word.w);
          let heavy = this.heavy.get(wi);
          if (!heavy) {
            heavy = this.st.heavyInRange.all(word.w, hi) as string[];
            this.heavy.set(wi, heavy);
          }
          let lo = word.w;
          for (const h of heavy) {
            for (const kind of kinds) sources.push(new SqlSource(this.pageStmt(kind), h, kind, cls.fc, 1));
            sources.push(new RangeSource(this.st.range, lo, h, cls.fc, kinds));
            lo = h;
          }
          sources.push(new RangeSource(this.st.range, lo, hi, cls.fc, kinds));
        }
        break;
      case 'T': {
        const ts = this.typoSet(wi, cls.typos);
        for (const kind of kinds) {
          for (const h of ts.heavy) sources.push(new SqlSource(this.pageStmt(kind), h, kind, cls.fc, 1));
          const light = ts.light[kind * 2 + cls.fc]!;
          if (light.length) sources.push(new ArraySource(light));
        }
        break;
      }
    }
    return sources.length === 1 ? sources[0]! : new MergeSource(sources);
  }

  private typoSet(wi: number, typos: number): TypoSet {
    const key = `${wi}:${typos}`;
    const cached = this.typoSets.get(key);
    if (cached) return cached;
    const word = this.words[wi]!;
    let cands = this.typoCands.get(wi);
    if (!cands) {
      cands = [];
      const len = word.w.length;
      for (const term of this.vocabulary.candidates(word.head, len - word.maxTypos, len + word.maxTypos)) {
        if (term === word.w || (word.prefix && term.startsWith(word.w))) continue;
        const d = boundedDistance(word.w, term, word.maxTypos);
        if (d <= word.maxTypos) cands.push([term, d]);
      }
      this.typoCands.set(wi, cands);
    }
    const light: Row[][] = [[], [], [], []];
    const size = [0, 0, 0, 0];
    const heavy: string[] = [];
    for (const [term, d] of cands) {
      if (d !== typos) continue;
      const c = this.vocabCounts(term);
      if (c[1]! + c[3]! + c[5]! > HEAVY_DF) {
        heavy.push(term);
        size[0] = size[0]! + c[slot(KIND_STORY, FC_MAIN, 1)]!;
        size[2] = size[2]! + c[slot(KIND_USER, FC_MAIN, 1)]!;
        size[3] = size[3]! + c[slot(KIND_USER, FC_NAME, 1)]!;
      } else {
        for (const r of this.st.postingsOfTerm.all(term) as Array<[number, number, number, string, number]>) {
          light[r[0] * 2 + r[1]]!.push([r[2], r[3], r[0], r[4]]);
          size[r[0] * 2 + r[1]]!++;
        }
      }
    }
    for (const rows of light) rows.sort(cmpRow);
    const set: TypoSet = { heavy, light, size };
    this.typoSets.set(key, set);
    return set;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Highlights

const FIELD_ORDER: Record<MatchField, number> = { title: 0, username: 1, firstName: 2, lastName: 3 };

/** Matches of a document's original values, or null when it does not match every word. */
function highlight(words: QueryWord[], fields: Array<[MatchField, string | null]>): Match[] | null {
  const toks: Array<[MatchField, Token]> = [];
  for (const [field, value] of fields) {
    if (value) for (const tok of tokenize(value, true)) toks.push([field, tok]);
  }
  const out: Match[] = [];
  for (const word of words) {
    let bestTypos = Infinity;
    const codes = toks.map(([, tok]) => {
      const c = matchCode(word, tok.norm);
      if (c >= 0) bestTypos = Math.min(bestTypos, c >> 1);
      return c;
    });
    if (bestTypos === Infinity) return null;
    codes.forEach((c, i) => {
      if (c < 0 || c >> 1 !== bestTypos) return;
      const [field, tok] = toks[i]!;
      const end = c === 1 ? tok.ends[word.w.length - 1]! : tok.ends[tok.ends.length - 1]!;
      out.push({ field, start: tok.start, length: end - tok.start });
    });
  }
  return out;
}

function normaliseMatches(ms: Match[]): Match[] {
  ms.sort((a, b) => FIELD_ORDER[a.field] - FIELD_ORDER[b.field] || a.start - b.start || b.length - a.length);
  const out: Match[] = [];
  for (const m of ms) {
    const prev = out[out.length - 1];
    if (prev && prev.field === m.field && m.start + m.length <= prev.start + prev.length) continue;
    out.push(m);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// The adapter

const SCHEMA = `
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
CREATE TABLE IF NOT EXISTS search_users (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL,
  uname TEXT NOT NULL,
  first_name TEXT,
  last_name TEXT,
  likes INTEGER NOT NULL,
  terms TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS search_terms (
  term TEXT NOT NULL,
  kind INTEGER NOT NULL,
  fc INTEGER NOT NULL,
  exact INTEGER NOT NULL,
  nlikes INTEGER NOT NULL,
  uname TEXT NOT NULL,
  id INTEGER NOT NULL,
  PRIMARY KEY (term, kind, fc, exact, nlikes, uname, id)
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
  n5 INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS search_vocab_typo ON search_vocab (head, len, df);
CREATE INDEX IF NOT EXISTS search_vocab_heavy ON search_vocab (term, df) WHERE df > ${HEAVY_DF};
CREATE TABLE IF NOT EXISTS search_meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
INSERT OR IGNORE INTO search_meta (key, value) VALUES ('vocab', 0);
`;

type Posting = [string, number, number, number, number, string, number];

function cmpPosting(a: Posting, b: Posting): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  for (let i = 1; i < 7; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

function countPosting(vocab: Map<string, number[]>, term: string, i: number, delta: number): void {
  let d = vocab.get(term);
  if (!d) {
    d = [0, 0, 0, 0, 0, 0];
    vocab.set(term, d);
  }
  d[i]! += delta;
}

interface StoredDoc {
  uname: string;
  likes: number;
  terms: string;
}

export class EmbeddedSearchIndex implements SearchIndex {
  readonly name = 'embedded';
  private readonly db: BetterSqlite3.Database;
  private s: ReturnType<EmbeddedSearchIndex['prepare']> | undefined;
  private readonly vocabulary = new VocabularyCache(
    () => this.st.vocabVersion.get() as number,
    (head) => this.st.vocabOfHead.all(head) as string[],
  );

  constructor(file: string) {
    this.db = new BetterSqlite3(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('cache_size = -65536');
    this.db.pragma('temp_store = MEMORY');
  }

  async init(): Promise<void> {
    this.db.exec(SCHEMA);
    this.s = this.prepare();
  }

  private prepare() {
    const db = this.db;
    const q: Statements = {
      page: db
        .prepare(
          `SELECT nlikes, uname, kind, id FROM search_terms
           WHERE term = ? AND kind = ? AND fc = ? AND exact = ? AND (nlikes, uname, id) > (?, ?, ?)
           ORDER BY nlikes, uname, id LIMIT ?`,
        )
        .raw(),
      pageWithTerms: [
        db
          .prepare(
            `SELECT t.nlikes, t.uname, t.kind, t.id, d.terms FROM search_terms t JOIN search_stories d ON d.id = t.id
             WHERE t.term = ? AND t.kind = ? AND t.fc = ? AND t.exact = ? AND (t.nlikes, t.uname, t.id) > (?, ?, ?)
             ORDER BY t.nlikes, t.uname, t.id LIMIT ?`,
          )
          .raw(),
        db
          .prepare(
            `SELECT t.nlikes, t.uname, t.kind, t.id, d.terms FROM search_terms t JOIN search_users d ON d.id = t.id
             WHERE t.term = ? AND t.kind = ? AND t.fc = ? AND t.exact = ? AND (t.nlikes, t.uname, t.id) > (?, ?, ?)
             ORDER BY t.nlikes, t.uname, t.id LIMIT ?`,
          )
          .raw(),
      ],
      range: db
        .prepare(
          `SELECT nlikes, uname, kind, id FROM search_terms
           WHERE term > ? AND term < ? AND fc = ? AND kind IN (?, ?) AND (nlikes, uname, kind, id) > (?, ?, ?, ?)
           ORDER BY nlikes, uname, kind, id LIMIT ?`,
        )
        .raw(),
      idsOfTerm: db.prepare(`SELECT id FROM search_terms WHERE term = ? AND kind = ? AND fc = ? AND exact = ?`).pluck(),
      idsInRange: db.prepare(`SELECT kind, id FROM search_terms WHERE term > ? AND term < ? AND fc = ?`).raw(),
      vocabCounts: db.prepare(`SELECT n0, n1, n2, n3, n4, n5 FROM search_vocab WHERE term = ?`).raw(),
      vocabRangeCounts: db
        .prepare(
          `SELECT total(n0), total(n1), total(n2), total(n3), total(n4), total(n5) FROM search_vocab WHERE term > ? AND term < ?`,
        )
        .raw(),
      heavyInRange: db
        .prepare(`SELECT term FROM search_vocab WHERE term > ? AND term < ? AND df > ${HEAVY_DF} ORDER BY term`)
        .pluck(),
      postingsOfTerm: db
        .prepare(`SELECT kind, fc, nlikes, uname, id FROM search_terms WHERE term = ? AND exact = 1`)
        .raw(),
      storyTerms: db.prepare(`SELECT terms FROM search_stories WHERE id = ?`).pluck(),
      userTerms: db.prepare(`SELECT terms FROM search_users WHERE id = ?`).pluck(),
    };
    return {
      q,
      getStory: db.prepare(`SELECT uname, likes, terms FROM search_stories WHERE id = ?`),
      getUser: db.prepare(`SELECT uname, likes, terms FROM search_users WHERE id = ?`),
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
      insTerm: db.prepare(
        `INSERT INTO search_terms (term, kind, fc, exact, nlikes, uname, id) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      delTerm: db.prepare(
        `DELETE FROM search_terms WHERE term = ? AND kind = ? AND fc = ? AND exact = ? AND nlikes = ? AND uname = ? AND id = ?`,
      ),
      likesTerm: db.prepare(
        `UPDATE search_terms SET nlikes = ?
         WHERE term = ? AND kind = ? AND fc = ? AND exact = ? AND nlikes = ? AND uname = ? AND id = ?`,
      ),
      vocabAdd: db
        .prepare(
          `INSERT INTO search_vocab (term, head, len, df, n0, n1, n2, n3, n4, n5) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (term) DO UPDATE SET df = df + excluded.df, n0 = n0 + excluded.n0, n1 = n1 + excluded.n1,
           n2 = n2 + excluded.n2, n3 = n3 + excluded.n3, n4 = n4 + excluded.n4, n5 = n5 + excluded.n5
         RETURNING df`,
        )
        .pluck(),
      vocabVersion: db.prepare(`SELECT value FROM search_meta WHERE key = 'vocab'`).pluck(),
      vocabBump: db.prepare(`UPDATE search_meta SET value = value + 1 WHERE key = 'vocab' RETURNING value`).pluck(),
      vocabOfHead: db.prepare(`SELECT term FROM search_vocab WHERE head = ? AND df > 0`).pluck(),
      vocabDrop: db.prepare(
        `DELETE FROM search_vocab WHERE term = ? AND n0 = 0 AND n1 = 0 AND n2 = 0 AND n3 = 0 AND n4 = 0 AND n5 = 0`,
      ),
      top: {
        all: db
          .prepare(`SELECT id FROM search_stories ORDER BY likes DESC, created_at DESC, uname LIMIT ? OFFSET ?`)
          .pluck(),
        month: db
          .prepare(
            `SELECT id FROM search_stories WHERE likes30d > 0 ORDER BY likes30d DESC, created_at DESC, uname LIMIT ? OFFSET ?`,
          )
          .pluck(),
        year: db
          .prepare(
            `SELECT id FROM search_stories WHERE likes365d > 0 ORDER BY likes365d DESC, created_at DESC, uname LIMIT ? OFFSET ?`,
          )
          .pluck(),
      },
      count: {
        all: db.prepare(`SELECT count(*) FROM search_stories`).pluck(),
        month: db.prepare(`SELECT count(*) FROM search_stories WHERE likes30d > 0`).pluck(),
        year: db.prepare(`SELECT count(*) FROM search_stories WHERE likes365d > 0`).pluck(),
      },
    };
  }

  private get st(): ReturnType<EmbeddedSearchIndex['prepare']> {
    if (!this.s) throw new Error('EmbeddedSearchIndex: init() has not been called');
    return this.s;
  }

  // ------------------------------------------------------------------------------------------ writes

  /**
   * Replaces the postings of documents of one kind in one transaction. `docs` carry their new posting keys;
   * when those are unchanged only the likes of the existing postings are rewritten.
   */
  private writeDocs(
    kind: number,
    docs: Array<{ id: number; uname: string; likes: number; terms: string; put: () => void }>,
  ): Map<string, number[]> {
    const st = this.st;
    const get = kind === KIND_STORY ? st.getStory : st.getUser;
    const inserts: Posting[] = [];
    const vocab = new Map<string, number[]>();
    for (const doc of docs) {
      const old = get.get(doc.id) as StoredDoc | undefined;
      if (old && old.terms === doc.terms && old.uname === doc.uname) {
        if (old.likes !== doc.likes) {
          for (const r of parseTerms(old.terms)) {
            st.likesTerm.run(-doc.likes, r.term, kind, r.fc, r.exact, -old.likes, old.uname, doc.id);
          }
        }
      } else {
        if (old) {
          for (const r of parseTerms(old.terms)) {
            st.delTerm.run(r.term, kind, r.fc, r.exact, -old.likes, old.uname, doc.id);
            countPosting(vocab, r.term, slot(kind, r.fc, r.exact), -1);
          }
        }
        for (const r of parseTerms(doc.terms)) {
          inserts.push([r.term, kind, r.fc, r.exact, -doc.likes, doc.uname, doc.id]);
          countPosting(vocab, r.term, slot(kind, r.fc, r.exact), 1);
        }
      }
      doc.put();
    }
    inserts.sort(cmpPosting);
    for (const p of inserts) st.insTerm.run(...p);
    return vocab;
  }

  /** Runs a write in one transaction; `work` returns the posting count changes of the vocabulary. */
  private commit(work: () => Map<string, number[]>): void {
    const st = this.st;
    let change: { version: number; present: string[]; absent: string[] } | undefined;
    this.db.transaction(() => {
      const vocab = work();
      const present: string[] = [];
      const absent: string[] = [];
      for (const term of [...vocab.keys()].sort()) {
        const d = vocab.get(term)!;
        if (d.every((x) => x === 0)) continue;
        const df = st.vocabAdd.get(term, firstCodePoint(term), term.length, d[1]! + d[3]! + d[5]!, ...d) as number;
        (df > 0 ? present : absent).push(term);
        if (d.some((x) => x < 0)) st.vocabDrop.run(term);
      }
      if (present.length || absent.length) {
        change = { version: st.vocabBump.get() as number, present, absent };
      }
    })();
    if (change) this.vocabulary.applied(change.version, change.present, change.absent);
  }

  private deleteDocs(kind: number, ids: number[]): Map<string, number[]> {
    const st = this.st;
    const get = kind === KIND_STORY ? st.getStory : st.getUser;
    const del = kind === KIND_STORY ? st.delStory : st.delUser;
    const vocab = new Map<string, number[]>();
    for (const id of new Set(ids)) {
      const old = get.get(id) as StoredDoc | undefined;
      if (!old) continue;
      for (const r of parseTerms(old.terms)) {
        st.delTerm.run(r.term, kind, r.fc, r.exact, -old.likes, old.uname, id);
        countPosting(vocab, r.term, slot(kind, r.fc, r.exact), -1);
      }
      del.run(id);
    }
    return vocab;
  }

  async upsertStories(docs: StoryDoc[]): Promise<void> {
    const st = this.st;
    const last = new Map<number, StoryDoc>();
    for (const d of docs) last.set(d.id, d);
    const rows = [...last.values()].map((d) => {
      const uname = d.username.toLowerCase();
      const terms = buildTerms([
        [FC_MAIN, d.title],
        [FC_MAIN, d.username],
      ]);
      return {
        id: d.id,
        uname,
        likes: d.likes,
        terms,
        put: () =>
          st.putStory.run(d.id, d.username, uname, d.title, d.likes, d.likes30d, d.likes365d, d.createdAt, terms),
      };
    });
    this.commit(() => this.writeDocs(KIND_STORY, rows));
  }

  async upsertUsers(docs: UserDoc[]): Promise<void> {
    const st = this.st;
    const last = new Map<number, UserDoc>();
    for (const d of docs) last.set(d.id, d);
    const rows = [...last.values()].map((d) => {
      const uname = d.username.toLowerCase();
      const terms = buildTerms([
        [FC_MAIN, d.username],
        [FC_NAME, d.firstName],
        [FC_NAME, d.lastName],
      ]);
      return {
        id: d.id,
        uname,
        likes: d.likes,
        terms,
        put: () => st.putUser.run(d.id, d.username, uname, d.firstName, d.lastName, d.likes, terms),
      };
    });
    this.commit(() => this.writeDocs(KIND_USER, rows));
  }

  async deleteStories(ids: number[]): Promise<void> {
    this.commit(() => this.deleteDocs(KIND_STORY, ids));
  }

  async deleteUsers(ids: number[]): Promise<void> {
    this.commit(() => this.deleteDocs(KIND_USER, ids));
  }

  async clear(): Promise<void> {
    this.st;
    this.db.exec(
      `BEGIN; DELETE FROM search_terms; DELETE FROM search_vocab; DELETE FROM search_stories; DELETE FROM search_users;
       UPDATE search_meta SET value = value + 1 WHERE key = 'vocab'; COMMIT;`,
    );
  }

  // ------------------------------------------------------------------------------------------ reads

  async search(query: SearchQuery): Promise<SearchHit[]> {
    return this.searchNow(query);
  }

  private searchNow(query: SearchQuery): SearchHit[] {
    const st = this.st;
    const words = parseQuery(query.text ?? '');
    if (words.length === 0) return [];
    const limit = Math.max(1, Math.min(50, Math.floor(query.limit) || 1));
    const kinds = kindsOf(query.kind);
    const run = new QueryRun(st.q, this.vocabulary, words, kinds, limit);
    const entries = run.run();
    return entries.map((e) => {
      const kindsToShow = query.kind === 'all' ? [KIND_STORY, KIND_USER] : kinds;
      const all: Match[] = [];
      for (const kind of kindsToShow) {
        const fields = this.fieldsOf(kind, e.id);
        if (!fields) continue;
        const ms = highlight(words, fields);
        if (ms) all.push(...ms);
      }
      return { id: e.id, matches: normaliseMatches(all) };
    });
  }

  private fieldsOf(kind: number, id: number): Array<[MatchField, string | null]> | undefined {
    if (kind === KIND_STORY) {
      const r = this.st.storyFields.get(id) as { title: string; username: string } | undefined;
      return (
        r && [
          ['title', r.title],
          ['username', r.username],
        ]
      );
    }
    const r = this.st.userFields.get(id) as
      { username: string; first_name: string | null; last_name: string | null } | undefined;
    return (
      r && [
        ['username', r.username],
        ['firstName', r.first_name],
        ['lastName', r.last_name],
      ]
    );
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
