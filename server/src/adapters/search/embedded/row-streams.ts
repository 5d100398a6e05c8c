/**
 * Ordered streams of postings. Every stream yields rows in ranking order (-likes, username, kind, id), so a
 * class can be read as a merge of streams and stopped as soon as nothing further can enter the result. The
 * SQL streams page with a keyset cursor and growing pages: most queries stop after a few dozen rows, a few
 * read thousands. A Tape keeps what was read so that later combinations sharing a class replay it.
 */
import type BetterSqlite3 from 'better-sqlite3';

/** [nlikes, uname, kind, id] and, from the streams of multi-word queries, the document's posting keys. */
export type Row = [number, string, number, number, string?];

export function cmpRow(a: Row, b: Row): number {
  if (a[0] !== b[0]) return a[0] - b[0];
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  if (a[2] !== b[2]) return a[2] - b[2];
  return a[3] - b[3];
}

export interface Source {
  peek(): Row | undefined;
  next(): void;
}

export class ArraySource implements Source {
  private i = 0;
  constructor(private readonly rows: Row[]) {}
  peek(): Row | undefined {
    return this.rows[this.i];
  }
  next(): void {
    this.i++;
  }
}

export type PageStmt = BetterSqlite3.Statement;

/** One (term, kind, fc, exact) range of search_terms, read page by page with a keyset cursor. */
export class SqlSource implements Source {
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
    const got = this.stmt.all(this.term, this.kind, this.fc, this.exact, this.lastN, this.lastU, this.lastId, this.page) as Row[];
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
export class Tape {
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

export class TapeReader implements Source {
  private i = 0;
  constructor(private readonly tape: Tape) {}
  peek(): Row | undefined {
    return this.tape.at(this.i);
  }
  next(): void {
    this.i++;
  }
}

export class MergeSource implements Source {
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

/** A gap of a long-prefix range between heavy tokens, read with SQLite doing the top-N sort. */
export class RangeSource implements Source {
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
