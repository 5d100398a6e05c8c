/**
 * Ordered streams of a class's documents. Every stream yields rows in ranking order (-likes, username, kind,
 * id), so a class can be read as a merge of streams and stopped as soon as nothing further can enter the
 * result. Postings carry no likes (ADR 0015), so a class of one kind is read one of two ways: its postings
 * loaded with their documents' current likes and sorted here (a class that is a small share of the documents),
 * or the documents walked in likes order and each checked against the class (a short prefix that matches a
 * large share of them). A walk that reads more documents than loading would have cost switches to loading.
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

export class ArraySource implements Source {
  constructor(
    private readonly rows: Row[],
    private i = 0,
  ) {}
  peek(): Row | undefined {
    return this.rows[this.i];
  }
  next(): void {
    this.i++;
  }
}

/** Rows without duplicates (a document matching a class through several tokens), sorted. */
export function sortedUnique(rows: Row[]): Row[] {
  const seen = new Set<number>();
  const out: Row[] = [];
  for (const r of rows) {
    const k = r[3] * 2 + r[2];
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(r);
  }
  return out.sort(cmpRow);
}

/** The two statements that walk one kind's documents in ranking order (see schema.ts). */
export interface WalkStatements {
  /** (likes bound, limit): documents with fewer likes, by likes desc then username. */
  below: BetterSqlite3.Statement;
  /** (likes, uname, limit): the rest of one likes value, by username. */
  within: BetterSqlite3.Statement;
}

/**
 * One kind's documents of one class in ranking order: walked and checked while the walk stays cheaper than
 * loading the class (`budget` documents), then the class loaded whole and sorted, continuing after the last
 * row given out.
 */
export class ClassStream implements Source {
  private buf: Row[] = [];
  private i = 0;
  private page = 64;
  private walked = 0;
  private walkDone = false;
  private lastN = Number.MIN_SAFE_INTEGER;
  private lastU = '';
  private loaded: ArraySource | undefined;
  private current: Row | undefined;
  private last: Row | undefined;

  constructor(
    private readonly walk: WalkStatements | null,
    private readonly check: (terms: string) => boolean,
    private readonly load: () => Row[],
    private readonly budget: number,
  ) {}

  peek(): Row | undefined {
    if (this.current) return this.current;
    if (this.loaded || !this.walk) return this.fromLoad();
    for (;;) {
      while (this.i < this.buf.length) {
        const row = this.buf[this.i]!;
        if (this.check(row[4]!)) {
          this.current = row;
          return row;
        }
        this.i++;
      }
      if (this.walkDone) return undefined;
      if (this.walked >= this.budget) return this.fromLoad();
      this.refill(this.walk);
    }
  }

  next(): void {
    if (!this.current) this.peek();
    if (!this.current) return;
    this.last = this.current;
    this.current = undefined;
    if (this.loaded) this.loaded.next();
    else this.i++;
  }

  private fromLoad(): Row | undefined {
    if (!this.loaded) {
      const rows = this.load();
      let start = 0;
      const last = this.last;
      if (last) while (start < rows.length && cmpRow(rows[start]!, last) <= 0) start++;
      this.loaded = new ArraySource(rows, start);
    }
    this.current = this.loaded.peek();
    return this.current;
  }

  private refill(walk: WalkStatements): void {
    const want = this.page;
    this.page = Math.min(this.page * 4, 4096);
    let rows: Row[] = [];
    if (this.lastN !== Number.MIN_SAFE_INTEGER) rows = walk.within.all(-this.lastN, this.lastU, want) as Row[];
    if (rows.length < want) {
      const bound = this.lastN === Number.MIN_SAFE_INTEGER ? Number.MAX_SAFE_INTEGER : -this.lastN;
      const more = walk.below.all(bound, want - rows.length) as Row[];
      if (more.length < want - rows.length) this.walkDone = true;
      rows = rows.length ? rows.concat(more) : more;
    }
    this.buf = rows;
    this.i = 0;
    this.walked += rows.length;
    const end = rows[rows.length - 1];
    if (end) {
      this.lastN = end[0];
      this.lastU = end[1];
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
