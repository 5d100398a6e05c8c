/**
 * Ordered streams of a class's documents. Every stream yields rows in ranking order (-likes, username, kind,
 * id), so a class can be read as a merge of streams and stopped as soon as nothing further can enter the
 * result. Postings carry no likes (ADR 0015), so a class of one kind is read one of two ways: its postings
 * loaded with their documents' current likes and sorted here (a class that is a small share of the documents),
 * or the documents walked in likes order and each checked against the class (a short prefix that matches a
 * large share of them). A walk that reads more documents than loading would have cost switches to loading.
 * A load is paged: SQLite sorts the class and hands over only the next page.
 * A Tape keeps what was read so that later combinations sharing a class replay it.
 */
import type BetterSqlite3 from 'better-sqlite3';

/** [nlikes, uname, kind, id] and, from walks and the streams of multi-word queries, the document's posting keys. */
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

/** The two statements that walk one kind's documents in ranking order (see schema.ts). */
export interface WalkStatements {
  /** (likes bound, limit): documents with fewer likes, by likes desc, username and id. */
  below: BetterSqlite3.Statement;
  /** (likes, uname, id, limit): the rest of one likes value, by username and id. */
  within: BetterSqlite3.Statement;
}

/**
 * A page of a class's rows in ranking order after `after` (all from the start when undefined): the class's
 * postings joined with their documents, sorted by SQLite with a LIMIT (a top-N sort that only hands the page
 * to JavaScript).
 */
export type LoadPage = (after: Row | undefined, limit: number) => Row[];

/**
 * One kind's documents of one class in ranking order: walked and checked while the walk stays cheaper than
 * loading the class (`budget` documents), then loaded page by page, continuing after the last row given out.
 */
export class ClassStream implements Source {
  private buf: Row[] = [];
  private i = 0;
  private page = 64;
  private walked = 0;
  private done = false;
  private loading: boolean;
  private lastN = Number.MIN_SAFE_INTEGER;
  private lastU = '';
  private lastId = 0;
  private last: Row | undefined;

  /**
   * `firstLoad`: the first page of a load. Every page sorts the whole class again, so a class that is likely
   * to be read deep (the driver of a multi-word query, whose rows the other words reject) starts big.
   */
  constructor(
    private readonly walk: WalkStatements | null,
    private readonly check: (terms: string) => boolean,
    private readonly load: LoadPage,
    private readonly budget: number,
    private readonly firstLoad: number,
  ) {
    this.loading = walk === null;
    if (this.loading) this.page = firstLoad;
  }

  peek(): Row | undefined {
    for (;;) {
      while (this.i < this.buf.length) {
        const row = this.buf[this.i]!;
        if (this.loading || this.check(row[4]!)) return row;
        this.i++;
      }
      if (this.done) return undefined;
      if (!this.loading && this.walked >= this.budget) {
        this.loading = true;
        this.page = this.firstLoad;
      }
      if (this.loading) this.loadMore();
      else this.walkMore(this.walk!);
    }
  }

  next(): void {
    const row = this.peek();
    if (!row) return;
    this.last = row;
    this.i++;
  }

  private loadMore(): void {
    const want = this.page;
    this.page = Math.min(this.page * 8, 16384);
    const got = this.load(this.last, want);
    if (got.length < want) this.done = true;
    // A document found through two tokens of the class comes twice, side by side.
    const rows: Row[] = [];
    for (const r of got) {
      const prev = rows.length ? rows[rows.length - 1] : this.last;
      if (!prev || prev[3] !== r[3] || prev[2] !== r[2]) rows.push(r);
    }
    this.buf = rows;
    this.i = 0;
  }

  private walkMore(walk: WalkStatements): void {
    const want = this.page;
    // Slower growth than a load's pages: a page overshoots the hits needed by up to its size.
    this.page = Math.min(this.page * 2, 1024);
    let rows: Row[] = [];
    if (this.lastN !== Number.MIN_SAFE_INTEGER) rows = walk.within.all(-this.lastN, this.lastU, this.lastId, want) as Row[];
    if (rows.length < want) {
      const bound = this.lastN === Number.MIN_SAFE_INTEGER ? Number.MAX_SAFE_INTEGER : -this.lastN;
      const more = walk.below.all(bound, want - rows.length) as Row[];
      if (more.length < want - rows.length) this.done = true;
      rows = rows.length ? rows.concat(more) : more;
    }
    this.buf = rows;
    this.i = 0;
    this.walked += rows.length;
    const end = rows[rows.length - 1];
    if (end) {
      this.lastN = end[0];
      this.lastU = end[1];
      this.lastId = end[3];
    }
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
